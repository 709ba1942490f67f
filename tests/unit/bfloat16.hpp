// bfloat16 rounding for the tests, written independently of the core's (core::round_to_precision):
// float32's bit pattern rounded to its upper 16 bits, nearest-even.
#pragma once

#include <cstdint>
#include <cstring>

namespace posenc::test {

inline double to_bf16(double x) {
  float f = static_cast<float>(x);
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  u += 0x7FFFu + ((u >> 16) & 1u);
  u &= 0xFFFF0000u;
  std::memcpy(&f, &u, 4);
  return f;
}

}  // namespace posenc::test
