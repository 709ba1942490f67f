// "Show the code": every lesson names core regions that exist, every lesson has a NumPy version, and
// each embedded region is exactly what src/core holds (so the shown code cannot drift).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "content/code.hpp"
#include "lessons/lesson.hpp"

using namespace posenc;

namespace {
std::string without_blank_lines(std::string_view text) {
  std::string out;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out += line + "\n";
  return out;
}
}  // namespace

TEST_CASE("every lesson shows core code that exists and a NumPy version") {
  for (const auto& entry : lessons::lesson_table()) {
    CAPTURE(entry.id);
    CHECK_FALSE(entry.code.empty());
    for (std::string_view id : entry.code) {
      CAPTURE(id);
      CHECK(content::core_snippet(id) != nullptr);
    }
    const content::CodeSnippet* py = content::python_snippet(entry.stem);
    REQUIRE(py != nullptr);
    CHECK(py->text.find("import numpy as np") != std::string_view::npos);
  }
}

TEST_CASE("embedded core regions are the source files' text") {
  int count = 0;
  const content::CodeSnippet* all = content::core_snippets(&count);
  REQUIRE(count >= 10);
  for (int i = 0; i < count; ++i) {
    CAPTURE(all[i].id);
    std::ifstream f(std::string(POSENC_SOURCE_DIR) + "/" + std::string(all[i].file));
    REQUIRE(f.good());
    std::stringstream ss;
    ss << f.rdbuf();
    CHECK(without_blank_lines(ss.str()).find(without_blank_lines(all[i].text)) != std::string::npos);
    CHECK(all[i].text.find("(") != std::string_view::npos);
  }
}
