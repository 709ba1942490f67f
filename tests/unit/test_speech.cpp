// Formulas said in words for the screen-reader mirror: each construct of the formula syntax in English
// and Chinese, every formula of every lesson file said without markup left over, and the mirror itself
// speaking them in the page's language.
#include <doctest/doctest.h>

#include <string>

#include "app/app.hpp"
#include "content/bundle.hpp"
#include "content/document.hpp"
#include "content/speech.hpp"
#include "headless.hpp"

using namespace posenc;
using content::spoken;

namespace {
// A formula and how it is said in English and in Chinese.
struct Said {
  const char* formula;
  const char* en;
  const char* zh;
};
}  // namespace

TEST_CASE("each construct of a formula is said in English and in Chinese") {
  const Said cases[] = {
      // superscripts: squared, a power, a transpose, a label
      {"x^2", "x squared", "x 的平方"},
      {"d^3", "d cubed", "d 的立方"},
      {"x^{2i/d}", "x to the power (2i over d)", "x 的 2i 除以 d 次方"},
      {"e^{i·pos·ω}", "e to the power (i times pos times omega)", "e 的 i 乘 pos 乘 ω 次方"},
      {"base^(−2i/d)", "base to the power (minus 2i over d)", "base 的 负 2i 除以 d 次方"},
      {"e^{iφ}", "e to the power i phi", "e 的 iφ 次方"},
      {"PE(p)^T W", "PE(p) transpose W", "PE(p) 的转置 W"},
      {"(x W)ᵀ", "(x W) transpose", "(x W) 的转置"},
      {"W^Q", "W superscript Q", "W 上标 Q"},
      // subscripts, alone and with a superscript
      {"q_i", "q sub i", "q 下标 i"},
      {"θ_i", "theta sub i", "θ 下标 i"},
      {"L_train", "L sub train", "L 下标 train"},
      {"w_{−k}", "w sub (minus k)", "w 下标 (负 k)"},
      {"h_{k+1}", "h sub (k plus 1)", "h 下标 (k 加 1)"},
      {"a^K_ij", "a sub ij superscript K", "a 下标 ij 上标 K"},
      {"x_i^2", "x sub i squared", "x 下标 i 的平方"},
      // square roots over a token or a group
      {"√d", "square root of d", "根号 d"},
      {"√d_z", "square root of d sub z", "根号 d 下标 z"},
      {"√(2/(π d))", "square root of (2 over (pi d))", "根号下 (2 除以 (π d))"},
      {"√({2}/{π d})", "square root of (2 over (pi d))", "根号下 (2 除以 (π d))"},
      // fractions and division
      {"{a}/{b}", "a over b", "a 除以 b"},
      {"{1}/{base^(2i/d)}", "1 over base to the power (2i over d)", "1 除以 base 的 2i 除以 d 次方"},
      {"softmax({q·k}/{√d})", "softmax((q times k) over square root of d)", "softmax((q 乘 k) 除以 根号 d)"},
      {"pos / (L − 1)", "pos over (L minus 1)", "pos 除以 (L 减 1)"},
      // bars, sums, Greek letters
      {"|x|", "absolute value of x", "x 的绝对值"},
      {"|a − b|", "absolute value of (a minus b)", "(a 减 b) 的绝对值"},
      {"‖PE(p)‖", "norm of PE(p)", "PE(p) 的范数"},
      {"Σ_i cos(ω_i)", "sum over i of cos(omega sub i)", "对 i 求和 cos(ω 下标 i)"},
      {"Σ_{k<j} S_k", "sum over k less than j of S sub k", "对 k 小于 j 求和 S 下标 k"},
      {"2π · Δ", "2 pi times delta", "2π 乘 Δ"},
      // operators and signs
      {"a ≈ b", "a approximately b", "a 约等于 b"},
      {"a · b", "a times b", "a 乘 b"},
      {"a − b", "a minus b", "a 减 b"},
      {"−k", "minus k", "负 k"},
      {"[−1, 1]", "[minus 1, 1]", "[负 1, 1]"},
      {"a + b = c", "a plus b equals c", "a 加 b 等于 c"},
      {"a ≤ b", "a at most b", "a 小于等于 b"},
      {"a ≥ b", "a at least b", "a 大于等于 b"},
      {"0 → 1", "0 to 1", "0 到 1"},
      // what the syntax does not know is kept as written
      {"w_0 … w_k", "w sub 0 … w sub k", "w 下标 0 … w 下标 k"},
      {"[w; PE]", "[w; PE]", "[w; PE]"},
      {"x^", "x^", "x^"},
      {"√", "square root", "根号"},
  };
  for (const Said& c : cases) {
    CAPTURE(c.formula);
    CHECK(spoken(c.formula, 0) == c.en);
    CHECK(spoken(c.formula, 1) == c.zh);
  }
}

TEST_CASE("every formula of every lesson file is said without markup left over") {
  int count = 0, formulas = 0;
  const content::BundledFile* files = content::bundled_files(&count);
  REQUIRE(count > 0);
  for (int f = 0; f < count; ++f) {
    const content::ParseResult r = content::parse_document(files[f].text, files[f].name);
    const auto check = [&](const std::vector<content::Run>& runs) {
      for (const content::Run& run : runs) {
        if (run.kind != content::RunKind::Math) continue;
        ++formulas;
        for (int lang = 0; lang < 2; ++lang) {
          const std::string said = spoken(run.text, lang);
          CAPTURE(files[f].lang);
          CAPTURE(files[f].name);
          CAPTURE(run.text);
          CAPTURE(said);
          CHECK_FALSE(said.empty());
          CHECK(said.find_first_of("^_{}") == std::string::npos);
        }
      }
    };
    for (const content::Step& step : r.doc.steps) {
      for (const content::Block& b : step.blocks) check(b.runs);
      for (const content::Question& q : step.questions) {
        check(q.prompt);
        for (const auto& c : q.choices) check(c);
        check(q.explanation);
      }
    }
  }
  CHECK(formulas > 100);
}

TEST_CASE("plain text says formulas only when asked, with placeholders inside them filled first") {
  std::vector<content::Error> errors;
  const auto runs = content::parse_inline("so $x^{2i/d}$ and $√d$", "t.md", 1, errors);
  const auto lookup = [](std::string_view n) { return "<" + std::string(n) + ">"; };
  CHECK(content::plain_runs(runs, lookup) == "so x^2i/d and √d");  // as written, for find-in-page and tests
  CHECK(content::plain_runs(runs, lookup, 0) == "so x to the power (2i over d) and square root of d");
  CHECK(content::plain_runs(runs, lookup, 1) == "so x 的 2i 除以 d 次方 and 根号 d");
  const std::vector<content::Run> with_value{{content::RunKind::Math, "d = {{dim}}^2"}};
  CHECK(content::plain_runs(
            with_value, [](std::string_view) { return std::string("64"); }, 0) == "d equals 64 squared");
}

TEST_CASE("the screen-reader mirror speaks the step's formulas in the page's language") {
  test::Headless h;
  std::string mirrored;
  h.s.hooks.mirror_text = [&](const std::string&, const std::string&, const std::string& text) {
    mirrored = text;
  };
  CHECK(app::apply_hash(h.s, "#lesson=sum-vs-concat&step=orthogonal").empty());
  h.frame(1280, 800);
  CHECK(mirrored.find("roughly like 1 over square root of d") != std::string::npos);  // a choice
  CHECK(mirrored.find("√") == std::string::npos);
  CHECK(app::set_language(h.s, "zh").empty());
  h.frame(1280, 800);
  CHECK(mirrored.find("大约按 1 除以 根号 d 下降") != std::string::npos);
  CHECK(mirrored.find("√") == std::string::npos);
  // After an answer the mirror reads the right choice, then the explanation, joined in Chinese (。).
  h.s.predictions[app::prediction_key(h.s, h.s.lesson, h.s.step)] = 0;
  h.s.dirty = true;
  h.frame(1280, 800);
  CHECK(mirrored.find(". ") == std::string::npos);
  CHECK(mirrored.find("\xE3\x80\x82") != std::string::npos);
}
