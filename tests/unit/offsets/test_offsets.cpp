// Lessons 5 and 6: relative offsets hidden in absolute sinusoidal codes, checked over random sizes.
#include <doctest/doctest.h>

#include <cmath>

#include "core/metrics.hpp"
#include "core/naive.hpp"
#include "core/offsets.hpp"
#include "core/precision.hpp"
#include "core/random.hpp"
#include "core/sinusoidal.hpp"

using namespace posenc::core;

TEST_CASE("pe_dot equals the table times its transpose, for even and odd d") {
  Random rng(21);
  for (int trial = 0; trial < 30; ++trial) {
    const int len = 1 + rng.below(80), dim = 1 + rng.below(96);
    const double base = 10 + rng.uniform() * 20000;
    const Eigen::MatrixXd t = sinusoidal({len, dim, base, Layout::Interleaved, 0.0});
    CHECK(max_abs_diff(pe_dot(len, dim, base), t * t.transpose()) < 1e-10);
  }
}

TEST_CASE("for even d, PE(p)·PE(q) depends only on p − q: the matrix is Toeplitz and symmetric") {
  Random rng(22);
  for (int trial = 0; trial < 30; ++trial) {
    const int len = 2 + rng.below(100), dim = 2 * (1 + rng.below(64));
    const Eigen::MatrixXd t = sinusoidal({len, dim, 10000.0, Layout::Interleaved, 0.0});
    const Eigen::MatrixXd d = t * t.transpose();  // from the table, not from the closed form
    CHECK(max_abs_diff(d.topLeftCorner(len - 1, len - 1), d.bottomRightCorner(len - 1, len - 1)) < 1e-10);
    CHECK(max_abs_diff(d, d.transpose()) < 1e-12);
    const Eigen::VectorXd curve = dot_by_offset(len - 1, dim, 10000.0);
    for (int k = 0; k < len; ++k) CHECK(d(0, k) == doctest::Approx(curve(k)).epsilon(1e-10));
    CHECK(curve(0) == doctest::Approx(dim / 2.0));
  }
}

TEST_CASE("odd d breaks the Toeplitz property (the lone sine)") {
  const Eigen::MatrixXd t = sinusoidal({20, 7, 10000.0, Layout::Interleaved, 0.0});
  const Eigen::MatrixXd d = t * t.transpose();
  CHECK(max_abs_diff(d.topLeftCorner(19, 19), d.bottomRightCorner(19, 19)) > 1e-6);
}

TEST_CASE("PE(p + k) = M_k PE(p) for every p, with M_k block-diagonal rotations") {
  Random rng(23);
  for (int trial = 0; trial < 40; ++trial) {
    const int dim = 2 * (1 + rng.below(64));
    const double k = rng.below(2000) - 1000, base = 100 + rng.uniform() * 1e5;
    const Eigen::MatrixXd m = shift_map(dim, k, base);
    for (int probe = 0; probe < 5; ++probe) {
      const double p = rng.uniform() * 1e4;
      const Eigen::VectorXd lhs = m * sinusoidal_row(p, dim, base).transpose();
      CHECK(max_abs_diff(lhs.transpose(), sinusoidal_row(p + k, dim, base)) < 1e-9);
    }
    // orthogonal (a rotation) and M_0 = I
    CHECK(max_abs_diff(m * m.transpose(), Eigen::MatrixXd::Identity(dim, dim)) < 1e-12);
  }
  CHECK(max_abs_diff(shift_map(8, 0, 10000.0), Eigen::MatrixXd::Identity(8, 8)) == 0.0);
}

TEST_CASE("distance between codes depends only on the offset and is positive for k > 0") {
  const int dim = 16, len = 300;
  const Eigen::MatrixXd t = sinusoidal({len, dim, 10000.0, Layout::Interleaved, 0.0});
  const Eigen::VectorXd d = distance_by_offset(len - 1, dim, 10000.0);
  CHECK(d(0) == 0.0);
  for (int k = 1; k < len; k += 7) {
    CHECK(d(k) > 0.0);
    CHECK((t.row(0) - t.row(k)).norm() == doctest::Approx(d(k)).epsilon(1e-9));
    CHECK((t.row(100) - t.row(100 + k < len ? 100 + k : len - 1)).norm() ==
          doctest::Approx(d(100 + k < len ? k : len - 1 - 100)).epsilon(1e-9));
  }
}

TEST_CASE("naive codes: the index grows, the fraction depends on length, binary digits jump") {
  CHECK(row_norms(index_encoding(10, 4))(9) == doctest::Approx(18.0));  // 9 · √4
  CHECK(fraction_encoding(5, 2)(2, 0) == 0.5);
  CHECK(fraction_encoding(9, 2)(2, 0) == 0.25);
  const Eigen::MatrixXd b = binary_encoding(16, 4);
  CHECK(b(5, 0) == 1.0);
  CHECK(b(5, 1) == 0.0);
  CHECK(b(5, 2) == 1.0);
  const Eigen::VectorXd jumps = neighbour_distances(b);
  CHECK(jumps(7) == doctest::Approx(2.0));  // 7 → 8 flips four bits: √4
  CHECK(jumps(0) == doctest::Approx(1.0));
}

TEST_CASE("float32 angles drift far more than double at large positions") {
  const double near_zero = float32_drift(32, 64, 10000.0, 0.0);
  const double near_million = float32_drift(32, 64, 10000.0, 1e6);
  CHECK(near_zero < 1e-5);
  CHECK(near_million > 1e-3);
  CHECK(near_million > 100 * near_zero);
}
