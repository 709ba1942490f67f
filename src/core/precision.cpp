#include "precision.hpp"

#include <cmath>

#include "metrics.hpp"
#include "sinusoidal.hpp"

namespace posenc::core {

Eigen::MatrixXd sinusoidal_float32(int len, int dim, double base, double offset) {
  Eigen::MatrixXd t(len, dim);
  for (int i = 0; i < frequency_count(dim); ++i) {
    const float w = static_cast<float>(frequency(i, dim, base));
    for (int r = 0; r < len; ++r) {
      const float angle = static_cast<float>(offset + r) * w;
      t(r, 2 * i) = std::sin(angle);
      if (2 * i + 1 < dim) t(r, 2 * i + 1) = std::cos(angle);
    }
  }
  return t;
}

double float32_drift(int len, int dim, double base, double offset) {
  return max_abs_diff(sinusoidal_float32(len, dim, base, offset),
                      sinusoidal({len, dim, base, Layout::Interleaved, offset}));
}

}  // namespace posenc::core
