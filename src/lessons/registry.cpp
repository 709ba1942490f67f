// The walkthrough: every lesson of src/lessons/lessons.txt, in its order, with the core code it shows.
// The build turns the list into lesson_list.inc (cmake/Lessons.cmake): one POSENC_LESSON row per lesson.
#include "lesson.hpp"

namespace posenc::lessons {

#define POSENC_LESSON(id, factory, ...) std::unique_ptr<Lesson> factory();
#include "lesson_list.inc"
#undef POSENC_LESSON

const std::vector<LessonEntry>& lesson_table() {
  static const std::vector<LessonEntry> table = {
#define POSENC_LESSON(id, factory, ...) {id, factory, {__VA_ARGS__}},
#include "lesson_list.inc"
#undef POSENC_LESSON
  };
  return table;
}

int find_lesson(std::string_view id) {
  const auto& t = lesson_table();
  for (int i = 0; i < static_cast<int>(t.size()); ++i)
    if (t[i].id == id) return i;
  return -1;
}

}  // namespace posenc::lessons
