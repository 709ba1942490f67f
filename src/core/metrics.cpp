#include "metrics.hpp"

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

}  // namespace posenc::core
