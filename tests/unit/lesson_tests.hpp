// A lesson on its own, for the tests of one lesson: created by id with its defaults, its parameters set
// and read by their URL names, its placeholders (the numbers and conditions its text quotes) checked.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
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

// A number as the text says it: "0.25", "1.11×10⁻¹⁶" (superscript digits after ×10).
inline double said_number(const std::string& said) {
  char* end = nullptr;
  const double mantissa = std::strtod(said.c_str(), &end);
  std::string rest(end);
  if (rest.rfind("\xC3\x97"
                 "10",
                 0) != 0)
    return mantissa;  // ×10
  rest = rest.substr(4);
  const bool negative = rest.rfind("\xE2\x81\xBB", 0) == 0;  // ⁻
  if (negative) rest = rest.substr(3);
  const std::pair<const char*, int> digits[] = {{"\xE2\x81\xB0", 0}, {"\xC2\xB9", 1},     {"\xC2\xB2", 2},
                                                {"\xC2\xB3", 3},     {"\xE2\x81\xB4", 4}, {"\xE2\x81\xB5", 5},
                                                {"\xE2\x81\xB6", 6}, {"\xE2\x81\xB7", 7}, {"\xE2\x81\xB8", 8},
                                                {"\xE2\x81\xB9", 9}};
  int exponent = 0;
  for (bool more = true; more;) {
    more = false;
    for (const auto& [glyph, value] : digits)
      if (rest.rfind(glyph, 0) == 0) {
        exponent = exponent * 10 + value;
        rest = rest.substr(std::string(glyph).size());
        more = true;
      }
  }
  return mantissa * std::pow(10.0, negative ? -exponent : exponent);
}

// A placeholder read as a number (0 when it is none).
inline double placeholder_number(lessons::Lesson& l, std::string_view name) {
  return said_number(l.placeholder(name));
}

}  // namespace posenc::test
