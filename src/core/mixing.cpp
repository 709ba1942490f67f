#include "mixing.hpp"

#include <algorithm>
#include <cmath>

#include "random.hpp"
#include "sinusoidal.hpp"

namespace posenc::core {

// <code id="cosine_stats">
CosineStats cosine_stats(const Eigen::Ref<const Eigen::MatrixXd>& words, int positions) {
  const int dim = static_cast<int>(words.cols());
  const Eigen::MatrixXd w = words.rowwise().normalized();
  Eigen::MatrixXd pe = sinusoidal({positions, dim, 10000.0, Layout::Interleaved, 0.0});
  pe.rowwise().normalize();  // no zero rows: cos(p·ω_0) or the lone sine is never 0 for all columns
  const Eigen::MatrixXd cos = w * pe.transpose();
  CosineStats s;
  s.mean_abs = cos.cwiseAbs().mean();
  s.theory = std::sqrt(2.0 / (3.14159265358979323846 * dim));
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
  const Eigen::VectorXd half_sq = 0.5 * vocab.rowwise().squaredNorm();
  Eigen::MatrixXd sum_inputs(samples, dim), word_part(samples, dim);
  for (int s = 0; s < samples; ++s) {
    word_part.row(s) = vocab.row(truth[s]);
    sum_inputs.row(s) = vocab.row(truth[s]) + sinusoidal_row(positions[s], dim);
  }
  // Nearest by Euclidean distance: argmin ‖x − w_k‖² = argmax (w_k·x − ½‖w_k‖²).
  auto accuracy = [&](const Eigen::MatrixXd& x) {
    const Eigen::MatrixXd score = (x * vocab.transpose()).rowwise() - half_sq.transpose();
    int right = 0;
    for (int s = 0; s < samples; ++s) {
      Eigen::Index best = 0;
      score.row(s).maxCoeff(&best);
      right += best == truth[s];
    }
    return static_cast<double>(right) / samples;
  };
  // With concatenation the word occupies its own coordinates: the nearest word is found from them
  // (the position block is the same kind of vector for every candidate and cannot change the answer).
  return {accuracy(sum_inputs), accuracy(word_part)};
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

Eigen::VectorXd dimension_variance(int len, int dim, double base) {
  const Eigen::MatrixXd t = sinusoidal({len, dim, base, Layout::Interleaved, 0.0});
  const Eigen::RowVectorXd mean = t.colwise().mean();
  return ((t.rowwise() - mean).array().square().colwise().sum() / len).transpose();
}

LayerCost layer_cost(double w, double n) {
  LayerCost c;
  c.flops = 4 * n * w * w      // Q, K, V and output projections
            + 2 * n * n * w    // scores and weighted sum
            + 8 * n * w * w;   // feed-forward w → 4w → w
  c.params = 4 * w * w + 8 * w * w;
  return c;
}

}  // namespace posenc::core
