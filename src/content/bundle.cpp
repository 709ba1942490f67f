#include "bundle.hpp"

#include <deque>
#include <string>
#include <vector>

#include "content_files.inc"  // generated: kFiles[] and kFileCount

namespace posenc::content {
namespace {

struct Store {
  std::deque<std::string> texts;    // owns what added files' views point into (a deque never moves them)
  std::vector<BundledFile> files;   // the embedded files, then the added ones
  Store() : files(kFiles, kFiles + kFileCount) {}
};

Store& store() {
  static Store s;
  return s;
}

}  // namespace

const BundledFile* bundled_files(int* count) {
  *count = static_cast<int>(store().files.size());
  return store().files.data();
}

const BundledFile* find_bundled(std::string_view lang, std::string_view stem) {
  for (const BundledFile& f : store().files)
    if (f.lang == lang && f.name.size() == stem.size() + 3 && f.name.substr(0, stem.size()) == stem) return &f;
  return nullptr;
}

bool has_language(std::string_view lang) {
  for (const BundledFile& f : store().files)
    if (f.lang == lang) return true;
  return false;
}

int add_files(std::string_view lang, std::string_view pack) {
  static constexpr std::string_view kMarker = "@@posenc-file ";
  if (lang.empty() || lang.size() > 8 || has_language(lang)) return 0;  // a language arrives once
  Store& s = store();
  s.texts.emplace_back(lang);
  const std::string_view lang_view = s.texts.back();
  int added = 0;
  size_t at = pack.find(kMarker);
  while (at != std::string_view::npos && added < 64) {
    const size_t name_start = at + kMarker.size();
    const size_t line_end = pack.find('\n', name_start);
    if (line_end == std::string_view::npos) break;
    const size_t next = pack.find(kMarker, line_end + 1);
    const std::string_view name = pack.substr(name_start, line_end - name_start);
    const std::string_view text = pack.substr(line_end + 1, (next == std::string_view::npos ? pack.size() : next) - line_end - 1);
    if (!name.empty() && name.size() <= 64 && name.find('/') == std::string_view::npos) {
      s.texts.emplace_back(name);
      const std::string_view name_view = s.texts.back();
      s.texts.emplace_back(text);
      s.files.push_back({lang_view, name_view, s.texts.back()});
      ++added;
    }
    at = next;
  }
  return added;
}

}  // namespace posenc::content
