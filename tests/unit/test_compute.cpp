// posenc.compute: shapes, values against the core, and readable errors for bad arguments.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "app/compute.hpp"

using namespace posenc::app;

namespace {
using Type = ArgValue::Type;
ArgValue num(double v) { return {Type::Number, v, {}, {}}; }
ArgValue str(const char* s) { return {Type::String, 0, s, {}}; }
ArgValue boolean(bool b) { return {Type::Bool, static_cast<double>(b), {}, {}}; }
ArgValue arr(std::vector<double> v) { return {Type::Array, 0, {}, std::move(v)}; }
ArgValue other(const char* t) { return {Type::Other, 0, t, {}}; }
}  // namespace

TEST_CASE("sinusoidal returns len x dim row-major, positions from offset") {
  const ComputeResult r = compute("sinusoidal", {{"len", num(3)}, {"dim", num(4)}, {"offset", num(10)}});
  REQUIRE(r.error.empty());
  CHECK(r.shape == std::vector<int>{3, 4});
  REQUIRE(r.data.size() == 12);
  // row 1 is position 11: col 0 = sin(11), col 1 = cos(11), col 2 = sin(11/100)
  CHECK(r.data[4] == doctest::Approx(std::sin(11.0)));
  CHECK(r.data[5] == doctest::Approx(std::cos(11.0)));
  CHECK(r.data[6] == doctest::Approx(std::sin(0.11)));
  const ComputeResult h = compute("sinusoidal", {{"len", num(2)}, {"dim", num(4)}, {"layout", str("half")}});
  REQUIRE(h.error.empty());
  CHECK(h.data[4 + 1] == doctest::Approx(std::sin(0.01)));  // half: sines first
  CHECK(h.data[4 + 2] == doctest::Approx(std::cos(1.0)));
}

TEST_CASE("attention gives the equivariance residual: ~0 without PE, large with PE") {
  const ComputeResult a =
      compute("attention",
              {{"tokens", num(6)}, {"dim", num(16)}, {"seed", num(3)}, {"perm", arr({5, 4, 3, 2, 1, 0})}});
  REQUIRE(a.error.empty());
  CHECK(a.shape == std::vector<int>{2});
  CHECK(a.data[0] < 1e-12);
  CHECK(a.data[1] < 1e-12);
  const ComputeResult b = compute("attention", {{"tokens", num(6)},
                                                {"dim", num(16)},
                                                {"seed", num(3)},
                                                {"with_pe", boolean(true)},
                                                {"perm", arr({1, 0, 2, 3, 4, 5})}});
  REQUIRE(b.error.empty());
  CHECK(b.data[0] > 1e-6);
  CHECK(b.data[1] > 1e-9);
}

TEST_CASE("pe_dot is len x len and shift_map is dim x dim with PE(p+k) = M_k PE(p)") {
  const ComputeResult d = compute("pe_dot", {{"len", num(5)}, {"dim", num(8)}});
  REQUIRE(d.error.empty());
  CHECK(d.shape == std::vector<int>{5, 5});
  CHECK(d.data[0] == doctest::Approx(4.0));            // PE(0)·PE(0) = d/2
  CHECK(d.data[1] == doctest::Approx(d.data[5 + 2]));  // (0,1) = (1,2): Toeplitz
  const ComputeResult m = compute("shift_map", {{"dim", num(4)}, {"k", num(3)}, {"base", num(100)}});
  REQUIRE(m.error.empty());
  CHECK(m.shape == std::vector<int>{4, 4});
  const double p = 2.0, w1 = 0.1;  // pair 1 of d = 4, base 100: ω = 100^(−2/4)
  const double sin_p = std::sin(p * w1), cos_p = std::cos(p * w1);
  CHECK(m.data[2 * 4 + 2] * sin_p + m.data[2 * 4 + 3] * cos_p == doctest::Approx(std::sin((p + 3) * w1)));
  CHECK(m.data[3 * 4 + 2] * sin_p + m.data[3 * 4 + 3] * cos_p == doctest::Approx(std::cos((p + 3) * w1)));
  CHECK(m.data[0 * 4 + 2] == 0.0);
}

TEST_CASE("cosine_stats gives mean |cos|, theory and a 20-bin histogram; shaw_index the clipped offsets") {
  const ComputeResult c =
      compute("cosine_stats", {{"dim", num(128)}, {"words", num(200)}, {"positions", num(100)}});
  REQUIRE(c.error.empty());
  CHECK(c.shape == std::vector<int>{22});
  CHECK(c.data[1] == doctest::Approx(std::sqrt(2.0 / (3.141592653589793 * 128))));
  double total = 0;
  for (int i = 2; i < 22; ++i) total += c.data[i];
  CHECK(total == doctest::Approx(1.0));
  const ComputeResult s = compute("shaw_index", {{"len", num(4)}, {"k", num(1)}});
  REQUIRE(s.error.empty());
  CHECK(s.data == std::vector<double>{1, 2, 2, 2, 0, 1, 2, 2, 0, 0, 1, 2, 0, 0, 0, 1});
}

TEST_CASE("rope, rope_decay, alibi_slopes and t5_bucket answer with the core's numbers") {
  const ComputeResult r = compute("rope", {{"x", arr({1, 0, 0, 1})}, {"pos", num(2)}, {"base", num(100)}});
  REQUIRE(r.error.empty());
  CHECK(r.shape == std::vector<int>{4});
  CHECK(r.data[0] == doctest::Approx(std::cos(2.0)));  // pair 0 turned by 2·θ_0 = 2
  CHECK(r.data[1] == doctest::Approx(std::sin(2.0)));
  CHECK(r.data[2] == doctest::Approx(-std::sin(0.2)));  // pair 1: θ_1 = 100^(−1/2) = 0.1
  const ComputeResult d = compute("rope_decay", {{"dim", num(16)}, {"max_dist", num(10)}});
  REQUIRE(d.error.empty());
  CHECK(d.shape == std::vector<int>{11});
  CHECK(d.data[0] == doctest::Approx(4.5));
  const ComputeResult a = compute("alibi_slopes", {{"heads", num(4)}});
  CHECK(a.data == std::vector<double>{0.25, 0.0625, 0.015625, 0.00390625});
  const ComputeResult t =
      compute("t5_bucket", {{"rel", arr({0, -3, 3, -1000})}, {"bidirectional", boolean(false)}});
  REQUIRE(t.error.empty());
  CHECK(t.data == std::vector<double>{0, 3, 0, 31});
}

TEST_CASE("bad arguments give a readable error, never data") {
  auto err = [](const char* kind, Args args) {
    const ComputeResult r = compute(kind, args);
    CHECK(r.data.empty());
    return r.error;
  };
  CHECK(err("nope", {}).find("unknown kind") != std::string::npos);
  CHECK(err("sinusoidal", {}).find("missing argument 'len'") != std::string::npos);
  CHECK(err("sinusoidal", {{"len", str("10")}, {"dim", num(4)}}).find("len must be a whole number") !=
        std::string::npos);
  CHECK(err("sinusoidal", {{"len", num(1e9)}, {"dim", num(4)}}).find("8192") != std::string::npos);
  CHECK(err("sinusoidal", {{"len", num(8192)}, {"dim", num(4096)}}).find("cap") != std::string::npos);
  CHECK(err("sinusoidal", {{"len", num(-1)}, {"dim", num(4)}}).find("between 1 and") != std::string::npos);
  CHECK(err("sinusoidal", {{"len", num(NAN)}, {"dim", num(4)}}).size() > 0);
  CHECK(err("sinusoidal", {{"len", num(4)}, {"dim", num(4)}, {"base", num(1)}}).find("base") !=
        std::string::npos);
  CHECK(err("sinusoidal", {{"len", num(4)}, {"dim", num(4)}, {"layout", str("zigzag")}}).find("'half'") !=
        std::string::npos);
  CHECK(err("sinusoidal", {{"len", num(4)}, {"dim", num(4)}, {"lenn", num(4)}})
            .find("unknown argument 'lenn'") != std::string::npos);
  CHECK(err("sinusoidal", {{"len", other("an object")}, {"dim", num(4)}}).find("an object") !=
        std::string::npos);
  CHECK(err("attention", {{"tokens", num(3)}, {"dim", num(4)}, {"perm", arr({0, 0, 1})}})
            .find("exactly once") != std::string::npos);
  CHECK(err("pe_dot", {{"len", num(5000)}, {"dim", num(4)}}).find("2048") != std::string::npos);
  CHECK(err("shift_map", {{"dim", num(5)}, {"k", num(1)}}).find("even") != std::string::npos);
  CHECK(err("shift_map", {{"dim", num(4)}}).find("missing argument 'k'") != std::string::npos);
  CHECK(err("rope", {{"x", arr({1, 2, 3})}, {"pos", num(1)}}).find("even") != std::string::npos);
  CHECK(err("rope", {{"x", arr({1, NAN})}, {"pos", num(1)}}).find("finite") != std::string::npos);
  CHECK(err("rope_decay", {{"dim", num(7)}, {"max_dist", num(4)}}).find("even") != std::string::npos);
  CHECK(err("alibi_slopes", {{"heads", num(0)}}).find("between 1") != std::string::npos);
  CHECK(err("t5_bucket", {{"rel", arr({0.5})}}).find("whole") != std::string::npos);
  CHECK(err("t5_bucket", {{"rel", arr({1})}, {"buckets", num(2)}}).find("too small") != std::string::npos);
  CHECK(err("attention", {{"tokens", num(3)}, {"dim", num(4)}, {"perm", arr({0, 1})}}).find("exactly once") !=
        std::string::npos);
  CHECK(err("attention", {{"tokens", num(3)}, {"dim", num(4)}, {"with_pe", str("yes")}})
            .find("true or false") != std::string::npos);
  CHECK(err("attention", {{"tokens", num(3)}, {"dim", num(4)}, {"seed", num(1.5)}}).find("seed") !=
        std::string::npos);
}

TEST_CASE(
    "check: a shape of NaN, infinity, huge, negative or fractional numbers is refused before any cast") {
  const std::vector<double> four = {0, 1, 0, 1};
  for (const std::vector<double>& shape : std::vector<std::vector<double>>{{NAN, 4},
                                                                           {2, NAN},
                                                                           {1e300, 2},
                                                                           {2, 1e300},
                                                                           {-1, 4},
                                                                           {2, -1},
                                                                           {INFINITY, 1},
                                                                           {-INFINITY, 1},
                                                                           {0, 4},
                                                                           {1.5, 2},
                                                                           {9223372036854775807.0 * 4, 1},
                                                                           {8193, 1},
                                                                           {1, 4097}}) {
    CAPTURE(shape[0]);
    CAPTURE(shape[1]);
    const ComputeResult r = compute("check", {{"shape", arr(shape)}, {"data", arr(four)}});
    CHECK(r.json.empty());
    CHECK(r.error.find("shape must be two whole numbers") != std::string::npos);
  }
  const ComputeResult ok = compute("check", {{"shape", arr({1, 4})}, {"data", arr(four)}});
  CHECK(ok.error.empty());
  CHECK(ok.json.find("\"verdict\"") != std::string::npos);
  CHECK(compute("check", {{"shape", arr({2, 4})}, {"data", arr(four)}}).error.find("needs 8") !=
        std::string::npos);
}

TEST_CASE("rope_init takes a config object or its JSON text and answers inv_freq with the extra fields") {
  ArgValue config;
  config.type = ArgValue::Type::Json;
  config.text = R"({"head_dim": 8, "rope_theta": 100, "rope_scaling": {"type": "linear", "factor": 2}})";
  const ComputeResult r = compute("rope_init", {{"config", config}});
  REQUIRE(r.error.empty());
  CHECK(r.shape == std::vector<int>{4});
  REQUIRE(r.data.size() == 4);
  CHECK(r.data[0] == doctest::Approx(0.5));   // 100^0 / 2
  CHECK(r.data[2] == doctest::Approx(0.05));  // 100^-1/2 / 2
  CHECK(r.json.find("\"shape\":[4]") != std::string::npos);
  CHECK(r.json.find("\"rotary_dim\":8") != std::string::npos);
  CHECK(r.json.find("\"rope_type\":\"linear\"") != std::string::npos);
  CHECK(r.json.find("\"attention_factor\":1") != std::string::npos);
  CHECK(r.json.find("legacy key") != std::string::npos);  // the notice for "type"
  // The same config as a JSON string; seq_len moves dynamic only past max_position_embeddings.
  const char* dynamic = R"({"head_dim": 8, "rope_theta": 100, "max_position_embeddings": 10,
                            "rope_scaling": {"rope_type": "dynamic", "factor": 2}})";
  const ComputeResult at = compute("rope_init", {{"config", str(dynamic)}, {"seq_len", num(10)}});
  const ComputeResult past = compute("rope_init", {{"config", str(dynamic)}, {"seq_len", num(20)}});
  REQUIRE(at.error.empty());
  REQUIRE(past.error.empty());
  CHECK(at.data[1] == doctest::Approx(std::pow(100.0, -0.25)));
  CHECK(past.data[1] == doctest::Approx(std::pow(100.0, -0.25) / std::cbrt(3.0)));  // base·3^(4/3)
}

TEST_CASE("rope_init errors name the argument or the config key") {
  CHECK(compute("rope_init", {}).error.find("missing argument 'config'") != std::string::npos);
  CHECK(compute("rope_init", {{"config", num(3)}}).error.find("config must be an object") !=
        std::string::npos);
  CHECK(compute("rope_init", {{"config", str("{")}}).error.find("not valid JSON") != std::string::npos);
  CHECK(compute("rope_init", {{"config", str("{\"num_attention_heads\": 8}")}}).error.find("'hidden_size'") !=
        std::string::npos);
  CHECK(compute("rope_init", {{"config", str("{\"head_dim\": 8}")}, {"seq_len", num(-1)}})
            .error.find("seq_len") != std::string::npos);
  CHECK(compute("rope_init", {{"config", str("{\"head_dim\": 8}")}, {"len", num(1)}})
            .error.find("unknown argument") != std::string::npos);
}

TEST_CASE("check_rope reads a cos/sin cache built here and names what produced it") {
  // A rotate_half cache (column j and j + 8 share θ_j = 500000^(−2j/16)) whose rows start at position 1.
  const int len = 64, dim = 16;
  std::vector<double> c, s;
  for (int r = 0; r < len; ++r)
    for (int k = 0; k < dim; ++k) {
      const double angle = (r + 1) * std::pow(500000.0, -2.0 * (k % 8) / dim);
      c.push_back(std::cos(angle));
      s.push_back(std::sin(angle));
    }
  const ComputeResult r =
      compute("check_rope", {{"shape", arr({len, dim})}, {"cos", arr(c)}, {"sin", arr(s)}});
  REQUIRE(r.error.empty());
  CHECK(r.json.find("\"layout\":\"half\"") != std::string::npos);
  CHECK(r.json.find("\"base\":500000") != std::string::npos);
  CHECK(r.json.find("\"offset\":1") != std::string::npos);
  CHECK(r.json.find("\"rotary_dim\":16") != std::string::npos);
  CHECK(r.json.find("\"verdict\":\"off_by_one\"") != std::string::npos);
  // Arguments: both arrays, the shape they fill, finite numbers; what the core refuses is said too.
  CHECK(compute("check_rope", {{"shape", arr({len, dim})}, {"cos", arr(c)}})
            .error.find("missing argument 'sin'") != std::string::npos);
  CHECK(compute("check_rope", {{"shape", arr({len, dim + 2})}, {"cos", arr(c)}, {"sin", arr(s)}})
            .error.find("needs") != std::string::npos);
  std::vector<double> bad = c;
  bad[5] = NAN;
  CHECK(compute("check_rope", {{"shape", arr({len, dim})}, {"cos", arr(bad)}, {"sin", arr(s)}})
            .error.find("finite") != std::string::npos);
  const std::vector<double> two = {1, 0, 1, 0};
  CHECK(compute("check_rope", {{"shape", arr({2, 2})}, {"cos", arr(two)}, {"sin", arr(two)}})
            .error.find("check_rope: ") == 0);
}

TEST_CASE("check_rope with a model: a correct LongRoPE cache stored in bfloat16 matches, a bug does not") {
  // Phi-3.5-mini (the preset): 1024 rows as transformers builds them for 1024 tokens — short factors,
  // θ_j = 10000^(−2j/96) / short_j in float32, float32 angles, cos and sin × √(1 + ln 32 / ln 4096), the
  // values cast to bfloat16 (round to nearest even on the float32 bits).
  const std::vector<double> shorts = {1.0,
                                      1.0199999809265137,
                                      1.0299999713897705,
                                      1.0299999713897705,
                                      1.0499999523162842,
                                      1.0499999523162842,
                                      1.0499999523162842,
                                      1.0499999523162842,
                                      1.0499999523162842,
                                      1.0699999332427979,
                                      1.0999999046325684,
                                      1.1099998950958252,
                                      1.1599998474121094,
                                      1.1599998474121094,
                                      1.1699998378753662,
                                      1.2899998426437378,
                                      1.339999794960022,
                                      1.679999828338623,
                                      1.7899998426437378,
                                      1.8199998140335083,
                                      1.8499997854232788,
                                      1.8799997568130493,
                                      1.9099997282028198,
                                      1.9399996995925903,
                                      1.9899996519088745,
                                      2.0199997425079346,
                                      2.0199997425079346,
                                      2.0199997425079346,
                                      2.0199997425079346,
                                      2.0199997425079346,
                                      2.0199997425079346,
                                      2.0299997329711914,
                                      2.0299997329711914,
                                      2.0299997329711914,
                                      2.0299997329711914,
                                      2.0299997329711914,
                                      2.0299997329711914,
                                      2.0299997329711914,
                                      2.0299997329711914,
                                      2.0299997329711914,
                                      2.0799996852874756,
                                      2.0899996757507324,
                                      2.189999580383301,
                                      2.2199995517730713,
                                      2.5899994373321533,
                                      2.729999542236328,
                                      2.749999523162842,
                                      2.8399994373321533};
  REQUIRE(shorts.size() == 48);
  const int len = 1024, dim = 96;
  const double af = std::sqrt(1 + std::log(32.0) / std::log(4096.0));
  const auto bf16 = [](double x) {
    float f = static_cast<float>(x);
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000u;
    std::memcpy(&f, &u, 4);
    return static_cast<double>(f);
  };
  const auto cache = [&](double base, double scale) {
    std::vector<double> c, s;
    for (int r = 0; r < len; ++r)
      for (int k = 0; k < dim; ++k) {
        const int j = k % 48;
        const float theta = static_cast<float>(std::pow(base, -2.0 * j / dim) / shorts[j]);
        const float a = static_cast<float>(r) * theta;
        c.push_back(bf16(static_cast<float>(std::cos(a)) * scale));
        s.push_back(bf16(static_cast<float>(std::sin(a)) * scale));
      }
    return std::pair{c, s};
  };
  const auto [c, s] = cache(10000, af);
  const ComputeResult r =
      compute("check_rope",
              {{"shape", arr({len, dim})}, {"cos", arr(c)}, {"sin", arr(s)}, {"model", str("phi3.5-mini")}});
  INFO(r.error << r.json);
  REQUIRE(r.error.empty());
  CHECK(r.json.find("\"verdict\":\"matches\"") != std::string::npos);
  CHECK(r.json.find("\"set\":\"full_attention\"") != std::string::npos);
  CHECK(r.json.find("\"storage\":\"bfloat16\"") != std::string::npos);
  // Without the attention factor: not a cache this model builds.
  const auto [c1, s1] = cache(10000, 1.0);
  const ComputeResult no_af = compute(
      "check_rope",
      {{"shape", arr({len, dim})}, {"cos", arr(c1)}, {"sin", arr(s1)}, {"model", str("phi3.5-mini")}});
  INFO(no_af.json);
  CHECK(no_af.json.find("\"matches_model\":false") != std::string::npos);
  CHECK(no_af.json.find("\"verdict\":\"matches\"") == std::string::npos);
  // Arguments: one of config and model, a known preset.
  CHECK(compute("check_rope",
                {{"shape", arr({len, dim})}, {"cos", arr(c)}, {"sin", arr(s)}, {"model", str("nope")}})
            .error.find("model must be one of") != std::string::npos);
  CHECK(compute("check_rope", {{"shape", arr({len, dim})},
                               {"cos", arr(c)},
                               {"sin", arr(s)},
                               {"model", str("phi3.5-mini")},
                               {"config", str("{}")}})
            .error.find("not both") != std::string::npos);
  CHECK(compute("check_rope", {{"shape", arr({len, dim})},
                               {"cos", arr(c)},
                               {"sin", arr(s)},
                               {"config", str("{\"model_type\": \"bert\"}")}})
            .error.find("not RoPE") != std::string::npos);
}
