// "Save figure" on the platform's GL (figure.hpp says what the figure is): capture frames run through the
// platform's own frame function, the figure window's draw lists rendered offscreen at twice the CSS size,
// read back and written as PNG; the SVG from the same lists. Web and desktop share it.
#pragma once

#include <functional>
#include <string>

#include "app/app.hpp"
#include "app/gl_renderer.hpp"

namespace posenc::app {

struct FigureFiles {
  std::string svg, png;  // the SVG text and the PNG file's bytes (empty when not asked for, or none)
};

// Captures the current step's figure. `frame` runs one capture frame of the platform: its backend's
// NewFrame, then prepare_capture_frame(s) (with app::draw's size read before it), ImGui::NewFrame,
// app::draw, ImGui::Render — and shows nothing. `css_scale`: device pixels per CSS pixel; `em_ratio`: the
// regular font's (ttf_em_ratio).
FigureFiles capture_figure(AppState& s, GlRenderer& renderer, float css_scale, float em_ratio, bool svg,
                           bool png, const std::function<void()>& frame);

}  // namespace posenc::app
