// Recursive descent over the bytes, one function per grammar rule of RFC 8259 §2–7; the depth is
// counted so recursion stops at kMaxJsonDepth. Each refusal points at the first character that cannot
// belong to a JSON text there (for "01" the '1'; for an unclosed string its opening quote).
#include "json.hpp"

#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "utf8.hpp"

namespace posenc::core {

const JsonValue* JsonValue::find(std::string_view key) const {
  for (auto it = members.rbegin(); it != members.rend(); ++it)
    if (it->key == key) return &it->value;
  return nullptr;
}

namespace {

// Bytes in the valid UTF-8 sequence at p (no overlongs, no surrogates, at most U+10FFFF), or 0.
int utf8_length(const unsigned char* p, const unsigned char* end) {
  const unsigned c = p[0];
  int n = 0;
  unsigned lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4)
    n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else
    return 0;
  if (end - p < n || p[1] < lo || p[1] > hi) return 0;
  for (int i = 2; i < n; ++i)
    if ((p[i] & 0xC0) != 0x80) return 0;
  return n;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_value(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Parser {
 public:
  Parser(std::string_view text, bool python_numbers)
      : begin_(text.data()), p_(begin_), end_(begin_ + text.size()), python_(python_numbers) {}

  JsonParse run() {
    JsonParse out;
    if (end_ - p_ >= 3 && std::string_view(p_, 3) == "\xEF\xBB\xBF") p_ += 3;
    skip_space();
    if (value(out.value, 0)) {
      skip_space();
      if (p_ != end_) fail(p_, "unexpected {0} after the JSON value", {shown(p_)});
    }
    if (!error_.empty()) out = JsonParse{JsonValue{}, std::move(error_)};
    return out;
  }

 private:
  const char* begin_;
  const char* p_;
  const char* end_;
  bool python_;  // NaN, Infinity and -Infinity read as numbers, as Python's json module does
  Message error_;

  // Always false, so callers can `return fail(…)`.
  bool fail(const char* at, const char* format, std::vector<std::string> extra = {}) {
    int line = 1, column = 1;
    for (const char* q = begin_; q < at; ++q) {
      if (*q == '\n' || (*q == '\r' && (q + 1 == end_ || q[1] != '\n'))) {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(*q) & 0xC0) != 0x80 && *q != '\r') {
        ++column;  // a character starts here (UTF-8 continuation bytes do not count)
      }
    }
    error_ = Message{"line {0}, column {1}: {2}",
                     {std::to_string(line), std::to_string(column)},
                     {Message{format, std::move(extra)}}};
    return false;
  }

  // What was expected, and what was found instead: `at_end` ("expected …, found the end of the text")
  // or `found` ("expected …, found {0}", the character).
  bool fail_expected(const char* at_end, const char* found) {
    if (p_ == end_) return fail(p_, at_end);
    return fail(p_, found, {shown(p_)});
  }

  // The character at p as a learner should see it: 'x', '“', or U+0009 for an invisible one.
  std::string shown(const char* p) const {
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    const int n = utf8_length(u, reinterpret_cast<const unsigned char*>(end_));
    char buf[16];
    if (n == 0) return std::snprintf(buf, sizeof buf, "0x%02X", u[0]), buf;  // a byte that is not UTF-8
    if (u[0] < 0x20 || u[0] == 0x7F) return std::snprintf(buf, sizeof buf, "U+%04X", u[0]), buf;
    return "'" + std::string(p, static_cast<std::size_t>(n)) + "'";
  }

  bool at(char c) const { return p_ != end_ && *p_ == c; }
  bool digit() const { return p_ != end_ && is_digit(*p_); }

  void skip_space() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) ++p_;
  }

  bool value(JsonValue& out, int depth) {
    if (p_ == end_)
      return fail_expected("expected a JSON value, found the end of the text",
                           "expected a JSON value, found {0}");
    switch (*p_) {
      case '{':
      case '[':
        if (depth == kMaxJsonDepth) return fail(p_, "nested deeper than {0} levels", {std::to_string(depth)});
        return *p_ == '{' ? object(out, depth + 1) : array(out, depth + 1);
      case '"':
        out.kind = JsonValue::Kind::String;
        return string(out.string);
      case '-':
        out.kind = JsonValue::Kind::Number;
        return number(out.number);
      case '+':
        return fail(p_, "a number may not start with '+'");
      case '.':
        return fail(p_, "a number needs a digit before '.'");
      default:
        break;
    }
    if (is_digit(*p_)) {
      out.kind = JsonValue::Kind::Number;
      return number(out.number);
    }
    return word(out);
  }

  // true, false, null; any other word (NaN, Infinity, True, None, undefined) is named.
  bool word(JsonValue& out) {
    const char* q = p_;
    while (q != end_ && q - p_ < 24 &&
           ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || is_digit(*q) || *q == '_'))
      ++q;
    const std::string_view w(p_, static_cast<std::size_t>(q - p_));
    if (w.empty())
      return fail_expected("expected a JSON value, found the end of the text",
                           "expected a JSON value, found {0}");
    if (w == "true" || w == "false") {
      out.kind = JsonValue::Kind::Bool;
      out.boolean = w == "true";
    } else if (python_ && (w == "NaN" || w == "Infinity")) {
      out.kind = JsonValue::Kind::Number;
      out.number =
          w == "NaN" ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    } else if (w != "null") {
      return fail(p_, "unknown word '{0}' (JSON's words are true, false and null)", {std::string(w)});
    }
    p_ = q;
    return true;
  }

  bool number(double& out) {
    const char* start = p_;
    if (*p_ == '-') ++p_;
    if (python_ && end_ - p_ >= 8 && std::string_view(p_, 8) == "Infinity") {
      p_ += 8;
      out = -std::numeric_limits<double>::infinity();
      return true;
    }
    if (!digit())
      return fail_expected("expected a digit, found the end of the text", "expected a digit, found {0}");
    if (*p_ == '0') {
      ++p_;
      if (digit()) return fail(p_, "a number may not have a leading zero");
    } else {
      while (digit()) ++p_;
    }
    if (at('.')) {
      ++p_;
      if (!digit())
        return fail_expected("expected a digit after '.', found the end of the text",
                             "expected a digit after '.', found {0}");
      while (digit()) ++p_;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (!digit())
        return fail_expected("expected a digit in the exponent, found the end of the text",
                             "expected a digit in the exponent, found {0}");
      while (digit()) ++p_;
    }
    // strtod reads the locale's decimal point: give it that one.
    std::string token(start, p_);
    const char point = *std::localeconv()->decimal_point;
    if (point != '.')
      for (char& c : token)
        if (c == '.') c = point;
    out = std::strtod(token.c_str(), nullptr);
    if (std::isinf(out)) return fail(start, "the number {0} is out of range", {std::string(start, p_)});
    return true;
  }

  bool string(std::string& out) {
    const char* quote = p_++;
    for (;;) {
      if (p_ == end_) return fail(quote, "this string is never closed (a '\"' is missing)");
      const unsigned char c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        ++p_;
        return true;
      }
      if (c < 0x20)
        return fail(p_, "the control character {0} must be written as an escape in a string", {shown(p_)});
      if (c == '\\') {
        if (!escape(out, quote)) return false;
        continue;
      }
      const int n = utf8_length(reinterpret_cast<const unsigned char*>(p_),
                                reinterpret_cast<const unsigned char*>(end_));
      if (n == 0) return fail(p_, "invalid UTF-8 in a string");
      out.append(p_, static_cast<std::size_t>(n));
      p_ += n;
    }
  }

  // Four hex digits after "\u" at p, or -1.
  long hex4(const char* p) const {
    if (end_ - p < 4) return -1;
    long v = 0;
    for (int i = 0; i < 4; ++i) {
      const int h = hex_value(p[i]);
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    return v;
  }

  bool escape(std::string& out, const char* quote) {
    const char* slash = p_++;
    if (p_ == end_) return fail(quote, "this string is never closed (a '\"' is missing)");
    const char e = *p_++;
    static const char kNamed[] = "\"\\/bfnrt", kMeans[] = "\"\\/\b\f\n\r\t";
    for (int i = 0; i < 8; ++i)
      if (e == kNamed[i]) return out += kMeans[i], true;
    if (e != 'u')
      return fail(slash,
                  "unknown escape {0} in a string (JSON's are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                  {e > 0x20 && e < 0x7F ? std::string("'\\") + e + "'" : shown(p_ - 1)});
    long cp = hex4(p_);
    if (cp < 0) return fail(slash, "'\\u' needs four hex digits");
    p_ += 4;
    if (cp >= 0xDC00 && cp <= 0xDFFF)
      return fail(slash, "the low surrogate \\u{0} has no high surrogate before it",
                  {std::string(p_ - 4, p_)});
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      const long low = end_ - p_ >= 2 && p_[0] == '\\' && p_[1] == 'u' ? hex4(p_ + 2) : -1;
      if (low < 0xDC00 || low > 0xDFFF)
        return fail(slash, "the high surrogate \\u{0} is not followed by a low one (\\uDC00–\\uDFFF)",
                    {std::string(p_ - 4, p_)});
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      p_ += 6;
    }
    append_utf8(out, static_cast<unsigned>(cp));
    return true;
  }

  // Past the opening bracket; true when the closing one follows at once.
  bool enter(JsonValue& out, JsonValue::Kind kind, char close) {
    out.kind = kind;
    ++p_;
    skip_space();
    return at(close) && (++p_, true);
  }

  // After an array's item or an object's member: true past the bracket `close` (`closed` set), or past
  // a ',' and the spaces after it; false when neither follows (`at_end` or `found` said, as
  // fail_expected), or when `close` follows the ',' (`trailing` said).
  bool next(char close, bool& closed, const char* at_end, const char* found, const char* trailing) {
    skip_space();
    closed = at(close);
    if (closed) return ++p_, true;
    if (!at(',')) return fail_expected(at_end, found);
    ++p_;
    skip_space();
    return !at(close) || fail(p_, trailing);
  }

  bool array(JsonValue& out, int depth) {
    if (enter(out, JsonValue::Kind::Array, ']')) return true;
    for (bool closed = false; !closed;) {
      out.items.emplace_back();
      if (!value(out.items.back(), depth)) return false;
      if (!next(']', closed, "expected ',' or ']' after an array item, found the end of the text",
                "expected ',' or ']' after an array item, found {0}",
                "a ']' right after ',': JSON allows no trailing comma"))
        return false;
    }
    return true;
  }

  bool object(JsonValue& out, int depth) {
    if (enter(out, JsonValue::Kind::Object, '}')) return true;
    for (bool closed = false; !closed;) {
      if (!at('"'))
        return fail_expected("expected a key in double quotes, found the end of the text",
                             "expected a key in double quotes, found {0}");
      out.members.emplace_back();
      JsonMember& m = out.members.back();
      if (!string(m.key)) return false;
      skip_space();
      if (!at(':'))
        return fail_expected("expected ':' after the key, found the end of the text",
                             "expected ':' after the key, found {0}");
      ++p_;
      skip_space();
      if (!value(m.value, depth)) return false;
      if (!next('}', closed, "expected ',' or '}' after a member, found the end of the text",
                "expected ',' or '}' after a member, found {0}",
                "a '}' right after ',': JSON allows no trailing comma"))
        return false;
    }
    return true;
  }
};

}  // namespace

JsonParse parse_json(std::string_view text, JsonOptions options) {
  return Parser(text, options.python_numbers).run();
}

}  // namespace posenc::core
