#include "export_bar.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "content/code.hpp"
#include "core/table_file.hpp"
#include "notebook.hpp"
#include "ui/i18n.hpp"
#include "ui/locate.hpp"
#include "ui/theme.hpp"

namespace posenc::app {
namespace {

// The C++ that computes the visual (embedded from src/core at build time) and the lesson's NumPy version.
void code_panel(AppState& s) {
  if (!content::code_available()) {  // the site fetches the code when the panel first opens
    if (!s.code_requested && s.hooks.load_code) {
      s.code_requested = true;
      s.hooks.load_code();
    }
    ImGui::TextDisabled("%s", ui::tr(lang_index(s), "Loading the code\xE2\x80\xA6"));
    return;
  }
  const lessons::LessonEntry& entry = lessons::lesson_table()[s.lesson];
  std::vector<const content::CodeSnippet*> shown;
  for (std::string_view id : entry.code)
    if (const content::CodeSnippet* c = content::core_snippet(id)) shown.push_back(c);
  if (const content::CodeSnippet* py = content::python_snippet(entry.id)) shown.push_back(py);
  ImGui::BeginChild("##code", ImVec2(0, std::min(ImGui::GetContentRegionAvail().y * 0.6f, ui::em(22))), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  for (const content::CodeSnippet* c : shown) {
    ImGui::PushID(c->file.data());
    ImGui::PushID(c->id.data());
    ImGui::TextDisabled("%.*s", static_cast<int>(c->file.size()), c->file.data());
    ImGui::SameLine();
    if (ImGui::SmallButton(ui::tr(lang_index(s), "Copy")) && s.hooks.copy_text) {
      s.hooks.copy_text(std::string(c->text));
      notify(s, {{"copied {0}", {std::string(c->file)}}}, 3);
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(s.theme.code));
    ImGui::TextUnformatted(c->text.data(), c->text.data() + c->text.size());
    ImGui::PopStyleColor();
    ImGui::Spacing();
    ImGui::PopID();
    ImGui::PopID();
  }
  ImGui::EndChild();
}

// `name` in the width left on this line, or on the next line when it does not fit there; cut with "…"
// when even a whole line is too narrow (the full name in a tooltip).
// `name` cut to `room` pixels with an ellipsis (file names are ASCII: cut anywhere).
std::string elide(const std::string& name, float room) {
  std::string shown = name;
  while (shown.size() > 1 && ImGui::CalcTextSize((shown + "\xE2\x80\xA6").c_str()).x > room) shown.pop_back();
  if (shown.size() < name.size()) shown += "\xE2\x80\xA6";
  return shown;
}

void file_name(const std::string& name) {
  if (ImGui::CalcTextSize(name.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
  const std::string shown = elide(name, ImGui::GetContentRegionAvail().x);
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("%s", shown.c_str());
  if (shown != name && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", name.c_str());
}

// A button of the bar, after the one before it, or on the next line when it does not fit there (a
// phone); remembered for posenc.locate. True when pressed.
bool bar_button(const std::string& label) {
  ImGui::SameLine();
  const float width = ImGui::CalcTextSize(label.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x;
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
  const bool pressed = ImGui::Button(label.c_str());
  ui::remember(label);
  return pressed;
}

}  // namespace

bool save_notebook(AppState& s) {
  if (!s.hooks.download) return false;
  if (!content::code_available() && s.hooks.load_code_now) s.hooks.load_code_now();
  const std::string text = notebook(s, s.lesson, s.hooks.page_url ? s.hooks.page_url() : std::string());
  if (text.empty()) {
    notify(s, {{"the notebook needs the lessons' code, which could not be loaded; try again", {}}}, 6);
    return false;
  }
  s.hooks.download(std::string(lessons::lesson_table()[s.lesson].id) + ".ipynb", text,
                   "application/x-ipynb+json");
  return true;
}

// "</> Code", "↓ .ipynb" and "Save figure", then "↓ .npy  ↓ .csv  Copy CSV" for the matrices behind the step
// (float64, named with its parameters), and the code panel when open.
void export_bar(AppState& s) {
  const int lang = lang_index(s);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ui::em(0.5f), ui::em(0.2f)));
  if (ImGui::Button(ui::tr(lang, s.show_code ? "Hide code" : "</> Code"))) s.show_code = !s.show_code;
  ui::remember(ui::tr(lang, s.show_code ? "Hide code" : "</> Code"));
  const char* ipynb = "\xE2\x86\x93 .ipynb";
  if (bar_button(ipynb)) s.save_notebook = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", ui::tr(lang,
                                   "This lesson as a Jupyter notebook at these settings: its text, its "
                                   "NumPy code, and every step's picture and numbers computed again"));
  // The visual as SVG and PNG (figure.hpp): the platform saves them once this frame is drawn.
  if (bar_button(ui::tr(lang, "Save figure"))) s.figure.save = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", ui::tr(lang, "The visual as SVG and as PNG (twice its size)"));
  const std::vector<lessons::Export> list = current_lesson(s).exports(step_id(s, s.lesson, s.step));
  if (list.empty()) {
    ImGui::PopStyleVar();
    if (s.show_code) code_panel(s);
    return;
  }
  s.export_choice = std::clamp(s.export_choice, 0, static_cast<int>(list.size()) - 1);
  const lessons::Export& e = list[s.export_choice];
  if (e.is_file()) {  // a file of its own format: download it, or copy its text
    if (bar_button("\xE2\x86\x93 " + e.extension) && s.hooks.download)
      s.hooks.download(e.name + e.extension, e.text(), e.mime.c_str());
    if (bar_button(std::string(ui::tr(lang, "Copy")) + " " + e.extension) && s.hooks.copy_text) {
      s.hooks.copy_text(e.text());
      notify(s, {{"copied {0}", {e.name + e.extension}}}, 3);
    }
  } else {
    if (bar_button("\xE2\x86\x93 .npy") && s.hooks.download)
      s.hooks.download(e.name + ".npy", core::write_npy(e.data()), "application/octet-stream");
    if (bar_button("\xE2\x86\x93 .csv") && s.hooks.download)
      s.hooks.download(e.name + ".csv", core::write_csv(e.data()), "text/csv");
    if (bar_button(ui::tr(lang, "Copy CSV")) && s.hooks.copy_text) {
      s.hooks.copy_text(core::write_csv(e.data()));
      notify(s,
             {{"copied {0} ({1} × {2}) as CSV",
               {e.name, std::to_string(e.data().rows()), std::to_string(e.data().cols())}}},
             3);
    }
  }
  ImGui::SameLine();
  if (list.size() > 1) {
    if (ImGui::GetContentRegionAvail().x < ui::em(10))
      ImGui::NewLine();  // too narrow to read a name: next line
    const float width = std::min(ImGui::GetContentRegionAvail().x, ui::em(16));
    ImGui::SetNextItemWidth(width);
    // The preview box clips a long name mid-letter: cut it with an ellipsis, the whole name on hover.
    const ImGuiStyle& st = ImGui::GetStyle();
    const std::string shown = elide(e.name, width - ImGui::GetFrameHeight() - 2 * st.FramePadding.x);
    if (ImGui::BeginCombo("##export", shown.c_str())) {
      for (int i = 0; i < static_cast<int>(list.size()); ++i)
        if (ImGui::Selectable((list[i].name + list[i].extension).c_str(), i == s.export_choice))
          s.export_choice = i;
      ImGui::EndCombo();
    } else if (shown != e.name && ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s", e.name.c_str());
    }
  } else {
    file_name(e.name);
  }
  ImGui::PopStyleVar();
  if (s.show_code) code_panel(s);
}

}  // namespace posenc::app
