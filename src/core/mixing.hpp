// Sum or concatenate? (lesson 7). Random word vectors and sinusoidal position codes are nearly
// orthogonal in high dimensions, so adding them loses little: the numbers behind that claim.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace posenc::core {

struct CosineStats {
  double mean_abs = 0;            // mean |cos(w, PE(p))| over all word × position pairs
  double theory = 0;              // √(2 / (π d)): E|cos| of a random direction against a fixed one
  std::vector<double> histogram;  // 20 bins over [−1, 1], fractions of all pairs
};

// √(2 / (π d)): the mean |cos| between a random direction in d dimensions and a fixed one (large d).
double abs_cosine_theory(int dim);

// Gaussian word vectors (seeded) against PE(0 … positions−1).
CosineStats cosine_stats(int dim, int words, int positions, std::uint64_t seed);
// The same for given word vectors (one per row; d = number of columns), so callers can cache samples.
CosineStats cosine_stats(const Eigen::Ref<const Eigen::MatrixXd>& words, int positions);

// Nearest-word recovery: for `samples` random (word, position) pairs, the fraction for which the word
// closest to the input is the right one. Sum: input w + PE(p); concatenation: [w; PE(p)].
struct Recovery {
  double sum = 0, concat = 0;
};
Recovery nearest_word_accuracy(int dim, int vocab, int samples, int max_position, std::uint64_t seed);
// The same for given vocabulary vectors (rows) and samples (word index, position).
Recovery nearest_word_accuracy(const Eigen::Ref<const Eigen::MatrixXd>& vocab, const std::vector<int>& truth,
                               const std::vector<double>& positions);

// Variance of each column of the sinusoidal table over positions 0 … len−1.
Eigen::VectorXd dimension_variance(int len, int dim, double base = 10000.0);

// Multiply-adds of one Transformer layer of width w on n tokens (attention projections, scores,
// weighted sum, output projection, 4w feed-forward) and its weight count.
struct LayerCost {
  double flops = 0;
  double params = 0;
};
LayerCost layer_cost(double width, double tokens);

}  // namespace posenc::core
