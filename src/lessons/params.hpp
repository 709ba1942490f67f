// Lesson parameters. Each is declared once, in its lesson's visit(): name (the key in URLs and
// posenc.set), range, scale, number format and label. Everything else follows from that one record
// through a visitor — reading, setting and clamping (URL hash, JS API), serialising, and the control
// the learner drags (lesson.cpp's control()). No range is written twice.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/message.hpp"

namespace posenc::lessons {

enum class Scale { Linear, Log };

struct Param {
  const char* name;              // URL / posenc.set key
  const char* label = nullptr;   // the control's label: an English catalogue key (shown translated)
  double lo = 0, hi = 0;         // integer and real parameters: the allowed range (inclusive)
  Scale scale = Scale::Linear;   // how the slider maps to the range
  const char* format = nullptr;  // the slider's printf format; nullptr: "%d" for integers, "%.4g" for reals
};

class ParamVisitor {
 public:
  virtual ~ParamVisitor() = default;
  virtual void integer(const Param& p, int& value) = 0;
  virtual void real(const Param& p, double& value) = 0;
  virtual void flag(const Param& p, bool& value) = 0;
  virtual void text(const Param& p, std::string& value, int max_bytes) = 0;
  // A permutation of 0…n−1 (a token order).
  virtual void order(const Param& p, std::vector<int>& value, int n) = 0;
  // One of a few named options; `value` is the index. In URLs and JSON: the option's name; on screen
  // the option's name through the catalogue.
  virtual void choice(const Param& p, int& value, const std::vector<const char*>& options) = 0;
};

enum class ParamKind { Integer, Real, Flag, Text, Order, Choice };

// One parameter's declaration and current value, typed, for serialisation and tests.
struct ParamValue {
  std::string name;
  ParamKind kind = ParamKind::Integer;
  double number = 0;      // Integer, Real, Flag (0/1)
  std::string text;       // Text; Choice: the option's name
  std::vector<int> list;  // Order
  double lo = 0, hi = 0;  // Integer, Real: the allowed range
  Scale scale = Scale::Linear;
  std::string label;  // English catalogue key ("" when the parameter has no control)
};

// What setting a parameter from a string did.
struct SetOutcome {
  bool found = false;      // the lesson has a parameter of that name
  bool changed = false;    // its value changed
  core::Messages notices;  // what was clamped, rounded or rejected
};

// Parses `value` the way the URL hash and posenc.set() do, clamps it and stores it.
class Setter final : public ParamVisitor {
 public:
  Setter(std::string_view name, std::string_view value) : name_(name), value_(value) {}
  const SetOutcome& outcome() const { return out_; }

  void integer(const Param& p, int& value) override;
  void real(const Param& p, double& value) override;
  void flag(const Param& p, bool& value) override;
  void text(const Param& p, std::string& value, int max_bytes) override;
  void order(const Param& p, std::vector<int>& value, int n) override;
  void choice(const Param& p, int& value, const std::vector<const char*>& options) override;

 private:
  bool matches(const Param& p);
  void note(std::string format, std::vector<std::string> args);
  std::string name_;
  std::string value_;
  SetOutcome out_;
};

// Collects every parameter's declaration and value.
class Reader final : public ParamVisitor {
 public:
  std::vector<ParamValue> values;
  void integer(const Param& p, int& value) override;
  void real(const Param& p, double& value) override;
  void flag(const Param& p, bool& value) override;
  void text(const Param& p, std::string& value, int max_bytes) override;
  void order(const Param& p, std::vector<int>& value, int n) override;
  void choice(const Param& p, int& value, const std::vector<const char*>& options) override;
};

// The value as it appears in the URL hash (numbers shortest round-trip, flags 0/1, orders "2,0,1").
std::string to_hash_string(const ParamValue& v);

// Shortest decimal text that reads back as the same double.
std::string format_number(double x);

// Parses a finite number; false for anything else (empty, trailing junk, NaN, ±inf).
bool parse_number(std::string_view s, double& out);

}  // namespace posenc::lessons
