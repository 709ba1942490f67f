#include "rope_cache.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "enum_names.hpp"

namespace posenc::core {

// Exact (float64) angles turn each row from the one before, re-anchored on the formula every this many
// rows: a rotation per row costs a quarter of a cos and a sin, and 31 rotations drift by ~1e-15.
constexpr int kAnchorRows = 32;

// <code id="rope_cache">
void fill_rope_cache(const RopeCacheSpec& spec, Eigen::MatrixXd& cos, Eigen::MatrixXd& sin) {
  const int half = static_cast<int>(spec.inv_freq.size()), rd = 2 * half;
  const int dim = std::max(spec.dim, rd), len = std::max(spec.len, 0);
  cos.resize(len, dim);  // keeps the storage when the size is the same
  sin.resize(len, dim);
  cos.rightCols(dim - rd).setOnes();  // columns that do not rotate: angle 0
  sin.rightCols(dim - rd).setZero();
  const auto store = [&](double v) {
    return spec.store_float32 ? static_cast<double>(static_cast<float>(v)) : v;
  };
  const bool exact = spec.precision == AnglePrecision::Float64;
  for (int j = 0; j < half; ++j) {
    const int a = spec.interleaved ? 2 * j : j, b = spec.interleaved ? 2 * j + 1 : j + half;
    const double theta = spec.inv_freq[j], step_c = std::cos(theta), step_s = std::sin(theta);
    double c = 1, s = 0;
    for (int r = 0; r < len; ++r) {
      if (!exact || r % kAnchorRows == 0) {
        const double angle = rounded_angle(static_cast<double>(spec.offset + r), theta, spec.precision);
        c = std::cos(angle), s = std::sin(angle);
      } else {  // exact angles: the previous row turned by θ (a rotation; anchored again every kAnchorRows
                // rows)
        const double next = c * step_c - s * step_s;
        s = s * step_c + c * step_s;
        c = next;
      }
      cos(r, a) = cos(r, b) = store(spec.attention_factor * c);
      sin(r, a) = sin(r, b) = store(spec.attention_factor * s);
    }
  }
}
// </code>

RopeCache rope_cache(const RopeCacheSpec& spec) {
  RopeCache out;
  fill_rope_cache(spec, out.cos, out.sin);
  return out;
}

namespace {

// Each example: its id, its label, and how it departs from the correct cache of example_config().
struct ExampleInfo {
  const char* id;
  const char* label;
  void (*change)(RopeConfig& c, RopeCacheSpec& spec);
};

constexpr ExampleInfo kExamples[] = {
    {"correct", "correct (as transformers builds it)", [](RopeConfig&, RopeCacheSpec&) {}},
    {"interleaved", "interleaved pairs", [](RopeConfig&, RopeCacheSpec& spec) { spec.interleaved = true; }},
    {"from-1", "positions from 1", [](RopeConfig&, RopeCacheSpec& spec) { spec.offset = 1; }},
    {"bfloat16", "angles in bfloat16",
     [](RopeConfig&, RopeCacheSpec& spec) { spec.precision = AnglePrecision::BFloat16; }},
    {"base-10000", "base 10000 (rope_theta forgotten)",
     [](RopeConfig& c, RopeCacheSpec&) { c.rope_theta = 10000; }},
    {"partial-25", "partial rotary (25%)",
     [](RopeConfig& c, RopeCacheSpec&) { c.partial_rotary_factor = 0.25; }},
    {"linear-4", "linear scaling ×4",
     [](RopeConfig& c, RopeCacheSpec&) {
       c.rope_type = RopeType::Linear;
       c.factor = 4;
     }},
    {"yarn-4", "YaRN ×4",
     [](RopeConfig& c, RopeCacheSpec&) {
       c.rope_type = RopeType::Yarn;
       c.factor = 4;
       c.original_max_position_embeddings = 8192;
       c.max_position_embeddings = 4 * 8192;
     }},
};
static_assert(std::size(kExamples) == kRopeExampleCount &&
              kRopeExampleCount == enum_count(RopeExample::Yarn4));

// Llama 3 8B's RoPE as a RopeConfig (kRopeExampleConfig read by hand: 4096 / 32 = 128 columns a head).
RopeConfig example_config() {
  RopeConfig c;
  c.hidden_size = 4096;
  c.num_attention_heads = 32;
  c.head_dim = 128;
  c.rope_theta = 500000;
  c.max_position_embeddings = 8192;
  return c;
}

double relative(double a, double b) { return std::fabs(a - b) / std::max(std::fabs(b), 1e-300); }

}  // namespace

const char* rope_example_id(RopeExample e) { return kExamples[static_cast<int>(e)].id; }
const char* rope_example_label(RopeExample e) { return kExamples[static_cast<int>(e)].label; }

// Meta-Llama-3-8B's config.json (the fields RoPE reads; rope_scaling null), as copied into several
// GitHub files found with the search tool (e.g. fixtures with "transformers_version": "4.38.2").
const char* const kRopeExampleConfig =
    R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 8192,)"
    R"( "rope_theta": 500000.0, "rope_scaling": null})";
const char* const kRopeExampleConfigSource =
    "https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json";

RopeCache rope_example_cache(RopeExample e) {
  RopeConfig c = example_config();
  RopeCacheSpec spec;
  spec.len = kRopeExampleRows;
  spec.dim = c.head_dim;
  spec.precision = AnglePrecision::Float32;
  spec.store_float32 = true;
  kExamples[static_cast<int>(e)].change(c, spec);
  const RopeInit init = rope_init(c, 0);
  spec.inv_freq = init.inv_freq;
  spec.attention_factor = init.attention_factor;
  return rope_cache(spec);
}

RopeExpected rope_expected(const RopeConfig& config, int len) {
  RopeExpected e;
  e.init = rope_init(config, len);
  e.base = config.rope_theta;
  e.head_dim = rope_head_dim(config);
  if (config.rope_type != RopeType::Default) {
    const double original = config.original_max_position_embeddings > 0
                                ? config.original_max_position_embeddings
                                : config.max_position_embeddings;
    e.factor = config.factor > 0 ? config.factor
               : original > 0    ? config.max_position_embeddings / original
                                 : 1;
  }
  return e;
}

RopeCacheSpec rope_expected_spec(const RopeExpected& e, int len, int dim) {
  RopeCacheSpec spec;
  spec.inv_freq = e.init.inv_freq;
  spec.len = len;
  spec.dim = dim;
  spec.attention_factor = e.init.attention_factor;
  return spec;
}

std::vector<RopeDifference> rope_differences(const RopeCacheCheck& c, int dim, const RopeExpected* e) {
  std::vector<RopeDifference> out;
  if (!c.ok() || c.verdict == "not_rotation") return out;
  using K = RopeDifferenceKind;
  const auto add = [&](K kind, double have = 0, double want = 0) {
    out.push_back({kind, have, want, 0, {}, {}});
    return &out.back();
  };
  if (c.verdict == "sign") add(c.swapped ? K::Swapped : K::Sign);
  if (c.layout == "interleaved") add(K::Layout, 0, c.rotary_dim / 2);
  if (c.offset != 0) add(K::Offset, static_cast<double>(c.offset));
  const bool unknown = c.rope_type == "unknown";
  bool scaling_said = false;
  if (e) {
    const int rd = e->init.rotary_dim;
    const bool other_width = dim != e->head_dim && dim != rd;
    if (other_width) add(K::Width, dim, e->head_dim)->want2 = rd;
    const bool same_width = c.rotary_dim == rd;
    if (!same_width && !(other_width && c.rotary_dim == dim))
      add(K::Rotary, c.rotary_dim, rd);  // said with the width
    if (unknown) {
      add(K::Unknown);
    } else {
      // The rule and its numbers, where the checker can name them (at any rotary width: rope_theta and
      // the scaling are the config's whatever it rotates); dynamic NTK shows as default with its grown
      // base, LongRoPE's per-pair factors as no rule — for those the frequencies themselves are compared.
      const RopeType type = e->init.rope_type;
      bool named = false;
      if (type != RopeType::LongRope && type != RopeType::Dynamic) {
        const std::string want = rope_type_name(type);
        if (relative(c.base, e->base) > 1e-6) named = true, add(K::Base, c.base, e->base);
        if (c.rope_type != want) {
          RopeDifference* d = add(K::Scaling, c.factor, e->factor);
          d->have_name = c.rope_type;
          d->want_name = want;
          named = scaling_said = true;
        } else if (want != "default" && relative(c.factor, e->factor) > 1e-3) {
          add(K::Factor, c.factor, e->factor)->have_name = want;
          named = true;
        }
      }
      if (!named && same_width && c.model_inv_freq.size() == e->init.inv_freq.size()) {
        double worst = 0;
        for (Eigen::Index j = 0; j < c.model_inv_freq.size(); ++j)
          worst = std::max(worst, relative(c.model_inv_freq[j], e->init.inv_freq[j]));
        if (worst > 1e-3) add(K::Frequencies, worst);
      }
    }
    // An attention factor that belongs to a scaling already said (YaRN's, on either side) is not said again.
    const bool yarn_own = scaling_said && c.rope_type == "yarn" &&
                          relative(c.attention_factor, yarn_get_mscale(c.factor)) < 1e-3;
    const bool config_own =
        scaling_said && (e->init.rope_type == RopeType::Yarn || e->init.rope_type == RopeType::LongRope) &&
        std::fabs(c.attention_factor - 1) < 1e-3;
    if (!yarn_own && !config_own && relative(c.attention_factor, e->init.attention_factor) > 1e-3)
      add(K::Attention, c.attention_factor, e->init.attention_factor);
  } else {
    if (c.rotary_dim < dim) add(K::Rotary, c.rotary_dim, dim);
    if (unknown) {
      add(K::Unknown);
    } else if (c.rope_type != "default") {
      RopeDifference* d = add(K::Scaling, c.factor, 1);
      d->have_name = c.rope_type;
      d->want_name = "default";
      scaling_said = true;
    }
    const bool yarn_own = scaling_said && c.rope_type == "yarn" &&
                          relative(c.attention_factor, yarn_get_mscale(c.factor)) < 1e-3;
    if (!yarn_own && std::fabs(c.attention_factor - 1) > 1e-3) add(K::Attention, c.attention_factor, 1);
  }
  if (c.precision == "bfloat16" || c.precision == "float16") add(K::Precision)->have_name = c.precision;
  // a left-over beyond the storage's rounding that the differences above do not already explain
  if (c.verdict == "mismatch" && c.max_error > 2 * c.hidden_below + 1e-6) add(K::Mismatch, c.max_error);
  return out;
}

int cache_role_from_name(std::string_view name) {
  bool cos = false, sin = false;
  std::string word;
  const auto end_word = [&] {
    cos |= word == "cos" || word == "cosine" || word == "cosines";
    sin |= word == "sin" || word == "sine" || word == "sines";
    word.clear();
  };
  char last = 0;
  for (const char ch : name) {
    const bool lower = ch >= 'a' && ch <= 'z', upper = ch >= 'A' && ch <= 'Z';
    if (!lower && !upper)
      end_word();
    else {
      if (upper && last >= 'a' && last <= 'z') end_word();  // cosCached: a new word at the capital
      word += static_cast<char>(lower ? ch : ch - 'A' + 'a');
    }
    last = ch;
  }
  end_word();
  return cos == sin ? 0 : cos ? 1 : 2;
}

}  // namespace posenc::core
