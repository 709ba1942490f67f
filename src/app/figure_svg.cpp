#include "figure_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>
#include <unordered_map>

#include "core/utf8.hpp"
#include "glyph_quads.hpp"
#include "png.hpp"

namespace posenc::app {
namespace {

// Most figures are read on screens and slides: two decimals of a CSS pixel are finer than any of them.
std::string num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(v));
  std::string s = buf;
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

// fill="#rrggbb" and, below full opacity, fill-opacity.
std::string paint(ImU32 col) {
  char buf[64];
  const unsigned a = (col >> IM_COL32_A_SHIFT) & 0xFF;
  const int n = std::snprintf(buf, sizeof buf, " fill=\"#%02x%02x%02x\"", (col >> IM_COL32_R_SHIFT) & 0xFF,
                              (col >> IM_COL32_G_SHIFT) & 0xFF, (col >> IM_COL32_B_SHIFT) & 0xFF);
  if (a < 255) std::snprintf(buf + n, sizeof buf - n, " fill-opacity=\"%s\"", num(a / 255.0f).c_str());
  return buf;
}

float area(const std::vector<ImVec2>& p) {
  float a = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const ImVec2 &u = p[i], &v = p[(i + 1) % p.size()];
    a += u.x * v.y - v.x * u.y;
  }
  return a / 2;
}

ImU32 mean_colour(const ImDrawVert& a, const ImDrawVert& b, const ImDrawVert& c) {
  ImU32 out = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    const unsigned sum = ((a.col >> shift) & 0xFF) + ((b.col >> shift) & 0xFF) + ((c.col >> shift) & 0xFF);
    out |= static_cast<ImU32>((sum + 1) / 3) << shift;
  }
  return out;
}

struct Rect {
  float x0, y0, x1, y1;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  bool contains(const Rect& r, float slack) const {
    return r.x0 >= x0 - slack && r.y0 >= y0 - slack && r.x1 <= x1 + slack && r.y1 <= y1 + slack;
  }
  bool meets(const Rect& r) const { return r.x0 < x1 && r.x1 > x0 && r.y0 < y1 && r.y1 > y0; }
};

Rect bounds(const std::vector<ImVec2>& p) {
  Rect r{p[0].x, p[0].y, p[0].x, p[0].y};
  for (const ImVec2& v : p)
    r = {std::min(r.x0, v.x), std::min(r.y0, v.y), std::max(r.x1, v.x), std::max(r.y1, v.y)};
  return r;
}

// Writes the elements in drawing order, keeping one <path> open while shapes of one colour follow one
// another and one <text> open while glyphs continue a line of one font, size and colour.
class Writer {
 public:
  Writer(const SvgFigure& f, std::string& out) : f_(f), out_(out) {}

  ImVec2 at(ImVec2 p) const { return ImVec2((p.x - f_.min.x) / f_.scale, (p.y - f_.min.y) / f_.scale); }

  void polygon(const SvgPolygon& p) {
    flush_text();
    if (!path_.empty() && p.col != path_col_) flush_path();
    path_col_ = p.col;
    for (size_t i = 0; i < p.points.size(); ++i) {
      const ImVec2 q = at(p.points[i]);
      path_ += (i ? "L" : "M") + num(q.x) + " " + num(q.y);
    }
    path_ += "Z";
  }

  void glyph(const DrawnGlyph& g) {
    flush_path();
    const bool same = !run_.empty() && g.font == font_ && std::fabs(g.scale - scale_) < 1e-3f &&
                      g.col == col_ && std::fabs(g.line_y - line_y_) < 0.5f;
    int spaces = -1;  // ImGui draws no quad for a space: a gap of whole spaces' advances is that many
    if (same) {
      const float gap = g.pen_x - end_x_;
      const ImFontGlyph* space = g.font->FindGlyphNoFallback(' ');
      const float step = space ? space->AdvanceX * g.scale : 0;
      if (std::fabs(gap) < 0.5f) {
        spaces = 0;
      } else if (step > 0 && gap > 0) {
        const int k = static_cast<int>(std::lround(gap / step));
        if (k >= 1 && k <= 8 && std::fabs(gap - k * step) < 0.5f) spaces = k;
      }
    }
    if (spaces < 0) {
      flush_text();
      font_ = g.font, scale_ = g.scale, col_ = g.col, line_y_ = g.line_y, start_x_ = g.pen_x, glyphs_ = 0;
    }
    run_.append(std::max(spaces, 0), ' ');
    core::append_utf8(run_, g.cp);
    end_x_ = g.pen_x + g.advance;
    ++glyphs_;
  }

  void image(const std::string& png, const Rect& r, ImU32 col) {
    flush_text();
    flush_path();
    const ImVec2 a = at(ImVec2(r.x0, r.y0)), b = at(ImVec2(r.x1, r.y1));
    out_ += "<image x=\"" + num(a.x) + "\" y=\"" + num(a.y) + "\" width=\"" + num(b.x - a.x) +
            "\" height=\"" + num(b.y - a.y) + "\" preserveAspectRatio=\"none\"";
    if (((col >> IM_COL32_A_SHIFT) & 0xFF) < 255)
      out_ += " opacity=\"" + num(((col >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f) + "\"";
    out_ += " xlink:href=\"" + data_url("image/png", png) + "\"/>\n";
  }

  void raw(const std::string& s) {
    flush();
    out_ += s;
  }
  void flush() {
    flush_text();
    flush_path();
  }

 private:
  void flush_path() {
    if (path_.empty()) return;
    out_ += "<path" + paint(path_col_) + " d=\"" + path_ + "\"/>\n";
    path_.clear();
  }
  void flush_text() {
    if (run_.empty()) return;
    const float size = font_->FontSize * scale_;  // ImGui's size of the font as drawn
    const ImVec2 p = at(ImVec2(start_x_, line_y_ + font_->Ascent * scale_));  // the pen on the baseline
    out_ += "<text x=\"" + num(p.x) + "\" y=\"" + num(p.y) + "\" font-size=\"" +
            num(size / f_.scale * f_.em_ratio) + "\"" + paint(col_);
    if (std::find(f_.bold.begin(), f_.bold.end(), font_) != f_.bold.end()) out_ += " font-weight=\"bold\"";
    // The run's width as the app set it: other fonts (a viewer without DejaVu Sans) keep the layout.
    if (glyphs_ > 1) out_ += " textLength=\"" + num((end_x_ - start_x_) / f_.scale) + "\"";
    out_ += ">" + xml_escape(run_) + "</text>\n";
    run_.clear();
  }

  const SvgFigure& f_;
  std::string& out_;
  std::string path_;
  ImU32 path_col_ = 0;
  std::string run_;
  const ImFont* font_ = nullptr;
  float scale_ = 1, line_y_ = 0, start_x_ = 0, end_x_ = 0;
  ImU32 col_ = 0;
  int glyphs_ = 0;
};

const ImDrawVert& vertex(const ImDrawList& dl, const ImDrawCmd& cmd, unsigned i) {
  return dl.VtxBuffer[static_cast<int>(dl.IdxBuffer[static_cast<int>(cmd.IdxOffset + i)] + cmd.VtxOffset)];
}

// The affine map from screen to texture coordinates that three vertices of a textured triangle give.
bool uv_map(const ImDrawVert& a, const ImDrawVert& b, const ImDrawVert& c, UvMap& m) {
  const float bx = b.pos.x - a.pos.x, by = b.pos.y - a.pos.y, cx = c.pos.x - a.pos.x, cy = c.pos.y - a.pos.y;
  const float det = bx * cy - by * cx;
  if (std::fabs(det) < 1e-6f) return false;
  const auto solve = [&](float db, float dc, float& gx, float& gy) {
    gx = (db * cy - dc * by) / det;
    gy = (bx * dc - cx * db) / det;
  };
  solve(b.uv.x - a.uv.x, c.uv.x - a.uv.x, m.ux, m.uy);
  solve(b.uv.y - a.uv.y, c.uv.y - a.uv.y, m.vx, m.vy);
  m.u0 = a.uv.x - m.ux * a.pos.x - m.uy * a.pos.y;
  m.v0 = a.uv.y - m.vx * a.pos.x - m.vy * a.pos.y;
  return true;
}

// One draw command: its triangles as paths, glyphs as text, or (another texture) its quads as images.
void write_command(Writer& w, const SvgFigure& f, const ImDrawList& dl, const ImDrawCmd& cmd,
                   const GlyphsByUv& glyphs, const Rect& clip) {
  const bool font = f.atlas && cmd.GetTexID() == f.atlas->TexID;
  std::vector<unsigned> flat;  // indices (into the command) of the triangles of a run of flat shapes
  const auto shapes = [&] {
    if (flat.empty()) return;
    std::vector<ImDrawIdx> idx;
    for (unsigned i : flat)
      idx.push_back(static_cast<ImDrawIdx>(dl.IdxBuffer[static_cast<int>(cmd.IdxOffset + i)]));
    const std::size_t n = static_cast<std::size_t>(dl.VtxBuffer.Size) - cmd.VtxOffset;
    for (const SvgPolygon& p : merge_triangles(dl.VtxBuffer.Data + cmd.VtxOffset, n, idx.data(), idx.size()))
      if (clip.meets(bounds(p.points))) w.polygon(p);
    flat.clear();
  };
  if (font) {
    for (unsigned i = 0; i + 3 <= cmd.ElemCount;) {
      DrawnGlyph g;
      if (glyph_quad(dl, cmd, i, glyphs, g)) {
        shapes();
        const ImVec2 a = vertex(dl, cmd, i).pos, c = vertex(dl, cmd, i + 2).pos;
        if (clip.meets({a.x, a.y, c.x, c.y})) w.glyph(g);
        i += 6;
        continue;
      }
      for (unsigned k = 0; k < 3; ++k) flat.push_back(i + k);
      i += 3;
    }
    shapes();
    return;
  }
  if (!f.texture) return;
  const TexturePixels tex = f.texture(cmd.GetTexID());
  if (!tex.rgba || tex.w <= 0 || tex.h <= 0) return;
  for (unsigned i = 0; i + 3 <= cmd.ElemCount;) {  // quads (two triangles), or a lone triangle at the end
    const unsigned n = i + 6 <= cmd.ElemCount ? 6 : 3;
    UvMap m;
    std::vector<ImVec2> corners;
    for (unsigned k = i; k < i + n; ++k) corners.push_back(vertex(dl, cmd, k).pos);
    const Rect r = bounds(corners);
    if (uv_map(vertex(dl, cmd, i), vertex(dl, cmd, i + 1), vertex(dl, cmd, i + 2), m) && clip.meets(r)) {
      // As sharp as the PNG beside it, two cells per CSS pixel — but where the texels are more than that,
      // a whole number of texels per cell, so that alternating columns (sin, cos, sin, …) average out
      // instead of beating against the cells.
      const auto cells = [](float texels, float css) {
        const float want = 2 * css;
        const float k = texels <= want ? 0 : std::ceil(texels / want - 1e-3f);
        return std::clamp(static_cast<int>(std::lround(k > 0 ? texels / k : want)), 1, 4096);
      };
      const float sw = r.x1 - r.x0, sh = r.y1 - r.y0;  // texels across and down: the map's gradients
      const int pw = cells((std::fabs(m.ux) * tex.w + std::fabs(m.vx) * tex.h) * sw, sw / f.scale);
      const int ph = cells((std::fabs(m.uy) * tex.w + std::fabs(m.vy) * tex.h) * sh, sh / f.scale);
      const std::vector<std::uint32_t> px = resample(tex, m, ImVec2(r.x0, r.y0), ImVec2(r.x1, r.y1), pw, ph);
      w.image(encode_png(pw, ph, px.data(), true), r, vertex(dl, cmd, i).col);
    }
    i += n;
  }
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (c >= 0x20 || ch == '\t' || ch == '\n' || ch == '\r') out += ch;
    }
  }
  return out;
}

float ttf_em_ratio(const unsigned char* ttf, std::size_t size) {
  const auto u16 = [&](std::size_t at) { return at + 2 <= size ? (ttf[at] << 8) | ttf[at + 1] : 0; };
  const auto u32 = [&](std::size_t at) {
    return at + 4 <= size
               ? static_cast<std::uint32_t>(u16(at)) << 16 | static_cast<std::uint32_t>(u16(at + 2))
               : 0u;
  };
  // The table directory (as stb_truetype's stbtt__find_table reads it): numTables at 4, then 16-byte
  // records from 12 whose offset is at 8.
  std::size_t head = 0, hhea = 0;
  const int tables = u16(4);
  for (int i = 0; i < tables; ++i) {
    const std::size_t rec = 12 + 16 * static_cast<std::size_t>(i);
    if (rec + 16 > size) return 0;
    const std::string_view tag(reinterpret_cast<const char*>(ttf + rec), 4);
    if (tag == "head") head = u32(rec + 8);
    if (tag == "hhea") hhea = u32(rec + 8);
  }
  if (!head || !hhea) return 0;
  // unitsPerEm at head+18 (stbtt_ScaleForMappingEmToPixels); ascender and descender, signed, at hhea+4
  // and hhea+6 (stbtt_ScaleForPixelHeight, the scale ImGui 1.86 loads fonts at: imstb_truetype.h).
  const int em = u16(head + 18);
  const int ascender = static_cast<std::int16_t>(u16(hhea + 4)),
            descender = static_cast<std::int16_t>(u16(hhea + 6));
  if (em <= 0 || ascender - descender <= 0) return 0;
  return static_cast<float>(em) / static_cast<float>(ascender - descender);
}

std::vector<SvgPolygon> merge_triangles(const ImDrawVert* vtx, std::size_t vtx_count, const ImDrawIdx* idx,
                                        std::size_t count) {
  const auto alpha = [&](std::size_t i) { return vtx[i].col & IM_COL32_A_MASK; };
  const auto rgb = [&](std::size_t i) { return vtx[i].col & ~IM_COL32_A_MASK; };
  const auto fringe = [&](std::size_t t) {  // a triangle fading from its colour to transparent
    const ImDrawIdx a = idx[t], b = idx[t + 1], c = idx[t + 2];
    return rgb(a) == rgb(b) && rgb(b) == rgb(c) && (alpha(a) || alpha(b) || alpha(c)) &&
           (!alpha(a) || !alpha(b) || !alpha(c));
  };
  const auto mid = [&](std::size_t u, std::size_t v) {
    return ImVec2((vtx[u].pos.x + vtx[v].pos.x) / 2, (vtx[u].pos.y + vtx[v].pos.y) / 2);
  };
  // Each transparent fringe vertex fades from the nearest opaque vertex of its colour a few indices away.
  std::unordered_map<std::size_t, std::size_t> partner;  // transparent vertex → that opaque vertex
  std::unordered_map<std::size_t, int> claims;           // opaque vertex → how many fade from it
  for (std::size_t t = 0; t + 3 <= count; t += 3) {
    if (idx[t] >= vtx_count || idx[t + 1] >= vtx_count || idx[t + 2] >= vtx_count || !fringe(t)) continue;
    for (std::size_t k = t; k < t + 3; ++k) {
      const std::size_t v = idx[k];
      if (alpha(v) || partner.count(v)) continue;
      std::size_t best = vtx_count;
      float best_d = 0;
      for (std::size_t u = v >= 3 ? v - 3 : 0; u <= v + 3 && u < vtx_count; ++u) {
        if (!alpha(u) || rgb(u) != rgb(v)) continue;
        const float dx = vtx[u].pos.x - vtx[v].pos.x, dy = vtx[u].pos.y - vtx[v].pos.y;
        if (best == vtx_count || dx * dx + dy * dy < best_d) best = u, best_d = dx * dx + dy * dy;
      }
      if (best == vtx_count) continue;
      partner[v] = best;
      ++claims[best];
    }
  }
  // An opaque vertex only one fringe vertex fades from (a line's or a filled shape's edge) moves out to the
  // exact edge, and its fringe triangles go; a line one pixel thin fades both ways from its middle: its
  // fringe triangles stay, their transparent corners moved in to the exact edge.
  std::unordered_map<std::size_t, ImVec2> moved;
  for (const auto& [v, u] : partner)
    if (claims[u] == 1) moved[u] = mid(u, v);
  const auto at = [&](std::size_t i) {
    const auto it = moved.find(i);
    return it == moved.end() ? vtx[i].pos : it->second;
  };

  std::vector<SvgPolygon> out;
  std::vector<ImDrawIdx> open;  // the polygon being built, as vertex indices
  ImU32 open_col = 0;
  const auto emit = [&](SvgPolygon p) {
    const float a = area(p.points);
    if (std::fabs(a) <= 1e-4f || (p.col & IM_COL32_A_MASK) == 0) return;
    if (a < 0) std::reverse(p.points.begin(), p.points.end());
    out.push_back(std::move(p));
  };
  const auto close = [&] {
    if (open.size() >= 3) {
      SvgPolygon p{open_col, {}};
      for (ImDrawIdx i : open) p.points.push_back(at(i));
      emit(std::move(p));
    }
    open.clear();
  };
  for (std::size_t t = 0; t + 3 <= count; t += 3) {
    const ImDrawIdx a = idx[t], b = idx[t + 1], c = idx[t + 2];
    if (a >= vtx_count || b >= vtx_count || c >= vtx_count) continue;
    const bool flat = vtx[a].col == vtx[b].col && vtx[b].col == vtx[c].col;
    if (flat && !open.empty() && open_col == vtx[a].col) {
      if (open.front() == a && open.back() == b) {  // the fan goes on
        open.push_back(c);
        continue;
      }
      if (open.back() == a && open.front() == c) {  // a quad's second half, across its diagonal
        open.push_back(b);
        continue;
      }
    }
    close();
    if (flat) {
      open = {a, b, c};
      open_col = vtx[a].col;
      continue;
    }
    if (!fringe(t)) {
      emit({mean_colour(vtx[a], vtx[b], vtx[c]), {vtx[a].pos, vtx[b].pos, vtx[c].pos}});
      continue;
    }
    SvgPolygon p{0, {}};
    bool covered = true;  // every transparent corner's opaque vertex moved out: the core covers this
    for (const ImDrawIdx v : {a, b, c}) {
      if (alpha(v)) {
        p.col = vtx[v].col;
        p.points.push_back(vtx[v].pos);
        continue;
      }
      const auto it = partner.find(v);
      if (it == partner.end()) {  // nothing to fade from
        p.col = 0;
        break;
      }
      covered = covered && claims[it->second] == 1;
      p.points.push_back(mid(v, it->second));
    }
    if (!covered && p.col) emit(std::move(p));
  }
  close();
  return out;
}

std::vector<std::uint32_t> resample(const TexturePixels& tex, const UvMap& m, ImVec2 p0, ImVec2 p1, int w,
                                    int h) {
  std::vector<std::uint32_t> out(static_cast<std::size_t>(std::max(w, 0)) * std::max(h, 0), 0);
  if (!tex.rgba || tex.w <= 0 || tex.h <= 0 || w <= 0 || h <= 0) return out;
  const float dx = (p1.x - p0.x) / w, dy = (p1.y - p0.y) / h;
  // Half the texels one cell spans, across and down the texture.
  const float hu = 0.5f * (std::fabs(m.ux) * dx + std::fabs(m.uy) * dy) * tex.w;
  const float hv = 0.5f * (std::fabs(m.vx) * dx + std::fabs(m.vy) * dy) * tex.h;
  // The texels a cell covers along one axis and how much of each (their weights add up to 1): the one
  // under the cell's centre where a texel is wider than the cell, as GL magnifies (nearest).
  struct Span {
    int first = 0;
    std::vector<float> weight;
  };
  const auto span = [](float centre, float half, int n) {
    Span sp;
    if (half <= 0.5f) {
      sp.first = std::clamp(static_cast<int>(std::floor(centre)), 0, n - 1);
      sp.weight = {1};
      return sp;
    }
    const float a = std::max(centre - half, 0.0f), b = std::min(centre + half, static_cast<float>(n));
    sp.first = std::clamp(static_cast<int>(std::floor(a)), 0, n - 1);
    const int last = std::clamp(static_cast<int>(std::ceil(b)) - 1, sp.first, n - 1);
    float total = 0;
    for (int i = sp.first; i <= last; ++i) {
      const float wgt = std::max(0.0f, std::min(b, i + 1.0f) - std::max(a, static_cast<float>(i)));
      sp.weight.push_back(wgt);
      total += wgt;
    }
    for (float& wgt : sp.weight) wgt = total > 0 ? wgt / total : 1.0f / sp.weight.size();
    return sp;
  };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const float sx = p0.x + (x + 0.5f) * dx, sy = p0.y + (y + 0.5f) * dy;
      const Span su = span((m.u0 + m.ux * sx + m.uy * sy) * tex.w, hu, tex.w);
      const Span sv = span((m.v0 + m.vx * sx + m.vy * sy) * tex.h, hv, tex.h);
      float sum[4] = {0, 0, 0, 0};
      for (std::size_t j = 0; j < sv.weight.size(); ++j)
        for (std::size_t i = 0; i < su.weight.size(); ++i) {
          const std::uint32_t c =
              tex.rgba[static_cast<std::size_t>(sv.first + j) * tex.w + su.first + static_cast<int>(i)];
          const float wgt = su.weight[i] * sv.weight[j];
          for (int k = 0; k < 4; ++k) sum[k] += wgt * ((c >> (8 * k)) & 0xFF);
        }
      std::uint32_t c = 0;
      for (int k = 0; k < 4; ++k)
        c |= static_cast<std::uint32_t>(std::clamp(std::lround(sum[k]), 0L, 255L)) << (8 * k);
      out[static_cast<std::size_t>(y) * w + x] = c;
    }
  return out;
}

std::string figure_svg(const SvgFigure& f) {
  const float width = (f.max.x - f.min.x) / f.scale, height = (f.max.y - f.min.y) / f.scale;
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"" +
      num(width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
      "\" xml:space=\"preserve\""
      // The faces the app draws with (Debian's fonts-dejavu-core and fonts-wqy-microhei), then common
      // ones that cover Chinese.
      " font-family=\"'DejaVu Sans', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Source Han Sans SC', "
      "'PingFang SC', 'Microsoft YaHei', sans-serif\">\n";
  if (!f.title.empty()) out += "<title>" + xml_escape(f.title) + "</title>\n";
  out += "<rect width=\"100%\" height=\"100%\"" + paint(f.background) + "/>\n";
  const GlyphsByUv glyphs = f.atlas ? glyphs_by_uv(*f.atlas) : GlyphsByUv{};
  const Rect figure{f.min.x, f.min.y, f.max.x, f.max.y};
  Writer w(f, out);
  std::map<std::tuple<float, float, float, float>, int> clips;  // one <clipPath> per rectangle
  for (const ImDrawList* dl : f.lists)
    for (const ImDrawCmd& cmd : dl->CmdBuffer) {
      if (cmd.UserCallback || cmd.ElemCount == 0) continue;
      const Rect clip{std::max(cmd.ClipRect.x, figure.x0), std::max(cmd.ClipRect.y, figure.y0),
                      std::min(cmd.ClipRect.z, figure.x1), std::min(cmd.ClipRect.w, figure.y1)};
      if (clip.empty()) continue;
      // A command that draws past its clip rectangle (or the figure's edge) is cut as ImGui cuts it.
      std::vector<ImVec2> used;
      for (unsigned i = 0; i < cmd.ElemCount; ++i) used.push_back(vertex(*dl, cmd, i).pos);
      const bool cut = !clip.contains(bounds(used), 0.5f);
      if (cut) {
        const auto key = std::make_tuple(clip.x0, clip.y0, clip.x1, clip.y1);
        const bool known = clips.count(key) > 0;
        const int id = known ? clips[key] : (clips[key] = static_cast<int>(clips.size()));
        const std::string name = "c" + std::to_string(id);
        if (!known) {
          const ImVec2 a = w.at(ImVec2(clip.x0, clip.y0)), b = w.at(ImVec2(clip.x1, clip.y1));
          w.raw("<clipPath id=\"" + name + "\"><rect x=\"" + num(a.x) + "\" y=\"" + num(a.y) + "\" width=\"" +
                num(b.x - a.x) + "\" height=\"" + num(b.y - a.y) + "\"/></clipPath>\n");
        }
        w.raw("<g clip-path=\"url(#" + name + ")\">\n");
      }
      write_command(w, f, *dl, cmd, glyphs, clip);
      if (cut) w.raw("</g>\n");
    }
  w.flush();
  out += "</svg>\n";
  return out;
}

}  // namespace posenc::app
