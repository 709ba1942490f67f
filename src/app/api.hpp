// The JSON answers of window.posenc (lessons, state, go, set). The platform passes strings in and out.
#pragma once

#include <string>
#include <string_view>

#include "app.hpp"

namespace posenc::app {

std::string lessons_json(const AppState& s);
std::string state_json(AppState& s, std::string_view notice = {});
// posenc.go(id, step): step is a number or a step id. {error} for an unknown lesson or step id, or a
// step that is no finite number; otherwise the new state (with "notice" if clamped).
// `notice` (optional): what was clamped, in English.
std::string go_json(AppState& s, std::string_view id, std::string_view step, std::string* notice = nullptr);
// posenc.set(name, value): {error} for an unknown parameter; otherwise the new state.
std::string set_json(AppState& s, std::string_view name, std::string_view value,
                     std::string* notice = nullptr);
// posenc.notebook(id): lesson `id` as a Jupyter notebook at its current settings (nbformat 4 JSON text,
// links to `page_url`), or {error} for an unknown lesson id or when the code it is built from is missing.
std::string notebook_json(AppState& s, std::string_view id, std::string_view page_url);
// posenc.locate(label): {x, y, w, h} of the last control drawn with that label in the latest frame,
// in CSS pixels (ImGui's pixels divided by `pixel_ratio`), or null.
std::string locate_json(std::string_view label, float pixel_ratio);
// posenc.figure(kind): {error} for a kind other than 'svg' or 'png', else "" (the platform then makes the
// figure, figure.hpp); and the answer from the file made: the SVG text, or the PNG's bytes as a data URL,
// or {error} when the step drew none.
std::string figure_kind_json(std::string_view kind);
std::string figure_json(std::string_view kind, const std::string& file);

}  // namespace posenc::app
