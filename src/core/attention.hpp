// Single-head softmax self-attention, Attn(X) = softmax(X W_Q (X W_K)ᵀ / √d_k) · X W_V, and the
// experiment of lesson 1: reorder the tokens and compare Attn(P·X) with P·Attn(X).
#pragma once

#include <Eigen/Core>

#include "permutation.hpp"
#include "random.hpp"

namespace posenc::core {

struct AttentionWeights {
  Eigen::MatrixXd wq, wk, wv;  // each d_model × d_k (here square)
};

struct AttentionResult {
  Eigen::MatrixXd q, k, v;  // n × d_k
  Eigen::MatrixXd scores;   // n × n, q kᵀ / √d_k
  Eigen::MatrixXd weights;  // n × n, row-wise softmax of scores
  Eigen::MatrixXd out;      // n × d_k, weights · v
};

// Row-wise softmax, shifted by each row's maximum so large scores do not overflow.
Eigen::MatrixXd softmax_rows(const Eigen::MatrixXd& scores);

// Gaussian weights with standard deviation 1/√dim, so scores stay of order one.
AttentionWeights random_attention_weights(int dim, Random& rng);

AttentionResult self_attention(const Eigen::MatrixXd& x, const AttentionWeights& w);

// Lesson 1's experiment. `content` holds one embedding row per token in the original order;
// the reordered sentence puts token perm[i] at position i. With `pe`, the position encoding of
// positions 0…n−1 is added to both inputs (the same positions, different content).
struct OrderExperiment {
  Eigen::MatrixXd pe;                                   // n × d (zero when disabled)
  Eigen::MatrixXd input;                                // content + pe
  Eigen::MatrixXd input_permuted;                       // P·content + pe
  Eigen::MatrixXd perm_matrix;                          // P
  AttentionResult original;                             // Attn(input)
  AttentionResult permuted;                             // Attn(input_permuted)
  Eigen::MatrixXd p_times_out;                          // P·Attn(input)
  Eigen::RowVectorXd pooled_original, pooled_permuted;  // mean over rows
  double equivariance_residual = 0;                     // max |Attn(P X) − P·Attn(X)|
  double pooled_residual = 0;                           // max |mean Attn(P X) − mean Attn(X)|
};

OrderExperiment run_order_experiment(const Eigen::MatrixXd& content, const AttentionWeights& w,
                                     const Permutation& perm, bool with_pe, double base = 10000.0);

}  // namespace posenc::core
