// Where lesson and program text may break a line (declared in rich_text.hpp): after a space, around
// CJK characters, never before closing or after opening punctuation, never beside a lone relation.
#include <string_view>
#include <vector>

#include "content/utf8.hpp"
#include "rich_text.hpp"

namespace posenc::ui {
namespace {

using content::is_cjk;
using content::last_code_point;
using content::utf8_at;

bool is_closing(unsigned cp) {  // CJK punctuation that must not start a line
  for (unsigned c : {0x3001u, 0x3002u, 0xFF0Cu, 0xFF0Eu, 0xFF1Au, 0xFF1Bu, 0xFF1Fu, 0xFF01u, 0xFF09u, 0x300Du,
                     0x300Fu, 0x201Du, 0x2019u, 0x2026u, 0x3009u, 0x300Bu})
    if (cp == c) return true;
  return false;
}

bool is_opening(unsigned cp) {  // … and that must not end one
  for (unsigned c : {0xFF08u, 0x300Cu, 0x300Eu, 0x201Cu, 0x2018u, 0x3008u, 0x300Au})
    if (cp == c) return true;
  return false;
}

}  // namespace

bool is_relation(std::string_view word) {
  for (std::string_view op : {"=", "\xE2\x89\x88", "<", ">", "\xE2\x89\xA4", "\xE2\x89\xA5", "\xE2\x89\xA0"})
    if (word == op) return true;  // = ≈ < > ≤ ≥ ≠
  return false;
}

bool can_break_between(std::string_view before, std::string_view after) {
  if (before.empty() || after.empty()) return true;
  unsigned first = 0;
  utf8_at(after, 0, first);
  const unsigned last = last_code_point(before);
  if (is_closing(first) || is_opening(last)) return false;
  // Nor beside a lone relation ("= 3", "x ≤ 4" stay together: no line starts or ends with = ≈ < > ≤ ≥ ≠),
  // nor after another lone operator, nor before one after a short word ("k + 1" keeps its left side; a
  // long term before " + " may end a line, and a dash, " - ", may start one). An equation wider than the
  // line is broken before its relations by typeset (breakable_relation), the only places left.
  std::string_view word = before, next = after;
  while (!word.empty() && word.back() == ' ') word.remove_suffix(1);
  while (!next.empty() && next.back() == ' ') next.remove_suffix(1);
  if (is_relation(word) || is_relation(next)) return false;
  size_t letters = 0;  // code points in the word before
  for (char c : word) letters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  for (std::string_view op : {"\xC3\x97", "+", "\xE2\x88\x92", "-", "\xC2\xB1"})
    if (word == op || (next == op && op != "-" && letters <= 4)) return false;  // × + − - ±
  if (before.back() == ' ') return true;
  return is_cjk(last) || is_cjk(first);
}

std::vector<std::string_view> break_units(std::string_view text) {
  std::vector<std::string_view> units;
  size_t start = 0, i = 0;
  while (i < text.size()) {
    unsigned cp = 0;
    const int len = utf8_at(text, i, cp);
    if (is_cjk(cp)) {
      if (i > start) units.push_back(text.substr(start, i - start));
      units.push_back(text.substr(i, len));
      start = i + len;
    } else if (cp == ' ') {
      // A space right after a CJK character stays with it ("行 "), so the rules above see the space.
      if (i == start && !units.empty() && units.back().data() + units.back().size() == text.data() + i &&
          is_cjk(last_code_point(units.back())))
        units.back() = text.substr(units.back().data() - text.data(), units.back().size() + 1);
      else
        units.push_back(text.substr(start, i + 1 - start));
      start = i + 1;
    }
    i += len;
  }
  if (start < text.size()) units.push_back(text.substr(start));
  return units;
}

}  // namespace posenc::ui
