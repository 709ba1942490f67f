// A strip of cells, one per item (a model's layers), each filled with its kind's colour or left empty and
// hatched (an item of no kind: a layer without RoPE); numbered underneath, a key of the kinds below it,
// and a readout of the cell under the mouse or finger. As wide as the room: cells narrow down to a
// readable width, then the strip wraps onto more rows. Sized in font units; holds no state between frames.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "theme.hpp"

namespace posenc::ui {

// One entry of the key: a swatch in `color` (0: hatched, as the empty cells) and its text.
struct StripKey {
  ImU32 color = 0;
  std::string text;
};

struct CellStripOptions {
  const char* title = nullptr;
  float width = 0;       // 0: the available width
  int first_number = 1;  // the number written under cell 0 (items counted from 1)
  std::vector<StripKey> key;
  std::function<std::string(int cell)> hover;  // the readout of a cell, lines split at '\n' (optional)
};

// `cells`: per item, the index of its colour in `colors`, or −1 for none (hatched). Returns the cell
// under the mouse, or −1.
int cell_strip(const char* id, const std::vector<int>& cells, const std::vector<ImU32>& colors,
               const CellStripOptions& opt, const Theme& theme);

// How cell_strip lays out `n` cells in `width` pixels: per row, and each cell's width (for tests).
struct StripLayout {
  int per_row = 0, rows = 0;
  float cell = 0;
};
StripLayout strip_layout(int n, float width);

// For tests: every strip drawn while a log is set, with each cell's colour (0: hatched), the key's texts
// and its layout.
struct StripRecord {
  std::string title;
  std::vector<ImU32> cells;
  std::vector<std::string> key;
  std::vector<ImU32> key_colors;
  StripLayout layout;
};
void set_strip_log(std::vector<StripRecord>* log);

}  // namespace posenc::ui
