// A pretend keyboard for the app without a window (headless.hpp): keys pressed for a frame and released,
// and where the keyboard focus frame is. Used by the keyboard and the card's tests.
#pragma once

#include <imgui.h>

#include <optional>

#include "app/app.hpp"
#include "headless.hpp"
#include "ui/locate.hpp"

namespace posenc::test {

// Key indices of this test's pretend keyboard (ImGui 1.86 reads io.KeysDown through io.KeyMap).
enum Key { kTab = 1, kLeft, kRight, kUp, kDown, kPageUp, kPageDown, kSpace, kEnter, kEscape };

struct Keyboard {
  Headless h;
  Keyboard() {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyMap[ImGuiKey_Tab] = kTab;
    io.KeyMap[ImGuiKey_LeftArrow] = kLeft;
    io.KeyMap[ImGuiKey_RightArrow] = kRight;
    io.KeyMap[ImGuiKey_UpArrow] = kUp;
    io.KeyMap[ImGuiKey_DownArrow] = kDown;
    io.KeyMap[ImGuiKey_PageUp] = kPageUp;
    io.KeyMap[ImGuiKey_PageDown] = kPageDown;
    io.KeyMap[ImGuiKey_Space] = kSpace;
    io.KeyMap[ImGuiKey_Enter] = kEnter;
    io.KeyMap[ImGuiKey_Escape] = kEscape;
  }
  void frames(int n, float w = 1280, float hgt = 800) {
    for (int i = 0; i < n; ++i) {
      ImGui::SetCurrentContext(h.ctx);
      app::map_nav_keys();
      h.frame(w, hgt);
    }
  }
  // One key press: down for a frame, up for the next, then a few frames to settle.
  void press(Key k, bool shift = false, float w = 1280, float hgt = 800) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyShift = shift;
    io.KeysDown[k] = true;
    frames(1, w, hgt);
    io.KeysDown[k] = false;
    frames(1, w, hgt);
    io.KeyShift = false;
    frames(3, w, hgt);
  }
  // The focus frame's rectangle when it is fully in sight, else nothing.
  std::optional<ui::ItemRect> focus() const { return ui::locate(":focus"); }
};

}  // namespace posenc::test
