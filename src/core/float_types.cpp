#include "float_types.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>

#include "enum_names.hpp"

namespace posenc::core {
namespace {

// x rounded to nearest-even with `mant` fraction bits and smallest normal exponent `emin` (subnormals
// keep the spacing of the smallest normal binade). In the type's normal range that is the double's own
// fraction cut to `mant` bits, nearest-even, on its bit pattern (a carry out of the fraction steps the
// exponent, as rounding up to the next binade should); below it, a multiple of 2^(emin − mant).
double round_bits(double x, int mant, int emin, double max_finite) {
  if (x == 0 || !std::isfinite(x)) return x;
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  const int exp =
      static_cast<int>((u >> 52) & 0x7FF) - 1023;  // |x| in [2^exp, 2^(exp+1)) for a normal double
  double r;
  if (exp >= emin) {
    const int drop = 52 - mant;
    u += ((std::uint64_t{1} << (drop - 1)) - 1) + ((u >> drop) & 1);
    u &= ~((std::uint64_t{1} << drop) - 1);
    std::memcpy(&r, &u, sizeof r);
  } else {
    const double ulp = std::ldexp(1.0, emin - mant);
    r = std::nearbyint(x / ulp) * ulp;
  }
  return std::fabs(r) > max_finite ? std::copysign(std::numeric_limits<double>::infinity(), r) : r;
}

}  // namespace

const char* angle_precision_name(AnglePrecision p) {
  constexpr const char* kNames[] = {"float64", "float32", "bfloat16", "float16"};
  static_assert(std::size(kNames) == enum_count(AnglePrecision::Float16));
  return enum_name(kNames, p, "float64");
}

double round_to_precision(double x, AnglePrecision p) {
  switch (p) {
    case AnglePrecision::Float64:
      return x;
    case AnglePrecision::Float32:
      return static_cast<double>(static_cast<float>(x));
    case AnglePrecision::BFloat16:
      return round_bits(x, 7, -126, 3.3895313892515355e38);
    case AnglePrecision::Float16:
      return round_bits(x, 10, -14, 65504.0);
  }
  return x;
}

double rounded_angle(double pos, double theta, AnglePrecision p) {
  if (p == AnglePrecision::Float64) return pos * theta;
  return round_to_precision(round_to_precision(pos, p) * round_to_precision(theta, p), p);
}

std::string stored_type(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin) {
  const AnglePrecision types[] = {AnglePrecision::BFloat16, AnglePrecision::Float16, AnglePrecision::Float32};
  const char* names[] = {"bfloat16", "float16", "float32"};
  for (int t = 0; t < 3; ++t) {
    bool all = true;
    for (const Eigen::MatrixXd* m : {&cos, &sin})
      for (Eigen::Index i = 0; all && i < m->size(); ++i)
        all = round_to_precision(m->data()[i], types[t]) == m->data()[i];
    if (all) return names[t];
  }
  return "float64";
}

double storage_bound(double v, const std::string& storage) {
  const double a = std::fabs(v);
  if (storage == "bfloat16") return a * 0x1p-8 + 0x1p-133;
  if (storage == "float16") return a * 0x1p-11 + 0x1p-25;
  if (storage == "float32") return a * 0x1p-24 + 0x1p-149;
  return 0;
}

}  // namespace posenc::core
