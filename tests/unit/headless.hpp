// The app without a window, for tests: an ImGui context with the built-in font, an AppState whose hash
// rewrites are recorded, and frames drawn at any size.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "app/app.hpp"
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
};

}  // namespace posenc::test
