// The RoPE cache checker (core::check_rope): caches built here, independently, from the published
// formulas (transformers' default / linear / dynamic / yarn / llama3 and Meta's llama3 rule), over
// layouts, bases, offsets, rotary widths, scalings and angle precisions, with and without float32-level
// noise; every inferred field is asserted. Then malformed and contradictory input.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "bfloat16.hpp"
#include "core/check_rope.hpp"
#include "core/enum_names.hpp"

using namespace posenc::core;

namespace {
constexpr double kPi = 3.14159265358979323846;

enum class Scaling { Default, Linear, Llama3, Yarn, Dynamic };
enum class Prec { F64, F32, BF16, F16 };

// The names check_rope reports, by Scaling and by Prec.
constexpr const char* kScalingNames[] = {"default", "linear", "llama3", "yarn", "dynamic"};
constexpr const char* kPrecNames[] = {"float64", "float32", "bfloat16", "float16"};
static_assert(std::size(kScalingNames) == enum_count(Scaling::Dynamic));
static_assert(std::size(kPrecNames) == enum_count(Prec::F16));
const char* scaling_name(Scaling s) { return enum_name(kScalingNames, s); }
const char* prec_name(Prec p) { return enum_name(kPrecNames, p); }

// Rounding written independently of the checker: float casts, bfloat16 as bfloat16.hpp rounds (float32's
// bit pattern to its upper 16 bits), float16 through the compiler's _Float16.
using posenc::test::to_bf16;
double round_as(double x, Prec p) {
  switch (p) {
    case Prec::F64:
      return x;
    case Prec::F32:
      return static_cast<float>(x);
    case Prec::BF16:
      return to_bf16(x);
    case Prec::F16:
      return static_cast<double>(static_cast<_Float16>(x));
  }
  return x;
}

struct Spec {
  bool interleaved = false;
  double base = 10000;
  long long offset = 0;
  int len = 256, dim = 64, rd = 64;
  Scaling scaling = Scaling::Default;
  Prec prec = Prec::F64;
  double noise = 0;
};

constexpr double kLinearS = 4, kLlamaS = 8, kLlamaL0 = 8192, kYarnS = 4, kYarnL0 = 4096;
constexpr double kDynS = 2, kDynL0 = 2048, kDynLen = 4096;

double dynamic_base(const Spec& s) {
  return s.base * std::pow(kDynS * kDynLen / kDynL0 - (kDynS - 1), double(s.rd) / (s.rd - 2));
}
double yarn_attention() { return 0.1 * std::log(kYarnS) + 1.0; }

// The yarn ramp ends (transformers' find_correction_range, beta_fast 32, beta_slow 1, truncated).
void yarn_range(int rd, double base, double l0, double& low, double& high) {
  const auto dim_for = [&](double rot) { return rd * std::log(l0 / (rot * 2 * kPi)) / (2 * std::log(base)); };
  low = std::max(0.0, std::floor(dim_for(32)));
  high = std::min(rd - 1.0, std::ceil(dim_for(1)));
  if (low == high) high += 0.001;
}

std::vector<double> frequencies(const Spec& s) {
  const int h = s.rd / 2;
  std::vector<double> th(h);
  const double base = s.scaling == Scaling::Dynamic ? dynamic_base(s) : s.base;
  for (int j = 0; j < h; ++j) th[j] = 1.0 / std::pow(base, 2.0 * j / s.rd);
  double low = 0, high = 0;
  if (s.scaling == Scaling::Yarn) yarn_range(s.rd, s.base, kYarnL0, low, high);
  for (int j = 0; j < h; ++j) {
    const double t = th[j];
    if (s.scaling == Scaling::Linear) th[j] = t / kLinearS;
    if (s.scaling == Scaling::Llama3) {
      const double wavelen = 2 * kPi / t, lo_wave = kLlamaL0 / 1.0, hi_wave = kLlamaL0 / 4.0;
      if (wavelen > lo_wave)
        th[j] = t / kLlamaS;
      else if (wavelen >= hi_wave) {
        const double smooth = (kLlamaL0 / wavelen - 1.0) / (4.0 - 1.0);
        th[j] = (1 - smooth) * t / kLlamaS + smooth * t;
      }
    }
    if (s.scaling == Scaling::Yarn) {
      const double ramp = std::min(1.0, std::max(0.0, (j - low) / (high - low)));
      th[j] = t / kYarnS * ramp + t * (1 - ramp);
    }
  }
  return th;
}

struct Cache {
  Eigen::MatrixXd cos, sin;
};

Cache build(const Spec& s) {
  Cache c{Eigen::MatrixXd(s.len, s.dim), Eigen::MatrixXd(s.len, s.dim)};
  const std::vector<double> th = frequencies(s);
  const double amp = s.scaling == Scaling::Yarn ? yarn_attention() : 1.0;
  const int h = s.rd / 2;
  for (int r = 0; r < s.len; ++r) {
    const double pos = round_as(double(s.offset + r), s.prec);
    for (int j = 0; j < h; ++j) {
      const double angle = round_as(pos * round_as(th[j], s.prec), s.prec);
      for (int col : {s.interleaved ? 2 * j : j, s.interleaved ? 2 * j + 1 : j + h}) {
        c.cos(r, col) = amp * std::cos(angle);
        c.sin(r, col) = amp * std::sin(angle);
      }
    }
    for (int col = s.rd; col < s.dim; ++col) c.cos(r, col) = 1, c.sin(r, col) = 0;
  }
  if (s.noise > 0) {  // uniform in ±noise, a fixed LCG
    std::uint64_t state = 12345;
    const auto next = [&] {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      return (double((state >> 11) & ((1ULL << 53) - 1)) / double(1ULL << 53)) * 2 - 1;
    };
    for (Eigen::MatrixXd* m : {&c.cos, &c.sin})
      for (Eigen::Index i = 0; i < m->size(); ++i) m->data()[i] += s.noise * next();
  }
  return c;
}

std::string describe(const Spec& s) {
  return std::string(s.interleaved ? "interleaved" : "half") + " base " + std::to_string(s.base) +
         " offset " + std::to_string(s.offset) + " len " + std::to_string(s.len) + " dim " +
         std::to_string(s.dim) + " rd " + std::to_string(s.rd) + " " + scaling_name(s.scaling) + " " +
         prec_name(s.prec) + " noise " + std::to_string(s.noise);
}

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

// Every field the checker infers, against what built the cache.
void check_all(const Spec& s) {
  const Cache c = build(s);
  const RopeCacheCheck r = check_rope(c.cos, c.sin);
  INFO(describe(s));
  INFO(r.message);
  REQUIRE(r.ok());
  CHECK(r.layout == (s.interleaved ? "interleaved" : "half"));
  CHECK(r.rotary_dim == s.rd);
  CHECK(r.offset == s.offset);
  // dynamic NTK is the default rule with a grown base: the cache cannot tell them apart
  CHECK(r.rope_type ==
        (s.scaling == Scaling::Dynamic ? std::string("default") : std::string(scaling_name(s.scaling))));
  if (s.scaling == Scaling::Dynamic)
    CHECK(r.base == doctest::Approx(dynamic_base(s)).epsilon(1e-6));
  else
    CHECK(r.base == s.base);
  const double factor = s.scaling == Scaling::Linear   ? kLinearS
                        : s.scaling == Scaling::Llama3 ? kLlamaS
                        : s.scaling == Scaling::Yarn   ? kYarnS
                                                       : 1.0;
  CHECK(r.factor == factor);
  CHECK(r.attention_factor ==
        doctest::Approx(s.scaling == Scaling::Yarn ? yarn_attention() : 1.0).epsilon(1e-9));
  if (s.scaling == Scaling::Llama3) {
    CHECK(r.original_max_position ==
          doctest::Approx(kLlamaL0).epsilon(s.prec == Prec::F64 || s.prec == Prec::F32 ? 1e-6 : 0.05));
    CHECK(r.high_freq_factor ==
          doctest::Approx(4.0).epsilon(s.prec == Prec::F64 || s.prec == Prec::F32 ? 1e-6 : 0.1));
  }
  if (s.scaling == Scaling::Yarn) {
    // the reported trained length gives the same ramp as the one used (several may)
    CHECK(r.original_max_position > 0);
    double lo0, hi0, lo1, hi1;
    yarn_range(s.rd, s.base, kYarnL0, lo0, hi0);
    yarn_range(s.rd, s.base, r.original_max_position, lo1, hi1);
    CHECK(lo0 == lo1);
    CHECK(hi0 == hi1);
  }
  CHECK(r.precision == prec_name(s.prec));
  if (s.noise == 0) CHECK(r.max_error < 1e-9);
  // a non-round (dynamic) base is estimated, not snapped: from noisy data to ~1e-8 of itself
  else
    CHECK(r.max_error < (s.scaling == Scaling::Dynamic ? 2e-6 : 3 * s.noise));
  const char* verdict = s.offset == 1                                   ? "off_by_one"
                        : s.offset != 0                                 ? "offset"
                        : (s.prec == Prec::BF16 || s.prec == Prec::F16) ? "low_precision"
                                                                        : "matches";
  CHECK(r.verdict == verdict);
  if (s.offset == 1) CHECK(has(r.message, "Rows start at position 1, not 0."));
  if (s.rd < s.dim) CHECK(has(r.message, "partial rotary"));
  if (s.interleaved) CHECK(has(r.message, "interleaved"));
  REQUIRE(r.measured_inv_freq.size() == s.rd / 2);
  REQUIRE(r.model_inv_freq.size() == s.rd / 2);
  const std::vector<double> th = frequencies(s);
  if (s.prec == Prec::F64)
    for (int j = 0; j < s.rd / 2; ++j) CHECK(r.model_inv_freq[j] == doctest::Approx(th[j]).epsilon(1e-6));
}

// Float16 turns the slowest θ of a large base into subnormals (θ < 6e-5 keeps fewer than 10 bits; at
// base 1e6 the last pair keeps 5 %): no rule then fits the frequencies, and such caches are not used.
bool sensible(const Spec& s) {
  if (s.prec == Prec::F16 && (s.base > 10000 || s.scaling == Scaling::Llama3)) return false;
  // a non-round (dynamic) base cannot be pinned to the bit once θ is rounded to 8 or 11 bits
  if (s.scaling == Scaling::Dynamic && s.prec != Prec::F64) return false;
  return true;
}
}  // namespace

TEST_CASE("check_rope: the standard cache is recognised field by field") {
  Spec s;
  s.dim = s.rd = 128;
  s.len = 512;
  const Cache c = build(s);
  const RopeCacheCheck r = check_rope(c.cos, c.sin);
  REQUIRE(r.ok());
  CHECK(r.layout == "half");
  CHECK(r.base == 10000);
  CHECK(r.offset == 0);
  CHECK(r.rotary_dim == 128);
  CHECK(r.rope_type == "default");
  CHECK(r.factor == 1);
  CHECK(r.attention_factor == 1);
  CHECK(r.precision == "float64");
  CHECK(r.max_error < 1e-12);
  CHECK(r.verdict == "matches");
  CHECK(has(r.message, "standard RoPE cache"));
}

TEST_CASE("check_rope: layout × base × offset × rotary width × scaling × precision") {
  const double bases[] = {10000, 500000, 1e6};
  const long long offsets[] = {0, 1, 37};
  const Scaling scalings[] = {Scaling::Default, Scaling::Linear, Scaling::Llama3, Scaling::Yarn,
                              Scaling::Dynamic};
  const Prec precs[] = {Prec::F64, Prec::F32, Prec::BF16, Prec::F16};
  const int lens[] = {64, 300, 1024};
  int n = 0, k = 0;
  for (bool inter : {false, true})
    for (double base : bases)
      for (long long off : offsets)
        for (bool partial : {false, true})
          for (Scaling sc : scalings)
            for (Prec p : precs) {
              Spec s;
              s.interleaved = inter, s.base = base, s.offset = off, s.scaling = sc, s.prec = p;
              s.dim = 128;
              s.rd = partial ? 32 : 128;
              s.len = lens[k++ % 3];
              if (!sensible(s)) continue;
              check_all(s);
              ++n;
            }
  MESSAGE(n << " caches checked");
  CHECK(n > 400);
}

TEST_CASE("check_rope: float32-level noise on the stored values (1e-7)") {
  int k = 0;
  for (bool inter : {false, true})
    for (double base : {10000.0, 500000.0, 1e6})
      for (Scaling sc : {Scaling::Default, Scaling::Linear, Scaling::Llama3, Scaling::Yarn, Scaling::Dynamic})
        for (Prec p : {Prec::F64, Prec::F32, Prec::BF16}) {
          Spec s;
          s.interleaved = inter, s.base = base, s.scaling = sc, s.prec = p;
          s.offset = (k % 3 == 0) ? 0 : (k % 3 == 1 ? 1 : 37);
          s.dim = 64;
          s.rd = (k++ % 2) ? 64 : 16;
          s.len = 2048;
          s.noise = 1e-7;
          if (!sensible(s)) continue;
          check_all(s);
        }
}

TEST_CASE("check_rope: a KV-cache slice far into the sequence, and other widths") {
  Spec s;
  s.offset = 5000;
  s.len = 100;
  s.dim = s.rd = 64;
  check_all(s);
  s.base = 1e6, s.offset = 123456, s.scaling = Scaling::Llama3, s.dim = 128, s.rd = 128, s.len = 64;
  check_all(s);
  Spec t;  // one rotating pair and the rest passed through
  t.dim = 8, t.rd = 2, t.len = 50, t.offset = 3;
  const Cache c = build(t);
  const RopeCacheCheck r = check_rope(c.cos, c.sin);
  REQUIRE(r.ok());
  CHECK(r.rotary_dim == 2);
  CHECK(r.offset == 3);
  CHECK(r.factor == 1);
}

TEST_CASE("check_rope: values stored in bfloat16 (not the angles) show as a mismatch, not a precision") {
  Spec s;
  s.len = 512;
  Cache c = build(s);
  for (Eigen::MatrixXd* m : {&c.cos, &c.sin})
    for (Eigen::Index i = 0; i < m->size(); ++i) m->data()[i] = to_bf16(m->data()[i]);
  const RopeCacheCheck r = check_rope(c.cos, c.sin);
  REQUIRE(r.ok());
  CHECK(r.base == 10000);
  CHECK(r.offset == 0);
  CHECK(r.rope_type == "default");
  CHECK(r.max_error > 1e-4);
  CHECK(r.max_error < 5e-3);
}

TEST_CASE("check_rope: angles running backwards (sin negated, cos and sin swapped)") {
  Spec s;
  s.len = 200, s.offset = 1;
  const Cache c = build(s);
  const RopeCacheCheck neg = check_rope(c.cos, -c.sin);
  REQUIRE(neg.ok());
  CHECK(neg.verdict == "sign");
  CHECK(neg.offset == 1);
  CHECK(neg.base == 10000);
  CHECK(neg.max_error < 1e-9);
  CHECK(has(neg.message, "sin is negated"));
  const RopeCacheCheck sw = check_rope(c.sin, c.cos);
  REQUIRE(sw.ok());
  CHECK(sw.verdict == "sign");
  CHECK(sw.offset == 1);
  CHECK(sw.max_error < 1e-9);
  CHECK(has(sw.message, "swapped"));
}

TEST_CASE("check_rope: contradictory tables are named, not fitted") {
  Spec s;
  s.len = 100;
  Cache c = build(s);
  SUBCASE("amplitude varies") {
    Cache d = c;
    d.cos.col(3) *= 0.5;
    d.sin.col(3) *= 0.5;
    const RopeCacheCheck r = check_rope(d.cos, d.sin);
    REQUIRE(r.ok());
    CHECK(r.verdict == "not_rotation");
    CHECK(has(r.message, "not one constant"));
  }
  SUBCASE("one column per frequency: cos/sin of freqs before torch.cat((freqs, freqs))") {
    Eigen::MatrixXd cs(100, 64), sn(100, 64);
    for (int r = 0; r < 100; ++r)
      for (int j = 0; j < 64; ++j) {
        const double a = r / std::pow(10000.0, j / 64.0);
        cs(r, j) = std::cos(a), sn(r, j) = std::sin(a);
      }
    const RopeCacheCheck r = check_rope(cs, sn);
    REQUIRE(r.ok());
    // 64 columns of θ_j = 10000^(−2j/128): a 128-column cache's frequencies, each once
    CHECK(r.verdict == "half_width");
    CHECK(r.cause == "matches");
    CHECK(r.rotary_dim == 128);
    CHECK(r.base == 10000);
    CHECK(has(r.message, "Each angle appears once"));
  }
  SUBCASE("frequencies no rule produces") {
    Eigen::MatrixXd cs(100, 16), sn(100, 16);
    const double th[8] = {1.0, 0.05, 0.7, 0.001, 0.3, 0.02, 0.9, 0.1};
    for (int r = 0; r < 100; ++r)
      for (int j = 0; j < 8; ++j) {
        cs(r, j) = cs(r, j + 8) = std::cos(r * th[j]);
        sn(r, j) = sn(r, j + 8) = std::sin(r * th[j]);
      }
    const RopeCacheCheck r = check_rope(cs, sn);
    REQUIRE(r.ok());
    CHECK(r.verdict == "unknown");
    CHECK(r.rope_type == "unknown");
    CHECK(r.layout == "half");
    CHECK(has(r.message, "none of the known rules"));
  }
}

TEST_CASE("check_rope: malformed input is refused with a reason") {
  const Cache c = build(Spec{});
  const auto error_of = [](const Eigen::MatrixXd& cs, const Eigen::MatrixXd& sn) {
    const RopeCacheCheck r = check_rope(cs, sn);
    REQUIRE_FALSE(r.ok());
    CHECK(r.verdict.empty());
    return r.error;
  };
  CHECK(has(error_of(c.cos, c.sin.leftCols(10)), "same shape"));
  CHECK(has(error_of(c.cos.topRows(2), c.sin.topRows(2)), "at least 3 rows"));
  CHECK(has(error_of(c.cos.leftCols(1), c.sin.leftCols(1)), "at least 2 columns"));
  Eigen::MatrixXd bad = c.cos;
  bad(5, 7) = std::nan("");
  CHECK(has(error_of(bad, c.sin), "cos[5, 7] is not a finite number"));
  bad(5, 7) = INFINITY;
  CHECK(has(error_of(c.cos, bad), "sin[5, 7] is not a finite number"));
  bad(5, 7) = 2.0;
  CHECK(has(error_of(bad, c.sin), "cos[5, 7] = 2"));
  CHECK(has(error_of(Eigen::MatrixXd::Constant(131073, 2, 1.0), Eigen::MatrixXd::Zero(131073, 2)),
            "at most 131072 rows × 4096 columns"));
  CHECK(has(error_of(Eigen::MatrixXd::Constant(3, 4097, 1.0), Eigen::MatrixXd::Zero(3, 4097)),
            "at most 131072 rows × 4096 columns"));
  CHECK(has(error_of(Eigen::MatrixXd::Constant(10, 4, 1.0), Eigen::MatrixXd::Zero(10, 4)),
            "No column rotates: every angle is 0 (cos = 1, sin = 0 throughout)"));
  // All zeros is not "cos 1, sin 0": a cache never filled.
  CHECK(has(error_of(Eigen::MatrixXd::Zero(10, 4), Eigen::MatrixXd::Zero(10, 4)), "Every value is 0"));
  // three rotating columns (odd: no half layout, no pairs) then a still one
  Eigen::MatrixXd cs(10, 4), sn(10, 4);
  for (int r = 0; r < 10; ++r)
    for (int j = 0; j < 4; ++j)
      cs(r, j) = std::cos(j < 3 ? r * (j + 1) * 0.3 : 0), sn(r, j) = std::sin(j < 3 ? r * (j + 1) * 0.3 : 0);
  CHECK(has(error_of(cs, sn), "an odd number"));

  // the API's flat form
  std::vector<double> flat_c(size_t(c.cos.size())), flat_s(flat_c.size());
  for (int r = 0; r < c.cos.rows(); ++r)
    for (int j = 0; j < c.cos.cols(); ++j)
      flat_c[r * c.cos.cols() + j] = c.cos(r, j), flat_s[r * c.cos.cols() + j] = c.sin(r, j);
  const RopeCacheCheck ok = check_rope({c.cos.rows(), c.cos.cols()}, flat_c, flat_s);
  REQUIRE(ok.ok());
  CHECK(ok.verdict == "matches");
  CHECK(ok.max_error < 1e-12);
  CHECK(has(check_rope({c.cos.rows(), c.cos.cols() - 1}, flat_c, flat_s).error, "needs"));
  CHECK(has(check_rope({c.cos.rows()}, flat_c, flat_s).error, "[len, dim]"));
  CHECK(has(check_rope({2, 64}, flat_c, flat_s).error, "at least 3 rows"));
  CHECK(has(check_rope({200000, 64}, flat_c, flat_s).error, "at most 131072 rows"));
  CHECK(has(check_rope({-5, 64}, flat_c, flat_s).error, "at least 3 rows"));
  CHECK(has(check_rope({c.cos.rows(), c.cos.cols()}, flat_c, std::vector<double>(3)).error, "and sin 3"));
}

TEST_CASE("check_rope: a full-size cache (4096 × 128, llama3, angles in bfloat16)") {
  // Its speed is make bench's business (no timing here).
  Spec s;
  s.len = 4096, s.dim = s.rd = 128, s.base = 500000, s.scaling = Scaling::Llama3, s.prec = Prec::BF16;
  const Cache c = build(s);
  const RopeCacheCheck r = check_rope(c.cos, c.sin);
  CHECK(r.precision == "bfloat16");
  CHECK(r.rope_type == "llama3");
}
