// Desktop platform: the same app in a native window (GLFW + OpenGL 3), for people who prefer it and
// for debugging. Options: --hash "#lesson=…&step=…", --frames N (quit after N frames), --screenshot
// FILE.ppm (the last frame, for the Xvfb smoke test), --size WxH.
#define GL_GLEXT_PROTOTYPES
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "app/api.hpp"
#include "app/app.hpp"
#include "app/gl_renderer.hpp"
#include "app/gl_textures.hpp"

namespace {

using namespace posenc;

struct Options {
  std::string hash;
  long frames = -1;
  std::string screenshot;
  int width = 1280, height = 800;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--hash") o.hash = v;
    else if (k == "--frames") o.frames = std::stol(v);
    else if (k == "--screenshot") o.screenshot = v;
    else if (k == "--size") std::sscanf(v.c_str(), "%dx%d", &o.width, &o.height);
  }
  return o;
}

bool save_ppm(const std::string& path, int w, int h) {
  std::vector<unsigned char> px(static_cast<size_t>(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, px.data());
  std::ofstream f(path, std::ios::binary);
  f << "P6\n" << w << " " << h << "\n255\n";
  for (int y = h - 1; y >= 0; --y) f.write(reinterpret_cast<const char*>(px.data() + static_cast<size_t>(y) * w * 3), w * 3);
  return static_cast<bool>(f);
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse(argc, argv);
  if (!glfwInit()) {
    std::fprintf(stderr, "posenc: could not initialise GLFW (no display?)\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  GLFWwindow* window = glfwCreateWindow(opt.width, opt.height, "posenc — positional encoding, step by step", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "posenc: could not open an OpenGL 3 window\n");
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);

  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  auto renderer = std::make_unique<app::GlRenderer>("#version 130\n");

  app::GlTextureHost textures;  // declared first: outlives the lessons' heatmaps
  app::AppState s;
  s.textures = &textures;
  app::init(s);
  std::vector<unsigned char> cjk;
  {
    std::ifstream f("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", std::ios::binary);
    cjk.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  }
  float scale = 0;
  app::notify(s, opt.hash.empty() ? app::go(s, 0, 0) : app::apply_hash(s, opt.hash));
  s.hooks.write_hash = [](const std::string& h) { std::printf("#%s\n", h.c_str()); };

  const auto start = std::chrono::steady_clock::now();
  std::string shader_errors;
  for (long frame = 0; !glfwWindowShouldClose(window) && (opt.frames < 0 || frame < opt.frames); ++frame) {
    glfwPollEvents();
    float sx = 1, sy = 1;
    glfwGetWindowContentScale(window, &sx, &sy);
    if (sx != scale) {  // fonts at the monitor's scale
      scale = sx;
      static const std::string cjk_chars = app::cjk_text();
      ui::load_fonts(s.theme, {{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"}, {"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"}},
                     16.0f * scale, cjk.empty() ? nullptr : &cjk, cjk_chars);
      ui::apply_style(s.theme, scale);
      renderer->upload_fonts();
    }
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    s.now = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    app::draw(s, size.x, size.y);
    ImGui::Render();
    int w = 0, h = 0;
    glfwGetFramebufferSize(window, &w, &h);
    const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(s.theme.page);
    glClearColor(bg.x, bg.y, bg.z, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer->render(*ImGui::GetDrawData(), w, h);
    if (frame == 0 && !(shader_errors = renderer->errors()).empty()) break;
    app::after_frame(s);
    for (const std::string& e : app::take_content_errors(s)) std::fprintf(stderr, "posenc content: %s\n", e.c_str());
    if (!opt.screenshot.empty() && opt.frames >= 0 && frame == opt.frames - 1 && !save_ppm(opt.screenshot, w, h))
      std::fprintf(stderr, "posenc: could not write %s\n", opt.screenshot.c_str());
    glfwSwapBuffers(window);
  }
  s.slots.clear();  // lessons release their textures while the GL context still exists
  renderer.reset();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  if (!shader_errors.empty()) {
    std::fprintf(stderr, "posenc: the OpenGL shaders failed:\n%s", shader_errors.c_str());
    return 1;
  }
  return 0;
}
