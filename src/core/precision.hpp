// How far a float32 implementation drifts from the double-precision table at large positions.
#pragma once

#include <Eigen/Core>

namespace posenc::core {

// The table for positions offset…offset+len−1 computed as most float32 code does it (angle = p·ω in
// float, then sinf/cosf), as doubles for comparison.
Eigen::MatrixXd sinusoidal_float32(int len, int dim, double base, double offset);

// max |float32 table − double table| over those positions.
double float32_drift(int len, int dim, double base, double offset);

}  // namespace posenc::core
