// Keyboard only: focus mode's first Tab, the focus after locking in a prediction and after paging,
// reading long text with ↑ ↓, and sliders that move with ← → (Shift for bigger steps).
#include <doctest/doctest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "app/app.hpp"
#include "app/question_box.hpp"
#include "headless.hpp"
#include "keyboard.hpp"
#include "ui/controls.hpp"
#include "ui/locate.hpp"

using namespace posenc;
using namespace posenc::app;
using namespace posenc::test;

TEST_CASE("keyboard: the first Tab lands on the question's first choice while a question waits") {
  Keyboard k;
  go(k.h.s, 0, find_step(k.h.s, 0, "pooled"));
  k.frames(3);
  k.press(kTab);
  const auto f = k.focus();
  REQUIRE(f.has_value());
  // the first choice's radio button sits left in the text column, below the prompt
  CHECK(f->x < 640);
}

TEST_CASE("keyboard: after locking in a prediction the focus is on the explanation, in sight") {
  Keyboard k;
  go(k.h.s, 0, find_step(k.h.s, 0, "pooled"));
  k.frames(3);
  k.press(kTab);
  k.press(kSpace);  // selects the first choice
  REQUIRE(k.h.s.pending_choice == 0);
  const auto before = k.focus();
  REQUIRE(before.has_value());
  for (int i = 0; i < 6 && !prediction(k.h.s, k.h.s.lesson, k.h.s.step); ++i) {
    k.press(kDown);
    k.press(kEnter);
  }
  REQUIRE(prediction(k.h.s, k.h.s.lesson, k.h.s.step) != nullptr);
  k.frames(4);
  const auto f = k.focus();
  REQUIRE(f.has_value());
  CHECK(f->y > before->y);  // below the choices: the explanation
}

TEST_CASE("keyboard: after paging to the next step the focus is on a control of the new step, in sight") {
  Keyboard k;
  for (const char* lesson_step : {"head", "reorder"}) {
    CAPTURE(lesson_step);
    go(k.h.s, 0, find_step(k.h.s, 0, lesson_step));
    record_prediction(k.h.s, -1);
    k.frames(3);
    k.press(kTab);
    for (int i = 0; i < 8; ++i) k.press(kDown);  // far down the visual
    const int step = k.h.s.step;
    k.press(kPageDown);
    REQUIRE(k.h.s.step == step + 1);
    k.frames(3);
    CHECK(k.focus().has_value());
  }
}

TEST_CASE("keyboard: ↓ reads through text taller than its column, which scrolls to follow") {
  Keyboard k;
  const int lesson = 0;
  go(k.h.s, lesson, find_step(k.h.s, lesson, "pooled"));
  record_prediction(k.h.s, 2);
  const float w = 1280, h = 420;  // a short window: the revealed text overflows
  k.frames(3, w, h);
  k.press(kTab, false, w, h);  // the visual
  k.press(kTab, false, w, h);  // the text
  float last_y = -1;
  int moved = 0;
  for (int i = 0; i < 12; ++i) {
    k.press(kDown, false, w, h);
    const auto f = k.focus();
    REQUIRE(f.has_value());  // always in sight
    if (f->y != last_y) ++moved;
    last_y = f->y;
  }
  ImGuiWindow* text = ImGui::FindWindowByName("##text");
  REQUIRE(text != nullptr);
  bool scrolled = false;
  for (ImGuiWindow* child : text->DC.ChildWindows) scrolled = scrolled || child->Scroll.y > 0;
  CHECK(scrolled);
  CHECK(moved >= 3);
}

TEST_CASE("keyboard: ← → move the focused slider without Space first; Shift moves ten times as far") {
  using ui::Nudge;
  using ui::nudge;
  // linear integers: 1, Shift a tenth of the range
  CHECK(nudge(5, Nudge{1, 101, false, true, +1, false}) == 6);
  CHECK(nudge(5, Nudge{1, 101, false, true, -1, true}) == 1);  // 5 − 10, clamped at 1
  CHECK(nudge(50, Nudge{1, 101, false, true, +1, true}) == 60);
  // linear reals: a hundredth of the range
  CHECK(nudge(0.5, Nudge{0, 2, false, false, +1, false}) == doctest::Approx(0.52));
  // logarithmic: ten steps per decade, a decade with Shift; 0 steps to 1
  CHECK(nudge(100, Nudge{0, 1e6, true, true, +1, false}) == 126);  // 100 · 10^0.1 = 125.9
  CHECK(nudge(100, Nudge{0, 1e6, true, true, +1, true}) == 1000);
  CHECK(nudge(0, Nudge{0, 1e6, true, true, +1, false}) == 1);
  CHECK(nudge(1, Nudge{0, 1e6, true, true, -1, false}) == 0);
  CHECK(nudge(2, Nudge{0, 1e6, true, true, +1, false}) == 3);  // small counts still move
  CHECK(nudge(1e6, Nudge{0, 1e6, true, true, +1, true}) == 1e6);

  // In the app: focus a slider with the arrows, then → raises it by one.
  Keyboard k;
  go(k.h.s, 0, find_step(k.h.s, 0, "pooled"));
  record_prediction(k.h.s, -1);
  k.frames(3);
  k.press(kTab);  // the visual
  const std::string before = current_hash(k.h.s);
  REQUIRE(before.find("dim=8") != std::string::npos);
  bool raised = false;
  for (int i = 0; i < 14 && !raised; ++i) {
    k.press(kDown);
    k.press(kRight);
    raised = current_hash(k.h.s).find("dim=9") != std::string::npos;
  }
  CHECK(raised);
  k.press(kRight, true);
  CHECK(current_hash(k.h.s).find("dim=") != std::string::npos);
}

TEST_CASE("keyboard: Tab in a text box keeps what was typed and moves the focus on, opening no number edit") {
  for (const bool shift : {false, true}) {
    CAPTURE(shift);
    Keyboard k;
    go(k.h.s, 0, find_step(k.h.s, 0, "tokens"));  // lesson order: sentence, dim, seed
    k.frames(3);
    const auto box = ui::locate("sentence");
    REQUIRE(box.has_value());
    k.h.click(*box);
    k.frames(2);
    REQUIRE(ImGui::GetIO().WantTextInput);
    ImGui::GetIO().AddInputCharactersUTF8(" again");
    k.frames(2);
    k.press(kTab, shift);
    k.frames(2);
    CHECK_FALSE(ImGui::GetIO().WantTextInput);  // out of the box, and in no slider's number edit
    CHECK(GImGui->ActiveId == 0);
    std::string text;
    for (const lessons::ParamValue& v : lessons::read_params(current_lesson(k.h.s)))
      if (v.name == "text") text = v.text;
    CHECK(text.find(" again") != std::string::npos);  // typed where the click put the caret
    const auto f = k.focus();  // the focus frame shows, on another control of the visual
    REQUIRE(f.has_value());
    CHECK(std::abs(f->y - box->y) > 1);
    CHECK(f->x > 640);
  }
}

TEST_CASE("keyboard: Tab into the lesson list lands on the current lesson") {
  Keyboard k;
  const int lesson = 12;
  go(k.h.s, lesson, 0);
  k.frames(3);
  k.press(kTab);  // the visual
  k.press(kTab);  // the text
  k.press(kTab);  // the lesson list
  ImGuiWindow* toc = ImGui::FindWindowByName("##toc");
  REQUIRE(toc != nullptr);
  REQUIRE(GImGui->NavWindow == toc);
  const ImGuiID row = ImHashStr("##lesson", 0, ImHashData(&lesson, sizeof lesson, toc->ID));
  CHECK(GImGui->NavId == row);
  CHECK(k.focus().has_value());  // and in sight
}
