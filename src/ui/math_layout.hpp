// A small typesetter for the formulas in lesson text ($…$): superscripts and subscripts (nested,
// both on one base), square roots with their bar, Greek and operators as written. Pure layout on
// boxes — glyph widths come from the caller — so it is tested natively; rich_text draws the result.
//
// Syntax (what the lesson files use):
//   x^2  x^K  x^(2i/d)  x^{i m θ}     superscript: one run of letters/digits, or a (…) / {…} group
//                                     (the grouping parentheses are not drawn: position groups it)
//   x_i  e_ij  L_train  w_{−k}        subscript, the same way
//   a^K_ij                            both, stacked on the same base
//   √d  √(2/(π d))  √d_z              square root over the next token or group, with a bar
//   {1}/{base^(2i/d)}                 a stacked fraction: two brace groups joined by '/'
//   {…}                               otherwise braces only group
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::ui {

struct MathMetrics {
  // Advance width of `text` at font size `size` (pixels).
  std::function<float(std::string_view text, float size)> width;
  float ascent = 0.8f;   // per unit of font size, above the baseline
  float descent = 0.2f;  // … below it
};

struct MathPiece {
  std::string text;
  float x = 0;         // left edge, from the box's left
  float baseline = 0;  // from the box's baseline, positive downwards
  float size = 0;      // font size
};

struct MathRule {               // a horizontal bar: a root's vinculum or a fraction's line
  float x0 = 0, x1 = 0, y = 0;  // y from the baseline, positive downwards
  float thickness = 0;
};

struct MathBox {
  float width = 0, ascent = 0, descent = 0;  // ascent above the baseline, descent below (both ≥ 0)
  std::vector<MathPiece> pieces;
  std::vector<MathRule> rules;
};

MathBox layout_math(std::string_view text, float size, const MathMetrics& metrics);

}  // namespace posenc::ui
