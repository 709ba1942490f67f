// The argument reader and result helpers the compute kinds share (compute.cpp, compute_checks.cpp):
// internal to src/app.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "compute.hpp"
#include "core/enum_names.hpp"
#include "core/sinusoidal.hpp"

namespace posenc::app::detail {

// What an argument of each type is called in an error, by ArgValue::Type.
constexpr const char* kTypeNames[] = {"a number", "a string",  "a boolean",
                                      "an array", "an object", "something else"};
static_assert(std::size(kTypeNames) == core::enum_count(ArgValue::Type::Other));
inline const char* type_name(ArgValue::Type t) { return core::enum_name(kTypeNames, t); }

// Reads typed arguments of one call, remembering the first error and which keys were used.
class Reader {
 public:
  Reader(std::string_view kind, const Args& args) : kind_(kind), args_(args) {}

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  double number(const char* key, double fallback, double lo, double hi, bool required = false) {
    const ArgValue* v = find(key, required);
    if (!v) return fallback;
    if (v->type != ArgValue::Type::Number || !std::isfinite(v->number))
      return fail(std::string(key) + " must be a finite number, got " + describe(*v)), fallback;
    if (v->number < lo || v->number > hi)
      return fail(std::string(key) + " must be in [" + fmt(lo) + ", " + fmt(hi) + "], got " + fmt(v->number)),
             fallback;
    return v->number;
  }

  int integer(const char* key, int fallback, int lo, int hi, bool required = false,
              const char* cap = nullptr) {
    const ArgValue* v = find(key, required);
    if (!v) return fallback;
    if (v->type != ArgValue::Type::Number || !std::isfinite(v->number) || v->number != std::floor(v->number))
      return fail(std::string(key) + " must be a whole number, got " + describe(*v)), fallback;
    if (v->number < lo || v->number > hi)
      return fail(std::string(key) + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                  (cap ? std::string(" (") + cap + ")" : std::string()) + ", got " + fmt(v->number)),
             fallback;
    return static_cast<int>(v->number);
  }

  // The base of the sinusoids' or rotations' frequencies: above 1, 10000 unless given.
  double base() { return number("base", 10000.0, 1.0 + 1e-9, 1e12); }

  // "interleaved" (the default) or "half": the pairing of the columns.
  core::Layout layout() {
    return choice("layout", "interleaved", {"interleaved", "half"}) == "half" ? core::Layout::Half
                                                                              : core::Layout::Interleaved;
  }

  bool flag(const char* key, bool fallback) {
    const ArgValue* v = find(key, false);
    if (!v) return fallback;
    if (v->type == ArgValue::Type::Bool) return v->number != 0;
    if (v->type == ArgValue::Type::Number && (v->number == 0 || v->number == 1)) return v->number != 0;
    return fail(std::string(key) + " must be true or false, got " + describe(*v)), fallback;
  }

  std::string choice(const char* key, const char* fallback, std::initializer_list<const char*> options) {
    const ArgValue* v = find(key, false);
    if (!v) return fallback;
    std::string list;
    for (const char* o : options) {
      if (v->type == ArgValue::Type::String && v->text == o) return o;
      list += std::string(list.empty() ? "'" : ", '") + o + "'";
    }
    return fail(std::string(key) + " must be one of " + list + ", got " + describe(*v)), fallback;
  }

  // A string argument (a preset's id, a name), or nullptr when absent.
  const std::string* text(const char* key, bool required = false) {
    const ArgValue* v = find(key, required);
    if (!v) return nullptr;
    if (v->type != ArgValue::Type::String)
      return fail(std::string(key) + " must be a string, got " + describe(*v)), nullptr;
    return &v->text;
  }

  // A JSON document: a plain object (passed as its JSON text) or a string holding JSON.
  const std::string* json_text(const char* key, bool required = false) {
    const ArgValue* v = find(key, required);
    if (!v) return nullptr;
    if (v->type != ArgValue::Type::Json && v->type != ArgValue::Type::String)
      return fail(std::string(key) +
                  " must be an object (the fields of a config.json) or its JSON text, got " + describe(*v)),
             nullptr;
    return &v->text;
  }

  const std::vector<double>* array(const char* key, size_t max_len, bool required = false) {
    const ArgValue* v = find(key, required);
    if (!v) return nullptr;
    if (v->type != ArgValue::Type::Array)
      return fail(std::string(key) + " must be an array of numbers, got " + describe(*v)), nullptr;
    if (v->array.size() > max_len)
      return fail(std::string(key) + " has " + std::to_string(v->array.size()) + " entries; at most " +
                  std::to_string(max_len) + " are allowed"),
             nullptr;
    return &v->array;
  }

  // Call after reading every argument: rejects keys the kind does not take.
  void reject_unknown() {
    if (!ok()) return;
    for (const auto& [k, v] : args_)
      if (!used_.count(k)) {
        std::string known;
        for (const auto& u : seen_) known += (known.empty() ? "" : ", ") + u;
        fail("unknown argument '" + k + "' for " + std::string(kind_) + " (takes " + known + ")");
        return;
      }
  }

  void fail(std::string message) {
    if (error_.empty()) error_ = std::string(kind_) + ": " + std::move(message);
  }

 private:
  const ArgValue* find(const char* key, bool required) {
    seen_.push_back(key);
    used_.insert(key);
    auto it = args_.find(key);
    if (it == args_.end()) {
      if (required) fail(std::string("missing argument '") + key + "'");
      return nullptr;
    }
    return &it->second;
  }
  static std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
  }
  static std::string describe(const ArgValue& v) {
    if (v.type == ArgValue::Type::Number) return fmt(v.number);
    if (v.type == ArgValue::Type::String) return "'" + v.text.substr(0, 40) + "'";
    if (v.type == ArgValue::Type::Other) return v.text.empty() ? "something else" : v.text;
    return type_name(v.type);
  }

  std::string_view kind_;
  const Args& args_;
  std::string error_;
  std::set<std::string, std::less<>> used_;
  std::vector<std::string> seen_;
};

inline ComputeResult matrix_result(const Eigen::MatrixXd& m) {
  ComputeResult r;
  r.shape = {static_cast<int>(m.rows()), static_cast<int>(m.cols())};
  r.data.resize(m.size());
  Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(r.data.data(), m.rows(),
                                                                                     m.cols()) = m;
  return r;
}

inline ComputeResult vector_result(const Eigen::VectorXd& v) {
  ComputeResult r;
  r.shape = {static_cast<int>(v.size())};
  r.data.assign(v.data(), v.data() + v.size());
  return r;
}

inline ComputeResult failure(const std::string& message) {
  ComputeResult r;
  r.error = message;
  return r;
}

// shape [len, dim]: two whole numbers within kMaxRows × kMaxCols, read into rows and cols (false and
// an error in `in` otherwise).
inline bool read_shape(Reader& in, long& rows, long& cols) {
  const std::vector<double>* shape = in.array("shape", 2, true);
  if (!in.ok()) return false;
  // Validated as doubles first: casting NaN, ±inf or a huge value to an integer is undefined.
  const auto whole_in = [](double v, double hi) {
    return std::isfinite(v) && v == std::floor(v) && v >= 1 && v <= hi;
  };
  if (shape->size() != 2) return in.fail("shape must be [len, dim]"), false;
  if (!whole_in((*shape)[0], kMaxRows) || !whole_in((*shape)[1], kMaxCols))
    return in.fail("shape must be two whole numbers within 8192 × 4096"), false;
  rows = static_cast<long>((*shape)[0]);
  cols = static_cast<long>((*shape)[1]);
  return true;
}

// `values` holds rows × cols finite numbers (else an error naming `key`).
inline bool check_values(Reader& in, const char* key, const std::vector<double>& values, long rows,
                         long cols) {
  if (static_cast<long>(values.size()) != rows * cols)
    return in.fail(std::string(key) + " has " + std::to_string(values.size()) + " values; shape " +
                   std::to_string(rows) + " × " + std::to_string(cols) + " needs " +
                   std::to_string(rows * cols)),
           false;
  for (double v : values)
    if (!std::isfinite(v))
      return in.fail(std::string(key) + " must be finite numbers (found NaN or Infinity)"), false;
  return true;
}

// The kinds that read a learner's table or config (compute_checks.cpp).
ComputeResult check_kind(const Args& args);
ComputeResult rope_init_kind(const Args& args);
ComputeResult check_rope_kind(const Args& args);
// Lesson train's tiny Transformer, trained in the call (compute_train.cpp).
ComputeResult train_kind(const Args& args);

}  // namespace posenc::app::detail
