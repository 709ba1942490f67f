// Desktop platform: the same app in a native window (GLFW + OpenGL 3), doing what the browser does for
// the web build: files open by drag and drop, from the command line or through an in-app dialog;
// exports are saved into a folder; Copy CSV goes to the clipboard; the fonts are compiled in.
// Options: see kUsage below (README.md describes them too).
#define GL_GLEXT_PROTOTYPES
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "app/api.hpp"
#include "app/app.hpp"
#include "app/desktop_files.hpp"
#include "app/embedded_fonts.hpp"
#include "app/export_bar.hpp"
#include "app/figure.hpp"
#include "app/figure_svg.hpp"
#include "app/frame_digest.hpp"
#include "app/gl_figure.hpp"
#include "app/gl_renderer.hpp"
#include "app/gl_textures.hpp"
#include "app/glyphs.hpp"
#include "app/json.hpp"
#include "app/thread_train_pool.hpp"

namespace {

using namespace posenc;

constexpr const char* kUsage =
    "usage: posenc_desktop [options] [FILE]\n"
    "  FILE, --open FILE      open a .npy/.csv table (lesson check reads it) or a config.json (lesson\n"
    "                         scaling reads it), as if dropped onto the window\n"
    "  --hash '#lesson=…'     start at this view (the web's URL hash)\n"
    "  --export-dir DIR       where ↓ .npy / ↓ .csv / ↓ .ipynb save files (default: the current directory)\n"
    "  --size WxH             window size (default 1280x800)\n"
    "test and screenshot hooks:\n"
    "  --frames N             quit after N frames\n"
    "  --screenshot FILE.ppm  save the last frame (with --frames)\n"
    "  --open-dialog          start with the open-file dialog shown\n"
    "  --export-on-start npy|csv|ipynb  after the first frame, export the current step's matrix, or the\n"
    "                         lesson's notebook (as the button does)\n"
    "  --save-figure          after the first frame, save the current step's figure (SVG and PNG) into the\n"
    "                         export folder, as the Save figure button does\n"
    "  --print-state          on exit, print the app's state as one line of JSON on stdout\n";

struct Options {
  std::string hash, screenshot, open, export_on_start;
  std::string export_dir = ".";
  long frames = -1;
  int width = 1280, height = 800;
  bool print_state = false, open_dialog = false, save_figure = false;
};

// Returns false (after printing why) on a bad command line.
bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--help" || k == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    if (k == "--print-state") {
      o.print_state = true;
      continue;
    }
    if (k == "--open-dialog") {
      o.open_dialog = true;
      continue;
    }
    if (k == "--save-figure") {
      o.save_figure = true;
      continue;
    }
    if (k.rfind("--", 0) != 0) {  // a bare path
      o.open = k;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "posenc: %s needs a value\n%s", k.c_str(), kUsage);
      return false;
    }
    const std::string v = argv[++i];
    if (k == "--hash")
      o.hash = v;
    else if (k == "--frames")
      o.frames = std::strtol(v.c_str(), nullptr, 10);
    else if (k == "--screenshot")
      o.screenshot = v;
    else if (k == "--open")
      o.open = v;
    else if (k == "--export-dir")
      o.export_dir = v;
    else if (k == "--export-on-start" && (v == "npy" || v == "csv" || v == "ipynb"))
      o.export_on_start = v;
    else if (k == "--size" && std::sscanf(v.c_str(), "%dx%d", &o.width, &o.height) == 2 && o.width > 0 &&
             o.height > 0) {
    } else {
      std::fprintf(stderr, "posenc: unknown option or bad value: %s %s\n%s", k.c_str(), v.c_str(), kUsage);
      return false;
    }
  }
  return true;
}

bool save_ppm(const std::string& path, int w, int h) {
  std::vector<unsigned char> px(static_cast<size_t>(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, px.data());
  std::ofstream f(path, std::ios::binary);
  f << "P6\n" << w << " " << h << "\n255\n";
  for (int y = h - 1; y >= 0; --y)
    f.write(reinterpret_cast<const char*>(px.data() + static_cast<size_t>(y) * w * 3), w * 3);
  return static_cast<bool>(f);
}

// Every notice shown during the run, in order (notices expire from the app's list after a few seconds).
void log_notices(const app::AppState& s, std::vector<app::Notice>& seen) {
  for (const app::Notice& n : s.notices) {
    bool known = false;
    for (const app::Notice& m : seen)
      known |= core::english(m.messages) == core::english(n.messages) && m.until == n.until;
    if (!known) seen.push_back(n);
  }
}

// The JS API's state (posenc.state()), the current lesson's live values (its placeholders: for lesson
// 11 the loaded file's name, shape and verdict) and the notices shown, as one line of JSON.
std::string state_report(app::AppState& s, const std::vector<app::Notice>& notices) {
  app::Json rest;
  rest.begin_object();
  rest.key("values").begin_object();
  std::vector<std::string> names;
  for (const content::PlaceholderUse& u : content::placeholders(app::current_doc(s))) {
    bool dup = false;
    for (const std::string& n : names) dup |= n == u.name;
    if (dup) continue;
    names.push_back(u.name);
    rest.key(u.name).str(app::current_lesson(s).placeholder(u.name));
  }
  rest.end_object();
  rest.key("notices").begin_array();
  for (const app::Notice& n : notices) rest.str(app::notice_text(s, n));
  rest.end_array();
  rest.end_object();
  return "{\"state\":" + app::state_json(s) + "," + rest.text().substr(1);
}

// Ctrl+V outside a text field (and with no dialog open) hands the clipboard's text to the lesson that
// takes files, as a paste anywhere on the web page does (api.js).
void paste_anywhere(app::AppState& s, GLFWwindow* window) {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.KeyCtrl || !ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_V), false)) return;
  if (io.WantTextInput || ImGui::IsAnyItemActive() || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
    return;
  if (!app::current_lesson(s).accepts_files()) return;
  const char* text = glfwGetClipboardString(window);
  if (text && *text)
    app::receive_file(s, "pasted text", reinterpret_cast<const unsigned char*>(text), std::strlen(text));
}

// A file next to the program (the whole CJK font, cjk-all.ttf, is copied there by the build); empty when
// it cannot be read.
std::vector<unsigned char> read_beside_program(const char* name) {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  std::ifstream f(exe.parent_path() / name, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

struct Desktop {
  GLFWwindow* window = nullptr;
  app::DesktopFiles files;
  app::CjkFonts fonts;  // the compiled-in Chinese subset (copied when Chinese is first shown), the whole font
  bool fonts_dirty = false;
};

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!parse(argc, argv, opt)) return 2;
  // Lesson train's runs train on threads, as many at once as the machine has cores.
  core::set_train_pool_factory([] { return app::make_thread_train_pool(); });
  if (!glfwInit()) {
    std::fprintf(stderr, "posenc: could not initialise GLFW (no display?)\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  Desktop d;
  d.window =
      glfwCreateWindow(opt.width, opt.height, "posenc — positional encoding, step by step", nullptr, nullptr);
  if (!d.window) {
    std::fprintf(stderr, "posenc: could not open an OpenGL 3 window\n");
    return 1;
  }
  glfwMakeContextCurrent(d.window);
  glfwSwapInterval(1);
  glfwSetWindowUserPointer(d.window, &d);
  glfwSetDropCallback(d.window, [](GLFWwindow* w, int count, const char** paths) {
    auto* self = static_cast<Desktop*>(glfwGetWindowUserPointer(w));
    for (int i = 0; i < count; ++i) self->files.dropped.emplace_back(paths[i]);
  });

  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplGlfw_InitForOpenGL(d.window, true);
  auto renderer = std::make_unique<app::GlRenderer>("#version 130\n");

  app::GlTextureHost textures;  // declared first: outlives the lessons' heatmaps
  app::AppState s;
  s.textures = &textures;
  d.files.export_dir = opt.export_dir;
  app::install_file_hooks(s, d.files);
  s.hooks.copy_text = [&d](const std::string& text) { glfwSetClipboardString(d.window, text.c_str()); };
  s.hooks.load_chinese = [&d] {  // font and text compiled in: ready at the next frame
    d.fonts.subset.assign(app::kFontCjk, app::kFontCjk + app::kFontCjkSize);
    d.fonts_dirty = true;
  };
  s.hooks.write_hash = [](const std::string& h) { std::printf("#%s\n", h.c_str()); };
  app::watch_clipboard(s);
  app::init(s);
  const char* locale =
      std::getenv("LC_ALL") && *std::getenv("LC_ALL") ? std::getenv("LC_ALL") : std::getenv("LANG");
  if (locale && std::strncmp(locale, "zh", 2) == 0)
    app::set_language(s, "zh");  // as the web follows the browser
  app::notify(s, opt.hash.empty() ? app::go(s, 0, 0) : app::apply_hash(s, opt.hash));
  d.files.dialog_requested = opt.open_dialog;
  if (!opt.open.empty() && !(d.files.dialog_error = app::open_path(s, opt.open)).empty()) {
    d.files.path = opt.open;  // not readable: the dialog shows why, with the path to correct
    d.files.dialog_requested = true;
  }

  float scale = 0;
  const auto start = std::chrono::steady_clock::now();
  // One frame of the app: input, layout, draw lists. A capture frame ("Save figure", figure.hpp) also
  // draws the figure window and is not shown.
  const auto run_frame = [&](bool capture) {
    ImGui_ImplGlfw_NewFrame();
    app::map_nav_keys();
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    if (capture) app::prepare_capture_frame(s);
    ImGui::NewFrame();
    app::draw(s, size.x, size.y);
    app::draw_open_dialog(s, d.files);
    paste_anywhere(s, d.window);
    ImGui::Render();
  };
  // "Save figure": the SVG and the PNG, into the export folder (the download hook names what it wrote).
  const auto save_figure = [&] {
    s.figure.save = false;
    const app::FigureFiles files = app::capture_figure(
        s, *renderer, scale > 0 ? scale : 1, app::ttf_em_ratio(app::kFontRegular, app::kFontRegularSize),
        true, true, [&] { run_frame(true); });
    const std::string name = app::figure_name(s);
    if (!files.svg.empty()) s.hooks.download(name + ".svg", files.svg, "image/svg+xml");
    if (!files.png.empty()) s.hooks.download(name + ".png", files.png, "image/png");
  };
  std::string shader_errors;
  std::vector<app::Notice> notices;
  // As on the web: a frame that looks like the one in the window (frame_digest) is neither drawn nor
  // swapped, and with nothing changing the loop waits for events instead of spinning at the display rate.
  std::uint64_t shown = 0, font_generation = 0;
  bool idle = false;
  for (long frame = 0; !glfwWindowShouldClose(d.window) && (opt.frames < 0 || frame < opt.frames); ++frame) {
    if (idle && opt.frames < 0)
      // Wakes for notices that expire, too, and for the progress of work going on elsewhere (threads).
      glfwWaitEventsTimeout(s.wake_in > 0 ? std::min(0.25, s.wake_in) : 0.25);
    else
      glfwPollEvents();
    s.now = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    app::open_dropped(s, d.files);
    float sx = 1, sy = 1;
    glfwGetWindowContentScale(d.window, &sx, &sy);
    switch (app::glyph_step(s, d.fonts)) {  // characters a learner brought that the fonts lack
      case app::GlyphStep::Fetch:
        app::font_arrived(s, d.fonts, read_beside_program("cjk-all.ttf"));
        break;
      case app::GlyphStep::Rebuild:
        d.fonts_dirty = true;
        break;
      case app::GlyphStep::None:
        break;
    }
    if (sx != scale || d.fonts_dirty) {  // fonts at the monitor's scale, from the bytes compiled in
      scale = sx;
      d.fonts_dirty = false;
      ui::load_fonts(s.theme,
                     {{nullptr, app::kFontRegular, app::kFontRegularSize},
                      {nullptr, app::kFontBold, app::kFontBoldSize},
                      {nullptr, app::kFontZhLabel, app::kFontZhLabelSize}},
                     16.0f * scale, app::cjk_font(d.fonts), app::cjk_glyph_text(s, d.fonts));
      s.cjk_ready = s.theme.has_cjk && !d.fonts.subset.empty();
      ui::apply_style(s.theme, scale);
      renderer->upload_fonts();
      ++font_generation;
    }
    run_frame(false);
    int w = 0, h = 0;
    glfwGetFramebufferSize(d.window, &w, &h);
    const bool screenshot_now = !opt.screenshot.empty() && opt.frames >= 0 && frame == opt.frames - 1;
    const std::uint64_t digest =
        app::frame_digest(*ImGui::GetDrawData(), w, h, s.theme.page, textures.generation() + font_generation);
    const bool changed = frame == 0 || digest != shown || screenshot_now;
    if (changed) {
      shown = digest;
      const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(s.theme.page);
      glClearColor(bg.x, bg.y, bg.z, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      renderer->render(*ImGui::GetDrawData(), w, h);
    }
    const ImGuiIO& io = ImGui::GetIO();
    idle = !changed && !s.animating && !s.dirty && s.notices.empty() && !ImGui::IsAnyItemActive() &&
           !io.WantTextInput && !io.MouseDown[0] && !app::imgui_settling() && d.files.dropped.empty();
    if (frame == 0 && !(shader_errors = renderer->errors()).empty()) break;
    if (frame == 0 && !opt.export_on_start.empty() && !app::export_current(s, opt.export_on_start))
      std::fprintf(stderr, "posenc: --export-on-start: this step has nothing to export\n");
    if (frame == 0 && opt.save_figure) s.figure.save = true;
    log_notices(s, notices);
    app::after_frame(s);
    for (const std::string& e : app::take_content_errors(s))
      std::fprintf(stderr, "posenc content: %s\n", e.c_str());
    if (screenshot_now && !save_ppm(opt.screenshot, w, h))
      std::fprintf(stderr, "posenc: could not write %s\n", opt.screenshot.c_str());
    if (changed) glfwSwapBuffers(d.window);
    if (s.figure.save) save_figure();
    if (s.save_notebook) {
      s.save_notebook = false;
      app::save_notebook(s);
    }
  }
  log_notices(s, notices);
  if (opt.print_state) std::printf("%s\n", state_report(s, notices).c_str());
  s.slots.clear();  // lessons release their textures while the GL context still exists
  renderer.reset();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(d.window);
  glfwTerminate();
  if (!shader_errors.empty()) {
    std::fprintf(stderr, "posenc: the OpenGL shaders failed:\n%s", shader_errors.c_str());
    return 1;
  }
  return 0;
}
