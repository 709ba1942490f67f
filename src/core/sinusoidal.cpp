#include "sinusoidal.hpp"

#include <cmath>

namespace posenc::core {

int frequency_count(int dim) { return (dim + 1) / 2; }

double frequency(int i, int dim, double base) {
  return 1.0 / std::pow(base, 2.0 * i / dim);
}

double frequency_exp_form(int i, int dim, double base) {
  return std::exp(-2.0 * i * std::log(base) / dim);
}

int sine_column(int i, int dim, Layout layout) {
  (void)dim;
  return layout == Layout::Interleaved ? 2 * i : i;
}

int cosine_column(int i, int dim, Layout layout) {
  const int col = layout == Layout::Interleaved ? 2 * i + 1 : frequency_count(dim) + i;
  return col < dim ? col : -1;
}

Eigen::RowVectorXd sinusoidal_row(double pos, int dim, double base, Layout layout) {
  Eigen::RowVectorXd row(dim);
  const int pairs = frequency_count(dim);
  for (int i = 0; i < pairs; ++i) {
    const double angle = pos * frequency(i, dim, base);
    row(sine_column(i, dim, layout)) = std::sin(angle);
    const int c = cosine_column(i, dim, layout);
    if (c >= 0) row(c) = std::cos(angle);
  }
  return row;
}

Eigen::MatrixXd sinusoidal(const SinusoidalSpec& spec) {
  Eigen::MatrixXd table(spec.len, spec.dim);
  const int pairs = frequency_count(spec.dim);
  Eigen::VectorXd omega(pairs);
  for (int i = 0; i < pairs; ++i) omega(i) = frequency(i, spec.dim, spec.base);
  for (int r = 0; r < spec.len; ++r) {
    const double pos = spec.offset + r;
    for (int i = 0; i < pairs; ++i) {
      const double angle = pos * omega(i);
      table(r, sine_column(i, spec.dim, spec.layout)) = std::sin(angle);
      const int c = cosine_column(i, spec.dim, spec.layout);
      if (c >= 0) table(r, c) = std::cos(angle);
    }
  }
  return table;
}

}  // namespace posenc::core
