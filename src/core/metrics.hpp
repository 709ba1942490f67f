// Residual metrics: how far apart two results are. Lessons show these next to every identity.
#pragma once

#include <Eigen/Core>

namespace posenc::core {

// max |a − b| over all entries (the "live residual"); +inf when the shapes differ.
double max_abs_diff(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b);

// Mean over rows (the "pooled" sequence vector), as a 1 × cols row.
Eigen::RowVectorXd mean_rows(const Eigen::MatrixXd& m);

// The 95% Wilson score interval of a proportion seen `hits` times in `n` trials: where the true rate
// lies, honest at 0% and 100% too (where p ± standard error would claim certainty). {0, 1} when n = 0.
struct Interval {
  double lo = 0, hi = 1;
};
Interval wilson_interval(int hits, int n);

}  // namespace posenc::core
