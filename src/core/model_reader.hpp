// The pieces the config.json reader's files share (model_config.cpp reads the RoPE parameters and
// the model; model_layers.cpp the layer types): the Reader that checks keys and collects messages, the
// model fields every RoPE set reads, and small JSON helpers. Internal to src/core.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "json.hpp"
#include "model_config.hpp"
#include "model_families.hpp"

namespace posenc::core::model_reader {

inline std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

inline std::string describe(const JsonValue& v) {
  if (v.is_number()) return fmt(v.number);
  if (v.is_string()) {
    const std::string& s = v.string;
    return "'" + (s.size() > 40 ? s.substr(0, 40) + "…" : s) + "'";
  }
  if (v.is_bool()) return v.boolean ? "true" : "false";
  if (v.is_null()) return "null";
  if (v.is_array()) return "[…]";  // signs, not words: the message reads the same in every language
  return "{…}";
}

// Reads keys of one object, stopping at the first problem.
class Reader {
 public:
  explicit Reader(ModelConfigResult& out) : out_(out) {}
  bool ok() const { return out_.error.empty(); }
  void fail(std::string format, std::vector<std::string> args = {}) {
    if (ok()) out_.error = Message{std::move(format), std::move(args)};
  }
  void fail(Message m) {
    if (ok()) out_.error = std::move(m);
  }
  void notice(std::string format, std::vector<std::string> args = {}) {
    out_.notices.push_back(Message{std::move(format), std::move(args)});
  }

  // A present, non-null value at obj[key], or nullptr.
  static const JsonValue* find(const JsonValue* obj, const char* key) {
    const JsonValue* v = obj ? obj->find(key) : nullptr;
    return v && !v->is_null() ? v : nullptr;
  }

  // A number at obj[key] (`name` as the learner sees it, e.g. "rope_scaling.factor").
  bool number(const JsonValue* obj, const char* key, const std::string& name, double& out, bool required) {
    const JsonValue* v = find(obj, key);
    if (!v) {
      if (required) fail("missing required key '{0}'", {name});
      return false;
    }
    if (!v->is_number()) return fail("'{0}' must be a number, got {1}", {name, describe(*v)}), false;
    const double d = v->number;
    if (!std::isfinite(d)) return fail("'{0}' must be a finite number", {name}), false;
    out = d;
    return true;
  }

  bool positive(const JsonValue* obj, const char* key, const std::string& name, double& out, bool required) {
    double v = 0;
    if (!number(obj, key, name, v, required)) return false;
    if (v <= 0) return fail("'{0}' must be positive, got {1}", {name, fmt(v)}), false;
    out = v;
    return true;
  }

  // A whole number in [1, hi] (sizes: widths, head counts).
  bool size(const JsonValue* obj, const char* key, const std::string& name, int& out, bool required,
            double hi) {
    double v = 0;
    if (!number(obj, key, name, v, required)) return false;
    if (v != std::floor(v)) return fail("'{0}' must be a whole number, got {1}", {name, fmt(v)}), false;
    if (v < 1) return fail("'{0}' must be positive, got {1}", {name, fmt(v)}), false;
    if (v > hi) return fail("'{0}' is {1}; at most {2} is supported", {name, fmt(v), fmt(hi)}), false;
    out = static_cast<int>(v);
    return true;
  }

  // A list of positive numbers of exactly `want` entries.
  bool factors(const JsonValue* obj, const char* key, const std::string& name, std::vector<double>& out,
               std::size_t want) {
    const JsonValue* v = find(obj, key);
    if (!v) return fail("missing required key '{0}'", {name}), false;
    if (!v->is_array()) return fail("'{0}' must be a list of numbers, got {1}", {name, describe(*v)}), false;
    if (v->items.size() != want)
      return fail("'{0}' has {1} values; rotary_dim / 2 = {2} are needed",
                  {name, std::to_string(v->items.size()), std::to_string(want)}),
             false;
    out.clear();
    for (const JsonValue& e : v->items) {
      if (!e.is_number() || !(e.number > 0) || !std::isfinite(e.number))
        return fail("'{0}' must hold positive numbers, got {1}", {name, describe(e)}), false;
      out.push_back(e.number);
    }
    return true;
  }

 private:
  ModelConfigResult& out_;
};

constexpr double kMaxSize = 1 << 20;        // widths and head counts
constexpr double kMaxPositions = 1e12;      // context lengths
constexpr std::size_t kMaxLayerTypes = 16;  // different attention types in one model
constexpr std::size_t kMaxNameBytes = 64;   // a layer type's name

inline bool has(const JsonValue* obj, const char* key) { return Reader::find(obj, key) != nullptr; }

inline JsonValue number_value(double v) {
  JsonValue j;
  j.kind = JsonValue::Kind::Number;
  j.number = v;
  return j;
}

inline JsonValue string_value(std::string v) {
  JsonValue j;
  j.kind = JsonValue::Kind::String;
  j.string = std::move(v);
  return j;
}

inline JsonValue object_copy(const JsonValue* v) {
  if (v && v->is_object()) return *v;
  JsonValue j;
  j.kind = JsonValue::Kind::Object;
  return j;
}

// Python's dict.setdefault and item assignment on a JSON object (find() answers the last member).
inline void set_default(JsonValue& obj, const char* key, const JsonValue& v) {
  if (!obj.find(key)) obj.members.push_back({key, v});
}
inline void assign(JsonValue& obj, const char* key, const JsonValue& v) { obj.members.push_back({key, v}); }

inline std::string clip(const std::string& s) { return s.size() > 40 ? s.substr(0, 40) + "…" : s; }

// What every RoPE set of a model reads from the model's own fields.
struct Shared {
  const JsonValue* model = nullptr;
  const ModelFamily* family = nullptr;
  int head_dim = 0, nope_head_dim = 0, hidden_size = 0, num_attention_heads = 0;
  double max_positions = 0;
  bool has_max = false;
};

// A whole number of the model in [lo, hi], or `fallback` when absent.
inline int whole(Reader& in, const JsonValue* obj, const char* key, int fallback, int hi) {
  int v = fallback;
  if (has(obj, key)) in.size(obj, key, key, v, false, hi);
  return v;
}

// layer_types as the file writes them, or derived by the family's rule; `no_rope` marks layers that
// apply no RoPE. Returns false after a failure (model_layers.cpp).
bool read_layers(Reader& in, const Shared& sh, int layers, std::vector<std::string>& types,
                 std::vector<bool>& no_rope);

}  // namespace posenc::core::model_reader
