// Predict, then reveal, on screen: the question box under the step's text (choices, then the verdict
// and the explanation) — part of the walkthrough's screen (shell.cpp), in a file of its own.
#pragma once

#include "app.hpp"

namespace posenc::app {

// The box at the cursor, `wrap` wide; records the learner's choice (or skip) in `s`.
void draw_question(AppState& s, const content::Question& q, float wrap);

}  // namespace posenc::app
