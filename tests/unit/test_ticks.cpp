// Axis ticks (linear: 1, 2 or 5 × 10^k; log: powers of ten), the plot palette, and series from vectors.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "core/random.hpp"
#include "ui/line_plot.hpp"
#include "ui/ticks.hpp"

using namespace posenc::ui;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kPi = 3.141592653589793;

// Properties every linear tick list must have; returns the step.
double check_linear_ticks(double lo, double hi, int max_ticks) {
  CAPTURE(lo);
  CAPTURE(hi);
  CAPTURE(max_ticks);
  const std::vector<double> t = nice_ticks(lo, hi, max_ticks, false);
  REQUIRE(t.size() >= 2);
  // At most max_ticks intervals; a very short range may take a finer step to show two ticks, which for
  // max_ticks >= 4 still stays within the bound.
  CHECK(static_cast<int>(t.size()) <= max_ticks + (max_ticks >= 4 ? 1 : 3));
  const double step = t[1] - t[0];
  const double mant = step / std::pow(10.0, std::floor(std::log10(step) + 1e-6));
  CHECK((mant == doctest::Approx(1) || mant == doctest::Approx(2) || mant == doctest::Approx(5)));
  for (size_t i = 0; i < t.size(); ++i) {
    CHECK(t[i] >= lo - 1e-9 * step);
    CHECK(t[i] <= hi + 1e-9 * step);
    if (i > 0) CHECK(t[i] - t[i - 1] == doctest::Approx(step).epsilon(1e-9));
  }
  CHECK(t.front() - step < lo);  // no room left for another tick at either end
  CHECK(t.back() + step > hi);
  return step;
}

}  // namespace

TEST_CASE("linear ticks step by 1, 2 or 5 × 10^k, stay inside the range and are evenly spaced") {
  CHECK(nice_ticks(0, 10, 5, false) == std::vector<double>{0, 2, 4, 6, 8, 10});
  CHECK(nice_ticks(0, 10, 10, false).size() == 11);
  const auto small = nice_ticks(0.013, 0.087, 5, false);
  REQUIRE(small.size() == 4);
  CHECK(small[0] == doctest::Approx(0.02));
  CHECK(small[3] == doctest::Approx(0.08));
  CHECK(nice_ticks(-7.3, -1.2, 6, false) == std::vector<double>{-6, -4, -2});
  const auto sym = nice_ticks(-1, 1, 4, false);
  REQUIRE(sym.size() == 5);
  CHECK(sym[2] == 0.0);  // exactly zero, so its label reads "0"
  CHECK(nice_ticks(10, 0, 5, false) == nice_ticks(0, 10, 5, false));

  CHECK(check_linear_ticks(0.013, 0.087, 5) == doctest::Approx(0.02));
  CHECK(check_linear_ticks(-37, -2, 4) == doctest::Approx(10));
  CHECK(check_linear_ticks(1e-9, 3e-9, 6) == doctest::Approx(5e-10));
  CHECK(check_linear_ticks(123456, 987654, 8) == doctest::Approx(200000));
  posenc::core::Random r(7);
  for (int trial = 0; trial < 500; ++trial) {
    const double scale = std::pow(10.0, r.below(16) - 8);
    const double a = (r.uniform() - 0.5) * 200 * scale, b = a + (0.01 + r.uniform()) * 100 * scale;
    check_linear_ticks(a, b, 2 + r.below(10));
  }
}

TEST_CASE("degenerate ranges give at most one tick") {
  CHECK(nice_ticks(3, 3, 5, false) == std::vector<double>{3});
  CHECK(nice_ticks(kNaN, 1, 5, false).empty());
  CHECK(nice_ticks(0, std::numeric_limits<double>::infinity(), 5, false).empty());
  CHECK(nice_ticks(-1e308, 1e308, 5, false).empty());
  CHECK(nice_ticks(-5, -1, 5, true).empty());  // nothing positive on a log axis
}

TEST_CASE("log ticks are powers of ten, with 2x and 5x over fewer than three decades") {
  CHECK(nice_ticks(1, 1e4, 6, true) == std::vector<double>{1, 10, 100, 1000, 10000});
  CHECK(nice_ticks(2 * kPi, 2 * kPi * 10000, 6, true) == std::vector<double>{10, 100, 1000, 10000});
  CHECK(nice_ticks(1, 100, 8, true) == std::vector<double>{1, 2, 5, 10, 20, 50, 100});
  CHECK(nice_ticks(0.01, 1, 4, true) == std::vector<double>{0.01, 0.05, 0.1, 0.5, 1});  // 1,2,5 is too many
  const auto wide = nice_ticks(1e-12, 1e12, 6, true);
  REQUIRE(wide.size() >= 2);
  CHECK(wide.size() <= 7);
  const double ratio = wide[1] / wide[0];
  for (size_t i = 0; i < wide.size(); ++i) {
    CHECK(std::log10(wide[i]) == doctest::Approx(std::round(std::log10(wide[i]))));
    if (i > 0) CHECK(wide[i] / wide[i - 1] == doctest::Approx(ratio));
  }
  const auto narrow = nice_ticks(3, 4, 5, true);  // less than a decade: plain linear steps
  REQUIRE(narrow.size() >= 2);
  CHECK(narrow.front() >= 3);
  CHECK(narrow.back() <= 4);
  for (double v : nice_ticks(0, 100, 5, true)) CHECK(v > 0);
}

TEST_CASE("the palette cycles through eight distinct opaque colours") {
  for (int i = 0; i < 8; ++i) {
    CHECK((palette(i) >> IM_COL32_A_SHIFT) == 255);
    CHECK(palette(i + 8) == palette(i));
    for (int j = 0; j < i; ++j) CHECK(palette(i) != palette(j));
  }
  CHECK(palette(-1) == palette(7));
}

TEST_CASE("a series from a vector: x = x0 + i·dx, y as given") {
  Eigen::VectorXd y(3);
  y << 3, -1, 4;
  const Series s = series("s", y, 10, 0.5);
  CHECK(s.label == "s");
  CHECK(s.x == std::vector<double>{10, 10.5, 11});
  CHECK(s.y == std::vector<double>{3, -1, 4});
  CHECK(series("empty", Eigen::VectorXd()).x.empty());
}

TEST_CASE("tick labels: whole numbers in full, others in five significant digits, powers of ten as 10ⁿ") {
  CHECK(tick_label(999936) == "999936");
  CHECK(tick_label(1e6) == "1000000");
  CHECK(tick_label(-3) == "-3");
  CHECK(tick_label(0.25) == "0.25");
  CHECK(tick_label(1.5e-7) ==
        "1.5\xC3\x97"
        "10\xE2\x81\xBB\xE2\x81\xB7");                               // 1.5×10⁻⁷
  CHECK(tick_label(1e-8) == "10\xE2\x81\xBB\xE2\x81\xB8");           // 10⁻⁸
  CHECK(tick_label(1e-15) == "10\xE2\x81\xBB\xC2\xB9\xE2\x81\xB5");  // 10⁻¹⁵
  CHECK(tick_label(2e12) ==
        "2\xC3\x97"
        "10\xC2\xB9\xC2\xB2");  // 2×10¹²
}
