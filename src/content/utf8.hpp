// UTF-8 code points and the CJK range, for the content parser's spacing and the text's line breaking
// (decoding and encoding themselves are core/utf8.hpp's).
#pragma once

#include <cstddef>
#include <string_view>

#include "core/utf8.hpp"

namespace posenc::content {

using core::append_utf8;
using core::utf8_at;

// The first and the last code point of `s` (0 when empty).
inline unsigned first_code_point(std::string_view s) {
  unsigned cp = 0;
  if (!s.empty()) utf8_at(s, 0, cp);
  return cp;
}
inline unsigned last_code_point(std::string_view s) {
  size_t i = s.size();
  while (i > 0 && (static_cast<unsigned char>(s[i - 1]) & 0xC0) == 0x80) --i;
  return i > 0 ? first_code_point(s.substr(i - 1)) : 0;
}

// CJK ideographs and kana, CJK and full-width punctuation: text set without spaces between.
inline bool is_cjk(unsigned cp) {
  return (cp >= 0x3000 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF);
}

// Letters and digits (Latin and Greek): what a bare script or a bare radicand of a formula takes, as
// laid out (ui/math_layout.cpp) and as said (speech.cpp).
inline bool is_formula_word(unsigned cp) {
  return (cp >= '0' && cp <= '9') || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') ||
         (cp >= 0x391 && cp <= 0x3C9);
}

}  // namespace posenc::content
