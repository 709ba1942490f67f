#include "extrapolation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "constants.hpp"
#include "sinusoidal.hpp"

namespace posenc::core {
namespace {

std::vector<double> power_of_two_slopes(int n) {
  const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(static_cast<double>(n)) - 3)));
  std::vector<double> s(n);
  for (int i = 0; i < n; ++i) s[i] = start * std::pow(start, i);
  return s;
}

}  // namespace

// <code id="alibi_slopes">
std::vector<double> alibi_slopes(int heads) {
  if (heads <= 0) return {};
  int p = 1;
  while (p * 2 <= heads) p *= 2;
  std::vector<double> s = power_of_two_slopes(p);
  if (p == heads) return s;
  const std::vector<double> extra = alibi_slopes(2 * p);
  for (int i = 0; static_cast<int>(s.size()) < heads; i += 2) s.push_back(extra[i]);
  return s;
}
// </code>

Eigen::MatrixXd alibi_bias(int len, double slope, bool causal) {
  Eigen::MatrixXd b(len, len);
  for (int i = 0; i < len; ++i)
    for (int j = 0; j < len; ++j)
      b(i, j) = j > i && causal ? -std::numeric_limits<double>::infinity() : -slope * std::abs(i - j);
  return b;
}

// <code id="t5_bucket">
int t5_bucket(long rel, bool bidirectional, int buckets, int max_distance) {
  int ret = 0;
  long n = -rel;
  if (bidirectional) {
    buckets /= 2;
    if (n < 0) ret += buckets;
    n = std::labs(n);
  } else {
    n = std::max(n, 0L);
  }
  const int max_exact = buckets / 2;
  if (n < max_exact) return ret + static_cast<int>(n);
  const double scaled = std::log(static_cast<double>(n) / max_exact) /
                        std::log(static_cast<double>(max_distance) / max_exact) * (buckets - max_exact);
  const long large = max_exact + static_cast<long>(scaled);  // truncation, like .to(torch.long)
  return ret + static_cast<int>(std::min<long>(large, buckets - 1));
}
// </code>

Eigen::VectorXd rope_max_angles(int dim, double base, double len, double position_scale) {
  Eigen::VectorXd a(dim / 2);
  for (int i = 0; i < dim / 2; ++i) a(i) = (len - 1) * position_scale * frequency(i, dim, base);
  return a;
}

// <code id="ntk_base">
double ntk_base(double base, double factor, int dim) {
  return base * std::pow(factor, static_cast<double>(dim) / (dim - 2));
}
// </code>

int pair_for_wavelength(int dim, double base, double wavelength) {
  const int pairs = std::max(1, dim / 2);
  // 2π · base^(2i/d) = L  ⇔  i = (d/2) · ln(L/2π) / ln(base)
  const double i = 0.5 * dim * std::log(wavelength / kTwoPi) / std::log(base);
  return static_cast<int>(std::clamp(std::round(i), 0.0, pairs - 1.0));
}

}  // namespace posenc::core
