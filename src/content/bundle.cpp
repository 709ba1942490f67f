#include "bundle.hpp"

#include <deque>
#include <string>
#include <vector>

#include "content_files.inc"  // generated: kFiles[] and kFileCount

namespace posenc::content {
namespace {

struct Store {
  std::deque<std::string> texts;   // owns what added files' views point into (a deque never moves them)
  std::vector<BundledFile> files;  // the embedded files, then the added ones
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

const BundledFile* find_bundled(std::string_view lang, std::string_view id) {
  for (const BundledFile& f : store().files)
    if (f.lang == lang && f.name.size() == id.size() + 3 && f.name.substr(0, id.size()) == id &&
        f.name.substr(id.size()) == ".md")
      return &f;
  return nullptr;
}

bool has_language(std::string_view lang) {
  for (const BundledFile& f : store().files)
    if (f.lang == lang) return true;
  return false;
}

std::vector<PackEntry> read_pack(std::string_view pack, std::size_t max_entries) {
  static constexpr std::string_view kMarker = "@@posenc-file ";
  std::vector<PackEntry> out;
  size_t at = pack.find(kMarker);
  while (at != std::string_view::npos && out.size() < max_entries) {
    const size_t header_start = at + kMarker.size();
    const size_t line_end = pack.find('\n', header_start);
    if (line_end == std::string_view::npos) break;
    const size_t next = pack.find(kMarker, line_end + 1);
    out.push_back(
        {pack.substr(header_start, line_end - header_start),
         pack.substr(line_end + 1, (next == std::string_view::npos ? pack.size() : next) - line_end - 1)});
    at = next;
  }
  return out;
}

int add_files(std::string_view lang, std::string_view pack) {
  if (lang.empty() || lang.size() > 8 || has_language(lang)) return 0;  // a language arrives once
  Store& s = store();
  s.texts.emplace_back(lang);
  const std::string_view lang_view = s.texts.back();
  int added = 0;
  for (const PackEntry& e : read_pack(pack, 256)) {
    // A lesson's text: a plain file name (the pack's "catalogue <path>" entries are the interface's words).
    if (e.header.empty() || e.header.size() > 64 || e.header.find('/') != std::string_view::npos ||
        e.header.find(' ') != std::string_view::npos)
      continue;
    s.texts.emplace_back(e.header);
    const std::string_view name_view = s.texts.back();
    s.texts.emplace_back(e.text);
    s.files.push_back({lang_view, name_view, s.texts.back()});
    ++added;
  }
  return added;
}

}  // namespace posenc::content
