// How keys are resolved follows transformers (see rope_scaling.cpp for the versions read):
// head_dim if given, else hidden_size // num_attention_heads (DeepseekV3Config sets head_dim to
// qk_rope_head_dim; GPTNeoXConfig maps rotary_pct → partial_rotary_factor, rotary_emb_base →
// rope_theta); rope_scaling.rope_type, else the legacy rope_scaling.type, else "default"; for
// llama3 / yarn / longrope a top-level original_max_position_embeddings (Phi-3) wins over the one in
// rope_scaling, and without either max_position_embeddings is the original length (v5's
// standardize_rope_params). Where transformers only logs a warning (factor < 1, list lengths), we
// refuse with a message: the lesson should not draw a config the model could not have.
#include "model_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>

#include "json.hpp"

namespace posenc::core {
namespace {

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string describe(const JsonValue& v) {
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

constexpr double kMaxSize = 1 << 20;    // widths and head counts
constexpr double kMaxPositions = 1e12;  // context lengths

void read_config(const JsonValue& root, ModelConfigResult& out) {
  Reader in(out);
  RopeConfig& c = out.config;
  const JsonValue* model = &root;
  // Multimodal configs (Gemma 3, Llama 4, Qwen-VL…) keep the language model's fields in text_config.
  const JsonValue* text = Reader::find(&root, "text_config");
  if (text && text->is_object() && !Reader::find(&root, "hidden_size") && !Reader::find(&root, "head_dim")) {
    model = text;
    in.notice("the language model's fields were read from text_config");
  }

  // Width: head_dim, DeepSeek's rotary part, or hidden_size / num_attention_heads.
  int rope_head = 0;
  if (in.size(model, "qk_rope_head_dim", "qk_rope_head_dim", rope_head, false, kMaxSize)) {
    c.head_dim = rope_head;
    in.notice("qk_rope_head_dim ({0}) is the rotary width (multi-head latent attention)",
              {std::to_string(rope_head)});
    if (in.ok()) in.size(model, "qk_nope_head_dim", "qk_nope_head_dim", c.nope_head_dim, false, kMaxSize);
  } else if (in.ok()) {
    in.size(model, "head_dim", "head_dim", c.head_dim, false, kMaxSize);
  }
  if (in.ok() && c.head_dim == 0) {
    in.size(model, "hidden_size", "hidden_size", c.hidden_size, true, kMaxSize);
    if (in.ok())
      in.size(model, "num_attention_heads", "num_attention_heads", c.num_attention_heads, true, kMaxSize);
    if (in.ok() && c.hidden_size < c.num_attention_heads)
      in.fail("hidden_size ({0}) is smaller than num_attention_heads ({1})",
              {std::to_string(c.hidden_size), std::to_string(c.num_attention_heads)});
  }
  if (!in.ok()) return;

  // rope_scaling (transformers v5 writes rope_parameters, with rope_theta inside).
  const JsonValue* scaling = Reader::find(model, "rope_scaling");
  const char* scaling_name = "rope_scaling";
  if (!scaling && Reader::find(model, "rope_parameters")) {
    scaling = Reader::find(model, "rope_parameters");
    scaling_name = "rope_parameters";
  }
  if (scaling && !scaling->is_object())
    return in.fail("'{0}' must be an object or null, got {1}", {scaling_name, describe(*scaling)});
  const std::string prefix = std::string(scaling_name) + ".";

  // Base and partial rotary (GPT-NeoX's own names read alike).
  if (Reader::find(model, "rope_theta")) {
    in.number(model, "rope_theta", "rope_theta", c.rope_theta, false);
  } else if (Reader::find(scaling, "rope_theta")) {
    in.number(scaling, "rope_theta", prefix + "rope_theta", c.rope_theta, false);
  } else if (Reader::find(model, "rotary_emb_base")) {
    in.number(model, "rotary_emb_base", "rotary_emb_base", c.rope_theta, false);
    in.notice("rotary_emb_base (GPT-NeoX) read as rope_theta");
  } else {
    in.notice("no rope_theta given: transformers' default {0} is used", {fmt(c.rope_theta)});
  }
  if (in.ok() && !(c.rope_theta > 1))
    return in.fail("'rope_theta' must be greater than 1, got {0}", {fmt(c.rope_theta)});
  const JsonValue* prf_obj = model;
  const char* prf_key = "partial_rotary_factor";
  if (!Reader::find(model, prf_key)) {
    if (Reader::find(scaling, prf_key))
      prf_obj = scaling;
    else if (Reader::find(model, "rotary_pct")) {
      prf_key = "rotary_pct";
      in.notice("rotary_pct (GPT-NeoX) read as partial_rotary_factor");
    }
  }
  if (in.positive(prf_obj, prf_key, prf_key, c.partial_rotary_factor, false) && c.partial_rotary_factor > 1)
    return in.fail("'{0}' must be at most 1, got {1}", {prf_key, fmt(c.partial_rotary_factor)});
  if (!in.ok()) return;

  const int head = rope_head_dim(c);
  const double rotary = head * c.partial_rotary_factor;
  if (rotary > kMaxRotaryDim)
    return in.fail("the rotary dimension {0} exceeds the cap of {1}",
                   {fmt(std::floor(rotary)), std::to_string(kMaxRotaryDim)});
  const int dim = rope_rotary_dim(c);
  if (dim < 2 || dim % 2 != 0)
    return in.fail("the rotary dimension must be even and at least 2 (RoPE rotates pairs), got {0}",
                   {std::to_string(dim)});

  // The type.
  std::string type = "default";
  if (const JsonValue* t = Reader::find(scaling, "rope_type")) {
    if (!t->is_string()) return in.fail("'{0}rope_type' must be a string, got {1}", {prefix, describe(*t)});
    type = t->string;
  } else if (const JsonValue* legacy = Reader::find(scaling, "type")) {
    if (!legacy->is_string())
      return in.fail("'{0}type' must be a string, got {1}", {prefix, describe(*legacy)});
    type = legacy->string;
    in.notice("legacy key '{0}type' read as '{0}rope_type'", {prefix});
  }
  if (!parse_rope_type(type, c.rope_type))
    return in.fail("unknown rope_type '{0}' (known: default, linear, dynamic, yarn, longrope, llama3)",
                   {type.size() > 40 ? type.substr(0, 40) + "…" : type});
  const RopeType rt = c.rope_type;

  // Lengths.
  const bool needs_max = rt == RopeType::Dynamic || rt == RopeType::Yarn || rt == RopeType::LongRope;
  bool has_max = in.positive(model, "max_position_embeddings", "max_position_embeddings",
                             c.max_position_embeddings, needs_max);
  if (!in.ok()) return;
  if (has_max && c.max_position_embeddings > kMaxPositions)
    return in.fail("'max_position_embeddings' is {0}; at most {1} is supported",
                   {fmt(c.max_position_embeddings), fmt(kMaxPositions)});
  if (rt == RopeType::Llama3 || rt == RopeType::Yarn || rt == RopeType::LongRope) {
    if (Reader::find(model, "original_max_position_embeddings")) {
      in.positive(model, "original_max_position_embeddings", "original_max_position_embeddings",
                  c.original_max_position_embeddings, false);
    } else if (Reader::find(scaling, "original_max_position_embeddings")) {
      in.positive(scaling, "original_max_position_embeddings", prefix + "original_max_position_embeddings",
                  c.original_max_position_embeddings, false);
    } else if (rt == RopeType::Llama3 && !has_max) {
      return in.fail("missing required key '{0}'", {prefix + "original_max_position_embeddings"});
    } else {
      c.original_max_position_embeddings = c.max_position_embeddings;
      in.notice(
          "no original_max_position_embeddings: max_position_embeddings ({0}) is taken as the training "
          "length",
          {fmt(c.max_position_embeddings)});
    }
    if (!in.ok()) return;
    if (c.original_max_position_embeddings > kMaxPositions)
      return in.fail("'original_max_position_embeddings' is {0}; at most {1} is supported",
                     {fmt(c.original_max_position_embeddings), fmt(kMaxPositions)});
  }

  // The factor: required except where transformers derives it from the two lengths.
  if (rt != RopeType::Default) {
    const bool derivable = (rt == RopeType::Yarn || rt == RopeType::LongRope) && has_max &&
                           c.original_max_position_embeddings > 0;
    if (in.number(scaling, "factor", prefix + "factor", c.factor, !derivable) && c.factor < 1)
      return in.fail("'{0}factor' must be at least 1, got {1}", {prefix, fmt(c.factor)});
    if (!in.ok()) return;
    if (c.factor == 0 && derivable) {
      c.factor = c.max_position_embeddings / c.original_max_position_embeddings;
      if (c.factor < 1)
        return in.fail("max_position_embeddings / original_max_position_embeddings = {0} is below 1",
                       {fmt(c.factor)});
      in.notice("no factor: max_position_embeddings / original_max_position_embeddings = {0} is used",
                {fmt(c.factor)});
    }
  }

  if (rt == RopeType::Dynamic && dim < 4)
    return in.fail(
        "dynamic scaling needs a rotary dimension of at least 4 (its exponent is d/(d−2)), got {0}",
        {std::to_string(dim)});
  if (rt == RopeType::Llama3) {
    in.positive(scaling, "low_freq_factor", prefix + "low_freq_factor", c.low_freq_factor, true);
    if (in.ok())
      in.positive(scaling, "high_freq_factor", prefix + "high_freq_factor", c.high_freq_factor, true);
    if (in.ok() && c.high_freq_factor <= c.low_freq_factor)
      return in.fail("'{0}high_freq_factor' ({1}) must exceed '{0}low_freq_factor' ({2})",
                     {prefix, fmt(c.high_freq_factor), fmt(c.low_freq_factor)});
  }
  if (rt == RopeType::Yarn) {
    in.positive(scaling, "beta_fast", prefix + "beta_fast", c.beta_fast, false);
    if (in.ok()) in.positive(scaling, "beta_slow", prefix + "beta_slow", c.beta_slow, false);
    if (in.ok()) in.number(scaling, "mscale", prefix + "mscale", c.mscale, false);
    if (in.ok()) in.number(scaling, "mscale_all_dim", prefix + "mscale_all_dim", c.mscale_all_dim, false);
    if (const JsonValue* t = Reader::find(scaling, "truncate")) {
      if (!t->is_bool())
        return in.fail("'{0}truncate' must be true or false, got {1}", {prefix, describe(*t)});
      c.truncate = t->boolean;
    }
    if (in.ok() && (c.beta_fast != 0 ? c.beta_fast : 32) <= (c.beta_slow != 0 ? c.beta_slow : 1))
      in.notice("beta_fast should exceed beta_slow (defaults 32 and 1)");
  }
  if (rt == RopeType::Yarn || rt == RopeType::LongRope) {
    double af = 0;
    if (in.number(scaling, "attention_factor", prefix + "attention_factor", af, false)) {
      if (af < 0) return in.fail("'{0}attention_factor' must not be negative, got {1}", {prefix, fmt(af)});
      c.attention_factor = af;
    }
  }
  if (rt == RopeType::LongRope && in.ok()) {
    const std::size_t want = static_cast<std::size_t>(dim / 2);
    in.factors(scaling, "short_factor", prefix + "short_factor", c.short_factor, want);
    if (in.ok()) in.factors(scaling, "long_factor", prefix + "long_factor", c.long_factor, want);
  }
}

// The types that extend a trained length: they read it from original_max_position_embeddings, and
// max_position_embeddings is the longer one; the others (dynamic and linear too) take
// max_position_embeddings as the trained length.
bool extends(RopeType t) { return t == RopeType::Yarn || t == RopeType::LongRope || t == RopeType::Llama3; }

auto fields(const RopeSettings& s) {
  return std::tie(s.head_dim, s.rotary, s.base, s.type, s.original, s.target, s.factor, s.beta_fast,
                  s.beta_slow, s.low_freq, s.high_freq, s.mscale, s.mscale_all_dim, s.attention, s.nope,
                  s.short_factor, s.long_factor);
}

}  // namespace

ModelConfigResult parse_model_config(std::string_view text) {
  ModelConfigResult out;
  if (text.size() > kMaxConfigBytes) {
    out.error = Message{"config.json is {0} bytes; at most {1} are read",
                        {std::to_string(text.size()), std::to_string(kMaxConfigBytes)}};
    return out;
  }
  JsonParse parsed = parse_json(text);
  if (!parsed.ok()) {  // the parser's "line {0}, column {1}: …" within: each stays one sentence
    out.error = within("config.json is not valid JSON: {0}", std::move(parsed.error));
    return out;
  }
  const JsonValue& root = parsed.value;
  if (!root.is_object()) {
    out.error = Message{"config.json must be a JSON object {…}, got {0}", {describe(root)}};
    return out;
  }
  read_config(root, out);
  return out;
}

bool operator==(const RopeSettings& a, const RopeSettings& b) { return fields(a) == fields(b); }

RopeConfig rope_config(const RopeSettings& s, RopeType type) {
  RopeConfig c;
  c.head_dim = s.head_dim;
  c.nope_head_dim = s.nope;
  c.partial_rotary_factor = s.rotary;
  c.rope_theta = s.base;
  c.rope_type = type;
  c.max_position_embeddings = extends(type) ? s.target : s.original;
  c.original_max_position_embeddings = s.original;
  c.factor = s.factor;
  c.beta_fast = s.beta_fast, c.beta_slow = s.beta_slow;
  c.low_freq_factor = s.low_freq, c.high_freq_factor = s.high_freq;
  c.mscale = s.mscale, c.mscale_all_dim = s.mscale_all_dim;
  if (s.attention > 0 && type == s.type) c.attention_factor = s.attention;
  c.short_factor = s.short_factor, c.long_factor = s.long_factor;
  return c;
}

RopeSettings rope_settings(const RopeConfig& c) {
  using L = RopeSettingsLimits;
  RopeSettings s;
  s.head_dim = rope_head_dim(c);
  s.rotary = c.partial_rotary_factor;
  s.base = c.rope_theta;
  s.type = c.rope_type;
  const double trained = extends(c.rope_type) && c.original_max_position_embeddings > 0
                             ? c.original_max_position_embeddings
                             : c.max_position_embeddings;
  s.original = static_cast<int>(
      std::clamp(trained > 0 ? trained : 4096.0, double(L::min_length), double(L::max_original)));
  // No scaling: a four times longer text, so that there is something to stretch.
  s.factor =
      c.rope_type == RopeType::Default ? 4.0 : std::clamp(c.factor > 0 ? c.factor : 1.0, 1.0, L::max_factor);
  // The extended length the config names (Llama 3.2: 131072 with factor 32 over 8192), else L0·s.
  // (L0 is the length RoPE was set up for, not necessarily all that training saw: Llama 3.1's
  // long-context pre-training after its 8K stage is described in "The Llama 3 Herd of Models", Meta 2024.)
  const bool named = extends(c.rope_type) && c.max_position_embeddings > s.original;
  s.target = static_cast<int>(std::clamp(named ? c.max_position_embeddings : s.original * s.factor,
                                         double(L::min_length), double(L::max_target)));
  s.beta_fast = c.beta_fast != 0 ? c.beta_fast : 32;
  s.beta_slow = c.beta_slow != 0 ? c.beta_slow : 1;
  s.low_freq = c.low_freq_factor, s.high_freq = c.high_freq_factor;
  s.mscale = c.mscale, s.mscale_all_dim = c.mscale_all_dim;
  s.attention = c.attention_factor ? *c.attention_factor : 0;
  s.nope = c.nope_head_dim;
  s.short_factor = c.short_factor, s.long_factor = c.long_factor;
  return s;
}

}  // namespace posenc::core
