// Reading back what ImGui drew: the words of the last frame, reconstructed glyph by glyph from its draw
// lists (for tests that check what the learner actually sees).
#pragma once

#include <imgui.h>

#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/utf8.hpp"
#include "ui/theme.hpp"

namespace posenc::test {

// One glyph drawn: its code point, where the pen stood (x) and the line's top (y), how far it moved the
// pen, and its colour.
struct DrawnGlyph {
  unsigned cp;
  float pen_x, line_y, advance;
  ImU32 col;
};

// A word as drawn, and whether it is a symbol: code or a formula of the lesson text (drawn in the code
// or math colour), or a sub- or superscript (drawn smaller than its font: "train" of L_train), shown on
// purpose whatever the language.
struct DrawnWord {
  std::string text;
  bool code = false;
  float x = 0, y = 0;  // where its first glyph's pen stood, and its line's top
};

using GlyphsByUv = std::map<std::pair<float, float>, const ImFontGlyph*>;

// The code point of every glyph of every font, by the top-left corner of its rectangle in the atlas.
inline GlyphsByUv glyphs_by_uv() {
  GlyphsByUv m;
  for (const ImFont* f : ImGui::GetIO().Fonts->Fonts)
    for (const ImFontGlyph& g : f->Glyphs)
      if (g.Visible) m.emplace(std::make_pair(g.U0, g.V0), &g);
  return m;
}

// The glyph drawn by the six indices from `i` of command `cmd` (of the font's texture) in `dl`: a quad
// whose corners are that glyph's atlas rectangle; nullptr when they draw anything else.
inline const ImFontGlyph* glyph_quad(const ImDrawList& dl, const ImDrawCmd& cmd, unsigned i,
                                     const GlyphsByUv& by_uv) {
  if (i + 6 > cmd.ElemCount) return nullptr;
  const ImDrawIdx* idx = dl.IdxBuffer.Data + cmd.IdxOffset + i;
  if (idx[1] != idx[0] + 1 || idx[2] != idx[0] + 2 || idx[3] != idx[0] || idx[4] != idx[0] + 2 ||
      idx[5] != idx[0] + 3)
    return nullptr;
  const ImDrawVert& a = dl.VtxBuffer[static_cast<int>(idx[0] + cmd.VtxOffset)];
  const ImDrawVert& c = dl.VtxBuffer[static_cast<int>(idx[0] + cmd.VtxOffset + 2)];
  const auto it = by_uv.find({a.uv.x, a.uv.y});
  if (it == by_uv.end() || c.uv.x != it->second->U1 || c.uv.y != it->second->V1) return nullptr;
  return it->second;
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
      const ImDrawIdx* idx = dl->IdxBuffer.Data + cmd.IdxOffset;
      for (unsigned i = 0; i + 6 <= cmd.ElemCount; i += 6) {
        const ImFontGlyph* glyph = glyph_quad(*dl, cmd, i, by_uv);
        if (!glyph) continue;
        const ImFontGlyph& g = *glyph;
        const unsigned v = idx[i] + cmd.VtxOffset;
        const ImDrawVert& a = dl->VtxBuffer[static_cast<int>(v)];
        const ImDrawVert& c = dl->VtxBuffer[static_cast<int>(v + 2)];
        const float scale =
            g.X1 > g.X0 ? (c.pos.x - a.pos.x) / (g.X1 - g.X0) : (c.pos.y - a.pos.y) / (g.Y1 - g.Y0);
        const DrawnGlyph d{g.Codepoint, a.pos.x - g.X0 * scale, a.pos.y - g.Y0 * scale, g.AdvanceX * scale,
                           a.col};
        const bool joins = last && std::fabs(d.line_y - prev.line_y) < 0.5f &&
                           std::fabs(d.pen_x - (prev.pen_x + prev.advance)) < 0.5f;
        if (!joins && !word.text.empty()) words.push_back(std::move(word));
        if (!joins) word = {{}, false, d.pen_x, d.line_y};
        core::append_utf8(word.text, d.cp);
        word.code = word.code || d.col == theme.code || d.col == theme.math || scale < 0.9f;
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
