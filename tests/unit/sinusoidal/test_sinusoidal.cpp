// The sinusoidal table: the identities lessons 1 and 3 rely on, checked over random sizes.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/random.hpp"
#include "core/sinusoidal.hpp"
#include "lesson_tests.hpp"

using namespace posenc::core;

TEST_CASE("each (sin, cos) pair of an even-width encoding has unit norm, so |PE(p)|^2 = d/2") {
  Random rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    const int d = 2 * (1 + rng.below(256));
    const double pos = rng.uniform() * 1e5;
    for (Layout layout : {Layout::Interleaved, Layout::Half}) {
      const Eigen::RowVectorXd row = sinusoidal_row(pos, d, 10000.0, layout);
      for (int i = 0; i < d / 2; ++i) {
        const double s = row(sine_column(i, d, layout)), c = row(cosine_column(i, d, layout));
        CHECK(s * s + c * c == doctest::Approx(1.0).epsilon(1e-12));
      }
      CHECK(row.squaredNorm() == doctest::Approx(d / 2.0).epsilon(1e-12));
    }
  }
}

TEST_CASE("the interleaved table has sin in even columns and cos in odd columns with w_i = base^(-2i/d)") {
  const Eigen::MatrixXd t = sinusoidal({5, 6, 100.0, Layout::Interleaved, 0.0});
  REQUIRE(t.rows() == 5);
  REQUIRE(t.cols() == 6);
  for (int p = 0; p < 5; ++p)
    for (int i = 0; i < 3; ++i) {
      const double w = std::pow(100.0, -2.0 * i / 6.0);
      CHECK(t(p, 2 * i) == doctest::Approx(std::sin(p * w)).epsilon(1e-15));
      CHECK(t(p, 2 * i + 1) == doctest::Approx(std::cos(p * w)).epsilon(1e-15));
    }
  CHECK(t(0, 0) == 0.0);
  CHECK(t(0, 1) == 1.0);
}

TEST_CASE("frequencies() holds w_i of every pair, odd d's lone sine included") {
  for (int d : {1, 2, 7, 64, 513}) {
    const Eigen::VectorXd w = frequencies(d, 10000.0);
    REQUIRE(w.size() == frequency_count(d));
    for (int i = 0; i < w.size(); ++i) CHECK(w(i) == frequency(i, d, 10000.0));
  }
}

TEST_CASE("the power form and the exp/log div_term form of w_i agree") {
  for (int d : {2, 7, 64, 512, 1024})
    for (double base : {10.0, 10000.0, 500000.0})
      for (int i = 0; i < frequency_count(d); ++i)
        CHECK(frequency(i, d, base) == doctest::Approx(frequency_exp_form(i, d, base)).epsilon(1e-13));
}

TEST_CASE("the half layout is a fixed column permutation of the interleaved layout") {
  Random rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    const int d = 1 + rng.below(64);
    const int len = 1 + rng.below(40);
    const Eigen::MatrixXd a = sinusoidal({len, d, 10000.0, Layout::Interleaved, 0.0});
    const Eigen::MatrixXd b = sinusoidal({len, d, 10000.0, Layout::Half, 0.0});
    for (int i = 0; i < frequency_count(d); ++i) {
      CHECK((a.col(2 * i) - b.col(i)).cwiseAbs().maxCoeff() == 0.0);
      if (2 * i + 1 < d)
        CHECK((a.col(2 * i + 1) - b.col(frequency_count(d) + i)).cwiseAbs().maxCoeff() == 0.0);
    }
  }
}

TEST_CASE("odd d: the last sine has no cosine partner and no column is left unset") {
  const int d = 7;
  const Eigen::MatrixXd t = sinusoidal({4, d, 10000.0, Layout::Interleaved, 3.0});
  const double w3 = std::pow(10000.0, -6.0 / 7.0);
  for (int r = 0; r < 4; ++r) CHECK(t(r, 6) == doctest::Approx(std::sin((3.0 + r) * w3)));
  CHECK(cosine_column(3, d, Layout::Interleaved) == -1);
  CHECK(cosine_column(3, d, Layout::Half) == -1);
  CHECK(sine_column(3, d, Layout::Half) == 3);
}

TEST_CASE("angles in double stay within 1e-9 of a long-double reference up to position 1e6") {
  const int d = 128;
  const Eigen::MatrixXd t = sinusoidal({16, d, 10000.0, Layout::Interleaved, 1e6 - 16});
  double worst = 0;
  for (int r = 0; r < 16; ++r)
    for (int i = 0; i < d / 2; ++i) {
      const long double pos = 1e6L - 16 + r;
      const long double w = 1.0L / std::pow(10000.0L, 2.0L * i / d);
      worst = std::max(worst, std::fabs(t(r, 2 * i) - static_cast<double>(std::sin(pos * w))));
      worst = std::max(worst, std::fabs(t(r, 2 * i + 1) - static_cast<double>(std::cos(pos * w))));
    }
  CHECK(worst < 1e-9);
}

// Twenty random specs from a generator seeded `seed` — sizes up to 300 × 65, both bases and layouts, and
// now and then an offset —, each with its table as sinusoidal() builds it: body(spec, expected, rng).
template <class Body>
static void for_random_specs(std::uint64_t seed, Body body) {
  Random rng(seed);
  for (int trial = 0; trial < 20; ++trial) {
    const SinusoidalSpec spec{1 + rng.below(300), 1 + rng.below(65), trial % 2 ? 100.0 : 10000.0,
                              trial % 3 ? Layout::Interleaved : Layout::Half, trial % 4 ? 0.0 : 12345.0};
    CAPTURE(spec.len);
    CAPTURE(spec.dim);
    body(spec, sinusoidal(spec), rng);
  }
}

TEST_CASE("sinusoidal_into fills the same table in reused storage and reports each column once, complete") {
  for_random_specs(11, [](const SinusoidalSpec& spec, const Eigen::MatrixXd& expected, Random&) {
    Eigen::MatrixXd table = Eigen::MatrixXd::Constant(spec.len, spec.dim, 99.0);
    const double* storage = table.data();
    std::vector<int> seen(spec.dim, 0);
    bool complete = true;
    sinusoidal_into(table, spec, [&](int c) {
      REQUIRE(c >= 0);
      REQUIRE(c < spec.dim);
      ++seen[c];
      complete = complete && table.col(c) == expected.col(c);  // already final when reported
    });
    CHECK(table.data() == storage);  // same size: no reallocation
    CHECK(table == expected);
    CHECK(complete);
    CHECK(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
  });
  Eigen::MatrixXd resized(3, 3);
  sinusoidal_into(resized, {0, 4});
  CHECK(resized.rows() == 0);
  CHECK(resized.cols() == 4);
}

TEST_CASE(
    "sinusoidal_rows_into fills exactly the listed rows, to rounding of the full table, each column reported "
    "once") {
  for_random_specs(12, [](const SinusoidalSpec& spec, const Eigen::MatrixXd& expected, Random& rng) {
    std::vector<int> rows;
    for (int k = 0; k < 5; ++k) rows.push_back(rng.below(spec.len));
    rows.push_back(-1);        // skipped
    rows.push_back(spec.len);  // skipped
    Eigen::MatrixXd table = Eigen::MatrixXd::Constant(spec.len, spec.dim, 99.0);
    std::vector<int> seen(spec.dim, 0);
    sinusoidal_rows_into(table, spec, rows, [&](int c) { ++seen[c]; });
    CHECK(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
    for (int r = 0; r < spec.len; ++r) {
      CAPTURE(r);
      const bool listed = std::find(rows.begin(), rows.end(), r) != rows.end();
      if (listed)
        CHECK((table.row(r) - expected.row(r)).cwiseAbs().maxCoeff() < 1e-11);
      else
        CHECK((table.row(r).array() == 99.0).all());
    }
  });
  Eigen::MatrixXd wrong = Eigen::MatrixXd::Constant(3, 3, 7.0);
  sinusoidal_rows_into(wrong, {4, 4}, {0});  // not len × dim: left alone
  CHECK((wrong.array() == 7.0).all());
}

TEST_CASE("lesson frequencies says the last pair barely moves only where it does") {
  auto l = posenc::test::make_lesson("frequencies");
  const auto at = [&](const char* len, const char* dim, const char* base) {
    posenc::test::set(*l, "len", len);
    posenc::test::set(*l, "dim", dim);
    posenc::test::set(*l, "base", base);
    l->update();
  };
  // d = 64, base 10000, 100 positions: the last pair's ω = 10000^(−62/64), its angle over 99 steps
  at("100", "64", "10000");
  const double angle = 99 * std::pow(10000.0, -62.0 / 64);
  CHECK(posenc::test::said_number(l->placeholder("last_angle")) == doctest::Approx(angle).epsilon(0.01));
  CHECK(l->placeholder("last_still") == "1");
  CHECK(l->placeholder("last_moves") == "0");
  // base 2, 4096 positions: ω_last = 2^(−62/64), 4095·ω/2π turns
  at("4096", "64", "2");
  const double turns = 4095 * std::pow(2.0, -62.0 / 64) / (2 * M_PI);
  CHECK(posenc::test::said_number(l->placeholder("last_turns")) == doctest::Approx(turns).epsilon(0.01));
  CHECK(l->placeholder("last_still") == "0");
  CHECK(l->placeholder("last_moves") == "1");
  // d = 2: pair 0 is the last pair, said once
  at("100", "2", "10000");
  CHECK(l->placeholder("one_pair") == "1");
  CHECK(l->placeholder("last_still") == "0");
  CHECK(l->placeholder("last_moves") == "0");
}
