// A cache against a model, directly: correct caches as transformers builds them — float32 angles, values
// stored in float32, float16 or bfloat16, LongRoPE short and long, YaRN with its attention factor, a slice
// far into the context, each layer type of a model with two sets — are judged to match; the classic bugs
// are not. The caches are built here from the formulas (float32 rounding emulated), apart from the core's
// cache builder.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/check_rope.hpp"
#include "core/model_config.hpp"
#include "core/rope_match.hpp"
#include "core/rope_scaling.hpp"
#include "data_files.hpp"
#include "paths.hpp"

using namespace posenc::core;

namespace {

struct Cache {
  Eigen::MatrixXd cos, sin;
};

float f32(double x) { return static_cast<float>(x); }

// rotate_half's cache as transformers builds it: θ_j in float32, pos·θ_j as one float32 product, cos and
// sin in float32 times the attention factor, then stored in `storage` (bf16 by rounding the float32 bits).
Cache build(const Eigen::VectorXd& theta, long long offset, int len, double af, const std::string& storage,
            double angle_scale = 1, bool interleaved = false, bool bf16_angles = false) {
  const int half = static_cast<int>(theta.size()), dim = 2 * half;
  Cache c{Eigen::MatrixXd(len, dim), Eigen::MatrixXd(len, dim)};
  for (int r = 0; r < len; ++r)
    for (int j = 0; j < half; ++j) {
      const bool f64 = storage == "float64";  // a float64 pipeline throughout
      double a = f32(static_cast<double>(f32(static_cast<double>(offset + r))) * f32(theta[j]));
      if (f64) a = static_cast<double>(offset + r) * theta[j];
      if (bf16_angles) {
        const double p = round_to_precision(static_cast<double>(offset + r), AnglePrecision::BFloat16);
        a = f32(round_to_precision(p * round_to_precision(theta[j], AnglePrecision::BFloat16),
                                   AnglePrecision::BFloat16));
      }
      a = f64 ? a * angle_scale : f32(a * angle_scale);
      double cv = f64 ? std::cos(a) * af : f32(std::cos(a) * af),
             sv = f64 ? std::sin(a) * af : f32(std::sin(a) * af);
      if (storage == "bfloat16")
        cv = round_to_precision(cv, AnglePrecision::BFloat16),
        sv = round_to_precision(sv, AnglePrecision::BFloat16);
      if (storage == "float16")
        cv = round_to_precision(cv, AnglePrecision::Float16),
        sv = round_to_precision(sv, AnglePrecision::Float16);
      for (int col : {interleaved ? 2 * j : j, interleaved ? 2 * j + 1 : j + half}) {
        c.cos(r, col) = cv;
        c.sin(r, col) = sv;
      }
    }
  return c;
}

ModelConfigResult model(const std::string& json) {
  ModelConfigResult m = parse_model_config(json);
  INFO(m.error.english());
  REQUIRE(m.ok());
  return m;
}

const char* kLlama31 = R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072,
  "rope_theta": 500000.0, "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
  "original_max_position_embeddings": 8192, "rope_type": "llama3"}})";

}  // namespace

TEST_CASE("rope match: correct caches of today's models match, whatever their storage, scaling or offset") {
  struct Case {
    const char* what;
    std::string json;
    long long offset;
    int len;
    const char* storage;
    const char* set;
  };
  const Case cases[] = {
      {"Llama 3.1, float32", kLlama31, 0, 512, "float32", "full_attention"},
      {"Llama 3.1, a bfloat16 slice at 120 000", kLlama31, 120000, 64, "bfloat16", "full_attention"},
      {"Llama 3.1, float16 values, 8192 rows", kLlama31, 0, 8192, "float16", "full_attention"},
      {"Qwen3 YaRN ×4 in bfloat16", R"({"head_dim": 128, "max_position_embeddings": 131072, "rope_theta": 1e6,
        "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}})",
       0, 1024, "bfloat16", "full_attention"},
      {"Gemma 3, a sliding layer", R"({"model_type": "gemma3_text", "head_dim": 64, "num_hidden_layers": 6,
        "rope_scaling": {"rope_type": "linear", "factor": 8}})",
       0, 256, "bfloat16", "sliding_attention"},
      {"Gemma 3, a full layer", R"({"model_type": "gemma3_text", "head_dim": 64, "num_hidden_layers": 6,
        "rope_scaling": {"rope_type": "linear", "factor": 8}})",
       0, 256, "float32", "full_attention"},
  };
  for (const Case& k : cases) {
    CAPTURE(k.what);
    const ModelConfigResult m = model(k.json);
    const RopeSet* s = m.set(k.set);
    REQUIRE(s);
    const RopeInit init = rope_init(s->config, static_cast<double>(k.offset + k.len));
    const Cache c = build(init.inv_freq, k.offset, k.len, init.attention_factor, k.storage);
    const RopeMatch r = match_rope_cache(c.cos, c.sin, m);
    CAPTURE(r.max_excess);
    CAPTURE(r.max_error);
    CHECK(r.matches);
    CHECK(r.layer_type == k.set);
    CHECK(r.offset == k.offset);
    CHECK(r.storage == k.storage);
  }
}

TEST_CASE("rope match: Phi-3.5's LongRoPE caches match with short factors up to 4096 tokens, long beyond") {
  // Phi-3.5-mini's shape with made-up factors (the preset's are tested through the compute kind).
  std::string shorts, longs;
  for (int j = 0; j < 48; ++j) {
    shorts += (j ? ", " : "") + std::to_string(1 + 0.02 * j);
    longs += (j ? ", " : "") + std::to_string(1 + 1.3 * j);
  }
  const ModelConfigResult m = model(R"({"model_type": "phi3", "hidden_size": 3072, "num_attention_heads": 32,
      "max_position_embeddings": 131072, "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
      "rope_scaling": {"type": "longrope", "short_factor": [)" +
                                    shorts + R"(], "long_factor": [)" + longs + "]}}");
  for (auto [offset, len] : {std::pair<long long, int>{0, 1024}, {6000, 256}}) {
    CAPTURE(offset);
    const RopeInit init = rope_init(m.config, static_cast<double>(offset + len));
    const Cache c = build(init.inv_freq, offset, len, init.attention_factor, "float32");
    const RopeMatch r = match_rope_cache(c.cos, c.sin, m);
    CAPTURE(r.max_excess);
    CHECK(r.matches);
    CHECK(r.offset == offset);
  }
}

TEST_CASE("rope match: the classic bugs do not match") {
  const ModelConfigResult m = model(kLlama31);
  const RopeInit init = rope_init(m.config, 1024);
  const auto excess = [&](const Cache& c) {
    const RopeMatch r = match_rope_cache(c.cos, c.sin, m);
    CHECK_FALSE(r.matches);
    return r.max_excess;
  };
  // The default base instead of the config's, no llama3 scaling, interleaved pairs, angles in bfloat16
  // far into the context, YaRN's attention factor missing (on a YaRN model).
  excess(
      build(rope_init(parse_model_config(R"({"head_dim": 128})").config, 0).inv_freq, 0, 1024, 1, "float32"));
  RopeConfig plain = m.config;
  plain.rope_type = RopeType::Default;
  excess(build(rope_init(plain, 0).inv_freq, 0, 1024, 1, "float32"));
  excess(build(init.inv_freq, 0, 1024, 1, "float32", 1, true));
  excess(build(init.inv_freq, 60000, 256, 1, "float32", 1, false, true));
  const ModelConfigResult yarn =
      model(R"({"head_dim": 64, "max_position_embeddings": 16384, "rope_theta": 1e4,
      "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096}})");
  const RopeInit yi = rope_init(yarn.config, 1024);
  const Cache no_factor = build(yi.inv_freq, 0, 1024, 1.0, "bfloat16");
  CHECK_FALSE(match_rope_cache(no_factor.cos, no_factor.sin, yarn).matches);
  const Cache with_factor = build(yi.inv_freq, 0, 1024, yi.attention_factor, "bfloat16");
  CHECK(match_rope_cache(with_factor.cos, with_factor.sin, yarn).matches);
}

namespace {

// Every published config (tests/data/configs, and POSENC_BROAD_CONFIGS when set): for each RoPE set, a
// correct cache — float32 pipeline with values stored in float32, float16 or bfloat16, or a float64
// pipeline stored in float64; as wide as the rotating columns or, for partial rotary, the whole head with
// the still columns at cos 1, sin 0 — at position 0 and as a slice far into the context, must be judged a
// cache the model builds, at the right position, by the direct test and by the whole answer with the
// config (compute's); without the config, it may be undecided or a slice, never a bug. The classic bugs of
// each (rows from 1, frequencies 1% off, interleaved pairs, no attention factor) never match. Returns the
// correct caches checked.
int check_folder(const std::string& dir) {
  int checked = 0;
  for (const std::string& n : posenc::test::json_files(dir)) {
    const ModelConfigResult m = parse_model_config(posenc::test::file_text(dir + "/" + n));
    if (!m.ok()) continue;  // models without RoPE, configs transformers refuses
    for (const RopeSet& s : m.sets)
      for (long long offset : {0LL, 30000LL})
        for (const char* storage : {"bfloat16", "float16", "float32", "float64"})
          for (bool whole_head : {false, true}) {
            const RopeInit init = rope_init(s.config, static_cast<double>(offset + 64));
            const int head = rope_head_dim(s.config), rd = static_cast<int>(2 * init.inv_freq.size());
            if (whole_head && head <= rd) continue;
            CAPTURE(n);
            CAPTURE(s.layer_type);
            CAPTURE(offset);
            CAPTURE(storage);
            CAPTURE(whole_head);
            Cache c = build(init.inv_freq, offset, 64, init.attention_factor, storage);
            if (whole_head) {  // the still columns: angle 0
              c.cos.conservativeResize(Eigen::NoChange, head);
              c.sin.conservativeResize(Eigen::NoChange, head);
              c.cos.rightCols(head - rd).setOnes();
              c.sin.rightCols(head - rd).setZero();
            }
            const RopeMatch r = match_rope_cache(c.cos, c.sin, m);
            CAPTURE(r.max_excess);
            CHECK(r.matches);
            CHECK(r.offset == offset);
            // The set named builds this cache (identical sets under two layer types may take either name).
            const RopeSet* named = m.set(r.layer_type);
            REQUIRE(named);
            CHECK((rope_init(named->config, static_cast<double>(offset + 64)).inv_freq - init.inv_freq)
                      .cwiseAbs()
                      .maxCoeff() == 0);
            const RopeVerdict with = rope_verdict(c.cos, c.sin, &m);
            CHECK(with.verdict == "matches");
            CHECK_FALSE(with.undecided);
            if (std::string(storage) == "bfloat16" || std::string(storage) == "float32") {
              const RopeVerdict without = rope_verdict(c.cos, c.sin, nullptr);
              INFO(without.message());
              CHECK((without.verdict == "matches" || without.verdict == "undecided" ||
                     (offset != 0 && without.verdict == "offset")));
            }
            // …and the classic bugs of that cache, built alike, are never judged to match.
            if (offset == 0 && std::string(storage) == "bfloat16" && !whole_head) {
              const double af = init.attention_factor;
              const auto judged = [&](const Cache& bug) {
                return rope_verdict(bug.cos, bug.sin, &m).verdict;
              };
              CHECK(judged(build(init.inv_freq, 1, 64, af, storage)) == "off_by_one");
              CHECK(judged(build(init.inv_freq, 0, 64, af, storage, 1.01)) != "matches");
              if (m.rotation != RopeRotation::Interleaved)
                CHECK(judged(build(init.inv_freq, 0, 64, af, storage, 1, true)) != "matches");
              if (std::fabs(af - 1) > 0.01)
                CHECK(judged(build(init.inv_freq, 0, 64, 1.0, storage)) != "matches");
            }
            ++checked;
          }
  }
  return checked;
}

}  // namespace

TEST_CASE("rope match: a correct cache of every published config's every RoPE set matches, at 0 and far in") {
  CHECK(check_folder(std::string(posenc::test::kSourceDir) + "/tests/data/configs") >= 320);
  if (const char* broad = std::getenv("POSENC_BROAD_CONFIGS"))
    MESSAGE("broad: " << check_folder(broad) << " caches");
}

TEST_CASE("without a config: what the evidence cannot decide is said, never a named bug") {
  // LongRoPE's shape with factors no preset has (Phi-3.5's short ones × 1.3): undecided, the factors named.
  {
    const ModelConfigResult phi = model(find_model_preset("phi3.5-mini")->json);
    RopeConfig c = phi.config;
    for (double& f : c.short_factor) f *= 1.3;
    const RopeInit init = rope_init(c, 256);
    const Cache k = build(init.inv_freq, 0, 256, init.attention_factor, "float32");
    const RopeVerdict v = rope_verdict(k.cos, k.sin, nullptr);
    INFO(v.message());
    CHECK(v.verdict == "undecided");
    CHECK(v.undecided);
    CHECK(v.doubt.format.find("LongRoPE's shape") != std::string::npos);
    CHECK(v.fix.english().find("give the model's config") != std::string::npos);
  }
  // A correct cache plus a left-over of about twice a correct pipeline's rounding: undecided.
  {
    Cache k = build(rope_default_inv_freq(64, 10000), 0, 256, 1, "float32");
    for (Eigen::Index i = 0; i < k.cos.size(); ++i) k.cos.data()[i] += (i % 7 == 3 ? 1.5e-6 : 0);
    const RopeVerdict v = rope_verdict(k.cos, k.sin, nullptr);
    INFO(v.message());
    CHECK(v.verdict == "undecided");
    CHECK(v.doubt.format.find("about the size of the rounding") != std::string::npos);
    // …ten times larger, it is a difference
    for (Eigen::Index i = 0; i < k.cos.size(); ++i) k.cos.data()[i] += (i % 7 == 3 ? 13.5e-6 : 0);
    CHECK(rope_verdict(k.cos, k.sin, nullptr).verdict == "mismatch");
  }
  // Not a rotation: the answer still says why (it once lost the sentence).
  {
    Cache k = build(rope_default_inv_freq(16, 10000), 0, 32, 1, "float32");
    k.cos.col(3) *= 0.5;
    k.sin.col(3) *= 0.5;
    const RopeVerdict v = rope_verdict(k.cos, k.sin, nullptr);
    CHECK(v.verdict == "not_rotation");
    CHECK(v.message().find("cos² + sin² is not one constant") != std::string::npos);
  }
  // Angles in bfloat16 over a few rows, stored in bfloat16. Where the difference they make (measured here
  // against the float32 pipeline's cache, entry by entry) is within what a correct pipeline may leave, no
  // bug may be named and the doubt, if any, says the storage hides it; where it is far beyond, the bug is
  // named.
  int hidden = 0, named = 0;
  for (int rows = 3; rows <= 40; ++rows) {
    CAPTURE(rows);
    const Eigen::VectorXd theta = rope_default_inv_freq(64, 10000);
    const Cache k = build(theta, 0, rows, 1, "bfloat16", 1, false, true);
    const Cache right = build(theta, 0, rows, 1, "bfloat16");
    // the largest difference over the rounding a correct pipeline may leave there (the checker's stated
    // allowance: a float32 ulp of θ_j times the position, float32 cos/sin, the bfloat16 storage; twice it)
    double made = 0;
    for (const auto& [a, b] : {std::pair{&k.cos, &right.cos}, std::pair{&k.sin, &right.sin}})
      for (Eigen::Index r = 0; r < a->rows(); ++r)
        for (Eigen::Index c = 0; c < a->cols(); ++c) {
          const double allowed = 2 * (r * theta[c % 32] * 0x1p-22 + 0x1p-21 + std::fabs((*b)(r, c)) * 0x1p-8);
          made = std::max(made, std::fabs((*a)(r, c) - (*b)(r, c)) / allowed);
        }
    const RopeVerdict v = rope_verdict(k.cos, k.sin, nullptr);
    INFO(v.message());
    if (made <= 1) {
      ++hidden;
      CHECK((v.verdict == "matches" || v.verdict == "undecided"));
      CHECK(v.message().find("cannot be seen") != std::string::npos);
    } else if (made > 8) {
      ++named;
      CHECK(v.verdict == "low_precision");
    }
  }
  CHECK(hidden > 0);
  CHECK(named > 0);
}
