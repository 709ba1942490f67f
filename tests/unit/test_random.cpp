#include <doctest/doctest.h>

#include <set>

#include "core/permutation.hpp"
#include "core/random.hpp"

using namespace posenc::core;

TEST_CASE("the random source is deterministic for a seed and differs across seeds") {
  Random a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next_u64();
    CHECK(x == b.next_u64());
    CHECK(x != c.next_u64());
  }
}

TEST_CASE("uniform, below and gaussian have the right ranges and moments") {
  Random r(5);
  double sum = 0, sq = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    const double u = r.uniform();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    const int k = r.below(7);
    REQUIRE(k >= 0);
    REQUIRE(k < 7);
    const double g = r.gaussian();
    sum += g;
    sq += g * g;
  }
  CHECK(std::abs(sum / n) < 0.01);
  CHECK(sq / n == doctest::Approx(1.0).epsilon(0.02));
}

TEST_CASE("random permutations are permutations and cover all orders of 3") {
  Random r(9);
  std::set<Permutation> seen;
  for (int i = 0; i < 300; ++i) {
    const Permutation p = random_permutation(3, r);
    REQUIRE(is_permutation(p, 3));
    seen.insert(p);
  }
  CHECK(seen.size() == 6);
}
