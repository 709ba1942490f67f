#include "rope.hpp"

#include <cmath>
#include <complex>

namespace posenc::core {

std::pair<int, int> rope_pair(int i, int dim, Layout layout) {
  return layout == Layout::Interleaved ? std::pair<int, int>{2 * i, 2 * i + 1}
                                       : std::pair<int, int>{i, i + dim / 2};
}

// <code id="rope_rotate">
Eigen::VectorXd rope_rotate(const Eigen::VectorXd& x, double pos, double base, Layout layout) {
  const int dim = static_cast<int>(x.size());
  Eigen::VectorXd out = x;
  for (int i = 0; i < dim / 2; ++i) {
    const double a = pos * frequency(i, dim, base), c = std::cos(a), s = std::sin(a);
    const auto [u, v] = rope_pair(i, dim, layout);
    out(u) = x(u) * c - x(v) * s;  // (x_u + i x_v) · e^{i a}
    out(v) = x(u) * s + x(v) * c;
  }
  return out;
}
// </code>

void rope_rotate_rows(Eigen::MatrixXd& x, double first, double base, Layout layout) {
  const int len = static_cast<int>(x.rows()), dim = static_cast<int>(x.cols());
  if (len == 0 || dim < 2) return;
  const Eigen::MatrixXd angles = sinusoidal({len, dim - dim % 2, base, Layout::Interleaved, first});
  for (int i = 0; i < dim / 2; ++i) {
    const auto [u, v] = rope_pair(i, dim, layout);
    const double* sin = angles.col(2 * i).data();
    const double* cos = angles.col(2 * i + 1).data();
    double* xu = x.col(u).data();
    double* xv = x.col(v).data();
    for (int r = 0; r < len; ++r) {
      const double a = xu[r], b = xv[r];
      xu[r] = a * cos[r] - b * sin[r];  // (x_u + i x_v) · e^{i·pos·θ_i}
      xv[r] = a * sin[r] + b * cos[r];
    }
  }
}

Eigen::MatrixXd rope_matrix(int dim, double pos, double base, Layout layout) {
  Eigen::MatrixXd r = Eigen::MatrixXd::Zero(dim, dim);
  for (int i = 0; i < dim / 2; ++i) {
    const double a = pos * frequency(i, dim, base), c = std::cos(a), s = std::sin(a);
    const auto [u, v] = rope_pair(i, dim, layout);
    r(u, u) = c;
    r(u, v) = -s;
    r(v, u) = s;
    r(v, v) = c;
  }
  if (dim % 2) r(dim - 1, dim - 1) = 1;
  return r;
}

double rope_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double m, double n, double base,
                  Layout layout) {
  return rope_rotate(q, m, base, layout).dot(rope_rotate(k, n, base, layout));
}

std::vector<int> interleaved_to_half(int dim) {
  std::vector<int> perm(dim);
  for (int i = 0; i < dim / 2; ++i) {
    perm[i] = 2 * i;
    perm[i + dim / 2] = 2 * i + 1;
  }
  return perm;
}

// <code id="rope_decay">
Eigen::VectorXd rope_decay(int dim, double base, int max_dist) {
  const int half = dim / 2;
  Eigen::VectorXd out(max_dist + 1);
  for (int r = 0; r <= max_dist; ++r) {
    std::complex<double> partial = 0;
    double total = 0;
    for (int j = 1; j <= half; ++j) {
      partial += std::polar(1.0, r * frequency(j - 1, dim, base));  // S_j = Σ_{i<j} e^{i r θ_i}
      total += std::abs(partial);
    }
    out(r) = half > 0 ? total / half : 0.0;
  }
  return out;
}
// </code>

Eigen::VectorXd rope_score_bound(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double base,
                                 int max_dist) {
  const int half = static_cast<int>(q.size()) / 2;
  std::complex<double> next = 0;  // h_{d/2} = 0
  double step = 0;                // max_i |h_{i+1} − h_i|
  for (int i = half - 1; i >= 0; --i) {
    const std::complex<double> h = std::complex<double>(q(2 * i), q(2 * i + 1)) *
                                   std::conj(std::complex<double>(k(2 * i), k(2 * i + 1)));
    step = std::max(step, std::abs(next - h));
    next = h;
  }
  return rope_decay(2 * half, base, max_dist) * (step * half);  // rope_decay holds (1/(d/2)) Σ |S_j|
}

}  // namespace posenc::core
