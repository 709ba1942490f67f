// The RoPE cache checker's verdict. infer_rope (check_rope_infer.cpp) measures the tables and infers
// the parameters; here the inference is verified with the direct test (rope_match.cpp): the cache those
// parameters give in transformers' float32 pipeline, compared entry by entry with the rounding a correct
// pipeline and the values' storage leave. Then:
//   - the plainest candidate that builds the cache within that rounding wins: the inferred rule with its
//     round parameters; the default rule at the base fitted over every pair (a dynamic-NTK or NTK-aware
//     cache is one); then the RoPE sets of the preset models (they name LongRoPE's per-pair factors, and
//     slices too short for the slow pairs to be measured);
//   - a candidate that builds it only with what transformers does not do by default (YaRN without its
//     attention factor), a left-over about the size of the rounding, or a bug that the storage's rounding
//     would hide as well, leave the verdict undecided: the message says what cannot be told apart;
//   - a cache no candidate builds gets the inference's finding (angles in low precision, an unknown rule)
//     or a mismatch, with the left-over named against what the storage explains.
// When the inference finds no rotation, two causes are tried before saying so: a transposed cache, and
// cos/sin of the frequencies before torch.cat((freqs, freqs)).
#include "check_rope.hpp"

#include <algorithm>
#include <cmath>

#include "check_rope_infer.hpp"
#include "constants.hpp"
#include "message.hpp"
#include "model_config.hpp"
#include "rope_match.hpp"

namespace posenc::core {
namespace {

constexpr double kUndecidedExcess = 4;  // a left-over up to 4 × the rounding bound: cannot tell

// A candidate explanation: a RoPE set, and where it came from.
struct Candidate {
  RopeConfig config;
  std::string preset;            // a preset model's label ("" for one inferred from the cache)
  std::string layer_type;        // the preset's set
  bool explicit_factor = false;  // YaRN with an attention factor other than transformers' default …
  double usual_factor = 1;       // … which is this
  bool as_inferred = false;      // the inferred rule itself
  RopeSetFit fit;
};

// The inferred rule as a config of `dim` columns, `rd` rotating, amplitude `amp`.
Candidate candidate_of(const FreqModel& r, int rd, int dim, double amp) {
  Candidate k;
  RopeConfig& c = k.config;
  c.head_dim = dim;
  if (rd < dim) c.partial_rotary_factor = (rd + 0.5) / dim;  // int(dim · factor) = rd
  c.rope_theta = r.base;
  c.rope_type = r.type;
  if (r.type != RopeType::Default) c.factor = r.factor;
  if (r.type == RopeType::Llama3) {
    c.original_max_position_embeddings = c.max_position_embeddings = r.l0;
    c.low_freq_factor = 1;
    c.high_freq_factor = r.high;
  } else if (r.type == RopeType::Yarn) {
    const double l0 = r.l0 > 0 ? r.l0 : 4096;
    c.original_max_position_embeddings = l0;
    c.max_position_embeddings = l0 * r.factor;
    c.truncate = r.l0 > 0 && r.truncate;
    if (!(r.l0 > 0)) {  // betas that put the ramp's ends where they were measured
      const auto turns = [&](double pair) { return l0 / (kTwoPi * std::pow(r.base, 2.0 * pair / rd)); };
      c.beta_fast = turns(r.ramp_low);
      c.beta_slow = turns(r.ramp_high);
    }
    const double usual = k.usual_factor = rope_init(c, 0).attention_factor;
    if (std::fabs(amp - usual) > 2e-3 * amp) {
      c.attention_factor = amp;
      k.explicit_factor = true;
    }
  }
  return k;
}

// The preset models' RoPE sets, read once.
const std::vector<std::pair<const ModelPreset*, RopeSet>>& preset_sets() {
  static const std::vector<std::pair<const ModelPreset*, RopeSet>> all = [] {
    std::vector<std::pair<const ModelPreset*, RopeSet>> out;
    for (const ModelPreset& p : model_presets()) {
      const ModelConfigResult m = parse_model_config(p.json);
      for (const RopeSet& s : m.sets) out.emplace_back(&p, s);
    }
    return out;
  }();
  return all;
}

// Whether a set's fast pairs (which no scaling but linear touches) turn as the measured ones do; a set
// whose frequencies follow the length (LongRoPE, dynamic NTK) at a short text or past its original length.
bool fast_pairs_agree(const RopeConfig& c, const Eigen::VectorXd& measured, const Eigen::VectorXd& spread) {
  const double original =
      c.original_max_position_embeddings > 0 ? c.original_max_position_embeddings : c.max_position_embeddings;
  for (double seq_len : {0.0, original + 1}) {
    const Eigen::VectorXd theta = rope_init(c, seq_len).inv_freq;
    if (theta.size() != measured.size()) return false;
    bool agree = true;
    for (Eigen::Index j = 0; agree && j < std::max<Eigen::Index>(1, theta.size() / 4); ++j)
      agree = std::fabs(std::log(measured[j] / theta[j])) <= 0.01 + 4 * spread[j];
    if (agree) return true;
    if (c.rope_type != RopeType::LongRope && c.rope_type != RopeType::Dynamic) break;
  }
  return false;
}

// The default rule through every pair's θ_j, weighted by how well each is measured: a dynamic-NTK cache
// (its grown base) or an NTK-aware one (lesson extrapolation's base).
double base_over_all_pairs(const Eigen::VectorXd& theta, const Eigen::VectorXd& spread, int rd) {
  double sxy = 0, sxx = 0;
  for (Eigen::Index j = 1; j < theta.size(); ++j) {
    if (!(theta[j] > 0)) return 0;
    const double x = 2.0 * j / rd, w = 1 / (1e-12 + spread[j]);
    sxy += w * x * std::log(theta[j]), sxx += w * x * x;
  }
  return sxx > 0 ? std::exp(-sxy / sxx) : 0;
}

// Whether the slowest pair turns too little over the cache's rows to be measured: less than 100 × the
// angle the storage's rounding blurs, or its measured frequency uncertain by more than 1%.
bool slow_pairs_unmeasured(const RopeCacheCheck& r, const RopeInference& inf) {
  const Eigen::Index last = r.measured_inv_freq.size() - 1;
  if (last < 0) return false;
  const double turn = std::fabs(r.measured_inv_freq[last]) * (r.rows - 1);
  const double blur = std::max(r.hidden_below / std::max(r.attention_factor, 1e-3), 1e-7);
  return turn < 100 * blur || inf.spread[last] > 0.01;
}

// LongRoPE's shape without its config: an attention factor above 1 and every pair slower than base 10000
// (or the fitted base) gives it, by a factor that grows from the fast pairs to the slow ones.
bool per_pair_factors(RopeCacheCheck& r, double& lo, double& hi) {
  if (!(r.attention_factor > 1 + 1e-4) || r.measured_inv_freq.size() < 2) return false;
  const int rd = r.rotary_dim;
  for (double base : {10000.0, r.base}) {
    if (!(base > 1)) continue;
    const Eigen::VectorXd dflt = rope_default_inv_freq(rd, base);
    lo = INFINITY, hi = 0;
    bool slower = true;
    for (Eigen::Index j = 0; slower && j < dflt.size(); ++j) {
      const double f = dflt[j] / r.measured_inv_freq[j];
      slower = f > 0.99 && f < 1e4;
      lo = std::min(lo, f), hi = std::max(hi, f);
    }
    if (slower && hi > 1.01) {
      r.base = base;
      return true;
    }
  }
  return false;
}

// The verdict for the tables as given.
RopeCacheCheck verdict_of(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin) {
  // A long cache: the parameters from its first rows, every row verified against them below.
  const bool longer = cos.rows() > kRopeInferRows;
  if (longer) {
    RopeCacheCheck refused;
    refused.error = validate_rope_tables(cos, sin);
    if (!refused.ok()) return refused;
  }
  RopeInference inf =
      longer ? infer_rope(cos.topRows(kRopeInferRows), sin.topRows(kRopeInferRows)) : infer_rope(cos, sin);
  RopeCacheCheck out = std::move(inf.check);
  const double inferred_error = out.max_error;  // of the inferred parameters, in the precision inferred
  if (!out.ok()) return out;
  out.rows = static_cast<int>(cos.rows());
  out.storage = stored_type(cos, sin);
  if (out.verdict == "not_rotation") return out;  // (the causes are looked for by the caller below)
  out.hidden_below = storage_bound(std::max(1.0, out.attention_factor), out.storage);
  const int dim = inf.dim, rd = out.rotary_dim;
  const bool interleaved = out.layout == "interleaved";
  out.swapped = inf.swapped;
  if (inf.flipped) {
    out.verdict = "sign";
    out.sentences = describe_rope_check(out, true, dim);
    set_rope_message(out);
    return out;
  }

  // The candidates, plainest first: round values of a fitted parameter before the fit itself.
  std::vector<Candidate> cands;
  const auto add_rule = [&](const FreqModel& r) {
    std::vector<FreqModel> rounder;
    if (r.type != RopeType::Default && r.factor != std::nearbyint(r.factor) &&
        std::fabs(std::nearbyint(r.factor) / r.factor - 1) < 0.02) {
      FreqModel f = r;
      f.factor = std::nearbyint(r.factor);
      rounder.push_back(f);
    }
    rounder.push_back(r);
    for (const FreqModel& f : rounder) cands.push_back(candidate_of(f, rd, dim, out.attention_factor));
    cands.back().as_inferred = inf.known && &r == &inf.rule;
  };
  const double all_base = base_over_all_pairs(out.measured_inv_freq, inf.spread, rd);
  FreqModel all_pairs;
  all_pairs.base = all_base;
  const bool plain = inf.known && inf.rule.type == RopeType::Default;
  if (plain) add_rule(inf.rule);
  if (all_base > 0 && !(plain && inf.rule.base == all_base)) add_rule(all_pairs);
  if (inf.known && !plain) add_rule(inf.rule);
  if (!inf.known)  // round bases near the fast pairs' (a slice too short for the slow pairs to be measured)
    for (int digits = 1; digits <= 4 && inf.rule.base > 1; ++digits) {
      const double scale = std::pow(10.0, std::floor(std::log10(inf.rule.base)) - (digits - 1));
      FreqModel d;
      d.base = std::nearbyint(inf.rule.base / scale) * scale;
      if (std::fabs(d.base / inf.rule.base - 1) < 0.05)
        cands.push_back(candidate_of(d, rd, dim, out.attention_factor));
    }
  for (const auto& [preset, set] : preset_sets()) {
    if (rope_rotary_dim(set.config) != rd || (rope_head_dim(set.config) != dim && rd != dim)) continue;
    if (!fast_pairs_agree(set.config, out.measured_inv_freq, inf.spread)) continue;
    Candidate k;
    k.config = set.config;
    if (rd < dim) {  // the cache's own width, the set's rotating columns
      k.config.head_dim = dim;
      k.config.partial_rotary_factor = (rd + 0.5) / dim;
    }
    k.preset = preset->label;
    k.layer_type = set.layer_type;
    cands.push_back(std::move(k));
  }
  // The first within the rounding wins; else the closest.
  const Candidate* pick = nullptr;
  const Candidate* closest = nullptr;
  for (Candidate& k : cands) {
    k.fit = fit_rope_set(cos, sin, k.config, interleaved, out.storage);
    if (!closest || k.fit.max_excess < closest->fit.max_excess) closest = &k;
    if (k.fit.max_excess <= 1) {
      pick = &k;
      break;
    }
  }
  const auto take = [&](const Candidate& k) {
    const RopeConfig& c = k.config;
    const RopeInit init = rope_init(c, static_cast<double>(k.fit.offset + out.rows));
    out.rope_type = rope_type_name(c.rope_type);
    out.base = c.rope_theta;
    out.factor = c.rope_type == RopeType::Default ? 1 : c.factor;
    out.attention_factor = init.attention_factor;
    out.original_max_position = c.rope_type == RopeType::Llama3 || c.rope_type == RopeType::Yarn
                                    ? c.original_max_position_embeddings
                                    : 0;
    out.high_freq_factor = c.rope_type == RopeType::Llama3 ? c.high_freq_factor : 0;
    out.truncate = c.truncate;
    out.offset = k.fit.offset;
    // against the inferred parameters in the angle precision inferred, when the rule is the inferred one
    out.max_error = k.as_inferred ? std::min(inferred_error, k.fit.max_error) : k.fit.max_error;
    out.model_inv_freq = init.inv_freq;
    out.preset = k.preset;
    out.preset_set = k.layer_type;
  };
  Message doubt;  // what the evidence cannot tell apart, as a sentence
  double lo_factor = 1, hi_factor = 1;
  if (pick) {
    take(*pick);
    const bool low = out.precision == "bfloat16" || out.precision == "float16";
    if (low) out.precision = "float32";  // transformers' float32 pipeline builds it as well
    if (pick->explicit_factor) {
      out.undecided = true;
      doubt = {
          "Without the config this cannot be decided: transformers multiplies a YaRN cache by {0} unless "
          "the config sets attention_factor ({1} here) — a missing attention factor looks exactly like "
          "this. Give the config to check it.",
          {rope_number(pick->usual_factor), rope_number(out.attention_factor)}};
    } else if (low) {
      out.undecided = true;
      doubt = {
          "Angles rounded to {0} would give the same values within the {1} storage's rounding: "
          "differences below {2} cannot be seen here.",
          {inf.precision == AnglePrecision::BFloat16 ? "bfloat16" : "float16", out.storage,
           rope_number(out.hidden_below, 3)}};
    }
    out.verdict = out.offset == 1   ? "off_by_one"
                  : out.offset != 0 ? "offset"
                  : out.undecided   ? "undecided"
                                    : "matches";
  } else if (closest && closest->fit.max_excess <= kUndecidedExcess) {
    take(*closest);
    out.undecided = true;
    out.verdict = "undecided";
    doubt = {
        "It is within {0} × the rounding of a correct pipeline (differs by up to {1}): about the size of "
        "the rounding, so this cannot tell a small bug from rounding the checker does not model.",
        {rope_number(closest->fit.max_excess, 2), rope_number(out.max_error, 3)}};
  } else if (inf.known && out.offset == 1) {
    out.verdict = "off_by_one";
  } else if (inf.known && out.offset != 0) {
    out.verdict = "offset";
  } else if (inf.known &&
             (inf.precision == AnglePrecision::BFloat16 || inf.precision == AnglePrecision::Float16)) {
    out.verdict = "low_precision";
  } else if (!inf.known && per_pair_factors(out, lo_factor, hi_factor)) {
    out.undecided = true;
    out.verdict = "undecided";
    out.rope_type = "longrope";
    doubt = {
        "Each pair's frequency is the base-{0} one divided by its own factor (from {1} to {2}): "
        "LongRoPE's shape. Its factors are the config's own numbers (short_factor, long_factor); give the "
        "config to check them.",
        {rope_number(out.base), rope_number(lo_factor, 3), rope_number(hi_factor, 3)}};
  } else if (!inf.known && slow_pairs_unmeasured(out, inf)) {
    // The slowest pairs barely turn over these rows: their frequencies cannot be measured here.
    out.undecided = true;
    out.verdict = "undecided";
    const Eigen::Index last = out.measured_inv_freq.size() - 1;
    doubt = {
        "The slowest pairs turn by only {0} rad over these {1} rows — too little to measure, so their "
        "frequencies (and any scaling) cannot be read from this cache; the fast pairs turn as base {2}'s. "
        "Give the config to check it.",
        {rope_number(std::fabs(out.measured_inv_freq[last]) * (out.rows - 1), 2), std::to_string(out.rows),
         rope_number(inf.rule.base, 4)}};
  } else if (!inf.known) {
    out.verdict = "unknown";
  } else {
    out.verdict = "mismatch";
  }
  // A long cache no candidate builds: its left-over over every row, not only the first ones'.
  if (!pick && longer && closest) out.max_error = std::max(out.max_error, closest->fit.max_error);
  out.sentences = describe_rope_check(out, false, dim);
  if (longer)
    out.sentences.push_back(
        {"The parameters were read from the first {0} rows; all {1} rows were compared "
         "with the cache they give.",
         {std::to_string(kRopeInferRows), std::to_string(out.rows)}});
  const auto say = [&](Message m) {
    if (!m.empty()) out.sentences.push_back(std::move(m));
  };
  const bool scaled = out.rope_type == "yarn" || out.rope_type == "longrope";
  if (out.verdict == "mismatch" && !scaled && std::fabs(out.attention_factor - 1) > 1e-3)
    say({"transformers' {0} RoPE does not multiply cos and sin: no config of it gives this amplitude.",
         {out.rope_type}});
  if ((out.verdict == "mismatch" || out.verdict == "unknown") && out.max_error > 2 * out.hidden_below + 1e-6)
    say(out.storage == "float64"
            ? Message{"The cache differs from the one these parameters give by up to {0}.",
                      {rope_number(out.max_error, 3)}}
            : Message{"The cache differs from the one these parameters give by up to {0}, more than its {1} "
                      "storage explains (below {2}).",
                      {rope_number(out.max_error, 3), out.storage, rope_number(out.hidden_below, 3)}});
  say(doubt);
  out.doubt = doubt;
  if (out.verdict == "matches" && out.storage != "float64" && out.storage != "float32")
    say({"Values stored in {0}: differences below {1} cannot be seen.",
         {out.storage, rope_number(out.hidden_below, 3)}});
  if (out.sentences.empty())
    say(
        {"This is transformers' standard RoPE cache: rotate_half layout, base 10000, positions from 0, every "
         "column rotating, no scaling."});
  set_rope_message(out);
  return out;
}

bool found_rope(const RopeCacheCheck& r) {
  return r.ok() && (r.verdict == "matches" || r.verdict == "offset" || r.verdict == "off_by_one" ||
                    r.verdict == "undecided");
}

// Proportional RoPE (Gemma 4's full-attention layers): only the first k pairs of each half rotate, their
// exponents spaced over the whole head (θ_j = base^(−2j/dim)); the other pairs hold angle 0. Read from the
// rotating columns alone (a default cache of 2k columns whose base is base^(2k/dim)), then verified as
// proportional over every column. No verdict when the cache is not one.
RopeCacheCheck proportional(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin) {
  RopeCacheCheck none;
  const int dim = static_cast<int>(cos.cols()), half = dim / 2;
  if (dim % 2 || dim < 4) return none;
  const auto still = [&](int c) {
    return sin.col(c).cwiseAbs().maxCoeff() < 1e-6 &&
           (cos.col(c).array() - cos(0, c)).abs().maxCoeff() < 1e-6;
  };
  int k = 0;
  while (k < half && !still(k)) ++k;
  if (k == 0 || k == half) return none;
  for (int c = 0; c < half; ++c)
    if ((c < k) == still(half + c) || (c >= k && !still(c))) return none;
  Eigen::MatrixXd sc(cos.rows(), 2 * k), ss(sin.rows(), 2 * k);
  sc << cos.leftCols(k), cos.middleCols(half, k);
  ss << sin.leftCols(k), sin.middleCols(half, k);
  RopeCacheCheck p = verdict_of(sc, ss);
  if (!found_rope(p) || p.rope_type != "default" || p.layout != "half") return none;
  const double fitted = std::pow(p.base, static_cast<double>(dim) / (2 * k));
  std::vector<double> bases;
  for (int digits = 1; digits <= 4; ++digits) {
    const double scale = std::pow(10.0, std::floor(std::log10(fitted)) - (digits - 1));
    bases.push_back(std::nearbyint(fitted / scale) * scale);
  }
  bases.push_back(fitted);
  const std::string storage = stored_type(cos, sin);
  for (double base : bases) {
    RopeConfig c;
    c.head_dim = dim;
    c.rope_type = RopeType::Proportional;
    c.partial_rotary_factor = (2 * k + 0.5) / dim;  // int(factor · dim / 2) = k pairs
    c.rope_theta = base;
    const RopeSetFit fit = fit_rope_set(cos, sin, c, false, storage);
    if (!(fit.max_excess <= 1)) continue;
    p.rope_type = "proportional";
    p.base = base;
    p.offset = fit.offset;
    p.max_error = fit.max_error;
    p.model_inv_freq = rope_init(c, 0).inv_freq.head(k);
    p.storage = storage;
    p.verdict = p.offset == 1 ? "off_by_one" : p.offset != 0 ? "offset" : "matches";
    p.undecided = false;
    p.doubt = {};
    p.rotary_dim = dim;  // (no "partial rotary" sentence: the still pairs are said here)
    p.sentences = describe_rope_check(p, false, dim);
    p.rotary_dim = 2 * k;
    p.sentences.insert(
        p.sentences.begin(),
        Message{"Proportional RoPE (Gemma 4): only the first {0} pairs of each half rotate, their "
                "frequencies spaced over all {1} columns (θ_j = base^(−2j/{1})); the other pairs "
                "hold angle 0.",
                {std::to_string(k), std::to_string(dim)}});
    set_rope_message(p);
    return p;
  }
  return none;
}

}  // namespace

// <code id="check_rope">
RopeCacheCheck check_rope(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin) {
  RopeCacheCheck out = verdict_of(cos, sin);
  if (out.verdict != "not_rotation") return out;
  // A transposed cache: rows are the columns of a RoPE cache.
  if (cos.cols() >= 3 && cos.rows() >= 2 && cos.rows() <= kMaxRopeCheckCols) {
    RopeCacheCheck t = verdict_of(cos.transpose(), sin.transpose());
    if (found_rope(t)) {
      t.cause = t.verdict;
      t.verdict = "transposed";
      t.sentences.insert(t.sentences.begin(),
                         Message{"Rows and columns are swapped: this {0} × {1} table holds positions in its "
                                 "columns; rows must be positions (cos.T, sin.T). Read that way:",
                                 {std::to_string(cos.rows()), std::to_string(cos.cols())}});
      set_rope_message(t);
      return t;
    }
  }
  // cos/sin of the frequencies before torch.cat((freqs, freqs)): one column per pair, each angle once.
  if (cos.cols() >= 1 && 2 * cos.cols() <= kMaxRopeCheckCols) {
    Eigen::MatrixXd c2(cos.rows(), 2 * cos.cols()), s2(sin.rows(), 2 * sin.cols());
    c2 << cos, cos;
    s2 << sin, sin;
    RopeCacheCheck h = verdict_of(c2, s2);
    if (found_rope(h)) {
      h.cause = h.verdict;
      h.verdict = "half_width";
      h.sentences.insert(
          h.sentences.begin(),
          Message{"Each angle appears once: the {0} columns are cos and sin of freqs = pos·θ_j, one "
                  "per pair, before emb = torch.cat((freqs, freqs), dim=-1); transformers' "
                  "rotate_half needs every angle twice ({1} columns). (Meta's freqs_cis holds one "
                  "complex number per pair, right for its own apply_rotary_emb only.) Read as pairs:",
                  {std::to_string(cos.cols()), std::to_string(2 * cos.cols())}});
      set_rope_message(h);
      return h;
    }
  }
  if (RopeCacheCheck p = proportional(cos, sin); p.ok() && !p.verdict.empty()) return p;
  return out;
}
// </code>

RopeCacheCheck check_rope(const std::vector<long long>& shape, const std::vector<double>& cos,
                          const std::vector<double>& sin) {
  RopeCacheCheck out;
  if (shape.size() != 2) {
    out.error = "shape must be [len, dim] (two numbers), not " + std::to_string(shape.size()) + " of them.";
    return out;
  }
  const long long len = shape[0], dim = shape[1];
  if (len < 3 || dim < 2) {
    out.error = "shape [" + std::to_string(len) + ", " + std::to_string(dim) +
                "]: the cache needs at least 3 rows and 2 columns.";
    return out;
  }
  if (len > kMaxRopeCheckRows || dim > kMaxRopeCheckCols) {
    out.error = "shape [" + std::to_string(len) + ", " + std::to_string(dim) +
                "]: the checker takes at most " + std::to_string(kMaxRopeCheckRows) + " rows × " +
                std::to_string(kMaxRopeCheckCols) + " columns.";
    return out;
  }
  const auto want = static_cast<std::size_t>(len * dim);
  if (cos.size() != want || sin.size() != want) {
    out.error = "shape [" + std::to_string(len) + ", " + std::to_string(dim) + "] needs " +
                std::to_string(want) + " values each; cos has " + std::to_string(cos.size()) + " and sin " +
                std::to_string(sin.size()) + ".";
    return out;
  }
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const Eigen::MatrixXd c = Eigen::Map<const RowMajor>(cos.data(), len, dim);
  const Eigen::MatrixXd s = Eigen::Map<const RowMajor>(sin.data(), len, dim);
  return check_rope(c, s);
}

}  // namespace posenc::core
