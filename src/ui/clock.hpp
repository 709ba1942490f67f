// A clock face in the complex plane: unit circle, axes, and hands (unit vectors at given angles) with
// labels. Lesson 5 draws one face per (sin, cos) pair of the position encoding.
#pragma once

#include <string>
#include <vector>

#include "theme.hpp"

namespace posenc::ui {

struct ClockHand {
  double angle = 0;     // radians, counter-clockwise from the positive real axis
  double length = 1.0;  // fraction of the radius
  ImU32 color = 0;      // 0: theme.accent
  std::string label;    // drawn near the tip (optional)
  bool ghost = false;   // drawn faint (e.g. the previous position)
};

struct ClockOptions {
  const char* title = nullptr;    // above the face
  const char* caption = nullptr;  // below the face, muted (e.g. "ω = 0.0316, period 199")
  float size = 0;                 // diameter; 0: 8 em
  bool axes = true;               // Re / Im axes through the centre
  bool trail = false;             // faint arc from angle 0 to the first hand's angle
};

// Returns true when the face is hovered.
bool clock_face(const char* id, const std::vector<ClockHand>& hands, const ClockOptions& opt,
                const Theme& theme);

}  // namespace posenc::ui
