#include "code.hpp"

#include "code_files.inc"  // generated: kSnippets, kPython

namespace posenc::content {

const CodeSnippet* core_snippet(std::string_view id) {
  for (int i = 0; i < kSnippetCount; ++i)
    if (kSnippets[i].id == id) return &kSnippets[i];
  return nullptr;
}

const CodeSnippet* python_snippet(std::string_view stem) {
  for (int i = 0; i < kPythonCount; ++i)
    if (kPython[i].id == stem) return &kPython[i];
  return nullptr;
}

const CodeSnippet* core_snippets(int* count) {
  *count = kSnippetCount;
  return kSnippets;
}

}  // namespace posenc::content
