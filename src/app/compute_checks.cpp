// The compute kinds that read what a learner brings: a sinusoidal table (check), a config.json
// (rope_init), a RoPE cos/sin cache (check_rope). Each validates its arguments, then answers JSON.
#include <Eigen/Core>
#include <cstdio>

#include "compute_args.hpp"
#include "core/check.hpp"
#include "core/check_rope.hpp"
#include "core/model_config.hpp"
#include "core/rope_match.hpp"
#include "core/rope_scaling.hpp"
#include "json.hpp"

namespace posenc::app::detail {

// A learner's sinusoidal table against the reference (lesson check).
ComputeResult check_kind(const Args& args) {
  Reader in("check", args);
  long rows = 0, cols = 0;
  read_shape(in, rows, cols);
  const std::vector<double>* data = in.array("data", static_cast<size_t>(kMaxCells), true);
  const double base = in.base();
  in.reject_unknown();
  if (in.ok()) check_values(in, "data", *data, rows, cols);
  if (!in.ok()) return failure(in.error());
  const Eigen::MatrixXd table =
      Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(data->data(),
                                                                                               rows, cols);
  const core::CheckResult c = core::check_table(table, base);
  Json j;
  j.begin_object()
      .key("max_error")
      .num(c.max_error)
      .key("verdict")
      .str(c.verdict)
      .key("message")
      .str(c.message);
  j.key("candidates").begin_object();
  for (const core::Candidate& k : c.candidates)
    j.key(k.id == "base" ? k.label : k.id).num(k.error);  // "base 100" etc.
  j.end_object().end_object();
  ComputeResult r;
  r.json = j.text();
  return r;
}

// A model's inv_freq and attention factor from its config.json (lesson scaling).
ComputeResult rope_init_kind(const Args& args) {
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
  const auto frequencies = [&j](const core::RopeInit& f) {
    j.key("data").begin_array();
    for (Eigen::Index i = 0; i < f.inv_freq.size(); ++i) j.num(f.inv_freq[i]);
    j.end_array();
    j.key("attention_factor").num(f.attention_factor).key("rotary_dim").num(f.rotary_dim);
    j.key("rope_type").str(core::rope_type_name(f.rope_type));
  };
  j.begin_object().key("shape").begin_array().num(static_cast<double>(init.inv_freq.size())).end_array();
  frequencies(init);
  j.key("layer_types").begin_array();
  for (const std::string& t : parsed.layer_types) j.str(t);
  j.end_array();
  j.key("sets").begin_object();
  for (const core::RopeSet& s : parsed.sets) {
    j.key(s.layer_type).begin_object();
    frequencies(core::rope_init(s.config, seq_len));
    j.key("theta").num(s.config.rope_theta).end_object();
  }
  j.end_object();
  j.key("softmax_scale").num(parsed.softmax_scale);
  if (!parsed.mrope_section.empty()) {
    j.key("mrope_section").begin_array();
    for (int v : parsed.mrope_section) j.num(v);
    j.end_array().key("mrope_interleaved").boolean(parsed.mrope_interleaved);
  }
  j.key("rotation").str(parsed.rotation == core::RopeRotation::Interleaved ? "interleaved" : "half");
  if (parsed.temperature.on())
    j.key("attn_temperature")
        .begin_object()
        .key("floor_scale")
        .num(parsed.temperature.floor_scale)
        .key("attn_scale")
        .num(parsed.temperature.attn_scale)
        .end_object();
  if (parsed.query_scaling.on())
    j.key("query_scaling")
        .begin_object()
        .key("beta")
        .num(parsed.query_scaling.beta)
        .key("length")
        .num(parsed.query_scaling.length)
        .end_object();
  j.key("model").begin_object().key("name_or_path").str(parsed.identity.name_or_path);
  j.key("model_type").str(parsed.identity.model_type).key("architectures").begin_array();
  for (const std::string& a : parsed.identity.architectures) j.str(a);
  j.end_array().end_object();
  j.key("notices").begin_array();
  for (const core::Message& m : parsed.notices) j.str(m.english());
  j.end_array().end_object();
  r.json = j.text();
  return r;
}

}  // namespace posenc::app::detail

namespace posenc::app {

// check_rope's answer as JSON (the JS API's, and posenc-check --json's).
std::string check_rope_json(const core::RopeVerdict& v) {
  const core::RopeCacheCheck& c = v.check;
  Json j;
  j.begin_object();
  if (v.with_model) {
    j.key("set").str(v.match.layer_type).key("matches_model").boolean(v.match.matches);
    j.key("model_offset")
        .num(static_cast<double>(v.match.offset))
        .key("model_max_error")
        .num(v.match.max_error);
  }
  j.key("layout").str(c.layout).key("base").num(c.base).key("offset").num(static_cast<double>(c.offset));
  j.key("rotary_dim").num(c.rotary_dim).key("rope_type").str(c.rope_type).key("factor").num(c.factor);
  j.key("attention_factor").num(c.attention_factor).key("precision").str(c.precision);
  j.key("storage").str(c.storage).key("hidden_below").num(c.hidden_below);
  j.key("theta").begin_array();
  for (Eigen::Index k = 0; k < c.measured_inv_freq.size(); ++k) j.num(c.measured_inv_freq[k]);
  j.end_array();
  j.key("max_error").num(c.max_error).key("verdict").str(v.verdict).key("undecided").boolean(v.undecided);
  if (!v.cause.empty()) j.key("cause").str(v.cause);
  if (!c.preset.empty()) j.key("preset").str(c.preset);
  j.key("message").str(v.message());
  j.key("fix").str(v.fix.english()).end_object();
  return j.text();
}

}  // namespace posenc::app

namespace posenc::app::detail {

// What produced a learner's RoPE cos/sin cache (lesson check, issue "in practice"); with a model's
// config (or a preset's id), first whether the cache is one that model builds (core::match_rope_cache).
ComputeResult check_rope_kind(const Args& args) {
  Reader in("check_rope", args);
  long rows = 0, cols = 0;
  read_shape(in, rows, cols);
  const std::vector<double>* cos = in.array("cos", static_cast<size_t>(kMaxCells), true);
  const std::vector<double>* sin = in.array("sin", static_cast<size_t>(kMaxCells), true);
  const std::string* config = in.json_text("config");
  const std::string* model_id = in.ok() ? in.text("model") : nullptr;
  in.reject_unknown();
  if (in.ok() && check_values(in, "cos", *cos, rows, cols)) check_values(in, "sin", *sin, rows, cols);
  if (!in.ok()) return failure(in.error());
  if (config && model_id) return failure("check_rope: give config or model, not both");
  const core::ModelPreset* preset = model_id ? core::find_model_preset(*model_id) : nullptr;
  if (model_id && !preset) return failure("check_rope: " + core::unknown_model_preset(*model_id));
  core::ModelConfigResult model;
  if (config || preset) {
    model = core::parse_model_config(config ? std::string_view(*config) : std::string_view(preset->json));
    if (!model.ok()) return failure("check_rope: config: " + model.error.english());
  }
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const Eigen::MatrixXd cm = Eigen::Map<const RowMajor>(cos->data(), rows, cols),
                        sm = Eigen::Map<const RowMajor>(sin->data(), rows, cols);
  const core::RopeVerdict v = core::rope_verdict(cm, sm, config || preset ? &model : nullptr);
  const core::RopeCacheCheck& c = v.check;
  if (!c.ok()) return failure("check_rope: " + c.error);
  ComputeResult r;
  r.json = check_rope_json(v);
  return r;
}

}  // namespace posenc::app::detail
