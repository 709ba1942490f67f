// The strip of cells: rows of equal cells, each row numbered underneath at a stride its numbers fit, the
// hovered cell outlined with its readout, then the key, one entry a line.
#include "cell_strip.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "locate.hpp"
#include "rich_text.hpp"

namespace posenc::ui {
namespace {

std::vector<StripRecord>* g_strip_log = nullptr;  // tests only

constexpr float kMinCell = 0.5f, kMaxCell = 1.6f;  // a cell's width, in em
constexpr float kCellHeight = 1.4f, kNumbers = 1.1f, kRowGap = 0.3f;

// An empty cell (or swatch): the panel, crossed by diagonal lines, framed.
void hatched(ImDrawList* dl, ImVec2 a, ImVec2 b, const Theme& theme) {
  dl->AddRectFilled(a, b, theme.panel);
  dl->PushClipRect(a, b, true);
  const float step = em(0.3f), h = b.y - a.y;
  for (float x = a.x - h; x < b.x; x += step)
    dl->AddLine(ImVec2(x, b.y), ImVec2(x + h, a.y), theme.muted, theme.scale);
  dl->PopClipRect();
  dl->AddRect(a, b, theme.muted, 0, 0, theme.scale);
}

// Every how many cells a number is written: the smallest of 1, 2, 5, 10, 20, … at which the widest
// number fits with a gap to the next.
int number_stride(int last, float cell, float font_px) {
  const std::string widest = std::to_string(last);
  const float w = ImGui::GetFont()->CalcTextSizeA(font_px, 1e9f, 0, widest.c_str()).x + em(0.4f);
  for (int magnitude = 1;; magnitude *= 10)
    for (int f : {1, 2, 5}) {
      const int stride = f * magnitude;
      if (w <= cell * stride || stride > last) return stride;
    }
}

}  // namespace

StripLayout strip_layout(int n, float width) {
  StripLayout L;
  if (n <= 0) return L;
  const float least = em(kMinCell);
  L.per_row = n * least <= width ? n : std::max(1, static_cast<int>(std::floor(width / least)));
  L.rows = (n + L.per_row - 1) / L.per_row;
  L.per_row = (n + L.rows - 1) / L.rows;  // rows of even length
  L.cell = std::min(em(kMaxCell), width / L.per_row);
  return L;
}

int cell_strip(const char* id, const std::vector<int>& cells, const std::vector<ImU32>& colors,
               const CellStripOptions& opt, const Theme& theme) {
  ImGui::PushID(id);
  const float width = std::max(em(4), opt.width > 0 ? opt.width : ImGui::GetContentRegionAvail().x);
  if (opt.title) title(opt.title, width, theme);
  const int n = static_cast<int>(cells.size());
  const StripLayout L = strip_layout(n, width);
  const auto color_of = [&](int i) -> ImU32 {
    const int k = cells[i];
    return k >= 0 && k < static_cast<int>(colors.size()) ? colors[k] : 0;
  };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float cell_h = em(kCellHeight), row_h = cell_h + em(kNumbers) + em(kRowGap);
  // A device pixel between cells when they are wide enough to spare it: cells stay countable.
  const float gap = L.cell >= em(0.45f) ? std::max(1.0f, std::round(theme.scale)) : 0.0f;
  const auto cell_rect = [&](int i, ImVec2& a, ImVec2& b) {
    const int r = i / std::max(1, L.per_row), c = i % std::max(1, L.per_row);
    a = ImVec2(std::round(origin.x + c * L.cell), std::round(origin.y + r * row_h));
    b = ImVec2(std::round(origin.x + (c + 1) * L.cell) - gap, a.y + cell_h);
  };
  for (int i = 0; i < n; ++i) {
    ImVec2 a, b;
    cell_rect(i, a, b);
    if (const ImU32 col = color_of(i))
      dl->AddRectFilled(a, b, col);
    else
      hatched(dl, a, b, theme);
  }
  // The numbers under each row.
  const float num_px = em(0.8f);
  const int last = n + opt.first_number - 1;
  const int stride = number_stride(last, L.cell, num_px);
  // Each row: its multiples of the stride, and (at a stride of 5 or more) its first number where that
  // touches none of them.
  const auto number_at = [&](int i, float& x, float& w, float& y) {
    ImVec2 a, b;
    cell_rect(i, a, b);
    w = ImGui::GetFont()->CalcTextSizeA(num_px, 1e9f, 0, std::to_string(i + opt.first_number).c_str()).x;
    x = std::clamp((a.x + b.x) / 2 - w / 2, origin.x, origin.x + width - w);
    y = b.y + em(0.1f);
  };
  for (int row = 0; row < L.rows; ++row) {
    const int from = row * L.per_row, to = std::min(n, from + L.per_row);
    float first_right = 1e9f;  // the left end of the row's first multiple
    for (int i = from; i < to; ++i) {
      if ((i + opt.first_number) % stride != 0) continue;
      float x, w, y;
      number_at(i, x, w, y);
      first_right = std::min(first_right, x);
      dl->AddText(ImGui::GetFont(), num_px, ImVec2(x, y), theme.muted,
                  std::to_string(i + opt.first_number).c_str());
    }
    if ((from + opt.first_number) % stride == 0 || stride < 5) continue;  // "1 2 4 6": redundant
    float x, w, y;
    number_at(from, x, w, y);
    if (x + w + em(0.3f) <= first_right)
      dl->AddText(ImGui::GetFont(), num_px, ImVec2(x, y), theme.muted,
                  std::to_string(from + opt.first_number).c_str());
  }
  const ImVec2 size(width, std::max(1, L.rows) * row_h);
  ImGui::InvisibleButton("cells", size);
  remember_grid(id, L.rows, L.per_row);
  int hovered = -1;
  if (ImGui::IsItemHovered() && n > 0) {
    const ImVec2 mp = ImGui::GetIO().MousePos;
    const int r = static_cast<int>(std::floor((mp.y - origin.y) / row_h)),
              c = static_cast<int>(std::floor((mp.x - origin.x) / L.cell));
    const int i = r * L.per_row + c;
    if (r >= 0 && r < L.rows && c >= 0 && c < L.per_row && i < n && mp.y - origin.y - r * row_h <= cell_h) {
      hovered = i;
      ImVec2 a, b;
      cell_rect(i, a, b);
      const float out = std::max(1.0f, theme.scale);
      dl->AddRect(ImVec2(a.x - out, a.y - out), ImVec2(b.x + out, b.y + out), theme.strong, 0, 0,
                  2.0f * theme.scale);
      if (opt.hover) {
        ImGui::BeginTooltip();
        const std::string text = opt.hover(i);
        for (size_t at = 0; at <= text.size();) {  // one line each
          const size_t end = std::min(text.find('\n', at), text.size());
          wrapped(std::string_view(text).substr(at, end - at), theme, 0, em(22));
          at = end + 1;
        }
        ImGui::EndTooltip();
      }
    }
  }
  // The key: a swatch, then its text wrapped beside it.
  const float swatch = em(0.9f), indent = em(1.4f);
  for (const StripKey& k : opt.key) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float top = p.y + (em(1.45f) - swatch) / 2;
    if (k.color)
      dl->AddRectFilled(ImVec2(p.x, top), ImVec2(p.x + swatch, top + swatch), k.color);
    else
      hatched(dl, ImVec2(p.x, top), ImVec2(p.x + swatch, top + swatch), theme);
    ImGui::Indent(indent);
    wrapped(k.text, theme, 0, width - indent);
    ImGui::Unindent(indent);
  }
  if (g_strip_log) {
    StripRecord rec;
    rec.title = opt.title ? opt.title : "";
    for (int i = 0; i < n; ++i) rec.cells.push_back(color_of(i));
    for (const StripKey& k : opt.key) {
      rec.key.push_back(k.text);
      rec.key_colors.push_back(k.color);
    }
    rec.layout = L;
    g_strip_log->push_back(std::move(rec));
  }
  ImGui::PopID();
  return hovered;
}

void set_strip_log(std::vector<StripRecord>* log) { g_strip_log = log; }

}  // namespace posenc::ui
