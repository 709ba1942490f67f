#include "url_state.hpp"

#include <cctype>

namespace posenc::app {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      const int hi = i + 1 < s.size() ? hex_value(s[i + 1]) : -1;
      const int lo = i + 2 < s.size() ? hex_value(s[i + 2]) : -1;
      if (hi >= 0 && lo >= 0) {
        const char c = static_cast<char>(hi * 16 + lo);
        out += c == '\0' ? ' ' : c;  // no NULs inside strings
        i += 2;
        continue;
      }
    }
    out += s[i] == '+' || s[i] == '\0' ? ' ' : s[i];  // raw NULs too, or they would not survive a round trip
  }
  return out;
}

std::string percent_encode(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ',') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

HashPairs parse_hash(std::string_view hash, bool* truncated) {
  if (truncated) *truncated = false;
  if (!hash.empty() && hash[0] == '#') hash.remove_prefix(1);
  if (hash.size() > kMaxHashBytes) {
    hash = hash.substr(0, kMaxHashBytes);
    if (truncated) *truncated = true;
  }
  HashPairs pairs;
  size_t start = 0;
  while (start <= hash.size()) {
    const size_t amp = hash.find('&', start);
    const std::string_view item =
        hash.substr(start, amp == std::string_view::npos ? std::string_view::npos : amp - start);
    if (!item.empty()) {
      if (pairs.size() == kMaxHashPairs) {
        if (truncated) *truncated = true;
        break;
      }
      const size_t eq = item.find('=');
      pairs.emplace_back(percent_decode(item.substr(0, eq)),
                         eq == std::string_view::npos ? std::string() : percent_decode(item.substr(eq + 1)));
    }
    if (amp == std::string_view::npos) break;
    start = amp + 1;
  }
  return pairs;
}

std::string build_hash(const HashPairs& pairs) {
  std::string out;
  for (const auto& [k, v] : pairs) {
    if (!out.empty()) out += '&';
    out += percent_encode(k) + "=" + percent_encode(v);
  }
  return out;
}

}  // namespace posenc::app
