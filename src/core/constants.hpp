// Numbers every part of the program writes the same way.
#pragma once

namespace posenc::core {

// π, and 2π: one full turn, in radians.
inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double kTwoPi = 2 * kPi;

}  // namespace posenc::core
