// Lesson parameters, described once by each lesson through a visitor and then read, set, clamped and
// serialised generically — for the UI, the URL hash and posenc.set()/state() alike.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace posenc::lessons {

class ParamVisitor {
 public:
  virtual ~ParamVisitor() = default;
  virtual void integer(const char* name, int& value, int lo, int hi) = 0;
  virtual void real(const char* name, double& value, double lo, double hi) = 0;
  virtual void flag(const char* name, bool& value) = 0;
  virtual void text(const char* name, std::string& value, int max_bytes) = 0;
  // A permutation of 0…n−1 (a token order).
  virtual void order(const char* name, std::vector<int>& value, int n) = 0;
  // One of a few named options; `value` is the index. In URLs and JSON: the option's name.
  virtual void choice(const char* name, int& value, const std::vector<const char*>& options) = 0;
};

enum class ParamKind { Integer, Real, Flag, Text, Order, Choice };

// One parameter's current value, typed, for serialisation.
struct ParamValue {
  std::string name;
  ParamKind kind = ParamKind::Integer;
  double number = 0;          // Integer, Real, Flag (0/1)
  std::string text;           // Text; Choice: the option's name
  std::vector<int> list;      // Order
  double lo = 0, hi = 0;      // Integer, Real: the allowed range
};

// What setting a parameter from a string did.
struct SetOutcome {
  bool found = false;    // the lesson has a parameter of that name
  bool changed = false;  // its value changed
  std::string notice;    // non-empty when the value was clamped, rounded or rejected
};

// Parses `value` the way the URL hash and posenc.set() do, clamps it and stores it.
class Setter final : public ParamVisitor {
 public:
  Setter(std::string_view name, std::string_view value) : name_(name), value_(value) {}
  const SetOutcome& outcome() const { return out_; }

  void integer(const char* name, int& value, int lo, int hi) override;
  void real(const char* name, double& value, double lo, double hi) override;
  void flag(const char* name, bool& value) override;
  void text(const char* name, std::string& value, int max_bytes) override;
  void order(const char* name, std::vector<int>& value, int n) override;
  void choice(const char* name, int& value, const std::vector<const char*>& options) override;

 private:
  bool matches(const char* name);
  std::string name_;
  std::string value_;
  SetOutcome out_;
};

// Collects every parameter's value.
class Reader final : public ParamVisitor {
 public:
  std::vector<ParamValue> values;
  void integer(const char* name, int& value, int lo, int hi) override;
  void real(const char* name, double& value, double lo, double hi) override;
  void flag(const char* name, bool& value) override;
  void text(const char* name, std::string& value, int max_bytes) override;
  void order(const char* name, std::vector<int>& value, int n) override;
  void choice(const char* name, int& value, const std::vector<const char*>& options) override;
};

// The value as it appears in the URL hash (numbers shortest round-trip, flags 0/1, orders "2,0,1").
std::string to_hash_string(const ParamValue& v);

// Shortest decimal text that reads back as the same double.
std::string format_number(double x);

// Parses a finite number; false for anything else (empty, trailing junk, NaN, ±inf).
bool parse_number(std::string_view s, double& out);

}  // namespace posenc::lessons
