#include "metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc::core {

double max_abs_diff(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return std::numeric_limits<double>::infinity();
  if (a.size() == 0) return 0.0;
  return (a - b).cwiseAbs().maxCoeff();
}

Eigen::RowVectorXd mean_rows(const Eigen::MatrixXd& m) {
  if (m.rows() == 0) return Eigen::RowVectorXd::Zero(m.cols());
  return m.colwise().mean();
}

Interval wilson_interval(int hits, int n) {
  if (n <= 0) return {};
  const double z = 1.959963984540054;  // the normal distribution's 97.5% point
  const double p = static_cast<double>(hits) / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace posenc::core
