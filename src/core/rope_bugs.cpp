// Sources read for the rules below (transformers, huggingface/transformers on GitHub):
//   - src/transformers/models/llama/convert_llama_weights_to_hf.py (@6ae9169): `permute(w, n_heads, dim1,
//     dim2) = w.view(n_heads, dim1 // n_heads // 2, 2, dim2).transpose(1, 2).reshape(dim1, dim2)`,
//     applied to W_q and W_k (not W_v, W_o) when Meta's checkpoints are converted,
//     W_k with `n_heads=num_key_value_heads, dim1=key_value_dim` (grouped-query attention, Llama 2 70B and
//     Llama 3), and `repeat_kv` in models/llama/modeling_llama.py (key head g serves query heads
//     g·n_rep … (g+1)·n_rep − 1); models/llama4/convert_llama4_weights_to_hf.py (@0749750) leaves its
//     `permute_for_rope` calls commented out: Llama 4 keeps the interleaved (complex) rotation;
//   - src/transformers/generation/utils.py, GenerationMixin.prepare_inputs_for_generation: "create
//     missing position_ids on the fly" as `attention_mask.long().cumsum(-1) - 1`, then
//     `masked_fill_(attention_mask == 0, 1)`;
//   - src/transformers/models/gpt_neox/modeling_gpt_neox.py (@203bf6f): `rotary_ndims = int(head_size *
//     rotary_pct)`, `query_rot = query[..., : self.rotary_ndims]`, `query_pass = query[...,
//     self.rotary_ndims :]`, rotate_half inside query_rot, inv_freq over rotary_ndims.
#include "rope_bugs.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

#include "attention.hpp"
#include "random.hpp"
#include "relative.hpp"
#include "rope.hpp"

namespace posenc::core {
namespace {

using cplx = std::complex<double>;

// (a + ib)(c + id) written out: std::complex's operator* checks for infinities on every call (C99
// Annex G), several times slower in these loops.
inline cplx mul(cplx a, cplx b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

// e^{i·j·θ} for j = first … first + count − 1, a pure function of (j, θ): std::polar at every 16th j,
// then repeated multiplication by e^{iθ} (within ~1e-14 of polar, at a fraction of its cost). The same
// (j, θ) always gives the same bits, whether asked for alone, inside a run, or continuing one.
constexpr int kAnchor = 16;
struct PhasorRun {
  double theta;
  cplx step = 0;  // e^{iθ}, made on first use
  int j = -1;     // the position z belongs to
  cplx z = 0;
  explicit PhasorRun(double t) : theta(t) {}
  // Advances to position `to` and returns e^{i·to·θ}.
  cplx at(int to) {
    if (j < 0 || to < j || to - j > to % kAnchor) j = to - to % kAnchor - 1;  // restart from the anchor
    while (j < to) {
      ++j;
      if (j % kAnchor == 0) {
        z = std::polar(1.0, j * theta);
      } else {
        if (step == cplx(0)) step = std::polar(1.0, theta);
        z = mul(z, step);
      }
    }
    return z;
  }
};

}  // namespace

RotaryPairs rotary_pairs(const Eigen::VectorXd& inv_freq, Layout layout) {
  RotaryPairs r;
  r.inv_freq = inv_freq;
  const int dim = 2 * static_cast<int>(inv_freq.size());
  for (int i = 0; i < dim / 2; ++i) r.cols.push_back(rope_pair(i, dim, layout));
  return r;
}

RotaryPairs rotary_pairs(int rotary_dim, double base, Layout layout) {
  return rotary_pairs(rope_default_inv_freq(rotary_dim, base), layout);
}

Eigen::MatrixXd rotate_rows(const Eigen::MatrixXd& x, const std::vector<double>& positions,
                            const RotaryPairs& rot) {
  Eigen::MatrixXd out = x;
  for (Eigen::Index r = 0; r < x.rows(); ++r)
    for (size_t i = 0; i < rot.cols.size(); ++i) {
      const auto [u, v] = rot.cols[i];
      const double a = positions[r] * rot.inv_freq[i], c = std::cos(a), s = std::sin(a);
      out(r, u) = x(r, u) * c - x(r, v) * s;  // (x_u + i x_v) · e^{i a}
      out(r, v) = x(r, u) * s + x(r, v) * c;
    }
  return out;
}

Eigen::MatrixXd rotary_scores(const Eigen::MatrixXd& q, const std::vector<double>& q_pos,
                              const Eigen::MatrixXd& k, const std::vector<double>& k_pos,
                              const RotaryPairs& rot) {
  return rotate_rows(q, q_pos, rot) * rotate_rows(k, k_pos, rot).transpose() /
         std::sqrt(static_cast<double>(q.cols()));
}

Eigen::MatrixXd causal_softmax(const Eigen::MatrixXd& scores) {
  Eigen::MatrixXd masked = scores;
  for (Eigen::Index r = 0; r < masked.rows(); ++r)
    for (Eigen::Index c = r + 1; c < masked.cols(); ++c)
      masked(r, c) = -std::numeric_limits<double>::infinity();
  return softmax_rows(masked);
}

RopeHead random_rope_head(int tokens, int d_model, int heads, int head_dim, std::uint64_t seed) {
  Random rng(seed);
  RopeHead h;
  h.heads = heads;
  h.head_dim = head_dim;
  const double s = 1.0 / std::sqrt(static_cast<double>(d_model));
  h.wq = rng.gaussian_matrix(heads * head_dim, d_model, s);
  h.wk = rng.gaussian_matrix(heads * head_dim, d_model, s);
  h.x = rng.gaussian_matrix(tokens, d_model);  // last: the weights do not depend on the token count
  return h;
}

// <code id="hf_permute">
// transformers' convert_llama_weights_to_hf.py, permute(w): view each head's rows as (head_dim/2, 2),
// swap the two axes, flatten. Row h·hd + t·hd/2 + j of the result is row h·hd + 2j + t of Meta's: the
// interleaved pair (2j, 2j+1) lands on rows j and j + hd/2, the pair rotate_half turns together.
std::vector<int> hf_permute_rows(int heads, int head_dim) {
  const std::vector<int> within = interleaved_to_half(head_dim);
  std::vector<int> perm(static_cast<size_t>(heads) * head_dim);
  for (int h = 0; h < heads; ++h)
    for (int r = 0; r < head_dim; ++r) perm[h * head_dim + r] = h * head_dim + within[r];
  return perm;
}
// </code>

// <code id="gqa_permute">
// permute(w, n_heads, dim1) as the script writes it: w.view(n_heads, dim1 // n_heads // 2, 2, dim2)
// .transpose(1, 2).reshape(dim1, dim2). The view holds dim1 rows only when 2·n_heads divides dim1.
std::vector<int> script_permute_rows(int n_heads, int dim1) {
  if (n_heads < 1 || dim1 < 2 || dim1 % (2 * n_heads) != 0) return {};
  return hf_permute_rows(n_heads, dim1 / n_heads);
}

// repeat_kv: key head g repeated n_rep = heads / kv_heads times in a row, so query head h meets key
// head h / n_rep.
int kv_head_of(int head, int heads, int kv_heads) { return head / (heads / kv_heads); }
// </code>

Eigen::MatrixXd head_projection(const Eigen::MatrixXd& x, const Eigen::MatrixXd& w, int head, int head_dim) {
  return x * w.middleRows(static_cast<Eigen::Index>(head) * head_dim, head_dim).transpose();
}

Eigen::VectorXd score_by_distance(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const RotaryPairs& rot,
                                  int max_dist) {
  const double norm = 1.0 / std::sqrt(static_cast<double>(q.size()));
  double pass = 0;  // columns that never rotate add the same at every distance
  std::vector<bool> rotating(q.size(), false);
  for (const auto& [u, v] : rot.cols) rotating[u] = rotating[v] = true;
  for (Eigen::Index c = 0; c < q.size(); ++c)
    if (!rotating[c]) pass += q(c) * k(c);
  Eigen::VectorXd out = Eigen::VectorXd::Constant(max_dist + 1, pass);
  for (size_t i = 0; i < rot.cols.size(); ++i) {
    const auto [u, v] = rot.cols[i];
    const cplx h =
        mul(cplx(q(u), q(v)), std::conj(cplx(k(u), k(v))));  // ⟨e^{i r θ} q_i, k_i⟩ = Re[h e^{i r θ}]
    PhasorRun run(rot.inv_freq[i]);
    for (int r = 0; r <= max_dist; ++r) {
      const cplx z = run.at(r);
      out(r) += h.real() * z.real() - h.imag() * z.imag();
    }
  }
  return out * norm;
}

double rms(const Eigen::VectorXd& v) { return v.size() ? std::sqrt(v.squaredNorm() / v.size()) : 0.0; }

int parting_distance(const Eigen::VectorXd& a, const Eigen::VectorXd& b, double fraction) {
  const double limit = fraction * rms(a);
  for (Eigen::Index r = 0; r < std::min(a.size(), b.size()); ++r)
    if (std::fabs(a(r) - b(r)) > limit) return static_cast<int>(r);
  return -1;
}

// <code id="position_ids">
std::vector<int> left_padding_mask(int length, int padded) {
  std::vector<int> mask(std::max(padded, 0), 0);
  for (int t = std::max(padded - length, 0); t < padded; ++t) mask[t] = 1;
  return mask;
}

std::vector<int> arange_position_ids(int n) {
  std::vector<int> p(std::max(n, 0));
  for (int t = 0; t < n; ++t) p[t] = t;
  return p;
}

// transformers' generate: position_ids = attention_mask.cumsum(-1) − 1, then 1 wherever the mask is 0.
std::vector<int> cumsum_position_ids(const std::vector<int>& mask) {
  std::vector<int> p(mask.size());
  int sum = 0;
  for (size_t t = 0; t < mask.size(); ++t) {
    sum += mask[t];
    p[t] = mask[t] == 0 ? 1 : sum - 1;
  }
  return p;
}

int decode_position(DecodeRule rule, int pads, int prompt, int step) {
  const int correct = prompt + step - 1;
  switch (rule) {
    case DecodeRule::Correct:
      return correct;
    case DecodeRule::PadCounted:
      return correct + pads;
    case DecodeRule::OffByOne:
      return correct + 1;
  }
  return correct;
}
// </code>

Eigen::VectorXd decode_score_error(const Eigen::MatrixXd& q, const Eigen::MatrixXd& k, int pads, int prompt,
                                   int step, DecodeRule rule, const RotaryPairs& rot) {
  const int keys = prompt + step;
  // Where each cached key was rotated: the prompt at prefill, generated token s at its own step s.
  const auto key_positions = [&](DecodeRule r) {
    std::vector<double> p = positions_from(0, prompt);
    for (int s = 1; s <= step; ++s) p.push_back(decode_position(r, pads, prompt, s));
    return p;
  };
  const Eigen::MatrixXd query = q.row(keys - 1), cached = k.topRows(keys);
  const auto scores = [&](DecodeRule r) {
    const std::vector<double> kp = key_positions(r);
    return rotary_scores(query, {kp.back()}, cached, kp, rot);
  };
  return (scores(rule) - scores(DecodeRule::Correct)).row(0).transpose();
}

// <code id="dynamic_cache">
// Dynamic NTK while decoding: the frequencies follow the current length, but a cached key keeps the
// rotation it got when it was written. Compare with every key rotated under today's frequencies.
DynamicCacheError dynamic_cache_error(const Eigen::MatrixXd& q, const Eigen::MatrixXd& k, const RopeConfig& c,
                                      const std::vector<int>& lengths) {
  const int d = static_cast<int>(q.cols()), n = d / 2;
  const double norm = 1.0 / std::sqrt(static_cast<double>(d));
  const int longest = lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end());
  // Each key as written: rotated with rope_init(c, j + 1), the frequencies of its length then (keys
  // under the same frequency continue one phasor run).
  Eigen::MatrixXd theta_written(n, longest);
  for (int j = 0; j < longest; ++j) theta_written.col(j) = rope_init(c, j + 1).inv_freq;
  Eigen::MatrixXcd written(longest, n);
  for (int i = 0; i < n; ++i) {
    PhasorRun run(theta_written(i, 0));
    for (int j = 0; j < longest; ++j) {
      if (theta_written(i, j) != run.theta) run = PhasorRun(theta_written(i, j));
      written(j, i) = run.at(j);
    }
  }
  DynamicCacheError out{Eigen::VectorXd(lengths.size()), Eigen::VectorXd(lengths.size())};
  Eigen::VectorXd diff(longest), score(longest);
  std::vector<cplx> phase(longest);
  for (size_t s = 0; s < lengths.size(); ++s) {
    const int len = lengths[s];
    const Eigen::VectorXd theta = rope_init(c, len).inv_freq;  // what the current length implies
    diff.head(len).setZero();
    score.head(len).setZero();
    for (int i = 0; i < n; ++i) {
      PhasorRun now(theta(i));
      for (int j = 0; j < len; ++j) phase[j] = now.at(j);
      // rotate_half pairs (i, i + d/2); Re[q̃ · conj(k · (cached − now))] per key, written out.
      const cplx query = mul(cplx(q(len - 1, i), q(len - 1, i + n)), phase[len - 1]);
      for (int j = 0; j < len; ++j) {
        const cplx key(k(j, i), k(j, i + n));
        const cplx was = mul(key, written(j, i) - phase[j]), fresh = mul(key, phase[j]);
        diff(j) += query.real() * was.real() + query.imag() * was.imag();
        score(j) += query.real() * fresh.real() + query.imag() * fresh.imag();
      }
    }
    out.max_error(s) = len > 0 ? diff.head(len).cwiseAbs().maxCoeff() * norm : 0.0;
    out.score_rms(s) = len > 0 ? std::sqrt(score.head(len).squaredNorm() / len) * norm : 0.0;
  }
  return out;
}
// </code>

// <code id="partial_rotary">
// GPT-NeoX: rotary_ndims = int(head_size · rotary_pct); rotate_half on query[..., :rotary_ndims], the
// rest passed through; inv_freq over rotary_ndims.
RotaryPairs partial_rotary_pairs(int head_dim, int rotary_dim, double base, Pairing pairing) {
  switch (pairing) {
    case Pairing::Correct:
      return rotary_pairs(rotary_dim, base, Layout::Half);
    case Pairing::WholeHead:
      return rotary_pairs(head_dim, base, Layout::Half);
    case Pairing::AcrossHead: {
      RotaryPairs r = rotary_pairs(rotary_dim, base, Layout::Half);
      for (size_t i = 0; i < r.cols.size(); ++i)
        r.cols[i] = {static_cast<int>(i), static_cast<int>(i) + head_dim / 2};
      return r;
    }
  }
  return rotary_pairs(rotary_dim, base, Layout::Half);
}
// </code>

Eigen::RowVectorXd column_map(const RotaryPairs& rot, int head_dim) {
  Eigen::RowVectorXd m = Eigen::RowVectorXd::Zero(head_dim);
  for (size_t i = 0; i < rot.cols.size(); ++i) {
    m(rot.cols[i].first) = static_cast<double>(i + 1);
    m(rot.cols[i].second) = -static_cast<double>(i + 1);
  }
  return m;
}

double exact_cos(double pos, double theta) {
  const double a = pos * theta;
  const double rest = std::fma(pos, theta, -a);  // pos·θ = a + rest exactly
  return std::cos(a) - std::sin(a) * rest;
}

// <code id="angle_precision">
// The angle as low-precision code forms it: position and θ rounded to the type, the product rounded
// again; then its cosine, against the exact one.
double angle_cos_error(double pos, double theta, AnglePrecision p) {
  const double a = rounded_angle(pos, theta, p);
  // cos(a) − exact_cos, written so that float64 (a = pos·θ rounded once) keeps its tiny error.
  const double exact = pos * theta, rest = std::fma(pos, theta, -exact);
  return std::fabs((std::cos(a) - std::cos(exact)) + std::sin(exact) * rest);
}

// The fix: form pos·θ in float32 from a float32 inv_freq, take cos, and only then round to bfloat16.
double float32_angle_bf16_cos_error(double pos, double theta) {
  const double c = round_to_precision(std::cos(rounded_angle(pos, theta, AnglePrecision::Float32)),
                                      AnglePrecision::BFloat16);
  return std::fabs(c - exact_cos(pos, theta));
}
// </code>

long long first_position_collision(AnglePrecision p) {
  // Below 2^(m+1) (m the stored significand bits) every integer is exact, so no two positions meet. The
  // first binade whose spacing is 2 begins at 2^(m+1), and 2^(m+1) + 1 is a tie that rounds to the even
  // 2^(m+1): checking where each binade begins finds the first collision.
  for (int e = 0; e < 62; ++e) {
    const double x = std::ldexp(1.0, e);
    if (round_to_precision(x, p) == round_to_precision(x + 1, p)) return 1LL << e;
  }
  return 0;
}

long long first_overflow_position(AnglePrecision p) {
  // Rounding is monotone, so "rounds to infinity" holds from some position on: bisect for it.
  long long lo = 1, hi = 1LL << 62;
  if (std::isfinite(round_to_precision(static_cast<double>(hi), p))) return 0;
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (std::isfinite(round_to_precision(static_cast<double>(mid), p)))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace posenc::core
