// The Chinese catalogue: the zh.tsv files beside the code that shows their words (see i18n.hpp), parsed
// into one table of English key → Chinese. The desktop embeds them (cmake/EmbedStrings.cmake); the site
// fetches them with the Chinese lesson text (dist/zh.txt), which hands them over with add_catalogue().
#include <deque>
#include <string>
#include <unordered_map>

#include "content/bundle.hpp"
#include "i18n.hpp"

namespace posenc::ui {
namespace {

struct CatalogueFile {
  std::string_view path, text;
};

#include "strings_zh.inc"

// "a\\nb" → "a\nb": the escapes \n, \t and \\ of a zh.tsv field; false on any other backslash.
bool unescape(std::string_view in, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] != '\\') {
      out += in[i];
      continue;
    }
    if (++i == in.size()) return false;
    if (in[i] == 'n')
      out += '\n';
    else if (in[i] == 't')
      out += '\t';
    else if (in[i] == '\\')
      out += '\\';
    else
      return false;
  }
  return true;
}

class Catalogue {
 public:
  Catalogue() {
    for (const CatalogueFile& f : kCatalogueFiles)
      if (!f.path.empty()) add(f.path, f.text);
  }

  // Parses one zh.tsv file, once per path; false when that path was read before.
  bool add(std::string_view path_in, std::string_view body) {
    for (std::string_view read : files_)
      if (read == path_in) return false;
    const std::string_view path = files_.emplace_back(text_.emplace_back(path_in));
    std::string_view rest = text_.emplace_back(body);
    for (int line = 1; !rest.empty(); ++line) {
      const std::size_t end = rest.find('\n');
      const std::string_view row = rest.substr(0, end);
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
      if (row.empty() || row[0] == '#') continue;
      const auto fail = [&](const char* what) {
        errors_.push_back(std::string(path) + ":" + std::to_string(line) + ": " + what);
      };
      const std::size_t tab = row.find('\t');
      if (tab == std::string_view::npos || row.find('\t', tab + 1) != std::string_view::npos) {
        fail("want the English, one tab, the Chinese");
        continue;
      }
      std::string en, zh;
      if (!unescape(row.substr(0, tab), en) || !unescape(row.substr(tab + 1), zh)) {
        fail("a backslash starts \\n, \\t or \\\\ only");
        continue;
      }
      if (en.empty() || zh.empty()) {
        fail("an empty English key or Chinese text");
        continue;
      }
      const std::string& k = text_.emplace_back(std::move(en));
      const std::string& v = text_.emplace_back(std::move(zh));
      pairs_.push_back({k, v.c_str(), path, line});
      lookup_.emplace(k, v.c_str());  // a key twice: the first stays (test_catalogue fails on it)
    }
    return true;
  }

  const char* find(std::string_view en) const {
    const auto it = lookup_.find(en);
    return it == lookup_.end() ? nullptr : it->second;
  }
  const std::vector<CataloguePair>& pairs() const { return pairs_; }
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  std::deque<std::string> text_;  // paths, files, keys and translations (a deque never moves what it holds)
  std::vector<std::string_view> files_;  // the paths read
  std::vector<CataloguePair> pairs_;
  std::unordered_map<std::string_view, const char*> lookup_;
  std::vector<std::string> errors_;
};

Catalogue& the_catalogue() {
  static Catalogue c;
  return c;
}

}  // namespace

const char* catalogue_find(std::string_view en) { return the_catalogue().find(en); }

int add_catalogue(std::string_view pack) {
  int added = 0;
  for (const content::PackEntry& e : content::read_pack(pack, 256)) {
    constexpr std::string_view kTag = "catalogue ";
    if (e.header.substr(0, kTag.size()) == kTag && e.header.size() > kTag.size())
      added += the_catalogue().add(e.header.substr(kTag.size()), e.text);
  }
  return added;
}

const CataloguePair* catalogue(int* count) {
  *count = static_cast<int>(the_catalogue().pairs().size());
  return the_catalogue().pairs().data();
}

const std::vector<std::string>& catalogue_errors() { return the_catalogue().errors(); }

}  // namespace posenc::ui
