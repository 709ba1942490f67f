// Relative offsets hidden in absolute sinusoidal codes (lessons 5 and 6):
//   PE(p)·PE(q) = Σ_i cos(ω_i (p − q))        (even d: depends on p − q only)
//   PE(p + k) = M_k · PE(p),  M_k block-diagonal 2×2 rotations by k·ω_i (interleaved layout)
//   ‖PE(p) − PE(q)‖² = 2 Σ_i (1 − cos(ω_i (p − q)))
#pragma once

#include <Eigen/Core>

namespace posenc::core {

// len × len matrix of PE(p)·PE(q) for positions 0…len−1 (interleaved layout; any d, odd included).
Eigen::MatrixXd pe_dot(int len, int dim, double base = 10000.0);

// PE(0)·PE(k) = Σ_i cos(ω_i k) for k = 0…max_k (even d), the curve against the offset.
Eigen::VectorXd dot_by_offset(int max_k, int dim, double base = 10000.0);

// ‖PE(p) − PE(p + k)‖ for k = 0…max_k (even d; the same for every p).
Eigen::VectorXd distance_by_offset(int max_k, int dim, double base = 10000.0);

// dim × dim matrix M_k with PE(p + k) = M_k · PE(p) for every p (interleaved layout, even dim).
Eigen::MatrixXd shift_map(int dim, double k, double base = 10000.0);

}  // namespace posenc::core
