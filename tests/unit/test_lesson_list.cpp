// The one lesson list (src/lessons/lessons.txt) is what everything else follows: the registry built from
// it, every listed lesson's files where they belong (its folder with its code and Chinese words, its text
// in both languages), no lesson's files without a line in the list (a NumPy script, a tests folder), and
// the README's table of lessons in its order.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lessons/lesson.hpp"
#include "paths.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = posenc::test::kSourceDir;

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The ids of lessons.txt, in order: the first word of each line that is neither blank nor a comment.
std::vector<std::string> listed_ids() {
  std::vector<std::string> ids;
  std::istringstream in(read_file(kRoot / "src/lessons/lessons.txt"));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string id;
    if (words >> id) ids.push_back(id);
  }
  return ids;
}

// The names in `dir` (files with extension `ext`, without it; or, for ext "/", folders).
std::set<std::string> names_in(const fs::path& dir, const std::string& ext) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (ext == "/" ? e.is_directory() : e.path().extension() == ext)
      out.insert(ext == "/" ? e.path().filename().string() : e.path().stem().string());
  }
  return out;
}

}  // namespace

TEST_CASE("the registry holds the lessons of lessons.txt, in its order") {
  const std::vector<std::string> ids = listed_ids();
  REQUIRE(ids.size() >= 15);
  const auto& table = posenc::lessons::lesson_table();
  REQUIRE(table.size() == ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    CHECK(table[i].id == ids[i]);
    CHECK(posenc::lessons::find_lesson(ids[i]) == static_cast<int>(i));
    CHECK(table[i].create() != nullptr);
  }
}

TEST_CASE(
    "every listed lesson has its folder and its text in both languages; no lesson's files are unlisted") {
  const std::vector<std::string> ids = listed_ids();
  const std::set<std::string> listed(ids.begin(), ids.end());
  CHECK(names_in(kRoot / "src/lessons", "/") == listed);
  CHECK(names_in(kRoot / "content/en", ".md") == listed);
  CHECK(names_in(kRoot / "content/zh", ".md") == listed);
  for (const std::string& py : names_in(kRoot / "content/code", ".py")) {  // optional, but only for a lesson
    CAPTURE(py);
    CHECK(listed.count(py) == 1);
  }
  for (const std::string& id : ids) {
    CAPTURE(id);
    CHECK(fs::exists(kRoot / "src/lessons" / id / "zh.tsv"));
    bool code = false;
    for (const auto& e : fs::directory_iterator(kRoot / "src/lessons" / id))
      code |= e.path().extension() == ".cpp";
    CHECK(code);
  }
  // A lesson's tests sit in tests/unit/<id>/: no folder there for a lesson that is not listed.
  for (const std::string& dir : names_in(kRoot / "tests/unit", "/")) {
    CAPTURE(dir);
    CHECK(listed.count(dir) == 1);
  }
}

TEST_CASE("the README's table of lessons lists the lessons of lessons.txt, numbered in its order") {
  const std::string readme = read_file(kRoot / "README.md");
  static const std::regex row(R"(\n\| (\d+) \| `([a-z0-9-]+)` \|)");
  std::vector<std::string> ids;
  int n = 0;
  for (auto it = std::sregex_iterator(readme.begin(), readme.end(), row); it != std::sregex_iterator();
       ++it) {
    CHECK(std::stoi((*it)[1]) == ++n);
    ids.push_back((*it)[2]);
  }
  CHECK(ids == listed_ids());
}
