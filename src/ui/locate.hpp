// Where the controls were drawn, so that tests and scripts can click them without fixed pixel
// positions: the shell and the widgets call remember(label) right after a button, and posenc.locate
// answers from the record of the last frame. The shell also records the page's regions (":text",
// ":visual") and heatmaps their cells, so that a script can scroll the text or click a cell where it is.
#pragma once

#include <cfloat>
#include <optional>
#include <string_view>

namespace posenc::ui {

// A rectangle in ImGui's coordinates (device pixels on the web).
struct ItemRect {
  float x = 0, y = 0, w = 0, h = 0;
};

// Records the last submitted item's rectangle (ImGui::GetItemRectMin/Max) under `label` for this
// frame. Items that are scrolled or clipped out of sight are not recorded.
void remember(std::string_view label);

// Records `rect` under `label` for this frame (e.g. ":focus", the keyboard focus frame).
void remember_rect(std::string_view label, const ItemRect& rect);

// Records the last submitted item as a grid of rows × cols equal cells (a heatmap's plot area) under
// `label`: locate(label) answers the whole grid as remember() would, and locate("label[r,c]") the part in
// sight of the cell in row r, column c (0-based).
void remember_grid(std::string_view label, int rows, int cols);

// Records the part in sight of the current window's content between screen heights y0 and y1 (all of
// it by default) under `label`, its full inner width: a region of the page, e.g. ":text". Nothing when
// none of it is in sight.
void remember_region(std::string_view label, float y0 = -FLT_MAX, float y1 = FLT_MAX);

// While paused, nothing is remembered: "Save figure" draws the visual a second time, off the screen
// (src/app/figure.hpp), and locate answers where the learner sees things.
void pause_remembering(bool paused);

// The rectangle of the last item remembered under `label` in the latest frame, or nothing when that
// frame drew no such item; for "grid[r,c]" (no item of that label) the part in sight of that cell of
// the grid remembered as "grid", or nothing when the cell is out of the grid or out of sight.
std::optional<ItemRect> locate(std::string_view label);

}  // namespace posenc::ui
