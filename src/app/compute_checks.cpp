// The compute kinds that read what a learner brings: a sinusoidal table (check), a config.json
// (rope_init), a RoPE cos/sin cache (check_rope). Each validates its arguments, then answers JSON.
#include <Eigen/Core>

#include "compute_args.hpp"
#include "core/check.hpp"
#include "core/check_rope.hpp"
#include "core/model_config.hpp"
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

// What produced a learner's RoPE cos/sin cache (lesson check, issue "in practice").
ComputeResult check_rope_kind(const Args& args) {
  Reader in("check_rope", args);
  long rows = 0, cols = 0;
  read_shape(in, rows, cols);
  const std::vector<double>* cos = in.array("cos", static_cast<size_t>(kMaxCells), true);
  const std::vector<double>* sin = in.array("sin", static_cast<size_t>(kMaxCells), true);
  in.reject_unknown();
  if (in.ok() && check_values(in, "cos", *cos, rows, cols)) check_values(in, "sin", *sin, rows, cols);
  if (!in.ok()) return failure(in.error());
  const core::RopeCacheCheck c = core::check_rope({rows, cols}, *cos, *sin);
  if (!c.ok()) return failure("check_rope: " + c.error);
  Json j;
  j.begin_object().key("layout").str(c.layout).key("base").num(c.base).key("offset").num(
      static_cast<double>(c.offset));
  j.key("rotary_dim").num(c.rotary_dim).key("rope_type").str(c.rope_type).key("factor").num(c.factor);
  j.key("attention_factor").num(c.attention_factor).key("precision").str(c.precision);
  j.key("max_error")
      .num(c.max_error)
      .key("verdict")
      .str(c.verdict)
      .key("message")
      .str(c.message)
      .end_object();
  ComputeResult r;
  r.json = j.text();
  return r;
}

}  // namespace posenc::app::detail
