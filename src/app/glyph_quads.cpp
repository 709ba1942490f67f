#include "glyph_quads.hpp"

namespace posenc::app {

GlyphsByUv glyphs_by_uv(const ImFontAtlas& atlas) {
  GlyphsByUv m;
  for (const ImFont* f : atlas.Fonts)
    for (const ImFontGlyph& g : f->Glyphs)
      if (g.Visible) m.emplace(std::make_pair(g.U0, g.V0), AtlasGlyph{&g, f});
  return m;
}

bool glyph_quad(const ImDrawList& dl, const ImDrawCmd& cmd, unsigned i, const GlyphsByUv& by_uv,
                DrawnGlyph& out) {
  if (i + 6 > cmd.ElemCount) return false;
  // ImDrawList::PrimRectUV's order: two triangles (0 1 2) (0 2 3) over four fresh vertices.
  const ImDrawIdx* idx = dl.IdxBuffer.Data + cmd.IdxOffset + i;
  if (idx[1] != idx[0] + 1 || idx[2] != idx[0] + 2 || idx[3] != idx[0] || idx[4] != idx[0] + 2 ||
      idx[5] != idx[0] + 3)
    return false;
  const unsigned v = idx[0] + cmd.VtxOffset;
  if (v + 3 >= static_cast<unsigned>(dl.VtxBuffer.Size)) return false;
  const ImDrawVert& a = dl.VtxBuffer[static_cast<int>(v)];
  const ImDrawVert& c = dl.VtxBuffer[static_cast<int>(v + 2)];
  const auto it = by_uv.find({a.uv.x, a.uv.y});
  if (it == by_uv.end()) return false;
  const ImFontGlyph& g = *it->second.glyph;
  if (c.uv.x != g.U1 || c.uv.y != g.V1) return false;
  const float scale = g.X1 > g.X0 ? (c.pos.x - a.pos.x) / (g.X1 - g.X0) : (c.pos.y - a.pos.y) / (g.Y1 - g.Y0);
  out = {g.Codepoint, a.pos.x - g.X0 * scale, a.pos.y - g.Y0 * scale, g.AdvanceX * scale, scale,
         a.col,       it->second.font};
  return true;
}

}  // namespace posenc::app
