#include <doctest/doctest.h>

#include "ui/colormap.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

using namespace posenc::ui;

TEST_CASE("the diverging map is near-white at 0, symmetric in lightness and monotone in |t|") {
  auto luma = [](Rgb c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; };
  CHECK(luma(diverging(0)) > 0.95);
  double prev_neg = 2, prev_pos = 2;
  for (int k = 0; k <= 20; ++k) {
    const double t = k / 20.0;
    const double ln = luma(diverging(-t)), lp = luma(diverging(t));
    CHECK(ln <= prev_neg + 1e-9);
    CHECK(lp <= prev_pos + 1e-9);
    prev_neg = ln;
    prev_pos = lp;
  }
  CHECK(diverging(-1).b > diverging(-1).r);  // negative is blue
  CHECK(diverging(1).r > diverging(1).b);    // positive is red-orange
  CHECK(diverging(5).r == diverging(1).r);   // clamped
  CHECK(pack_abgr({1, 0, 0}) == 0xFF0000FFu);
}

TEST_CASE("text breaks after spaces and around each CJK character") {
  const auto u = break_units("one two  three");
  REQUIRE(u.size() == 4);
  CHECK(u[0] == "one ");
  CHECK(u[3] == "three");
  const auto c = break_units("ab\xE4\xBD\xA0\xE5\xA5\xBD cd");  // ab你好 cd
  REQUIRE(c.size() == 5);
  CHECK(c[1] == "\xE4\xBD\xA0");
  CHECK(c[3] == " ");
}

TEST_CASE("line breaks: after spaces and around CJK, never before closing or after opening punctuation") {
  CHECK(can_break_between("word ", "next"));
  CHECK_FALSE(can_break_between("word", "next"));
  CHECK(can_break_between("\xE4\xBD\xA0", "\xE5\xA5\xBD"));          // 你 | 好
  CHECK_FALSE(can_break_between("\xE4\xBD\xA0", "\xEF\xBC\x8C"));    // 你 | ，
  CHECK_FALSE(can_break_between("\xE4\xBD\xA0", "\xE3\x80\x82"));    // 你 | 。
  CHECK_FALSE(can_break_between("\xEF\xBC\x88", "\xE4\xBD\xA0"));    // （ | 你
  CHECK(can_break_between("\xEF\xBC\x8C", "\xE4\xBD\xA0"));          // ， | 你
}

TEST_CASE("short numbers keep three significant digits and switch to exponents for tiny values") {
  CHECK(short_number(0.123456) == "0.123");
  CHECK(short_number(12.3456) == "12.3");
  CHECK(short_number(2.2e-17) == "2.20e-17");
  CHECK(short_number(0) == "0");
}
