// "Show the code": every lesson names core regions that exist, every lesson has a NumPy version, and
// each embedded region is exactly what src/core holds (so the shown code cannot drift).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "content/bundle.hpp"
#include "content/code.hpp"
#include "lessons/lesson.hpp"
#include "paths.hpp"

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
    const content::CodeSnippet* py = content::python_snippet(entry.id);
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
    std::ifstream f(std::string(posenc::test::kSourceDir) + "/" + std::string(all[i].file));
    REQUIRE(f.good());
    std::stringstream ss;
    ss << f.rdbuf();
    CHECK(without_blank_lines(ss.str()).find(without_blank_lines(all[i].text)) != std::string::npos);
    CHECK(all[i].text.find("(") != std::string_view::npos);
  }
}

TEST_CASE("a code pack (the site's code.txt) is read into snippets; malformed entries are skipped") {
  // Natively the code is compiled in, so add_code leaves it alone; the pack format is read_pack's.
  CHECK(content::code_available());
  CHECK(content::add_code("@@posenc-file core x src/core/x.cpp\nint x;\n") == 0);
  CHECK(content::core_snippet("x") == nullptr);
  const std::string pack =
      "@@posenc-file core rope_yarn src/core/rope_scaling.cpp\nvoid yarn();\n"
      "@@posenc-file python scaling content/code/scaling.py\ndef yarn(): pass\n"
      "@@posenc-file nonsense\nignored\n"
      "@@posenc-file core";  // no line end: the pack ends
  const std::vector<content::PackEntry> e = content::read_pack(pack, 16);
  REQUIRE(e.size() == 3);
  CHECK(e[0].header == "core rope_yarn src/core/rope_scaling.cpp");
  CHECK(e[0].text == "void yarn();\n");
  CHECK(e[1].text == "def yarn(): pass\n");
  CHECK(e[2].header == "nonsense");
  CHECK(content::read_pack(pack, 1).size() == 1);
  CHECK(content::read_pack("no marker at all", 16).empty());
}
