#include "gl_figure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "app/figure.hpp"
#include "app/frame_digest.hpp"
#include "app/gl.hpp"
#include "app/png.hpp"

namespace posenc::app {
namespace {

// At most this many pixels in the PNG: a visual many screens long is rendered smaller than 2× rather than
// not at all.
constexpr double kMaxPixels = 32e6;

// The draw data rendered into a w × h framebuffer over `background`, read back: rows top first, IM_COL32
// byte order. (ImGui's own anti-aliasing fringes, a pixel wide at this size, smooth the edges.)
std::vector<std::uint32_t> render_offscreen(GlRenderer& renderer, ImDrawData data, int w, int h,
                                            ImU32 background) {
  GLuint buffer = 0, framebuffer = 0;
  glGenRenderbuffers(1, &buffer);
  glBindRenderbuffer(GL_RENDERBUFFER, buffer);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, buffer);
  std::vector<std::uint32_t> px;
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) {
    const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(background);
    glViewport(0, 0, w, h);
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    data.FramebufferScale = ImVec2(w / data.DisplaySize.x, h / data.DisplaySize.y);
    renderer.render(data, w, h);
    std::vector<std::uint32_t> flipped(static_cast<std::size_t>(w) * h);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, flipped.data());
    px.resize(flipped.size());
    for (int y = 0; y < h; ++y)  // GL's rows start at the bottom
      std::copy_n(flipped.begin() + static_cast<std::ptrdiff_t>(h - 1 - y) * w, w,
                  px.begin() + static_cast<std::ptrdiff_t>(y) * w);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glDeleteFramebuffers(1, &framebuffer);
  glDeleteRenderbuffers(1, &buffer);
  return px;
}

}  // namespace

FigureFiles capture_figure(AppState& s, GlRenderer& renderer, float css_scale, float em_ratio, bool svg,
                           bool png, const std::function<void()>& frame) {
  FigureFiles files;
  FigureFrame f;
  // Frames until the figure looks the same twice (a table sizes its columns over its first frames),
  // at most six.
  std::uint64_t last = 0;
  bool have = false;
  for (int i = 0; i < 6; ++i) {
    frame();
    if (!(have = figure_frame(s, f))) continue;
    const std::uint64_t digest = frame_digest(f.data(), 0, 0, 0, 0);
    if (i > 0 && digest == last) break;
    last = digest;
  }
  if (have) {
    if (svg) files.svg = figure_svg(s, f, css_scale, em_ratio);
    if (png) {
      const double css_w = (f.max.x - f.min.x) / css_scale, css_h = (f.max.y - f.min.y) / css_scale;
      GLint max_size = 0;
      glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
      double k = 2;  // output pixels per CSS pixel
      k = std::min({k, std::sqrt(kMaxPixels / (css_w * css_h)), max_size / css_w, max_size / css_h});
      const int w = std::max(1, static_cast<int>(std::lround(css_w * k)));
      const int h = std::max(1, static_cast<int>(std::lround(css_h * k)));
      const std::vector<std::uint32_t> px = render_offscreen(renderer, f.data(), w, h, figure_background());
      if (!px.empty()) files.png = encode_png(w, h, px.data(), false);
    }
  }
  end_capture(s);
  return files;
}

}  // namespace posenc::app
