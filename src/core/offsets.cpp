#include "offsets.hpp"

#include <cmath>

#include "sinusoidal.hpp"

namespace posenc::core {

// <code id="pe_dot">
Eigen::MatrixXd pe_dot(int len, int dim, double base) {
  // The paired columns contribute Σ cos(ω_i (p − q)), a function of p − q; an odd d adds the lone
  // last sine, sin(p ω) sin(q ω), which is not. Built from the curve, not from len² dot products.
  const int pairs = dim / 2;
  Eigen::VectorXd by_offset = Eigen::VectorXd::Zero(len);
  for (int i = 0; i < pairs; ++i) {
    const double w = frequency(i, dim, base);
    for (int k = 0; k < len; ++k) by_offset(k) += std::cos(w * k);
  }
  Eigen::MatrixXd out(len, len);
  for (int q = 0; q < len; ++q)
    for (int p = 0; p < len; ++p) out(p, q) = by_offset(std::abs(p - q));
  if (dim % 2 == 1) {
    const double w = frequency(pairs, dim, base);
    Eigen::VectorXd s(len);
    for (int p = 0; p < len; ++p) s(p) = std::sin(w * p);
    out.noalias() += s * s.transpose();
  }
  return out;
}
// </code>

Eigen::VectorXd dot_by_offset(int max_k, int dim, double base) {
  Eigen::VectorXd out = Eigen::VectorXd::Zero(max_k + 1);
  for (int i = 0; i < dim / 2; ++i) {
    const double w = frequency(i, dim, base);
    for (int k = 0; k <= max_k; ++k) out(k) += std::cos(w * k);
  }
  return out;
}

// <code id="distance_by_offset">
Eigen::VectorXd distance_by_offset(int max_k, int dim, double base) {
  Eigen::VectorXd out = Eigen::VectorXd::Zero(max_k + 1);
  for (int i = 0; i < dim / 2; ++i) {
    const double w = frequency(i, dim, base);
    // 1 − cos(x) = 2 sin²(x/2): no cancellation for small offsets
    for (int k = 0; k <= max_k; ++k) {
      const double s = std::sin(w * k / 2);
      out(k) += 4 * s * s;
    }
  }
  return out.cwiseSqrt();
}
// </code>

// <code id="shift_map">
Eigen::MatrixXd shift_map(int dim, double k, double base) {
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(dim, dim);
  for (int i = 0; i < dim / 2; ++i) {
    const double b = k * frequency(i, dim, base);
    const double c = std::cos(b), s = std::sin(b);
    // [sin(a+b), cos(a+b)] = [[c, s], [−s, c]] · [sin a, cos a]
    m(2 * i, 2 * i) = c;
    m(2 * i, 2 * i + 1) = s;
    m(2 * i + 1, 2 * i) = -s;
    m(2 * i + 1, 2 * i + 1) = c;
  }
  return m;
}
// </code>

}  // namespace posenc::core
