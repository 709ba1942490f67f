#include "colormap.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace posenc::ui {
namespace {

using Stop = ColorStop;

// Control points chosen for even steps in lightness on a light page.
constexpr Stop kStops[] = {
    {-1.00, {0.020f, 0.188f, 0.380f}}, {-0.66, {0.129f, 0.400f, 0.675f}}, {-0.33, {0.573f, 0.773f, 0.871f}},
    {0.00, {0.969f, 0.969f, 0.969f}},  {0.33, {0.992f, 0.780f, 0.522f}},  {0.66, {0.886f, 0.416f, 0.118f}},
    {1.00, {0.498f, 0.153f, 0.016f}},
};

}  // namespace

Rgb diverging(double t) {
  if (!std::isfinite(t)) return {0.6f, 0.6f, 0.6f};
  t = std::clamp(t, -1.0, 1.0);
  for (size_t i = 1; i < std::size(kStops); ++i) {
    if (t <= kStops[i].t) {
      const Stop& a = kStops[i - 1];
      const Stop& b = kStops[i];
      const float u = static_cast<float>((t - a.t) / (b.t - a.t));
      return {a.c.r + (b.c.r - a.c.r) * u, a.c.g + (b.c.g - a.c.g) * u, a.c.b + (b.c.b - a.c.b) * u};
    }
  }
  return kStops[std::size(kStops) - 1].c;
}

const ColorStop* diverging_stops(int* count) {
  *count = static_cast<int>(std::size(kStops));
  return kStops;
}

std::uint32_t pack_abgr(Rgb c, float alpha) {
  auto byte = [](float v) {
    return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
  };
  return (byte(alpha) << 24) | (byte(c.b) << 16) | (byte(c.g) << 8) | byte(c.r);
}

Rgb readable_on(Rgb bg) {
  const float luma = 0.2126f * bg.r + 0.7152f * bg.g + 0.0722f * bg.b;
  return luma > 0.5f ? Rgb{0.07f, 0.08f, 0.09f} : Rgb{1.0f, 1.0f, 1.0f};
}

}  // namespace posenc::ui
