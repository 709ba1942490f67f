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

#include "json.hpp"
#include "model_families.hpp"
#include "model_reader.hpp"

namespace posenc::core {
namespace {

using namespace model_reader;

// The keys of rope_parameters / rope_scaling that transformers' RoPE code reads (modeling_rope_utils.py
// RopeParameters and the model files for the last four); any other is named in a notice.
constexpr const char* kRopeKeys[] = {"rope_type",
                                     "type",
                                     "rope_theta",
                                     "partial_rotary_factor",
                                     "factor",
                                     "original_max_position_embeddings",
                                     "low_freq_factor",
                                     "high_freq_factor",
                                     "beta_fast",
                                     "beta_slow",
                                     "mscale",
                                     "mscale_all_dim",
                                     "truncate",
                                     "attention_factor",
                                     "short_factor",
                                     "long_factor",
                                     "mrope_section",
                                     "mrope_interleaved",
                                     "llama_4_scaling_beta",
                                     "max_position_embeddings"};

// One RoPE set from its parameters `p`, the defaults transformers fills already merged in (prefix: how the
// learner finds them, "rope_scaling." or "rope_parameters.sliding_attention.").
void read_set(Reader& in, const JsonValue& p, const std::string& prefix, const Shared& sh, bool per_layer,
              RopeConfig& c) {
  c.head_dim = sh.head_dim, c.nope_head_dim = sh.nope_head_dim;
  c.hidden_size = sh.hidden_size, c.num_attention_heads = sh.num_attention_heads;
  c.max_position_embeddings = sh.max_positions;
  const JsonValue* ps = &p;

  if (!in.number(ps, "rope_theta", prefix + "rope_theta", c.rope_theta, true)) return;
  if (!(c.rope_theta > 1))
    return in.fail("'{0}' must be greater than 1, got {1}", {prefix + "rope_theta", fmt(c.rope_theta)});
  if (c.rope_theta > kMaxRopeTheta)
    return in.fail("'{0}' is {1}; at most {2} is supported",
                   {prefix + "rope_theta", fmt(c.rope_theta), fmt(kMaxRopeTheta)});
  if (in.positive(ps, "partial_rotary_factor", prefix + "partial_rotary_factor", c.partial_rotary_factor,
                  false) &&
      c.partial_rotary_factor > 1)
    return in.fail("'{0}' must be at most 1, got {1}",
                   {prefix + "partial_rotary_factor", fmt(c.partial_rotary_factor)});
  if (!in.ok()) return;

  // The type.
  std::string type = "default";
  if (const JsonValue* t = Reader::find(ps, "rope_type")) {
    if (!t->is_string()) return in.fail("'{0}rope_type' must be a string, got {1}", {prefix, describe(*t)});
    type = t->string;
  }
  if (sh.family->phi3_types && type == "su" && !p.find("original_max_position_embeddings"))
    return in.fail(
        "Phi-3's legacy rope_type 'su' without '{0}original_max_position_embeddings': transformers v5 "
        "renames "
        "it to 'longrope' only after filling in the lengths, then refuses the config for the missing key",
        {prefix});
  if (sh.family->phi3_types && (type == "su" || type == "yarn")) {
    in.notice("Phi-3 reads rope_type '{0}' as 'longrope' (configuration_phi3.py)", {type});
    type = "longrope";
  }
  if (type == "mrope") {
    in.notice("rope_type 'mrope' (Qwen2-VL's legacy name) is the default RoPE with mrope_section");
    type = "default";
  }
  if (!parse_rope_type(type, c.rope_type))
    return in.fail(
        "unknown rope_type '{0}': transformers knows default, linear, dynamic, yarn, longrope, llama3 and "
        "proportional, and would not build this model",
        {clip(type)});
  const RopeType rt = c.rope_type;
  if (rt != RopeType::Default && rt != RopeType::Proportional && !sh.family->default_partial &&
      c.partial_rotary_factor != 1)
    return in.fail(
        "the {0} class's attention turns the whole head, so partial_rotary_factor {1} with "
        "rope_type '{2}' gives cos and sin narrower than the head: transformers fails at the first "
        "forward",
        {sh.family->model_type, fmt(c.partial_rotary_factor), type});
  if (rt == RopeType::Default && !sh.family->default_partial && c.partial_rotary_factor != 1) {
    in.notice(
        "partial_rotary_factor {0} is not read by the {1} class's default RoPE, which turns the whole "
        "head",
        {fmt(c.partial_rotary_factor), sh.family->model_type});
    c.partial_rotary_factor = 1;
  }

  const int head = rope_head_dim(c);
  const double rotary = rt == RopeType::Proportional ? head : head * c.partial_rotary_factor;
  if (rotary > kMaxRotaryDim)
    return in.fail("the rotary dimension {0} exceeds the cap of {1}",
                   {fmt(std::floor(rotary)), std::to_string(kMaxRotaryDim)});
  const int dim = rt == RopeType::Proportional ? head / 2 * 2 : rope_rotary_dim(c);
  if (dim < 2 || dim % 2 != 0)
    return in.fail("the rotary dimension must be even and at least 2 (RoPE rotates pairs), got {0}",
                   {std::to_string(dim)});

  // Lengths.
  const bool needs_max = rt == RopeType::Dynamic || rt == RopeType::Yarn || rt == RopeType::LongRope;
  if (needs_max && !sh.has_max) return in.fail("missing required key '{0}'", {"max_position_embeddings"});
  if (rt == RopeType::Llama3 || rt == RopeType::Yarn || rt == RopeType::LongRope) {
    if (!in.positive(ps, "original_max_position_embeddings", prefix + "original_max_position_embeddings",
                     c.original_max_position_embeddings, true))
      return;
    if (c.original_max_position_embeddings > kMaxPositions)
      return in.fail("'{0}' is {1}; at most {2} is supported",
                     {prefix + "original_max_position_embeddings", fmt(c.original_max_position_embeddings),
                      fmt(kMaxPositions)});
  }

  // The factor: required except where transformers derives it from the two lengths.
  if (rt != RopeType::Default) {
    const bool derivable = (rt == RopeType::Yarn || rt == RopeType::LongRope) && sh.has_max &&
                           c.original_max_position_embeddings > 0;
    const bool optional = derivable || rt == RopeType::Proportional;
    if (in.number(ps, "factor", prefix + "factor", c.factor, !optional)) {
      if (c.factor < 1) return in.fail("'{0}factor' must be at least 1, got {1}", {prefix, fmt(c.factor)});
      if (c.factor > kMaxRopeFactor)
        return in.fail("'{0}factor' is {1}; at most {2} is supported",
                       {prefix, fmt(c.factor), fmt(kMaxRopeFactor)});
    }
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
    in.positive(ps, "low_freq_factor", prefix + "low_freq_factor", c.low_freq_factor, true);
    if (in.ok()) in.positive(ps, "high_freq_factor", prefix + "high_freq_factor", c.high_freq_factor, true);
    if (in.ok() && c.high_freq_factor <= c.low_freq_factor)
      in.notice(
          "'{0}high_freq_factor' ({1}) does not exceed '{0}low_freq_factor' ({2}): transformers warns and "
          "goes on, with no blended band between the kept and the divided pairs",
          {prefix, fmt(c.high_freq_factor), fmt(c.low_freq_factor)});
  }
  if (rt == RopeType::Yarn) {
    in.positive(ps, "beta_fast", prefix + "beta_fast", c.beta_fast, false);
    if (in.ok()) in.positive(ps, "beta_slow", prefix + "beta_slow", c.beta_slow, false);
    if (in.ok()) in.number(ps, "mscale", prefix + "mscale", c.mscale, false);
    if (in.ok()) in.number(ps, "mscale_all_dim", prefix + "mscale_all_dim", c.mscale_all_dim, false);
    if (const JsonValue* t = Reader::find(ps, "truncate")) {
      if (!t->is_bool())
        return in.fail("'{0}truncate' must be true or false, got {1}", {prefix, describe(*t)});
      // _compute_yarn_parameters reads truncate from the top of rope_parameters (modeling_rope_utils.py
      // :466), so a set of its own under a layer type keeps the default.
      if (per_layer && !t->boolean)
        in.notice(
            "'{0}truncate' is not read: transformers takes truncate from the top of rope_parameters, "
            "so this set truncates",
            {prefix});
      else
        c.truncate = t->boolean;
    }
    if (in.ok() && (c.beta_fast != 0 ? c.beta_fast : 32) <= (c.beta_slow != 0 ? c.beta_slow : 1))
      in.notice("beta_fast should exceed beta_slow (defaults 32 and 1)");
  }
  if (rt == RopeType::Yarn || rt == RopeType::LongRope) {
    double af = 0;
    if (in.number(ps, "attention_factor", prefix + "attention_factor", af, false)) {
      if (af < 0) return in.fail("'{0}attention_factor' must not be negative, got {1}", {prefix, fmt(af)});
      c.attention_factor = af;
    }
  }
  if (rt == RopeType::LongRope && in.ok()) {
    const std::size_t want = static_cast<std::size_t>(dim / 2);
    in.factors(ps, "short_factor", prefix + "short_factor", c.short_factor, want);
    if (in.ok()) in.factors(ps, "long_factor", prefix + "long_factor", c.long_factor, want);
  }
  if (!in.ok()) return;
  for (const JsonMember& m : p.members) {
    bool known = false;
    for (const char* k : kRopeKeys) known = known || m.key == k;
    if (!known)
      in.notice("'{0}' is not a RoPE parameter transformers reads; it is ignored", {prefix + clip(m.key)});
  }
}

void read_config(const JsonValue& root, ModelConfigResult& out) {
  Reader in(out);
  // Who it is.
  const auto text_of = [](const JsonValue* obj, const char* key) -> std::string {
    const JsonValue* v = Reader::find(obj, key);
    return v && v->is_string() ? clip(v->string) : std::string();
  };
  out.identity.name_or_path = text_of(&root, "_name_or_path");
  if (const JsonValue* a = Reader::find(&root, "architectures"); a && a->is_array())
    for (const JsonValue& e : a->items)
      if (e.is_string() && out.identity.architectures.size() < 8)
        out.identity.architectures.push_back(clip(e.string));

  const JsonValue* model = &root;
  // Multimodal configs (Gemma 3, Llama 4, Qwen-VL…) keep the language model's fields in text_config.
  const JsonValue* text = Reader::find(&root, "text_config");
  if (text && text->is_object() && !has(&root, "hidden_size") && !has(&root, "head_dim")) {
    model = text;
    in.notice("the language model's fields were read from text_config");
  }
  out.identity.model_type = text_of(model, "model_type");
  if (out.identity.model_type.empty()) out.identity.model_type = text_of(&root, "model_type");
  const ModelFamily* known = &model_family(out.identity.model_type);
  if (!known->known && !out.identity.architectures.empty()) {
    if (const ModelFamily* by_arch = architecture_family(out.identity.architectures.front())) {
      known = by_arch;
      in.notice(
          "model_type '{0}' is not one transformers knows; read as {1}, the architecture its code builds",
          {out.identity.model_type, out.identity.architectures.front()});
    }
  }
  const ModelFamily& fam = *known;
  static const JsonValue kEmpty = object_copy(nullptr);
  if (fam.needs_text_config && model == &root) {
    in.notice(
        "the {0} class builds its language model from text_config, which this file does not have: "
        "transformers builds the class's default text model instead, and that is what is shown here, not "
        "the layers this file describes",
        {fam.model_type});
    model = &kEmpty;
  }
  if (model == &root && out.identity.model_type == "kimi_k2")
    in.notice(
        "model_type 'kimi_k2' loads with the checkpoint's own code, which is DeepSeek-V3's: read as "
        "deepseek_v3 (as Kimi K2.5's text_config is, kimi_k25 configuration:82–88)");
  if (!fam.known && !out.identity.model_type.empty())
    in.notice(
        "posenc has no rules of its own for model_type '{0}': its RoPE is read by transformers' shared "
        "rules, and the class's own defaults, layer types and attention are not modelled",
        {out.identity.model_type});
  Shared sh;
  sh.model = model, sh.family = &fam;

  const bool any_rope = has(model, "rope_theta") || has(model, "rope_scaling") ||
                        has(model, "rope_parameters") || has(model, "rotary_emb_base") ||
                        has(model, "rotary_pct") || has(model, "partial_rotary_factor") ||
                        has(model, "qk_rope_head_dim");
  if (fam.absolute || (!any_rope && (!fam.known && has(model, "n_positions"))) ||
      (!any_rope && (!fam.known && has(model, "position_embedding_type") &&
                     text_of(model, "position_embedding_type") != "rotary")))
    return in.fail(
        Message{"this model ({0}) encodes positions with {1}, not RoPE: there are no RoPE frequencies "
                "to read",
                {out.identity.model_type.empty() ? std::string("?") : out.identity.model_type},
                {Message{fam.absolute ? fam.absolute : "learned absolute position embeddings"}}});

  // Width: head_dim, DeepSeek's rotary part, or hidden_size / num_attention_heads.
  int rope_head = 0;
  if (in.size(model, "qk_rope_head_dim", "qk_rope_head_dim", rope_head, false, kMaxSize)) {
    sh.head_dim = rope_head;
    in.notice("qk_rope_head_dim ({0}) is the rotary width (multi-head latent attention)",
              {std::to_string(rope_head)});
    if (in.ok()) in.size(model, "qk_nope_head_dim", "qk_nope_head_dim", sh.nope_head_dim, false, kMaxSize);
  } else if (in.ok()) {
    in.size(model, "head_dim", "head_dim", sh.head_dim, false, kMaxSize);
    if (in.ok() && sh.head_dim == 0 && fam.needs_head_dim)
      return in.fail(
          "the {0} class leaves head_dim unset when the file has none, and transformers cannot build "
          "the attention without it",
          {fam.model_type});
    if (in.ok() && sh.head_dim == 0 && fam.head_dim > 0) {
      sh.head_dim = fam.head_dim;
      in.notice("no head_dim: the {0} class's default {1} is used",
                {fam.model_type, std::to_string(fam.head_dim)});
    }
  }
  if (in.ok() && sh.head_dim == 0) {
    in.size(model, "hidden_size", "hidden_size", sh.hidden_size, true, kMaxSize);
    if (in.ok())
      in.size(model, "num_attention_heads", "num_attention_heads", sh.num_attention_heads, true, kMaxSize);
    if (in.ok() && sh.hidden_size < sh.num_attention_heads)
      in.fail("hidden_size ({0}) is smaller than num_attention_heads ({1})",
              {std::to_string(sh.hidden_size), std::to_string(sh.num_attention_heads)});
  }
  if (!in.ok()) return;
  sh.has_max =
      in.positive(model, "max_position_embeddings", "max_position_embeddings", sh.max_positions, false);
  if (!in.ok()) return;
  if (sh.has_max && sh.max_positions > kMaxPositions)
    return in.fail("'max_position_embeddings' is {0}; at most {1} is supported",
                   {fmt(sh.max_positions), fmt(kMaxPositions)});
  if (!sh.has_max && fam.max_positions > 0) {
    sh.max_positions = fam.max_positions, sh.has_max = true;
    in.notice("no max_position_embeddings: the {0} class's default {1} is used",
              {fam.model_type, fmt(fam.max_positions)});
  }

  // Layers.
  const int layers = whole(in, model, "num_hidden_layers", fam.num_layers, kMaxLayers);
  std::vector<std::string> types;
  std::vector<bool> no_rope;
  if (!in.ok() || !read_layers(in, sh, layers, types, no_rope)) return;

  // The RoPE parameters, as transformers' convert_rope_params_to_dict and standardize_rope_params leave
  // them (modeling_rope_utils.py:742–816; the families' own conversions cited in model_families.cpp).
  const JsonValue* legacy = Reader::find(model, "rope_scaling");
  const JsonValue* current = Reader::find(model, "rope_parameters");
  for (const auto& [v, name] : {std::pair{legacy, "rope_scaling"}, std::pair{current, "rope_parameters"}})
    if (v && !v->is_object())
      return in.fail("'{0}' must be an object or null, got {1}", {name, describe(*v)});
  const char* source = legacy ? "rope_scaling" : "rope_parameters";
  JsonValue params = object_copy(legacy ? legacy : current);
  const JsonValue defaults = fam.default_params ? parse_json(fam.default_params).value : JsonValue{};
  if (!legacy && !current && fam.default_params) {
    params = defaults;
    in.notice("no rope_parameters: the {0} class's own are used", {fam.model_type});
  }
  const JsonValue* top_theta = nullptr;
  std::string theta_name = "rope_theta";
  if (has(model, "rope_theta") && !fam.neox_keys)
    top_theta = Reader::find(model, "rope_theta");
  else if (has(model, "rotary_emb_base"))
    top_theta = Reader::find(model, "rotary_emb_base"), theta_name = "rotary_emb_base";
  if (fam.two_sets) {  // Gemma 3, ModernBERT, OLMo 3: two sets from the start
    JsonValue two = object_copy(current);
    if (!current) {
      JsonValue d = object_copy(nullptr);
      assign(d, "rope_type", string_value("default"));
      assign(two, "sliding_attention", d);
      assign(two, "full_attention", d);
    }
    for (const char* t : {"full_attention", "sliding_attention"}) {
      JsonValue set = object_copy(two.find(t));
      if (set.members.empty()) assign(set, "rope_type", string_value("default"));
      if (legacy && (fam.scaling_both || std::string_view(t) == "full_attention"))
        for (const JsonMember& m : legacy->members) assign(set, m.key.c_str(), m.value);
      const bool full = std::string_view(t) == "full_attention";
      const char* key = full ? (fam.global_key ? fam.global_key : "rope_theta") : fam.local_key;
      const JsonValue* given = key ? Reader::find(model, key) : nullptr;
      if (given)
        set_default(set, "rope_theta", *given);
      else if (!set.find("rope_theta")) {
        set_default(set, "rope_theta", number_value(full ? fam.theta : fam.local_theta));
        if (key)
          in.notice("no {0}: the {1} class's default {2} is used",
                    {key, fam.model_type, fmt(full ? fam.theta : fam.local_theta)});
        else
          in.notice("the {0} class gives its sliding-attention layers the base {1} whatever the file says",
                    {fam.model_type, fmt(fam.local_theta)});
      }
      assign(two, t, set);
    }
    params = two;
    source = "rope_parameters";
  }

  if (fam.deepseek_v4) {
    // deepseek_v4 cfg:302–321: "main" (the default RoPE at rope_theta) for sliding layers, "compress" (the
    // file's scaling at compress_rope_theta, YaRN's attention factor 1) for the compressed ones; each
    // keyed here by the layer types present.
    JsonValue main = object_copy(params.find("main")), compress = object_copy(params.find("compress"));
    if (!params.find("main") || !params.find("compress")) {
      main = object_copy(nullptr);
      assign(main, "rope_type", string_value("default"));
      assign(main, "rope_theta", top_theta ? *top_theta : number_value(fam.theta));
      compress = object_copy(nullptr);
      for (const JsonMember& m : params.members)
        if (m.key != "main" && m.key != "compress") assign(compress, m.key.c_str(), m.value);
      const JsonValue* ct = Reader::find(model, "compress_rope_theta");
      assign(compress, "rope_theta", ct ? *ct : number_value(160000));
      if (!compress.find("rope_type")) {
        const JsonValue* legacy_type = compress.find("type");
        assign(compress, "rope_type", legacy_type ? *legacy_type : string_value("default"));
      }
      const JsonValue* rt = compress.find("rope_type");
      if (rt && rt->is_string() && rt->string == "yarn")
        set_default(compress, "attention_factor", number_value(1.0));
    }
    JsonValue keyed = object_copy(nullptr);
    for (const char* t : {"sliding_attention", "compressed_sparse_attention", "heavily_compressed_attention"})
      if (std::find(types.begin(), types.end(), t) != types.end())
        assign(keyed, t, std::string_view(t) == "sliding_attention" ? main : compress);
    params = keyed;
    source = "rope_parameters";
    in.notice(
        "DeepSeek-V4 turns the last {0} columns of each head, not the first, and turns the attention's "
        "output back; the frequencies are as shown",
        {std::to_string(sh.head_dim)});
  }

  // One dict for every layer, or one per layer type (its keys all layer types of this model).
  bool per_layer = !types.empty() && !params.members.empty();
  for (const JsonMember& m : params.members)
    per_layer = per_layer && std::find(types.begin(), types.end(), m.key) != types.end();
  const auto theta_default = [&](JsonValue& set) {
    if (set.find("rope_theta")) return;
    if (top_theta) {
      set_default(set, "rope_theta", *top_theta);
      if (theta_name != "rope_theta") in.notice("rotary_emb_base (GPT-NeoX) read as rope_theta");
    } else {
      set_default(set, "rope_theta", number_value(fam.theta));
      in.notice("no rope_theta given: transformers' default {0} is used", {fmt(fam.theta)});
    }
  };
  // partial_rotary_factor as transformers leaves it: convert_rope_params_to_dict puts the top-level one
  // (or a class default passed through kwargs) under the nested one with setdefault; the scaled types'
  // functions call standardize_rope_params again once it is an attribute, which then overwrites the nested
  // one (modeling_rope_utils.py:755–760, 783–788). GPT-NeoX pops rotary_pct instead (cfg:98).
  const auto partial_default = [&](JsonValue& set) {
    const JsonValue* type = set.find("rope_type");
    const bool scaled = !(type && type->is_string() && type->string == "default");
    const JsonValue* top = Reader::find(model, "partial_rotary_factor");
    JsonValue attribute;
    bool has_attribute = false;
    if (top) {
      attribute = *top, has_attribute = true;
    } else if (fam.partial > 0 && fam.partial_wins) {
      attribute = number_value(fam.partial), has_attribute = true;
    }
    if (fam.neox_keys) {
      if (!set.find("partial_rotary_factor")) {
        if (has(model, "rotary_pct")) {
          assign(set, "partial_rotary_factor", *Reader::find(model, "rotary_pct"));
          in.notice("rotary_pct (GPT-NeoX) read as partial_rotary_factor");
        } else {
          assign(set, "partial_rotary_factor", number_value(fam.partial));
          in.notice("no partial_rotary_factor: the {0} class's default {1} is used",
                    {fam.model_type, fmt(fam.partial)});
        }
      }
      if (top && scaled) assign(set, "partial_rotary_factor", *top);
      return;
    }
    const JsonValue* nested = set.find("partial_rotary_factor");
    if (has_attribute && (scaled || !nested)) {
      if (!top && !nested)
        in.notice("no partial_rotary_factor: the {0} class's default {1} is used",
                  {fam.model_type, fmt(fam.partial)});
      else if (nested &&
               !(nested->is_number() && attribute.is_number() && nested->number == attribute.number))
        in.notice(
            "'partial_rotary_factor' {0} in the RoPE parameters gives way to the top-level {1} for "
            "this rope_type, as in transformers",
            {describe(*nested), describe(attribute)});
      assign(set, "partial_rotary_factor", attribute);
    } else if (!nested && has(model, "rotary_pct")) {
      assign(set, "partial_rotary_factor", *Reader::find(model, "rotary_pct"));
      in.notice("rotary_pct (GPT-NeoX) read as partial_rotary_factor");
    }
  };
  const auto type_default = [&](JsonValue& set, const std::string& prefix) {
    if (set.find("rope_type")) return;
    if (const JsonValue* t = set.find("type"); t && !t->is_null()) {
      assign(set, "rope_type", *t);
      in.notice("legacy key '{0}type' read as '{0}rope_type'", {prefix});
    } else {
      assign(set, "rope_type", string_value("default"));
    }
  };
  const auto extends = [](const JsonValue& set) {
    const JsonValue* t = set.find("rope_type");
    return t && t->is_string() && (t->string == "llama3" || t->string == "yarn" || t->string == "longrope");
  };

  std::vector<std::pair<std::string, JsonValue>> dicts;  // layer type → merged parameters
  if (per_layer) {
    for (const std::string& t : types) {
      if (std::find_if(dicts.begin(), dicts.end(), [&](const auto& d) { return d.first == t; }) !=
          dicts.end())
        continue;
      const JsonValue* given = params.find(t);
      if (!given) {
        // A layer type without parameters: transformers fails on it, unless the layer has no RoPE.
        bool any = false;
        for (std::size_t i = 0; i < types.size(); ++i) any = any || (types[i] == t && !no_rope[i]);
        if (any) return in.fail("'{0}' has no entry for the layer type '{1}'", {source, clip(t)});
        continue;
      }
      if (given->is_null()) {  // saved as null: a layer type without RoPE (validate_rope skips it)
        for (std::size_t i = 0; i < types.size(); ++i)
          if (types[i] == t) no_rope[i] = true;
        continue;
      }
      if (!given->is_object())
        return in.fail("'{0}' must be an object or null, got {1}",
                       {std::string(source) + "." + clip(t), describe(*given)});
      JsonValue set = *given;
      const std::string prefix = std::string(source) + "." + t + ".";
      type_default(set, prefix);
      if (!fam.no_conversion) {  // Gemma 4, MiMo: the class's own dicts, no top-level keys merged in
        theta_default(set);
        partial_default(set);
      }
      if (extends(set) && sh.has_max)
        set_default(set, "original_max_position_embeddings", number_value(sh.max_positions));
      dicts.emplace_back(t, std::move(set));
    }
  } else {
    JsonValue set = params;
    const std::string prefix = params.members.empty() && !legacy && !current ? "" : std::string(source) + ".";
    type_default(set, prefix);
    theta_default(set);
    partial_default(set);
    if (extends(set)) {
      if (has(model, "original_max_position_embeddings")) {
        assign(set, "original_max_position_embeddings",
               *Reader::find(model, "original_max_position_embeddings"));
      } else if (fam.original > 0) {
        if (!set.find("original_max_position_embeddings"))
          in.notice("no original_max_position_embeddings: the {0} class's default {1} is used",
                    {fam.model_type, fmt(fam.original)});
        assign(set, "original_max_position_embeddings", number_value(fam.original));
      } else if (!set.find("original_max_position_embeddings") && sh.has_max) {
        set_default(set, "original_max_position_embeddings", number_value(sh.max_positions));
        in.notice(
            "no original_max_position_embeddings: max_position_embeddings ({0}) is taken as the training "
            "length",
            {fmt(sh.max_positions)});
      }
    }
    bool any = types.empty();
    for (std::size_t i = 0; i < types.size(); ++i) {
      if (no_rope[i]) continue;
      any = true;
      if (std::find_if(dicts.begin(), dicts.end(), [&](const auto& d) { return d.first == types[i]; }) ==
          dicts.end())
        dicts.emplace_back(types[i], set);
    }
    if (types.empty()) dicts.emplace_back("full_attention", set);
    if (!any) dicts.emplace_back("full_attention", set);  // every layer without RoPE: still say the set
  }

  for (auto& [t, set] : dicts) {
    RopeSet s;
    s.layer_type = t;
    Shared here = sh;
    if (fam.global_head_key && t == "full_attention") {  // Gemma 4's full layers are wider
      here.head_dim = whole(in, model, fam.global_head_key, fam.global_head, static_cast<int>(kMaxSize));
      if (!in.ok()) return;
    }
    const std::string prefix = per_layer             ? std::string(source) + "." + t + "."
                               : (legacy || current) ? std::string(source) + "."
                                                     : std::string();
    read_set(in, set, prefix, here, per_layer, s.config);
    if (!in.ok()) return;
    if (fam.frozen && (s.config.rope_type == RopeType::Dynamic || s.config.rope_type == RopeType::LongRope)) {
      s.config.frozen = true;
      in.notice("the {0} class computes its frequencies once: {1} scaling never follows the length there",
                {fam.model_type, rope_type_name(s.config.rope_type)});
    }
    out.sets.push_back(std::move(s));
  }
  if (!types.empty() && std::find(no_rope.begin(), no_rope.end(), false) == no_rope.end())
    return in.fail("no layer of this model ({0}) applies RoPE", {out.identity.model_type});
  const RopeSet* top = out.set("full_attention");
  out.config = (top ? *top : out.sets.front()).config;
  for (std::size_t i = 0; i < types.size(); ++i) out.layer_types.push_back(no_rope[i] ? "none" : types[i]);

  // Beyond the frequencies: what the model does with them.
  const JsonValue& first = dicts.front().second;
  if (fam.deepseek && out.config.rope_type != RopeType::Default) {
    // modeling_deepseek_v3.py:279–286, yarn_apply_mscale: any scaled type, mscale_all_dim from the dict.
    double all_dim = 0;
    in.number(&first, "mscale_all_dim", std::string(source) + ".mscale_all_dim", all_dim, false);
    if (!in.ok()) return;
    if (all_dim != 0) {
      const double m = yarn_get_mscale(out.config.factor, all_dim);
      out.softmax_scale = m * m;
    }
  }
  if (fam.interleaved) {
    const JsonValue* flag = fam.interleave_key ? Reader::find(model, fam.interleave_key) : nullptr;
    out.rotation = flag && flag->is_bool() && !flag->boolean ? RopeRotation::Half : RopeRotation::Interleaved;
  }
  const JsonValue* section = first.find("mrope_section");
  if (section && !section->is_null()) {
    if (!section->is_array() || section->items.size() != 3)
      return in.fail("'{0}' must be a list of three whole numbers (t, h, w), got {1}",
                     {"mrope_section", describe(*section)});
    for (const JsonValue& e : section->items) {
      if (!e.is_number() || e.number != std::floor(e.number) || e.number < 0 || e.number > kMaxRotaryDim)
        return in.fail("'{0}' must be a list of three whole numbers (t, h, w), got {1}",
                       {"mrope_section", describe(e)});
      out.mrope_section.push_back(static_cast<int>(e.number));
    }
  } else if (fam.mrope_default) {
    for (const JsonValue& e : parse_json(fam.mrope_default).value.items)
      out.mrope_section.push_back(static_cast<int>(e.number));
    in.notice("no mrope_section: the {0} class's default {1} is used", {fam.model_type, fam.mrope_default});
  }
  if (fam.mrope == 1 && out.mrope_section.empty())
    return in.fail(
        "Qwen2-VL's attention splits cos and sin by {0}mrope_section, which the file does not give: "
        "transformers fails at the first forward",
        {std::string(source) + "."});
  if (!out.mrope_section.empty()) {
    const int pairs = rope_rotary_dim(out.config) / 2;
    const int sum = out.mrope_section[0] + out.mrope_section[1] + out.mrope_section[2];
    // Only the contiguous split needs the sections to cover the pairs exactly (torch.split); the
    // interleaved one (Qwen3-VL) takes every third pair up to each section's end.
    if (sum != pairs && fam.mrope != 2)
      return in.fail("mrope_section adds up to {0} pairs but the rotary dimension has {1}",
                     {std::to_string(sum), std::to_string(pairs)});
    out.mrope_interleaved = fam.mrope == 2;
    const JsonValue* flag = first.find("mrope_interleaved");
    if (fam.mrope == 0)
      in.notice(
          "mrope_section read as Qwen2-VL's contiguous sections (the {0} class is not one transformers "
          "gives M-RoPE)",
          {out.identity.model_type.empty() ? std::string("?") : out.identity.model_type});
    if (flag && flag->is_bool() && flag->boolean != out.mrope_interleaved)
      in.notice(
          out.mrope_interleaved
              ? "mrope_interleaved is false but transformers' rotary class for this model interleaves the "
                "sections whatever it says"
              : "mrope_interleaved is true but transformers' rotary class for this model keeps the sections "
                "contiguous whatever it says");
  }
  bool any_none = false;
  for (const std::string& t : out.layer_types) any_none = any_none || t == "none";
  if (fam.temperature && any_none) {
    const JsonValue* on = Reader::find(model, "attn_temperature_tuning");
    if (!(on && on->is_bool() && !on->boolean)) {
      out.temperature.floor_scale = 8192, out.temperature.attn_scale = 0.1;  // configuration_llama4.py
      in.positive(model, "floor_scale", "floor_scale", out.temperature.floor_scale, false);
      if (in.ok()) in.number(model, "attn_scale", "attn_scale", out.temperature.attn_scale, false);
      if (!in.ok()) return;
    }
  }
  if (fam.query_scaling) {
    double beta = 0;
    if (in.number(&first, "llama_4_scaling_beta", source + std::string(".llama_4_scaling_beta"), beta,
                  true)) {
      out.query_scaling.beta = beta;
      out.query_scaling.length = out.config.original_max_position_embeddings;
    }
    if (!in.ok()) return;
  }
  // Read and not modelled.
  if (const JsonValue* w = Reader::find(model, "sliding_window");
      w && w->is_number() && std::find(types.begin(), types.end(), "sliding_attention") != types.end())
    in.notice(
        "sliding_window {0}: sliding-attention layers see only the last {0} tokens; their RoPE is as "
        "shown, the window itself is not drawn",
        {fmt(w->number)});
  if (const JsonValue* w = Reader::find(model, "attention_chunk_size");
      w && w->is_number() && std::find(types.begin(), types.end(), "chunked_attention") != types.end())
    in.notice(
        "attention_chunk_size {0}: chunked-attention layers see only their own chunk of {0} tokens; not "
        "drawn",
        {fmt(w->number)});
}

}  // namespace

ModelConfigResult parse_model_config(std::string_view text) {
  ModelConfigResult out;
  if (text.size() > kMaxConfigBytes) {
    out.error = Message{"config.json is {0} bytes; at most {1} are read",
                        {std::to_string(text.size()), std::to_string(kMaxConfigBytes)}};
    return out;
  }
  JsonParse parsed = parse_json(text, {/*python_numbers=*/true});  // what transformers' json.load reads
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

const RopeSet* ModelConfigResult::set(std::string_view layer_type) const {
  for (const RopeSet& s : sets)
    if (s.layer_type == layer_type) return &s;
  return nullptr;
}

double AttentionTemperature::at(double position) const {
  return on() ? std::log1p(std::floor((position + 1) / floor_scale)) * attn_scale + 1 : 1.0;
}

double QueryScaling::at(double position) const {
  return on() ? 1 + beta * std::log(1 + std::floor(position / length)) : 1.0;
}

}  // namespace posenc::core
