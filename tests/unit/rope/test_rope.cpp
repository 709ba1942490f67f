// Lessons 9 and 10: RoPE's identities and the extrapolation schemes (ALiBi, T5 buckets, scaling).
#include <doctest/doctest.h>

#include <cmath>

#include "app/compute.hpp"
#include "core/extrapolation.hpp"
#include "core/metrics.hpp"
#include "core/random.hpp"
#include "core/rope.hpp"
#include "core/sinusoidal.hpp"
#include "lesson_tests.hpp"

using namespace posenc::core;

namespace {
Eigen::VectorXd gaussian(Random& rng, int n) { return rng.gaussian_matrix(n, 1).col(0); }

// What RoPE rotates, at random: a size d of 2 … 2·pairs, a vector of d Gaussians and a position in
// [0, max_pos), drawn from `rng` in that order.
struct Rotation {
  int d;
  Eigen::VectorXd x;
  double pos;
};
Rotation random_rotation(Random& rng, int pairs, double max_pos) {
  const int d = 2 * (1 + rng.below(pairs));
  Eigen::VectorXd x = gaussian(rng, d);
  return {d, std::move(x), rng.uniform() * max_pos};
}
}  // namespace

TEST_CASE("RoPE preserves norms in both layouts") {
  Random rng(41);
  for (int trial = 0; trial < 50; ++trial) {
    const auto [d, x, pos] = random_rotation(rng, 64, 1e5);
    for (Layout l : {Layout::Interleaved, Layout::Half})
      CHECK(rope_rotate(x, pos, 10000.0, l).norm() == doctest::Approx(x.norm()).epsilon(1e-12));
  }
}

TEST_CASE("the RoPE score depends on m − n only, for m, n up to 1e5, in both layouts") {
  Random rng(42);
  for (int trial = 0; trial < 40; ++trial) {
    const int d = 2 * (1 + rng.below(64));
    const Eigen::VectorXd q = gaussian(rng, d), k = gaussian(rng, d);
    const double m = rng.below(100000), n = rng.below(100000), shift = rng.below(100000) - 50000.0;
    for (Layout l : {Layout::Interleaved, Layout::Half}) {
      const double a = rope_score(q, k, m, n, 10000.0, l),
                   b = rope_score(q, k, m + shift, n + shift, 10000.0, l);
      CHECK(std::fabs(a - b) < 1e-10 * std::max(1.0, q.norm() * k.norm()));
      CHECK(a == doctest::Approx(rope_score(q, k, m - n, 0, 10000.0, l)).epsilon(1e-9));
    }
  }
}

TEST_CASE("the layouts agree after the fixed permutation, and disagree without it") {
  Random rng(43);
  for (int trial = 0; trial < 20; ++trial) {
    const int d = 2 * (2 + rng.below(32));
    const Eigen::VectorXd x = gaussian(rng, d);
    const std::vector<int> perm = interleaved_to_half(d);
    Eigen::VectorXd xh(d);
    for (int j = 0; j < d; ++j) xh(j) = x(perm[j]);
    const double pos = 1 + rng.below(1000);
    const Eigen::VectorXd ri = rope_rotate(x, pos, 10000.0, Layout::Interleaved);
    const Eigen::VectorXd rh = rope_rotate(xh, pos, 10000.0, Layout::Half);
    for (int j = 0; j < d; ++j) CHECK(rh(j) == doctest::Approx(ri(perm[j])).epsilon(1e-12));
    CHECK((rope_rotate(x, pos, 10000.0, Layout::Half) - ri).cwiseAbs().maxCoeff() > 1e-6);
  }
}

TEST_CASE("elementwise RoPE equals multiplication by the rotation matrix") {
  Random rng(44);
  for (int trial = 0; trial < 20; ++trial) {
    const auto [d, x, pos] = random_rotation(rng, 48, 5000);
    for (Layout l : {Layout::Interleaved, Layout::Half})
      CHECK((rope_matrix(d, pos, 10000.0, l) * x - rope_rotate(x, pos, 10000.0, l)).cwiseAbs().maxCoeff() <
            1e-12);
  }
}

TEST_CASE("the long-term decay curve starts at (d/2 + 1)/2 and falls") {
  for (int d : {8, 64, 128}) {
    const Eigen::VectorXd c = rope_decay(d, 10000.0, 256);
    CHECK(c(0) == doctest::Approx((d / 2.0 + 1) / 2));
    if (d >= 64) CHECK(c.tail(64).mean() < 0.5 * c(0));  // few pairs (d = 8) decay only a little
  }
}

TEST_CASE(
    "RoFormer's bound holds: |score(q, k) at distance r| never exceeds it, and is met at r = 0 for aligned "
    "pairs") {
  Random rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const int d = 2 * (1 + rng.below(64));
    const Eigen::VectorXd q = gaussian(rng, d), k = gaussian(rng, d);
    const Eigen::VectorXd bound = rope_score_bound(q, k, 10000.0, 300);
    for (int r = 0; r <= 300; ++r) {
      CAPTURE(r);
      CHECK(std::fabs(rope_score(q, k, r + 17.0, 17.0)) <= bound(r) * (1 + 1e-12));
    }
  }
  // By hand: d = 2, q = (1, 0), k = (2, 0): h_0 = 2, h_1 = 0, so max|Δh| = 2 and Σ|S_j| = |S_1| = 1: bound 2,
  // and the score 2·cos(r) meets it at r = 0.
  Eigen::VectorXd q(2), k(2);
  q << 1, 0;
  k << 2, 0;
  const Eigen::VectorXd b = rope_score_bound(q, k, 10000.0, 3);
  for (int r = 0; r <= 3; ++r) CHECK(b(r) == doctest::Approx(2.0));
  CHECK(rope_score(q, k, 0, 0) == doctest::Approx(2.0));
}

TEST_CASE("ALiBi slopes: 2^-1 … 2^-8 for 8 heads; the reference order for other counts") {
  const std::vector<double> s8 = alibi_slopes(8);
  REQUIRE(s8.size() == 8);
  for (int i = 0; i < 8; ++i) CHECK(s8[i] == std::ldexp(1.0, -(i + 1)));
  // 12 heads: the 8-head slopes, then slopes 0, 2, 4, 6 of the 16-head list (2^-0.5, 2^-1.5, …)
  const std::vector<double> s12 = alibi_slopes(12);
  REQUIRE(s12.size() == 12);
  for (int i = 0; i < 8; ++i) CHECK(s12[i] == s8[i]);
  for (int i = 0; i < 4; ++i) CHECK(s12[8 + i] == doctest::Approx(std::pow(2.0, -0.5 - i)).epsilon(1e-15));
  CHECK(alibi_slopes(1) == std::vector<double>{std::pow(2.0, -8.0)});
  const Eigen::MatrixXd b = alibi_bias(4, 0.5, true);
  CHECK(b(3, 0) == -1.5);
  CHECK(std::isinf(b(0, 3)));
  CHECK(alibi_bias(4, 0.5, false)(0, 3) == -1.5);
}

TEST_CASE("T5 buckets: exact below max_exact, monotone in |r|, saturating, future → 0 when causal") {
  for (int r = 0; r < 8; ++r) CHECK(t5_bucket(-r, true, 32, 128) == r);  // keys before the query
  for (int r = 1; r < 8; ++r) CHECK(t5_bucket(r, true, 32, 128) == 16 + r);
  int prev = -1;
  for (int r = 0; r < 2000; ++r) {
    const int b = t5_bucket(-r, true, 32, 128);
    CHECK(b >= prev);
    prev = b;
  }
  CHECK(t5_bucket(-5000, true, 32, 128) == 15);
  CHECK(t5_bucket(5000, true, 32, 128) == 31);
  for (int r = 1; r < 100; ++r) CHECK(t5_bucket(r, false, 32, 128) == 0);
  CHECK(t5_bucket(-20, false, 32, 128) > 15);
  CHECK(t5_bucket(-100000, false, 32, 128) == 31);
}

TEST_CASE("RoPE scaling: interpolation and NTK-aware bases keep the slowest angle within training range") {
  const int d = 128;
  const double base = 10000, train = 2048, target = 8192;
  const Eigen::VectorXd seen = rope_max_angles(d, base, train);
  const Eigen::VectorXd plain = rope_max_angles(d, base, target);
  const Eigen::VectorXd interp = rope_max_angles(d, base, target, train / target);
  const Eigen::VectorXd ntk = rope_max_angles(d, ntk_base(base, target / train, d), target);
  CHECK(plain(d / 2 - 1) > seen(d / 2 - 1) * 3.9);
  // positions scaled by L_train / L: the last position lands at 2047.75, a quarter step past training
  CHECK(interp(d / 2 - 1) <= seen(d / 2 - 1) * (1 + 1.0 / train));
  // NTK: θ_last shrinks by the factor exactly, so the slowest angle is (L − 1)/(s·(L_train − 1)) of what
  // training saw
  CHECK(ntk(d / 2 - 1) ==
        doctest::Approx(seen(d / 2 - 1) * (target - 1) / ((target / train) * (train - 1))).epsilon(1e-9));
  CHECK(ntk(d / 2 - 1) < seen(d / 2 - 1) * 1.001);
  CHECK(ntk(0) == doctest::Approx(plain(0)));  // the fastest pair is untouched by NTK scaling
}

TEST_CASE("RoPE over a sequence rotates each row like rope_rotate at its position, in both layouts") {
  posenc::core::Random rng(21);
  for (int trial = 0; trial < 12; ++trial) {
    const int len = 1 + rng.below(80), dim = 2 * (1 + rng.below(40));
    const double first = trial % 2 ? 0.0 : 1000.0 * rng.below(100);
    const Layout layout = trial % 3 ? Layout::Interleaved : Layout::Half;
    CAPTURE(len);
    CAPTURE(dim);
    CAPTURE(first);
    const Eigen::MatrixXd x = rng.gaussian_matrix(len, dim);
    Eigen::MatrixXd rotated = x;
    rope_rotate_rows(rotated, first, 10000.0, layout);
    double worst = 0;
    for (int r = 0; r < len; ++r) {
      const Eigen::VectorXd expected = rope_rotate(x.row(r).transpose(), first + r, 10000.0, layout);
      worst = std::max(worst, (rotated.row(r).transpose() - expected).cwiseAbs().maxCoeff());
    }
    CHECK(worst < 1e-12);
    CHECK(rotated.rowwise().norm().isApprox(x.rowwise().norm(), 1e-12));  // rotations keep norms
  }
}

TEST_CASE("the pair with a given wavelength: 2π · base^(2i/d) nearest on a log scale, clamped to the pairs") {
  // d = 64, base 10000: wavelengths 2π · 10000^(i/32); i = 8 gives 2π · 10 = 62.83, i = 16 gives 628.3.
  CHECK(pair_for_wavelength(64, 10000, 62.83) == 8);
  CHECK(pair_for_wavelength(64, 10000, 628.3) == 16);
  CHECK(pair_for_wavelength(64, 10000, 70) == 8);
  CHECK(pair_for_wavelength(64, 10000, 1) == 0);      // shorter than the fastest: pair 0
  CHECK(pair_for_wavelength(64, 10000, 1e12) == 31);  // longer than the slowest: the last pair
}

TEST_CASE("lesson rope's decay step says the bound falls only where it does: not with one pair") {
  auto l = posenc::test::make_lesson("rope");
  l->update();
  // Defaults: many pairs over hundreds of positions — the bound falls well below its start.
  CHECK(posenc::test::said_number(l->placeholder("bound_ratio")) < 0.9);
  CHECK(l->placeholder("bound_falls") == "1");
  CHECK(l->placeholder("bound_flat") == "0");
  // d = 2: one pair, one phase e^{irθ}: Σ|S_j| = 1 at every r, so the bound is flat.
  posenc::test::set(*l, "dim", "2");
  l->update();
  CHECK(posenc::test::said_number(l->placeholder("bound_ratio")) == doctest::Approx(1.0));
  CHECK(l->placeholder("bound_falls") == "0");
  CHECK(l->placeholder("bound_one_pair") == "1");
  CHECK(l->placeholder("bound_flat") == "0");
}
