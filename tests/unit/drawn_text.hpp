// Reading back what ImGui drew: the words of the last frame, reconstructed glyph by glyph from its draw
// lists (for tests that check what the learner actually sees).
#pragma once

#include <imgui.h>

#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/glyph_quads.hpp"
#include "core/utf8.hpp"
#include "ui/theme.hpp"

namespace posenc::test {

using app::DrawnGlyph;
using app::GlyphsByUv;

// A word as drawn, and whether it is a symbol: code or a formula of the lesson text (drawn in the code
// or math colour), or a sub- or superscript (drawn smaller than its font: "train" of L_train), shown on
// purpose whatever the language.
struct DrawnWord {
  std::string text;
  bool code = false;
  float x = 0, y = 0;  // where its first glyph's pen stood, and its line's top
};

// The code point of every glyph of every font, by the top-left corner of its rectangle in the atlas.
inline GlyphsByUv glyphs_by_uv() { return app::glyphs_by_uv(*ImGui::GetIO().Fonts); }

// Whether the six indices from `i` of command `cmd` (of the font's texture) in `dl` draw a glyph.
inline bool glyph_quad(const ImDrawList& dl, const ImDrawCmd& cmd, unsigned i, const GlyphsByUv& by_uv) {
  DrawnGlyph g;
  return app::glyph_quad(dl, cmd, i, by_uv, g);
}

// The words of the last frame, reconstructed from its draw lists: each textured quad whose corners are
// a glyph's atlas rectangle is that glyph; glyphs follow one another within a word when each starts
// where the previous one moved the pen, on the same line (spaces are not drawn: they leave a gap).
inline std::vector<DrawnWord> drawn_words(const ui::Theme& theme) {
  const auto by_uv = glyphs_by_uv();
  const ImTextureID font_tex = ImGui::GetIO().Fonts->TexID;
  std::vector<DrawnWord> words;
  DrawnWord word;
  const DrawnGlyph* last = nullptr;
  DrawnGlyph prev{};
  const ImDrawData* data = ImGui::GetDrawData();
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList* dl = data->CmdLists[l];
    for (const ImDrawCmd& cmd : dl->CmdBuffer) {
      if (cmd.UserCallback || cmd.TextureId != font_tex) continue;
      for (unsigned i = 0; i + 6 <= cmd.ElemCount; i += 6) {
        DrawnGlyph d;
        if (!app::glyph_quad(*dl, cmd, i, by_uv, d)) continue;
        const bool joins = last && std::fabs(d.line_y - prev.line_y) < 0.5f &&
                           std::fabs(d.pen_x - (prev.pen_x + prev.advance)) < 0.5f;
        if (!joins && !word.text.empty()) words.push_back(std::move(word));
        if (!joins) word = {{}, false, d.pen_x, d.line_y};
        core::append_utf8(word.text, d.cp);
        word.code = word.code || d.col == theme.code || d.col == theme.math || d.scale < 0.9f;
        prev = d;
        last = &prev;
      }
      last = nullptr;  // a new command starts a new word
    }
  }
  if (!word.text.empty()) words.push_back(std::move(word));
  return words;
}

}  // namespace posenc::test
