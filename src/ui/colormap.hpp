// Colour maps for matrices. Pure functions (no ImGui), tested natively.
#pragma once

#include <cstdint>

namespace posenc::ui {

struct Rgb {
  float r, g, b;  // 0…1
};

// Diverging map for signed values, t in [−1, 1]: blue (−1) → near-white (0) → red-orange (+1).
// Blue/orange diverging maps stay distinguishable for the common red-green colour-vision
// deficiencies; lightness is monotone in |t| so the magnitude reads without hue.
Rgb diverging(double t);

// Its control points, t from −1 to 1, linearly interpolated between (a lesson's notebook draws its
// heatmaps with the same map).
struct ColorStop {
  double t;
  Rgb c;
};
const ColorStop* diverging_stops(int* count);

// Packs to ImGui's ABGR byte order (IM_COL32).
std::uint32_t pack_abgr(Rgb c, float alpha = 1.0f);

// Text colour (black or white) readable on top of `background`.
Rgb readable_on(Rgb background);

}  // namespace posenc::ui
