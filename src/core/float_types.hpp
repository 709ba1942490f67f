// The float types a RoPE cache passes through — the angles pos·θ may be formed in float64, float32,
// bfloat16 or float16, and the values cos and sin stored in any of them — and rounding to each, exactly
// as the hardware does (nearest-even, subnormals, overflow to infinity). Shared by the checker, the
// caches it rebuilds and the lessons that show the bugs.
#pragma once

#include <Eigen/Core>
#include <string>

namespace posenc::core {

// The float types the angles may have been formed in, and pos·θ as each forms it: the position and θ
// rounded to the type, their product rounded again (float64: untouched).
enum class AnglePrecision { Float64, Float32, BFloat16, Float16 };
const char* angle_precision_name(AnglePrecision p);
double round_to_precision(double x, AnglePrecision p);
double rounded_angle(double pos, double theta, AnglePrecision p);

// The float type the values were stored in: the narrowest of bfloat16, float16, float32 that holds every
// value of both tables exactly (float64 when none does).
std::string stored_type(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin);

// How far a value stored in `storage` (a stored_type name) may be from the float32 value it was cast from.
double storage_bound(double v, const std::string& storage);

}  // namespace posenc::core
