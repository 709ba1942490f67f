// Code shown next to the lessons: regions of src/core marked `// <code id="…">` (embedded at build time,
// so they cannot drift from what runs) and the NumPy versions in content/code/<id>.py; and what a lesson's
// Jupyter notebook is built from: its recipe, content/notebooks/<id>.py, and the notebooks' shared
// helpers (content/notebooks/_helpers.py). The site fetches them when the code panel first opens or a
// notebook is asked for (add_code).
#pragma once

#include <string_view>

namespace posenc::content {

struct CodeSnippet {
  std::string_view id;    // marker id, or the lesson's id for Python
  std::string_view file;  // where it comes from
  std::string_view text;
};

const CodeSnippet* core_snippet(std::string_view id);    // nullptr if unknown
const CodeSnippet* python_snippet(std::string_view id);  // nullptr if the lesson has none
// content/notebooks/<id>.py: a lesson's notebook recipe, or "_helpers"; nullptr if there is none.
const CodeSnippet* notebook_snippet(std::string_view id);
const CodeSnippet* core_snippets(int* count);

// Whether the code is here: embedded (native builds), or added from the site's code.txt.
bool code_available();
// Adds the regions and scripts of a pack (cmake/EmbedCode.cmake's PACK_OUT: "@@posenc-file
// core|python|notebook <id> <file>" lines, each followed by its text). Once; returns how many were added
// (at most 256).
int add_code(std::string_view pack);

}  // namespace posenc::content
