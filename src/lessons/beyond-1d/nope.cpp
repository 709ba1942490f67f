// Lesson beyond-1d, positions without an encoding (steps causal, counting, reading): a causal mask alone
// breaks lesson 1's symmetry; a uniform head over a start token counts positions, and a second layer
// reads them (Kazemnejad et al. 2023, arXiv:2305.19466, Theorem 1).
#include "beyond_1d_lesson.hpp"
#include "core/random.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons::beyond_1d_lesson {

void Beyond1dLesson::say_nope() {
  say("causal_residual", [=] { return num(d_.causal.causal_residual); });
  say("bidir_residual", [=] { return num(d_.causal.bidirectional_residual); });
  say("moved", [this] { return !core::is_identity(p_.order); });
  say("first_moved", [this] { return p_.order[0] != 0; });
  say("h_error", [=] { return num(d_.count.h_error); });
  say("pos_error", [=] { return num(d_.count.position_error); });
  say("last", [this] { return p_.len - 1; });
  say("h_last", [=] { return num(d_.count.h(p_.len - 1), 6); });
  say("one_token", [this] { return p_.len == 1; });
  say("prev_weight", [=] { return num(d_.count.previous_weight, 4); });
  say("read_error", [=] { return num(d_.count.read_error, 3); });
}

void Beyond1dLesson::update_causal() {
  core::Random rng(core::mix_seed(p_.seed, 0xca05a1));
  d_.content = rng.gaussian_matrix(p_.n, p_.dim);
  const core::AttentionWeights w = core::random_attention_weights(p_.dim, rng);
  d_.causal = core::run_causal_experiment(d_.content, w, p_.order);
  d_.count = core::counting_heads(p_.len, p_.sharp);
  d_.h_table.resize(p_.len, 2);
  d_.h_table.col(0) = d_.count.h;
  for (int i = 0; i < p_.len; ++i) d_.h_table(i, 1) = 1.0 / (i + 1);
  view_.reading.set(d_.count.layer2.weights, 1.0);
}

void Beyond1dLesson::draw_causal(DrawContext& ctx, const ui::Theme& t) {
  std::string order;
  for (int i : p_.order) order += (order.empty() ? "" : ", ") + std::to_string(i);
  const std::string line = trf(lang_, "Order P: token %s at positions 0, 1, \xE2\x80\xA6", order.c_str());
  ui::heading(line.c_str(), t);
  if (reorder_buttons(p_.order, p_.n, p_.seed, 2000, view_.shuffles)) edited(ctx);
  ImGui::Spacing();
  const auto& e = d_.causal;
  const auto pos = ui::index_labels(p_.n);
  ui::MatrixViewOptions o;
  o.row_labels = &pos;
  o.col_labels = &pos;
  o.row_name = tr(lang_, "query");
  o.col_name = tr(lang_, "key");
  o.max_cell = ui::em(1.8f);
  o.range = 1.0;
  const auto view = [&](const char* id, const Eigen::MatrixXd& m, const char* title, float w) {
    o.title = title;
    o.max_width = w;
    ui::matrix_view(id, m, o, t);
  };
  ui::side_by_side(
      26, [&](float w) { view("wx", e.original.weights, tr(lang_, "causal weights for X"), w); },
      [&](float w) { view("wpx", e.permuted.weights, tr(lang_, "causal weights for P X"), w); });
  ui::caption(tr(lang_, "Above the diagonal: keys in the future, masked (weight 0)."), t);
  ui::residual(tr(lang_,
                  "no mask: max |Attn(P X) \xE2\x88\x92 P\xC2\xB7"
                  "Attn(X)| ="),
               e.bidirectional_residual, 1e-9, t);
  ui::residual(tr(lang_,
                  "causal mask: max |Attn(P X) \xE2\x88\x92 P\xC2\xB7"
                  "Attn(X)| ="),
               e.causal_residual, 1e-9, t);
}

void Beyond1dLesson::draw_counting(const ui::Theme& t) {
  ui::Series h = ui::series(tr(lang_, "h_i: the head's output"), d_.count.h);
  ui::Series inv = ui::series("1/(i+1)", d_.h_table.col(1));
  inv.points = true;
  inv.thickness = 1.0f;
  ui::LinePlotOptions o = plot("A uniform causal head over a start token", "position i", 14);
  o.integer_x = true;
  ui::line_plot("count", {h, inv}, o, t);
  ui::residual("max |h_i \xE2\x88\x92 1/(i+1)| =", d_.count.h_error, 1e-12, t);
  ui::residual(tr(lang_, "max |(1/h_i \xE2\x88\x92 1) \xE2\x88\x92 i| ="), d_.count.position_error, 1e-6, t);
}

void Beyond1dLesson::draw_reading(DrawContext& ctx, const ui::Theme& t) {
  ui::HeatmapOptions o =
      position_pairs("Layer 2's causal weights, built from h alone", "key j", "query i", "j", "i", 18);
  o.non_negative = true;  // attention weights
  ui::heatmap("reading", view_.reading, o, t, *ctx.textures);
  if (p_.len > 1) {
    const std::string w =
        trf(lang_, "smallest weight on j = i \xE2\x88\x92 1: %s", placeholder("prev_weight").c_str());
    ImGui::TextUnformatted(w.c_str());
    ui::residual(tr(lang_, "max |output \xE2\x88\x92 (i \xE2\x88\x92 1)| ="), d_.count.read_error, 1e-3, t);
  }
}

}  // namespace posenc::lessons::beyond_1d_lesson
