#include <doctest/doctest.h>
#include <imgui_internal.h>

#include <string>

#include "content/bundle.hpp"
#include "content/document.hpp"
#include "core/metrics.hpp"
#include "ui/colormap.hpp"
#include "ui/i18n.hpp"
#include "ui/math_layout.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"
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
  REQUIRE(c.size() == 4);
  CHECK(c[1] == "\xE4\xBD\xA0");
  CHECK(c[2] == "\xE5\xA5\xBD ");  // a space after a CJK character stays with it
  CHECK(c[3] == "cd");
}

TEST_CASE(
    "line breaks: after spaces and around CJK, never before closing or after opening punctuation, nor beside "
    "a lone operator") {
  CHECK(can_break_between("word ", "next"));
  CHECK_FALSE(can_break_between("word", "next"));
  CHECK(can_break_between("\xE4\xBD\xA0", "\xE5\xA5\xBD"));        // 你 | 好
  CHECK_FALSE(can_break_between("\xE4\xBD\xA0", "\xEF\xBC\x8C"));  // 你 | ，
  CHECK_FALSE(can_break_between("\xE4\xBD\xA0", "\xE3\x80\x82"));  // 你 | 。
  CHECK_FALSE(can_break_between("\xEF\xBC\x88", "\xE4\xBD\xA0"));  // （ | 你
  CHECK(can_break_between("\xEF\xBC\x8C", "\xE4\xBD\xA0"));        // ， | 你
  // never beside a lone operator: "r = 3", "≈ 0.5", "k + 1", "2i+1 < d" stay together ("r" alone at a
  // line's end read "r / = 512" on a phone); a dash may start a line
  CHECK_FALSE(can_break_between("= ", "3"));
  CHECK_FALSE(can_break_between("\xE2\x89\x88 ", "0.5"));  // ≈
  CHECK_FALSE(can_break_between("\xC3\x97 ", "2"));        // ×
  CHECK_FALSE(can_break_between("r ", "= "));
  CHECK_FALSE(can_break_between("k ", "+ "));
  CHECK_FALSE(can_break_between("2i+1 ", "< "));
  CHECK_FALSE(can_break_between("\xE8\xA1\x8C ", "+ "));  // 行 + Δr
  // nor before a relation however long its left side ("sin(pos/base^(2i/d))" / "= 0.2" read as a broken
  // equation: no line starts or ends with = ≈ < > ≤ ≥); a long term before " + " may still end a line
  CHECK_FALSE(can_break_between("sin(pos/base^(2i/d)) ", "= "));
  CHECK_FALSE(can_break_between("vectors| ", "\xE2\x89\xA4 "));  // ≤
  CHECK(can_break_between("sin(pos/base^(2i/d)) ", "+ "));
  CHECK(can_break_between("word ", "- "));
  CHECK(can_break_between("a=b ", "next"));
  CHECK(can_break_between("x ", "=b "));
}

TEST_CASE("a formula in a caption runs to its closing bracket, spaces inside included") {
  const auto runs = formula_runs("theory \xE2\x88\x9A(2/(\xCF\x80 d)) =");  // theory √(2/(π d)) =
  REQUIRE(runs.size() == 3);
  CHECK(runs[0].kind == posenc::content::RunKind::Text);
  CHECK(runs[0].text == "theory ");
  CHECK(runs[1].kind == posenc::content::RunKind::Math);
  CHECK(runs[1].text == "\xE2\x88\x9A(2/(\xCF\x80 d))");
  CHECK(runs[2].text == " =");
  // plain brackets stay text; an unclosed one does not swallow the rest of the caption forever
  CHECK(formula_runs("(sin, cos) pairs").size() == 1);
  const auto open = formula_runs("q_i (never closed");
  REQUIRE(open.size() == 2);
  CHECK(open[0].text == "q_i");
}

TEST_CASE("short numbers keep three significant digits and switch to exponents for tiny values") {
  CHECK(short_number(0.123456) == "0.123");
  CHECK(short_number(12.3456) == "12.3");
  CHECK(short_number(2.2e-17) == "2.20e-17");
  CHECK(short_number(0) == "0");
  CHECK(short_number(0.99999, 4) == "1.000");  // rounded up to a power of ten: still four digits
  CHECK(short_number(-9.9996, 4) == "-10.00");
}

namespace {

bool in_ranges(const ImWchar* ranges, unsigned c) {
  for (const ImWchar* r = ranges; r[0]; r += 2)
    if (c >= r[0] && c <= r[1]) return true;
  return false;
}

bool is_cjk(unsigned c) {  // drawn from the merged CJK font
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x3000 && c <= 0x303F);
}

// The code points of `text` (from 0x20) that neither `ranges` nor the CJK font hold, as numbers.
std::string uncovered(const std::string& text, const ImWchar* ranges) {
  std::string missing;
  for (const char* p = text.c_str(); *p;) {
    unsigned c = 0;
    const int n = ImTextCharFromUtf8(&c, p, nullptr);
    p += n > 0 ? n : 1;
    if (c >= 0x20 && !in_ranges(ranges, c) && !is_cjk(c)) missing += std::to_string(c) + " ";
  }
  return missing;
}

}  // namespace

TEST_CASE("the interface's glyph ranges hold every non-CJK character of the lessons and the interface") {
  std::string text;
  int count = 0;
  const posenc::content::BundledFile* files = posenc::content::bundled_files(&count);
  for (int i = 0; i < count; ++i) text.append(files[i].text);
  text += "\xE2\x9C\x93\xE2\x9C\x97";  // ✓ ✗ drawn by the prediction box and the table of contents
  int labels = 0;
  const posenc::ui::CataloguePair* table = posenc::ui::catalogue(&labels);
  for (int i = 0; i < labels; ++i) text += std::string(table[i].en) + table[i].zh;
  CHECK(uncovered(text, latin_greek_math_ranges()) == "");
  CHECK(uncovered("\xCF\x89 \xE2\x9C\x93", latin_greek_math_ranges()) == "");  // ω ✓
  CHECK(uncovered("\xE2\x9C\x98", latin_greek_math_ranges()) == "10008 ");     // ✘ is not in them
}

TEST_CASE("the title face's glyph ranges hold every character of every lesson title") {
  int count = 0;
  const posenc::content::BundledFile* files = posenc::content::bundled_files(&count);
  std::string titles;
  for (int i = 0; i < count; ++i) {
    const auto parsed = posenc::content::parse_document(files[i].text, std::string(files[i].name));
    titles += parsed.doc.title;
  }
  CHECK(titles.size() > 200);  // the lessons' titles were found
  CHECK(uncovered(titles, title_ranges()) == "");
  CHECK(uncovered("\xCF\x89", title_ranges()) == "969 ");  // ω would need the full ranges
}

namespace {

// Every code point half the font size wide: positions in the tests are easy to predict.
MathMetrics half_width() {
  MathMetrics m;
  m.width = [](std::string_view t, float size) {
    float n = 0;
    for (unsigned char c : t) n += (c & 0xC0) != 0x80;
    return 0.5f * size * n;
  };
  return m;
}

const MathPiece& piece(const MathBox& b, std::string_view text) {
  for (const MathPiece& p : b.pieces)
    if (p.text == text) return p;
  FAIL("no piece " << std::string(text));
  return b.pieces.front();
}

}  // namespace

TEST_CASE("typesetting: plain text is one piece on the baseline, with the font's ascent and descent") {
  const MathBox b = layout_math("PE(p)", 20, half_width());
  REQUIRE(b.pieces.size() == 1);
  CHECK(b.pieces[0].baseline == 0);
  CHECK(b.width == doctest::Approx(50));
  CHECK(b.ascent == doctest::Approx(16));
  CHECK(b.descent == doctest::Approx(4));
}

TEST_CASE("typesetting: scripts are smaller, raised or lowered, and grouping parentheses are dropped") {
  const MathBox b = layout_math("base^(2i/d) + x_ij", 20, half_width());
  const MathPiece& sup = piece(b, "2i/d");
  CHECK(sup.size == doctest::Approx(14));
  CHECK(sup.baseline < 0);              // raised
  CHECK(sup.x == doctest::Approx(40));  // right after "base"
  const MathPiece& sub = piece(b, "ij");
  CHECK(sub.baseline > 0);  // lowered
  CHECK(sub.size == doctest::Approx(14));
  CHECK(b.ascent > 16);  // the superscript reaches above the letters
  CHECK(b.descent > 4);  // the subscript below them
  // Width: "base" 40 + "2i/d" 4 × 7 + " + x" 40 + "ij" 14.
  CHECK(b.width == doctest::Approx(40 + 28 + 40 + 14));
}

TEST_CASE("typesetting: both scripts on one base stack, nested scripts shrink again but not below half") {
  const MathBox b = layout_math("a^K_ij", 20, half_width());
  CHECK(piece(b, "K").x == doctest::Approx(piece(b, "ij").x));
  CHECK(b.width == doctest::Approx(10 + 14));  // the wider script sets the advance
  const MathBox n = layout_math("e^{i r θ_i}", 20, half_width());
  CHECK(piece(n, "i r θ").size == doctest::Approx(14));
  CHECK(piece(n, "i").size == doctest::Approx(10));            // 0.7 × 14 = 9.8, held at half of 20
  CHECK(piece(n, "i").baseline > piece(n, "i r θ").baseline);  // the inner subscript sits lower
}

TEST_CASE("typesetting: a root draws its sign and a bar spanning exactly the radicand, above it") {
  const MathBox b = layout_math("√(2 / (π d))", 20, half_width());
  const MathPiece& sign = piece(b, "√");
  const MathPiece& inside = piece(b, "2 / (π d)");  // the outer parentheses are the group's, not drawn
  REQUIRE(b.rules.size() == 1);
  const MathRule& bar = b.rules[0];
  CHECK(bar.x0 < inside.x);
  CHECK(bar.x1 > inside.x + 9 * 10 - 0.01f);
  CHECK(bar.x0 > sign.x);
  CHECK(-bar.y > 16);  // above the letters' ascent
  CHECK(b.ascent >= -bar.y);
  const MathBox t = layout_math("√d_z", 20, half_width());  // a bare token takes its scripts along
  REQUIRE(t.rules.size() == 1);
  CHECK(t.rules[0].x1 >= piece(t, "z").x + 7);
}

TEST_CASE("typesetting: stray markers stay literal and nothing is lost") {
  const MathBox b = layout_math("a_ + ^ b", 20, half_width());
  std::string all;
  for (const MathPiece& p : b.pieces) all += p.text;
  CHECK(all == "a_ + ^ b");
  // Unbalanced or dangling markers: no letter, digit or root sign is dropped (the markers themselves
  // may be taken as structure), the box has a width, and every piece sits inside it.
  const auto content = [](std::string_view t) {
    std::string out;
    for (char c : t)
      if (std::string_view("^_{}() ").find(c) == std::string_view::npos) out += c;
    return out;
  };
  for (std::string_view odd :
       {"x^", "_", "√", "x^{", "√(", "((", "}", "x^(a", "a^b^c", "√d_", "a_{b", "{a}/"}) {
    CAPTURE(odd);
    const MathBox o = layout_math(odd, 16, half_width());
    std::string drawn;
    for (const MathPiece& p : o.pieces) {
      drawn += p.text;
      CHECK(p.x >= 0);
      CHECK(p.x < o.width);
    }
    CHECK(content(drawn) == content(odd));
    CHECK(o.width > 0);
    for (const MathRule& r : o.rules) CHECK(r.x1 <= o.width + 0.01f);
  }
}

TEST_CASE("typesetting: {a}/{b} stacks a centred fraction on the math axis; other braces only group") {
  const MathBox f = layout_math("x = {1}/{base^(2i/d)}", 20, half_width());
  const MathPiece& num = piece(f, "1");
  const MathPiece& den = piece(f, "base");
  REQUIRE(f.rules.size() == 1);
  const MathRule& bar = f.rules[0];
  CHECK(num.baseline < bar.y);  // numerator above the bar (y grows downwards) …
  CHECK(den.baseline > bar.y);  // … denominator below
  CHECK(bar.y < 0);             // the bar sits above the baseline
  CHECK(num.size == doctest::Approx(20));
  const float num_mid = num.x + 0.5f * 20 / 2, bar_mid = (bar.x0 + bar.x1) / 2;
  CHECK(num_mid == doctest::Approx(bar_mid).epsilon(0.02));  // centred
  CHECK(f.ascent > 20);                                      // taller than one line of text
  CHECK(f.descent > 4);
  const MathBox g = layout_math("{ab}c", 20, half_width());
  CHECK(g.rules.empty());
  CHECK(g.width == doctest::Approx(30));
}

TEST_CASE("the 95% Wilson interval of a proportion, against values computed by hand") {
  // n = 100, 90 hits: centre (0.9 + 1.92/100)/(1.0384), half 1.96·√(0.0009 + 0.000096)/1.0384
  const posenc::core::Interval a = posenc::core::wilson_interval(90, 100);
  CHECK(a.lo == doctest::Approx(0.8256).epsilon(0.001));
  CHECK(a.hi == doctest::Approx(0.9448).epsilon(0.001));
  // All right in 1000: not a certainty — the lower end is 1000/(1000 + 1.96²) = 0.99617.
  const posenc::core::Interval b = posenc::core::wilson_interval(1000, 1000);
  CHECK(b.lo == doctest::Approx(0.99617).epsilon(0.0001));
  CHECK(b.hi == 1.0);
  const posenc::core::Interval none = posenc::core::wilson_interval(0, 0);
  CHECK((none.lo == 0 && none.hi == 1));
}
