#include "locate.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

namespace posenc::ui {
namespace {

struct Item {
  std::string label;
  ItemRect rect;
  int rows = 0, cols = 0;  // a grid's cells (remember_grid)
  ImRect clip;             // a grid's: what of it was in sight
};

struct Record {
  ImGuiContext* context = nullptr;
  int frame = -1;
  std::vector<Item> items;
  bool paused = false;
};

Record& record() {
  static Record r;
  return r;
}

Item& add(std::string_view label, const ItemRect& rect) {
  Record& r = record();
  const int frame = ImGui::GetFrameCount();
  if (r.context != ImGui::GetCurrentContext() || r.frame != frame) {  // a new frame: forget the last one
    r.context = ImGui::GetCurrentContext();
    r.frame = frame;
    r.items.clear();
  }
  r.items.push_back(Item{std::string(label), rect, 0, 0, {}});
  return r.items.back();
}

const Item* find(std::string_view label, bool grid) {
  const Record& r = record();
  const auto it = std::find_if(r.items.rbegin(), r.items.rend(), [&](const Item& item) {
    return item.label == label && (!grid || item.rows > 0);
  });
  return it == r.items.rend() ? nullptr : &*it;
}

// "grid[r,c]": the part in sight of cell (r, c) of the grid remembered as "grid".
std::optional<ItemRect> locate_cell(std::string_view label) {
  const size_t open = label.rfind('[');
  const size_t comma = label.find(',', open);
  if (open == std::string_view::npos || comma == std::string_view::npos || label.back() != ']')
    return std::nullopt;
  int row = -1, col = -1;
  const char* end = label.data() + label.size() - 1;
  const auto r = std::from_chars(label.data() + open + 1, label.data() + comma, row);
  const auto c = std::from_chars(label.data() + comma + 1, end, col);
  if (r.ec != std::errc() || r.ptr != label.data() + comma || c.ec != std::errc() || c.ptr != end)
    return std::nullopt;
  const Item* grid = find(label.substr(0, open), true);
  if (!grid || row < 0 || col < 0 || row >= grid->rows || col >= grid->cols) return std::nullopt;
  const float w = grid->rect.w / grid->cols, h = grid->rect.h / grid->rows;
  const float x = grid->rect.x + col * w, y = grid->rect.y + row * h;
  ImRect cell(x, y, x + w, y + h);
  cell.ClipWith(grid->clip);
  if (cell.GetWidth() <= 0 || cell.GetHeight() <= 0) return std::nullopt;
  return ItemRect{cell.Min.x, cell.Min.y, cell.GetWidth(), cell.GetHeight()};
}

}  // namespace

void pause_remembering(bool paused) { record().paused = paused; }

void remember_rect(std::string_view label, const ItemRect& rect) {
  if (!record().paused) add(label, rect);
}

void remember(std::string_view label) {
  if (!ImGui::IsItemVisible()) return;
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  remember_rect(label, ItemRect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

void remember_grid(std::string_view label, int rows, int cols) {
  if (record().paused || !ImGui::IsItemVisible() || rows <= 0 || cols <= 0) return;
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  Item& item = add(label, ItemRect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
  item.rows = rows;
  item.cols = cols;
  item.clip =
      ImRect(ImGui::GetWindowDrawList()->GetClipRectMin(), ImGui::GetWindowDrawList()->GetClipRectMax());
}

void remember_region(std::string_view label, float y0, float y1) {
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImRect& in = window->InnerRect;
  const float top = std::max(y0, in.Min.y), bottom = std::min(y1, in.Max.y);
  if (bottom <= top || in.GetWidth() <= 0) return;
  remember_rect(label, ItemRect{in.Min.x, top, in.GetWidth(), bottom - top});
}

std::optional<ItemRect> locate(std::string_view label) {
  const Record& r = record();
  if (!ImGui::GetCurrentContext() || r.context != ImGui::GetCurrentContext() ||
      r.frame != ImGui::GetFrameCount())
    return std::nullopt;
  if (const Item* item = find(label, false)) return item->rect;
  return locate_cell(label);
}

}  // namespace posenc::ui
