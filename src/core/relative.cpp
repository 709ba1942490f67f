#include "relative.hpp"

#include <algorithm>
#include <cmath>

namespace posenc::core {

Eigen::MatrixXd shaw_index(const std::vector<double>& pos, int k) {
  const int n = static_cast<int>(pos.size());
  Eigen::MatrixXd idx(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) idx(i, j) = std::clamp(pos[j] - pos[i], double(-k), double(k)) + k;
  return idx;
}

Eigen::MatrixXd shaw_index(int len, int k) { return shaw_index(positions_from(0, len), k); }

std::vector<double> positions_from(double offset, int n) {
  std::vector<double> p(n);
  for (int i = 0; i < n; ++i) p[i] = offset + i;
  return p;
}

// <code id="relative_attention">
RelativeResult relative_attention(const Eigen::MatrixXd& x, const AttentionWeights& w,
                                  const Eigen::MatrixXd& a_k, const Eigen::MatrixXd& a_v, int k,
                                  const std::vector<double>& pos) {
  RelativeResult r;
  const int n = static_cast<int>(x.rows());
  r.q = x * w.wq;
  r.kk = x * w.wk;
  r.v = x * w.wv;
  const double scale = 1.0 / std::sqrt(static_cast<double>(w.wk.cols()));
  r.index = shaw_index(pos, k);
  r.content_logits = r.q * r.kk.transpose() * scale;
  r.position_logits.resize(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      r.position_logits(i, j) = r.q.row(i).dot(a_k.row(static_cast<int>(r.index(i, j)))) * scale;
  r.logits = r.content_logits + r.position_logits;
  r.weights = softmax_rows(r.logits);
  r.z = r.weights * r.v;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) r.z.row(i) += r.weights(i, j) * a_v.row(static_cast<int>(r.index(i, j)));
  return r;
}
// </code>

}  // namespace posenc::core
