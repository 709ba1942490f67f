// The C entry points behind window.posenc (web/api.js calls them; docs/api.md is the contract): each
// answers as JSON text kept alive until the next answer, and wakes the frame loop when what it did can
// change the screen. posenc_figure is in web_main.cpp, beside the figure's capture.
#include <emscripten.h>
#include <emscripten/heap.h>
#include <imgui.h>
#include <malloc.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "app/api.hpp"
#include "app/embed.hpp"
#include "app/json.hpp"
#include "app/web_page.hpp"
#include "app/web_train_pool.hpp"
#include "content/code.hpp"
#include "core/message.hpp"

namespace posenc::web {

const char* answer(std::string s) {
  g->answer = std::move(s);
  return g->answer.c_str();
}

}  // namespace posenc::web

using namespace posenc;
using posenc::web::answer;
using posenc::web::g;
using posenc::web::wake;

extern "C" {

EMSCRIPTEN_KEEPALIVE void posenc_wake() { wake(); }
EMSCRIPTEN_KEEPALIVE const char* posenc_lessons() { return answer(app::lessons_json(g->app)); }
EMSCRIPTEN_KEEPALIVE const char* posenc_state() { return answer(app::state_json(g->app)); }
EMSCRIPTEN_KEEPALIVE const char* posenc_go(const char* id, const char* step) {
  wake();
  return answer(app::go_json(g->app, id, step));
}
EMSCRIPTEN_KEEPALIVE const char* posenc_set(const char* name, const char* value) {
  wake();
  return answer(app::set_json(g->app, name, value));
}
// posenc.notebook(id): the page's address (`url`, without its hash) comes from the caller.
EMSCRIPTEN_KEEPALIVE const char* posenc_notebook(const char* id, const char* url) {
  if (!content::code_available() && g->app.hooks.load_code_now) g->app.hooks.load_code_now();
  return answer(app::notebook_json(g->app, id, url));
}
EMSCRIPTEN_KEEPALIVE const char* posenc_locate(const char* label) {
  return answer(app::locate_json(label, g->dpr));
}
// A message from the page around the card (api.js): {posenc: 'go', step} or {posenc: 'set', name, value}.
EMSCRIPTEN_KEEPALIVE const char* posenc_message(const char* origin, const char* kind, const char* a,
                                                const char* b) {
  wake();
  const std::string_view k = kind ? kind : "";
  if (k == "go") return answer(app::message_go(g->app, origin, a));
  return answer(app::message_set(g->app, origin, a, b));
}
// The page lost the keyboard (the card's Tab left the frame, a click outside it): a card's focus frame
// goes, so that only the host page shows one.
EMSCRIPTEN_KEEPALIVE void posenc_focus_left() {
  if (!g->app.embed.on) return;
  ImGui::GetIO().ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  wake();
}
EMSCRIPTEN_KEEPALIVE void posenc_hash_changed(const char* hash) {
  wake();
  app::notify(g->app, app::apply_hash(g->app, hash));
}
EMSCRIPTEN_KEEPALIVE const char* posenc_stats() {
  const auto s = g->stats.summary();
  const auto r = g->render_stats.summary();
  app::Json j;
  j.begin_object();
  j.key("frames").num(static_cast<double>(g->stats.frames()));
  j.key("drawn").num(static_cast<double>(g->render_stats.frames()));
  j.key("drawn_share").num(g->render_stats.frames() ? g->drawn_share / g->render_stats.frames() : 0);
  j.key("frame_ms").begin_object().key("p50").num(s.p50).key("p95").num(s.p95).key("max").num(s.max);
  j.key("last").num(s.last).end_object();
  j.key("render_ms")
      .begin_object()
      .key("p50")
      .num(r.p50)
      .key("p95")
      .num(r.p95)
      .key("max")
      .num(r.max)
      .end_object();
  j.key("heap_bytes").num(static_cast<double>(mallinfo().uordblks));
  j.key("memory_bytes").num(static_cast<double>(emscripten_get_heap_size()));
  j.key("workers").begin_array();
  for (const app::WorkerMemory& w : app::train_workers_memory())
    j.begin_object().key("heap_bytes").num(w.heap_bytes).key("memory_bytes").num(w.memory_bytes).end_object();
  j.end_array();
  j.end_object();
  return answer(j.text());
}

EMSCRIPTEN_KEEPALIVE void posenc_args_clear() { g->args.clear(); }
// A fresh argument `key` of `type` for the next posenc_compute.
static app::ArgValue& new_arg(const char* key, app::ArgValue::Type type) {
  app::ArgValue& a = g->args[key] = app::ArgValue{};
  a.type = type;
  return a;
}
EMSCRIPTEN_KEEPALIVE void posenc_arg_number(const char* key, double v, int is_bool) {
  new_arg(key, is_bool ? app::ArgValue::Type::Bool : app::ArgValue::Type::Number).number = v;
}
EMSCRIPTEN_KEEPALIVE void posenc_arg_string(const char* key, const char* v) {
  new_arg(key, app::ArgValue::Type::String).text = v;
}
EMSCRIPTEN_KEEPALIVE void posenc_arg_array(const char* key, const double* v, int n) {
  new_arg(key, app::ArgValue::Type::Array).array.assign(v, v + n);
}
EMSCRIPTEN_KEEPALIVE void posenc_arg_other(const char* key, const char* type) {
  new_arg(key, app::ArgValue::Type::Other).text = type;
}
EMSCRIPTEN_KEEPALIVE void posenc_arg_json(const char* key, const char* text) {
  new_arg(key, app::ArgValue::Type::Json).text = text ? text : "";
}
// Returns "" on success (read the result with the getters below) or the error message.
EMSCRIPTEN_KEEPALIVE const char* posenc_compute(const char* kind) {
  g->result = app::compute(kind, g->args);
  g->args.clear();
  if (!g->result.error.empty()) return answer(g->result.error);
  return answer("");
}
// A file the learner dropped, picked or pasted (bytes owned by the caller).
EMSCRIPTEN_KEEPALIVE const char* posenc_receive_file(const char* name, const unsigned char* bytes, int size) {
  wake();
  return answer(
      core::english(app::receive_file(g->app, name, bytes, static_cast<std::size_t>(std::max(0, size)))));
}
// The whole CJK font (cjk-all.ttf), fetched for characters beyond the lessons'; size −1: the fetch failed.
EMSCRIPTEN_KEEPALIVE void posenc_cjk_all_font(const unsigned char* bytes, int size) {
  wake();
  g->app.dirty = true;
  if (size < 0) return app::font_failed(g->app, g->fonts);
  app::font_arrived(g->app, g->fonts, std::vector<unsigned char>(bytes, bytes + size));
}
// Text typed, composed or pasted into the page's hidden text field (web_js.cpp js_ime_install).
EMSCRIPTEN_KEEPALIVE void posenc_text_input(const char* text) {
  g->input.text_input(text);
  wake();
}
EMSCRIPTEN_KEEPALIVE void posenc_cjk_font(const unsigned char* bytes, int size) {
  wake();
  g->fonts.subset.assign(bytes, bytes + std::max(0, size));
  g->fonts_dirty = true;  // rebuilt at the start of the next frame, outside ImGui's frame
  g->app.dirty = true;
}
// zh.txt or cjk.ttf could not be had (`why`: which, and the error).
EMSCRIPTEN_KEEPALIVE void posenc_chinese_failed(const char* why) {
  wake();
  app::chinese_failed(g->app, why ? why : "");
}
// The Chinese lesson text (a pack of content files, see content::add_files), bytes owned by the caller.
EMSCRIPTEN_KEEPALIVE void posenc_chinese_text(const char* bytes, int size) {
  wake();
  if (app::language_text_arrived(g->app, "zh",
                                 std::string_view(bytes, static_cast<std::size_t>(std::max(0, size)))) &&
      app::cjk_font(g->fonts))
    g->fonts_dirty = true;  // the font arrived first: its glyphs must now cover the text too
}
// The code panel's text (a pack, see content::add_code), bytes owned by the caller; size −1: the fetch
// failed (the panel asks again when next opened).
EMSCRIPTEN_KEEPALIVE void posenc_code_text(const char* bytes, int size) {
  wake();
  g->app.dirty = true;
  if (size < 0) {
    g->app.code_requested = false;
    g->app.show_code = false;
    app::notify(g->app, {{"the code could not be loaded; open it again to retry", {}}}, 5);
    return;
  }
  content::add_code(std::string_view(bytes, static_cast<std::size_t>(size)));
}
EMSCRIPTEN_KEEPALIVE int posenc_accepts_files() {
  return app::current_lesson(g->app).accepts_files() ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE const char* posenc_result_json() { return g->result.json.c_str(); }
EMSCRIPTEN_KEEPALIVE int posenc_result_rank() { return static_cast<int>(g->result.shape.size()); }
EMSCRIPTEN_KEEPALIVE int posenc_result_dim(int i) { return g->result.shape.at(i); }
EMSCRIPTEN_KEEPALIVE const double* posenc_result_data() { return g->result.data.data(); }
EMSCRIPTEN_KEEPALIVE int posenc_result_size() { return static_cast<int>(g->result.data.size()); }
EMSCRIPTEN_KEEPALIVE void posenc_result_free() { g->result = {}; }

}  // extern "C"
