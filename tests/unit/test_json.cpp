// The JSON reader behind config.json: every value kind, escapes to UTF-8 bytes, numbers exactly as a
// correctly rounded double, and each kind of invalid text refused at the line and column it goes wrong
// (expected values worked out by hand from RFC 8259 and IEEE 754, not read back from the parser).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "core/json.hpp"

using namespace posenc::core;

namespace {

JsonValue parsed(const std::string& text) {
  const JsonParse r = parse_json(text);
  INFO(text, " → ", r.error.english());
  REQUIRE(r.ok());
  return r.value;
}

double number_of(const std::string& text) {
  const JsonValue v = parsed(text);
  REQUIRE(v.is_number());
  return v.number;
}

std::uint64_t bits(double d) {
  std::uint64_t b = 0;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

// The English refusal; it must start with "line `line`, column `column`:" and hold `says`.
void refused(const std::string& text, int line, int column, const char* says) {
  const JsonParse r = parse_json(text);
  const std::string e = r.error.english();
  INFO(text, " → ", e);
  REQUIRE_FALSE(r.ok());
  CHECK(r.value.is_null());
  CHECK(e.rfind("line " + std::to_string(line) + ", column " + std::to_string(column) + ":", 0) == 0);
  CHECK(e.find(says) != std::string::npos);
}

// Invalid text, where its refusal points and words it says.
struct Refusal {
  const char* text;
  int line, column;
  const char* says;
};

}  // namespace

TEST_CASE("every value kind, nested, with members in the order written") {
  const JsonValue v = parsed(
      R"({"n": null, "t": true, "f": false, "x": -12.5e-1, "s": "hi",
          "a": [1, [2, {}], []], "o": {"k": "v"}})");
  REQUIRE(v.is_object());
  REQUIRE(v.members.size() == 7);
  const char* keys[] = {"n", "t", "f", "x", "s", "a", "o"};
  for (int i = 0; i < 7; ++i) CHECK(v.members[i].key == keys[i]);
  CHECK(v.find("n")->is_null());
  CHECK(v.find("t")->is_bool());
  CHECK(v.find("t")->boolean);
  CHECK_FALSE(v.find("f")->boolean);
  CHECK(v.find("x")->number == -1.25);
  CHECK(v.find("s")->string == "hi");
  const JsonValue& a = *v.find("a");
  REQUIRE(a.is_array());
  REQUIRE(a.items.size() == 3);
  CHECK(a.items[0].number == 1);
  REQUIRE(a.items[1].items.size() == 2);
  CHECK(a.items[1].items[1].is_object());
  CHECK(a.items[1].items[1].members.empty());
  CHECK(a.items[2].is_array());
  CHECK(a.items[2].items.empty());
  CHECK(v.find("o")->find("k")->string == "v");
  CHECK(v.find("missing") == nullptr);
  CHECK(a.find("0") == nullptr);  // not an object
}

TEST_CASE("scalars stand alone; whitespace is space, tab, CR and LF around any token") {
  CHECK(parsed("null").is_null());
  CHECK(parsed(" \t\r\n true \n").boolean);
  CHECK(parsed("\"\"").string.empty());
  const JsonValue v = parsed("\n[ 1 ,\t2\r\n, { \"a\" : [ ] } ]\n");
  REQUIRE(v.items.size() == 3);
  CHECK(v.items[1].number == 2);
  CHECK(v.items[2].find("a")->is_array());
  CHECK(parsed("\xEF\xBB\xBF{}").is_object());  // a UTF-8 byte order mark is skipped
}

TEST_CASE("duplicate keys: all kept in order, find() answers the last") {
  const JsonValue v = parsed(R"({"a": 1, "b": 2, "a": 3})");
  REQUIRE(v.members.size() == 3);
  CHECK(v.find("a")->number == 3);
  CHECK(v.members[0].value.number == 1);
}

TEST_CASE("escapes become the bytes they name, surrogate pairs one 4-byte UTF-8 character") {
  CHECK(parsed(R"("\"\\\/\b\f\n\r\t")").string == "\"\\/\b\f\n\r\t");
  CHECK(parsed(R"("\u0041\u00e9\u20AC")").string == "A\xC3\xA9\xE2\x82\xAC");  // A é €
  CHECK(parsed(R"("\ud83d\ude00")").string == "\xF0\x9F\x98\x80");             // 😀 U+1F600
  CHECK(parsed(R"("\uDBFF\uDFFF")").string == "\xF4\x8F\xBF\xBF");             // U+10FFFF
  const std::string nul = parsed(R"("a\u0000b")").string;
  CHECK(nul == std::string("a\0b", 3));
  CHECK(parsed("\"raw \xF0\x9F\x98\x80 and \xE4\xB8\xAD\"").string ==
        "raw \xF0\x9F\x98\x80 and \xE4\xB8\xAD");
  CHECK(parsed(R"({"\u006b": 1})").find("k")->number == 1);  // keys are strings like any other
}

TEST_CASE("numbers are the nearest double to the decimal written") {
  CHECK(bits(number_of("0.1")) == 0x3FB999999999999AULL);
  const double minus_zero = number_of("-0");
  CHECK(minus_zero == 0);
  CHECK(std::signbit(minus_zero));
  CHECK(number_of("1e-7") == 1e-7);
  CHECK(number_of("1.5E+3") == 1500);
  CHECK(number_of("25e-1") == 2.5);
  CHECK(number_of("-0.0e0") == 0);
  CHECK(number_of("5e-324") == std::numeric_limits<double>::denorm_min());
  CHECK(number_of("1.7976931348623157e308") == std::numeric_limits<double>::max());
  CHECK(number_of("9007199254740993") == 9007199254740992.0);  // 2^53 + 1 rounds to even
  CHECK(number_of("1e-400") == 0);                             // underflow reads as zero
}

TEST_CASE("invalid text is refused at the line and column where it goes wrong") {
  const Refusal cases[] = {
      // numbers beyond the double range
      {"1e309", 1, 1, "the number 1e309 is out of range"},
      {"[0, -1e309]", 1, 5, "out of range"},
      // each way of being malformed
      {"[1, 2,]", 1, 7, "no trailing comma"},
      {"{\"a\": 1,}", 1, 9, "no trailing comma"},
      {"{'a': 1}", 1, 2, "expected a key in double quotes, found '''"},
      {"['a']", 1, 2, "expected a JSON value, found '''"},
      {"01", 1, 2, "leading zero"},
      {"-01", 1, 3, "leading zero"},
      {"1.", 1, 3, "expected a digit after '.', found the end of the text"},
      {"1.e5", 1, 3, "expected a digit after '.', found 'e'"},
      {"1e", 1, 3, "expected a digit in the exponent"},
      {".5", 1, 1, "a number needs a digit before '.'"},
      {"+1", 1, 1, "may not start with '+'"},
      {"-", 1, 2, "expected a digit"},
      {"0x10", 1, 2, "unexpected 'x' after the JSON value"},
      {"NaN", 1, 1, "unknown word 'NaN'"},
      {"[-Infinity]", 1, 3, "expected a digit, found 'I'"},
      {"{\"a\": True}", 1, 7, "unknown word 'True'"},
      {"\"abc", 1, 1, "never closed"},
      {"[\"abc\\", 1, 2, "never closed"},
      {"\"a\tb\"", 1, 3, "control character U+0009"},
      {"\"a\nb\"", 1, 3, "control character U+000A"},
      {R"("x\ud800")", 1, 3, "high surrogate \\ud800 is not followed by a low one"},
      {R"("\ud800\u0041")", 1, 2, "not followed by a low one"},
      {R"("\udc00")", 1, 2, "low surrogate \\udc00 has no high surrogate"},
      {R"("\u12G4")", 1, 2, "four hex digits"},
      {R"("\x41")", 1, 2, R"(unknown escape '\x')"},
      {"\"\xC0\xAF\"", 1, 2, "invalid UTF-8"},      // overlong '/'
      {"\"\xED\xA0\x80\"", 1, 2, "invalid UTF-8"},  // an encoded surrogate
      {"{} x", 1, 4, "unexpected 'x' after the JSON value"},
      {"[1] [2]", 1, 5, "unexpected '['"},
      {"", 1, 1, "expected a JSON value, found the end of the text"},
      {" \n ", 2, 2, "found the end of the text"},
      {"[1 2]", 1, 4, "expected ',' or ']' after an array item, found '2'"},
      {"{\"a\" 1}", 1, 6, "expected ':' after the key, found '1'"},
      {"{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after a member"},
      {"{\"a\":", 1, 6, "expected a JSON value, found the end of the text"},
      {"{\u201Ca\u201D: 1}", 1, 2, "found '\u201C'"},  // “a”, as pasted from a web page
      {"[\x01]", 1, 2, "found U+0001"},
      // lines end at LF, CRLF or CR; columns count characters, not bytes
      {"{\n  \"a\": 1,\n  \"b\": 02\n}", 3, 9, "leading zero"},
      {"[\r\n1,\r\n]", 3, 1, "trailing comma"},
      {"[\r1,\r]", 3, 1, "trailing comma"},
      {"[\"\xC3\xA9\", x]", 1, 7, "unknown word 'x'"},
  };
  for (const Refusal& c : cases) refused(c.text, c.line, c.column, c.says);
}

TEST_CASE("nesting: 64 levels are read, the 65th is refused") {
  const std::string ok = std::string(64, '[') + std::string(64, ']');
  JsonValue v = parsed(ok);
  int depth = 0;
  for (const JsonValue* p = &v; p && p->is_array(); p = p->items.empty() ? nullptr : &p->items[0]) ++depth;
  CHECK(depth == 64);
  refused(std::string(65, '[') + std::string(65, ']'), 1, 65, "nested deeper than 64 levels");
  std::string objects;
  for (int i = 0; i < 65; ++i) objects += "{\"k\":";
  refused(objects, 1, 321, "nested deeper than 64");  // 64 × 5 characters, then the 65th '{'
  refused(std::string(100000, '['), 1, 65, "nested deeper than 64");
}
