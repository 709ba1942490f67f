// Reading text back from ImGui's draw lists: every glyph is a quad of the font atlas whose corners are
// that glyph's atlas rectangle, so a draw list's quads say which characters were drawn, where, how large
// and in which colour. "Save figure" writes them as SVG text (figure_svg.hpp); tests read the words of a
// frame with it (tests/unit/drawn_text.hpp).
#pragma once

#include <imgui.h>

#include <map>
#include <utility>

namespace posenc::app {

struct AtlasGlyph {
  const ImFontGlyph* glyph = nullptr;
  const ImFont* font = nullptr;  // the font it belongs to (merged glyphs belong to the font they joined)
};

// Every visible glyph of every font of `atlas`, by the top-left corner of its rectangle in the atlas.
using GlyphsByUv = std::map<std::pair<float, float>, AtlasGlyph>;
GlyphsByUv glyphs_by_uv(const ImFontAtlas& atlas);

// One glyph drawn: its code point, where the pen stood (x) and the line's top (y), how far it moved the
// pen, the scale it was drawn at (1: the font's own size), its colour and font.
struct DrawnGlyph {
  unsigned cp = 0;
  float pen_x = 0, line_y = 0, advance = 0, scale = 1;
  ImU32 col = 0;
  const ImFont* font = nullptr;
};

// The glyph drawn by the six indices from `i` of command `cmd` (of the font atlas) in `dl`: true, with
// `out` filled, when they form a quad whose corners are a glyph's atlas rectangle.
bool glyph_quad(const ImDrawList& dl, const ImDrawCmd& cmd, unsigned i, const GlyphsByUv& by_uv,
                DrawnGlyph& out);

}  // namespace posenc::app
