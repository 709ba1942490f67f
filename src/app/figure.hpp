// "Save figure" and posenc.figure(kind): the current step's visual alone — not its controls, not the
// export bar — as an SVG (figure_svg.hpp) and as a PNG at twice its CSS size, in the language shown.
//
// The platform runs capture frames: ordinary frames that also draw the visual a second time in a window
// of its own (kFigureWindow), as wide as the visual's window and tall enough for all of it (the display
// is made taller and wider for these frames; they are never shown), beside the app's area. The figure is
// that window's draw lists: rendered offscreen for the PNG (gl_figure.hpp, the platform's GL) and written
// as SVG from the same lists. Lines are drawn as triangles there, not from the font atlas's line texture,
// and with anti-aliasing fringes as wide as a pixel of the PNG; the SVG takes the shapes' edges half way
// into their fringes, where the exact edge is (figure_svg.hpp). This file draws and names; no GL.
#pragma once

#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

#include "app.hpp"

namespace posenc::app {

inline constexpr const char* kFigureWindow = "##figure";

// Before ImGui::NewFrame() of a capture frame, after the platform's backend set the display size: the
// display grows to hold the figure window, lines are not drawn from a texture (end_capture() restores it).
void prepare_capture_frame(AppState& s);
void end_capture(AppState& s);

// Draws the figure window in a capture frame (app::draw calls it), right of an app `width` wide.
void draw_figure_window(AppState& s, float width);

// After ImGui::Render() of a capture frame: the figure window's draw lists (its own, then its children's)
// as draw data whose display rectangle is the figure's, in device pixels. False when there is none.
struct FigureFrame {
  std::vector<ImDrawList*> lists;
  ImVec2 min, max;
  ImDrawData data() const;  // valid while this frame lives, until the next ImGui::NewFrame()
};
bool figure_frame(const AppState& s, FigureFrame& out);

// What the figure is drawn on: the colour of the visual's window (shell.cpp pushes none for it), opaque.
ImU32 figure_background();

// The figure's SVG. `css_scale`: device pixels per CSS pixel; `em_ratio`: the regular font's (ttf_em_ratio).
std::string figure_svg(const AppState& s, const FigureFrame& f, float css_scale, float em_ratio);

// The saved files' name without extension: "figure_<lesson id>_<step id>".
std::string figure_name(const AppState& s);

}  // namespace posenc::app
