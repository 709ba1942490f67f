#include "nav.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>

#include "locate.hpp"
#include "rich_text.hpp"

namespace posenc::ui {

int table_of_contents(const std::vector<TocEntry>& entries, int current, const Theme& theme) {
  int clicked = -1;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float w = ImGui::GetContentRegionAvail().x;
  const ImGuiID shown_key = ImGui::GetID("##current_shown");  // the current lesson last brought into view
  for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
    const TocEntry& e = entries[i];
    ImGui::PushID(i);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    // Titles wrap rather than clip; the row grows to fit them and the progress bar.
    const float r_est = em(0.75f);
    const float title_w =
        w - (2 * r_est + em(0.7f)) - em(e.questions > 0 ? 2.8f : 0.5f);  // room for the badge
    ImFont* font = i == current ? theme.bold : theme.regular;
    const float title_h = measure_wrapped(e.title, theme, title_w, font, 1.2f);
    const float row_h = std::max(em(2.5f), title_h + em(1.1f));
    if (ImGui::Selectable("##lesson", i == current, 0, ImVec2(w, row_h))) clicked = i;
    if (i == current) {
      default_focus();  // Tab into the list lands here, not on lesson 1
      // A new current lesson out of sight (a link to lesson 15, the drawer opened on a phone) is scrolled
      // into view once; the learner's own scrolling is left alone after that.
      int& shown = *ImGui::GetStateStorage()->GetIntRef(shown_key, -1);
      const ImGuiWindow* win = ImGui::GetCurrentWindow();
      if (shown != current) {
        if (ImGui::GetItemRectMin().y < win->InnerClipRect.Min.y ||
            ImGui::GetItemRectMax().y > win->InnerClipRect.Max.y)
          ImGui::SetScrollHereY(0.35f);
        shown = current;
      }
    }
    char num[8];
    std::snprintf(num, sizeof num, "%d", e.number);
    const float r = em(0.75f);
    const ImVec2 c(p.x + r + em(0.2f), p.y + row_h / 2);
    const bool done = e.steps > 0 && e.seen >= e.steps;
    dl->AddCircleFilled(c, r, done ? theme.good : i == current ? theme.accent : theme.border);
    const ImVec2 ns = ImGui::CalcTextSize(num);
    dl->AddText(ImVec2(c.x - ns.x / 2, c.y - ns.y / 2), done || i == current ? IM_COL32_WHITE : theme.text,
                num);
    const float tx = p.x + 2 * r + em(0.7f);
    const ImVec2 next =
        ImGui::GetCursorScreenPos();  // the title wraps as lesson text does (no lone last character)
    ImGui::SetCursorScreenPos(ImVec2(tx, p.y + em(0.2f)));
    wrapped(e.title, theme, theme.text, title_w, font, 1.2f);
    ImGui::SetCursorScreenPos(next);
    if (e.questions >
        0) {  // predictions: "?" while open; once all are answered "✓" if all were right, else "✗"
      char badge[48];
      if (e.answered >= e.questions)
        std::snprintf(badge, sizeof badge, "%s %d/%d",
                      e.right == e.questions ? "\xE2\x9C\x93" : "\xE2\x9C\x97", e.right, e.questions);
      else
        std::snprintf(badge, sizeof badge, "? %d/%d", e.answered, e.questions);
      const float small = ImGui::GetFontSize() * 0.8f;
      const ImVec2 bs = theme.regular->CalcTextSizeA(small, 1e9f, 0, badge);
      dl->AddText(theme.regular, small, ImVec2(p.x + w - bs.x - em(0.4f), p.y + em(0.3f)),
                  e.answered >= e.questions && e.right == e.questions ? theme.good : theme.muted, badge);
    }
    // progress: a thin bar under the title
    const float bar_w = w - (tx - p.x) - em(0.5f);
    const float y = p.y + em(0.45f) + title_h;
    dl->AddRectFilled(ImVec2(tx, y), ImVec2(tx + bar_w, y + em(0.22f)), theme.border, em(0.1f));
    if (e.steps > 0 && e.seen > 0)
      dl->AddRectFilled(ImVec2(tx, y),
                        ImVec2(tx + bar_w * std::min(1.0f, float(e.seen) / e.steps), y + em(0.22f)),
                        done ? theme.good : theme.accent, em(0.1f));
    ImGui::PopID();
  }
  return clicked;
}

void default_focus() {
  ImGuiContext& g = *GImGui;
  ImGuiWindow* window = g.CurrentWindow;
  if (!g.NavWindow || g.NavWindow->RootWindowForNav != window->RootWindowForNav ||
      (!g.NavInitRequest && g.NavInitResultId == 0) || g.NavLayer != window->DC.NavLayerCurrent)
    return;  // no focus request for this part of the page in flight
  g.NavInitRequest = false;
  g.NavInitResultId = g.LastItemData.ID;
  g.NavInitResultRectRel = ImGui::WindowRectAbsToRel(window, g.LastItemData.Rect);
  g.NavAnyRequest = g.NavMoveScoringItems;
}

int step_bar(int step, int count, bool can_prev, bool can_next, float width, const StepBarLabels& labels,
             const Theme& theme) {
  int move = 0;
  const float bw = std::max(em(5.5f), width * 0.28f);
  const float bh = em(2.0f);
  ImGui::BeginDisabled(!can_prev);
  if (ImGui::Button((std::string("\xE2\x97\x80  ") + labels.prev).c_str(), ImVec2(bw, bh))) move = -1;  // ◀
  remember(labels.prev);
  ImGui::EndDisabled();
  ImGui::SameLine();
  char mid[64];
  std::snprintf(mid, sizeof mid, labels.step_of, step + 1, count);
  const float mid_w = width - 2 * bw - 2 * ImGui::GetStyle().ItemSpacing.x;
  const ImVec2 ts = ImGui::CalcTextSize(mid);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddText(ImVec2(p.x + (mid_w - ts.x) / 2, p.y + (bh - ts.y) / 2), theme.muted,
                                      mid);
  ImGui::Dummy(ImVec2(std::max(1.0f, mid_w), bh));
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_next);
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(theme.accent));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.18f, 0.45f, 0.85f, 1));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(0.10f, 0.32f, 0.70f, 1));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  if (ImGui::Button((std::string(labels.next) + "  \xE2\x96\xB6").c_str(), ImVec2(bw, bh))) move = +1;  // ▶
  remember(labels.next);
  ImGui::PopStyleColor(4);
  ImGui::EndDisabled();
  return move;
}

}  // namespace posenc::ui
