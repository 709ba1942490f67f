// RoPE caches in lesson check's core: the (2, len, dim) .npy and two-block text readers (valid, and each
// way of being malformed), the cache builder's cells written out from the formulas, the examples each
// diagnosed as what they are, the differences from a config or the defaults, and file names read as
// cos or sin. Expected numbers are computed here from the formulas, independently of the code under test.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "bfloat16.hpp"
#include "core/check_rope.hpp"
#include "core/model_config.hpp"
#include "core/rope_cache.hpp"
#include "core/table_file.hpp"
#include "numpy.hpp"
#include "ui/i18n.hpp"

using namespace posenc::core;

namespace {

using posenc::test::bytes_of;
using posenc::test::npy;

// Every error the readers give is said in Chinese too (its format is a catalogue key).
std::string said(const Message& e) {
  CHECK_FALSE(e.empty());
  CHECK(std::string(posenc::ui::tr(1, e.format.c_str())) != e.format);
  return e.english();
}

double to_f32(double x) { return static_cast<float>(x); }

using posenc::test::to_bf16;

}  // namespace

TEST_CASE(".npy (2, len, dim): cos then sin, C and Fortran order, float32 and float64") {
  // cos[r][c] = 10r + c, sin = its negative, 2 × 3 each.
  std::vector<double> c_order;
  for (int a = 0; a < 2; ++a)
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 3; ++c) c_order.push_back((a ? -1 : 1) * (10 * r + c));
  const auto f8 = npy("<f8", false, "2, 2, 3", bytes_of(c_order));
  TablePair p = parse_npy_pair(f8.data(), f8.size());
  REQUIRE(p.ok());
  CHECK(p.pair);
  CHECK(p.first.rows() == 2);
  CHECK(p.first.cols() == 3);
  CHECK(p.first(1, 2) == 12);
  CHECK(p.second(1, 0) == -10);
  // Fortran order: the first index runs fastest, so element (a, r, c) sits at a + 2·(r + 2·c).
  std::vector<float> fortran(12);
  for (int a = 0; a < 2; ++a)
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 3; ++c)
        fortran[a + 2 * (r + 2 * c)] = static_cast<float>((a ? -1 : 1) * (10 * r + c));
  const auto f4 = npy("<f4", true, "2, 2, 3", bytes_of(fortran));
  p = parse_npy_pair(f4.data(), f4.size());
  REQUIRE(p.ok());
  CHECK(p.first(1, 2) == 12);
  CHECK(p.second(0, 1) == -1);
  CHECK(npy_rank(f4.data(), f4.size()) == 3);
  // parse_cache_file sends a 3-D file to the pair reader and a 2-D one to the table reader.
  CHECK(parse_cache_file(f8.data(), f8.size()).pair);
  const auto table = npy("<f8", false, "2, 3", bytes_of(std::vector<double>{1, 2, 3, 4, 5, 6}));
  CHECK(npy_rank(table.data(), table.size()) == 2);
  const TablePair one = parse_cache_file(table.data(), table.size());
  REQUIRE(one.ok());
  CHECK_FALSE(one.pair);
  CHECK(one.first(1, 1) == 5);
}

TEST_CASE(
    ".npy (2, len, dim): a wrong leading dimension, truncated, huge or non-finite data get a clear message") {
  const std::vector<double> twelve(12, 0.5);
  const auto err = [](const std::vector<std::uint8_t>& b) {
    const TablePair p = parse_npy_pair(b.data(), b.size());
    CHECK_FALSE(p.ok());
    CHECK(p.first.size() == 0);
    CHECK(p.second.size() == 0);
    return said(p.error);
  };
  std::string e = err(npy("<f8", false, "3, 2, 2", bytes_of(twelve)));
  CHECK(e.find("stacks 3 tables") != std::string::npos);
  CHECK(e.find("(2, len, dim)") != std::string::npos);
  CHECK(err(npy("<f8", false, "4, 3", bytes_of(twelve))).find("three dimensions") != std::string::npos);
  CHECK(err(npy("<f8", false, "2, 2, 3, 2", bytes_of(twelve))).find("three whole numbers") !=
        std::string::npos);  // (2, 2, 3, 1) is squeezed to (2, 2, 3): read
  auto truncated = npy("<f8", false, "2, 2, 3", bytes_of(twelve));
  truncated.resize(truncated.size() - 8);
  CHECK(err(truncated).find("truncated data (88 bytes, the shape needs 96)") != std::string::npos);
  // 2 × 2048 × 2048 = 8388608 values: each table is within the caps, the array is not.
  CHECK(err(npy("<f8", false, "2, 2048, 2048", bytes_of(twelve))).find("too many values (8388608") !=
        std::string::npos);
  CHECK(err(npy("<f8", false, "2, 100000, 3", bytes_of(twelve))).find("too many rows (100000") !=
        std::string::npos);
  CHECK(err(npy("<f8", false, "2, 999999999999, 3", bytes_of(twelve))).find("too large") !=
        std::string::npos);
  std::vector<double> nan = twelve;
  nan[6 + 4] = NAN;  // sin, row 1, column 1
  e = err(npy("<f8", false, "2, 2, 3", bytes_of(nan)));
  CHECK(e.find("sin table's value at row 1, column 1 is NaN") != std::string::npos);
  std::vector<double> inf = twelve;
  inf[2] = -INFINITY;  // cos, row 0, column 2
  CHECK(err(npy("<f8", false, "2, 2, 3", bytes_of(inf)))
            .find("cos table's value at row 0, column 2 is infinite") != std::string::npos);
  for (std::size_t cut = 0; cut < 20; ++cut) {  // every prefix of a valid file is refused
    auto prefix = npy("<f8", false, "2, 2, 3", bytes_of(twelve));
    prefix.resize(std::min(prefix.size(), cut * 7));
    CHECK_FALSE(parse_npy_pair(prefix.data(), prefix.size()).ok());
    CHECK_FALSE(parse_cache_file(prefix.data(), prefix.size()).ok());
  }
}

TEST_CASE("text: cos rows, a blank line, sin rows; line numbers count from the top of the paste") {
  TablePair p = parse_csv_pair("cos\n1, 0\n0.5, 0.25\n\n  \nsin\n0 1\n0.75 0.125\n");
  REQUIRE(p.ok());
  CHECK(p.first(1, 1) == 0.25);
  CHECK(p.second(1, 0) == 0.75);
  CHECK(parse_cache_file(reinterpret_cast<const std::uint8_t*>("1 2\n\n3 4\n"), 9).pair);
  const TablePair single = parse_cache_file(reinterpret_cast<const std::uint8_t*>("1 2\n3 4\n"), 8);
  REQUIRE(single.ok());
  CHECK_FALSE(single.pair);
  CHECK(single.first.rows() == 2);
  CHECK(said(parse_csv_pair("1 2\n3 4\n\n5 6\n7 x\n").error).find("line 5") != std::string::npos);
  CHECK(said(parse_csv_pair("1 2\n\n3 4 5\n").error)
            .find("the cos block is 1 × 2 but the sin block is 1 × 3") != std::string::npos);
  CHECK(said(parse_csv_pair("1\n\n2\n\n3\n").error).find("3 block(s)") != std::string::npos);
  CHECK(said(parse_csv_pair("1 2\n").error).find("1 block(s)") != std::string::npos);
  CHECK(said(parse_csv_pair("1 2\n\n3 nan\n").error).find("sin table's value at row 0, column 1 is NaN") !=
        std::string::npos);
  CHECK(said(parse_cache_file(reinterpret_cast<const std::uint8_t*>("1\n\n2\n\n3\n"), 9).error)
            .find("3 block(s)") != std::string::npos);
}

TEST_CASE(
    "rope_cache: each cell is the formula's, in either layout, with offset, width, factor and precision") {
  RopeCacheSpec s;
  s.inv_freq = Eigen::Vector2d(1.0, 0.1);
  s.len = 3;
  s.offset = 2;
  s.dim = 6;
  s.attention_factor = 1.5;
  RopeCache c = rope_cache(s);
  REQUIRE(c.cos.rows() == 3);
  const double eps =
      1e-14;  // float64 angles: the rows turn from an anchor row, within rounding of the formula
  REQUIRE(c.cos.cols() == 6);
  for (int r = 0; r < 3; ++r) {
    CAPTURE(r);
    const double p = 2 + r;
    // rotate_half: pair j in columns j and j + 2
    CHECK(std::fabs(c.cos(r, 0) - 1.5 * std::cos(p)) < eps);
    CHECK(std::fabs(c.cos(r, 2) - 1.5 * std::cos(p)) < eps);
    CHECK(std::fabs(c.sin(r, 1) - 1.5 * std::sin(0.1 * p)) < eps);
    CHECK(std::fabs(c.sin(r, 3) - 1.5 * std::sin(0.1 * p)) < eps);
    CHECK(c.cos(r, 4) == 1);  // not rotating: angle 0, no attention factor
    CHECK(c.sin(r, 5) == 0);
  }
  s.interleaved = true;
  s.attention_factor = 1;
  c = rope_cache(s);
  CHECK(std::fabs(c.cos(1, 1) - std::cos(3.0)) < eps);  // pair 0 in columns 0 and 1
  CHECK(std::fabs(c.sin(1, 2) - std::sin(0.3)) < eps);  // pair 1 in columns 2 and 3
  CHECK(std::fabs(c.sin(1, 3) - std::sin(0.3)) < eps);
  // A long cache stays on the formula between its anchor rows: every cell of 4096 rows.
  RopeCacheSpec longer;
  longer.inv_freq = Eigen::Vector3d(1.0, 0.05, 1e-4);
  longer.len = 4096;
  longer.offset = 7;
  const RopeCache l = rope_cache(longer);
  double worst = 0;
  for (int r = 0; r < 4096; ++r)
    for (int j = 0; j < 3; ++j) {
      const double a = (7.0 + r) * longer.inv_freq[j];
      worst =
          std::max({worst, std::fabs(l.cos(r, j) - std::cos(a)), std::fabs(l.sin(r, j + 3) - std::sin(a))});
    }
  CHECK(worst < 1e-13);
  // bfloat16 angles: the position, θ and their product each rounded; float32 storage of the values.
  s.interleaved = false;
  s.offset = 1000;
  s.precision = AnglePrecision::BFloat16;
  s.store_float32 = true;
  c = rope_cache(s);
  const double angle = to_bf16(to_bf16(1001) * to_bf16(0.1));
  CHECK(c.cos(1, 1) == to_f32(std::cos(angle)));
  CHECK(c.sin(1, 3) == to_f32(std::sin(angle)));
  CHECK(std::fabs(angle - 100.1) > 0.05);  // bfloat16 keeps 8 bits: the angle is visibly off
}

TEST_CASE("each example is diagnosed as what it is, and differs from Llama 3 8B's config in that one way") {
  const ModelConfigResult cfg = parse_model_config(kRopeExampleConfig);
  REQUIRE(cfg.ok());
  const RopeExpected want = rope_expected(cfg.config, kRopeExampleRows);
  REQUIRE(want.init.rotary_dim == 128);
  CHECK(want.base == 500000);
  // The correct example's cells: float32 angles (position and θ as floats, their product rounded), float32
  // values.
  const RopeCache correct = rope_example_cache(RopeExample::Correct);
  REQUIRE(correct.cos.rows() == kRopeExampleRows);
  REQUIRE(correct.cos.cols() == 128);
  for (int j : {0, 5, 63})
    for (int r : {0, 7, 1023}) {
      const double theta = std::pow(500000.0, -2.0 * j / 128);
      const double a = to_f32(to_f32(r) * to_f32(theta));
      CHECK(correct.cos(r, j) == to_f32(std::cos(a)));
      CHECK(correct.sin(r, j + 64) == to_f32(std::sin(a)));
    }
  using K = RopeDifferenceKind;
  struct Case {
    RopeExample e;
    std::vector<K> differences;
  };
  const Case cases[] = {
      {RopeExample::Correct, {}},           {RopeExample::Interleaved, {K::Layout}},
      {RopeExample::FromOne, {K::Offset}},  {RopeExample::BFloat16, {K::Precision}},
      {RopeExample::WrongBase, {K::Base}},  {RopeExample::Partial, {K::Rotary}},
      {RopeExample::Linear4, {K::Scaling}}, {RopeExample::Yarn4, {K::Scaling}},
  };
  for (const Case& k : cases) {
    CAPTURE(rope_example_id(k.e));
    const RopeCache cache = rope_example_cache(k.e);
    const RopeCacheCheck r = check_rope(cache.cos, cache.sin);
    REQUIRE(r.ok());
    CHECK(r.layout == (k.e == RopeExample::Interleaved ? "interleaved" : "half"));
    CHECK(r.offset == (k.e == RopeExample::FromOne ? 1 : 0));
    CHECK(r.base == (k.e == RopeExample::WrongBase ? 10000 : 500000));
    CHECK(r.rotary_dim == (k.e == RopeExample::Partial ? 32 : 128));
    CHECK(r.precision == (k.e == RopeExample::BFloat16 ? "bfloat16" : "float32"));
    const char* type = k.e == RopeExample::Linear4 ? "linear"
                       : k.e == RopeExample::Yarn4 ? "yarn"
                                                   : "default";
    CHECK(r.rope_type == type);
    CHECK(r.factor == (std::string(type) == "default" ? 1 : 4));
    CHECK(r.attention_factor ==
          doctest::Approx(k.e == RopeExample::Yarn4 ? 0.1 * std::log(4.0) + 1 : 1.0).epsilon(1e-6));
    const std::vector<RopeDifference> d = rope_differences(r, 128, &want);
    std::vector<K> kinds;
    for (const RopeDifference& x : d) kinds.push_back(x.kind);
    CHECK(kinds == k.differences);
    if (k.e == RopeExample::WrongBase) CHECK(d.at(0).have == 10000);
    if (k.e == RopeExample::WrongBase) CHECK(d.at(0).want == 500000);
    if (k.e == RopeExample::Partial) CHECK(d.at(0).have == 32);
    if (k.e == RopeExample::Linear4) CHECK(d.at(0).have_name == "linear");
    if (k.e == RopeExample::Yarn4) CHECK(d.at(0).have_name == "yarn");
    if (k.e == RopeExample::Yarn4) CHECK(d.at(0).want_name == "default");
  }
}

TEST_CASE(
    "at another rotary width the base and the scaling are still compared; YaRN's attention factor goes with "
    "YaRN") {
  // The partial-rotary example (32 of 128 columns, base 500000, no scaling) against Qwen2.5 with YaRN ×4
  // (128 columns, rope_theta 1000000, attention factor 0.1·ln 4 + 1).
  const ModelPreset* qwen = find_model_preset("qwen2.5-7b-yarn4");
  REQUIRE(qwen != nullptr);
  const ModelConfigResult cfg = parse_model_config(qwen->json);
  REQUIRE(cfg.ok());
  const RopeExpected want = rope_expected(cfg.config, kRopeExampleRows);
  CHECK(want.init.attention_factor == doctest::Approx(0.1 * std::log(4.0) + 1));
  const RopeCache c = rope_example_cache(RopeExample::Partial);
  const std::vector<RopeDifference> d = rope_differences(check_rope(c.cos, c.sin), 128, &want);
  using K = RopeDifferenceKind;
  std::vector<K> kinds;
  for (const RopeDifference& x : d) kinds.push_back(x.kind);
  CHECK(kinds == std::vector<K>{K::Rotary, K::Base, K::Scaling});
  CHECK(d.at(1).have == 500000);
  CHECK(d.at(1).want == 1000000);
  CHECK(d.at(2).have_name == "default");
  CHECK(d.at(2).want_name == "yarn");
  CHECK(d.at(2).want == 4);
}

TEST_CASE("against transformers' defaults: the base is the model's choice, the rest is compared") {
  using K = RopeDifferenceKind;
  const auto kinds = [](RopeExample e) {
    const RopeCache c = rope_example_cache(e);
    std::vector<K> k;
    for (const RopeDifference& d : rope_differences(check_rope(c.cos, c.sin), 128, nullptr))
      k.push_back(d.kind);
    return k;
  };
  CHECK(kinds(RopeExample::Correct).empty());
  CHECK(kinds(RopeExample::WrongBase).empty());
  CHECK(kinds(RopeExample::Partial) == std::vector<K>{K::Rotary});
  CHECK(kinds(RopeExample::Linear4) == std::vector<K>{K::Scaling});
  CHECK(kinds(RopeExample::Yarn4) == std::vector<K>{K::Scaling});  // its attention factor goes with YaRN
  CHECK(kinds(RopeExample::BFloat16) == std::vector<K>{K::Precision});
}

TEST_CASE("a cache built from a config's formula with one thing changed differs in that thing") {
  // A GPT-NeoX-like head: 64 columns, a quarter rotating (16), base 10000, YaRN ×2 from 2048.
  const ModelConfigResult cfg = parse_model_config(
      R"({"head_dim": 64, "partial_rotary_factor": 0.25, "rope_theta": 10000, "max_position_embeddings": 4096,
          "rope_scaling": {"rope_type": "linear", "factor": 2}})");
  REQUIRE(cfg.ok());
  const RopeExpected want = rope_expected(cfg.config, 300);
  REQUIRE(want.init.rotary_dim == 16);
  // The config's cache by its formula: θ_j = 10000^(−2j/16) / 2, rotate_half over the first 16 columns.
  const auto build = [](double base, double factor, double amp, int offset) {
    Eigen::MatrixXd c = Eigen::MatrixXd::Ones(300, 64), s = Eigen::MatrixXd::Zero(300, 64);
    for (int j = 0; j < 8; ++j)
      for (int r = 0; r < 300; ++r) {
        const double a = (r + offset) * std::pow(base, -2.0 * j / 16) / factor;
        c(r, j) = c(r, j + 8) = amp * std::cos(a);
        s(r, j) = s(r, j + 8) = amp * std::sin(a);
      }
    return std::pair{c, s};
  };
  using K = RopeDifferenceKind;
  const auto diffs = [&](double base, double factor, double amp, int offset) {
    const auto [c, s] = build(base, factor, amp, offset);
    return rope_differences(check_rope(c, s), 64, &want);
  };
  CHECK(diffs(10000, 2, 1, 0).empty());
  auto d = diffs(20000, 2, 1, 0);
  REQUIRE(d.size() == 1);
  CHECK(d[0].kind == K::Base);
  CHECK(d[0].have == 20000);
  d = diffs(10000, 3, 1, 0);
  REQUIRE(d.size() == 1);
  CHECK(d[0].kind == K::Factor);
  CHECK(d[0].have == 3);
  CHECK(d[0].want == 2);
  d = diffs(10000, 1, 1, 0);
  REQUIRE(d.size() == 1);
  CHECK(d[0].kind == K::Scaling);
  CHECK(d[0].have_name == "default");
  CHECK(d[0].want_name == "linear");
  d = diffs(10000, 2, 1.25, 0);
  REQUIRE(d.size() == 1);
  CHECK(d[0].kind == K::Attention);
  CHECK(d[0].have == doctest::Approx(1.25));
  // A cache of a narrower head, every column rotating: its width is said once, not again as its rotary width.
  {
    Eigen::MatrixXd c(300, 8), s(300, 8);
    for (int j = 0; j < 4; ++j)
      for (int r = 0; r < 300; ++r) {
        const double a = r * std::pow(10000.0, -2.0 * j / 8) / 2;
        c(r, j) = c(r, j + 4) = std::cos(a);
        s(r, j) = s(r, j + 4) = std::sin(a);
      }
    d = rope_differences(check_rope(c, s), 8, &want);
    REQUIRE_FALSE(d.empty());
    CHECK(d[0].kind == K::Width);
    CHECK(d[0].have == 8);
    CHECK(d[0].want == 64);
    CHECK(d[0].want2 == 16);
    for (const RopeDifference& x : d) CHECK(x.kind != K::Rotary);
  }
  d = diffs(10000, 2, 1, 7);
  REQUIRE(d.size() == 1);
  CHECK(d[0].kind == K::Offset);
  CHECK(d[0].have == 7);
}

TEST_CASE("a file's name says cos or sin by a word of its own") {
  CHECK(cache_role_from_name("cos_cached.npy") == 1);
  CHECK(cache_role_from_name("sin_cached.npy") == 2);
  CHECK(cache_role_from_name("rope-cos.csv") == 1);
  CHECK(cache_role_from_name("cosine.npy") == 1);
  CHECK(cache_role_from_name("Sine table.csv") == 2);
  CHECK(cache_role_from_name("freqsCos.npy") == 1);
  CHECK(cache_role_from_name("layer0_sin1.npy") == 2);
  CHECK(cache_role_from_name("using.csv") == 0);  // "sin" inside a word is not the word
  CHECK(cache_role_from_name("cosmos.npy") == 0);
  CHECK(cache_role_from_name("cos_sin.npy") == 0);  // both: the order decides
  CHECK(cache_role_from_name("pasted text") == 0);
}
