// A step alone, as a card for an iframe (#…&embed=1, embed.hpp): its text and its visual with their
// controls — side by side in a wide frame (640 × 400 and up), one scrolling page of text above the visual
// in a narrow one (a phone) — and below them a bar: Prev/Next within the card's steps (none for a card of
// one step), the language switch and "open in posenc ↗" (the full view, in a new tab). No top bar,
// contents or export bar.
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app.hpp"
#include "shell_parts.hpp"
#include "ui/i18n.hpp"
#include "ui/locate.hpp"
#include "ui/nav.hpp"
#include "ui/rich_text.hpp"

namespace posenc::app {
namespace {

// Text beside the visual when the frame is wide enough for both to be read (40 em at 640 px).
bool side_by_side(float w, float h) { return w >= 36 * ImGui::GetFontSize() && w >= h; }

// The bar's measures: Prev "i / n" Next at the left (a card of several steps), the language switch and
// the link at the right; on two rows when one is too narrow for both.
struct Bar {
  float nav_w = 0;   // 0: a card of one step (no Prev/Next)
  float lang_w = 0;  // 0: no room for the language switch
  float link_w = 0;
  bool two_rows = false;
  float height = 0;
};

const char* open_label(const AppState& s) { return ui::tr(lang_index(s), "open in posenc \xE2\x86\x97"); }

Bar measure_bar(const AppState& s, float inner_w) {
  Bar b;
  const ImGuiStyle& st = ImGui::GetStyle();
  b.nav_w = s.embed.last > s.embed.first ? ui::em(16) : 0;
  b.link_w = ImGui::CalcTextSize(open_label(s)).x + 2 * st.FramePadding.x;
  b.lang_w = 2 * ui::em(2.4f) + st.ItemSpacing.x + ui::em(0.6f);
  const float brand_w = ImGui::CalcTextSize("posenc").x + ui::em(1);
  if (b.link_w + b.lang_w + brand_w > inner_w) b.lang_w = 0;  // a very narrow frame: the link only
  b.two_rows = b.nav_w > 0 && b.nav_w + b.lang_w + b.link_w + ui::em(0.6f) > inner_w;
  const float row = ui::em(2.0f);
  b.height = (b.two_rows ? 2 * row + st.ItemSpacing.y : row) + 2 * ui::em(0.45f);
  return b;
}

// The link to the full view: the same step and settings, without the card's keys, in a new tab (the
// platform's hook; without one, the desktop, the card turns into the full view in its own window).
void open_link(AppState& s) {
  const ui::Theme& t = s.theme;
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(t.accent));
  const bool clicked = ImGui::Button(open_label(s), ImVec2(0, ui::em(2.0f)));
  ImGui::PopStyleColor(2);
  ui::remember(open_label(s));
  if (ImGui::IsItemHovered()) {  // underlined, as a link is
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const float pad = ImGui::GetStyle().FramePadding.x;
    const float y = (a.y + b.y) / 2 + ImGui::GetFontSize() * 0.55f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x + pad, y), ImVec2(b.x - pad, y), t.accent);
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  }
  if (!clicked) return;
  if (s.hooks.open_full_view) {
    s.hooks.open_full_view(current_hash(s, false));
  } else {
    s.embed = {};
    s.dirty = true;
  }
}

void language_switch(AppState& s) {
  const int lang = lang_index(s);
  for (int i = 0; i < 2; ++i) {
    if (i) ImGui::SameLine(0, ImGui::GetStyle().ItemSpacing.x);
    const char* label = i == 0 ? "EN" : ui::kZhLabelText;
    const bool active = lang == i;
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(s.theme.accent_soft));
    if (ImGui::Button(label, ImVec2(ui::em(2.4f), ui::em(2.0f))) && !active)
      notify(s, set_language(s, kLanguages[i]));
    ui::remember(label);
    if (active) ImGui::PopStyleColor();
  }
}

void draw_bar(AppState& s, const Bar& b, float inner_w) {
  const Embed& e = s.embed;
  if (b.nav_w > 0) {
    const int lang = lang_index(s);
    // "2 / 4": the card's own steps, counted from its first.
    const ui::StepBarLabels labels{ui::tr(lang, "Prev"), ui::tr(lang, "Next"), "%d / %d"};
    const int move = ui::step_bar(s.step - e.first, e.last - e.first + 1, s.step > e.first, s.step < e.last,
                                  b.two_rows ? inner_w : b.nav_w, labels, s.theme);
    if (move) step_by(s, move);
  }
  if (b.nav_w == 0 || b.two_rows) {  // the brand where there is no Prev/Next
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float size = ImGui::GetFontSize();
    ImGui::GetWindowDrawList()->AddText(s.theme.bold, size, ImVec2(p.x, p.y + (ui::em(2.0f) - size) / 2),
                                        s.theme.muted, "posenc");
    ImGui::Dummy(ImVec2(s.theme.bold->CalcTextSizeA(size, 1e9f, 0, "posenc").x, ui::em(2.0f)));
  }
  const float start = ImGui::GetStyle().WindowPadding.x + inner_w - b.lang_w - b.link_w;
  ImGui::SameLine(start);
  if (b.lang_w > 0) {
    language_switch(s);
    ImGui::SameLine(0, ui::em(0.6f));
  }
  open_link(s);
}

// "Lesson 3 · Sinusoidal position encoding", then the step's title (its number is the full view's; the
// card counts its own steps in the bar).
void heading(AppState& s, float wrap) {
  const ui::Theme& t = s.theme;
  char lesson[64];
  std::snprintf(lesson, sizeof lesson, ui::tr(lang_index(s), "Lesson %d"), s.lesson + 1);
  ui::wrapped(std::string(lesson) + " \xC2\xB7 " + current_doc(s).title, t, t.muted, wrap);  // ·
  ImGui::Spacing();
  ui::title(current_step(s).title, wrap, t, t.accent);
  ImGui::Spacing();
}

}  // namespace

std::vector<const char*> card_focus_windows(const AppState& s) {
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  if (!side_by_side(size.x, size.y)) return {"##card_page", "##card_bar"};
  if (awaiting_answer(s)) return {"##card_text", "##card_visual", "##card_bar"};
  return {"##card_visual", "##card_text", "##card_bar"};
}

void draw_card(AppState& s, float width, float height, bool new_step) {
  const ui::Theme& t = s.theme;
  const float pad = ui::em(0.9f);
  const Bar bar = measure_bar(s, width - 2 * pad);
  const float body_h = height - bar.height;
  const auto to_top = [new_step] {
    if (new_step) ImGui::SetScrollY(0);
  };
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
  if (side_by_side(width, height)) {
    const float text_w = std::clamp(width * 0.4f, ui::em(15), ui::em(26));
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(text_w, body_h));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(t.panel));
    ImGui::Begin("##card_text", nullptr, kPanel);
    const float note_h = notices_height(s, ImGui::GetContentRegionAvail().x);
    ImGui::BeginChild("##card_textscroll", ImVec2(0, -note_h), false, ImGuiWindowFlags_NavFlattened);
    ui::remember_region(":text");
    to_top();
    const float wrap = ImGui::GetContentRegionAvail().x - ui::em(0.5f);
    heading(s, wrap);
    draw_step_body(s, wrap);
    ImGui::EndChild();
    draw_notices(s, ImGui::GetContentRegionAvail().x, note_h);
    const ImVec2 wp = ImGui::GetWindowPos();
    ImGui::GetWindowDrawList()->AddLine(ImVec2(wp.x + text_w - 1, wp.y), ImVec2(wp.x + text_w - 1, body_h),
                                        t.border);
    ImGui::End();
    ImGui::PopStyleColor();
    ImGui::SetNextWindowPos(ImVec2(text_w, 0));
    ImGui::SetNextWindowSize(ImVec2(width - text_w, body_h));
    ImGui::Begin("##card_visual", nullptr,
                 kPanel & ~ImGuiWindowFlags_NoScrollbar & ~ImGuiWindowFlags_NoScrollWithMouse);
    ui::remember_region(":visual");
    to_top();
    draw_visual(s, false, false);
    ImGui::End();
  } else {
    const float note_w = width - 2 * pad;
    const float note_h = notices_height(s, note_w);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width, body_h - note_h));
    ImGui::Begin("##card_page", nullptr,
                 kPanel & ~ImGuiWindowFlags_NoScrollbar & ~ImGuiWindowFlags_NoScrollWithMouse);
    to_top();
    const float text_top = ImGui::GetCursorScreenPos().y;
    heading(s, ImGui::GetContentRegionAvail().x);
    draw_step_body(s, ImGui::GetContentRegionAvail().x);
    const float visual_top = ImGui::GetCursorScreenPos().y;
    ImGui::Separator();
    ImGui::Spacing();
    draw_visual(s, true, false);
    ui::remember_region(":text", text_top, visual_top);
    ui::remember_region(":visual", visual_top, ImGui::GetCursorScreenPos().y);
    ImGui::Dummy(ImVec2(1, ui::em(0.5f)));
    ImGui::End();
    if (note_h > 0) {
      ImGui::SetNextWindowPos(ImVec2(0, body_h - note_h));
      ImGui::SetNextWindowSize(ImVec2(width, note_h));
      ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(t.panel));
      ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, ui::em(0.25f)));
      ImGui::Begin("##card_notices", nullptr, kPanel | ImGuiWindowFlags_NoNav);
      draw_notices(s, note_w, note_h - ui::em(0.25f));
      ImGui::End();
      ImGui::PopStyleVar();
      ImGui::PopStyleColor();
    }
  }
  ImGui::PopStyleVar();
  ImGui::SetNextWindowPos(ImVec2(0, body_h));
  ImGui::SetNextWindowSize(ImVec2(width, bar.height));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(t.panel));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, ui::em(0.45f)));
  ImGui::Begin("##card_bar", nullptr, kPanel);
  ImGui::GetWindowDrawList()->AddLine(ImVec2(0, body_h), ImVec2(width, body_h), t.border);
  draw_bar(s, bar, width - 2 * pad);
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

}  // namespace posenc::app
