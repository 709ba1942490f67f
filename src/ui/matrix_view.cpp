#include "matrix_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "colormap.hpp"
#include "i18n.hpp"
#include "rich_text.hpp"

namespace posenc::ui {

std::string value_text(double v, int digits) {
  if (std::isinf(v)) return v < 0 ? "\xE2\x88\x92\xE2\x88\x9E" : "\xE2\x88\x9E";  // −∞, ∞
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

std::string short_number(double v, int digits) {
  char buf[32];
  const double a = std::fabs(v);
  if (v == 0) return "0";
  if (v == std::floor(v) && a < 1e9) {  // whole numbers (positions, sizes, bases) print as such
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  if (a >= 1e-3 && a < 1e5) {
    const int e = static_cast<int>(std::floor(std::log10(a)));
    std::snprintf(buf, sizeof buf, "%.*f", std::max(0, digits - 1 - e), v);
    // Rounded up to the next power of ten (0.99999 → 1.0000): one decimal fewer keeps `digits`.
    if (std::fabs(std::strtod(buf, nullptr)) >= std::pow(10.0, e + 1) && digits - 1 - e > 0)
      std::snprintf(buf, sizeof buf, "%.*f", digits - 2 - e, v);
  } else {
    std::snprintf(buf, sizeof buf, "%.*e", std::max(0, digits - 1), v);
  }
  return buf;
}

void color_bar(double range, float width, const Theme& theme, bool non_negative) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = em(0.55f);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const std::string lo = non_negative ? "0" : content::readable_exponents(short_number(-range)),
                    hi = content::readable_exponents(short_number(range));  // 3.61×10⁻⁶, not 3.61e-06
  const float lo_w = ImGui::CalcTextSize(lo.c_str()).x, hi_w = ImGui::CalcTextSize(hi.c_str()).x;
  const float bar_x0 = p.x + lo_w + em(0.4f), bar_x1 = p.x + width - hi_w - em(0.4f);
  const int segments = 32;
  for (int s = 0; s < segments; ++s) {
    const float x0 = bar_x0 + (bar_x1 - bar_x0) * s / segments;
    const float x1 = bar_x0 + (bar_x1 - bar_x0) * (s + 1) / segments;
    const double t = non_negative ? (s + 0.5) / segments : -1.0 + 2.0 * (s + 0.5) / segments;
    dl->AddRectFilled(ImVec2(x0, p.y + (em(1) - h) / 2), ImVec2(x1 + 0.5f, p.y + (em(1) + h) / 2),
                      pack_abgr(diverging(t)));
  }
  dl->AddText(p, theme.muted, lo.c_str());
  dl->AddText(ImVec2(p.x + width - hi_w, p.y), theme.muted, hi.c_str());
  if (!non_negative)
    dl->AddText(ImVec2((bar_x0 + bar_x1) / 2 - ImGui::CalcTextSize("0").x / 2, p.y + em(0.85f)), theme.muted,
                "0");
  ImGui::Dummy(ImVec2(width, em(1.9f)));
}

int col_label_stride(const std::vector<std::string>* labels, float cell, float gap) {
  if (!labels || labels->empty()) return 0;
  float widest = 0;
  bool indices = true;
  for (const auto& l : *labels) {
    widest = std::max(widest, ImGui::CalcTextSize(l.c_str()).x);
    indices = indices && !l.empty() && l.find_first_not_of("-0123456789") == std::string::npos;
  }
  if (widest + gap <= cell) return 1;
  if (!indices) return 0;
  for (int magnitude = 1;; magnitude *= 10)
    for (int f : {2, 5, 10}) {
      const int stride = f * magnitude;
      if (2 * stride > static_cast<int>(labels->size())) return 0;
      if (widest + gap <= cell * stride) return stride;
    }
}

MatrixViewResult matrix_view(const char* id, const Eigen::MatrixXd& m, const MatrixViewOptions& opt,
                             const Theme& theme) {
  MatrixViewResult res;
  ImGui::PushID(id);
  if (opt.title)
    title(opt.title, opt.max_width > 0 ? opt.max_width : ImGui::GetContentRegionAvail().x, theme);
  const int rows = static_cast<int>(m.rows()), cols = static_cast<int>(m.cols());
  if (rows == 0 || cols == 0) {
    ImGui::TextDisabled("(empty)");
    ImGui::PopID();
    return res;
  }
  double range = opt.range;
  if (range <= 0) range = m.cwiseAbs().maxCoeff();
  if (!(range > 0)) range = 1;

  float label_w = 0;
  if (opt.row_labels)
    for (const auto& l : *opt.row_labels) label_w = std::max(label_w, ImGui::CalcTextSize(l.c_str()).x);
  if (label_w > 0) label_w += em(0.4f);
  const float avail = opt.max_width > 0 ? opt.max_width : ImGui::GetContentRegionAvail().x;
  const float max_cell = opt.max_cell > 0 ? opt.max_cell : em(1.6f);
  // Cells are square when they fit; with many columns they narrow, but rows keep the height of a
  // label so row names stay readable.
  const float cell = std::max(2.0f, std::min(max_cell, (avail - label_w) / cols));
  const float cell_h = opt.row_labels ? std::min(std::max(cell, em(1.15f)), std::max(cell, max_cell)) : cell;
  // Column labels when each fits its cell with a gap to the next (labels that touch read as one
  // number: "910111213"). Index labels (0, 1, 2, …) too wide for that are thinned to a regular stride,
  // as an axis's ticks; words are shown all or not at all (a partial set of words reads as a mistake).
  int stride = col_label_stride(opt.col_labels, cell, em(0.35f));
  std::vector<std::string> shown;  // the labels drawn
  if (stride > 0) {
    shown = *opt.col_labels;
  } else if (opt.col_labels && !opt.col_labels->empty()) {
    // Words too wide for their cells are cut with an ellipsis ("app…", "ora…"; hover a cell for the whole
    // name), as long as every one keeps a letter before it.
    bool readable = true;
    for (const std::string& l : *opt.col_labels) {
      if (ImGui::CalcTextSize(l.c_str()).x + em(0.35f) <= cell) {
        shown.push_back(l);
        continue;
      }
      std::string cut = l;
      do {
        while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80)
          cut.pop_back();  // a whole code point
        if (!cut.empty()) cut.pop_back();
      } while (!cut.empty() && ImGui::CalcTextSize((cut + "\xE2\x80\xA6").c_str()).x + em(0.35f) > cell);
      readable = readable && !cut.empty();
      shown.push_back(cut + "\xE2\x80\xA6");
    }
    stride = readable ? 1 : 0;
  }
  const bool col_labels = stride > 0;
  const float header_h = col_labels ? em(1.2f) : 0;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 grid(origin.x + label_w, origin.y + header_h);
  const ImVec2 size(label_w + cell * cols, header_h + cell_h * rows);

  if (col_labels)
    for (int c = 0; c < cols && c < static_cast<int>(shown.size()); c += stride) {
      const char* l = shown[c].c_str();
      const float w = ImGui::CalcTextSize(l).x;
      dl->AddText(ImVec2(grid.x + c * cell + (cell - w) / 2, origin.y), theme.muted, l);
    }
  if (opt.row_labels)
    for (int r = 0; r < rows && r < static_cast<int>(opt.row_labels->size()); ++r) {
      const char* l = (*opt.row_labels)[r].c_str();
      const ImU32 col = r == opt.highlight_row ? theme.accent : theme.text;
      dl->AddText(ImVec2(origin.x, grid.y + r * cell_h + (cell_h - ImGui::GetFontSize()) / 2), col, l);
    }

  const float value_px = ImGui::GetFontSize() * 0.72f;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const Rgb rgb = diverging(m(r, c) / range);
      const ImVec2 a(grid.x + c * cell, grid.y + r * cell_h);
      dl->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell_h), pack_abgr(rgb));
      if (opt.show_values && cell >= em(2.2f)) {
        const std::string v = short_number(m(r, c), 2);
        const ImVec2 ts = theme.regular->CalcTextSizeA(value_px, 1e9f, 0, v.c_str());
        if (ts.x < cell * 0.95f)
          dl->AddText(theme.regular, value_px, ImVec2(a.x + (cell - ts.x) / 2, a.y + (cell_h - ts.y) / 2),
                      pack_abgr(readable_on(rgb)), v.c_str());
      }
    }
  dl->AddRect(grid, ImVec2(grid.x + cell * cols, grid.y + cell_h * rows), theme.border);
  if (opt.highlight_row >= 0 && opt.highlight_row < rows)
    dl->AddRect(ImVec2(grid.x, grid.y + opt.highlight_row * cell_h),
                ImVec2(grid.x + cell * cols, grid.y + (opt.highlight_row + 1) * cell_h), theme.accent, 0, 0,
                2.0f * theme.scale);

  ImGui::InvisibleButton("cells", size);
  if (ImGui::IsItemHovered()) {
    const ImVec2 mp = ImGui::GetIO().MousePos;
    const int c = static_cast<int>(std::floor((mp.x - grid.x) / cell));
    const int r = static_cast<int>(std::floor((mp.y - grid.y) / cell_h));
    if (r >= 0 && r < rows && c >= 0 && c < cols) {
      res.hovered_row = r;
      res.hovered_col = c;
      const ImVec2 a(grid.x + c * cell, grid.y + r * cell_h);
      dl->AddRect(a, ImVec2(a.x + cell, a.y + cell_h), theme.strong, 0, 0, 1.5f * theme.scale);
      ImGui::BeginTooltip();
      // A numeric label (an offset such as −2, a position) is the coordinate itself and replaces the
      // index; a word label (a token) follows the row's index.
      const auto numeric = [](const std::string& l) {
        char* end = nullptr;
        std::strtod(l.c_str(), &end);
        return !l.empty() && end == l.c_str() + l.size();
      };
      const std::string* rl =
          opt.row_labels && r < (int)opt.row_labels->size() ? &(*opt.row_labels)[r] : nullptr;
      const std::string* cl =
          opt.col_labels && c < (int)opt.col_labels->size() ? &(*opt.col_labels)[c] : nullptr;
      if (rl && numeric(*rl))
        ImGui::Text("%s %s", tr(theme.lang, opt.row_name), rl->c_str());
      else
        ImGui::Text("%s %d %s", tr(theme.lang, opt.row_name), r, rl ? rl->c_str() : "");
      if (cl && numeric(*cl))
        ImGui::Text("%s %s", tr(theme.lang, opt.col_name), cl->c_str());
      else
        ImGui::Text("%s %d", tr(theme.lang, opt.col_name), c);
      ImGui::Text("%s %s", tr(theme.lang, "value"), value_text(m(r, c), 6).c_str());
      ImGui::EndTooltip();
    }
  }
  res.clicked = item_tapped();
  if (opt.color_bar) color_bar(range, std::min(size.x, em(16)), theme);
  ImGui::PopID();
  return res;
}

std::vector<std::string> index_labels(int n, const char* prefix, int every) {
  std::vector<std::string> l;
  for (int i = 0; i < n; ++i) l.push_back(i % every ? "" : prefix + std::to_string(i));
  return l;
}

MatrixViewResult permutation_view(const char* id, const Eigen::MatrixXd& m, const char* title,
                                  const char* row_name, const char* col_name, float max_cell,
                                  const Theme& theme, int col_every) {
  const std::vector<std::string> rows = index_labels(static_cast<int>(m.rows())),
                                 cols = index_labels(static_cast<int>(m.cols()), "", col_every);
  MatrixViewOptions o;
  o.title = title;
  o.row_labels = &rows;
  o.col_labels = &cols;
  o.row_name = row_name;
  o.col_name = col_name;
  o.max_cell = max_cell;
  o.range = 1;
  return matrix_view(id, m, o, theme);
}

}  // namespace posenc::ui
