#include "locate.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace posenc::ui {
namespace {

struct Record {
  ImGuiContext* context = nullptr;
  int frame = -1;
  std::vector<std::pair<std::string, ItemRect>> items;
};

Record& record() {
  static Record r;
  return r;
}

}  // namespace

void remember_rect(std::string_view label, const ItemRect& rect) {
  Record& r = record();
  const int frame = ImGui::GetFrameCount();
  if (r.context != ImGui::GetCurrentContext() || r.frame != frame) {  // a new frame: forget the last one
    r.context = ImGui::GetCurrentContext();
    r.frame = frame;
    r.items.clear();
  }
  r.items.emplace_back(std::string(label), rect);
}

void remember(std::string_view label) {
  if (!ImGui::IsItemVisible()) return;
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  remember_rect(label, ItemRect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

std::optional<ItemRect> locate(std::string_view label) {
  const Record& r = record();
  if (!ImGui::GetCurrentContext() || r.context != ImGui::GetCurrentContext() ||
      r.frame != ImGui::GetFrameCount())
    return std::nullopt;
  const auto it =
      std::find_if(r.items.rbegin(), r.items.rend(), [&](const auto& item) { return item.first == label; });
  if (it == r.items.rend()) return std::nullopt;
  return it->second;
}

}  // namespace posenc::ui
