#include "plot_axes.hpp"

#include <algorithm>
#include <cmath>

#include "theme.hpp"
#include "ticks.hpp"

namespace posenc::ui::plot {

Range data_range(const std::vector<Series>& series, bool y_axis, bool log) {
  Range r;
  for (const Series& s : series)
    for (size_t i = 0, n = std::min(s.x.size(), s.y.size()); i < n; ++i) {
      const double v = y_axis ? s.y[i] : s.x[i];
      if (!usable(v, log)) continue;
      r.lo = std::min(r.lo, v);
      r.hi = std::max(r.hi, v);
    }
  return r;
}

// Gives an empty range a default, widens a zero-width one, then pads by `pad` of its width each side
// (in log space on log axes).
Range finish_range(Range r, bool log, double pad) {
  if (!(r.lo <= r.hi)) r = log ? Range{1, 10} : Range{0, 1};
  double a = log ? std::log10(r.lo) : r.lo, b = log ? std::log10(r.hi) : r.hi;
  if (b - a <= 1e-12 * std::max(1.0, std::fabs(a))) {
    const double w = log ? 0.5 : a != 0 ? std::fabs(a) * 0.1 : 1.0;
    a -= w;
    b += w;
  }
  const double d = (b - a) * pad;
  a -= d;
  b += d;
  return log ? Range{std::pow(10.0, a), std::pow(10.0, b)} : Range{a, b};
}

Range y_range(const std::vector<Series>& series, const LinePlotOptions& opt) {
  if (opt.fix_y && usable(opt.y_min, opt.log_y) && usable(opt.y_max, opt.log_y) && opt.y_min < opt.y_max)
    return {opt.y_min, opt.y_max};
  Range r = data_range(series, true, opt.log_y);
  for (const Marker& m : opt.y_markers)  // a threshold line stays in view
    if (usable(m.x, opt.log_y))
      r = r.lo <= r.hi ? Range{std::min(r.lo, m.x), std::max(r.hi, m.x)} : Range{m.x, m.x};
  return finish_range(r, opt.log_y, 0.05);
}

std::vector<std::string> labels_of(const std::vector<double>& ticks) {
  std::vector<std::string> out;
  for (double v : ticks) out.push_back(tick_label(v));
  return out;
}

// As many x ticks as fit with a gap between neighbouring labels.
void fit_x_ticks(Layout& L, bool integer) {
  for (int n = std::max(2, static_cast<int>((L.b.x - L.a.x) / em(4.5f))); n >= 2; --n) {
    L.xt = nice_ticks(L.x.lo, L.x.hi, n, L.x.log);
    if (integer) {  // no "pair 0.5": whole numbers only, every one of them when the range is short
      L.xt.erase(std::remove_if(L.xt.begin(), L.xt.end(), [](double v) { return v != std::floor(v); }),
                 L.xt.end());
      if (L.xt.size() < 2) {
        L.xt.clear();
        for (double v = std::ceil(L.x.lo); v <= L.x.hi && L.xt.size() < 64; ++v) L.xt.push_back(v);
      }
    }
    L.xl = labels_of(L.xt);
    bool fits = true;
    for (size_t i = 1; i < L.xt.size(); ++i) {
      const float need =
          (ImGui::CalcTextSize(L.xl[i - 1].c_str()).x + ImGui::CalcTextSize(L.xl[i].c_str()).x) / 2;
      fits = fits && L.x.px(L.xt[i]) - L.x.px(L.xt[i - 1]) >= need + em(0.6f);
    }
    if (fits) return;
  }
}

Layout make_layout(const std::vector<Series>& series, const LinePlotOptions& opt, ImVec2 origin,
                   ImVec2 size) {
  Layout L;
  Range xr = finish_range(data_range(series, false, opt.log_x), opt.log_x, 0);
  if (!opt.log_x && opt.x_pad > 0) xr = {xr.lo - opt.x_pad, xr.hi + opt.x_pad};
  const Range yr = y_range(series, opt);
  const float top = opt.y_label ? em(1.5f) : em(0.6f);
  const float bottom = em(1.4f) + (opt.x_label ? em(1.2f) : 0);
  const float plot_h = std::max(em(2), size.y - top - bottom);
  L.yt = nice_ticks(yr.lo, yr.hi, std::max(2, static_cast<int>(plot_h / em(2.2f))), opt.log_y);
  L.yl = labels_of(L.yt);
  float left = 0;
  for (const auto& l : L.yl) left = std::max(left, ImGui::CalcTextSize(l.c_str()).x);
  left += em(0.6f);
  L.a = ImVec2(origin.x + left, origin.y + top);
  L.b = ImVec2(std::max(L.a.x + em(2), origin.x + size.x - em(0.8f)), L.a.y + plot_h);
  // Dots at the data's ends would be cut in half by the frame: with dots the data stays a dot's width
  // inside it (the frame and its grid as before).
  const bool dots = std::any_of(series.begin(), series.end(), [](const Series& s) { return s.points; });
  const float inset = dots ? em(0.4f) : 0;
  L.x = Axis{xr.lo, xr.hi, opt.log_x, L.a.x + inset, L.b.x - inset};
  L.y = Axis{yr.lo, yr.hi, opt.log_y, L.b.y - inset, L.a.y + inset};
  fit_x_ticks(L, opt.integer_x);
  return L;
}

}  // namespace posenc::ui::plot
