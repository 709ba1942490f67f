// UTF-8 code points and the CJK range, for the content parser's spacing and the text's line breaking.
#pragma once

#include <cstddef>
#include <string_view>

namespace posenc::content {

// Decodes the code point starting at s[i] into `cp`; returns its byte length (1 for invalid bytes).
inline int utf8_at(std::string_view s, size_t i, unsigned& cp) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  int len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  if (i + len > s.size()) len = 1;
  cp = len == 1 ? c : c & (0xFF >> (len + 1));
  for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return len;
}

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

}  // namespace posenc::content
