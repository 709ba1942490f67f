// Names of an enum's values, written once as a table indexed by the value (the enum's order), both ways:
//   constexpr const char* kTaskNames[] = {"copy", "reverse", "k_back"};
//   static_assert(std::size(kTaskNames) == enum_count(Task::KBack));
//   enum_name(kTaskNames, Task::Reverse) == "reverse"; enum_from_name<Task>(kTaskNames, "k_back") == KBack.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>

namespace posenc::core {

// How many values an enum numbered 0, 1, … has, given its last one: for a table's static_assert.
template <typename E>
constexpr std::size_t enum_count(E last) {
  return static_cast<std::size_t>(last) + 1;
}

// The entry of `e` in a table indexed by the enum (names, functions, …); `fallback` past its end.
template <typename T, std::size_t N, typename E>
constexpr T enum_entry(const T (&table)[N], E e, const std::common_type_t<T>& fallback) {
  const auto i = static_cast<std::size_t>(e);
  return i < N ? table[i] : fallback;
}

// The name of `e` in `names`; `fallback` for a value past the table's end.
template <typename E, std::size_t N>
constexpr const char* enum_name(const char* const (&names)[N], E e, const char* fallback = "?") {
  return enum_entry(names, e, fallback);
}

// The value named `name` in `names`, or none.
template <typename E, std::size_t N>
constexpr std::optional<E> enum_from_name(const char* const (&names)[N], std::string_view name) {
  for (std::size_t i = 0; i < N; ++i)
    if (name == names[i]) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace posenc::core
