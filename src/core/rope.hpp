// Rotary position embedding (Su et al., RoFormer): each pair of coordinates of q and k is rotated by
// pos · θ_i, θ_i = base^(−2i/d), so ⟨R_m q, R_n k⟩ depends on m − n only. Two pairings exist in real
// code: interleaved (2i, 2i+1) as in the paper and GPT-J, and halves (i, i + d/2) as in `rotate_half`
// implementations (GPT-NeoX, LLaMA-style code); they differ by a fixed permutation of coordinates.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "sinusoidal.hpp"

namespace posenc::core {

// The two coordinates of pair i in a vector of even length dim.
std::pair<int, int> rope_pair(int i, int dim, Layout layout);

// x rotated pair by pair by pos · θ_i (x must have even length). Elementwise, as implementations do it.
Eigen::VectorXd rope_rotate(const Eigen::VectorXd& x, double pos, double base = 10000.0,
                            Layout layout = Layout::Interleaved);

// RoPE applied to a sequence, as attention code does to its queries and keys: row r of x (len × dim,
// dim even) is rotated by position first + r. The angles come from the exact sinusoidal table (its
// columns 2i, 2i+1 are sin and cos of pos·θ_i), then each pair of columns is rotated at once.
void rope_rotate_rows(Eigen::MatrixXd& x, double first = 0.0, double base = 10000.0,
                      Layout layout = Layout::Interleaved);

// The same rotation as a dim × dim block-diagonal (up to the pairing) matrix R_pos.
Eigen::MatrixXd rope_matrix(int dim, double pos, double base = 10000.0, Layout layout = Layout::Interleaved);

// ⟨R_m q, R_n k⟩.
double rope_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double m, double n,
                  double base = 10000.0, Layout layout = Layout::Interleaved);

// Coordinate order taking an interleaved vector to the halves layout: half[j] = interleaved[perm[j]].
std::vector<int> interleaved_to_half(int dim);

// RoFormer's long-term decay bound: (1/(d/2)) Σ_{j=1..d/2} |S_j|, S_j = Σ_{i<j} e^{i r θ_i}, for
// r = 0 … max_dist.
Eigen::VectorXd rope_decay(int dim, double base, int max_dist);

// The bound RoFormer proves for one query and key (Abel summation with h_{d/2} = 0): at distance r,
// |⟨R_m q, R_n k⟩| ≤ max_i |h_{i+1} − h_i| · Σ_{j=1..d/2} |S_j(r)|, with h_i = q_i · conj(k_i) the
// product of their pairs i (interleaved) as complex numbers. For r = 0 … max_dist.
Eigen::VectorXd rope_score_bound(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double base,
                                 int max_dist);

}  // namespace posenc::core
