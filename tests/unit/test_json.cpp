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

// The English refusal; it must start with `where` ("line L, column C:") and hold `says`.
void refused(const std::string& text, const char* where, const char* says) {
  const JsonParse r = parse_json(text);
  const std::string e = r.error.english();
  INFO(text, " → ", e);
  REQUIRE_FALSE(r.ok());
  CHECK(r.value.is_null());
  CHECK(e.rfind(where, 0) == 0);
  CHECK(e.find(says) != std::string::npos);
}

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

TEST_CASE("numbers beyond the double range are refused") {
  refused("1e309", "line 1, column 1:", "the number 1e309 is out of range");
  refused("[0, -1e309]", "line 1, column 5:", "out of range");
}

TEST_CASE("invalid text is refused at the line and column where it goes wrong") {
  refused("[1, 2,]", "line 1, column 7:", "no trailing comma");
  refused("{\"a\": 1,}", "line 1, column 9:", "no trailing comma");
  refused("{'a': 1}", "line 1, column 2:", "expected a key in double quotes, found '''");
  refused("['a']", "line 1, column 2:", "expected a JSON value, found '''");
  refused("01", "line 1, column 2:", "leading zero");
  refused("-01", "line 1, column 3:", "leading zero");
  refused("1.", "line 1, column 3:", "expected a digit after '.', found the end of the text");
  refused("1.e5", "line 1, column 3:", "expected a digit after '.', found 'e'");
  refused("1e", "line 1, column 3:", "expected a digit in the exponent");
  refused(".5", "line 1, column 1:", "a number needs a digit before '.'");
  refused("+1", "line 1, column 1:", "may not start with '+'");
  refused("-", "line 1, column 2:", "expected a digit");
  refused("0x10", "line 1, column 2:", "unexpected 'x' after the JSON value");
  refused("NaN", "line 1, column 1:", "unknown word 'NaN'");
  refused("[-Infinity]", "line 1, column 3:", "expected a digit, found 'I'");
  refused("{\"a\": True}", "line 1, column 7:", "unknown word 'True'");
  refused("\"abc", "line 1, column 1:", "never closed");
  refused("[\"abc\\", "line 1, column 2:", "never closed");
  refused("\"a\tb\"", "line 1, column 3:", "control character U+0009");
  refused("\"a\nb\"", "line 1, column 3:", "control character U+000A");
  refused(R"("x\ud800")", "line 1, column 3:", "high surrogate \\ud800 is not followed by a low one");
  refused(R"("\ud800\u0041")", "line 1, column 2:", "not followed by a low one");
  refused(R"("\udc00")", "line 1, column 2:", "low surrogate \\udc00 has no high surrogate");
  refused(R"("\u12G4")", "line 1, column 2:", "four hex digits");
  refused(R"("\x41")", "line 1, column 2:", R"(unknown escape '\x')");
  refused("\"\xC0\xAF\"", "line 1, column 2:", "invalid UTF-8");      // overlong '/'
  refused("\"\xED\xA0\x80\"", "line 1, column 2:", "invalid UTF-8");  // an encoded surrogate
  refused("{} x", "line 1, column 4:", "unexpected 'x' after the JSON value");
  refused("[1] [2]", "line 1, column 5:", "unexpected '['");
  refused("", "line 1, column 1:", "expected a JSON value, found the end of the text");
  refused(" \n ", "line 2, column 2:", "found the end of the text");
  refused("[1 2]", "line 1, column 4:", "expected ',' or ']' after an array item, found '2'");
  refused("{\"a\" 1}", "line 1, column 6:", "expected ':' after the key, found '1'");
  refused("{\"a\": 1 \"b\": 2}", "line 1, column 9:", "expected ',' or '}' after a member");
  refused("{\"a\":", "line 1, column 6:", "expected a JSON value, found the end of the text");
  refused("{\u201Ca\u201D: 1}", "line 1, column 2:", "found '\u201C'");  // “a”, as pasted from a web page
  refused("[\x01]", "line 1, column 2:", "found U+0001");
}

TEST_CASE("lines end at LF, CRLF or CR; columns count characters, not bytes") {
  refused("{\n  \"a\": 1,\n  \"b\": 02\n}", "line 3, column 9:", "leading zero");
  refused("[\r\n1,\r\n]", "line 3, column 1:", "trailing comma");
  refused("[\r1,\r]", "line 3, column 1:", "trailing comma");
  refused("[\"\xC3\xA9\", x]", "line 1, column 7:", "unknown word 'x'");
}

TEST_CASE("nesting: 64 levels are read, the 65th is refused") {
  const std::string ok = std::string(64, '[') + std::string(64, ']');
  JsonValue v = parsed(ok);
  int depth = 0;
  for (const JsonValue* p = &v; p && p->is_array(); p = p->items.empty() ? nullptr : &p->items[0]) ++depth;
  CHECK(depth == 64);
  refused(std::string(65, '[') + std::string(65, ']'), "line 1, column 65:", "nested deeper than 64 levels");
  std::string objects;
  for (int i = 0; i < 65; ++i) objects += "{\"k\":";
  refused(objects, "line 1, column 321:", "nested deeper than 64");  // 64 × 5 characters, then the 65th '{'
  refused(std::string(100000, '['), "line 1, column 65:", "nested deeper than 64");
}
