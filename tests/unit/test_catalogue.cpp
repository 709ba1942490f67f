// The Chinese catalogue cannot go stale: its files (the zh.tsv beside the code, see src/ui/i18n.hpp) are
// well formed and hold each key once; every key is a string the program's code writes (a lesson's keys,
// one that lesson's own code writes); a key and its Chinese have the same printf conversions and {k}
// slots; and every string the code hands to tr()/trf() or declares as a control's label has its Chinese,
// unless it is made only of what english.hpp says a Chinese learner sees on purpose.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/utf8.hpp"
#include "english.hpp"
#include "lessons/lesson.hpp"
#include "paths.hpp"
#include "ui/i18n.hpp"

namespace fs = std::filesystem;
using posenc::core::append_utf8;
using posenc::ui::CataloguePair;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// A string literal of C++ source as the program sees it: escapes decoded, adjacent literals joined
// ("a" "b" is "ab"); raw strings read as written. `call` names the bracket the literal stands in: the
// function of a call ("tr" in tr(lang, "Next")), or "{" and the call around a brace ("{integer" in
// v.integer({"len", "length", 1, 4})); `arg` is its position there (0-based; -1 outside any bracket).
struct Literal {
  std::string text;
  std::string call;
  int arg = -1;
  bool whole = false;  // the whole argument: no operator before or after it (not `a == "x" ? "y" : …`)
  size_t begin = 0, end = 0;  // where it stands in the source
};

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Every string literal of `src`, with the bracket it stands in (a stack: each bracket pushes its name
// and an argument counter that ',' at its depth advances).
std::vector<Literal> literals(const std::string& src) {
  std::vector<Literal> out;
  struct Open {
    char bracket;
    std::string call;
    int arg = 0;
  };
  std::vector<Open> stack;
  bool joining = false;  // the last token was a literal: the next one continues it
  const size_t n = src.size();
  const auto opened = [&](size_t at) {
    Literal l;
    l.call = stack.empty() ? "" : stack.back().call;
    l.arg = stack.empty() ? -1 : stack.back().arg;
    l.begin = at;
    return l;
  };
  for (size_t i = 0; i < n;) {
    const char c = src[i];
    if (src.compare(i, 2, "//") == 0) {
      i = src.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (src.compare(i, 2, "/*") == 0) {
      i = src.find("*/", i + 2);
      if (i == std::string::npos) break;
      i += 2;
      continue;
    }
    if (c == '#' && (i == 0 || src[i - 1] == '\n')) {  // a preprocessor line (#include "…" is no string)
      while (i < n && src[i] != '\n') i += src[i] == '\\' ? 2 : 1;
      continue;
    }
    size_t start = i;
    if (src.compare(i, 2, "u8") == 0 && i + 2 < n && (src[i + 2] == '"' || src[i + 2] == 'R')) start = i + 2;
    const bool fresh_token = i == 0 || !ident_char(src[i - 1]);
    if (fresh_token && src[start] == 'R' && start + 1 < n && src[start + 1] == '"') {
      const size_t open = src.find('(', start + 2);
      const std::string delim = ")" + src.substr(start + 2, open - start - 2) + "\"";
      const size_t close = src.find(delim, open);
      REQUIRE(close != std::string::npos);
      const std::string text = src.substr(open + 1, close - open - 1);
      if (!joining) out.push_back(opened(start));
      out.back().text += text;
      out.back().end = close + delim.size();
      joining = true;
      i = close + delim.size();
      continue;
    }
    if ((fresh_token || start != i) && src[start] == '"') {
      std::string text;
      size_t j = start + 1;
      for (; j < n && src[j] != '"'; ++j) {
        if (src[j] != '\\') {
          text += src[j];
          continue;
        }
        const char e = src[++j];
        if (e == 'n')
          text += '\n';
        else if (e == 't')
          text += '\t';
        else if (e == 'x') {
          size_t k = j + 1;
          unsigned v = 0;
          while (k < n && std::isxdigit(static_cast<unsigned char>(src[k])))
            v = v * 16 + static_cast<unsigned>(std::stoi(std::string(1, src[k++]), nullptr, 16));
          text += static_cast<char>(v);
          j = k - 1;
        } else if (e >= '0' && e <= '7') {
          unsigned v = 0;
          size_t k = j;
          for (int d = 0; d < 3 && k < n && src[k] >= '0' && src[k] <= '7'; ++d) v = v * 8 + (src[k++] - '0');
          text += static_cast<char>(v);
          j = k - 1;
        } else if (e == 'u') {
          append_utf8(text, static_cast<unsigned>(std::stoul(src.substr(j + 1, 4), nullptr, 16)));
          j += 4;
        } else {
          text += e;  // \\ \" \'
        }
      }
      if (!joining) out.push_back(opened(i));
      out.back().text += text;
      out.back().end = j + 1;
      joining = true;
      i = j + 1;
      continue;
    }
    if (c == '\'' && fresh_token) {  // a character literal (not a digit separator: 0xE8A3'F1E5)
      size_t j = i + 1;
      while (j < n && src[j] != '\'') j += src[j] == '\\' ? 2 : 1;
      i = j + 1;
      joining = false;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c))) joining = false;
    if (c == '(' || c == '{' || c == '[') {
      size_t k = i;
      while (k > 0 && std::isspace(static_cast<unsigned char>(src[k - 1]))) --k;
      size_t b = k;
      while (b > 0 && ident_char(src[b - 1])) --b;
      const std::string outer = stack.empty() ? "" : stack.back().call;
      stack.push_back({c, c == '(' ? src.substr(b, k - b) : c == '{' ? "{" + outer : "", 0});
    } else if ((c == ')' || c == '}' || c == ']') && !stack.empty()) {
      stack.pop_back();
    } else if (c == ',' && !stack.empty()) {
      ++stack.back().arg;
    }
    ++i;
  }
  for (Literal& l : out) {
    size_t b = l.begin, e = l.end;
    while (b > 0 && std::isspace(static_cast<unsigned char>(src[b - 1]))) --b;
    while (e < n && std::isspace(static_cast<unsigned char>(src[e]))) ++e;
    l.whole = b > 0 && std::strchr("(,{", src[b - 1]) && e < n && std::strchr(",)}", src[e]);
  }
  return out;
}

struct Source {
  std::string path;  // relative to the source tree: "src/lessons/order/order.cpp"
  std::vector<Literal> strings;
};

const std::vector<Source>& program_sources() {
  static const std::vector<Source> all = [] {
    std::vector<Source> v;
    const fs::path root = posenc::test::kSourceDir;
    for (const auto& e : fs::recursive_directory_iterator(root / "src")) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      v.push_back({fs::relative(e.path(), root).generic_string(), literals(read_file(e.path()))});
    }
    std::sort(v.begin(), v.end(), [](const Source& a, const Source& b) { return a.path < b.path; });
    return v;
  }();
  return all;
}

// The program's catalogue (not what a test below added under test/).
std::vector<CataloguePair> catalogue_pairs() {
  int n = 0;
  const CataloguePair* p = posenc::ui::catalogue(&n);
  std::vector<CataloguePair> out;
  for (int i = 0; i < n; ++i)
    if (p[i].file.substr(0, 5) != "test/") out.push_back(p[i]);
  return out;
}

// Every match of `re` in `s`, in order.
std::vector<std::string> matches(const std::string& s, const std::regex& re) {
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}
// printf conversions in order ("%d", "%.3f", "%%"), and {k} slots sorted.
std::vector<std::string> conversions(const std::string& s) {
  static const std::regex re(R"(%[-+ #0]*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|L|z|j|t)?[diouxXeEfFgGaAcsp%])");
  return matches(s, re);
}
std::vector<std::string> slots(const std::string& s) {
  static const std::regex re(R"(\{\d\})");
  std::vector<std::string> out = matches(s, re);
  std::sort(out.begin(), out.end());
  return out;
}

// `s` without its printf conversions and {k} slots (the words that are left).
std::string bare(const std::string& s) {
  static const std::regex re(
      R"(%[-+ #0]*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|L|z|j|t)?[diouxXeEfFgGaAcsp%]|\{\d\})");
  return std::regex_replace(s, re, " ");
}

}  // namespace

TEST_CASE(
    "the C++ literal reader: escapes, joined literals, raw strings, and the call a literal is an argument "
    "of") {
  const auto l = literals(
      "// \"not this\"\n#include \"nor.hpp\"\nx = tr(lang_, \"a\\xC2\\xB7\" \"b\" \"c\\n\");\n"
      "v.integer({\"len\", \"length\", 1, 4});\nchar q = '\"'; int k = 0xE8A3'F1E5;\n"
      "s = R\"(raw \"q\")\" u8\"!\";\nf(g(1), \"z\" + y);");
  REQUIRE(l.size() == 5);
  CHECK(l[0].text ==
        "a\xC2\xB7"
        "bc\n");
  CHECK(l[0].call == "tr");
  CHECK(l[0].arg == 1);
  CHECK(l[0].whole);
  CHECK(l[1].text == "len");
  CHECK(l[2].text == "length");
  CHECK(l[2].call == "{integer");
  CHECK(l[2].arg == 1);  // the brace's own counter: the label is the declaration's second field
  CHECK(l[3].text == "raw \"q\"!");
  CHECK(l[4].call == "f");
  CHECK(l[4].arg == 1);
  CHECK_FALSE(l[4].whole);
}

TEST_CASE("the catalogue's files are well formed and hold each English key once") {
  for (const std::string& e : posenc::ui::catalogue_errors())
    if (e.substr(0, 5) != "test/") FAIL_CHECK(e);
  std::map<std::string_view, const CataloguePair*> seen;
  for (const CataloguePair& p : catalogue_pairs()) {
    const auto [it, fresh] = seen.emplace(p.en, &p);
    if (!fresh)
      FAIL_CHECK(p.file << ":" << p.line << ": '" << p.en << "' is also at " << it->second->file << ":"
                        << it->second->line);
  }
  CHECK(seen.size() > 500);
}

TEST_CASE("every catalogue key is a string the code writes; a lesson's keys, strings its own code writes") {
  std::map<std::string, std::set<std::string>> written;  // text → the files whose code writes it
  for (const Source& s : program_sources())
    for (const Literal& l : s.strings) written[l.text].insert(s.path);
  for (const CataloguePair& p : catalogue_pairs()) {
    CAPTURE(p.file);
    CAPTURE(p.line);
    const auto it = written.find(std::string(p.en));
    if (it == written.end()) {
      FAIL_CHECK(p.file << ":" << p.line << ": no code writes '" << p.en << "': remove it, or use it");
      continue;
    }
    const std::string folder = std::string(p.file.substr(0, p.file.rfind('/') + 1));  // "src/lessons/rope/"
    if (folder.rfind("src/lessons/", 0) == 0 && folder != "src/lessons/") {
      const bool own = std::any_of(it->second.begin(), it->second.end(),
                                   [&](const std::string& f) { return f.rfind(folder, 0) == 0; });
      if (!own)
        FAIL_CHECK(p.file << ":" << p.line << ": '" << p.en << "' is written only outside " << folder
                          << " (in " << *it->second.begin() << "): move it to the zh.tsv beside that code");
    }
  }
}

TEST_CASE("a key and its Chinese have the same printf conversions and {k} slots") {
  for (const CataloguePair& p : catalogue_pairs()) {
    CAPTURE(p.file);
    CAPTURE(p.line);
    CAPTURE(p.en);
    CHECK(conversions(std::string(p.en)) == conversions(p.zh));
    CHECK(slots(std::string(p.en)) == slots(p.zh));
  }
}

TEST_CASE("every string the code translates by name, or declares as a control's label, has its Chinese") {
  std::set<std::string_view> keys;
  for (const CataloguePair& p : catalogue_pairs()) keys.insert(p.en);
  int checked = 0;
  for (const Source& s : program_sources()) {
    if (s.path.rfind("src/core/", 0) == 0) continue;  // core translates nothing
    for (const Literal& l : s.strings) {
      // tr(lang, "…"), trf(lang, "…", …), and a parameter's label: {"name", "label", …} in visit().
      const bool named = (l.call == "tr" || l.call == "trf") && l.arg == 1 && l.whole;
      const bool label =
          (l.call == "{integer" || l.call == "{real" || l.call == "{choice" || l.call == "{flag") &&
          l.arg == 1;
      if (!named && !label) continue;
      ++checked;
      if (keys.count(l.text) || posenc::test::english_runs(bare(l.text)).empty()) continue;
      FAIL_CHECK(s.path << ": '" << l.text << "' has no Chinese in any zh.tsv");
    }
  }
  CHECK(checked > 300);
}

TEST_CASE("the catalogue's files may arrive later in a pack (the site's zh.txt), each file once") {
  const std::string pack =
      "@@posenc-file order.md\n# T\n@@posenc-file catalogue test/late.tsv\n# a comment\nlate "
      "key\t\xE4\xB8\xAD\n"
      "@@posenc-file catalogue test/bad.tsv\nno tab here\n";
  CHECK(posenc::ui::catalogue_find("late key") == nullptr);
  CHECK(std::string(posenc::ui::tr(1, "late key")) == "late key");
  CHECK(posenc::ui::add_catalogue(pack) == 2);
  CHECK(std::string(posenc::ui::tr(1, "late key")) == "\xE4\xB8\xAD");
  CHECK(std::string(posenc::ui::tr(0, "late key")) == "late key");
  CHECK(posenc::ui::add_catalogue(pack) == 0);  // each path once
  const auto& errors = posenc::ui::catalogue_errors();
  REQUIRE(!errors.empty());
  CHECK(errors.back() == "test/bad.tsv:1: want the English, one tab, the Chinese");
}

TEST_CASE(
    "Chinese filled with a value keeps its space beside Latin text and drops it beside full-width "
    "punctuation") {
  using posenc::ui::trf;
  CHECK(trf(1, "%s's config", "Llama 3 8B") ==
        "Llama 3 8B \xE7\x9A\x84\xE9\x85\x8D\xE7\xBD\xAE");  // … 的配置
  CHECK(trf(1, "%s's config", "GPT-NeoX-20B\xEF\xBC\x88x\xEF\xBC\x89") ==
        "GPT-NeoX-20B\xEF\xBC\x88x\xEF\xBC\x89\xE7\x9A\x84\xE9\x85\x8D\xE7\xBD\xAE");  // …（x）的配置
  CHECK(trf(0, "%s's config", "A (b)") == "A (b)'s config");                           // English untouched
  // A scaling named in a verdict is said in words, not as "linear ×4".
  CHECK(trf(1, "%s \xC3\x97%s", "linear", "4") ==
        "linear \xE7\xBC\xA9\xE6\x94\xBE\xEF\xBC\x88\xE5\x80\x8D\xE6\x95\xB0 4\xEF\xBC\x89");
}
