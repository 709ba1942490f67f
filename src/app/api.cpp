#include "api.hpp"

#include <algorithm>
#include <cmath>

#include "json.hpp"
#include "notebook.hpp"
#include "png.hpp"
#include "ui/locate.hpp"

namespace posenc::app {

std::string lessons_json(const AppState& s) {
  Json j;
  j.begin_array();
  const auto& table = lessons::lesson_table();
  for (size_t i = 0; i < table.size(); ++i) {
    j.begin_object();
    j.key("id").str(table[i].id);
    j.key("title").str(doc_for(s, static_cast<int>(i)).title);
    j.key("steps").num(step_count(s, static_cast<int>(i)));
    j.end_object();
  }
  j.end_array();
  return j.text();
}

std::string state_json(AppState& s, std::string_view notice) {
  Json j;
  j.begin_object();
  j.key("lesson").str(lessons::lesson_table()[s.lesson].id);
  j.key("step").num(s.step);
  j.key("lang").str(s.lang);
  j.key("params").begin_object();
  for (const lessons::ParamValue& p : lessons::read_params(current_lesson(s))) {
    j.key(p.name);
    switch (p.kind) {
      case lessons::ParamKind::Integer:
      case lessons::ParamKind::Real:
        j.num(p.number);
        break;
      case lessons::ParamKind::Flag:
        j.boolean(p.number != 0);
        break;
      case lessons::ParamKind::Text:
      case lessons::ParamKind::Choice:
        j.str(p.text);
        break;
      case lessons::ParamKind::Order:
        j.begin_array();
        for (int v : p.list) j.num(v);
        j.end_array();
        break;
    }
  }
  j.end_object();
  if (s.embed.on) {  // a card: the steps it keeps to, and the origin whose messages it takes ("": none)
    j.key("embed").begin_object().key("steps").begin_array().num(s.embed.first).num(s.embed.last).end_array();
    j.key("host").str(s.embed.host).end_object();
  }
  if (!notice.empty()) j.key("notice").str(notice);
  j.end_object();
  return j.text();
}

static std::string error_json(const std::string& message) {
  Json j;
  j.begin_object().key("error").str(message).end_object();
  return j.text();
}

// "unknown lesson 'x' (lessons: order, naive, …)"
static std::string unknown_lesson(std::string_view id) {
  std::string known;
  for (const auto& e : lessons::lesson_table()) known += (known.empty() ? "" : ", ") + std::string(e.id);
  return "unknown lesson '" + std::string(id.substr(0, 40)) + "' (lessons: " + known + ")";
}

std::string go_json(AppState& s, std::string_view id, std::string_view step_text, std::string* notice) {
  const int idx = lessons::find_lesson(id);
  if (idx < 0) return error_json(unknown_lesson(id));
  double step = 0;
  int st = 0;
  if (lessons::parse_number(step_text, step)) {
    st = static_cast<int>(std::clamp(std::floor(step), -1e6, 1e6));
  } else if ((st = find_step(s, idx, step_text)) < 0) {
    std::string known;
    for (int i = 0; i < step_count(s, idx); ++i) known += (i ? ", " : "") + std::string(step_id(s, idx, i));
    return error_json("step must be a finite number or a step id of lesson " + std::string(id) + " (" +
                      known + "), not '" + std::string(step_text.substr(0, 40)) + "'");
  }
  const core::Messages notices = go(s, idx, st);
  notify(s, notices);
  if (notice) *notice = core::english(notices);
  return state_json(s, core::english(notices));
}

std::string set_json(AppState& s, std::string_view name, std::string_view value, std::string* notice) {
  lessons::Lesson& l = current_lesson(s);
  const lessons::SetOutcome out = lessons::set_param(l, name, value);
  if (!out.found) {
    std::string known;
    for (const auto& p : lessons::read_params(l)) known += (known.empty() ? "" : ", ") + p.name;
    return error_json("unknown parameter '" + std::string(name.substr(0, 40)) + "' for lesson " +
                      std::string(lessons::lesson_table()[s.lesson].id) + " (parameters: " + known + ")");
  }
  if (out.changed) s.dirty = true;
  notify(s, out.notices);
  if (notice) *notice = core::english(out.notices);
  return state_json(s, core::english(out.notices));
}

std::string notebook_json(AppState& s, std::string_view id, std::string_view page_url) {
  const int index = lessons::find_lesson(id);
  if (index < 0) return error_json("notebook: " + unknown_lesson(id));
  std::string text = notebook(s, index, page_url);
  if (text.empty()) return error_json("notebook: the lessons' code (code.txt) could not be loaded");
  return text;
}

std::string figure_kind_json(std::string_view kind) {
  if (kind == "svg" || kind == "png") return {};
  return error_json("figure(kind): kind must be 'svg' or 'png', not '" + std::string(kind.substr(0, 40)) +
                    "'");
}

std::string figure_json(std::string_view kind, const std::string& file) {
  if (file.empty()) return error_json("figure: the current step drew no visual");
  return kind == "svg" ? file : data_url("image/png", file);
}

std::string locate_json(std::string_view label, float pixel_ratio) {
  const std::optional<ui::ItemRect> r = ui::locate(label);
  if (!r) return "null";
  const double k = pixel_ratio > 0 ? 1.0 / pixel_ratio : 1.0;
  Json j;
  j.begin_object()
      .key("x")
      .num(r->x * k)
      .key("y")
      .num(r->y * k)
      .key("w")
      .num(r->w * k)
      .key("h")
      .num(r->h * k)
      .end_object();
  return j.text();
}

}  // namespace posenc::app
