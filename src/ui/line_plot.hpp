// Line plot of several series: axes with "nice" ticks (linear or log on either axis), legend, a hover
// readout of every series at the nearest x, optional vertical markers and shaded x ranges.
// Sized in font units; holds no state between frames.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "theme.hpp"
#include "ticks.hpp"

namespace posenc::ui {

struct Series {
  std::string label;
  std::vector<double> x, y;  // same length; non-finite y values break the line
  ImU32 color = 0;           // 0: a colour from the built-in palette by series index
  float thickness = 2.0f;    // CSS pixels (scaled by theme.scale)
  bool points = false;       // draw a dot at each point (for sparse data)
  bool steps = false;        // draw as a staircase (value held until the next x)
  // Optional whiskers: a thin vertical bar from lo[i] to hi[i] at x[i] (e.g. the spread over seeds).
  std::vector<double> lo, hi;
  bool in_legend = true;  // false: drawn, but not named in the legend (a repeat of a named series)
};

// The series y(i) at x = x0 + i·dx, i = 0…n−1.
Series series(std::string label, const Eigen::VectorXd& y, double x0 = 0, double dx = 1);
// The series through the points (x[i], y[i]).
Series series(std::string label, std::vector<double> x, std::vector<double> y);

struct Marker {
  double x = 0;
  std::string label;
  ImU32 color = 0;  // 0: theme.muted
};

struct Band {  // shaded x range, e.g. positions beyond the training length
  double x0 = 0, x1 = 0;
  ImU32 color = 0;  // 0: a light tint of theme.warn
  std::string label;
};

struct LinePlotOptions {
  const char* title = nullptr;
  const char* x_label = nullptr;
  const char* y_label = nullptr;
  bool log_x = false, log_y = false;  // log axes ignore values ≤ 0
  bool integer_x = false;             // x counts things (pair i, head): ticks on whole numbers only
  bool fix_y = false;                 // use y_min/y_max instead of the data range
  double y_min = 0, y_max = 1;
  double x_pad = 0;  // data units added to the x range on each side (linear x): end dots stay whole
  float width = 0;   // 0: available width
  float height = 0;  // 0: 14 em
  bool legend = true;
  std::vector<Marker> markers;    // dashed vertical lines at x
  std::vector<Marker> y_markers;  // dashed horizontal lines at y (its `x`): thresholds the text quotes
  std::vector<Band> bands;
  // Extra text for the hover tooltip, given the hovered x (data units). Optional.
  std::string (*hover_extra)(double x, const void* user) = nullptr;
  const void* hover_user = nullptr;
};

struct LinePlotResult {
  bool hovered = false;
  double hover_x = 0;  // data units, when hovered
  bool clicked = false;
};

LinePlotResult line_plot(const char* id, const std::vector<Series>& series, const LinePlotOptions& opt,
                         const Theme& theme);

// For tests: every plot drawn while a log is set, with its y axis and each series' first and last
// drawable points — a curve whose ends (what the text quotes) fall outside the axis is clipped.
struct PlotRecord {
  std::string title;
  double y_lo = 0, y_hi = 1;
  bool log_y = false;
  struct End {
    std::string label;
    double first = 0, last = 0;
  };
  std::vector<End> ends;
  // Where it was drawn: the frame, the legend's box inside it (empty: none, or above the plot), and
  // each point on screen with the radius of its dot (0: no dot; a line's points still count).
  ImVec2 frame_a, frame_b, legend_a, legend_b;
  struct Point {
    ImVec2 at;
    float dot = 0;
    int series = 0;  // index in draw order
  };
  std::vector<Point> points;
  struct Line {
    float width = 0;     // pixels
    bool opaque = true;  // its colour's alpha is full
  };
  std::vector<Line> lines;  // per series, in draw order
};
void set_plot_log(std::vector<PlotRecord>* log);

// Colour `i` of the series palette (colour-blind-friendly, distinct on a light page).
ImU32 palette(int i);

}  // namespace posenc::ui
