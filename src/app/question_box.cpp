#include "question_box.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "ui/i18n.hpp"
#include "ui/locate.hpp"
#include "ui/nav.hpp"
#include "ui/rich_text.hpp"

namespace posenc::app {

// Predict, then reveal: the question and its choices; once locked in (or skipped), the verdict and the
// explanation. The visual stays covered until then (see draw_visual).
void draw_question(AppState& s, const content::Question& q, float wrap) {
  const ui::Theme& t = s.theme;
  const int lang = lang_index(s);
  lessons::Lesson& lesson = current_lesson(s);
  const auto lookup = [&](std::string_view name) { return lesson.placeholder(name); };
  const auto paragraph = [&](const std::vector<content::Run>& runs) {
    ui::rich_text({{content::BlockKind::Paragraph, runs, q.line}}, wrap - 2 * ui::em(0.6f), t, lookup);
  };
  ImGui::Spacing();
  // A panel behind content of unknown height: draw the content on channel 1, then its background on 0.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->ChannelsSplit(2);
  dl->ChannelsSetCurrent(1);
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float pad = ui::em(0.6f);
  ImGui::SetCursorScreenPos(ImVec2(top.x + pad, top.y + pad));
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap - 2 * pad);
  ImGui::PushFont(t.bold);
  ImGui::TextUnformatted(ui::tr(lang, "Predict first"));
  ImGui::PopFont();
  paragraph(q.prompt);
  const int* answered = prediction(s, s.lesson, s.step);
  // Choices are typeset like the text (they may hold formulas); clicking the text selects too.
  const float choice_w = wrap - 2 * pad - ImGui::GetFrameHeight() - ImGui::GetStyle().ItemSpacing.x;
  for (int c = 0; c < static_cast<int>(q.choices.size()); ++c) {
    ImGui::PushID(c);
    const content::Block choice{content::BlockKind::Paragraph, q.choices[c], q.line};
    if (!answered) {
      if (ImGui::RadioButton("##choice", s.pending_choice == c)) s.pending_choice = c;
      if (c == 0) ui::default_focus();  // keyboard focus arrives on the first choice
      ImGui::SameLine();
      const ui::RichStyle style{t.regular, t.text};
      ui::rich_text({choice}, choice_w, t, lookup, &style);
      if (ImGui::IsItemClicked()) s.pending_choice = c;
      std::string label;  // the choice's text, for posenc.locate
      for (const content::Run& r : q.choices[c]) label += r.text;
      ui::remember(label);
    } else {
      const bool right = c == q.answer, mine = *answered == c;
      const ImU32 colour = right ? t.good : mine ? t.warn : t.muted;
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour));
      ImGui::TextUnformatted(right ? "\xE2\x9C\x93" : mine ? "\xE2\x9C\x97" : "\xE2\x80\xA2");  // ✓ ✗ •
      ImGui::PopStyleColor();
      ImGui::SameLine();
      const ui::RichStyle style{t.regular, colour};
      ui::rich_text({choice}, choice_w, t, lookup, &style);
    }
    ImGui::PopID();
  }
  if (!answered) {
    ImGui::BeginDisabled(s.pending_choice < 0);
    if (ImGui::Button(ui::tr(lang, "Lock in my prediction"))) record_prediction(s, s.pending_choice);
    ui::remember(ui::tr(lang, "Lock in my prediction"));
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(ui::tr(lang, "Just show me")))
      record_prediction(s, -1);  // as tall as its neighbour: a touch target
    ui::remember(ui::tr(lang, "Just show me"));
  } else {
    ImGui::PushFont(t.bold);
    if (*answered == q.answer)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(t.good), "%s", ui::tr(lang, "Right!"));
    else
      ImGui::TextUnformatted(ui::tr(lang, *answered < 0 ? "Skipped. The answer:" : "Not quite. The answer:"));
    ImGui::PopFont();
    paragraph(q.explanation);
    ui::default_focus();  // … and, once answered, on the explanation (read next)
    if (ImGui::SmallButton(ui::tr(lang, "Ask me again"))) clear_prediction(s);
    ui::remember(ui::tr(lang, "Ask me again"));
  }
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  const float bottom = ImGui::GetItemRectMax().y + pad;
  dl->ChannelsSetCurrent(0);
  dl->AddRectFilled(top, ImVec2(top.x + wrap, bottom), t.panel, ui::em(0.3f));
  dl->AddRect(top, ImVec2(top.x + wrap, bottom), t.border, ui::em(0.3f));
  dl->ChannelsMerge();
  ImGui::SetCursorScreenPos(ImVec2(top.x, bottom));
  ImGui::Dummy(ImVec2(wrap, ui::em(0.3f)));
}

}  // namespace posenc::app
