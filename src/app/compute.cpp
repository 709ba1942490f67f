#include "compute.hpp"

#include <cmath>
#include <set>

#include "core/attention.hpp"
#include "core/check.hpp"
#include "core/extrapolation.hpp"
#include "core/mixing.hpp"
#include "core/model_config.hpp"
#include "core/offsets.hpp"
#include "core/relative.hpp"
#include "core/rope.hpp"
#include "core/permutation.hpp"
#include "core/sinusoidal.hpp"
#include "json.hpp"

namespace posenc::app {
namespace {

const char* type_name(ArgValue::Type t) {
  switch (t) {
    case ArgValue::Type::Number: return "a number";
    case ArgValue::Type::String: return "a string";
    case ArgValue::Type::Bool: return "a boolean";
    case ArgValue::Type::Array: return "an array";
    case ArgValue::Type::Json: return "an object";
    case ArgValue::Type::Other: return "something else";
  }
  return "?";
}

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
      return fail(std::string(key) + " must be in [" + fmt(lo) + ", " + fmt(hi) + "], got " + fmt(v->number)), fallback;
    return v->number;
  }

  int integer(const char* key, int fallback, int lo, int hi, bool required = false, const char* cap = nullptr) {
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

  // A JSON document: a plain object (passed as its JSON text) or a string holding JSON.
  const std::string* json_text(const char* key, bool required = false) {
    const ArgValue* v = find(key, required);
    if (!v) return nullptr;
    if (v->type != ArgValue::Type::Json && v->type != ArgValue::Type::String)
      return fail(std::string(key) + " must be an object (the fields of a config.json) or its JSON text, got " +
                  describe(*v)),
             nullptr;
    return &v->text;
  }

  const std::vector<double>* array(const char* key, size_t max_len, bool required = false) {
    const ArgValue* v = find(key, required);
    if (!v) return nullptr;
    if (v->type != ArgValue::Type::Array) return fail(std::string(key) + " must be an array of numbers, got " + describe(*v)), nullptr;
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

ComputeResult matrix_result(const Eigen::MatrixXd& m) {
  ComputeResult r;
  r.shape = {static_cast<int>(m.rows()), static_cast<int>(m.cols())};
  r.data.resize(m.size());
  Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(r.data.data(), m.rows(), m.cols()) = m;
  return r;
}

ComputeResult vector_result(const Eigen::VectorXd& v) {
  ComputeResult r;
  r.shape = {static_cast<int>(v.size())};
  r.data.assign(v.data(), v.data() + v.size());
  return r;
}

ComputeResult failure(const std::string& message) {
  ComputeResult r;
  r.error = message;
  return r;
}

ComputeResult sinusoidal(const Args& args) {
  Reader in("sinusoidal", args);
  core::SinusoidalSpec spec;
  spec.len = in.integer("len", 0, 1, kMaxRows, true, "the row cap");
  spec.dim = in.integer("dim", 0, 1, kMaxCols, true, "the column cap");
  spec.base = in.number("base", 10000.0, 1.0 + 1e-9, 1e12);
  spec.layout = in.choice("layout", "interleaved", {"interleaved", "half"}) == "half" ? core::Layout::Half
                                                                                      : core::Layout::Interleaved;
  spec.offset = in.number("offset", 0.0, -1e12, 1e12);
  in.reject_unknown();
  if (in.ok() && static_cast<long>(spec.len) * spec.dim > kMaxCells)
    in.fail("len × dim = " + std::to_string(static_cast<long>(spec.len) * spec.dim) + " exceeds the cap of " +
            std::to_string(kMaxCells) + " values");
  if (!in.ok()) return failure(in.error());
  return matrix_result(core::sinusoidal(spec));
}

ComputeResult attention(const Args& args) {
  Reader in("attention", args);
  const int tokens = in.integer("tokens", 0, 1, 256, true, "the token cap");
  const int dim = in.integer("dim", 0, 1, 512, true, "the dimension cap");
  const double seed = in.number("seed", 1, 0, 4294967295.0);
  const bool with_pe = in.flag("with_pe", false);
  const std::vector<double>* perm_arg = in.array("perm", 256);
  in.reject_unknown();
  if (in.ok() && seed != std::floor(seed)) in.fail("seed must be a whole number");
  core::Permutation perm;
  if (in.ok()) {
    if (perm_arg) {
      for (double v : *perm_arg) perm.push_back(v == std::floor(v) && v >= 0 && v < tokens ? static_cast<int>(v) : -1);
      if (!core::is_permutation(perm, tokens))
        in.fail("perm must list each of 0…" + std::to_string(tokens - 1) + " exactly once");
    } else {
      perm = core::identity_permutation(tokens);
      std::reverse(perm.begin(), perm.end());
    }
  }
  if (!in.ok()) return failure(in.error());
  core::Random rng(static_cast<std::uint64_t>(seed));
  const Eigen::MatrixXd x = rng.gaussian_matrix(tokens, dim);
  const core::AttentionWeights w = core::random_attention_weights(dim, rng);
  const core::OrderExperiment e = core::run_order_experiment(x, w, perm, with_pe);
  ComputeResult r;
  r.shape = {2};
  r.data = {e.equivariance_residual, e.pooled_residual};
  return r;
}

ComputeResult pe_dot(const Args& args) {
  Reader in("pe_dot", args);
  const int len = in.integer("len", 0, 1, 2048, true, "len × len is capped at 2048 × 2048");
  const int dim = in.integer("dim", 0, 1, kMaxCols, true, "the column cap");
  const double base = in.number("base", 10000.0, 1.0 + 1e-9, 1e12);
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  return matrix_result(core::pe_dot(len, dim, base));
}

ComputeResult shift_map(const Args& args) {
  Reader in("shift_map", args);
  const int dim = in.integer("dim", 0, 2, 2048, true, "the dimension cap for a dim × dim map");
  const double base = in.number("base", 10000.0, 1.0 + 1e-9, 1e12);
  const double k = in.number("k", 0.0, -1e9, 1e9, true);
  in.reject_unknown();
  if (in.ok() && dim % 2 != 0)
    in.fail("dim must be even: the shift map rotates (sin, cos) pairs, and an odd d leaves a sine without its cosine");
  if (!in.ok()) return failure(in.error());
  return matrix_result(core::shift_map(dim, k, base));
}

ComputeResult cosine_stats(const Args& args) {
  Reader in("cosine_stats", args);
  const int dim = in.integer("dim", 0, 1, 4096, true, "the dimension cap");
  const int words = in.integer("words", 1000, 1, 5000, false, "the word cap");
  const int positions = in.integer("positions", 512, 1, 4096, false, "the position cap");
  const double seed = in.number("seed", 1, 0, 4294967295.0);
  in.reject_unknown();
  if (in.ok() && static_cast<double>(dim) * words * positions > 2.2e9)
    in.fail("dim × words × positions is capped at 2.2e9 multiply-adds (about a second)");
  if (in.ok() && seed != std::floor(seed)) in.fail("seed must be a whole number");
  if (!in.ok()) return failure(in.error());
  const core::CosineStats s = core::cosine_stats(dim, words, positions, static_cast<std::uint64_t>(seed));
  ComputeResult r;
  r.shape = {22};
  r.data = {s.mean_abs, s.theory};
  r.data.insert(r.data.end(), s.histogram.begin(), s.histogram.end());
  return r;
}

ComputeResult shaw_index(const Args& args) {
  Reader in("shaw_index", args);
  const int len = in.integer("len", 0, 1, 2048, true, "len × len is capped at 2048 × 2048");
  const int k = in.integer("k", 0, 0, 100000, true);
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  return matrix_result(core::shaw_index(len, k));
}

ComputeResult rope(const Args& args) {
  Reader in("rope", args);
  const std::vector<double>* x = in.array("x", kMaxCols, true);
  const double pos = in.number("pos", 0, -1e9, 1e9, true);
  const double base = in.number("base", 10000.0, 1.0 + 1e-9, 1e12);
  const bool half = in.choice("layout", "interleaved", {"interleaved", "half"}) == "half";
  in.reject_unknown();
  if (in.ok() && (x->empty() || x->size() % 2 != 0))
    in.fail("x must have an even, non-zero length: RoPE rotates pairs of coordinates");
  if (in.ok())
    for (double v : *x)
      if (!std::isfinite(v)) {
        in.fail("x must hold finite numbers");
        break;
      }
  if (!in.ok()) return failure(in.error());
  const Eigen::VectorXd v = Eigen::Map<const Eigen::VectorXd>(x->data(), static_cast<Eigen::Index>(x->size()));
  return vector_result(core::rope_rotate(v, pos, base, half ? core::Layout::Half : core::Layout::Interleaved));
}

ComputeResult rope_decay(const Args& args) {
  Reader in("rope_decay", args);
  const int dim = in.integer("dim", 0, 2, kMaxCols, true, "the dimension cap");
  const double base = in.number("base", 10000.0, 1.0 + 1e-9, 1e12);
  const int max_dist = in.integer("max_dist", 0, 0, 100000, true, "the distance cap");
  in.reject_unknown();
  if (in.ok() && dim % 2 != 0) in.fail("dim must be even: RoPE rotates pairs of coordinates");
  if (in.ok() && static_cast<double>(dim) * (max_dist + 1.0) > 5e7)
    in.fail("dim × (max_dist + 1) is capped at 5e7 terms");
  if (!in.ok()) return failure(in.error());
  return vector_result(core::rope_decay(dim, base, max_dist));
}

ComputeResult alibi_slopes(const Args& args) {
  Reader in("alibi_slopes", args);
  const int heads = in.integer("heads", 0, 1, 1024, true, "the head cap");
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  ComputeResult out;
  out.data = core::alibi_slopes(heads);
  out.shape = {heads};
  return out;
}

ComputeResult t5_bucket(const Args& args) {
  Reader in("t5_bucket", args);
  const std::vector<double>* rel = in.array("rel", 1 << 20, true);
  const bool bidirectional = in.flag("bidirectional", true);
  const int buckets = in.integer("buckets", 32, 2, 1024);
  const int max_distance = in.integer("max_distance", 128, 1, 1 << 30);
  in.reject_unknown();
  if (in.ok()) {
    const int exact = (bidirectional ? buckets / 2 : buckets) / 2;
    if (exact < 1) in.fail("buckets is too small: no exact buckets are left");
    else if (max_distance <= exact) in.fail("max_distance must exceed the " + std::to_string(exact) + " exact buckets");
  }
  if (in.ok())
    for (double v : *rel)
      if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) > 1e15) {
        in.fail("rel must hold whole numbers (relative positions key − query)");
        break;
      }
  if (!in.ok()) return failure(in.error());
  ComputeResult out;
  out.shape = {static_cast<int>(rel->size())};
  for (double v : *rel) out.data.push_back(core::t5_bucket(static_cast<long>(v), bidirectional, buckets, max_distance));
  return out;
}

ComputeResult check(const Args& args) {
  Reader in("check", args);
  const std::vector<double>* shape = in.array("shape", 2, true);
  const std::vector<double>* data = in.array("data", static_cast<size_t>(kMaxCells), true);
  const double base = in.number("base", 10000.0, 1.0 + 1e-9, 1e12);
  in.reject_unknown();
  long rows = 0, cols = 0;
  if (in.ok()) {
    if (shape->size() != 2) in.fail("shape must be [len, dim]");
    else {
      // Validated as doubles first: casting NaN, ±inf or a huge value to an integer is undefined.
      const auto whole_in = [](double v, double hi) { return std::isfinite(v) && v == std::floor(v) && v >= 1 && v <= hi; };
      if (!whole_in((*shape)[0], kMaxRows) || !whole_in((*shape)[1], kMaxCols)) {
        in.fail("shape must be two whole numbers within 8192 × 4096");
      } else {
        rows = static_cast<long>((*shape)[0]);
        cols = static_cast<long>((*shape)[1]);
        if (static_cast<long>(data->size()) != rows * cols)
          in.fail("data has " + std::to_string(data->size()) + " values; shape " + std::to_string(rows) + " × " +
                  std::to_string(cols) + " needs " + std::to_string(rows * cols));
      }
    }
  }
  if (in.ok())
    for (double v : *data)
      if (!std::isfinite(v)) {
        in.fail("data must be finite numbers (found NaN or Infinity)");
        break;
      }
  if (!in.ok()) return failure(in.error());
  const Eigen::MatrixXd table =
      Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(data->data(), rows, cols);
  const core::CheckResult c = core::check_table(table, base);
  Json j;
  j.begin_object().key("max_error").num(c.max_error).key("verdict").str(c.verdict).key("message").str(c.message);
  j.key("candidates").begin_object();
  for (const core::Candidate& k : c.candidates) j.key(k.id == "base" ? k.label : k.id).num(k.error);  // "base 100" etc.
  j.end_object().end_object();
  ComputeResult r;
  r.json = j.text();
  return r;
}

// A model's inv_freq and attention factor from its config.json (lesson scaling).
ComputeResult rope_init(const Args& args) {
  Reader in("rope_init", args);
  const std::string* text = in.json_text("config", true);
  const double seq_len = in.number("seq_len", 0, 0, 1e12);
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  const core::ModelConfigResult parsed = core::parse_model_config(*text);
  if (!parsed.ok()) return failure("rope_init: " + parsed.error.english());
  const core::RopeInit init = core::rope_init(parsed.config, seq_len);
  ComputeResult r = vector_result(init.inv_freq);
  Json j;
  j.begin_object().key("shape").begin_array().num(static_cast<double>(init.inv_freq.size())).end_array();
  j.key("data").begin_array();
  for (Eigen::Index i = 0; i < init.inv_freq.size(); ++i) j.num(init.inv_freq[i]);
  j.end_array();
  j.key("attention_factor").num(init.attention_factor).key("rotary_dim").num(init.rotary_dim);
  j.key("rope_type").str(core::rope_type_name(init.rope_type));
  j.key("notices").begin_array();
  for (const core::Message& m : parsed.notices) j.str(m.english());
  j.end_array().end_object();
  r.json = j.text();
  return r;
}

struct Kind {
  const char* name;
  ComputeResult (*fn)(const Args&);
};
constexpr Kind kKinds[] = {
    {"sinusoidal", sinusoidal}, {"pe_dot", pe_dot},         {"shift_map", shift_map},
    {"attention", attention},   {"cosine_stats", cosine_stats}, {"shaw_index", shaw_index},
    {"rope", rope},             {"rope_decay", rope_decay},     {"alibi_slopes", alibi_slopes},
    {"t5_bucket", t5_bucket},   {"check", check},               {"rope_init", rope_init}};

}  // namespace

std::vector<std::string> compute_kinds() {
  std::vector<std::string> k;
  for (const Kind& kind : kKinds) k.push_back(kind.name);
  return k;
}

ComputeResult compute(std::string_view kind, const Args& args) {
  for (const Kind& k : kKinds)
    if (kind == k.name) return k.fn(args);
  std::string known;
  for (const Kind& k : kKinds) known += std::string(known.empty() ? "" : ", ") + k.name;
  return failure("unknown kind '" + std::string(kind.substr(0, 40)) + "' (known: " + known + ")");
}

}  // namespace posenc::app
