#include "glyphs.hpp"

#include <imgui.h>

#include "app.hpp"
#include "core/utf8.hpp"
#include "lessons/params.hpp"

namespace posenc::app {

void want_glyphs(AppState& s, std::string_view utf8) {
  const ImFont* font = s.theme.regular;
  if (!font) return;
  for (std::size_t i = 0; i < utf8.size();) {
    unsigned cp = 0;
    i += static_cast<std::size_t>(core::utf8_at(utf8, i, cp));
    // ASCII is always there; ImGui 1.86 draws the Basic Multilingual Plane only (16-bit ImWchar).
    if (cp < 0x80 || cp > 0xFFFF || font->FindGlyphNoFallback(static_cast<ImWchar>(cp))) continue;
    std::string one;
    core::append_utf8(one, cp);
    if (s.extra_glyphs.find(one) != std::string::npos) continue;  // noted before (the font may lack it)
    s.extra_glyphs += one;
    s.glyphs_wanted = true;
  }
}

void want_typed_glyphs(AppState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.InputQueueCharacters.empty()) return;
  std::string typed;
  for (const ImWchar c : io.InputQueueCharacters) core::append_utf8(typed, c);
  want_glyphs(s, typed);
}

namespace {

// ImGui's clipboard getter as the platform set it, and the state told of what comes through it.
struct ClipboardWatch {
  const char* (*get)(void*) = nullptr;
  void* data = nullptr;
  AppState* state = nullptr;
};
ClipboardWatch clipboard_watch;

const char* watched_clipboard(void*) {
  const char* text = clipboard_watch.get ? clipboard_watch.get(clipboard_watch.data) : nullptr;
  if (text && clipboard_watch.state) want_glyphs(*clipboard_watch.state, text);
  return text;
}

}  // namespace

void watch_clipboard(AppState& s) {
  ImGuiIO& io = ImGui::GetIO();
  clipboard_watch.state = &s;
  if (io.GetClipboardTextFn == watched_clipboard) return;
  clipboard_watch.get = io.GetClipboardTextFn;
  clipboard_watch.data = io.ClipboardUserData;
  io.GetClipboardTextFn = watched_clipboard;
}

const std::vector<unsigned char>* cjk_font(const CjkFonts& f) {
  if (!f.all.empty()) return &f.all;
  return f.subset.empty() ? nullptr : &f.subset;
}

std::string cjk_glyph_text(const AppState& s, const CjkFonts& f) {
  if (!cjk_font(f)) return {};
  std::string text = cjk_text();  // the Chinese loaded so far (none until zh.txt is in)
  if (!f.all.empty()) text += s.extra_glyphs;
  return text;
}

GlyphStep glyph_step(AppState& s, CjkFonts& f) {
  if (!s.glyphs_wanted) return GlyphStep::None;
  if (!f.all.empty()) {
    s.glyphs_wanted = false;
    return GlyphStep::Rebuild;
  }
  if (f.all_failed) {
    s.glyphs_wanted = false;
    return GlyphStep::None;
  }
  if (f.all_requested) return GlyphStep::None;
  f.all_requested = true;
  return GlyphStep::Fetch;
}

void font_arrived(AppState& s, CjkFonts& f, std::vector<unsigned char> bytes) {
  if (bytes.empty()) return font_failed(s, f);
  f.all = std::move(bytes);
  s.glyphs_wanted = true;  // the next glyph_step rebuilds
}

void font_failed(AppState& s, CjkFonts& f) {
  f.all_failed = true;
  notify(s, {{"Some characters show as “?”: the full Chinese font (cjk-all.ttf) could not be loaded."}});
}

}  // namespace posenc::app
