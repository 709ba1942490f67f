// Lesson 15 — check: your own sinusoidal table against the reference (the known bug it matches), then
// your RoPE cos/sin cache against a model's config (steps rope-*: what differs, in one sentence, and
// where). This file ties the two parts (check_lesson.hpp lists them): steps, parameters, files,
// exports, placeholders.
#include "core/check.hpp"

#include "check_lesson.hpp"
#include "core/table_file.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace check_lesson {

CheckLesson::CheckLesson() : paste_(kPasteBytes, '\0') {
  // Arriving at a step says which part files go to (no parameter changes: false).
  const auto sinusoidal = [this] {
    on_rope_ = false;
    return false;
  };
  const auto rope = [this] {
    on_rope_ = true;
    return false;
  };
  step(
      "load", [this](DrawContext& c) { draw_step(c, false); }, {"base"}, sinusoidal);
  step(
      "verdict", [this](DrawContext& c) { draw_step(c, false); }, {"base"}, sinusoidal);
  step(
      "diff", [this](DrawContext& c) { draw_step(c, true); }, {"base"}, sinusoidal);
  step(
      "rope-load", [this](DrawContext& c) { draw_rope_load(c); }, {}, rope);
  step(
      "rope-verdict", [this](DrawContext& c) { draw_rope_verdict(c); }, {}, rope);
  // The question there is about a bfloat16 cache: with nothing loaded, that example is.
  step(
      "rope-diff", [this](DrawContext& c) { draw_rope_diff(c); }, {},
      [this] {
        on_rope_ = true;
        if (cache_.have || waiting_[0].have || waiting_[1].have) return false;
        p_.rope_example = kBFloat16Example;
        if (p_.config == kDefaults) p_.config = kExampleModel;  // the examples are ports of that model
        return true;
      });
  say_table();
  say_rope();
  update();
}

void CheckLesson::visit(ParamVisitor& v) {
  v.real({"base", "base you used", 2, 1e7, Scale::Log, "%.0f"}, p_.base);
  v.choice({"rope_example"}, p_.rope_example, rope_example_ids());
  v.choice({"config"}, p_.config, config_ids());
}

core::Messages CheckLesson::update() {
  if (d_.have && d_.checked_base != p_.base) {
    d_.result = core::check_table(d_.table, p_.base);
    d_.checked_base = p_.base;
    view_.diff.set(d_.result.diff);
  }
  if (p_.rope_example != cache_.example && (p_.rope_example > 0 || cache_.example > 0)) load_rope_example();
  compare();
  return {};
}

core::Messages CheckLesson::receive_file(std::string_view name, const unsigned char* bytes,
                                         std::size_t size) {
  go_to_ = {};
  const std::string file(name.substr(0, 80));  // api.js names pastes "pasted text"
  // A RoPE cache: on the RoPE steps anything; elsewhere a (2, len, dim) .npy, or a file named cos/sin whose
  // contents are not a sinusoidal position table (sin_table.npy, pe_cos.npy are such tables).
  bool rope = on_rope_ || core::npy_rank(bytes, size) == 3;
  if (!rope && core::cache_role_from_name(file) != 0) {
    const core::TableFile t = core::parse_table(bytes, size);
    rope = !(t.ok() && core::looks_like_position_table(t.data));
  }
  if (on_rope_ && looks_like_json(name, bytes, size)) return receive_config(file, bytes, size);
  if (rope) {
    core::Messages said = receive_cache(file, bytes, size);
    if (!on_rope_)
      go_to_ = cache_.have && !waiting_[0].have && !waiting_[1].have ? "rope-verdict" : "rope-load";
    return said;
  }
  return receive_table(file, bytes, size);
}

std::vector<Export> CheckLesson::exports(std::string_view step) const {
  if (step == "rope-diff") {
    if (!cmp_.valid) return {};
    const std::string stem = "_" + reference_id() + "_len" + std::to_string(cache_.cos.rows()) + "_d" +
                             std::to_string(cache_.cos.cols());
    return {{"cos_yours_minus_reference" + stem, &cmp_.diff_cos},
            {"sin_yours_minus_reference" + stem, &cmp_.diff_sin},
            {"cos_reference" + stem,
             [this]() -> const Eigen::MatrixXd& { return ref_cos_ = cache_.cos - cmp_.diff_cos; }},
            {"sin_reference" + stem,
             [this]() -> const Eigen::MatrixXd& { return ref_sin_ = cache_.sin - cmp_.diff_sin; }}};
  }
  if (step == "rope-verdict" && cmp_.valid && cmp_.pairs.rows() > 0)
    return {{"pairs_j_theta_yours_theta_reference_ratio_" + reference_id(), &cmp_.pairs}};
  if (step.substr(0, 5) == "rope-" || !d_.have) return {};
  return {{"your_table_minus_reference", &d_.result.diff}};
}

std::string CheckLesson::shown(const std::string& file) const {
  return file == "pasted text" ? tr(lang_, "pasted text") : file;
}

std::string CheckLesson::shape(bool have, const Eigen::MatrixXd& m) const {
  return have ? std::to_string(m.rows()) + " × " + std::to_string(m.cols()) : tr(lang_, "none yet");
}

}  // namespace check_lesson

std::unique_ptr<Lesson> create_check() { return std::make_unique<check_lesson::CheckLesson>(); }

}  // namespace posenc::lessons
