// Web input fixes for ImGui 1.86 + emscripten's GLFW: wheel deltas in pixels (stock ones are raw and
// reversed), touch (GLFW ignores it: one finger drives the mouse, a vertical drag scrolls), and quick
// key taps held for a frame. Part of the web platform; knows no lesson.
#pragma once

#include <GLFW/glfw3.h>
#include <emscripten/html5.h>

#include <vector>

namespace posenc::app {

class WebInput {
 public:
  // Registers the canvas wheel/touch callbacks and the GLFW key callback (chained to ImGui's).
  void install(GLFWwindow* window, float font_css_px);
  void set_pixel_ratio(float dpr) { dpr_ = dpr; }
  // After ImGui_ImplGlfw_NewFrame (which sets the mouse from the cursor), before ImGui::NewFrame.
  void apply_touch();
  // Before ImGui::NewFrame: deliver queued key events and characters (see KeyEvent).
  void deliver_keys();
  // Text from the page's hidden text field (typing, an input method's commit, a paste): queued as
  // characters, in order with the keys.
  void text_input(const char* utf8);
  // After a frame: the hidden field follows the active text box (its caret at x, y in canvas pixels).
  void sync_text_field(bool active, float x, float y);
  // Input still waiting for frames: queued keys, a finger on the screen, scrolling to deliver.
  bool touched() const { return touched_; }  // a finger has touched the canvas since start
  bool busy() const { return !key_queue_.empty() || touch_.active || touch_.wheel != 0; }

 private:
  // One finger drives the mouse; a mostly vertical drag becomes scrolling (ImGui 1.86 has no touch
  // scrolling), released off-screen first so the widget under the finger is not clicked.
  struct Touch {
    bool active = false;     // a finger is (or was, until delivered) on the canvas
    bool down = false;       // finger currently down
    bool delivered = false;  // a frame has seen the press
    bool scrolling = false;
    bool released_offscreen = false;
    int id = -1;
    float x = 0, y = 0, start_x = 0, start_y = 0, last_y = 0;
    float wheel = 0;  // pending scroll, in wheel units
  };

  static EM_BOOL on_wheel(int type, const EmscriptenWheelEvent* e, void* self);
  static EM_BOOL on_touch(int type, const EmscriptenTouchEvent* e, void* self);
  static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods);
  static void on_char(GLFWwindow* window, unsigned int c);

  GLFWwindow* window_ = nullptr;
  float dpr_ = 1, font_css_px_ = 16;
  Touch touch_;
  bool touched_ = false;
  // ImGui 1.86 polls key state once per frame, so a key pressed and released between two frames (a quick
  // tap, or a busy machine) would be lost, and characters typed after Enter would reach a text box
  // before it (typed at 20 ms a key, "3⏎4" became "34⏎"). Key events and characters are queued together
  // and handed over in order: one change per key per frame, nothing after a key press until the next.
  struct KeyEvent {
    int key, scancode, action, mods;  // key −1: a character
    unsigned int character;
  };
  static constexpr size_t kMaxQueued = 4096;  // a long paste typed by a tool, not unbounded memory
  std::vector<KeyEvent> key_queue_;
  // While the hidden field has the focus its input events carry the text: GLFW's own characters (from
  // keypress) would come twice.
  bool field_focused_ = false;
  bool field_wanted_ = false;
};

}  // namespace posenc::app
