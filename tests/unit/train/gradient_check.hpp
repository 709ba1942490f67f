// Lesson train's tests: a double model's backward pass against central differences.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/train_model.hpp"

namespace posenc::test {

// For one tensor of `model`, whose grad model.loss(batch, true) has just filled: the worst gap between
// that gradient and the central difference (h = 1e-6) over its entries, in units of the tolerance
// 1e-7 + 1e-5·(|numeric| + |analytic|) — at most 1 where the two agree. In double precision the central
// difference's truncation error is O(h²) ≈ 1e-12 and its rounding error ≈ 1e-16·|loss|/h ≈ 1e-10, so the
// gradients must agree to ~1e-9; a wrong term is off by O(|gradient|).
inline double gradient_gap(core::Model<double>& model, const std::vector<core::Example>& batch,
                           core::Tensor<double>& t) {
  double worst = 0;
  for (Eigen::Index i = 0; i < t.value.size(); ++i) {
    double& w = t.value.data()[i];
    const double w0 = w, h = 1e-6;
    w = w0 + h;
    const double up = model.loss(batch, false);
    w = w0 - h;
    const double down = model.loss(batch, false);
    w = w0;
    const double numeric = (up - down) / (2 * h), analytic = t.grad.data()[i];
    worst = std::max(
        worst, std::fabs(numeric - analytic) / (1e-7 + 1e-5 * (std::fabs(numeric) + std::fabs(analytic))));
  }
  return worst;
}

}  // namespace posenc::test
