#include "attention.hpp"

#include <cmath>

#include "metrics.hpp"
#include "sinusoidal.hpp"

namespace posenc::core {

// <code id="softmax_rows">
Eigen::MatrixXd softmax_rows(const Eigen::MatrixXd& scores) {
  Eigen::MatrixXd out(scores.rows(), scores.cols());
  for (Eigen::Index r = 0; r < scores.rows(); ++r) {
    const double m = scores.row(r).maxCoeff();
    out.row(r) = (scores.row(r).array() - m).exp().matrix();
    out.row(r) /= out.row(r).sum();
  }
  return out;
}
// </code>

AttentionWeights random_attention_weights(int dim, Random& rng) {
  const double s = 1.0 / std::sqrt(static_cast<double>(dim));
  AttentionWeights w;
  w.wq = rng.gaussian_matrix(dim, dim, s);
  w.wk = rng.gaussian_matrix(dim, dim, s);
  w.wv = rng.gaussian_matrix(dim, dim, s);
  return w;
}

// <code id="self_attention">
AttentionResult self_attention(const Eigen::MatrixXd& x, const AttentionWeights& w) {
  AttentionResult r;
  r.q = x * w.wq;
  r.k = x * w.wk;
  r.v = x * w.wv;
  r.scores = (r.q * r.k.transpose()) / std::sqrt(static_cast<double>(w.wk.cols()));
  r.weights = softmax_rows(r.scores);
  r.out = r.weights * r.v;
  return r;
}
// </code>

// <code id="run_order_experiment">
OrderExperiment run_order_experiment(const Eigen::MatrixXd& content, const AttentionWeights& w,
                                     const Permutation& perm, bool with_pe, double base) {
  OrderExperiment e;
  const int n = static_cast<int>(content.rows());
  const int d = static_cast<int>(content.cols());
  e.pe = with_pe ? sinusoidal({n, d, base, Layout::Interleaved, 0.0}) : Eigen::MatrixXd::Zero(n, d);
  e.input = content + e.pe;
  e.input_permuted = permute_rows(perm, content) + e.pe;
  e.perm_matrix = permutation_matrix(perm);
  e.original = self_attention(e.input, w);
  e.permuted = self_attention(e.input_permuted, w);
  e.p_times_out = permute_rows(perm, e.original.out);
  e.pooled_original = mean_rows(e.original.out);
  e.pooled_permuted = mean_rows(e.permuted.out);
  e.equivariance_residual = max_abs_diff(e.permuted.out, e.p_times_out);
  e.pooled_residual = max_abs_diff(e.pooled_permuted, e.pooled_original);
  return e;
}
// </code>

}  // namespace posenc::core
