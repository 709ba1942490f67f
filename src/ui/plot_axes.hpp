// The axes of a line plot: data ranges (linear or log, padded), ticks that fit, and the plot rectangle
// with its mapping from data to pixels. Internal to the line plot (line_plot.cpp).
#pragma once

#include <imgui.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "line_plot.hpp"

namespace posenc::ui::plot {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A value that can be drawn on the axis: finite, and positive on a log axis.
inline bool usable(double v, bool log) { return std::isfinite(v) && (!log || v > 0); }

struct Range {
  double lo = kInf, hi = -kInf;
};

struct Axis {
  double lo = 0, hi = 1;
  bool log = false;
  float p0 = 0, p1 = 1;  // pixel positions of lo and hi
  double t(double v) const { return log ? std::log10(v) : v; }
  float px(double v) const {
    const double f = (t(v) - t(lo)) / (t(hi) - t(lo));
    return static_cast<float>(std::clamp(p0 + (p1 - p0) * f, -1e7, 1e7));
  }
  double value(float p) const {
    const double f = t(lo) + (p - p0) / static_cast<double>(p1 - p0) * (t(hi) - t(lo));
    return log ? std::pow(10.0, f) : f;
  }
};

struct Layout {
  ImVec2 a, b;  // plot rect: top-left, bottom-right
  Axis x, y;
  std::vector<double> xt, yt;
  std::vector<std::string> xl, yl;
};

// The x or y extent of the series' finite values (positive ones on a log axis).
Range data_range(const std::vector<Series>& series, bool y_axis, bool log);
// Gives an empty range a default, widens a zero-width one, then pads by `pad` of its width each side.
Range finish_range(Range r, bool log, double pad);
// The y range: fixed by the options, or the data's (and y markers') padded by 5 %.
Range y_range(const std::vector<Series>& series, const LinePlotOptions& opt);
// Ticks, labels and the plot rectangle inside `size` at `origin`.
Layout make_layout(const std::vector<Series>& series, const LinePlotOptions& opt, ImVec2 origin, ImVec2 size);

}  // namespace posenc::ui::plot
