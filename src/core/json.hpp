// A small, strict JSON reader (RFC 8259) into a tiny tree, for config.json: our own instead of a
// general library, because every byte of the first view counts (issue 16: nlohmann/json cost ~20 KB gzip).
// Never throws; nests at most kMaxJsonDepth deep; a refusal is a Message with the line and column where
// reading stopped. Choices: numbers are doubles (strtod, correctly rounded; integers past 2^53 round); one
// out of double range (1e309) is refused, one that underflows (1e-400) reads as 0; \uXXXX escapes become
// UTF-8, a surrogate pair one 4-byte character, a lone surrogate is refused; strings must be valid
// UTF-8; an object keeps its members as written, duplicates included, and find() answers the last
// (as JavaScript's JSON.parse). A UTF-8 byte order mark before the value is skipped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "message.hpp"

namespace posenc::core {

constexpr int kMaxJsonDepth = 64;  // arrays and objects inside one another

struct JsonMember;

struct JsonValue {
  enum class Kind : unsigned char { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string string;               // UTF-8
  std::vector<JsonValue> items;     // Array
  std::vector<JsonMember> members;  // Object, in the order written

  bool is_null() const { return kind == Kind::Null; }
  bool is_bool() const { return kind == Kind::Bool; }
  bool is_number() const { return kind == Kind::Number; }
  bool is_string() const { return kind == Kind::String; }
  bool is_array() const { return kind == Kind::Array; }
  bool is_object() const { return kind == Kind::Object; }
  // The value of the last member named `key`; nullptr when absent or when this is not an object.
  const JsonValue* find(std::string_view key) const;
};

struct JsonMember {
  std::string key;
  JsonValue value;
};

struct JsonParse {
  JsonValue value;
  Message error;  // empty: value holds the document. Formats start "line {0}, column {1}: "
  bool ok() const { return error.empty(); }
};

struct JsonOptions {
  // NaN, Infinity and -Infinity as numbers: not JSON, but Python's json module writes and reads them, and
  // published config.json files hold them (Nemotron-H's time_step_limit). The reader of a value decides.
  bool python_numbers = false;
};

// Lines count from 1 (a line ends at \n, \r\n or \r); columns count characters from 1.
JsonParse parse_json(std::string_view text, JsonOptions options = {});

}  // namespace posenc::core
