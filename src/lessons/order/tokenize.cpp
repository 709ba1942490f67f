#include "tokenize.hpp"

#include <cstring>

namespace posenc::lessons {
namespace {

bool is_cjk_lead(std::string_view s, size_t i, size_t& len) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if ((c >> 4) != 0xE || i + 3 > s.size()) return false;
  const unsigned cp = ((c & 0x0F) << 12) | ((static_cast<unsigned char>(s[i + 1]) & 0x3F) << 6) |
                      (static_cast<unsigned char>(s[i + 2]) & 0x3F);
  len = 3;
  return (cp >= 0x3000 && cp <= 0x9FFF) || (cp >= 0xFF00 && cp <= 0xFFEF);
}

// The code point a CJK token starts with (0 for any other token).
unsigned cjk_code_point(std::string_view t) {
  size_t len = 0;
  if (t.empty() || !is_cjk_lead(t, 0, len)) return 0;
  return ((static_cast<unsigned char>(t[0]) & 0x0F) << 12) |
         ((static_cast<unsigned char>(t[1]) & 0x3F) << 6) | (static_cast<unsigned char>(t[2]) & 0x3F);
}

// CJK symbols and punctuation, and full-width forms (，。！？ and the like).
bool is_cjk_punct(unsigned cp) { return (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFFEF); }

}  // namespace

std::string join_tokens(const std::vector<std::string>& tokens) {
  std::string s;
  unsigned prev = 0;
  for (const auto& t : tokens) {
    const unsigned cp = cjk_code_point(t);
    const bool ascii_punct = t.size() == 1 && std::strchr(",.;:!?", t[0]);
    const bool tight = s.empty() || ascii_punct || (cp && prev) || is_cjk_punct(cp) || is_cjk_punct(prev);
    s += (tight ? "" : " ") + t;
    prev = cp;
  }
  return s;
}

std::vector<std::string> tokenize(std::string_view text, int max_tokens) {
  std::vector<std::string> tokens;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty() && static_cast<int>(tokens.size()) < max_tokens) tokens.push_back(cur);
    cur.clear();
  };
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    size_t len = 1;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      flush();
    } else if (std::strchr(",.;:!?", c)) {
      flush();
      cur = std::string(1, c);
      flush();
    } else if (is_cjk_lead(text, i, len)) {
      flush();
      cur = std::string(text.substr(i, len));
      flush();
    } else {
      cur += c;
    }
    i += len;
  }
  flush();
  return tokens;
}

}  // namespace posenc::lessons
