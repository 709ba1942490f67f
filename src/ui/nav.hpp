// Walkthrough navigation widgets: the table of contents and the Prev / "step s of n" / Next bar.
// They hold no state: they take what to show and return what the user did.
#pragma once

#include <string>
#include <vector>

#include "theme.hpp"

namespace posenc::ui {

struct TocEntry {
  int number = 0;
  std::string title;
  int steps = 0;
  int seen = 0;                                // how many of its steps the learner has opened
  int questions = 0, right = 0, answered = 0;  // predict-then-reveal: asked, right, answered or skipped
};

// Lesson list with progress; returns the index of the clicked lesson or −1.
int table_of_contents(const std::vector<TocEntry>& entries, int current, const Theme& theme);

struct StepBarLabels {
  const char* prev = "Prev";
  const char* next = "Next";
  const char* step_of = "step %d of %d";
};

// Makes the item just drawn the one keyboard focus lands on when its part of the page is entered (Tab)
// or re-entered (its focused control went away), even over items drawn before it. ImGui's own
// SetItemDefaultFocus does this only in the frame a window appears.
void default_focus();

// Returns −1 (Prev), +1 (Next) or 0. Buttons are disabled when there is nowhere to go.
int step_bar(int step, int count, bool can_prev, bool can_next, float width, const StepBarLabels& labels,
             const Theme& theme);

}  // namespace posenc::ui
