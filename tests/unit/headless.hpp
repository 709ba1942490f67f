// The app without a window, for tests: an ImGui context with the built-in font, an AppState whose hash
// rewrites are recorded, frames drawn at any size, and clicks where ui::locate says a control is.
#pragma once

#include <imgui.h>

#include <cstdio>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "lessons/lesson.hpp"
#include "lessons/params.hpp"
#include "ui/locate.hpp"
#include "ui/theme.hpp"

namespace posenc::test {

struct Headless {
  app::AppState s;
  std::vector<std::string> hashes;
  ImGuiContext* ctx;
  ImGuiContext* previous;
  Headless() : previous(ImGui::GetCurrentContext()) {
    ctx = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    ui::load_fonts(s.theme, {{"/nonexistent/regular.ttf"}, {"/nonexistent/bold.ttf"}, {}}, 16.0f);
    unsigned char* px;
    int w, h;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    ui::apply_style(s.theme, 1.0f);
    s.hooks.write_hash = [this](const std::string& h) { hashes.push_back(h); };
    app::init(s);
  }
  ~Headless() {
    ImGui::DestroyContext(ctx);
    ImGui::SetCurrentContext(previous);
  }
  void frame(float w, float h) {
    ImGui::SetCurrentContext(ctx);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(w, h);
    io.DeltaTime = 1.0f / 60;
    s.now += 1.0 / 60;
    ImGui::NewFrame();
    app::draw(s, w, h);
    ImGui::Render();
    app::after_frame(s);
  }
  // A mouse click at the centre of `r` (a rectangle ui::locate gave): the mouse moves there, presses and
  // releases, a frame (w × h) each; then it leaves the window.
  void click(const ui::ItemRect& r, float w = 1280, float h = 800) {
    ImGui::SetCurrentContext(ctx);
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(r.x + r.w / 2, r.y + r.h / 2);
    frame(w, h);
    io.MouseDown[0] = true;
    frame(w, h);
    io.MouseDown[0] = false;
    frame(w, h);
    io.MousePos = ImVec2(-1, -1);
  }
};

// The settings a sweep visits for lesson `lesson`: "" (the defaults), then "&name=value" for each end of
// each numeric control, as a URL hash spells them (values in full precision).
inline std::vector<std::string> extreme_settings(int lesson) {
  std::vector<std::string> settings = {""};
  Headless h;
  app::go(h.s, lesson, 0);
  for (const lessons::ParamValue& p : lessons::read_params(app::current_lesson(h.s)))
    if ((p.kind == lessons::ParamKind::Integer || p.kind == lessons::ParamKind::Real) && p.hi > p.lo)
      for (double v : {p.lo, p.hi}) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.17g", v);
        settings.push_back("&" + p.name + "=" + buf);
      }
  return settings;
}

}  // namespace posenc::test
