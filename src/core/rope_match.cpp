#include "rope_match.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include "check_rope.hpp"
#include "constants.hpp"
#include "rope_cache.hpp"

namespace posenc::core {
namespace {

constexpr double kMaxPosition = 16777216.0;  // 2^24: float32 still counts every position below it
constexpr int kMaxCandidates = 1 << 16;      // positions tried for row 0 from the slowest pair's turns
constexpr int kBlockRows = 4096;             // the reference cache is rebuilt this many rows at a time

double wrap(double a) { return a - kTwoPi * std::round(a / kTwoPi); }

// The position of row 0 from its angles: every candidate the slowest pair allows, each refined pair by
// pair from slow to fast (each faster pair picks the turn nearest the estimate so far), the one whose
// angles fit best.
long long find_offset(const std::vector<double>& angle, const Eigen::VectorXd& theta) {
  std::vector<int> order;
  for (Eigen::Index j = 0; j < theta.size(); ++j)
    if (theta[j] > 0) order.push_back(static_cast<int>(j));
  if (order.empty()) return 0;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return theta[a] < theta[b]; });
  const double slow = theta[order.front()];
  const double first = std::fmod(angle[order.front()] + kTwoPi, kTwoPi);
  const int turns =
      static_cast<int>(std::min<double>(kMaxCandidates, std::floor(kMaxPosition * slow / kTwoPi) + 1));
  long long best = 0;
  double best_fit = INFINITY;
  for (int k = -1; k < turns; ++k) {  // k = −1: row 0 a hair below angle 0 (noise) is position 0
    double p = (first + kTwoPi * k) / slow;
    for (int j : order) {
      const double turn = std::round((p * theta[j] - angle[j]) / kTwoPi);
      p = (angle[j] + kTwoPi * turn) / theta[j];
    }
    const double pos = std::round(p);
    if (pos < 0 || pos > kMaxPosition) continue;
    double fit = 0;
    for (int j : order) fit += wrap(angle[j] - pos * theta[j]) * wrap(angle[j] - pos * theta[j]);
    if (fit < best_fit) best_fit = fit, best = static_cast<long long>(pos);
  }
  return best;
}

using Compared = RopeSetFit;

// One set in one layout, its frequencies taken at `seq_len`: the offset, the rebuilt cache, the
// entry-by-entry comparison.
Compared compare_at(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin, const RopeConfig& config,
                    bool interleaved, const std::string& storage, double seq_len) {
  Compared out;
  out.max_excess = INFINITY;
  const int len = static_cast<int>(cos.rows()), dim = static_cast<int>(cos.cols());
  RopeInit init = rope_init(config, seq_len);
  const int width = static_cast<int>(2 * init.inv_freq.size());  // the columns transformers' cache has
  if (width < 2 || (dim != width && dim != rope_head_dim(config))) return out;
  const auto column = [&](Eigen::Index j) { return interleaved ? 2 * j : j; };
  const auto angles = [&] {
    std::vector<double> a(static_cast<std::size_t>(init.inv_freq.size()));
    for (Eigen::Index j = 0; j < init.inv_freq.size(); ++j)
      a[j] = std::atan2(sin(0, column(j)), cos(0, column(j)));
    return a;
  };
  out.offset = find_offset(angles(), init.inv_freq);
  // Dynamic NTK and LongRoPE follow the length the text has reached: the last row's position + 1.
  if (config.rope_type == RopeType::Dynamic || config.rope_type == RopeType::LongRope) {
    init = rope_init(config, static_cast<double>(out.offset + len));
    out.offset = find_offset(angles(), init.inv_freq);
  }
  // The reference is rebuilt a block of rows at a time: its memory stays kBlockRows × dim whatever the
  // cache's length.
  RopeCacheSpec spec;
  spec.inv_freq = init.inv_freq;
  spec.dim = dim;
  spec.interleaved = interleaved;
  spec.attention_factor = init.attention_factor;
  spec.precision = AnglePrecision::Float32;  // as transformers forms pos·θ
  const double af = std::fabs(init.attention_factor);
  out.max_excess = 0;
  Eigen::MatrixXd ref_cos, ref_sin;
  for (int r0 = 0; r0 < len; r0 += kBlockRows) {
    spec.len = std::min(kBlockRows, len - r0);
    spec.offset = out.offset + r0;
    fill_rope_cache(spec, ref_cos, ref_sin);
    for (Eigen::Index k = 0; k < dim; ++k) {
      // The pair of column k (none past the rotating ones) and its frequency.
      Eigen::Index j = -1;
      if (k < width) j = interleaved ? k / 2 : k % (width / 2);
      const double theta = j >= 0 ? init.inv_freq[j] : 0;
      for (Eigen::Index b = 0; b < spec.len; ++b) {
        const Eigen::Index r = r0 + b;
        const double pos = static_cast<double>(out.offset + r);
        // A correct pipeline's roundings: θ_j one float32 ulp off (pow in float32), the position rounded
        // past 2^24, the product rounded, cos/sin in float32, the attention factor's product, the storage.
        const double angle_bound = pos * theta * 0x1p-22 + (pos > kMaxPosition ? pos * theta * 0x1p-24 : 0);
        for (int which = 0; which < 2; ++which) {
          const double have = which ? sin(r, k) : cos(r, k), want = which ? ref_sin(b, k) : ref_cos(b, k);
          const double bound = 2 * (af * (angle_bound + 0x1p-21) + storage_bound(want, storage)) + 1e-12;
          const double error = std::fabs(have - want);
          out.max_error = std::max(out.max_error, error);
          if (error / bound > out.max_excess) out.max_excess = error / bound, out.bound = bound;
        }
      }
    }
  }
  return out;
}

// One set in one layout. Frequencies that depend on the length (dynamic NTK, LongRoPE) are tried from a
// short text and from one past the original length (LongRoPE's long factors, a grown dynamic base), each
// refined at the position found; the closer fit is kept.
Compared compare_set(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin, const RopeConfig& config,
                     bool interleaved, const std::string& storage) {
  const double len = static_cast<double>(cos.rows());
  Compared best = compare_at(cos, sin, config, interleaved, storage, len);
  if (config.rope_type == RopeType::Dynamic || config.rope_type == RopeType::LongRope) {
    const double original = config.original_max_position_embeddings > 0
                                ? config.original_max_position_embeddings
                                : config.max_position_embeddings;
    const Compared longer = compare_at(cos, sin, config, interleaved, storage, std::max(len, original + 1));
    if (longer.max_excess < best.max_excess) best = longer;
  }
  return best;
}

}  // namespace

RopeSetFit fit_rope_set(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin, const RopeConfig& set,
                        bool interleaved, const std::string& storage) {
  return compare_set(cos, sin, set, interleaved, storage);
}

RopeMatch match_rope_cache(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin,
                           const ModelConfigResult& model) {
  RopeMatch out;
  if (!model.ok() || cos.rows() < 1 || cos.rows() != sin.rows() || cos.cols() != sin.cols()) return out;
  out.storage = stored_type(cos, sin);
  out.max_excess = INFINITY;
  for (const RopeSet& s : model.sets) {
    for (bool interleaved : {false, true}) {
      if (interleaved && model.rotation != RopeRotation::Interleaved) continue;
      const Compared c = compare_set(cos, sin, s.config, interleaved, out.storage);
      // The closest: the least excess; the full-attention set on a tie.
      if (c.max_excess < out.max_excess ||
          (c.max_excess == out.max_excess && s.layer_type == "full_attention")) {
        out.layer_type = s.layer_type;
        out.offset = c.offset;
        out.interleaved = interleaved;
        out.max_error = c.max_error;
        out.max_excess = c.max_excess;
        out.bound_at_worst = c.bound;
      }
    }
  }
  out.matches = out.max_excess <= 1;
  return out;
}

Message rope_match_message(const RopeMatch& m) {
  char error[32];
  std::snprintf(error, sizeof error, "%.3g", m.max_error);
  if (!m.matches)
    return m.layer_type.empty()
               ? Message{"Not a cache this model builds: no RoPE set of it has this many columns."}
               : Message{
                     "Not a cache this model builds: it differs from its closest RoPE set ({0}) by up to "
                     "{1}, "
                     "beyond the rounding of a correct pipeline.",
                     {m.layer_type, error}};
  Message rows =
      m.offset == 1 ? Message{", but its rows start at position 1: a fresh sequence starts at 0"}
      : m.offset > 1
          ? Message{", rows from position {0} (a slice of a longer text; a fresh sequence starts at 0)",
                    {std::to_string(m.offset)}}
          : Message{};
  return Message{
      "A cache this model builds: its {0} layers{2}; values stored in {1}, every entry within the "
      "rounding of a correct pipeline.",
      {m.layer_type, m.storage},
      {std::move(rows)}};
}

std::string RopeVerdict::message() const {
  std::string out;
  for (const Message& m : sentences) out += (out.empty() ? "" : " ") + m.english();
  return out;
}

RopeVerdict rope_verdict(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin,
                         const ModelConfigResult* model, const RopeCacheCheck* done) {
  RopeVerdict v;
  v.check = done ? *done : check_rope(cos, sin);
  const RopeCacheCheck& c = v.check;
  v.verdict = c.verdict;
  v.undecided = c.undecided;
  v.doubt = c.doubt;
  v.sentences = c.sentences;
  if (c.verdict == "transposed" || c.verdict == "half_width") v.cause = c.verdict;
  if (c.verdict == "low_precision" && c.precision == "float16" && c.offset + c.rows > 2048)
    v.cause = "fp16_positions";
  // interleaved pairs where transformers' rotate_half pairs j with j + d/2 (a model whose own code turns
  // interleaved pairs is told below, with its config)
  if (c.ok() && c.layout == "interleaved" && v.cause.empty() && c.verdict != "sign" &&
      c.verdict != "not_rotation")
    v.cause = "interleaved";
  if (!c.ok() || !model || !model->ok()) {
    v.fix = rope_fix(v.verdict, v.cause);
    return v;
  }
  v.with_model = true;
  v.match = match_rope_cache(cos, sin, *model);
  const RopeMatch& m = v.match;
  v.sentences = {rope_match_message(m)};
  const bool native_interleaved = model->rotation == RopeRotation::Interleaved;
  if (native_interleaved && v.cause == "interleaved") v.cause.clear();
  if (m.matches) {
    v.verdict = m.offset == 1 ? "off_by_one" : "matches";
    v.undecided = false;
    v.doubt = {};
    v.cause.clear();
    if (m.storage == "bfloat16" || m.storage == "float16")
      v.sentences.push_back({"Values stored in {0}: differences below {1} cannot be seen.",
                             {m.storage, rope_number(storage_bound(1, m.storage), 3)}});
  } else {
    const RopeSet* set = nullptr;
    for (const RopeSet& s : model->sets)
      if (s.layer_type == m.layer_type) set = &s;
    if (set && m.max_excess <= 4) {
      v.verdict = "undecided";
      v.undecided = true;
      v.doubt = {
          "It is within {0} × the rounding of a correct pipeline: about the size of the rounding, so "
          "this cannot tell a small bug from rounding the checker does not model.",
          {rope_number(m.max_excess, 2)}};
      v.sentences.push_back(v.doubt);
    } else {
      v.undecided = false;
      v.doubt = {};
      if (c.verdict == "matches" || c.verdict == "undecided" || c.verdict == "offset") v.verdict = "mismatch";
      if (set && c.ok()) {
        const RopeConfig& want = set->config;
        const double want_factor = rope_init(want, static_cast<double>(c.offset + c.rows)).attention_factor;
        if (c.rope_type == "yarn" && want.rope_type == RopeType::Yarn && want.truncate && !c.truncate) {
          v.cause = "yarn_truncate";
          v.sentences.push_back(
              {"The config's YaRN rounds the ramp's ends (truncate: true, transformers' "
               "default); this cache's are not rounded: truncate was ignored."});
        } else if (std::fabs(want_factor - 1) > 1e-3 && std::fabs(c.attention_factor - 1) < 1e-3) {
          v.cause = "attention_factor";
          v.sentences.push_back({"cos and sin are not multiplied by the config's attention factor {0}.",
                                 {rope_number(want_factor)}});
        }
      }
      for (const Message& s : c.sentences)
        if (!(native_interleaved && s.format.rfind("Pairs are interleaved", 0) == 0))
          v.sentences.push_back(s);
    }
  }
  v.fix = rope_fix(v.verdict, v.cause);
  return v;
}

Message rope_fix(std::string_view verdict, std::string_view cause) {
  if (cause == "interleaved")
    return {
        "fix: your cache is interleaved (Meta / GPT-J: columns 2j, 2j+1); transformers' rotate_half pairs j "
        "with j + d/2: either permute the q/k weights (the HF conversion script's permute) or use the "
        "interleaved rotation"};
  if (cause == "yarn_truncate")
    return {
        "fix: round the YaRN ramp's ends as transformers does when truncate is true (the default): "
        "low = floor(find_correction_dim(beta_fast)), high = ceil(find_correction_dim(beta_slow))"};
  if (cause == "attention_factor")
    return {
        "fix: multiply cos and sin by the attention factor (transformers' attention_scaling: "
        "0.1·ln(factor) + 1 for YaRN unless the config sets attention_factor)"};
  if (cause == "fp16_positions")
    return {
        "fix: keep position_ids and inv_freq in float32 (transformers computes the rotary angles with "
        "autocast off); float16 stops counting positions exactly at 2048"};
  if (verdict == "transposed")
    return {"fix: rows must be positions and columns features: pass cos.T and sin.T (shape (seq_len, dim))"};
  if (verdict == "half_width")
    return {
        "fix: emb = torch.cat((freqs, freqs), dim=-1) before cos and sin, so column j and j + d/2 share "
        "an angle as rotate_half expects"};
  if (verdict == "undecided")
    return {
        "fix: nothing can be named yet — give the model's config (--config / config) so the cache is "
        "compared with what that model builds"};
  if (verdict == "off_by_one")
    return {"fix: pass position_ids starting at 0 for a fresh sequence (torch.arange(seq_len)), not at 1"};
  if (verdict == "offset")
    return {
        "fix: for a fresh sequence pass position_ids from 0; rows that start later are right only for a "
        "slice of a KV cache"};
  if (verdict == "sign")
    return {
        "fix: the angles run backwards — rotate with q·cos + rotate_half(q)·sin, where sin is +sin(pos·θ) "
        "and cos is cos(pos·θ), in that order"};
  if (verdict == "low_precision")
    return {
        "fix: compute inv_freq and the positions in float32 and cast after cos and sin (transformers turns "
        "autocast off around its rotary embedding); float16 position_ids stop counting at 2048"};
  if (verdict == "unknown")
    return {
        "fix: the frequencies follow no rule posenc knows; print inv_freq and compare it with the "
        "config's (compute('rope_init') or lesson scaling), or give the config to check against"};
  if (verdict == "not_rotation")
    return {
        "fix: these are not the cos and sin of one set of angles; save cos and sin of pos·θ (not the "
        "angles, not q and k), rows as positions"};
  if (verdict == "mismatch")
    return {
        "fix: compare the parameters above with the config — rope_theta, rope_scaling, "
        "partial_rotary_factor, the attention factor — and build the cache from the config's inv_freq"};
  return {};
}

}  // namespace posenc::core
