// The walkthrough's screen: top bar, table of contents, the step's text and the lesson's visual.
// Wide screens get three columns; medium ones hide the contents in a drawer; narrow (phone portrait)
// screens stack text above the visual in one scrolling page with the step bar pinned at the bottom. A card
// (#…&embed=1) is card.cpp's; the keys, keyboard.cpp's.
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app.hpp"
#include "embed.hpp"
#include "export_bar.hpp"
#include "figure.hpp"
#include "glyphs.hpp"
#include "question_box.hpp"
#include "shell_parts.hpp"
#include "ui/controls.hpp"
#include "ui/i18n.hpp"
#include "ui/locate.hpp"
#include "ui/nav.hpp"
#include "ui/rich_text.hpp"

namespace posenc::app {
namespace {

// A frame's share of lessons' work between frames (training): with the frame's own few milliseconds,
// frames stay under 16 ms (60 per second) while a lesson trains.
constexpr double kLessonWorkMs = 8.0;

Layout layout_mode(float w, float h, float font) {
  if (w >= 68 * font) return Layout::Wide;
  if (w >= 40 * font && w > h * 0.9f) return Layout::Medium;
  return Layout::Narrow;
}

std::vector<ui::TocEntry> toc_entries(const AppState& s) {
  std::vector<ui::TocEntry> entries;
  for (int i = 0; i < static_cast<int>(s.slots.size()); ++i) {
    const content::Document& doc = doc_for(s, i);
    ui::TocEntry e{i + 1, doc.title, step_count(s, i), s.slots[i].seen};
    for (int st = 0; st < static_cast<int>(doc.steps.size()); ++st) {
      if (doc.steps[st].questions.empty()) continue;
      ++e.questions;
      if (const int* p = prediction(s, i, st)) {
        ++e.answered;
        e.right += *p == doc.steps[st].questions.front().answer;
      }
    }
    entries.push_back(e);
  }
  return entries;
}

void draw_toc(AppState& s) {
  const int clicked = ui::table_of_contents(toc_entries(s), s.lesson, s.theme);
  if (clicked >= 0) {
    go(s, clicked, clicked == s.lesson ? s.step : 0);
    s.toc_open = false;
  }
}

// "Copy embed code": the current step as a card, its <iframe> snippet to the clipboard (embed.hpp).
void copy_embed_code(AppState& s, ImVec2 size) {
  const int lang = lang_index(s);
  if (ImGui::Button(ui::tr(lang, "Copy embed code"), size) && s.hooks.copy_text) {
    s.hooks.copy_text(embed_code(s, s.hooks.page_address()));
    notify(s, {{"copied the embed code of this step: an <iframe> of 640 × 400 to paste into a web page", {}}},
           5);
  }
  ui::remember(ui::tr(lang, "Copy embed code"));
}

void top_bar(AppState& s, Layout mode, float width) {
  const ui::Theme& t = s.theme;
  const float h = ui::em(2.6f);
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, h));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(t.panel));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ui::em(0.8f), ui::em(0.45f)));
  ImGui::Begin("##topbar", nullptr, kPanel);
  if (mode != Layout::Wide) {
    if (ImGui::Button("\xE2\x98\xB0", ImVec2(ui::em(2.2f), ui::em(1.7f))))  // ☰
      s.toc_open = !s.toc_open;
    ui::remember("\xE2\x98\xB0");
    ImGui::SameLine();
  }
  ImGui::AlignTextToFramePadding();
  ImGui::PushFont(t.bold);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(t.accent), "posenc");
  ImGui::PopFont();
  ImGui::SameLine();
  const int lang = lang_index(s);
  // At the right: "Copy embed code" (a phone has it in the contents' drawer), a note while Chinese loads,
  // the language switch. The tagline shows where it fits before them.
  const float bw = ui::em(2.6f);
  const float lang_x = width - 2 * bw - ui::em(1.4f);
  const bool loading_zh = lang == 1 && !s.theme.has_cjk;
  const float loading_x = lang_x - (loading_zh ? ImGui::CalcTextSize(ui::kZhLoadingText).x + ui::em(1) : 0);
  const bool embed_here = mode != Layout::Narrow && s.hooks.page_address;
  const char* embed_label = ui::tr(lang, "Copy embed code");
  const float embed_x =
      loading_x - (embed_here ? ImGui::CalcTextSize(embed_label).x + ui::em(1.6f) : 0) - ui::em(0.4f);
  const char* tagline = ui::tr(lang, "positional encoding, step by step");
  const bool tagline_fits = ImGui::GetCursorPosX() + ImGui::CalcTextSize(tagline).x + ui::em(0.5f) < embed_x;
  ImGui::TextDisabled("%s", mode == Layout::Narrow || !tagline_fits ? "" : tagline);
  if (embed_here) {
    ImGui::SameLine(embed_x);
    copy_embed_code(s, ImVec2(0, ui::em(1.7f)));
  }
  // Language switch at the right: "EN" and "中文" (its two glyphs are compiled in, see FontFiles::zh_label).
  const char* zh_label = ui::kZhLabelText;
  ImGui::SameLine(lang_x);
  for (int i = 0; i < 2; ++i) {
    if (i) ImGui::SameLine(0, ui::em(0.3f));
    const bool active = lang == i;
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(t.accent_soft));
    if (ImGui::Button(i == 0 ? "EN" : zh_label, ImVec2(bw, ui::em(1.7f))) && !active)
      notify(s, set_language(s, kLanguages[i]));
    ui::remember(i == 0 ? "EN" : zh_label);
    if (active) ImGui::PopStyleColor();
  }
  if (loading_zh) {
    ImGui::SameLine(loading_x);
    ImGui::TextDisabled("%s", ui::kZhLoadingText);  // in Chinese already: its glyphs are compiled in
  }
  ImGui::GetWindowDrawList()->AddLine(ImVec2(0, h - 1), ImVec2(width, h - 1), t.border);
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

// Lesson heading, step heading and the step's text.
void draw_text(AppState& s, float wrap) {
  const ui::Theme& t = s.theme;
  const content::Document& doc = current_doc(s);
  const content::Step& step = current_step(s);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(t.muted));
  ImGui::Text(ui::tr(lang_index(s), "Lesson %d"), s.lesson + 1);
  ImGui::PopStyleColor();
  ImGui::PushFont(t.title);
  ui::wrapped(doc.title, t, t.text, wrap, t.title);
  ImGui::PopFont();
  ImGui::Spacing();
  ui::title(std::to_string(s.step + 1) + ". " + step.title, wrap, t, t.accent);
  ImGui::Spacing();
  draw_step_body(s, wrap);
}

}  // namespace

void draw_step_body(AppState& s, float wrap) {
  const ui::Theme& t = s.theme;
  lessons::Lesson& lesson = current_lesson(s);
  const auto lookup = [&](std::string_view name) { return lesson.placeholder(name); };
  // Predict, then reveal: the text after the question waits for the learner's answer.
  bool asked = false;  // … and starts a little below the question's box
  step_text(
      s,
      [&](const std::vector<content::Block>& blocks) {
        if (asked) ImGui::Spacing();
        ui::rich_text(blocks, wrap, t, lookup);
      },
      [&](const content::Question& q, const int*) {
        draw_question(s, q, wrap);
        asked = true;
      });
}

void draw_visual(AppState& s, bool compact, bool exports) {
  // "Save figure" draws the visual again in a window like this one (figure.hpp).
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  s.figure.window_w = window->Size.x - window->ScrollbarSizes.x;
  s.figure.padding = window->WindowPadding;
  s.figure.compact = compact;
  if (awaiting_answer(s)) {  // covered until the learner predicts
    s.animating = false;
    ImGui::Dummy(ImVec2(1, ui::em(2)));
    ui::wrapped(ui::tr(lang_index(s), "Make your prediction first: this visual then shows the answer."),
                s.theme, s.theme.muted);
    if (compact) return;  // a phone: the question box, with its own "Just show me", is right above
    // Its own ID: two buttons of one ID in one window take each other's clicks.
    ImGui::PushID("visual");
    if (ImGui::SmallButton(ui::tr(lang_index(s), "Just show me"))) record_prediction(s, -1);
    ImGui::PopID();
    ui::remember(ui::tr(lang_index(s), "Just show me"));
    return;
  }
  // Keyboard focus arrives on the lesson's first control, past the export bar.
  if (exports) {
    ImGui::PushItemFlag(ImGuiItemFlags_NoNavDefaultFocus, true);
    export_bar(s);
    ImGui::PopItemFlag();
  }
  lessons::DrawContext ctx = draw_context(s, compact);
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  current_lesson(s).draw(ctx);
  // Where the step's visual is (a figure's content), for posenc.locate(':figure').
  ui::remember_rect(":figure", {top.x, top.y, width, ctx.visual_bottom - top.y});
  s.animating = ctx.animating;
  if (ctx.edited) s.dirty = true;
  if (ctx.open_file && s.hooks.open_file_dialog) s.hooks.open_file_dialog(ctx.open_file);
  notify(s, ctx.notices);
}

namespace {

void draw_step_bar(AppState& s, float width) {
  const int count = step_count(s, s.lesson);
  const bool can_prev = s.step > 0 || s.lesson > 0;
  const bool can_next = s.step + 1 < count || s.lesson + 1 < static_cast<int>(s.slots.size());
  const int lang = lang_index(s);
  const ui::StepBarLabels labels{ui::tr(lang, "Prev"), ui::tr(lang, "Next"), ui::tr(lang, "step %d of %d")};
  const int move = ui::step_bar(s.step, count, can_prev, can_next, width, labels, s.theme);
  if (move) step_by(s, move);
}

void drawer(AppState& s, Layout mode, float top, float width, float height) {
  if (!s.toc_open) return;
  // Dim the page; a click outside the drawer closes it.
  ImGui::SetNextWindowPos(ImVec2(0, top));
  ImGui::SetNextWindowSize(ImVec2(width, height - top));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.1f, 0.1f, 0.12f, 0.35f));
  ImGui::Begin("##scrim", nullptr, kPanel & ~ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (ImGui::IsWindowHovered() && ImGui::IsMouseClicked(0)) s.toc_open = false;
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::SetNextWindowPos(ImVec2(0, top));
  ImGui::SetNextWindowSize(ImVec2(std::min(width * 0.85f, ui::em(20)), height - top));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(s.theme.panel));
  ImGui::Begin("##drawer", nullptr, kPanel & ~ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::SetWindowFocus();
  ui::remember_region(":contents");
  if (s.hooks.page_address && mode == Layout::Narrow) {
    copy_embed_code(s, ImVec2(ImGui::GetContentRegionAvail().x, 0));  // a phone's top bar has no room
    ImGui::Spacing();
  }
  ImGui::TextDisabled("%s", ui::tr(lang_index(s), "Lessons"));
  draw_toc(s);
  ImGui::End();
  ImGui::PopStyleColor();
}

// Notices have one place: a strip directly above the step bar, in the page's flow. The text above
// it (or, on a phone, the page) gets shorter while a notice shows, so a notice never covers a table, a
// slider or the keyboard focus, and it is read in the language of the moment (translated as drawn).
float notice_text_width(float w) { return w - ui::em(3.2f); }

}  // namespace

// Their height: what they need, up to a quarter of the window's (then they scroll), so that on a short
// window the step's text keeps most of its column.
float notices_height(const AppState& s, float w) {
  if (s.notices.empty()) return 0;
  const ImGuiStyle& st = ImGui::GetStyle();
  float h = 2 * ui::em(0.5f);
  for (const Notice& n : s.notices)
    h += std::max(ui::measure_wrapped(notice_text(s, n), s.theme, notice_text_width(w)),
                  ImGui::GetFrameHeight()) +
         st.ItemSpacing.y;
  h += ui::em(0.5f) - st.ItemSpacing.y;  // and a gap to the step bar's separator
  return std::min(h, std::max(s.theme.view_height * 0.25f, ui::em(4.5f)));
}

void draw_notices(AppState& s, float w, float h) {
  if (s.notices.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(s.theme.note_bg));
  ImGui::PushStyleVar(ImGuiStyleVar_ChildBorderSize, 1.0f * s.theme.scale);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ui::em(0.6f), ui::em(0.5f)));
  ImGui::BeginChild("##notices", ImVec2(w, h - ui::em(0.5f)), true, ImGuiWindowFlags_NoNav);
  ui::remember_region(":notices");
  for (size_t i = 0; i < s.notices.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const float y = ImGui::GetCursorPosY();
    ui::wrapped(notice_text(s, s.notices[i]), s.theme, 0, notice_text_width(w));
    const float next = ImGui::GetCursorPosY();
    ImGui::SetCursorPos(ImVec2(w - ui::em(2.3f), y));
    if (ImGui::SmallButton("\xC3\x97")) s.notices[i].until = 0;  // ×
    ImGui::SetCursorPosY(std::max(next, ImGui::GetCursorPosY()));
    ImGui::PopID();
  }
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
}

lessons::DrawContext draw_context(AppState& s, bool compact) {
  lessons::DrawContext ctx;
  ctx.step = s.step;
  ctx.step_id = step_id(s, s.lesson, s.step);
  ctx.compact = compact;
  ctx.touch = s.touch;
  ctx.theme = &s.theme;
  ctx.lang = lang_index(s);
  ctx.textures = s.textures ? s.textures : &s.null_textures;
  ctx.now = s.now;
  return ctx;
}

void draw(AppState& s, float width, float height) {
  s.theme.view_height = height;
  want_typed_glyphs(s);
  // Lessons' work between frames (training), before the frame shows its progress.
  // A lesson that works in the frame keeps frames coming; one whose work goes on elsewhere (workers,
  // threads) asks for a frame every work_every() seconds only.
  bool working = false, in_frame = false;
  double every = 0;
  for (LessonSlot& slot : s.slots)
    if (slot.lesson && slot.lesson->work(kLessonWorkMs)) {
      working = true;
      const double e = slot.lesson->work_every();
      if (e <= 0)
        in_frame = true;
      else
        every = every > 0 ? std::min(every, e) : e;
    }
  s.wake_in = working && !in_frame ? every : 0;
  if (working != s.working) s.dirty = true;  // started or finished: the text's mirror follows
  s.working = working;
  const float font = ImGui::GetFontSize();
  const Layout mode = s.embed.on ? Layout::Card : layout_mode(width, height, font);
  const float top = ui::em(2.6f);
  keyboard(s, mode);
  // A new step (Next, the contents, a link) opens at its top: the panels kept the last step's scroll, so
  // on a phone Next showed the next step from its middle, title off screen. Not while the keyboard
  // navigates: then the panels follow the focus to the new step's first control.
  const bool new_step = s.lesson * 1000 + s.step != s.scrolled_for && !ImGui::GetIO().NavVisible;
  s.scrolled_for = s.lesson * 1000 + s.step;
  if (mode == Layout::Card) {  // the step alone (card.cpp)
    draw_card(s, width, height, new_step);
    ui::finish_leave_text_box();
    keep_focus_visible(s);
    mark_tab_out(s, mode);
    s.animating = s.animating || in_frame;
    return;
  }
  top_bar(s, mode, width);
  const auto to_top = [new_step] {
    if (new_step) ImGui::SetScrollY(0);
  };

  const float pad = ui::em(1.2f);
  if (mode == Layout::Narrow) {
    const float bar_h = ui::em(3.2f);
    const float note_w = width - 2 * ui::em(0.9f);
    const float note_h = notices_height(s, note_w);
    ImGui::SetNextWindowPos(ImVec2(0, top));
    ImGui::SetNextWindowSize(ImVec2(width, height - top - bar_h - note_h));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ui::em(0.9f), ui::em(0.9f)));
    ImGui::Begin("##page", nullptr,
                 kPanel & ~ImGuiWindowFlags_NoScrollbar & ~ImGuiWindowFlags_NoScrollWithMouse);
    to_top();
    // posenc.locate's regions: the parts of the page in sight, the text above the visual.
    const float text_top = ImGui::GetCursorScreenPos().y;
    draw_text(s, ImGui::GetContentRegionAvail().x);
    const float visual_top = ImGui::GetCursorScreenPos().y;
    ImGui::Separator();
    ImGui::Spacing();
    draw_visual(s, true);
    ui::remember_region(":text", text_top, visual_top);
    ui::remember_region(":visual", visual_top, ImGui::GetCursorScreenPos().y);
    ImGui::Dummy(ImVec2(1, ui::em(1)));
    ImGui::End();
    ImGui::PopStyleVar();
    if (note_h > 0) {
      ImGui::SetNextWindowPos(ImVec2(0, height - bar_h - note_h));
      ImGui::SetNextWindowSize(ImVec2(width, note_h));
      ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(s.theme.panel));
      ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ui::em(0.9f), ui::em(0.25f)));
      ImGui::Begin("##noticebar", nullptr, kPanel | ImGuiWindowFlags_NoNav);
      draw_notices(s, note_w, note_h - ui::em(0.25f));
      ImGui::End();
      ImGui::PopStyleVar();
      ImGui::PopStyleColor();
    }
    ImGui::SetNextWindowPos(ImVec2(0, height - bar_h));
    ImGui::SetNextWindowSize(ImVec2(width, bar_h));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(s.theme.panel));
    ImGui::Begin("##stepbar", nullptr, kPanel);
    ImGui::GetWindowDrawList()->AddLine(ImVec2(0, height - bar_h), ImVec2(width, height - bar_h),
                                        s.theme.border);
    draw_step_bar(s, ImGui::GetContentRegionAvail().x);
    ImGui::End();
    ImGui::PopStyleColor();
  } else {
    const float toc_w = mode == Layout::Wide ? ui::em(15) : 0;
    const float rest = width - toc_w;
    const float text_w = std::clamp(rest * 0.4f, ui::em(20), ui::em(30));
    if (mode == Layout::Wide) {
      ImGui::SetNextWindowPos(ImVec2(0, top));
      ImGui::SetNextWindowSize(ImVec2(toc_w, height - top));
      ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(s.theme.page));
      ImGui::Begin("##toc", nullptr, kPanel & ~ImGuiWindowFlags_NoScrollWithMouse);
      ui::remember_region(":contents");  // for posenc.locate: the table of contents (no card has one)
      ImGui::TextDisabled("%s", ui::tr(lang_index(s), "Lessons"));
      draw_toc(s);
      ImGui::End();
      ImGui::PopStyleColor();
    }
    // Text column with the step bar pinned at its bottom.
    const float bar_h = ui::em(3.4f);
    ImGui::SetNextWindowPos(ImVec2(toc_w, top));
    ImGui::SetNextWindowSize(ImVec2(text_w, height - top));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(s.theme.panel));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
    ImGui::Begin("##text", nullptr, kPanel);
    const float note_h = notices_height(s, ImGui::GetContentRegionAvail().x);
    ImGui::BeginChild("##textscroll", ImVec2(0, -bar_h - note_h), false, ImGuiWindowFlags_NavFlattened);
    ui::remember_region(":text");  // for posenc.locate: where the text scrolls, the step bar below it
    to_top();
    draw_text(s, ImGui::GetContentRegionAvail().x - ui::em(0.5f));
    ImGui::EndChild();
    draw_notices(s, ImGui::GetContentRegionAvail().x, note_h);
    ImGui::Separator();
    ImGui::Spacing();
    draw_step_bar(s, ImGui::GetContentRegionAvail().x);
    const ImVec2 wp = ImGui::GetWindowPos();
    ImGui::GetWindowDrawList()->AddLine(ImVec2(wp.x + text_w - 1, wp.y), ImVec2(wp.x + text_w - 1, height),
                                        s.theme.border);
    ImGui::End();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    // Visual column.
    ImGui::SetNextWindowPos(ImVec2(toc_w + text_w, top));
    ImGui::SetNextWindowSize(ImVec2(width - toc_w - text_w, height - top));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
    ImGui::Begin("##visual", nullptr,
                 kPanel & ~ImGuiWindowFlags_NoScrollbar & ~ImGuiWindowFlags_NoScrollWithMouse);
    ui::remember_region(":visual");
    to_top();
    draw_visual(s, false);
    ImGui::End();
    ImGui::PopStyleVar();
  }
  drawer(s, mode, top, width, height);
  ui::finish_leave_text_box();
  keep_focus_visible(s);
  s.animating = s.animating || in_frame;
  if (s.figure.capturing) draw_figure_window(s, width);
}

}  // namespace posenc::app
