#include "mixing.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "random.hpp"
#include "sinusoidal.hpp"

namespace posenc::core {

// <code id="cosine_stats">
double abs_cosine_theory(int dim) { return std::sqrt(2.0 / (3.14159265358979323846 * dim)); }

CosineStats cosine_stats(const Eigen::Ref<const Eigen::MatrixXd>& words, int positions) {
  const int dim = static_cast<int>(words.cols());
  const Eigen::MatrixXd w = words.rowwise().normalized();
  Eigen::MatrixXd pe = sinusoidal({positions, dim, 10000.0, Layout::Interleaved, 0.0});
  pe.rowwise().normalize();  // no zero rows: cos(p·ω_0) or the lone sine is never 0 for all columns
  const Eigen::MatrixXd cos = w * pe.transpose();
  CosineStats s;
  s.mean_abs = cos.cwiseAbs().mean();
  s.theory = abs_cosine_theory(dim);
  s.histogram.assign(20, 0.0);
  for (Eigen::Index i = 0; i < cos.size(); ++i) {
    const int bin = std::clamp(static_cast<int>((cos(i) + 1.0) * 10.0), 0, 19);
    s.histogram[bin] += 1.0;
  }
  for (double& h : s.histogram) h /= static_cast<double>(cos.size());
  return s;
}
// </code>

CosineStats cosine_stats(int dim, int words, int positions, std::uint64_t seed) {
  Random rng(seed);
  return cosine_stats(rng.gaussian_matrix(words, dim), positions);
}

Recovery nearest_word_accuracy(const Eigen::Ref<const Eigen::MatrixXd>& vocab, const std::vector<int>& truth,
                               const std::vector<double>& positions) {
  const int dim = static_cast<int>(vocab.cols());
  const int samples = static_cast<int>(truth.size());
  if (samples == 0 || vocab.rows() == 0) return {};
  const Eigen::VectorXd half_sq = 0.5 * vocab.rowwise().squaredNorm();
  // x = w + PE(p), with PE as sinusoidal_row computes it (the frequencies taken once, not per sample).
  const Eigen::VectorXd omega = frequencies(dim, 10000.0);
  Eigen::MatrixXd sum_inputs(samples, dim);
  for (int s = 0; s < samples; ++s) {
    sum_inputs.row(s) = vocab.row(truth[s]);
    for (int i = 0; i < omega.size(); ++i) {
      const double angle = positions[s] * omega(i);
      sum_inputs(s, sine_column(i, dim, Layout::Interleaved)) += std::sin(angle);
      const int c = cosine_column(i, dim, Layout::Interleaved);
      if (c >= 0) sum_inputs(s, c) += std::cos(angle);
    }
  }
  // Nearest by Euclidean distance: argmin ‖x − w_k‖² = argmax (w_k·x − ½‖w_k‖²), ties to the lower k.
  const Eigen::MatrixXd score = (sum_inputs * vocab.transpose()).rowwise() - half_sq.transpose();
  int sum_right = 0, concat_right = 0;
  for (int s = 0; s < samples; ++s) {
    Eigen::Index best = 0;
    score.row(s).maxCoeff(&best);
    sum_right += best == truth[s];
  }
  // With concatenation the word occupies its own coordinates (the position block is the same kind of
  // vector for every candidate and cannot change the answer), so the input's word part is w_t itself:
  // its distance to w_t is 0 and to any other word positive unless the vocabulary holds the very same
  // vector twice. The rule above (ties to the lower index) thus picks t unless an earlier row equals
  // w_t — checked directly instead of scoring the whole vocabulary (first coordinates differ at once).
  for (int s = 0; s < samples; ++s) {
    const int t = truth[s];
    bool duplicate = false;
    for (int k = 0; k < t && !duplicate; ++k) {
      int j = 0;
      while (j < dim && vocab(k, j) == vocab(t, j)) ++j;
      duplicate = j == dim;
    }
    concat_right += !duplicate;
  }
  return {static_cast<double>(sum_right) / samples, static_cast<double>(concat_right) / samples};
}

Recovery nearest_word_accuracy(int dim, int vocab, int samples, int max_position, std::uint64_t seed) {
  Random rng(seed);
  const Eigen::MatrixXd words = rng.gaussian_matrix(vocab, dim);
  std::vector<int> truth(samples);
  std::vector<double> positions(samples);
  for (int s = 0; s < samples; ++s) {
    truth[s] = rng.below(vocab);
    positions[s] = rng.below(max_position);
  }
  return nearest_word_accuracy(words, truth, positions);
}

namespace {

// Σ_{p=0}^{n−1} cos(p·w) and Σ sin(p·w) in closed form (Lagrange's identities):
// sin(n·w/2) / sin(w/2) · (cos, sin)((n−1)·w/2); n when sin(w/2) = 0 (w a multiple of 2π).
std::pair<double, double> sum_cos_sin(int n, double w) {
  const double h = std::sin(w / 2);
  if (std::fabs(h) < 1e-300) return {static_cast<double>(n), 0.0};
  const double r = std::sin(n * w / 2) / h, mid = (n - 1) * w / 2;
  return {r * std::cos(mid), r * std::sin(mid)};
}

}  // namespace

// Each column is sin(p·ω) or cos(p·ω) over p = 0 … len−1, so its mean and mean square have closed forms
// (sin² = (1 − cos 2θ)/2, cos² = (1 + cos 2θ)/2): O(d) work instead of building the len × d table.
Eigen::VectorXd dimension_variance(int len, int dim, double base) {
  Eigen::VectorXd var = Eigen::VectorXd::Zero(std::max(dim, 0));
  if (len <= 0) return var;
  const double n = len;
  for (int i = 0; i < frequency_count(dim); ++i) {
    const double w = frequency(i, dim, base);
    const auto [c1, s1] = sum_cos_sin(len, w);
    const double c2 = sum_cos_sin(len, 2 * w).first;
    const double mean_s = s1 / n, mean_c = c1 / n;
    var(sine_column(i, dim, Layout::Interleaved)) = std::max(0.0, (n - c2) / (2 * n) - mean_s * mean_s);
    const int c = cosine_column(i, dim, Layout::Interleaved);
    if (c >= 0) var(c) = std::max(0.0, (n + c2) / (2 * n) - mean_c * mean_c);
  }
  return var;
}

LayerCost layer_cost(double w, double n) {
  LayerCost c;
  c.flops = 4 * n * w * w     // Q, K, V and output projections
            + 2 * n * n * w   // scores and weighted sum
            + 8 * n * w * w;  // feed-forward w → 4w → w
  c.params = 4 * w * w + 8 * w * w;
  return c;
}

}  // namespace posenc::core
