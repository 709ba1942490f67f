// A small matrix drawn as coloured cells (diverging map around 0) with row/column labels, an optional
// colour bar and a hover readout. For the small matrices of lesson 1 (≤ 64 × 64); large tables use the
// texture heatmap.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "theme.hpp"

namespace posenc::ui {

struct MatrixViewOptions {
  const char* title = nullptr;
  const std::vector<std::string>* row_labels = nullptr;
  const std::vector<std::string>* col_labels = nullptr;
  const char* row_name = "row";  // used in the hover readout
  const char* col_name = "col";
  double range = 0;          // colours span [−range, range]; 0: the matrix's max |value|
  float max_width = 0;       // 0: available width
  float max_cell = 0;        // 0: 1.6 em
  bool show_values = false;  // print values inside cells when they fit
  bool color_bar = false;
  int highlight_row = -1;
};

struct MatrixViewResult {
  int hovered_row = -1;
  int hovered_col = -1;
  bool clicked = false;
};

MatrixViewResult matrix_view(const char* id, const Eigen::MatrixXd& m, const MatrixViewOptions& opt,
                             const Theme& theme);

// Labels for n numbered rows or columns: prefix + "0", prefix + "1", …; with `every` > 1 only every
// every-th is written (the others "").
std::vector<std::string> index_labels(int n, const char* prefix = "", int every = 1);

// A permutation, or its first rows, as a 0/1 matrix: rows and columns numbered (every `col_every`-th
// column labelled), called `row_name` and `col_name` in the hover readout, cells at most `max_cell` wide.
MatrixViewResult permutation_view(const char* id, const Eigen::MatrixXd& m, const char* title,
                                  const char* row_name, const char* col_name, float max_cell,
                                  const Theme& theme, int col_every = 1);

// Every how many columns matrix_view labels a column: 1 when each label fits its `cell` with `gap` to
// spare; for index labels (whole numbers) the smallest of 2, 5, 10, 20, … that fits, while that leaves at
// least two labels; 0 for none (words are shown all or not at all). Measured with the current font.
int col_label_stride(const std::vector<std::string>* labels, float cell, float gap);

// A horizontal colour bar for [−range, range] with its end values, `width` wide.
// `non_negative`: the values never fall below 0, so only the map's upper half, 0 … range, is shown.
void color_bar(double range, float width, const Theme& theme, bool non_negative = false);

// Compact number for labels and readouts ("0.125", "-3.2e-17").
std::string short_number(double v, int digits = 3);
// A cell's value for a hover readout: `digits` significant digits, infinities as −∞ / ∞ (a masked score).
std::string value_text(double v, int digits);

}  // namespace posenc::ui
