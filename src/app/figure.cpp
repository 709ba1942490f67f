#include "figure.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>

#include "figure_svg.hpp"
#include "ui/locate.hpp"

namespace posenc::app {
namespace {

// The figure window stands this far right of the app's area; the display is made this tall for capture
// frames (device pixels): room for a visual many screens long.
constexpr float kGap = 64, kCaptureHeight = 16384;

}  // namespace

void prepare_capture_frame(AppState& s) {
  ImGuiStyle& style = ImGui::GetStyle();
  if (!s.figure.capturing) {
    s.figure.textured_lines = style.AntiAliasedLinesUseTex;
    s.figure.capturing = true;
  }
  style.AntiAliasedLinesUseTex = false;  // (again: a font rebuild resets the style)
  s.figure_textures.host = s.textures ? s.textures : &s.null_textures;
  s.figure_textures.shown.clear();  // what this frame shows: the SVG is written right after it
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = std::max(io.DeltaTime, 1e-4f);  // capture frames follow one another within microseconds
  io.DisplaySize.x += kGap + std::max(s.figure.window_w, 1.0f);
  io.DisplaySize.y = std::max(io.DisplaySize.y, kCaptureHeight);
}

void end_capture(AppState& s) {
  if (!s.figure.capturing) return;
  ImGuiStyle& style = ImGui::GetStyle();
  style.AntiAliasedLinesUseTex = s.figure.textured_lines;
  s.figure.capturing = false;
  s.figure.min = s.figure.max = ImVec2(0, 0);
  s.figure_textures.shown.clear();
}

void draw_figure_window(AppState& s, float width) {
  FigureState& f = s.figure;
  f.min = f.max = ImVec2(0, 0);
  if (f.window_w <= 0) return;
  ImGui::SetNextWindowPos(ImVec2(std::floor(width) + kGap, 0));
  ImGui::SetNextWindowSize(ImVec2(f.window_w, ImGui::GetIO().DisplaySize.y));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, f.padding);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::Begin(kFigureWindow, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoInputs |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoBringToFrontOnFocus);
  // Anti-aliasing fringes one pixel wide in the PNG, drawn at twice the CSS size (gl_figure.cpp).
  ImGui::GetWindowDrawList()->_FringeScale = 0.5f * s.theme.scale;
  // The visual starts on whole pixels in its column (ImGui floors each new line): here too, so that it
  // is drawn exactly as there, only moved.
  const ImVec2 start = ImFloor(ImGui::GetCursorScreenPos());
  ImGui::SetCursorScreenPos(start);
  const float content_w = ImGui::GetContentRegionAvail().x;
  lessons::DrawContext ctx = draw_context(s, f.compact);
  ctx.textures = &s.figure_textures;
  ui::pause_remembering(true);
  current_lesson(s).draw_visual(ctx);
  ui::pause_remembering(false);
  ImGui::End();
  ImGui::PopStyleVar(2);
  const float margin = std::floor(f.padding.x);  // the window's padding around the visual, as on screen
  f.min = ImVec2(start.x - margin, start.y - margin);
  f.max = ImVec2(std::ceil(start.x + content_w) + margin,
                 std::ceil(std::max(ctx.visual_bottom, start.y)) + margin);
}

ImDrawData FigureFrame::data() const {
  ImDrawData d;
  d.Valid = true;
  d.CmdLists = const_cast<ImDrawList**>(lists.data());
  d.CmdListsCount = static_cast<int>(lists.size());
  d.TotalVtxCount = d.TotalIdxCount = 0;
  for (const ImDrawList* dl : lists) {
    d.TotalVtxCount += dl->VtxBuffer.Size;
    d.TotalIdxCount += dl->IdxBuffer.Size;
  }
  d.DisplayPos = min;
  d.DisplaySize = ImVec2(max.x - min.x, max.y - min.y);
  d.FramebufferScale = ImVec2(1, 1);
  return d;
}

bool figure_frame(const AppState& s, FigureFrame& out) {
  out.lists.clear();
  out.min = s.figure.min;
  out.max = s.figure.max;
  const ImDrawData* d = ImGui::GetDrawData();
  if (!s.figure.capturing || !d || !d->Valid || out.max.x <= out.min.x || out.max.y <= out.min.y)
    return false;
  // The window's own list and its children's ("##figure/…": child windows, scrolling tables), in the
  // order ImGui draws them.
  const std::string_view name = kFigureWindow;
  for (int i = 0; i < d->CmdListsCount; ++i) {
    const std::string_view owner = d->CmdLists[i]->_OwnerName ? d->CmdLists[i]->_OwnerName : "";
    if (owner.substr(0, name.size()) == name && (owner.size() == name.size() || owner[name.size()] == '/'))
      out.lists.push_back(d->CmdLists[i]);
  }
  return !out.lists.empty();
}

ImU32 figure_background() { return ImGui::GetColorU32(ImGuiCol_WindowBg) | IM_COL32_A_MASK; }

std::string figure_svg(const AppState& s, const FigureFrame& f, float css_scale, float em_ratio) {
  SvgFigure svg;
  svg.lists.assign(f.lists.begin(), f.lists.end());
  svg.min = f.min;
  svg.max = f.max;
  svg.scale = css_scale > 0 ? css_scale : 1;
  svg.background = figure_background();
  svg.atlas = ImGui::GetIO().Fonts;
  svg.texture = [&s](ImTextureID id) {
    const auto it = s.figure_textures.shown.find(id);
    if (it == s.figure_textures.shown.end()) return TexturePixels{};
    return TexturePixels{it->second.w, it->second.h, it->second.rgba};
  };
  svg.bold = {s.theme.bold, s.theme.title};
  svg.em_ratio = em_ratio > 0 ? em_ratio : 1;
  svg.title = current_doc(s).title + " \xE2\x80\x94 " + current_step(s).title;  // —
  return app::figure_svg(svg);
}

std::string figure_name(const AppState& s) {
  return "figure_" + std::string(lessons::lesson_table()[s.lesson].id) + "_" +
         std::string(step_id(s, s.lesson, s.step));
}

}  // namespace posenc::app
