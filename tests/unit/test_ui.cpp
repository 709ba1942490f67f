#include <doctest/doctest.h>

#include <imgui_internal.h>

#include <string>

#include "content/bundle.hpp"
#include "lessons/labels.hpp"
#include "ui/colormap.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"
#include "ui/strings.hpp"
#include "ui/theme.hpp"

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

TEST_CASE("the interface's glyph ranges hold every non-CJK character of the lessons and the interface") {
  const ImWchar* ranges = latin_greek_math_ranges();
  const auto covered = [&](unsigned c) {
    for (const ImWchar* r = ranges; r[0]; r += 2)
      if (c >= r[0] && c <= r[1]) return true;
    return false;
  };
  const auto cjk = [](unsigned c) { return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x3000 && c <= 0x303F); };
  std::string text;
  int count = 0;
  const posenc::content::BundledFile* files = posenc::content::bundled_files(&count);
  for (int i = 0; i < count; ++i) text.append(files[i].text);
  for (int lang = 0; lang < 2; ++lang)
    for (int id = 0; id < static_cast<int>(Text::Count); ++id) text += posenc::ui::text(static_cast<Text>(id), lang);
  text += "\xE2\x9C\x93\xE2\x9C\x97";  // ✓ ✗ drawn by the prediction box and the table of contents
  int labels = 0;
  const posenc::lessons::LabelPair* table = posenc::lessons::label_table(&labels);
  for (int i = 0; i < labels; ++i) text += std::string(table[i].en) + table[i].zh;
  std::string missing;
  for (const char* p = text.c_str(); *p;) {
    unsigned c = 0;
    const int n = ImTextCharFromUtf8(&c, p, nullptr);
    p += n > 0 ? n : 1;
    if (c >= 0x20 && !covered(c) && !cjk(c)) missing += std::to_string(c) + " ";
  }
  CHECK(missing == "");
}
