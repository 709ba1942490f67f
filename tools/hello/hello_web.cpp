// The baseline for posenc's time to first frame (`make bench`): a bare Dear ImGui "hello" window on
// emscripten's GLFW + WebGL2, built with the same toolchain and link flags as the site. It records
// performance.now() when its first frame is drawn.
#include <emscripten.h>
#define GLFW_INCLUDE_ES3
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

namespace {

GLFWwindow* window = nullptr;
bool first = true;

EM_JS(void, mark_first_frame, (), { window["helloReady"] = performance.now(); });

void frame() {
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  ImGui::Begin("hello");
  ImGui::Text("Hello, world");
  ImGui::End();
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  glViewport(0, 0, w, h);
  glClearColor(0.96f, 0.96f, 0.95f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (first) {
    first = false;
    mark_first_frame();
  }
}

}  // namespace

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  window = glfwCreateWindow(1280, 800, "hello", nullptr, nullptr);
  if (!window) return 1;
  glfwMakeContextCurrent(window);
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
