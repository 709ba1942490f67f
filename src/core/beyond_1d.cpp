#include "beyond_1d.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "metrics.hpp"
#include "rope.hpp"
#include "sinusoidal.hpp"

namespace posenc::core {

// <code id="causal_attention">
AttentionResult causal_self_attention(const Eigen::MatrixXd& x, const AttentionWeights& w) {
  AttentionResult r = self_attention(x, w);  // q, k, v and the scores q kᵀ / √d_k, then the mask:
  for (Eigen::Index i = 0; i < r.scores.rows(); ++i)  // token i may not look ahead, keys j > i removed
    for (Eigen::Index j = i + 1; j < r.scores.cols(); ++j)
      r.scores(i, j) = -std::numeric_limits<double>::infinity();
  r.weights = softmax_rows(r.scores);  // exp(−∞) = 0; the diagonal keeps every row's maximum finite
  r.out = r.weights * r.v;
  return r;
}
// </code>

CausalExperiment run_causal_experiment(const Eigen::MatrixXd& content, const AttentionWeights& w,
                                       const Permutation& perm) {
  CausalExperiment e;
  e.perm_matrix = permutation_matrix(perm);
  e.original = causal_self_attention(content, w);
  e.permuted = causal_self_attention(permute_rows(perm, content), w);
  e.p_times_out = permute_rows(perm, e.original.out);
  e.causal_residual = max_abs_diff(e.permuted.out, e.p_times_out);
  e.bidirectional_residual = run_order_experiment(content, w, perm, false).equivariance_residual;
  return e;
}

// <code id="counting_heads">
CountingHeads counting_heads(int n, double sharpness) {
  CountingHeads c;
  c.input = Eigen::MatrixXd::Zero(n, 2);
  c.input.col(1).setOnes();
  if (n > 0) c.input(0, 0) = 1;  // the start token
  // Layer 1: no query, no key — every score 0, so softmax spreads evenly over tokens 0…i.
  AttentionWeights l1{Eigen::MatrixXd::Zero(2, 2), Eigen::MatrixXd::Zero(2, 2), Eigen::MatrixXd::Zero(2, 2)};
  l1.wv(0, 0) = 1;  // the value is "am I the start token?"
  c.layer1 = causal_self_attention(c.input, l1);
  c.h = c.layer1.out.col(0);
  c.position = c.h.cwiseInverse().array() - 1.0;
  // Layer 2 on the features (p, p², 1); √3 undoes the head's 1/√d_k.
  Eigen::MatrixXd f(n, 3);
  f.col(0) = c.position;
  f.col(1) = c.position.cwiseProduct(c.position);
  f.col(2).setOnes();
  const double s = sharpness * std::sqrt(3.0);
  AttentionWeights l2{Eigen::MatrixXd::Zero(3, 3), Eigen::MatrixXd::Zero(3, 3), Eigen::MatrixXd::Zero(3, 3)};
  l2.wq(0, 0) = 2 * s;  // q = λ(2p − 2, −1, 0)
  l2.wq(2, 0) = -2 * s;
  l2.wq(2, 1) = -s;
  l2.wk(0, 0) = 1;  // k = (p, p², 0)
  l2.wk(1, 1) = 1;
  l2.wv(0, 0) = 1;  // v = (p, 0, 0)
  c.layer2 = causal_self_attention(f, l2);
  c.previous_weight = 1;
  for (int i = 0; i < n; ++i) {
    c.h_error = std::max(c.h_error, std::fabs(c.h(i) - 1.0 / (i + 1)));
    c.position_error = std::max(c.position_error, std::fabs(c.position(i) - i));
    if (i == 0) continue;
    c.previous_weight = std::min(c.previous_weight, c.layer2.weights(i, i - 1));
    c.read_error = std::max(c.read_error, std::fabs(c.layer2.out(i, 0) - (i - 1)));
  }
  return c;
}
// </code>

// <code id="rope_2d">
AxialPair axial_pair(int i, int dim, double base) {
  const int quarter = dim / 4;
  AxialPair p;
  p.axis = i < quarter ? 0 : 1;
  p.k = i < quarter ? i : i - quarter;
  p.theta = frequency(p.k, dim / 2, base);
  return p;
}

Eigen::VectorXd rope_2d(const Eigen::VectorXd& x, double row, double col, double base) {
  const Eigen::Index half = x.size() / 2;
  Eigen::VectorXd out(x.size());
  out.head(half) = rope_rotate(x.head(half), row, base);  // a 1-D RoPE of width d/2 by the row…
  out.tail(half) = rope_rotate(x.tail(half), col, base);  // …and another by the column
  return out;
}
// </code>

double rope_2d_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double qrow, double qcol,
                     double krow, double kcol, double base) {
  return rope_2d(q, qrow, qcol, base).dot(rope_2d(k, krow, kcol, base));
}

int raster_index(int row, int col, int cols) { return row * cols + col; }

int raster_distance(int r1, int c1, int r2, int c2, int cols) {
  return std::abs(raster_index(r1, c1, cols) - raster_index(r2, c2, cols));
}

// <code id="mrope_position_ids">
Eigen::MatrixXi mrope_position_ids(const std::vector<MropeSegment>& segments) {
  int n = 0;
  for (const MropeSegment& s : segments) n += s.vision ? s.t * s.h * s.w : s.text;
  Eigen::MatrixXi ids(3, n);
  int at = 0, next = 0;  // next: the largest id so far + 1
  for (const MropeSegment& s : segments) {
    const int start = next;
    if (!s.vision) {
      for (int k = 0; k < s.text; ++k, ++at) ids.col(at).setConstant(start + k);
      next = start + s.text;
      continue;
    }
    for (int ti = 0; ti < s.t; ++ti)
      for (int hi = 0; hi < s.h; ++hi)
        for (int wi = 0; wi < s.w; ++wi, ++at) ids.col(at) << start + ti, start + hi, start + wi;
    next = start + std::max({s.t, s.h, s.w});
  }
  return ids;
}
// </code>

int mrope_section_of(int j, const std::array<int, 3>& sections) {
  return j < sections[0] ? 0 : j < sections[0] + sections[1] ? 1 : 2;
}

// <code id="mrope_rotate">
Eigen::VectorXd mrope_rotate(const Eigen::VectorXd& x, const std::array<double, 3>& ids,
                             const std::array<int, 3>& sections, double base) {
  const int dim = static_cast<int>(x.size());
  Eigen::VectorXd out = x;
  for (int s = 0; s < 3; ++s) {  // rotate everything by section s's id, keep the pairs of section s
    const Eigen::VectorXd turned = rope_rotate(x, ids[s], base, Layout::Half);
    for (int j = 0; j < dim / 2; ++j) {
      if (mrope_section_of(j, sections) != s) continue;
      const auto [u, v] = rope_pair(j, dim, Layout::Half);
      out(u) = turned(u);
      out(v) = turned(v);
    }
  }
  return out;
}
// </code>

Eigen::MatrixXd mrope_table(const Eigen::MatrixXi& ids, const std::array<int, 3>& sections, double base,
                            bool sine) {
  const int half = sections[0] + sections[1] + sections[2], n = static_cast<int>(ids.cols());
  Eigen::MatrixXd t(n, 2 * half);
  for (int j = 0; j < half; ++j) {
    const double theta = frequency(j, 2 * half, base);
    const int s = mrope_section_of(j, sections);
    for (int r = 0; r < n; ++r) {
      const double a = ids(s, r) * theta;
      t(r, j) = t(r, j + half) = sine ? std::sin(a) : std::cos(a);
    }
  }
  return t;
}

}  // namespace posenc::core
