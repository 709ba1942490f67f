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

static void says(const char* formula, const char* en, const char* zh) {
  CAPTURE(formula);
  CHECK(spoken(formula, 0) == en);
  CHECK(spoken(formula, 1) == zh);
}

TEST_CASE("each construct of a formula is said in English and in Chinese") {
  SUBCASE("superscripts: squared, a power, a transpose, a label") {
    says("x^2", "x squared", "x 的平方");
    says("d^3", "d cubed", "d 的立方");
    says("x^{2i/d}", "x to the power (2i over d)", "x 的 2i 除以 d 次方");
    says("e^{i·pos·ω}", "e to the power (i times pos times omega)", "e 的 i 乘 pos 乘 ω 次方");
    says("base^(−2i/d)", "base to the power (minus 2i over d)", "base 的 负 2i 除以 d 次方");
    says("e^{iφ}", "e to the power i phi", "e 的 iφ 次方");
    says("PE(p)^T W", "PE(p) transpose W", "PE(p) 的转置 W");
    says("(x W)ᵀ", "(x W) transpose", "(x W) 的转置");
    says("W^Q", "W superscript Q", "W 上标 Q");
  }
  SUBCASE("subscripts, alone and with a superscript") {
    says("q_i", "q sub i", "q 下标 i");
    says("θ_i", "theta sub i", "θ 下标 i");
    says("L_train", "L sub train", "L 下标 train");
    says("w_{−k}", "w sub (minus k)", "w 下标 (负 k)");
    says("h_{k+1}", "h sub (k plus 1)", "h 下标 (k 加 1)");
    says("a^K_ij", "a sub ij superscript K", "a 下标 ij 上标 K");
    says("x_i^2", "x sub i squared", "x 下标 i 的平方");
  }
  SUBCASE("square roots over a token or a group") {
    says("√d", "square root of d", "根号 d");
    says("√d_z", "square root of d sub z", "根号 d 下标 z");
    says("√(2/(π d))", "square root of (2 over (pi d))", "根号下 (2 除以 (π d))");
    says("√({2}/{π d})", "square root of (2 over (pi d))", "根号下 (2 除以 (π d))");
  }
  SUBCASE("fractions and division") {
    says("{a}/{b}", "a over b", "a 除以 b");
    says("{1}/{base^(2i/d)}", "1 over base to the power (2i over d)", "1 除以 base 的 2i 除以 d 次方");
    says("softmax({q·k}/{√d})", "softmax((q times k) over square root of d)",
         "softmax((q 乘 k) 除以 根号 d)");
    says("pos / (L − 1)", "pos over (L minus 1)", "pos 除以 (L 减 1)");
  }
  SUBCASE("bars, sums, Greek letters") {
    says("|x|", "absolute value of x", "x 的绝对值");
    says("|a − b|", "absolute value of (a minus b)", "(a 减 b) 的绝对值");
    says("‖PE(p)‖", "norm of PE(p)", "PE(p) 的范数");
    says("Σ_i cos(ω_i)", "sum over i of cos(omega sub i)", "对 i 求和 cos(ω 下标 i)");
    says("Σ_{k<j} S_k", "sum over k less than j of S sub k", "对 k 小于 j 求和 S 下标 k");
    says("2π · Δ", "2 pi times delta", "2π 乘 Δ");
  }
  SUBCASE("operators and signs") {
    says("a ≈ b", "a approximately b", "a 约等于 b");
    says("a · b", "a times b", "a 乘 b");
    says("a − b", "a minus b", "a 减 b");
    says("−k", "minus k", "负 k");
    says("[−1, 1]", "[minus 1, 1]", "[负 1, 1]");
    says("a + b = c", "a plus b equals c", "a 加 b 等于 c");
    says("a ≤ b", "a at most b", "a 小于等于 b");
    says("a ≥ b", "a at least b", "a 大于等于 b");
    says("0 → 1", "0 to 1", "0 到 1");
  }
  SUBCASE("what the syntax does not know is kept as written") {
    says("w_0 … w_k", "w sub 0 … w sub k", "w 下标 0 … w 下标 k");
    says("[w; PE]", "[w; PE]", "[w; PE]");
    says("x^", "x^", "x^");
    says("√", "square root", "根号");
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
