// Draws lesson text (content::Block runs) with word wrap: **strong**, `code`, $math$ and live
// {{placeholder}} values, which are looked up at draw time and shown as highlighted numbers.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "content/document.hpp"
#include "theme.hpp"

namespace posenc::ui {

using PlaceholderLookup = std::function<std::string(std::string_view name)>;

// Overrides for a compact block (titles, residual lines): no gap after it, and where set, one font and
// colour for text and formulas, and the colours of {{value}} chips. Zero / null keeps the default.
struct RichStyle {
  ImFont* font = nullptr;
  ImU32 color = 0;
  ImU32 value_color = 0, value_background = 0;
  float line_height = 0;  // in font sizes; 0: the text's 1.45
};

// Draws the blocks at the cursor, wrapping at `wrap_width`, and advances the cursor.
void rich_text(const std::vector<content::Block>& blocks, float wrap_width, const Theme& theme,
               const PlaceholderLookup& lookup, const RichStyle* style = nullptr);

// Plain text split into runs: words with _ ^ or √ ("q_i", "√d_z", "base^(2i/d)") become formulas.
std::vector<content::Run> formula_runs(std::string_view text);

// A widget's (or step's) title in bold (colour 0: the theme's strong text), wrapping at `wrap_width`; its
// formula-like words (with _ ^ or √, e.g. "q_i", "√d_z", "base^(2i/d)") are typeset.
void title(std::string_view text, float wrap_width, const Theme& theme, ImU32 color = 0);

// Program text (captions, notices, hints) wrapped by the same rules as lesson text: never inside a
// number, never after a lone operator, around CJK characters but not before closing punctuation, and
// without a lone piece on the last line; a '\n' starts a new line. Colour 0: the theme's text; width 0:
// what is left.
// line_height in font sizes (0: the lesson text's 1.45).
void wrapped(std::string_view text, const Theme& theme, ImU32 color = 0, float wrap_width = 0,
             ImFont* font = nullptr, float line_height = 0);

// Program text in bold and the theme's strong colour, wrapped as wrapped() wraps it: a heading over a
// lesson's widget.
void heading(std::string_view text, const Theme& theme);

// The height wrapped() would take, without drawing.
float measure_wrapped(std::string_view text, const Theme& theme, float wrap_width, ImFont* font = nullptr,
                      float line_height = 0);

// A one-block line of inline runs (e.g. a formula with its live numbers): Math runs in the formula
// colour, Placeholder runs drawn as highlighted values using their text as the value itself.
void formula_line(const std::vector<content::Run>& runs, float wrap_width, const Theme& theme);

// Whether a line may break between two adjacent pieces of text: after a space, or around CJK
// characters, but never before closing punctuation (，。）) or after opening punctuation (（), nor beside
// a lone relation (= ≈ < > ≤ ≥ ≠: an equation breaks elsewhere, or moves to the next line whole).
bool can_break_between(std::string_view before, std::string_view after);

// Whether `word` (without spaces) is a relation: = ≈ < > ≤ ≥ ≠.
bool is_relation(std::string_view word);

// For tests: every line typeset and drawn while a log is set (lesson text, captions, titles, tooltips).
struct TypesetLine {
  std::string text;          // its atoms' text in order, trailing spaces included (a formula: its source)
  float width = 0;           // as drawn, with trailing spaces
  float room = 0;            // the width the line may take
  int groups = 0;            // pieces the line may not break inside
  float last_group = 0;      // the width of its last piece, with its trailing space
  int index = 0, count = 0;  // its place in its paragraph, and the paragraph's number of lines
  // It starts inside a piece wider than the line, where that piece had to break: a long word cut after a
  // dot or '_', an equation before one of its relations.
  bool broken_inside = false;
};
void set_line_log(std::vector<TypesetLine>* log);

// Splits UTF-8 text into pieces a line may break after: words with their trailing space, and single
// CJK characters (which break anywhere). Exposed for tests.
std::vector<std::string_view> break_units(std::string_view text);

}  // namespace posenc::ui
