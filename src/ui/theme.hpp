// Look and feel: a light "paper" theme, colours for text roles, the fonts, and sizes in font units.
// Everything is sized from the font size, which the platform sets to 16 CSS px × devicePixelRatio.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

namespace posenc::ui {

// The last item was clicked or tapped: pressed and released over it without moving further than a
// few pixels in between (a swipe that starts on a visual scrolls the page; it selects nothing).
bool item_tapped();

struct Theme {
  ImFont* regular = nullptr;
  ImFont* bold = nullptr;
  ImFont* title = nullptr;  // larger bold, for headings
  float scale = 1.0f;       // device pixels per CSS pixel
  int lang = 0;             // the learner's language (app::kLanguages), for the widgets' own words ("value")
  // The height of the app's window (device pixels), set each frame: what widgets size against (ImGui's
  // display may be taller while "Save figure" draws the whole visual beside the screen).
  float view_height = 0;

  ImVector<ImWchar> cjk_ranges;  // glyph ranges of the merged CJK font (must outlive the atlas)
  bool has_cjk = false;

  ImU32 page, panel, border, text, muted, strong, accent, accent_soft, code, math, value, value_bg, note_bg,
      note_bar, warn, good;
};

// A TTF font: bytes in memory (kept alive by the caller), or else a file path.
struct FontSource {
  const char* path = nullptr;
  const unsigned char* data = nullptr;
  unsigned size = 0;
};

// What is drawn in Chinese before the Chinese font is in, from a small font compiled in (FontFiles::zh_label,
// cut to these characters by cmake/Fonts.cmake): the language switch, and the top bar's loading message.
constexpr const char* kZhLabelText = "\xE4\xB8\xAD\xE6\x96\x87";  // 中文
constexpr const char* kZhLoadingText =                            // 正在载入中文…
    "\xE6\xAD\xA3\xE5\x9C\xA8\xE8\xBD\xBD\xE5\x85\xA5\xE4\xB8\xAD\xE6\x96\x87\xE2\x80\xA6";

struct FontFiles {
  FontSource regular;
  FontSource bold;
  FontSource zh_label;  // optional: the glyphs of kZhLabelText and kZhLoadingText, merged into the regular
                        // face until the CJK font is in
};

// Glyphs the Latin/Greek/math font covers (the same ranges the build's font subset keeps).
const ImWchar* latin_greek_math_ranges();
// Glyphs of the large title face: the characters lesson titles use, besides CJK (merged separately).
const ImWchar* title_ranges();

// (Re)builds the font atlas at `px` device pixels and fills the theme's font pointers.
// Falls back to ImGui's built-in font if a file is missing (so a bad deploy still shows text).
// With `cjk` (a TTF in memory, kept alive by the caller), its glyphs for the characters of `cjk_text`
// are merged into every font.
bool load_fonts(Theme& theme, const FontFiles& files, float px,
                const std::vector<unsigned char>* cjk = nullptr, const std::string& cjk_text = {});

// Applies colours and sizes, scaled by `scale` from a fresh default style.
void apply_style(Theme& theme, float scale);

// Font-relative size: em(2) is two font heights.
inline float em(float n) { return ImGui::GetFontSize() * n; }

}  // namespace posenc::ui
