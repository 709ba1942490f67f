// Going beyond the training length (lesson 10): ALiBi's linear biases (Press et al. 2022), T5's
// relative position buckets (Raffel et al. 2020), and RoPE context extension by position
// interpolation and NTK-aware base scaling.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace posenc::core {

// Head slopes in the reference implementation's order: for a power of two n, 2^(−8/n), 2^(−16/n), …;
// otherwise the slopes of the largest power of two below n, then every other slope of twice that.
std::vector<double> alibi_slopes(int heads);

// len × len bias −m·(i − j) for key j ≤ query i; in causal mode keys after the query get −∞ (masked),
// otherwise −m·|i − j|.
Eigen::MatrixXd alibi_bias(int len, double slope, bool causal);

// T5's relative_position_bucket for rel = key − query.
int t5_bucket(long rel, bool bidirectional = true, int buckets = 32, int max_distance = 128);

// RoPE scaling: the largest angle pair i reaches over positions 0 … len−1 with the given base and
// position scale (1 = none; interpolation uses L_train / L).
Eigen::VectorXd rope_max_angles(int dim, double base, double len, double position_scale = 1.0);

// NTK-aware scaling: the base that stretches the lowest frequency's wavelength by `factor` while
// leaving the highest nearly unchanged: base · factor^(d / (d − 2)).
double ntk_base(double base, double factor, int dim);

// The pair i of a sinusoidal code (θ_i = base^(−2i/dim)) whose wavelength 2π/θ_i is nearest to
// `wavelength` on a log scale, within 0 … dim/2 − 1.
int pair_for_wavelength(int dim, double base, double wavelength);

}  // namespace posenc::core
