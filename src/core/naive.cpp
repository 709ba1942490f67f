#include "naive.hpp"

namespace posenc::core {

Eigen::MatrixXd index_encoding(int len, int dim) {
  Eigen::MatrixXd t(len, dim);
  for (int p = 0; p < len; ++p) t.row(p).setConstant(p);
  return t;
}

Eigen::MatrixXd fraction_encoding(int len, int dim) {
  Eigen::MatrixXd t(len, dim);
  for (int p = 0; p < len; ++p) t.row(p).setConstant(len > 1 ? static_cast<double>(p) / (len - 1) : 0.0);
  return t;
}

// <code id="binary_encoding">
Eigen::MatrixXd binary_encoding(int len, int bits) {
  Eigen::MatrixXd t(len, bits);
  for (int p = 0; p < len; ++p)
    for (int b = 0; b < bits; ++b) t(p, b) = (b < 31 && ((p >> b) & 1)) ? 1.0 : 0.0;
  return t;
}
// </code>

Eigen::VectorXd neighbour_distances(const Eigen::MatrixXd& table) {
  const Eigen::Index n = table.rows() > 0 ? table.rows() - 1 : 0;
  Eigen::VectorXd d(n);
  for (Eigen::Index p = 0; p < n; ++p) d(p) = (table.row(p + 1) - table.row(p)).norm();
  return d;
}

Eigen::VectorXd row_norms(const Eigen::MatrixXd& table) { return table.rowwise().norm(); }

}  // namespace posenc::core
