// Residual metrics: how far apart two results are. Lessons show these next to every identity.
#pragma once

#include <Eigen/Core>

namespace posenc::core {

// max |a − b| over all entries (the "live residual"); +inf when the shapes differ.
double max_abs_diff(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b);

// Mean over rows (the "pooled" sequence vector), as a 1 × cols row.
Eigen::RowVectorXd mean_rows(const Eigen::MatrixXd& m);

}  // namespace posenc::core
