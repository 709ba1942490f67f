// Line plot, drawn in layers each frame from its arguments: frame, bands, grid, markers, series,
// legend, then tick and axis labels outside the plot rect and the hover readout. Nothing is kept.
#include "line_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "i18n.hpp"
#include "matrix_view.hpp"
#include "plot_axes.hpp"
#include "rich_text.hpp"

namespace posenc::ui {

Series series(std::string label, const Eigen::VectorXd& y, double x0, double dx) {
  Series s;
  s.label = std::move(label);
  s.x.resize(static_cast<size_t>(y.size()));
  s.y.resize(static_cast<size_t>(y.size()));
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    s.x[i] = x0 + static_cast<double>(i) * dx;
    s.y[i] = y(i);
  }
  return s;
}

Series series(std::string label, std::vector<double> x, std::vector<double> y) {
  Series s;
  s.label = std::move(label);
  s.x = std::move(x);
  s.y = std::move(y);
  return s;
}

namespace {

using namespace plot;

ImU32 with_alpha(ImU32 c, float a) {
  const float old = static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF);
  const ImU32 alpha = static_cast<ImU32>(old * std::clamp(a, 0.0f, 1.0f) + 0.5f);
  return (c & ~IM_COL32_A_MASK) | (alpha << IM_COL32_A_SHIFT);
}

// Text on a faint panel-coloured backdrop, so labels stay readable over lines and grid.
void label_at(ImDrawList* dl, ImVec2 p, ImU32 col, const std::string& text, const Theme& theme) {
  if (text.empty()) return;
  const ImVec2 ts = ImGui::CalcTextSize(text.c_str()), pad(em(0.15f), 0);
  dl->AddRectFilled(ImVec2(p.x - pad.x, p.y), ImVec2(p.x + ts.x + pad.x, p.y + ts.y),
                    with_alpha(theme.panel, 0.75f), em(0.15f));
  dl->AddText(p, col, text.c_str());
}

// The series' points on screen under one layout, projected once: the label and legend placements test
// many rectangles against them, and each px() of a log axis is a log10 (these tests were most of a hover
// frame on a log–log plot with a marker). Points whose y is not finite are NaN (never inside).
class Projected {
 public:
  Projected(const std::vector<Series>& series, const Layout& L) {
    for (const Series& s : series) {
      starts_.push_back(pts_.size());
      for (size_t k = 0; k < s.x.size() && k < s.y.size(); ++k)
        pts_.push_back(std::isfinite(s.y[k]) ? ImVec2(L.x.px(s.x[k]), L.y.px(s.y[k])) : ImVec2(NAN, NAN));
    }
    starts_.push_back(pts_.size());
  }
  // Points inside the screen rectangle [a, b].
  int points_in(ImVec2 a, ImVec2 b) const {
    int n = 0;
    for (const ImVec2& p : pts_) n += p.x >= a.x && p.x <= b.x && p.y >= a.y && p.y <= b.y;
    return n;
  }
  // Line segments whose bounding box meets [a, b] (a steep jump between two points far apart crosses a
  // label that no point lies in).
  int segments_in(ImVec2 a, ImVec2 b) const {
    int n = 0;
    for (size_t r = 0; r + 1 < starts_.size(); ++r)
      for (size_t k = starts_[r] + 1; k < starts_[r + 1]; ++k) {
        const ImVec2 p = pts_[k - 1], q = pts_[k];
        if (std::isnan(p.y) || std::isnan(q.y)) continue;
        n += std::max(p.x, q.x) >= a.x && std::min(p.x, q.x) <= b.x && std::max(p.y, q.y) >= a.y &&
             std::min(p.y, q.y) <= b.y;
      }
    return n;
  }

 private:
  std::vector<ImVec2> pts_;
  std::vector<size_t> starts_;  // where each series begins in pts_, and the end
};

// A band's label goes in its top left corner, or in its bottom left one when that covers fewer points.
void draw_bands(ImDrawList* dl, const Layout& L, const std::vector<Band>& bands, const Projected& projected,
                const Theme& theme) {
  for (const Band& band : bands) {
    if (std::isnan(band.x0) || std::isnan(band.x1)) continue;
    const double x0 = std::max(std::min(band.x0, band.x1), L.x.lo),
                 x1 = std::min(std::max(band.x0, band.x1), L.x.hi);
    if (!(x0 < x1)) continue;
    const float p0 = L.x.px(x0), p1 = L.x.px(x1);
    dl->AddRectFilled(ImVec2(p0, L.a.y), ImVec2(p1, L.b.y),
                      band.color ? band.color : with_alpha(theme.warn, 0.12f));
    const ImU32 text = band.color ? (band.color | IM_COL32_A_MASK) : theme.warn;
    if (band.label.empty()) continue;
    const ImVec2 size = ImGui::CalcTextSize(band.label.c_str()), top(p0 + em(0.3f), L.a.y + em(0.15f)),
                 bottom(top.x, L.b.y - em(0.15f) - size.y);
    const float r = em(0.35f);  // a dot's radius: one just outside the label still touches it
    auto covered = [&](ImVec2 p) {
      return projected.points_in(ImVec2(p.x - r, p.y - r), ImVec2(p.x + size.x + r, p.y + size.y + r));
    };
    const int at_top = covered(top);
    label_at(dl, at_top > 0 && covered(bottom) < at_top ? bottom : top, text, band.label, theme);
  }
}

void draw_grid(ImDrawList* dl, const Layout& L, const Theme& theme) {
  const ImU32 col = with_alpha(theme.border, 0.8f);
  for (double v : L.xt) dl->AddLine(ImVec2(L.x.px(v), L.a.y), ImVec2(L.x.px(v), L.b.y), col, theme.scale);
  for (double v : L.yt) dl->AddLine(ImVec2(L.a.x, L.y.px(v)), ImVec2(L.b.x, L.y.px(v)), col, theme.scale);
}

bool marker_shown(const Marker& m, const Layout& L) {
  return usable(m.x, L.x.log) && m.x >= L.x.lo && m.x <= L.x.hi;
}

// Where each vertical marker's label goes (one entry per marker, in order): right of its line at the
// top, else left of it at the top, right of it at the foot, left of it at the foot — the first of those
// inside the plot that the fewest line segments cross, and never over an earlier marker's label.
std::vector<ImVec2> marker_label_pos(const Projected& projected, const Layout& L,
                                     const LinePlotOptions& opt) {
  std::vector<ImVec2> out, sizes;
  const float top = L.a.y + em(0.2f) + (opt.bands.empty() ? 0 : em(1.1f)), r = em(0.35f);
  for (const Marker& m : opt.markers) {
    const ImVec2 size(ImGui::CalcTextSize(m.label.c_str()).x, em(1));
    const float px = L.x.px(m.x), right = px + em(0.25f), left = px - em(0.25f) - size.x,
                foot = L.b.y - em(0.2f) - size.y;
    const ImVec2 places[] = {{right, top}, {left, top}, {right, foot}, {left, foot}};
    ImVec2 best = places[0];
    long fewest = -1;
    for (const ImVec2& p : places) {
      if (p.x < L.a.x || p.x + size.x > L.b.x) continue;  // cut by the frame
      long cost = projected.segments_in(ImVec2(p.x - r, p.y - r), ImVec2(p.x + size.x + r, p.y + size.y + r));
      for (size_t k = 0; k < out.size(); ++k)
        if (p.x < out[k].x + sizes[k].x + em(0.3f) && p.x + size.x + em(0.3f) > out[k].x &&
            p.y < out[k].y + sizes[k].y && p.y + size.y > out[k].y)
          cost += 100000;  // on top of another marker's label
      if (fewest < 0 || cost < fewest) fewest = cost, best = p;
    }
    if (fewest < 0) best = px + em(0.25f) + size.x <= L.b.x ? places[0] : places[1];  // wider than the room
    out.push_back(best);
    sizes.push_back(size);
  }
  return out;
}

void draw_markers(ImDrawList* dl, const Layout& L, const LinePlotOptions& opt,
                  const std::vector<ImVec2>& labels, const Theme& theme) {
  const float dash = em(0.35f), gap = em(0.25f);
  for (size_t i = 0; i < opt.markers.size(); ++i) {
    const Marker& m = opt.markers[i];
    if (!marker_shown(m, L)) continue;
    const ImU32 col = m.color ? m.color : theme.muted;
    const float px = L.x.px(m.x);
    for (float y = L.a.y; y < L.b.y; y += dash + gap)
      dl->AddLine(ImVec2(px, y), ImVec2(px, std::min(y + dash, L.b.y)), col, 1.5f * theme.scale);
    label_at(dl, labels[i], col, m.label, theme);
  }
  for (const Marker& m : opt.y_markers) {
    if (!usable(m.x, L.y.log) || m.x < std::min(L.y.lo, L.y.hi) || m.x > std::max(L.y.lo, L.y.hi)) continue;
    const ImU32 col = m.color ? m.color : theme.muted;
    const float py = L.y.px(m.x);
    for (float x = L.a.x; x < L.b.x; x += dash + gap)
      dl->AddLine(ImVec2(x, py), ImVec2(std::min(x + dash, L.b.x), py), col, 1.5f * theme.scale);
    label_at(dl, ImVec2(L.a.x + em(0.3f), py - em(1.15f)), col, m.label, theme);
  }
}

// Of each group of consecutive points in one pixel column keeps the first, lowest, highest and last (in
// order): the line looks the same, and dense series stay within a draw list's 16-bit index budget.
void thin_columns(std::vector<ImVec2>& pts) {
  size_t out = 0, i = 0;
  while (i < pts.size()) {
    size_t j = i, lo = i, hi = i;
    const float column = std::floor(pts[i].x);
    for (; j < pts.size() && std::floor(pts[j].x) == column; ++j) {
      if (pts[j].y < pts[lo].y) lo = j;
      if (pts[j].y > pts[hi].y) hi = j;
    }
    const size_t keep[4] = {i, std::min(lo, hi), std::max(lo, hi), j - 1};
    for (int k = 0; k < 4; ++k)
      if (k == 0 || keep[k] != keep[k - 1]) pts[out++] = pts[keep[k]];
    i = j;
  }
  pts.resize(out);
}

float dot_radius(float thickness, float scale) { return 1.6f * thickness + scale; }

void draw_series(ImDrawList* dl, const Series& s, ImU32 col, const Layout& L, float scale) {
  const float th = std::max(1.0f, std::round(s.thickness * scale));  // whole pixels: textured AA lines
  const size_t n = std::min(s.x.size(), s.y.size());
  const bool dots = s.points && n <= static_cast<size_t>((L.b.x - L.a.x) / 2);
  std::vector<ImVec2> run;
  const auto flush = [&] {
    if (run.size() == 1 && !dots) dl->AddCircleFilled(run[0], th, col);
    if (run.size() >= 2) {
      const float span = std::max(1.0f, run.back().x - run.front().x);
      if (run.size() > 3 * span) {
        // Denser than three points per pixel column (e.g. a fast sine over thousands of positions):
        // one bar from the column's lowest to its highest point, joined to the next column, draws
        // the same band with a fraction of the vertices of an anti-aliased polyline.
        size_t i = 0;
        float prev_lo = 0, prev_hi = 0;
        bool first = true;
        while (i < run.size()) {
          const float column = std::floor(run[i].x);
          float lo = run[i].y, hi = run[i].y;
          for (; i < run.size() && std::floor(run[i].x) == column; ++i)
            lo = std::min(lo, run[i].y), hi = std::max(hi, run[i].y);
          const float top = first ? lo : std::min(lo, prev_hi), bottom = first ? hi : std::max(hi, prev_lo);
          dl->AddRectFilled(ImVec2(column, top - th / 2), ImVec2(column + 1, bottom + th / 2), col);
          prev_lo = lo, prev_hi = hi, first = false;
        }
      } else {
        thin_columns(run);
        dl->AddPolyline(run.data(), static_cast<int>(run.size()), col, 0, th);
      }
    }
    run.clear();
  };
  for (size_t i = 0; i < n; ++i) {
    if (!usable(s.x[i], L.x.log) || !usable(s.y[i], L.y.log)) {
      flush();
      continue;
    }
    const ImVec2 p(L.x.px(s.x[i]), L.y.px(s.y[i]));
    if (i < s.lo.size() && i < s.hi.size() && usable(s.lo[i], L.y.log) && usable(s.hi[i], L.y.log)) {
      const float top = L.y.px(s.hi[i]), bottom = L.y.px(s.lo[i]), cap = dot_radius(th, scale);
      dl->AddLine(ImVec2(p.x, top), ImVec2(p.x, bottom), col, std::max(1.0f, th * 0.6f));
      dl->AddLine(ImVec2(p.x - cap, top), ImVec2(p.x + cap, top), col, std::max(1.0f, th * 0.6f));
      dl->AddLine(ImVec2(p.x - cap, bottom), ImVec2(p.x + cap, bottom), col, std::max(1.0f, th * 0.6f));
    }
    if (s.steps && !run.empty()) run.emplace_back(p.x, run.back().y);
    run.push_back(p);
    if (dots) dl->AddCircleFilled(p, dot_radius(th, scale), col);
  }
  flush();
}

std::string series_name(const std::vector<Series>& series, size_t i) {
  return series[i].label.empty() ? "series " + std::to_string(i + 1) : series[i].label;
}

ImU32 series_color(const std::vector<Series>& series, size_t i) {
  return series[i].color ? series[i].color : palette(static_cast<int>(i));
}

// The series the legend names, in order.
std::vector<size_t> legend_entries(const std::vector<Series>& series) {
  std::vector<size_t> v;
  for (size_t i = 0; i < series.size(); ++i)
    if (series[i].in_legend) v.push_back(i);
  return v;
}

// The legend box's size, and the corner of the plot where it covers the fewest data points (ties: top
// right, top left, bottom right, bottom left); a marker's label it would hide counts as many points.
// Returns the number of points it covers there.
int legend_corner(const std::vector<Series>& series, const LinePlotOptions& opt, const Layout& L, ImVec2& pos,
                  ImVec2& size) {
  ImFont* font = ImGui::GetFont();
  const float fs = em(0.85f), row = fs * 1.3f, swatch = em(1.1f), pad = em(0.4f);
  float text_w = 0;
  const std::vector<size_t> named = legend_entries(series);
  for (size_t i : named)
    text_w = std::max(text_w, font->CalcTextSizeA(fs, 1e9f, 0, series_name(series, i).c_str()).x);
  size = ImVec2(pad * 2 + swatch + em(0.4f) + text_w, pad * 2 + row * named.size());
  const float m = em(0.4f);
  const ImVec2 corners[] = {{L.b.x - m - size.x, L.a.y + m},
                            {L.a.x + m, L.a.y + m},
                            {L.b.x - m - size.x, L.b.y - m - size.y},
                            {L.a.x + m, L.b.y - m - size.y}};
  const Projected projected(series, L);
  // Points (with a dot's reach around the box) and the lines between them count.
  int covered[4];
  const float r = em(0.4f);
  for (int c = 0; c < 4; ++c)
    covered[c] = projected.points_in(ImVec2(corners[c].x - r, corners[c].y - r),
                                     ImVec2(corners[c].x + size.x + r, corners[c].y + size.y + r)) +
                 projected.segments_in(corners[c], ImVec2(corners[c].x + size.x, corners[c].y + size.y));
  const std::vector<ImVec2> labels = marker_label_pos(projected, L, opt);
  for (size_t i = 0; i < opt.markers.size(); ++i) {
    const Marker& m = opt.markers[i];
    if (!marker_shown(m, L) || m.label.empty()) continue;
    const ImVec2 a = labels[i], b(a.x + ImGui::CalcTextSize(m.label.c_str()).x, a.y + em(1));
    for (int c = 0; c < 4; ++c)
      if (a.x < corners[c].x + size.x && b.x > corners[c].x && a.y < corners[c].y + size.y &&
          b.y > corners[c].y)
        covered[c] += 1000;
  }
  const int best = static_cast<int>(std::min_element(covered, covered + 4) - covered);
  pos = corners[best];
  return covered[best];
}

void draw_legend(ImDrawList* dl, const std::vector<Series>& series, ImVec2 p, ImVec2 size,
                 const Theme& theme) {
  ImFont* font = ImGui::GetFont();
  const float fs = em(0.85f), row = fs * 1.3f, swatch = em(1.1f), pad = em(0.4f);
  dl->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), with_alpha(theme.panel, 0.88f), em(0.2f));
  dl->AddRect(p, ImVec2(p.x + size.x, p.y + size.y), theme.border, em(0.2f));
  const std::vector<size_t> named = legend_entries(series);
  for (size_t k = 0; k < named.size(); ++k) {
    const size_t i = named[k];
    const float y = p.y + pad + row * k;
    dl->AddLine(ImVec2(p.x + pad, y + row / 2), ImVec2(p.x + pad + swatch, y + row / 2),
                series_color(series, i), 2.5f * theme.scale);
    dl->AddText(font, fs, ImVec2(p.x + pad + swatch + em(0.4f), y + (row - fs) / 2), theme.text,
                series_name(series, i).c_str());
  }
}

// The legend as a key above the plot, entries flowing across the width (when every corner of the plot
// holds data). Advances the cursor past it.
void legend_above(const std::vector<Series>& series, float width, const Theme& theme) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* font = ImGui::GetFont();
  const float fs = em(0.85f), row = fs * 1.45f, swatch = em(1.1f), gap = em(1.0f);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  float x = 0, y = 0;
  for (size_t i : legend_entries(series)) {
    const std::string name = series_name(series, i);
    const float w = swatch + em(0.4f) + font->CalcTextSizeA(fs, 1e9f, 0, name.c_str()).x;
    if (x > 0 && x + w > width) {
      x = 0;
      y += row;
    }
    dl->AddLine(ImVec2(o.x + x, o.y + y + row / 2), ImVec2(o.x + x + swatch, o.y + y + row / 2),
                series_color(series, i), 2.5f * theme.scale);
    dl->AddText(font, fs, ImVec2(o.x + x + swatch + em(0.4f), o.y + y + (row - fs) / 2), theme.text,
                name.c_str());
    x += w + gap;
  }
  ImGui::Dummy(ImVec2(width, y + row));
}

void draw_axis_text(ImDrawList* dl, const Layout& L, const LinePlotOptions& opt, ImVec2 origin,
                    const Theme& theme) {
  // Centred on their ticks, but never cut by the plot's right edge; one that would then run into the
  // label before it is left out.
  float taken = -kInf;
  for (size_t i = 0; i < L.xt.size(); ++i) {
    const float w = ImGui::CalcTextSize(L.xl[i].c_str()).x;
    const float x = std::max(origin.x, std::min(L.x.px(L.xt[i]) - w / 2, L.b.x - w));
    if (x < taken + em(0.4f)) continue;
    dl->AddText(ImVec2(x, L.b.y + em(0.25f)), theme.muted, L.xl[i].c_str());
    taken = x + w;
  }
  for (size_t i = 0; i < L.yt.size(); ++i) {
    const float w = ImGui::CalcTextSize(L.yl[i].c_str()).x;
    dl->AddText(ImVec2(L.a.x - em(0.35f) - w, L.y.px(L.yt[i]) - em(0.5f)), theme.muted, L.yl[i].c_str());
  }
  if (opt.x_label) {
    const float w = ImGui::CalcTextSize(opt.x_label).x;
    dl->AddText(ImVec2((L.a.x + L.b.x - w) / 2, L.b.y + em(1.45f)), theme.text, opt.x_label);
  }
  if (opt.y_label) dl->AddText(ImVec2(origin.x, L.a.y - em(1.35f)), theme.text, opt.y_label);
}

// Index of the point nearest (on screen) to pixel column `px`, or −1: binary search when x is sorted.
int nearest_index(const Series& s, float px, const Axis& ax) {
  const int n = static_cast<int>(std::min(s.x.size(), s.y.size()));
  const auto dist = [&](int i) { return usable(s.x[i], ax.log) ? std::fabs(ax.px(s.x[i]) - px) : kInf; };
  int best = -1;
  if (n > 0 && std::is_sorted(s.x.begin(), s.x.begin() + n)) {
    const int i =
        static_cast<int>(std::lower_bound(s.x.begin(), s.x.begin() + n, ax.value(px)) - s.x.begin());
    for (int k : {i - 1, i})
      if (k >= 0 && k < n && dist(k) < kInf && (best < 0 || dist(k) < dist(best))) best = k;
    if (best >= 0) return best;
  }
  for (int i = 0; i < n; ++i)
    if (dist(i) < kInf && (best < 0 || dist(i) < dist(best))) best = i;
  return best;
}

void hover_readout(ImDrawList* dl, const std::vector<Series>& series, const Layout& L,
                   const LinePlotOptions& opt, const Theme& theme, double hover_x) {
  const float mx = ImGui::GetIO().MousePos.x;
  dl->AddLine(ImVec2(mx, L.a.y), ImVec2(mx, L.b.y), with_alpha(theme.strong, 0.45f), theme.scale);
  std::vector<int> idx;
  for (const Series& s : series) idx.push_back(nearest_index(s, mx, L.x));
  // The header shows the nearest data x of the first series with data (else the mouse's x).
  const auto first = std::find_if(idx.begin(), idx.end(), [](int k) { return k >= 0; });
  const double x_head = first == idx.end() ? hover_x : series[first - idx.begin()].x[*first];
  ImGui::BeginTooltip();
  ImGui::Text("%s = %s", opt.x_label ? opt.x_label : "x", short_number(x_head, 4).c_str());
  for (size_t i = 0; i < series.size(); ++i) {
    if (idx[i] < 0) continue;
    const double x = series[i].x[idx[i]], y = series[i].y[idx[i]];
    if (usable(y, L.y.log))
      dl->AddCircle(ImVec2(L.x.px(x), L.y.px(y)), em(0.25f), series_color(series, i), 0, 1.5f * theme.scale);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(series_color(series, i)), "%s",
                       series_name(series, i).c_str());
    ImGui::SameLine();
    const Series& si = series[i];
    const size_t at = static_cast<size_t>(idx[i]);
    if (std::isfinite(y) && at < si.lo.size() && at < si.hi.size() && std::isfinite(si.lo[at]) &&
        std::isfinite(si.hi[at]))
      ImGui::Text("%s (%s\xE2\x80\x93%s)", short_number(y, 4).c_str(), short_number(si.lo[at], 4).c_str(),
                  short_number(si.hi[at], 4).c_str());
    else
      ImGui::Text("%s", std::isfinite(y) ? short_number(y, 4).c_str() : tr(theme.lang, "n/a"));
    if (x != x_head) {
      ImGui::SameLine();
      ImGui::TextDisabled("(x = %s)", short_number(x, 4).c_str());
    }
  }
  if (opt.hover_extra)
    wrapped(opt.hover_extra(hover_x, opt.hover_user), theme, 0, em(24));  // stays on screen
  ImGui::EndTooltip();
}

}  // namespace

ImU32 palette(int i) {
  // Okabe–Ito-like hues, darkened where needed to read on white; yellow swapped for a brown.
  static const ImU32 colors[] = {
      IM_COL32(0, 114, 178, 255),   IM_COL32(213, 94, 0, 255),  IM_COL32(0, 158, 115, 255),
      IM_COL32(204, 121, 167, 255), IM_COL32(222, 143, 5, 255), IM_COL32(86, 180, 233, 255),
      IM_COL32(128, 96, 56, 255),   IM_COL32(72, 72, 72, 255),
  };
  const int n = static_cast<int>(sizeof colors / sizeof colors[0]);
  return colors[((i % n) + n) % n];
}

namespace {
std::vector<PlotRecord>* g_plot_log = nullptr;  // tests only

void record_plot(const LinePlotOptions& opt, const std::vector<Series>& series, const Layout& L,
                 ImVec2 legend_a, ImVec2 legend_b, float scale) {
  PlotRecord r;
  r.title = opt.title ? opt.title : "", r.y_lo = L.y.lo, r.y_hi = L.y.hi, r.log_y = opt.log_y;
  r.frame_a = L.a, r.frame_b = L.b, r.legend_a = legend_a, r.legend_b = legend_b;
  for (size_t si = 0; si < series.size(); ++si) {
    const Series& s = series[si];
    r.lines.push_back({std::max(1.0f, std::round(s.thickness * scale)),
                       ((series_color(series, si) >> IM_COL32_A_SHIFT) & 0xFF) == 0xFF});
    const size_t n = std::min(s.x.size(), s.y.size());
    const float dot = s.points && n <= static_cast<size_t>((L.b.x - L.a.x) / 2)
                          ? dot_radius(std::max(1.0f, std::round(s.thickness * scale)), scale)
                          : 0;
    for (size_t k = 0; k < n; ++k)
      if (usable(s.y[k], opt.log_y) && (!opt.log_x || s.x[k] > 0) && std::isfinite(s.x[k]) &&
          s.x[k] >= L.x.lo && s.x[k] <= L.x.hi && s.y[k] >= L.y.lo && s.y[k] <= L.y.hi)
        r.points.push_back({ImVec2(L.x.px(s.x[k]), L.y.px(s.y[k])), dot, static_cast<int>(si)});
  }
  for (const Series& s : series) {
    PlotRecord::End e{s.label, 0, 0};
    bool any = false;
    for (size_t i = 0; i < s.y.size(); ++i)
      if (usable(s.y[i], opt.log_y) && (!opt.log_x || (i < s.x.size() && s.x[i] > 0))) {
        if (!any) e.first = s.y[i];
        e.last = s.y[i];
        any = true;
      }
    if (any) r.ends.push_back(e);
  }
  g_plot_log->push_back(std::move(r));
}
}  // namespace

void set_plot_log(std::vector<PlotRecord>* log) { g_plot_log = log; }

LinePlotResult line_plot(const char* id, const std::vector<Series>& series, const LinePlotOptions& opt,
                         const Theme& theme) {
  LinePlotResult res;
  ImGui::PushID(id);
  ImGui::BeginGroup();
  const float width = std::max(em(6), opt.width > 0 ? opt.width : ImGui::GetContentRegionAvail().x);
  const float height = std::max(em(4), opt.height > 0 ? opt.height : em(14));
  if (opt.title) title(opt.title, width, theme);
  // The legend goes in the emptiest corner; when every corner holds data, above the plot instead.
  const std::vector<size_t> named = legend_entries(series);
  const bool legend =
      opt.legend && (named.size() > 1 || (named.size() == 1 && !series[named[0]].label.empty()));
  ImVec2 legend_pos, legend_size;
  const Layout probe = make_layout(series, opt, ImGui::GetCursorScreenPos(), ImVec2(width, height));
  const bool legend_inside = legend && legend_corner(series, opt, probe, legend_pos, legend_size) == 0;
  float plot_height = height;
  if (legend && !legend_inside) {
    const float before = ImGui::GetCursorScreenPos().y;
    legend_above(series, width, theme);
    plot_height = std::max(em(4), height - (ImGui::GetCursorScreenPos().y - before));
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const Layout L = make_layout(series, opt, origin, ImVec2(width, plot_height));
  if (g_plot_log)
    record_plot(opt, series, L, legend_inside ? legend_pos : ImVec2(),
                legend_inside ? ImVec2(legend_pos.x + legend_size.x, legend_pos.y + legend_size.y) : ImVec2(),
                theme.scale);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(L.a, L.b, theme.panel);
  dl->PushClipRect(L.a, L.b, true);
  const Projected projected(series, L);
  draw_bands(dl, L, opt.bands, projected, theme);
  draw_grid(dl, L, theme);
  draw_markers(dl, L, opt, marker_label_pos(projected, L, opt), theme);
  for (size_t i = 0; i < series.size(); ++i)
    draw_series(dl, series[i], series_color(series, i), L, theme.scale);
  if (legend_inside) draw_legend(dl, series, legend_pos, legend_size, theme);
  dl->PopClipRect();
  dl->AddRect(L.a, L.b, theme.border, 0, 0, theme.scale);
  draw_axis_text(dl, L, opt, origin, theme);

  ImGui::InvisibleButton("plot", ImVec2(width, plot_height));
  const ImVec2 mp = ImGui::GetIO().MousePos;
  if (ImGui::IsItemHovered() && mp.x >= L.a.x && mp.x <= L.b.x && mp.y >= L.a.y && mp.y <= L.b.y) {
    res.hovered = true;
    res.hover_x = L.x.value(mp.x);
    res.clicked = item_tapped();
    hover_readout(dl, series, L, opt, theme, res.hover_x);
  }
  ImGui::EndGroup();
  ImGui::PopID();
  return res;
}

}  // namespace posenc::ui
