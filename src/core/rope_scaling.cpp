// The formulas follow Hugging Face transformers' src/transformers/modeling_rope_utils.py
// (ROPE_INIT_FUNCTIONS: _compute_default/linear_scaling/dynamic_ntk/yarn/longrope/llama3 parameters),
// read in two versions:
//   - huggingface/transformers @ ef46806472a64b0013ed413781e3afed82bfa047 (v4.4x, config.rope_scaling);
//   - the v5 line as in zucchini-nlp/transformers @ 26892c16b782513fdf938920653228ef63a19d7d (a fork
//     of main, config.rope_parameters): YaRN with get_mscale / mscale / mscale_all_dim and `truncate`,
//     an explicit `factor` winning over max_position_embeddings / original_max_position_embeddings.
// Where the two differ we follow the newer one (see model_config.cpp for how fields are resolved).
// Computed in float64 throughout (transformers uses float32 tensors).
#include "rope_scaling.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "core/constants.hpp"
#include "enum_names.hpp"
#include "random.hpp"

namespace posenc::core {
namespace {

double original_length(const RopeConfig& c) {
  return c.original_max_position_embeddings > 0 ? c.original_max_position_embeddings
                                                : c.max_position_embeddings;
}

// yarn and longrope: the explicit factor, else the ratio of the lengths (DeepSeek-V3, Phi-3 write none).
double implied_factor(const RopeConfig& c) {
  if (c.factor > 0) return c.factor;
  const double orig = original_length(c);
  return orig > 0 && c.max_position_embeddings > 0 ? c.max_position_embeddings / orig : 1.0;
}

// Linear: every pair interpolated by 1/factor (position interpolation).
void linear(const RopeConfig& c, RopeInit& r) {
  if (c.factor > 0) r.inv_freq /= c.factor;
}

// <code id="rope_dynamic">
// Dynamic NTK: the base grows with the current length L beyond L0 = max_position_embeddings:
// base' = base · (s·L/L0 − (s − 1))^(d/(d−2)); at L ≤ L0 it is the default.
void dynamic(const RopeConfig& c, double seq_len, RopeInit& r) {
  const double l0 = c.max_position_embeddings;
  const int d = r.rotary_dim;
  if (l0 <= 0 || d <= 2) return;
  const double len = seq_len > l0 ? seq_len : l0;
  const double s = c.factor > 0 ? c.factor : 1.0;
  const double grown = c.rope_theta * std::pow(s * len / l0 - (s - 1.0), static_cast<double>(d) / (d - 2));
  r.inv_freq = rope_default_inv_freq(d, grown);
}
// </code>

// <code id="rope_yarn">
// YaRN: pairs that turn more than beta_fast times in the original length keep their frequency, pairs
// turning fewer than beta_slow times are divided by the factor, a linear ramp in between.
void yarn(const RopeConfig& c, RopeInit& r) {
  const int d = r.rotary_dim;
  const double factor = implied_factor(c);
  const double orig = original_length(c);
  if (c.attention_factor) {
    r.attention_factor = *c.attention_factor;
  } else if (c.mscale != 0 && c.mscale_all_dim != 0) {
    r.attention_factor = yarn_get_mscale(factor, c.mscale) / yarn_get_mscale(factor, c.mscale_all_dim);
  } else {
    r.attention_factor = yarn_get_mscale(factor);
  }
  const double beta_fast = c.beta_fast != 0 ? c.beta_fast : 32.0;
  const double beta_slow = c.beta_slow != 0 ? c.beta_slow : 1.0;
  // The (fractional) pair index whose wavelength fits `turns` times into the original length.
  const auto correction_dim = [&](double turns) {
    return d * std::log(orig / (turns * 2 * kPi)) / (2 * std::log(c.rope_theta));
  };
  double low = correction_dim(beta_fast), high = correction_dim(beta_slow);
  if (c.truncate) {
    low = std::floor(low);
    high = std::ceil(high);
  }
  low = std::max(low, 0.0);
  high = std::min(high, static_cast<double>(d - 1));
  if (low == high) high += 0.001;  // as transformers: no division by zero
  for (Eigen::Index i = 0; i < r.inv_freq.size(); ++i) {
    const double ramp = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
    const double theta = r.inv_freq[i];
    r.inv_freq[i] = theta / factor * ramp + theta * (1.0 - ramp);
  }
}
// </code>

// LongRoPE: a searched factor per pair, one list for short and one for long contexts.
void longrope(const RopeConfig& c, double seq_len, RopeInit& r) {
  const double orig = original_length(c);
  const double factor = implied_factor(c);
  if (c.attention_factor) {
    r.attention_factor = *c.attention_factor;
  } else if (factor <= 1.0 || orig <= 1.0) {
    r.attention_factor = 1.0;
  } else {
    r.attention_factor = std::sqrt(1.0 + std::log(factor) / std::log(orig));
  }
  const std::vector<double>& ext = seq_len > 0 && seq_len > orig ? c.long_factor : c.short_factor;
  for (Eigen::Index i = 0; i < r.inv_freq.size(); ++i)
    if (static_cast<std::size_t>(i) < ext.size() && ext[i] > 0) r.inv_freq[i] /= ext[i];
}

// <code id="rope_llama3">
// Llama 3.1: wavelengths above L0/low_freq_factor divided by the factor, below L0/high_freq_factor
// kept, and between them a blend linear in L0/wavelength. In that order, as transformers'
// _compute_llama3_parameters (modeling_rope_utils.py:580–665): with high_freq_factor ≤ low_freq_factor
// (which transformers warns of and accepts) there is no blend, only the two bands.
void llama3(const RopeConfig& c, RopeInit& r) {
  const double l0 = original_length(c);
  const double factor = c.factor > 0 ? c.factor : 1.0;
  const double lo = c.low_freq_factor, hi = c.high_freq_factor;
  if (l0 <= 0 || lo <= 0 || hi <= 0) return;  // rejected by the parser
  const double low_freq_wavelen = l0 / lo, high_freq_wavelen = l0 / hi;
  for (Eigen::Index i = 0; i < r.inv_freq.size(); ++i) {
    const double theta = r.inv_freq[i];
    const double wavelen = 2 * kPi / theta;
    if (wavelen > low_freq_wavelen) {
      r.inv_freq[i] = theta / factor;
    } else if (wavelen < high_freq_wavelen || hi <= lo) {
      continue;
    } else {
      const double smooth = (l0 / wavelen - lo) / (hi - lo);
      r.inv_freq[i] = (1.0 - smooth) * theta / factor + smooth * theta;
    }
  }
}
// </code>

// Proportional (Gemma 4's full-attention layers): int(partial · head_dim / 2) pairs turn with exponents
// 2i / head_dim over the whole head, the other pairs have frequency 0; all divided by the factor
// (modeling_rope_utils.py:193–266, _compute_proportional_rope_parameters). rope_init has already made
// rotary_dim the head width.
void proportional(const RopeConfig& c, RopeInit& r) {
  const int head = rope_head_dim(c);
  const int turning = static_cast<int>(std::floor(c.partial_rotary_factor * head / 2));
  for (Eigen::Index i = 0; i < r.inv_freq.size(); ++i)
    r.inv_freq[i] = i < turning ? 1.0 / std::pow(c.rope_theta, 2.0 * i / head) : 0.0;
  if (c.factor > 0) r.inv_freq /= c.factor;
}

// Each type's name in transformers and its rule (none for the default), by RopeType.
constexpr const char* kRopeTypeNames[] = {"default",  "linear", "dynamic",     "yarn",
                                          "longrope", "llama3", "proportional"};
using Rule = void (*)(const RopeConfig& c, double seq_len, RopeInit& r);
constexpr Rule kRules[] = {
    nullptr,                                                         // default: inv_freq as it is
    [](const RopeConfig& c, double, RopeInit& r) { linear(c, r); },  // linear
    dynamic,                                                         // dynamic
    [](const RopeConfig& c, double, RopeInit& r) { yarn(c, r); },    // yarn
    longrope,                                                        // longrope
    [](const RopeConfig& c, double, RopeInit& r) { llama3(c, r); },  // llama3
    [](const RopeConfig& c, double, RopeInit& r) { proportional(c, r); },
};
static_assert(std::size(kRopeTypeNames) == enum_count(RopeType::Proportional));
static_assert(std::size(kRules) == enum_count(RopeType::Proportional));

}  // namespace

const char* rope_type_name(RopeType t) { return enum_name(kRopeTypeNames, t, "default"); }

bool parse_rope_type(std::string_view name, RopeType& out) {
  const std::optional<RopeType> t = enum_from_name<RopeType>(kRopeTypeNames, name);
  if (t) out = *t;
  return t.has_value();
}

int rope_head_dim(const RopeConfig& c) {
  if (c.head_dim > 0) return c.head_dim;
  return c.num_attention_heads > 0 && c.hidden_size > 0 ? c.hidden_size / c.num_attention_heads : 0;
}

int rope_rotary_dim(const RopeConfig& c) {
  const double d = rope_head_dim(c) * c.partial_rotary_factor;  // Python int(): toward zero
  return d >= 1 && d < 1e9 ? static_cast<int>(d) : 0;
}

Eigen::VectorXd rope_default_inv_freq(int rotary_dim, double base) {
  const int n = std::max(0, rotary_dim / 2);
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = 1.0 / std::pow(base, 2.0 * i / rotary_dim);
  return v;
}

double yarn_get_mscale(double scale, double mscale) {
  return scale <= 1.0 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0;
}

RopeInit rope_init(const RopeConfig& c, double seq_len) {
  if (c.frozen) seq_len = 0;
  RopeInit r;
  r.rope_type = c.rope_type;
  const bool proportional = c.rope_type == RopeType::Proportional;
  r.rotary_dim = proportional ? rope_head_dim(c) / 2 * 2 : rope_rotary_dim(c);
  r.inv_freq = rope_default_inv_freq(r.rotary_dim, c.rope_theta);
  if (r.inv_freq.size() == 0) return r;
  if (const Rule rule = enum_entry(kRules, c.rope_type, nullptr)) rule(c, seq_len, r);
  // Proportional keeps a frequency per pair of the whole head, 0 where a pair stands still; rotary_dim
  // counts the columns that turn.
  if (proportional) r.rotary_dim = 2 * static_cast<int>((r.inv_freq.array() != 0).count());
  return r;
}

Eigen::VectorXd rope_wavelengths(const Eigen::VectorXd& inv_freq) {
  return (2 * kPi) * inv_freq.cwiseInverse();
}

Eigen::VectorXd rope_scale_factors(const Eigen::VectorXd& scaled, const Eigen::VectorXd& original) {
  const Eigen::Index n = std::min(scaled.size(), original.size());
  return scaled.head(n).cwiseQuotient(original.head(n));
}

Eigen::MatrixXd attention_entropy(const std::vector<double>& lengths, double spread,
                                  const std::vector<double>& scales, int runs, std::uint64_t seed) {
  const Eigen::Index n = static_cast<Eigen::Index>(lengths.size()),
                     m = static_cast<Eigen::Index>(scales.size());
  Eigen::MatrixXd h = Eigen::MatrixXd::Zero(n, m);
  if (n == 0 || m == 0 || runs < 1) return h;
  const auto keys = [](double l) { return static_cast<long>(std::clamp(l, 1.0, double(kMaxEntropyKeys))); };
  const long total = keys(lengths.back());
  Random rng(seed);
  // Per scale, online as in a streaming softmax: the largest logit M so far, Z = Σ e^{z−M} and
  // S = Σ z·e^{z−M}; then H = −Σ p ln p = ln Z + M − S/Z. No term overflows or underflows to all-zero.
  std::vector<double> big(m), z_sum(m), s_sum(m);
  for (int run = 0; run < runs; ++run) {
    std::fill(z_sum.begin(), z_sum.end(), 0.0);
    std::fill(s_sum.begin(), s_sum.end(), 0.0);
    Eigen::Index k = 0;
    for (long key = 1; key <= total && k < n; ++key) {
      const double g = rng.gaussian() * spread;
      for (Eigen::Index j = 0; j < m; ++j) {
        const double z = scales[j] * g;
        if (key == 1 || z > big[j]) {
          const double rescale = key == 1 ? 0.0 : std::exp(big[j] - z);
          z_sum[j] = z_sum[j] * rescale + 1.0;
          s_sum[j] = s_sum[j] * rescale + z;
          big[j] = z;
        } else {
          const double e = std::exp(z - big[j]);
          z_sum[j] += e;
          s_sum[j] += z * e;
        }
      }
      for (; k < n && keys(lengths[k]) == key; ++k)
        for (Eigen::Index j = 0; j < m; ++j) h(k, j) += std::log(z_sum[j]) + big[j] - s_sum[j] / z_sum[j];
    }
  }
  return h / runs;
}

}  // namespace posenc::core
