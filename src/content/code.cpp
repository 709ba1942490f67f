#include "code.hpp"

#include <deque>
#include <string>
#include <vector>

#include "bundle.hpp"
#include "code_files.inc"  // generated: kSnippets, kPython, kNotebook (empty in the site: see add_code)

namespace posenc::content {
namespace {

struct Store {
  std::deque<std::string> texts;  // owns what added snippets' views point into
  std::vector<CodeSnippet> core, python, notebook;
  bool added = false;
  Store()
      : core(kSnippets, kSnippets + kSnippetCount),
        python(kPython, kPython + kPythonCount),
        notebook(kNotebook, kNotebook + kNotebookCount) {}
};

Store& store() {
  static Store s;
  return s;
}

const CodeSnippet* find(const std::vector<CodeSnippet>& list, std::string_view id) {
  for (const CodeSnippet& c : list)
    if (c.id == id) return &c;
  return nullptr;
}

}  // namespace

const CodeSnippet* core_snippet(std::string_view id) { return find(store().core, id); }

const CodeSnippet* python_snippet(std::string_view id) { return find(store().python, id); }

const CodeSnippet* notebook_snippet(std::string_view id) { return find(store().notebook, id); }

const CodeSnippet* core_snippets(int* count) {
  *count = static_cast<int>(store().core.size());
  return store().core.data();
}

bool code_available() { return !store().core.empty() || store().added; }

int add_code(std::string_view pack) {
  Store& s = store();
  if (s.added || !s.core.empty()) return 0;
  s.added = true;
  int added = 0;
  for (const PackEntry& e : read_pack(pack, 256)) {
    // "<kind> <id> <file>"
    const size_t a = e.header.find(' '), b = a == std::string_view::npos ? a : e.header.find(' ', a + 1);
    if (b == std::string_view::npos) continue;
    const std::string_view kind = e.header.substr(0, a), id = e.header.substr(a + 1, b - a - 1),
                           file = e.header.substr(b + 1);
    if ((kind != "core" && kind != "python" && kind != "notebook") || id.empty() || file.empty()) continue;
    s.texts.emplace_back(id);
    const std::string_view id_view = s.texts.back();
    s.texts.emplace_back(file);
    const std::string_view file_view = s.texts.back();
    s.texts.emplace_back(e.text);
    (kind == "core"     ? s.core
     : kind == "python" ? s.python
                        : s.notebook)
        .push_back({id_view, file_view, s.texts.back()});
    ++added;
  }
  return added;
}

}  // namespace posenc::content
