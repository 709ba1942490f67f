// Lesson in-practice, what a port meets beyond one Llama (steps gqa, models): grouped-query attention,
// where W_k has num_key_value_heads heads and the conversion script permutes it with that count — a port
// that passes num_attention_heads moves rows within blocks of the wrong size; and today's presets, read by
// core::parse_model_config: which keep Meta's interleaved rotation (their weights never permuted), and
// what each multiplies its logits by (YaRN's attention factor a on cos and sin, DeepSeek's softmax scale).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/metrics.hpp"
#include "core/model_config.hpp"
#include "in_practice_lesson.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::in_practice_lesson {
namespace {

// A factor counts as scaling the logits when it differs from 1 by more than rounding.
constexpr double kOne = 1e-12;

bool is_interleaved(const Derived::ModelScale& m) { return m.interleaved; }
bool scales_by_position(const Derived::ModelScale& m) { return m.position_scaled; }

// The mean over queries of the weight each gives its most attended key (causal softmax).
double mean_peak(const Eigen::MatrixXd& scores) {
  const Eigen::MatrixXd p = core::causal_softmax(scores);
  return p.rows() ? p.rowwise().maxCoeff().mean() : 0.0;
}

}  // namespace

void InPracticeLesson::say_models() {
  // Grouped-query attention.
  say("kv_head", [this] { return d_.kv_head; });
  say("group", [this] { return d_.group; });
  say("kv_rows", [this] { return d_.kv_rows; });
  say("q_rows", [this] { return p_.heads * p_.head_dim; });
  say("block", [this] { return d_.block; });
  say("block_two", [this] { return d_.wrong_runs && d_.block == 2; });
  say("same_heads", [this] { return p_.kv_heads == p_.heads; });
  say("mqa", [this] { return p_.kv_heads == 1 && p_.heads > 1; });
  say("gqa_many", [this] { return p_.kv_heads > 1 && p_.kv_heads < p_.heads; });
  // Three cases, one sentence each (conditions do not nest): the same count, a wrong one that runs, one
  // whose view fails.
  say("gqa_silent", [this] { return p_.kv_heads != p_.heads && d_.wrong_runs; });
  say("gqa_fails", [this] { return !d_.wrong_runs; });
  say("res_gqa_right", [this] { return num(d_.gqa_res_right); });
  say("res_gqa_wrong", [this] { return num(d_.gqa_res_wrong); });
  say("gqa_scale", [this] { return num(d_.gqa_scale); });
  say("gqa_moved", [this] { return d_.gqa_moved; });
  say("any_gqa_moved", [this] { return d_.wrong_runs && d_.gqa_moved > 0; });
  // The presets.
  say("preset_count", [this] { return static_cast<int>(d_.models.size()); });
  say("interleaved_names", [this] { return model_list(is_interleaved); });
  say("any_interleaved", [this] { return std::any_of(d_.models.begin(), d_.models.end(), is_interleaved); });
  say("interleaved_count",
      [this] { return static_cast<int>(std::count_if(d_.models.begin(), d_.models.end(), is_interleaved)); });
  say("position_names", [this] { return model_list(scales_by_position); });
  say("any_position", [this] { return std::any_of(d_.models.begin(), d_.models.end(), scales_by_position); });
  say("any_scaled", [this] { return d_.top_model >= 0; });
  say("top_name", [this] {
    return d_.top_model >= 0 ? std::string(tr(lang_, d_.models[d_.top_model].label)) : std::string();
  });
  say("top_logit", [this] { return d_.top_model >= 0 ? num(d_.models[d_.top_model].logits(), 4) : "1"; });
  say("top_a", [this] { return d_.top_model >= 0 ? num(d_.models[d_.top_model].a, 4) : "1"; });
  say("top_s", [this] { return d_.top_model >= 0 ? num(d_.models[d_.top_model].s, 4) : "1"; });
  say("top_inverse",
      [this] { return d_.top_model >= 0 ? num(1 / d_.models[d_.top_model].logits(), 4) : "1"; });
  say("peak_plain", [this] { return num(d_.peak_plain); });
  say("peak_scaled", [this] { return num(d_.peak_scaled); });
  say("res_double", [this] { return num(d_.res_double); });
}

// num_key_value_heads divides num_attention_heads (each key head serves a whole group): at most heads, and
// a value that does not divide it becomes the largest divisor below, with a notice.
void InPracticeLesson::fit_kv_heads(core::Messages& notice) {
  p_.kv_heads = std::clamp(p_.kv_heads, 1, p_.heads);
  if (p_.heads % p_.kv_heads == 0) return;
  const int asked = p_.kv_heads;
  while (p_.heads % p_.kv_heads) --p_.kv_heads;
  notice.push_back({"num_key_value_heads: {0} does not divide the {1} query heads; using {2}",
                    {std::to_string(asked), std::to_string(p_.heads), std::to_string(p_.kv_heads)}});
}

void InPracticeLesson::update_gqa() {
  const int hd = p_.head_dim;
  d_.group = p_.heads / p_.kv_heads;
  d_.kv_head = core::kv_head_of(p_.head, p_.heads, p_.kv_heads);
  d_.kv_rows = p_.kv_heads * hd;
  // Meta's W_k for kv_heads key heads: the first key heads of the lesson's head (with as many key heads as
  // query heads, the permute step's W_k itself).
  const Eigen::MatrixXd wk = d_.head.wk.topRows(d_.kv_rows);
  const std::vector<int> right = core::script_permute_rows(p_.kv_heads, d_.kv_rows);  // the script
  const std::vector<int> wrong = core::script_permute_rows(p_.heads, d_.kv_rows);     // the port
  d_.wrong_runs = !wrong.empty();
  d_.block = d_.kv_rows / p_.heads;  // rows per block with the wrong count (when it runs)
  // Key head kv_head's rows, all of them (the first few alone can agree: blocks of 32 and of 64 begin
  // alike): Meta's row (within the key head) each converted row holds.
  const int first = d_.kv_head * hd;
  d_.kv_perm_view.resize(d_.wrong_runs ? 2 : 1, hd);
  for (int r = 0; r < hd; ++r) {
    d_.kv_perm_view(0, r) = right[first + r] - first;
    if (d_.wrong_runs) d_.kv_perm_view(1, r) = wrong[first + r] - first;
  }
  const std::vector<double> pos = core::positions_from(0, p_.tokens);
  const Eigen::MatrixXd q_meta = core::head_projection(d_.head.x, d_.head.wq, p_.head, hd);
  const Eigen::MatrixXd q_hf = core::head_projection(d_.head.x, d_.wq_hf, p_.head, hd);
  const auto scores = [&](const Eigen::MatrixXd& q, const Eigen::MatrixXd& w, Layout layout) {
    return core::rotary_scores(q, pos, core::head_projection(d_.head.x, w, d_.kv_head, hd), pos,
                               core::rotary_pairs(hd, p_.base, layout));
  };
  d_.gqa_meta = scores(q_meta, wk, Layout::Interleaved);
  d_.gqa_right = scores(q_hf, core::permute_rows(right, wk), Layout::Half);
  d_.gqa_res_right = core::max_abs_diff(d_.gqa_right, d_.gqa_meta);
  d_.gqa_scale = d_.gqa_meta.cwiseAbs().maxCoeff();
  double range = d_.gqa_scale;
  d_.gqa_moved = 0;
  if (d_.wrong_runs) {
    d_.gqa_wrong = scores(q_hf, core::permute_rows(wrong, wk), Layout::Half);
    d_.gqa_res_wrong = core::max_abs_diff(d_.gqa_wrong, d_.gqa_meta);
    range = std::max(range, d_.gqa_wrong.cwiseAbs().maxCoeff());
    const Eigen::MatrixXd a = core::causal_softmax(d_.gqa_right), b = core::causal_softmax(d_.gqa_wrong);
    for (int r = 0; r < p_.tokens; ++r) {
      Eigen::Index i = 0, j = 0;
      a.row(r).maxCoeff(&i);
      b.row(r).maxCoeff(&j);
      d_.gqa_moved += i != j;
    }
    view_.gqa_wrong.set(d_.gqa_wrong, range);
  } else {
    d_.gqa_wrong.resize(0, 0);
    d_.gqa_res_wrong = 0;
  }
  view_.gqa_right.set(d_.gqa_right, range);
}

// Once: every preset read as transformers builds the model.
void InPracticeLesson::update_models() {
  d_.models.clear();
  for (const core::ModelPreset& preset : core::model_presets()) {
    const core::ModelConfigResult r = core::parse_model_config(preset.json);
    if (!r.ok()) continue;
    Derived::ModelScale m;
    m.label = preset.label;
    m.interleaved = r.rotation == core::RopeRotation::Interleaved;
    m.position_scaled = r.temperature.on() || r.query_scaling.on();
    m.a = core::rope_init(r.config, 0).attention_factor;
    m.s = r.softmax_scale;
    d_.models.push_back(m);
  }
  const int n = static_cast<int>(d_.models.size());
  d_.models_export.resize(n, 4);
  d_.top_model = -1;
  for (int i = 0; i < n; ++i) {
    const Derived::ModelScale& m = d_.models[i];
    d_.models_export.row(i) << (m.interleaved ? 1.0 : 0.0), m.a, m.s, m.logits();
    if (m.logits() > 1 + kOne && (d_.top_model < 0 || m.logits() > d_.models[d_.top_model].logits()))
      d_.top_model = i;
  }
}

// The head's scores as they are and multiplied by the largest logit factor: how peaked its attention is.
void InPracticeLesson::update_peaks() {
  const double f = d_.top_model >= 0 ? d_.models[d_.top_model].logits() : 1.0;
  d_.peak_plain = mean_peak(d_.scores_meta);
  d_.peak_scaled = mean_peak(d_.scores_meta * f);
}

// The labels of the presets `pick` chooses, in the learner's language: "A", "A and B", "A, B and C".
std::string InPracticeLesson::model_list(bool (*pick)(const Derived::ModelScale&)) const {
  std::vector<std::string> names;
  for (const Derived::ModelScale& m : d_.models)
    if (pick(m)) names.emplace_back(tr(lang_, m.label));
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i == 0)
      out = names[i];
    else if (i + 1 < names.size())
      out = trf(lang_, "%s, %s", out.c_str(), names[i].c_str());
    else
      out = trf(lang_, "%s and %s", out.c_str(), names[i].c_str());
  }
  return out;
}

void InPracticeLesson::draw_gqa(DrawContext& ctx) {
  const ui::Theme& t = *theme_;
  ui::caption(
      trf(lang_,
          "query heads: %d, key heads: %d, query heads per key head: %d; query head %d reads key head %d",
          p_.heads, p_.kv_heads, d_.group, p_.head, d_.kv_head)
          .c_str(),
      t);
  // Key head kv_head's rows: where each count puts Meta's rows.
  char right[64], wrong[64];
  std::snprintf(right, sizeof right, "num_key_value_heads = %d", p_.kv_heads);
  std::snprintf(wrong, sizeof wrong, "num_attention_heads = %d", p_.heads);
  const std::vector<std::string> rows =
      d_.wrong_runs ? std::vector<std::string>{right, wrong} : std::vector<std::string>{right};
  const auto cols = ui::index_labels(static_cast<int>(d_.kv_perm_view.cols()));
  const std::string title =
      trf(lang_, "W_k, key head %d: the row of Meta's each converted row holds", d_.kv_head);
  ui::MatrixViewOptions o;
  o.title = title.c_str();
  o.row_labels = &rows;
  o.col_labels = &cols;
  o.row_name = "n_heads";
  o.col_name = tr(lang_, "converted row");
  o.show_values = true;
  o.range = p_.head_dim;
  o.max_cell = ui::em(1.6f);
  ui::matrix_view("kvperm", d_.kv_perm_view, o, t);
  ui::residual(tr(lang_, "W_k permuted with the key heads' count: max |score − Meta's| ="), d_.gqa_res_right,
               1e-9, t);
  if (d_.wrong_runs) {
    ui::residual(tr(lang_, "with the query heads' count ="), d_.gqa_res_wrong, 1e-9, t);
    heatmap_pair(ctx, "gqa", view_.gqa_right, "scores, W_k permuted with the key heads' count",
                 view_.gqa_wrong, "scores, W_k permuted with the query heads' count", 9);
  } else {
    ui::caption(trf(lang_,
                    "num_attention_heads = %d: view(%d, %d, 2, %d) cannot hold the %d rows of W_k, so torch "
                    "raises an error",
                    p_.heads, p_.heads, d_.kv_rows / p_.heads / 2, p_.d_model, d_.kv_rows)
                    .c_str(),
                t);
    ui::HeatmapOptions h = scores_map(ui::em(9));
    h.title = tr(lang_, "scores, W_k permuted with the key heads' count");
    h.width = std::min(ImGui::GetContentRegionAvail().x, ui::em(14));
    ui::heatmap("gqa_right", view_.gqa_right, h, t, *ctx.textures);
  }
}

void InPracticeLesson::draw_models() {
  const ui::Theme& t = *theme_;
  if (!ImGui::BeginTable("models", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) return;
  // The model's name takes what the other columns, each as wide as its widest entry, leave (on a phone it
  // wraps); "rotate_half" and the numbers are never cut.
  const float rotation_w =
      std::max({ImGui::CalcTextSize("rotate_half").x, ImGui::CalcTextSize(tr(lang_, "interleaved")).x,
                ImGui::CalcTextSize(tr(lang_, "rotation")).x});
  ImGui::PushFont(t.bold);  // the largest factor is bold
  const float value_w = ImGui::CalcTextSize("0.000").x;
  ImGui::PopFont();
  const ImGuiTableColumnFlags fixed = ImGuiTableColumnFlags_WidthFixed;
  ImGui::TableSetupColumn(tr(lang_, "model"), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn(tr(lang_, "rotation"), fixed, rotation_w);
  ImGui::TableSetupColumn("a", fixed, value_w);
  ImGui::TableSetupColumn("s", fixed, value_w);
  ImGui::TableSetupColumn("a²·s", fixed, value_w);
  ImGui::TableHeadersRow();
  const auto value = [&](double x, bool strong) {
    ImGui::TableNextColumn();
    const bool one = std::abs(x - 1) <= kOne;
    if (one) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(t.muted));
    if (strong) ImGui::PushFont(t.bold);
    ImGui::TextUnformatted(one ? "1" : num(x, 4).c_str());
    if (strong) ImGui::PopFont();
    if (one) ImGui::PopStyleColor();
  };
  for (int i = 0; i < static_cast<int>(d_.models.size()); ++i) {
    const Derived::ModelScale& m = d_.models[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", tr(lang_, m.label));
    ImGui::TableNextColumn();
    if (m.interleaved)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(t.accent), "%s", tr(lang_, "interleaved"));
    else
      ImGui::TextUnformatted("rotate_half");
    value(m.a, false);
    value(m.s, false);
    value(m.logits(), i == d_.top_model);
  }
  ImGui::EndTable();
  ui::caption(tr(lang_,
                 "Each preset as transformers builds it (lesson 11 shows each in full). a multiplies cos "
                 "and sin, so each logit q·k by a²; s multiplies the softmax scale 1/√d; every logit is "
                 "multiplied by a²·s."),
              t);
}

}  // namespace posenc::lessons::in_practice_lesson
