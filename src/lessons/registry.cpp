#include "lesson.hpp"

namespace posenc::lessons {

std::unique_ptr<Lesson> create_order();

const std::vector<LessonEntry>& lesson_table() {
  static const std::vector<LessonEntry> table = {
      {"order", "01-order", create_order},
  };
  return table;
}

int find_lesson(std::string_view id) {
  const auto& t = lesson_table();
  for (int i = 0; i < static_cast<int>(t.size()); ++i)
    if (t[i].id == id) return i;
  return -1;
}

SetOutcome set_param(Lesson& lesson, std::string_view name, std::string_view value) {
  Setter setter(name, value);
  lesson.visit(setter);
  SetOutcome out = setter.outcome();
  if (out.changed) {
    const std::string fix = lesson.update();
    if (!fix.empty()) out.notice = out.notice.empty() ? fix : out.notice + "; " + fix;
  }
  return out;
}

std::vector<ParamValue> read_params(Lesson& lesson) {
  Reader reader;
  lesson.visit(reader);
  return std::move(reader.values);
}

}  // namespace posenc::lessons
