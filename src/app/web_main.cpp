// Web platform: GLFW (emscripten's JS implementation) + OpenGL ES 3 / WebGL2, the main loop, HiDPI
// canvas sizing, wheel and touch input fixes for ImGui 1.86; the C entry points behind window.posenc are
// in web_exports.cpp (but posenc_figure, beside the figure's capture), the page both share in
// web_page.hpp. It owns the AppState.
#include <emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/heap.h>
#include <emscripten/html5.h>
#define GLFW_INCLUDE_ES3
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_internal.h>
#include <malloc.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "app/api.hpp"
#include "app/app.hpp"
#include "app/compute.hpp"
#include "app/embed.hpp"
#include "app/embedded_fonts.hpp"
#include "app/export_bar.hpp"
#include "app/figure.hpp"
#include "app/figure_svg.hpp"
#include "app/frame_digest.hpp"
#include "app/frame_stats.hpp"
#include "app/gl_figure.hpp"
#include "app/gl_renderer.hpp"
#include "app/gl_textures.hpp"
#include "app/glyphs.hpp"
#include "app/json.hpp"
#include "app/png.hpp"
#include "app/web_input.hpp"
#include "app/web_js.hpp"
#include "app/web_page.hpp"
#include "app/web_train_pool.hpp"
#include "content/code.hpp"

namespace posenc::web {

Page* g = nullptr;

void wake() {
  g->settle_frames = std::max(g->settle_frames, 1);
  if (g->asleep) {
    g->asleep = false;
    js_set_asleep(0);
    emscripten_resume_main_loop();
  }
}

}  // namespace posenc::web

namespace {

using namespace posenc;
using namespace posenc::web;

constexpr float kFontCssPx = 16.0f;

std::string take_string(char* p) {
  std::string s(p ? p : "");
  free(p);
  return s;
}

void apply_dpr(float dpr) {
  g->dpr = dpr;
  g->input.set_pixel_ratio(dpr);
  g->fonts_dirty = false;
  ui::load_fonts(g->app.theme,
                 {{nullptr, app::kFontRegular, app::kFontRegularSize},
                  {nullptr, app::kFontBold, app::kFontBoldSize},
                  {nullptr, app::kFontZhLabel, app::kFontZhLabelSize}},
                 kFontCssPx * dpr, app::cjk_font(g->fonts), app::cjk_glyph_text(g->app, g->fonts));
  g->app.cjk_ready = g->app.theme.has_cjk && !g->fonts.subset.empty();
  ui::apply_style(g->app.theme, dpr);
  g->renderer->upload_fonts();
  ++g->font_generation;
}

// Keeps the canvas backing store at CSS size × devicePixelRatio (DPR changes fire no event: poll).
void sync_canvas() {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  const float dpr = static_cast<float>(emscripten_get_device_pixel_ratio());
  const int w = std::max(1, static_cast<int>(std::lround(css_w * dpr)));
  const int h = std::max(1, static_cast<int>(std::lround(css_h * dpr)));
  int cw = 0, ch = 0;
  emscripten_get_canvas_element_size("#canvas", &cw, &ch);
  if (w != cw || h != ch) js_set_canvas_size(w, h);
  if (dpr != g->dpr || g->fonts_dirty) apply_dpr(dpr);
}

// Whether this animation frame has anything to draw.
bool needs_frame() {
  if (js_take_events() > 0) wake();
  double css_w = 0, css_h = 0;  // layout changes without a resize event (e.g. the page zoomed)
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  if (css_w != g->css_w || css_h != g->css_h || emscripten_get_device_pixel_ratio() != g->dpr ||
      g->fonts_dirty) {
    g->css_w = css_w, g->css_h = css_h;
    wake();
  }
  const ImGuiIO& io = ImGui::GetIO();
  if (g->app.animating || g->app.dirty || !g->app.notices.empty() || g->input.busy() ||
      ImGui::IsAnyItemActive() || io.WantTextInput || io.MouseDown[0])
    wake();
  if (g->settle_frames <= 0) return false;
  --g->settle_frames;
  return true;
}

// Shader errors are read back once, a second after start: reading GL state waits for the GPU process,
// which is still busy with the first frames at start-up.
void check_renderer(void*) {
  const std::string errors = g->renderer->errors();
  if (!errors.empty()) js_fail(("shaders:" + errors).c_str());  // the loader words it in the page's language
}

// A timer's wake-up: work going on elsewhere (lesson train's workers) shows its progress.
void wake_for_work(void*) {
  g->wake_pending = false;
  wake();
}

// One frame of the app: input, layout, draw lists. A capture frame ("Save figure", figure.hpp) also draws
// the figure window and is not shown.
void run_frame(bool capture) {
  switch (app::glyph_step(g->app, g->fonts)) {  // characters a learner brought that the fonts lack
    case app::GlyphStep::Fetch:
      js_fetch_file("cjk-all.ttf", "posenc_cjk_all_font");
      break;
    case app::GlyphStep::Rebuild:
      g->fonts_dirty = true;
      break;
    case app::GlyphStep::None:
      break;
  }
  sync_canvas();
  ImGui_ImplGlfw_NewFrame();
  g->input.apply_touch();
  if (g->input.touched() && !g->app.touch) {  // "tap" from now on, whatever the first guess said
    g->app.touch = true;
    g->app.dirty = true;
  }
  g->input.deliver_keys();
  app::map_nav_keys();
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  if (capture) app::prepare_capture_frame(g->app);
  ImGui::NewFrame();
  g->app.now = emscripten_get_now() / 1000.0;
  app::draw(g->app, size.x, size.y);
  ImGui::Render();
  // The page's hidden text field follows the active text box (an input method, a phone keyboard, pastes).
  g->input.sync_text_field(ImGui::GetIO().WantTextInput, ImGui::GetCurrentContext()->PlatformImePos.x,
                           ImGui::GetCurrentContext()->PlatformImePos.y);
}

// The current step's figure (figure.hpp): the SVG text and/or the PNG file.
app::FigureFiles capture_figure(bool svg, bool png) {
  const float em = app::ttf_em_ratio(app::kFontRegular, app::kFontRegularSize);
  return app::capture_figure(g->app, *g->renderer, g->dpr, em, svg, png, [] { run_frame(true); });
}

// "Save figure" was pressed: both files, downloaded. Called by a timer, not by the frame: only calls
// from outside the first view's code put the figure's writers in the deferred module (cmake/Web.cmake).
void save_figure(void*) {
  const app::FigureFiles files = capture_figure(true, true);
  const std::string name = app::figure_name(g->app);
  if (!files.svg.empty()) g->app.hooks.download(name + ".svg", files.svg, "image/svg+xml");
  if (!files.png.empty()) g->app.hooks.download(name + ".png", files.png, "image/png");
}

// "↓ .ipynb" was pressed: called by a timer, not by the frame, as save_figure.
void save_notebook(void*) { app::save_notebook(g->app); }

void frame(void*) {
  if (g->ready && !needs_frame()) {
    g->asleep = true;
    js_set_asleep(1);
    emscripten_pause_main_loop();
    if (g->app.wake_in > 0 && !g->wake_pending) {
      g->wake_pending = true;
      emscripten_async_call(wake_for_work, nullptr, static_cast<int>(g->app.wake_in * 1000));
    }
    return;
  }
  const double t0 = emscripten_get_now();
  run_frame(false);
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(g->window, &fb_w, &fb_h);
  if (!g->ready) g->damage.forget();
  const app::PixelRect redraw = g->damage.update(*ImGui::GetDrawData(), fb_w, fb_h, g->app.theme.page,
                                                 g->textures.generation() + g->font_generation);
  const bool changed = !redraw.empty();
  const double t1 = emscripten_get_now();
  if (changed) {
    const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(g->app.theme.page);
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glEnable(GL_SCISSOR_TEST);
    glScissor(redraw.x0, fb_h - redraw.y1, redraw.x1 - redraw.x0, redraw.y1 - redraw.y0);
    glClear(GL_COLOR_BUFFER_BIT);
    g->renderer->render(*ImGui::GetDrawData(), fb_w, fb_h, &redraw);  // leaves the scissor test off
    g->drawn_share += static_cast<double>(redraw.area()) / (static_cast<double>(fb_w) * fb_h);
  }
  const double t2 = emscripten_get_now();
  // This frame changed what is shown, or state, or ImGui holds a window back for a frame (a tooltip or
  // popup measuring itself): one more frame shows it settled.
  if (changed || g->app.dirty || app::imgui_settling()) wake();
  for (const std::string& e : app::take_content_errors(g->app))
    js_log_error(("posenc content: " + e).c_str());
  app::after_frame(g->app);
  const int tab_out = (g->app.embed.tab_out_next ? 1 : 0) | (g->app.embed.tab_out_prev ? 2 : 0);
  if (tab_out != g->tab_out) js_tab_out(tab_out & 1, tab_out & 2);  // read by loader.js's Tab listener
  g->tab_out = tab_out;
  g->stats.add(t1 - t0 + (emscripten_get_now() - t2));
  if (changed) g->render_stats.add(t2 - t1);
  if (!g->ready) {
    g->ready = true;
    js_mark("posenc:first-frame");
    js_signal_ready();
    emscripten_set_timeout(check_renderer, 1000, nullptr);
  }
  if (g->app.figure.save) {
    g->app.figure.save = false;
    emscripten_async_call(save_figure, nullptr, 0);
  }
  if (g->app.save_notebook) {
    g->app.save_notebook = false;
    emscripten_async_call(save_notebook, nullptr, 0);
  }
}

}  // namespace

extern "C" {

// posenc.figure(kind): the SVG text, a PNG data URL, or {"error": …} (JSON) for another kind.
EMSCRIPTEN_KEEPALIVE const char* posenc_figure(const char* kind) {
  if (std::string error = app::figure_kind_json(kind); !error.empty()) return answer(std::move(error));
  wake();  // a frame as usual follows
  const bool svg = std::string_view(kind) == "svg";
  const app::FigureFiles files = capture_figure(svg, !svg);
  return answer(app::figure_json(kind, svg ? files.svg : files.png));
}

}  // extern "C"

int main() {
  js_mark("posenc:main");
  // Lesson train's runs train in Web Workers (on the page's thread where workers cannot be had).
  core::set_train_pool_factory([] { return app::make_web_train_pool(); });
  g = new Page();
  if (!glfwInit()) {
    js_log_error("posenc: glfwInit failed");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  // An opaque canvas with no depth or stencil buffer: ImGui's lists use neither, and the compositor
  // need not blend an opaque canvas with the page (GLFW's defaults ask for alpha, 24-bit depth, stencil).
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  g->window = glfwCreateWindow(std::max(1, int(css_w)), std::max(1, int(css_h)), "posenc", nullptr, nullptr);
  if (!g->window) {
    js_fail("webgl2");
    return 1;
  }
  glfwMakeContextCurrent(g->window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplGlfw_InitForOpenGL(g->window, true);
  g->renderer = std::make_unique<app::GlRenderer>("#version 300 es\n");
  g->input.install(g->window, kFontCssPx);

  app::AppState& s = g->app;
  s.textures = &g->textures;
  s.hooks.write_hash = [](const std::string& h) { js_write_hash(h.c_str()); };
  s.hooks.save_progress = [](const std::string& p) { js_save_progress(p.c_str()); };
  s.hooks.open_file_dialog = [](const char*) { js_open_file_dialog(); };
  s.hooks.load_chinese = [] { js_load_chinese(); };
  s.hooks.load_code = [] { js_fetch_file("code.txt", "posenc_code_text"); };
  s.hooks.load_code_now = [] { return js_load_code_now() != 0 && content::code_available(); };
  s.hooks.page_url = [] { return take_string(js_page_url()); };
  // A text box's copy goes to the system clipboard; its paste comes as the page's paste event (the hidden
  // field's), so ImGui's own getter gives nothing.
  ImGui::GetIO().SetClipboardTextFn = [](void*, const char* text) { js_copy_text(text); };
  ImGui::GetIO().GetClipboardTextFn = [](void*) { return ""; };
  app::watch_clipboard(s);
  s.hooks.copy_text = [](const std::string& t) { js_copy_text(t.c_str()); };
  s.hooks.download = [](const std::string& f, const std::string& b, const char* mime) {
    js_download(f.c_str(), reinterpret_cast<const unsigned char*>(b.data()), static_cast<int>(b.size()),
                mime);
  };
  s.hooks.save_language = [](const std::string& l) { js_save_language(l.c_str()); };
  s.hooks.page_language = [](const std::string& l, const std::string& title, const std::string& label) {
    js_page_language(l.c_str(), title.c_str(), label.c_str());
  };
  s.hooks.announce = [](const std::string& text) { js_announce(text.c_str()); };
  s.hooks.page_address = [] { return take_string(js_page_address()); };
  s.hooks.open_full_view = [](const std::string& hash) { js_open_full_view(hash.c_str()); };
  s.hooks.post_state = [](const std::string& state, const std::string& origin) {
    js_post_state(state.c_str(), origin.c_str());
  };
  s.hooks.mirror_text = [](const std::string& a, const std::string& b, const std::string& c) {
    js_mirror_text(a.c_str(), b.c_str(), c.c_str());
  };
  js_mark("posenc:context");
  app::init(s);
  s.touch = js_coarse_pointer() != 0;
  s.now = emscripten_get_now() / 1000.0;
  app::load_progress(s, take_string(js_initial(1)));
  const std::string preferred = take_string(js_initial(2));
  if (preferred == "zh") app::set_language(s, "zh");
  const std::string hash = take_string(js_initial(0));
  const core::Messages notice = hash.size() > 1 ? app::apply_hash(s, hash) : app::go(s, 0, 0);
  sync_canvas();
  app::notify(s, notice);
  js_watch_events();
  js_mark("posenc:init");
  emscripten_set_main_loop_arg(frame, nullptr, 0, false);
  return 0;
}
