// Keyboard only, for the full view and the card alike: Tab into focus mode and from one part of the page
// to the next (and, in a card, out of the frame at its edges), the focus frame kept in sight, ← → and
// Page Up/Down through the steps. Part of the walkthrough's screen (shell.cpp).
#include <imgui_internal.h>

#include <vector>

#include "app.hpp"
#include "shell_parts.hpp"
#include "ui/controls.hpp"
#include "ui/locate.hpp"

namespace posenc::app {
namespace {

// The windows keyboard focus mode visits with Tab, in order, for each layout. While a question waits
// for its answer the text (with the question) comes first; otherwise the visual and its controls.
std::vector<const char*> focus_windows(const AppState& s, Layout mode) {
  const bool asking = awaiting_answer(s);
  switch (mode) {
    case Layout::Wide:
      if (asking) return {"##text", "##visual", "##toc", "##topbar"};
      return {"##visual", "##text", "##toc", "##topbar"};
    case Layout::Medium:
      if (asking) return {"##text", "##visual", "##topbar"};
      return {"##visual", "##text", "##topbar"};
    case Layout::Card:
      return card_focus_windows(s);
    default:
      return {"##page", "##stepbar", "##topbar"};
  }
}

// Moves keyboard focus to window `index` of the layout's list, with the focus frame on its default
// control (the question's first choice, the visual's first control past the export bar, …).
void focus_on(AppState& s, ImGuiWindow* w) {
  s.focus_init_frame = ImGui::GetFrameCount();
  if (!w) return;
  ImGui::NavMoveRequestCancel();  // ImGui's own Tab (to the next text field) would pull focus back
  ImGui::FocusWindow(w);
  ImGui::NavInitWindow(w, true);
  GImGui->NavDisableHighlight = false;
  GImGui->NavDisableMouseHover = true;
}

void focus_window(AppState& s, Layout mode, int index) {
  const std::vector<const char*> names = focus_windows(s, mode);
  const int n = static_cast<int>(names.size());
  focus_on(s, ImGui::FindWindowByName(names[((index % n) + n) % n]));
}

// Which part of the page (index into focus_windows) holds the keyboard focus now, or −1.
int focused_part(const AppState& s, Layout mode) {
  const ImGuiWindow* nav = GImGui->NavWindow;
  if (!nav) return -1;
  const std::vector<const char*> names = focus_windows(s, mode);
  for (int i = 0; i < static_cast<int>(names.size()); ++i)
    if (const ImGuiWindow* w = ImGui::FindWindowByName(names[i]); w && nav->RootWindowForNav == w) return i;
  return -1;
}

}  // namespace

// Keyboard focus mode never loses the focus frame: when the focused control goes away (the step
// changed, the prediction was locked in) the focus moves to the part of the page's default control;
// when it moves anywhere it is scrolled into view (ImGui does so for arrow moves, not for these jumps);
// and it is recorded for posenc.locate(':focus') while it is fully in sight (a paragraph taller than
// its column: while its top is, with the part in sight).
void keep_focus_visible(AppState& s) {
  ImGuiContext& g = *GImGui;
  s.focus_rect = {};
  if (!(g.IO.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard)) {
    s.focus_id = 0;
    return;
  }
  if (g.NavId == 0 || !g.NavIdIsAlive || !g.NavWindow) {
    const bool init_pending =
        g.NavInitRequest || g.NavInitResultId != 0 || ImGui::GetFrameCount() - s.focus_init_frame < 2;
    if (!init_pending && !ImGui::IsAnyItemActive())
      s.refocus = true;  // next frame: ImGui drops requests made now
    return;
  }
  ImGuiWindow* w = g.NavWindow;
  const ImRect r = ImGui::WindowRectRelToAbs(w, w->NavRectRel[g.NavLayer]);
  if (g.NavId != s.focus_id) {
    s.focus_id = g.NavId;
    if (!w->InnerClipRect.Contains(r)) ImGui::ScrollToRect(w, r, ImGuiScrollFlags_KeepVisibleEdgeY);
  }
  if (g.NavDisableHighlight) return;
  s.focus_rect = {r.Min.x, r.Min.y, r.GetWidth(), r.GetHeight()};
  const ImRect clip = w->InnerClipRect;
  if (clip.Contains(r)) {
    ui::remember_rect(":focus", s.focus_rect);
  } else if (r.GetHeight() > clip.GetHeight() && r.Min.y >= clip.Min.y && r.Min.y < clip.Max.y &&
             r.Min.x >= clip.Min.x && r.Max.x <= clip.Max.x) {
    // A paragraph taller than its column (a short window): in sight from its top, as far as it goes.
    ui::remember_rect(":focus", {r.Min.x, r.Min.y, r.GetWidth(), clip.Max.y - r.Min.y});
  }
}

// A card's keyboard focus on its last (first) part: Tab (Shift-Tab) leaves the frame for the host page.
void mark_tab_out(AppState& s, Layout mode) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool on =
      mode == Layout::Card && (io.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard) && !io.WantTextInput;
  const int part = on ? focused_part(s, mode) : -1;
  s.embed.tab_out_next = on && part == static_cast<int>(focus_windows(s, mode).size()) - 1;
  s.embed.tab_out_prev = on && part == 0;
}

// Keys. By default ← → step through the walkthrough (and Page Up/Down always do). Tab switches to
// keyboard focus mode: an orange frame marks the focused control, the arrows move it, Space/Enter
// activate, Tab / Shift-Tab go to the next / previous part of the page (visual, text, lessons, top
// bar); Esc hands the arrows back to the steps.
void keyboard(AppState& s, Layout mode) {
  ImGuiIO& io = ImGui::GetIO();
  const auto pressed = [](ImGuiKey k) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k)); };
  const bool focus_mode = io.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard;
  if (pressed(ImGuiKey_Tab) && io.WantTextInput) {
    // Tab in a text box leaves it (its text kept, as on any loss of focus) and moves the focus frame to
    // the next control (Shift: the one before), as a web page's Tab does. ImGui's own tabbing would
    // open the next slider's number edit instead.
    ImGuiContext& g = *GImGui;
    ImGui::NavMoveRequestCancel();
    if (g.ActiveId) g.NavId = g.ActiveId;  // the box is where the move starts from
    ui::request_leave_text_box();          // the box lets go as it draws, its text kept
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    g.NavDisableHighlight = false;
    g.NavDisableMouseHover = true;
    ImGui::NavMoveRequestSubmit(io.KeyShift ? ImGuiDir_Up : ImGuiDir_Down,
                                io.KeyShift ? ImGuiDir_Up : ImGuiDir_Down, ImGuiNavMoveFlags_None,
                                ImGuiScrollFlags_KeepVisibleEdgeY);
    return;
  }
  if (pressed(ImGuiKey_Tab) && !io.WantTextInput) {
    if (!focus_mode) {
      io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
      notify(s,
             {{"Keyboard: Tab moves between the parts of the page, ↑ ↓ between controls and paragraphs, ← → "
               "move a slider (Shift: ten times as far), Space or Enter activates; Esc gives the arrows back "
               "to the steps.",
               {}}},
             6);
      // Into a card from after it (Shift-Tab): its last part.
      s.focus_window = mode == Layout::Card && io.KeyShift ? -1 : 0;
    } else {
      const int part = focused_part(s, mode);
      s.focus_window = (part >= 0 ? part : s.focus_window) + (io.KeyShift ? -1 : 1);
    }
    focus_window(s, mode, s.focus_window);
    return;
  }
  if (s.refocus && focus_mode) {  // the focused control went away (see keep_focus_visible)
    if (const int part = focused_part(s, mode); part >= 0)
      focus_on(s, GImGui->NavWindow->RootWindowForNav);
    else
      focus_window(s, mode, s.focus_window);
  }
  s.refocus = false;
  if (io.WantTextInput || ImGui::IsAnyItemActive()) return;
  if (pressed(ImGuiKey_PageDown)) step_by(s, +1);
  if (pressed(ImGuiKey_PageUp)) step_by(s, -1);
  if (pressed(ImGuiKey_Escape)) {
    if (s.toc_open)
      s.toc_open = false;
    else
      io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  }
  if (focus_mode) return;  // the arrows move the focus
  if (pressed(ImGuiKey_RightArrow)) step_by(s, +1);
  if (pressed(ImGuiKey_LeftArrow)) step_by(s, -1);
}

}  // namespace posenc::app
