// A minimal JSON writer: the JavaScript API's answers, lesson train's run records (core/json.hpp reads).
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace posenc::core {

// v in the shorter of 15 and 17 significant digits that reads back as v (0.0042, not 0.0041999…).
inline std::string exact_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  if (std::strtod(buf, nullptr) != v) std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

class Json {
 public:
  Json& begin_object() { return open('{'); }
  Json& end_object() { return close('}'); }
  Json& begin_array() { return open('['); }
  Json& end_array() { return close(']'); }
  Json& key(std::string_view k) {
    sep();
    string_literal(k);
    out_ += ':';
    first_ = true;
    return *this;
  }
  Json& str(std::string_view s) {
    sep();
    string_literal(s);
    return *this;
  }
  Json& num(double v) {
    sep();
    if (!std::isfinite(v)) {
      out_ += "null";
      return *this;
    }
    out_ += exact_number(v);
    return *this;
  }
  Json& null() {
    sep();
    out_ += "null";
    return *this;
  }
  Json& boolean(bool b) {
    sep();
    out_ += b ? "true" : "false";
    return *this;
  }
  const std::string& text() const { return out_; }

 private:
  Json& open(char bracket) {
    sep();
    out_ += bracket;
    first_ = true;
    return *this;
  }
  Json& close(char bracket) {
    out_ += bracket;
    first_ = false;
    return *this;
  }
  void sep() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  void string_literal(std::string_view s) {
    out_ += '"';
    for (unsigned char c : s) {
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += static_cast<char>(c);
      } else if (c < 0x20) {
        char b[8];
        std::snprintf(b, sizeof b, "\\u%04x", c);
        out_ += b;
      } else
        out_ += static_cast<char>(c);
    }
    out_ += '"';
  }
  std::string out_;
  bool first_ = true;
};

}  // namespace posenc::core
