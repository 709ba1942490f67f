// A seeded random source that gives the same numbers on every platform (native and WebAssembly):
// SplitMix64 for seeding, xoshiro256** for the stream, Box–Muller for Gaussians. The standard
// library's distributions are implementation-defined, so they are not used.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string_view>

namespace posenc::core {

class Random {
 public:
  explicit Random(std::uint64_t seed);

  std::uint64_t next_u64();
  double uniform();   // [0, 1)
  int below(int n);   // uniform integer in [0, n), n > 0
  double gaussian();  // standard normal
  Eigen::MatrixXd gaussian_matrix(int rows, int cols, double stddev = 1.0);

 private:
  std::uint64_t s_[4];
  double spare_ = 0.0;
  bool has_spare_ = false;
};

// Stable 64-bit hash of a string (FNV-1a), to seed per-word vectors.
std::uint64_t hash_string(std::string_view text);

// Mix two 64-bit values into one seed.
std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b);

}  // namespace posenc::core
