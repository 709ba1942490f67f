// A lesson on its own, for the tests of one lesson: created by id with its defaults, its parameters set
// and read by their URL names, its placeholders (the numbers and conditions its text quotes) checked.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

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

// Each placeholder reads as given: placeholders_are(l, {{"moved", "14"}, {"half_dim", "8"}}).
inline void placeholders_are(lessons::Lesson& l,
                             std::initializer_list<std::pair<const char*, const char*>> expected) {
  for (const auto& [name, value] : expected) {
    CAPTURE(name);
    CHECK(l.placeholder(name) == value);
  }
}

// A placeholder read as a number (0 when it is none).
inline double placeholder_number(lessons::Lesson& l, std::string_view name) {
  return std::strtod(l.placeholder(name).c_str(), nullptr);
}

}  // namespace posenc::test
