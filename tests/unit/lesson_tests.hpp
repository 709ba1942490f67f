// A lesson on its own, for the tests of one lesson: created by id with its defaults, its parameters set
// and read by their URL names.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <string_view>

#include "lessons/lesson.hpp"

namespace posenc::test {

// Lesson `id` as new (its default parameters).
inline std::unique_ptr<lessons::Lesson> make_lesson(std::string_view id) {
  const int i = lessons::find_lesson(id);
  REQUIRE(i >= 0);
  return lessons::lesson_table()[i].create();
}

// Sets parameter `name` (as in the URL), checking the lesson has one of that name.
inline void set(lessons::Lesson& l, std::string_view name, std::string_view value) {
  CHECK(lessons::set_param(l, name, value).found);
}

// Parameter `name` as the URL writes it, or "?" when the lesson has none of that name.
inline std::string param(lessons::Lesson& l, std::string_view name) {
  for (const auto& p : lessons::read_params(l))
    if (p.name == name) return lessons::to_hash_string(p);
  return "?";
}

}  // namespace posenc::test
