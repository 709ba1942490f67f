// The Chinese catalogue: the zh.tsv files beside the code that shows their words (see i18n.hpp), embedded
// by the build (cmake/EmbedStrings.cmake) and parsed into one table of English key → Chinese on first use.
#include <deque>
#include <string>

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

struct Catalogue {
  std::deque<std::string> text;  // keys and translations (a deque never moves what it holds)
  std::vector<CataloguePair> pairs;
  std::vector<std::string> errors;

  Catalogue() {
    for (const CatalogueFile& f : kCatalogueFiles) {
      std::string_view rest = f.text;
      for (int line = 1; !rest.empty(); ++line) {
        const std::size_t end = rest.find('\n');
        const std::string_view row = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        if (row.empty() || row[0] == '#') continue;
        const auto fail = [&](const char* what) {
          errors.push_back(std::string(f.path) + ":" + std::to_string(line) + ": " + what);
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
        const std::string& k = text.emplace_back(std::move(en));
        const std::string& v = text.emplace_back(std::move(zh));
        pairs.push_back({k, v.c_str(), f.path, line});
      }
    }
  }
};

const Catalogue& the_catalogue() {
  static const Catalogue c;
  return c;
}

}  // namespace

const CataloguePair* catalogue(int* count) {
  *count = static_cast<int>(the_catalogue().pairs.size());
  return the_catalogue().pairs.data();
}

const std::vector<std::string>& catalogue_errors() { return the_catalogue().errors; }

}  // namespace posenc::ui
