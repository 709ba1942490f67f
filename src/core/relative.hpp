// Relative position representations (Shaw, Uszkoreit & Vaswani 2018), lesson 8:
//   e_ij = x_i W^Q (x_j W^K + a^K_ij)ᵀ / √d_z,  z_i = Σ_j α_ij (x_j W^V + a^V_ij)
// with a_ij = w_clip(j−i, k): only 2k+1 learned vectors per table.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "attention.hpp"

namespace posenc::core {

// clip(j − i, −k, k) + k for positions pos (usually 0 … n−1, or shifted).
Eigen::MatrixXd shaw_index(const std::vector<double>& pos, int k);
Eigen::MatrixXd shaw_index(int len, int k);

struct RelativeResult {
  Eigen::MatrixXd q, kk, v;         // n × d_z
  Eigen::MatrixXd index;            // n × n table rows used
  Eigen::MatrixXd content_logits;   // q_i · k_jᵀ / √d_z
  Eigen::MatrixXd position_logits;  // q_i · a^K_ijᵀ / √d_z
  Eigen::MatrixXd logits;           // e_ij, their sum
  Eigen::MatrixXd weights;          // α, row-wise softmax
  Eigen::MatrixXd z;                // outputs, n × d_z
};

// `a_k` and `a_v` are (2k+1) × d_z tables; `pos` gives each token's absolute position.
RelativeResult relative_attention(const Eigen::MatrixXd& x, const AttentionWeights& w,
                                  const Eigen::MatrixXd& a_k, const Eigen::MatrixXd& a_v, int k,
                                  const std::vector<double>& pos);

std::vector<double> positions_from(double offset, int n);

}  // namespace posenc::core
