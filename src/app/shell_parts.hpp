// The pieces of the walkthrough's screen that the full view (shell.cpp) and the card (card.cpp: a step
// alone in an iframe, #…&embed=1) share.
#pragma once

#include <imgui.h>

#include <vector>

#include "app.hpp"

namespace posenc::app {

// The screen's layouts: three columns (contents, text, visual), two (the contents in a drawer), one
// scrolling page (a phone), and a card (a step alone, card.cpp).
enum class Layout { Wide, Medium, Narrow, Card };

// The panels: no title bar, fixed, drawn behind whatever the learner brings forward.
inline constexpr ImGuiWindowFlags kPanel = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                           ImGuiWindowFlags_NoSavedSettings |
                                           ImGuiWindowFlags_NoBringToFrontOnFocus;

// The step's text below its headings, with its question (predict, then reveal), `wrap` wide.
void draw_step_body(AppState& s, float wrap);
// The lesson's visual with its controls (covered while a question waits); `compact`: the phone's layout
// (text above the visual, controls folded); `exports`: the export bar and code panel above it.
void draw_visual(AppState& s, bool compact, bool exports = true);
// The notices' strip (above the step bar): its height for a column `w` wide (0 with no notice), and
// drawing it there.
float notices_height(const AppState& s, float w);
void draw_notices(AppState& s, float w, float h);

// Keyboard focus (keyboard.cpp). Keys: ← → and Page Up/Down through the steps; Tab into focus mode and
// from one part of the page to the next, Esc out of it; run before the panels are drawn.
void keyboard(AppState& s, Layout layout);
// After them: the focus frame kept in sight (and given to posenc.locate(':focus')); in a card, whether
// Tab or Shift-Tab now leaves the frame (s.embed.tab_out_next / _prev).
void keep_focus_visible(AppState& s);
void mark_tab_out(AppState& s, Layout layout);

// The card: the step's text, visual and controls, and a bar with Prev/Next within the card's steps, the
// language switch and "open in posenc ↗" (card.cpp). `new_step`: a step not shown in the last frame
// (its panels start at the top).
void draw_card(AppState& s, float width, float height, bool new_step);
// The card's parts that Tab visits, in order (as focus_windows in shell.cpp does for the full view).
std::vector<const char*> card_focus_windows(const AppState& s);

}  // namespace posenc::app
