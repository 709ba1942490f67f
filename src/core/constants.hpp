// Numbers every part of the program writes the same way.
#pragma once

namespace posenc::core {

// 2π: one full turn, in radians.
inline constexpr double kTwoPi = 6.283185307179586;

}  // namespace posenc::core
