// RoPE scaling (lesson scaling): each rope_type against values derived by hand from its formula, the
// config.json reader's messages for bad input, and the presets' widths.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/json.hpp"
#include "core/model_config.hpp"
#include "core/rope_scaling.hpp"
#include "numpy.hpp"

using namespace posenc::core;

namespace {
constexpr double kPi = 3.14159265358979323846;

RopeConfig parse_ok(const std::string& text) {
  const ModelConfigResult r = parse_model_config(text);
  INFO(r.error.english());
  REQUIRE(r.ok());
  return r.config;
}

std::string error_of(const std::string& text) {
  const ModelConfigResult r = parse_model_config(text);
  REQUIRE_FALSE(r.ok());
  return r.error.english();
}

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

bool any_notice(const ModelConfigResult& r, const char* part) {
  for (const Message& m : r.notices)
    if (has(m.english(), part)) return true;
  return false;
}

// θ_i = base^(−2i/d), written out independently of the code under test.
double theta(int i, int d, double base) { return std::exp(-2.0 * i / d * std::log(base)); }

RopeInit preset_init(const char* id, double seq_len = 0) {
  const ModelPreset* p = find_model_preset(id);
  REQUIRE(p != nullptr);
  return rope_init(parse_ok(p->json), seq_len);
}
}  // namespace

TEST_CASE("default rope: inv_freq_i = base^(-2i/d), attention factor 1") {
  const RopeInit r = rope_init(parse_ok(R"({"head_dim": 8, "rope_theta": 100})"), 0);
  CHECK(r.rope_type == RopeType::Default);
  CHECK(r.rotary_dim == 8);
  REQUIRE(r.inv_freq.size() == 4);
  // 100^0, 100^-1/4, 100^-1/2, 100^-3/4
  CHECK(r.inv_freq[0] == doctest::Approx(1.0));
  CHECK(r.inv_freq[1] == doctest::Approx(0.31622776601683794));
  CHECK(r.inv_freq[2] == doctest::Approx(0.1));
  CHECK(r.inv_freq[3] == doctest::Approx(0.031622776601683794));
  CHECK(r.attention_factor == 1.0);
}

TEST_CASE("linear (position interpolation) divides every frequency by the factor") {
  const RopeInit r = rope_init(
      parse_ok(R"({"head_dim": 8, "rope_theta": 100, "rope_scaling": {"rope_type": "linear", "factor": 4}})"),
      0);
  REQUIRE(r.inv_freq.size() == 4);
  CHECK(r.inv_freq[0] == doctest::Approx(0.25));
  CHECK(r.inv_freq[2] == doctest::Approx(0.025));
  for (int i = 0; i < 4; ++i) CHECK(r.inv_freq[i] == doctest::Approx(theta(i, 8, 100) / 4));
  CHECK(r.attention_factor == 1.0);
}

TEST_CASE("dynamic NTK equals the default up to L0 and grows the base beyond it") {
  const RopeConfig c = parse_ok(R"({"head_dim": 8, "rope_theta": 100, "max_position_embeddings": 1000,
    "rope_scaling": {"type": "dynamic", "factor": 2}})");
  for (double len : {0.0, 10.0, 1000.0}) {
    const RopeInit r = rope_init(c, len);
    for (int i = 0; i < 4; ++i) CHECK(r.inv_freq[i] == doctest::Approx(theta(i, 8, 100)));
  }
  // L = 2000 = 2·L0, s = 2: base' = 100·(2·2 − 1)^(8/6) = 100·3^(4/3); θ_i = base'^(−i/4).
  const RopeInit r = rope_init(c, 2000);
  const double grown = 100 * std::pow(3.0, 4.0 / 3.0);
  for (int i = 0; i < 4; ++i) CHECK(r.inv_freq[i] == doctest::Approx(std::pow(grown, -i / 4.0)));
  CHECK(r.inv_freq[1] == doctest::Approx(std::pow(100.0, -0.25) / std::cbrt(3.0)));
  CHECK(r.inv_freq[0] == 1.0);  // pair 0 never rotates slower
}

TEST_CASE("YaRN keeps the fast pairs, divides the slow ones by s, ramps between") {
  // d = 128, base 10000, L0 = 4096: pair index turning 32 times = 20.94 → 20, once = 45.03 → 46.
  const RopeConfig c = parse_ok(R"({"head_dim": 128, "rope_theta": 10000, "max_position_embeddings": 16384,
    "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096}})");
  const RopeInit r = rope_init(c, 0);
  REQUIRE(r.inv_freq.size() == 64);
  const auto ratio = [&](int i) { return r.inv_freq[i] / theta(i, 128, 10000); };
  CHECK(ratio(0) == doctest::Approx(1.0));
  CHECK(ratio(20) == doctest::Approx(1.0));
  CHECK(ratio(21) < 1.0);
  CHECK(ratio(33) == doctest::Approx(0.25 * 0.5 + 0.5));  // ramp (33 − 20)/(46 − 20) = 1/2
  CHECK(ratio(46) == doctest::Approx(0.25));
  CHECK(ratio(63) == doctest::Approx(0.25));
  CHECK(r.attention_factor == doctest::Approx(0.1 * std::log(4.0) + 1.0));

  SUBCASE("truncate false keeps the fractional bounds") {
    RopeConfig u = c;
    u.truncate = false;
    const RopeInit t = rope_init(u, 0);
    const double low = 128 * std::log(4096 / (32 * 2 * kPi)) / (2 * std::log(10000.0));
    const double high = 128 * std::log(4096 / (1 * 2 * kPi)) / (2 * std::log(10000.0));
    const double ramp = (30 - low) / (high - low);
    CHECK(t.inv_freq[30] / theta(30, 128, 10000) == doctest::Approx(0.25 * ramp + (1 - ramp)));
  }
  SUBCASE("an explicit attention_factor wins") {
    RopeConfig u = c;
    u.attention_factor = 0.5;
    CHECK(rope_init(u, 0).attention_factor == 0.5);
  }
  SUBCASE("mscale / mscale_all_dim give the ratio of two get_mscale values") {
    RopeConfig u = c;
    u.mscale = 0.707;
    u.mscale_all_dim = 1.0;
    CHECK(rope_init(u, 0).attention_factor ==
          doctest::Approx((0.1 * 0.707 * std::log(4.0) + 1) / (0.1 * std::log(4.0) + 1)));
  }
}

TEST_CASE("Llama 3.1 keeps short wavelengths, divides long ones by 8, blends in between") {
  const RopeInit r = preset_init("llama3.1-8b");
  CHECK(r.rope_type == RopeType::Llama3);
  REQUIRE(r.inv_freq.size() == 64);
  int kept = 0, divided = 0, blended = 0;
  for (int i = 0; i < 64; ++i) {
    const double t = theta(i, 128, 500000);
    const double wavelen = 2 * kPi / t;
    if (wavelen < 8192.0 / 4) {
      CHECK(r.inv_freq[i] == doctest::Approx(t));
      ++kept;
    } else if (wavelen > 8192.0 / 1) {
      CHECK(r.inv_freq[i] == doctest::Approx(t / 8));
      ++divided;
    } else {
      const double s = (8192 / wavelen - 1) / (4 - 1);
      CHECK(r.inv_freq[i] == doctest::Approx((1 - s) * t / 8 + s * t));
      CHECK(r.inv_freq[i] < t);
      CHECK(r.inv_freq[i] > t / 8);
      ++blended;
    }
  }
  CHECK(kept > 0);
  CHECK(divided > 0);
  CHECK(blended > 0);
  CHECK(r.inv_freq[0] == doctest::Approx(1.0));
  CHECK(r.attention_factor == 1.0);
}

TEST_CASE("LongRoPE uses short factors up to the original length, long ones beyond") {
  const ModelPreset* p = find_model_preset("phi3.5-mini");
  REQUIRE(p != nullptr);
  const RopeConfig c = parse_ok(p->json);
  REQUIRE(c.short_factor.size() == 48);
  const RopeInit short_r = rope_init(c, 4096);
  const RopeInit long_r = rope_init(c, 4097);
  REQUIRE(short_r.inv_freq.size() == 48);
  CHECK(short_r.rotary_dim == 96);
  // The first and last factors as the preset lists them.
  CHECK(short_r.inv_freq[0] == doctest::Approx(1.0));
  CHECK(long_r.inv_freq[0] == doctest::Approx(1.0 / 1.0800000429153442));
  CHECK(long_r.inv_freq[47] == doctest::Approx(theta(47, 96, 10000) / 64.83999633789062));
  CHECK(short_r.inv_freq[47] == doctest::Approx(theta(47, 96, 10000) / 2.8399994373321533));
  // No seq_len is "short"; the attention factor: s = 131072/4096 = 32 = 2^5, L0 = 2^12,
  // sqrt(1 + ln 32 / ln 4096) = sqrt(1 + 5/12).
  CHECK(rope_init(c, 0).inv_freq[47] == doctest::Approx(short_r.inv_freq[47]));
  CHECK(short_r.attention_factor == doctest::Approx(std::sqrt(17.0 / 12.0)));
  CHECK(long_r.attention_factor == doctest::Approx(std::sqrt(17.0 / 12.0)));
}

TEST_CASE("partial rotary: GPT-NeoX-20B rotates 24 of its 96 head dimensions") {
  const ModelConfigResult parsed = parse_model_config(find_model_preset("gpt-neox-20b")->json);
  REQUIRE(parsed.ok());
  CHECK(any_notice(parsed, "rotary_pct"));
  CHECK(any_notice(parsed, "rotary_emb_base"));
  const RopeInit r = rope_init(parsed.config, 0);
  CHECK(r.rotary_dim == 24);  // 6144 / 64 · 0.25
  REQUIRE(r.inv_freq.size() == 12);
  CHECK(r.inv_freq[1] == doctest::Approx(std::pow(10000.0, -2.0 / 24)));
}

TEST_CASE("every preset parses, with the rotary width worked out by hand") {
  struct Expect {
    const char* id;
    int rotary_dim;
    RopeType type;
  };
  const Expect expect[] = {
      {"llama2-7b", 128, RopeType::Default},      // 4096 / 32
      {"llama3.1-8b", 128, RopeType::Llama3},     // 4096 / 32
      {"qwen2.5-7b-yarn4", 128, RopeType::Yarn},  // 3584 / 28
      {"mistral-7b", 128, RopeType::Default},     // 4096 / 32
      {"gpt-neox-20b", 24, RopeType::Default},    // 6144 / 64 · 0.25
      {"phi3.5-mini", 96, RopeType::LongRope},    // 3072 / 32
      {"deepseek-v3", 64, RopeType::Yarn},        // qk_rope_head_dim, not 7168 / 128
      {"gemma2-9b", 256, RopeType::Default},      // head_dim, not 3584 / 16
      {"llama4-scout", 128, RopeType::Llama3},    // head_dim
      {"qwen3-8b", 128, RopeType::Default},       // head_dim
      {"qwen3-8b-yarn4", 128, RopeType::Yarn},    // head_dim
      {"gemma3-27b", 128, RopeType::Linear},      // the full-attention set: head_dim, rope_scaling
      {"gpt-oss-20b", 64, RopeType::Yarn},        // head_dim
      {"smollm3-3b", 128, RopeType::Default},     // 2048 / 16
      {"qwen2.5-vl-7b", 128, RopeType::Default},  // 3584 / 28; legacy "mrope" is the default RoPE
      {"ministral3-3b", 128, RopeType::Yarn},     // head_dim
  };
  CHECK(model_presets().size() == sizeof expect / sizeof expect[0]);
  for (const Expect& e : expect) {
    INFO(e.id);
    const ModelPreset* p = find_model_preset(e.id);
    REQUIRE(p != nullptr);
    CHECK(std::string(p->source).rfind("https://", 0) == 0);
    const RopeInit r = rope_init(parse_ok(p->json), 0);
    CHECK(r.rotary_dim == e.rotary_dim);
    CHECK(r.rope_type == e.type);
    CHECK(r.inv_freq.size() == e.rotary_dim / 2);
    CHECK(r.inv_freq.allFinite());
  }
  CHECK(find_model_preset("nope") == nullptr);
}

TEST_CASE("Qwen2.5's legacy \"type\": \"yarn\" is read as rope_type, with a notice") {
  const ModelConfigResult parsed = parse_model_config(find_model_preset("qwen2.5-7b-yarn4")->json);
  REQUIRE(parsed.ok());
  CHECK(any_notice(parsed, "legacy key 'rope_scaling.type'"));
  const RopeInit r = rope_init(parsed.config, 0);
  CHECK(r.attention_factor == doctest::Approx(0.1 * std::log(4.0) + 1.0));
  CHECK(r.inv_freq[0] == doctest::Approx(1.0));
  CHECK(r.inv_freq[63] == doctest::Approx(theta(63, 128, 1e6) / 4));
}

TEST_CASE("DeepSeek-V3: YaRN ×40 with mscale = mscale_all_dim gives attention factor 1") {
  const RopeInit r = preset_init("deepseek-v3");
  CHECK(r.attention_factor == doctest::Approx(1.0));
  CHECK(r.inv_freq[0] == doctest::Approx(1.0));
  CHECK(r.inv_freq[31] == doctest::Approx(theta(31, 64, 10000) / 40));
}

TEST_CASE("Llama 2 has no rope_theta: the default 10000 is used and said") {
  const ModelConfigResult parsed = parse_model_config(find_model_preset("llama2-7b")->json);
  REQUIRE(parsed.ok());
  CHECK(any_notice(parsed, "no rope_theta"));
  CHECK(parsed.config.rope_theta == 10000.0);
}

TEST_CASE("multimodal configs: the text model's fields come from text_config") {
  const ModelConfigResult parsed =
      parse_model_config(R"({"vision_config": {"hidden_size": 1152}, "text_config": {"head_dim": 256,
        "rope_theta": 1000000, "hidden_size": 2560}})");
  REQUIRE(parsed.ok());
  CHECK(any_notice(parsed, "text_config"));
  CHECK(rope_init(parsed.config, 0).rotary_dim == 256);
}

TEST_CASE("bad configs give a message naming what is wrong") {
  CHECK(has(error_of("{\"hidden_size\": 4096,"), "not valid JSON"));
  CHECK(has(error_of("{\"hidden_size\": 40x96}"), "line 1, column"));
  CHECK(has(error_of("[1, 2]"), "must be a JSON object"));
  CHECK(has(error_of(R"({"num_attention_heads": 32})"), "missing required key 'hidden_size'"));
  CHECK(has(error_of(R"({"hidden_size": 4096})"), "missing required key 'num_attention_heads'"));
  CHECK(has(error_of(R"({"hidden_size": "4096", "num_attention_heads": 32})"),
            "'hidden_size' must be a number, got '4096'"));
  CHECK(has(error_of(R"({"hidden_size": -4096, "num_attention_heads": 32})"),
            "'hidden_size' must be positive"));
  CHECK(has(error_of(R"({"head_dim": 64.5})"), "whole number"));
  CHECK(has(error_of(R"({"head_dim": 0})"), "must be positive"));
  CHECK(has(error_of(R"({"head_dim": 1000000})"), "exceeds the cap of 4096"));
  CHECK(has(error_of(R"({"head_dim": 1e300})"), "at most"));
  CHECK(has(error_of(R"({"head_dim": 7})"), "must be even"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_theta": 1})"), "greater than 1"));
  CHECK(has(error_of(R"({"head_dim": 64, "partial_rotary_factor": 2})"), "at most 1"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": 0.5}})"),
            "'rope_scaling.factor' must be at least 1, got 0.5"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear"}})"),
            "missing required key 'rope_scaling.factor'"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": {"rope_type": "su"}})"), "unknown rope_type 'su'"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": {"type": 3}})"), "must be a string"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": [1]})"), "'rope_scaling' must be an object"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": {"rope_type": "dynamic", "factor": 2}})"),
            "missing required key 'max_position_embeddings'"));
  CHECK(has(
      error_of(R"({"head_dim": 8, "max_position_embeddings": 8192, "original_max_position_embeddings": 4096,
              "rope_scaling": {"rope_type": "longrope", "short_factor": [1, 1, 1],
                               "long_factor": [1, 1, 1, 1]}})"),
      "'rope_scaling.short_factor' has 3 values; rotary_dim / 2 = 4 are needed"));
  CHECK(has(error_of(R"({"head_dim": 8, "max_position_embeddings": 8192,
              "rope_scaling": {"rope_type": "longrope", "short_factor": [1, 1, 1, 1],
                               "long_factor": [1, "x", 1, 1]}})"),
            "positive numbers"));
  CHECK(has(error_of(R"({"head_dim": 64, "max_position_embeddings": 8192,
              "rope_scaling": {"rope_type": "yarn", "factor": 4, "beta_fast": -1}})"),
            "'rope_scaling.beta_fast' must be positive"));
  CHECK(has(error_of(std::string(kMaxConfigBytes + 1, ' ')), "bytes; at most"));
}

TEST_CASE("wavelength 2π/θ and the per-pair factor new/old") {
  Eigen::VectorXd inv(3), scaled(3);
  inv << 1.0, 0.5, 0.25;
  scaled << 1.0, 0.25, 0.025;
  const Eigen::VectorXd w = rope_wavelengths(inv);
  CHECK(w[0] == doctest::Approx(2 * kPi));
  CHECK(w[2] == doctest::Approx(8 * kPi));
  const Eigen::VectorXd f = rope_scale_factors(scaled, inv);
  CHECK(f[0] == doctest::Approx(1.0));
  CHECK(f[1] == doctest::Approx(0.5));
  CHECK(f[2] == doctest::Approx(0.1));
  CHECK(yarn_get_mscale(1.0) == 1.0);
  CHECK(yarn_get_mscale(0.5, 3.0) == 1.0);
  CHECK(yarn_get_mscale(std::exp(2.0), 0.5) == doctest::Approx(1.1));
}

TEST_CASE("attention entropy: ln L with equal logits, ln L − σ²/2 for Gaussian logits at large L") {
  const std::vector<double> lengths = {1, 2, 10, 1000, 1 << 18};
  // spread 0: every key weighs the same, H = ln L exactly (any scale).
  const Eigen::MatrixXd flat = attention_entropy(lengths, 0.0, {1.0, 3.0}, 1, 5);
  for (size_t k = 0; k < lengths.size(); ++k)
    for (int j = 0; j < 2; ++j) CHECK(flat(k, j) == doctest::Approx(std::log(lengths[k])).epsilon(1e-12));
  // Logits N(0, σ²): Z ≈ L·E[e^z] = L·e^{σ²/2}, Σ z e^z / Z ≈ E[z e^z]/E[e^z] = σ², so H ≈ ln L − σ²/2
  // (log-normal moments, valid while L ≫ e^{σ²}). Scale a multiplies σ.
  const Eigen::MatrixXd h = attention_entropy(lengths, 1.0, {1.0, 1.5}, 4, 7);
  CHECK(h(4, 0) == doctest::Approx(std::log(1 << 18) - 0.5).epsilon(0.002));
  CHECK(h(4, 1) == doctest::Approx(std::log(1 << 18) - 1.125).epsilon(0.003));
  CHECK(h(0, 0) == 0.0);  // one key: all the weight, no uncertainty
  // Very sharp logits (a·σ = 40): finite, between 0 and ln L, lower than the milder scale.
  const Eigen::MatrixXd sharp = attention_entropy(lengths, 8.0, {5.0, 1.0}, 1, 9);
  for (size_t k = 0; k < lengths.size(); ++k) {
    CHECK(std::isfinite(sharp(k, 0)));
    CHECK(sharp(k, 0) >= -1e-12);
    CHECK(sharp(k, 0) <= std::log(lengths[k]) + 1e-12);
    CHECK(sharp(k, 0) <= sharp(k, 1) + 1e-12);
  }
  // Same seed, same numbers; lengths past the cap are clamped, not walked.
  CHECK(attention_entropy({10, 100}, 1.0, {1.0}, 2, 3) == attention_entropy({10, 100}, 1.0, {1.0}, 2, 3));
  CHECK(attention_entropy({1e12}, 0.0, {1.0}, 1, 3)(0, 0) ==
        doctest::Approx(std::log(double(kMaxEntropyKeys))));
}

TEST_CASE("content/code/scaling.py computes what the core computes, for today's presets") {
  // Each line: the Python function on the preset's numbers, against core::rope_init on the same config.
  struct Case {
    const char* preset;
    double seq_len;
    std::string python;  // prints [inv_freq…, attention_factor]
  };
  const Case cases[] = {
      {"deepseek-v3", 0, "f, a = yarn(64, 10000, 40, 4096, 32, 1, mscale=1.0, mscale_all_dim=1.0)"},
      {"gpt-oss-20b", 0, "f, a = yarn(64, 150000, 32, 4096, 32, 1, truncate=False)"},
      {"qwen3-8b-yarn4", 0, "f, a = yarn(128, 1e6, 4.0, 32768)"},
      {"llama4-scout", 0, "f, a = llama3(128, 500000, 16, 8192, 1.0, 1.0), 1.0"},
      {"phi3.5-mini", 0,
       "c = json.loads(CONFIG)['rope_scaling']\n"
       "f, a = longrope(96, 10000, c['short_factor'], c['long_factor'], 4096, 131072)"},
      {"phi3.5-mini", 131072,
       "c = json.loads(CONFIG)['rope_scaling']\n"
       "f, a = longrope(96, 10000, c['short_factor'], c['long_factor'], 4096, 131072, seq_len=131072)"},
  };
  for (const Case& k : cases) {
    CAPTURE(k.preset);
    CAPTURE(k.seq_len);
    const ModelPreset* p = find_model_preset(k.preset);
    REQUIRE(p);
    const RopeInit want = rope_init(parse_ok(p->json), k.seq_len);
    std::string json = p->json;
    std::string quoted;
    for (char ch : json) quoted += ch == '\n' ? std::string("\\n") : std::string(1, ch);
    const std::string out = posenc::test::last_line(posenc::test::run_numpy(
        "scaling",
        "CONFIG = '''" + quoted + "'''\n" + k.python + "\nprint(json.dumps(list(map(float, f)) + [a]))\n",
        true));
    JsonParse j = parse_json(out);
    REQUIRE(j.ok());
    REQUIRE(j.value.items.size() == static_cast<std::size_t>(want.inv_freq.size()) + 1);
    for (Eigen::Index i = 0; i < want.inv_freq.size(); ++i)
      CHECK(j.value.items[i].number == doctest::Approx(want.inv_freq[i]).epsilon(1e-12));
    CHECK(j.value.items.back().number == doctest::Approx(want.attention_factor).epsilon(1e-12));
  }
  // DeepSeek-V3's softmax scale, and Gemma 4's proportional frequencies.
  const std::string ds = posenc::test::last_line(
      posenc::test::run_numpy("scaling", "print(repr(deepseek_softmax_scale(40, 1.0)))\n", true));
  CHECK(std::stod(ds) ==
        doctest::Approx(parse_model_config(find_model_preset("deepseek-v3")->json).softmax_scale)
            .epsilon(1e-14));
  RopeConfig g4;
  g4.head_dim = 512, g4.rope_theta = 1e6, g4.partial_rotary_factor = 0.25,
  g4.rope_type = RopeType::Proportional;
  const RopeInit want = rope_init(g4, 0);
  CHECK(want.rotary_dim == 128);
  const JsonParse got = parse_json(posenc::test::last_line(posenc::test::run_numpy(
      "scaling", "print(json.dumps(list(map(float, proportional(512, 1e6, 0.25)))))\n", true)));
  REQUIRE(got.ok());
  REQUIRE(got.value.items.size() == 256);
  for (int i = 0; i < 256; ++i)
    CHECK(got.value.items[i].number == doctest::Approx(want.inv_freq[i]).epsilon(1e-12));
}
