#include "web_input.hpp"

#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string_view>

#include "core/utf8.hpp"
#include "web_js.hpp"

namespace posenc::app {

void WebInput::install(GLFWwindow* window, float font_css_px) {
  window_ = window;
  font_css_px_ = font_css_px;
  glfwSetWindowUserPointer(window, this);
  glfwSetScrollCallback(window, nullptr);  // replaced by the wheel callback below
  glfwSetKeyCallback(window, on_key);      // forwards to ImGui, holding quick taps for a frame
  glfwSetCharCallback(window, on_char);    // … and the characters in the same queue, in order
  js_ime_install();
  emscripten_set_wheel_callback("#canvas", this, EM_TRUE, on_wheel);
  emscripten_set_touchstart_callback("#canvas", this, EM_TRUE, on_touch);
  emscripten_set_touchmove_callback("#canvas", this, EM_TRUE, on_touch);
  emscripten_set_touchend_callback("#canvas", this, EM_TRUE, on_touch);
  emscripten_set_touchcancel_callback("#canvas", this, EM_TRUE, on_touch);
}

EM_BOOL WebInput::on_wheel(int, const EmscriptenWheelEvent* e, void*) {
  const double scale = e->deltaMode == DOM_DELTA_PIXEL  ? 1.0 / 100
                       : e->deltaMode == DOM_DELTA_LINE ? 1.0 / 3
                                                        : 1.0;
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheel -= static_cast<float>(e->deltaY * scale);
  io.MouseWheelH -= static_cast<float>(e->deltaX * scale);
  return EM_TRUE;
}

EM_BOOL WebInput::on_touch(int type, const EmscriptenTouchEvent* e, void* self) {
  WebInput& in = *static_cast<WebInput*>(self);
  Touch& t = in.touch_;
  for (int i = 0; i < e->numTouches; ++i) {
    const EmscriptenTouchPoint& p = e->touches[i];
    if (!p.isChanged) continue;
    const float x = static_cast<float>(p.targetX) * in.dpr_, y = static_cast<float>(p.targetY) * in.dpr_;
    in.touched_ = true;
    if (type == EMSCRIPTEN_EVENT_TOUCHSTART && !t.down) {
      t = Touch{};
      t.active = t.down = true;
      t.id = p.identifier;
      t.x = t.start_x = x;
      t.y = t.start_y = t.last_y = y;
    } else if (p.identifier == t.id && type == EMSCRIPTEN_EVENT_TOUCHMOVE) {
      t.x = x;
      t.y = y;
      const float dx = x - t.start_x, dy = y - t.start_y;
      if (!t.scrolling && std::fabs(dy) > 10 * in.dpr_ && std::fabs(dy) > std::fabs(dx)) t.scrolling = true;
      if (t.scrolling) {
        t.wheel += (y - t.last_y) / (5 * in.font_css_px_ * in.dpr_);
        t.last_y = y;
      }
    } else if (p.identifier == t.id &&
               (type == EMSCRIPTEN_EVENT_TOUCHEND || type == EMSCRIPTEN_EVENT_TOUCHCANCEL)) {
      t.down = false;
    }
  }
  return EM_TRUE;
}

void WebInput::on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  WebInput& in = *static_cast<WebInput*>(glfwGetWindowUserPointer(window));
  if (in.key_queue_.size() < kMaxQueued) in.key_queue_.push_back({key, scancode, action, mods, 0});
}

void WebInput::on_char(GLFWwindow* window, unsigned int c) {
  WebInput& in = *static_cast<WebInput*>(glfwGetWindowUserPointer(window));
  if (in.field_focused_) return;  // the hidden field's input event brings it
  if (in.key_queue_.size() < kMaxQueued) in.key_queue_.push_back({-1, 0, 0, 0, c});
}

void WebInput::text_input(const char* utf8) {
  const std::string_view text(utf8 ? utf8 : "");
  for (std::size_t i = 0; i < text.size() && key_queue_.size() < kMaxQueued;) {
    unsigned cp = 0;
    i += static_cast<std::size_t>(core::utf8_at(text, i, cp));
    if (cp == '\r') continue;  // a pasted "\r\n" is one line break
    key_queue_.push_back({-1, 0, 0, 0, cp});
  }
}

void WebInput::sync_text_field(bool active, float x, float y) {
  // While a box is active, every frame: should anything take the page's focus from the field while the box
  // stays active, the field has it again at the next frame (and follows the caret).
  if (!active && !field_wanted_) return;
  field_wanted_ = active;
  field_focused_ = js_ime(active, x / dpr_, y / dpr_) != 0;
}

void WebInput::deliver_keys() {
  // In order, until a key changes a second time or a character follows the press of a key that is no
  // character (Enter, Tab, Backspace, the arrows …: GLFW numbers them from 256): ImGui 1.86 reads a frame's
  // characters before its key presses (a text box takes "3" then Enter, never Enter then "3"), so what
  // comes after such a press waits for the next frame. A letter's own press comes before its character.
  std::vector<int> changed;  // keys already changed this frame
  bool pressed = false;      // a key that is no character went down this frame
  size_t n = 0;
  for (; n < key_queue_.size(); ++n) {
    const KeyEvent& e = key_queue_[n];
    if (e.key < 0) {
      if (pressed) break;
      ImGui_ImplGlfw_CharCallback(window_, e.character);
      continue;
    }
    if (std::find(changed.begin(), changed.end(), e.key) != changed.end()) break;  // the rest waits, in order
    ImGui_ImplGlfw_KeyCallback(window_, e.key, e.scancode, e.action, e.mods);
    changed.push_back(e.key);
    pressed = pressed || (e.action != GLFW_RELEASE && e.key >= GLFW_KEY_ESCAPE);
  }
  key_queue_.erase(key_queue_.begin(), key_queue_.begin() + static_cast<long>(n));
}

void WebInput::apply_touch() {
  Touch& t = touch_;
  if (!t.active) return;
  ImGuiIO& io = ImGui::GetIO();
  if (t.scrolling) {
    if (!t.released_offscreen) {
      io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      t.released_offscreen = true;
    } else {
      io.MousePos = ImVec2(t.x, t.y);
      io.MouseWheel += t.wheel;
      t.wheel = 0;
    }
    io.MouseDown[0] = false;
    if (!t.down) t.active = false;
    return;
  }
  io.MousePos = ImVec2(t.x, t.y);
  if (t.down || !t.delivered) {
    io.MouseDown[0] = true;  // a quick tap is held for at least one frame
    t.delivered = true;
  } else {
    io.MouseDown[0] = false;
    t.active = false;
  }
}

}  // namespace posenc::app
