// "Save figure" as SVG: the step's visual written from the draw lists ImGui made for it (figure.hpp
// captures them). Flat triangles become filled paths (the fans ImGui fills shapes with merged back into
// polygons, runs of one colour into one path), anti-aliasing fringes cut to the exact edge; glyph quads of
// the font atlas become <text> in the language shown, never outlines; other textures (heatmaps) become
// <image>s of their pixels. No GL here.
#pragma once

#include <imgui.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::app {

// A texture's pixels as drawn (w × h, IM_COL32's byte order, rows top first); rgba null: unknown.
struct TexturePixels {
  int w = 0, h = 0;
  const std::uint32_t* rgba = nullptr;
};

struct SvgFigure {
  std::vector<const ImDrawList*> lists;  // in drawing order
  ImVec2 min, max;                       // the figure's rectangle, in the draw lists' pixels
  float scale = 1;                       // those pixels per CSS pixel (the SVG's unit)
  ImU32 background = IM_COL32_WHITE;
  const ImFontAtlas* atlas = nullptr;  // its texture's quads are glyphs (text) or flat shapes
  // The pixels of any other texture drawn; an unknown texture is left out.
  std::function<TexturePixels(ImTextureID)> texture;
  std::vector<const ImFont*> bold;  // fonts written bold (the app's bold and title faces)
  // CSS sizes a font by its em; ImGui (stb_truetype) by ascender − descender: font-size is ImGui's size
  // times the font file's em_ratio (ttf_em_ratio).
  float em_ratio = 1;
  std::string title;  // the SVG's <title>, UTF-8
};

// A standalone SVG document (UTF-8): width and height in CSS pixels, the viewBox in the same units.
std::string figure_svg(const SvgFigure& f);

// --- pieces, exposed for tests ---

// `text` for XML content and attribute values: & < > " ' escaped; characters XML 1.0 does not allow
// (controls other than tab and newlines) dropped.
std::string xml_escape(std::string_view text);

// unitsPerEm / (ascender − descender) of a TrueType font's 'head' and 'hhea' tables: the CSS font-size per
// pixel of the size ImGui loads it at. 0 when the bytes hold no such tables.
float ttf_em_ratio(const unsigned char* ttf, std::size_t size);

struct SvgPolygon {
  ImU32 col = 0;
  std::vector<ImVec2> points;  // counter-clockwise on screen (y down): positive shoelace area
};

// Triangles (index triples into `vtx`, which holds `vtx_count` vertices) as polygons: a triangle that
// shares its first vertex and the previous triangle's last edge continues that triangle's polygon (ImGui
// fills a convex shape or a quad as such a fan), when all their vertices have one colour.
// Anti-aliasing: ImGui edges a shape with a fringe whose outer vertices are its colour made transparent,
// each a few indices from the opaque vertex it fades from; the exact edge is half way between them. A
// fringe triangle's transparent vertices are moved there and it is drawn opaque (so lines keep their width
// and their mitred joins). Any other triangle whose vertices differ in colour is a polygon of its own in
// their mean colour. Transparent and degenerate triangles are dropped.
std::vector<SvgPolygon> merge_triangles(const ImDrawVert* vtx, std::size_t vtx_count, const ImDrawIdx* idx,
                                        std::size_t count);

// `tex` as drawn on a w × h grid over the screen rectangle [x0, x1] × [y0, y1], where the screen point
// (x, y) shows texture coordinate (u0 + ux·x + uy·y, v0 + vx·x + vy·y): along each axis a cell shows the
// texel it falls on where texels are wider than cells (GL's nearest magnification), else the mean of the
// texels it covers, each weighed by how much of it the cell covers (no moiré where the sizes nearly meet).
struct UvMap {
  float u0 = 0, ux = 0, uy = 0, v0 = 0, vx = 0, vy = 0;
};
std::vector<std::uint32_t> resample(const TexturePixels& tex, const UvMap& map, ImVec2 p0, ImVec2 p1, int w,
                                    int h);

}  // namespace posenc::app
