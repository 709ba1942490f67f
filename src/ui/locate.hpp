// Where the controls were drawn, so that tests and scripts can click them without fixed pixel
// positions: the shell and the widgets call remember(label) right after a button, and posenc.locate
// answers from the record of the last frame.
#pragma once

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

// The rectangle of the last item remembered under `label` in the latest frame, or nothing when that
// frame drew no such item.
std::optional<ItemRect> locate(std::string_view label);

}  // namespace posenc::ui
