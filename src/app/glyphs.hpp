// Characters beyond the lessons' own: whatever a learner types, pastes or links ("他喜欢她" in lesson
// order's sentence) is drawn with its real glyph, not "?". The CJK font the app starts with is a subset
// of the lessons' characters (cjk.ttf); a character the fonts lack is noted here, the platform then
// brings the whole font (cjk-all.ttf, every character WenQuanYi Micro Hei has: fetched by the web only
// when needed, read from beside the program by the desktop) and rebuilds the atlas with the characters
// noted so far.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace posenc::app {

struct AppState;

struct CjkFonts {
  std::vector<unsigned char> subset;  // cjk.ttf: the lessons' Chinese (once Chinese is shown)
  std::vector<unsigned char> all;     // cjk-all.ttf: every character (once one beyond the fonts appears)
  bool all_requested = false;         // the whole font was asked for…
  bool all_failed = false;            // … and could not be had
};

// Notes the characters of `utf8` the fonts cannot draw (each once).
void want_glyphs(AppState& s, std::string_view utf8);
// The characters typed this frame (keys, an input method's commit): called while a frame is drawn.
void want_typed_glyphs(AppState& s);
// Text pasted into a field passes here first (ImGui's clipboard getter, wrapped once per context).
void watch_clipboard(AppState& s);

// The CJK font to merge into the atlas (the whole one once it is here), or nullptr.
const std::vector<unsigned char>* cjk_font(const CjkFonts& f);
// The characters to take from it: the Chinese text loaded so far and, from the whole font, every character
// noted.
std::string cjk_glyph_text(const AppState& s, const CjkFonts& f);

// What the platform does next for the noted characters: nothing; fetch (or read) cjk-all.ttf and then
// call `font_arrived` / `font_failed`; or rebuild the atlas (then call `fonts_rebuilt`).
enum class GlyphStep { None, Fetch, Rebuild };
GlyphStep glyph_step(AppState& s, CjkFonts& f);
void font_arrived(AppState& s, CjkFonts& f, std::vector<unsigned char> bytes);
void font_failed(AppState& s, CjkFonts& f);

}  // namespace posenc::app
