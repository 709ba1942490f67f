// Lesson 8 — relative: Shaw, Uszkoreit & Vaswani (2018). Attention adds learned vectors that depend
// only on the clipped offset j − i, so shifting the whole sequence changes nothing, and only 2k+1
// vectors per table are learned.
#include "core/relative.hpp"

#include <cmath>

#include "core/metrics.hpp"
#include "core/random.hpp"
#include "core/sinusoidal.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace {

constexpr int kTokens = 6, kDz = 4;

struct Params {
  int len = 16;         // for the index matrix
  int k = 3;            // clipping distance
  double offset = 100;  // where the shifted copy of the small example sentence starts (step 3)
  int seed = 1;
  int heads = 8;      // for the parameter count
  int max_len = 512;  // an absolute table's length, for comparison
  int d_model = 512;
};

struct Derived {
  Eigen::MatrixXd index;        // len × len, clip(j − i, −k, k) + k
  Eigen::MatrixXd clipped;      // the same minus k: the offset each pair uses
  Eigen::MatrixXd x, a_k, a_v;  // example tokens and tables
  core::AttentionWeights w;
  core::RelativeResult at_zero, shifted;  // the example at positions 0… and offset…
  double relative_residual = 0;           // max |e(offset) − e(0)|
  double absolute_residual = 0;           // same for x + PE(pos) with plain attention
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage index;
};

class RelativeLesson final : public Lesson {
  Params p_;
  Derived d_;
  View view_;

 public:
  RelativeLesson() {
    step("clip", [this](DrawContext& c) { draw_index(c, *theme_); }, {"len", "k"});
    step("terms", [this](DrawContext&) { draw_terms(*theme_); }, {"k", "seed"});
    step("shift", [this](DrawContext& c) { draw_shift(c, *theme_); }, {"k", "seed"});
    step("params", [this](DrawContext&) { draw_params(*theme_); }, {"k", "heads", "d_model", "max_len"});
    const auto num = [](double x, int digits = 3) { return ui::short_number(x, digits); };
    const auto d_z = [this] { return p_.d_model / std::max(1, p_.heads); };
    const auto per_table = [=] { return (2.0 * p_.k + 1) * d_z(); };
    say("vectors", [this] { return 2 * p_.k + 1; });
    say("relative_residual", [=] { return num(d_.relative_residual); });
    say("absolute_residual", [=] { return num(d_.absolute_residual); });
    say("e01", [=] { return num(d_.at_zero.logits(0, 1)); });
    say("e01_content", [=] { return num(d_.at_zero.content_logits(0, 1)); });
    say("e01_position", [=] { return num(d_.at_zero.position_logits(0, 1)); });
    // The position term as it follows a "+" or "−" in a sum: its magnitude, and the sign as a condition.
    say("e01_position_abs", [=] { return num(std::fabs(d_.at_zero.position_logits(0, 1))); });
    say("e01_position_negative", [this] { return d_.at_zero.position_logits(0, 1) < 0; });
    say("shared_params", [=] { return num(2 * per_table(), 6); });
    say("per_head_params", [=] { return num(2 * per_table() * p_.heads, 6); });
    say("absolute_params", [=] { return num(double(p_.max_len) * p_.d_model, 6); });
    say("d_z", d_z);
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"len", "length", 2, 512}, p_.len);
    v.integer({"k", "clip k", 0, 64}, p_.k);
    v.real({"offset", "shift by", 0, 10000, Scale::Linear, "%.0f"}, p_.offset);
    v.integer({"seed", "seed", 0, 9999}, p_.seed);
    v.integer({"heads", "heads", 1, 64}, p_.heads);
    v.integer({"max_len", "max_len", 1, 100000, Scale::Log}, p_.max_len);
    v.integer({"d_model", "d_model", 8, 4096, Scale::Log}, p_.d_model);
  }

  core::Messages update() override {
    d_.index = core::shaw_index(p_.len, p_.k);
    d_.clipped = d_.index.array() - p_.k;
    view_.index.set(d_.clipped, std::max(1, p_.k));
    core::Random rng(p_.seed);
    d_.x = rng.gaussian_matrix(kTokens, kDz);
    d_.w = core::random_attention_weights(kDz, rng);
    d_.a_k = rng.gaussian_matrix(2 * p_.k + 1, kDz, 0.5);
    d_.a_v = rng.gaussian_matrix(2 * p_.k + 1, kDz, 0.5);
    d_.at_zero = core::relative_attention(d_.x, d_.w, d_.a_k, d_.a_v, p_.k, core::positions_from(0, kTokens));
    d_.shifted =
        core::relative_attention(d_.x, d_.w, d_.a_k, d_.a_v, p_.k, core::positions_from(p_.offset, kTokens));
    d_.relative_residual = core::max_abs_diff(d_.shifted.logits, d_.at_zero.logits);
    const Eigen::MatrixXd pe0 = core::sinusoidal({kTokens, kDz, 10000.0, core::Layout::Interleaved, 0.0});
    const Eigen::MatrixXd pe1 =
        core::sinusoidal({kTokens, kDz, 10000.0, core::Layout::Interleaved, p_.offset});
    d_.absolute_residual = core::max_abs_diff(core::self_attention(d_.x + pe1, d_.w).scores,
                                              core::self_attention(d_.x + pe0, d_.w).scores);
    return {};
  }

  std::vector<Export> exports(std::string_view step) const override {
    if (step == "clip")
      return {{"shaw_index_len" + std::to_string(p_.len) + "_k" + std::to_string(p_.k), &d_.index}};
    if (step == "shift") return {{"logits_shifted_by" + ui::short_number(p_.offset, 9), &d_.shifted.logits}};
    return {{"logits_k" + std::to_string(p_.k) + "_seed" + std::to_string(p_.seed), &d_.at_zero.logits},
            {"weights_k" + std::to_string(p_.k) + "_seed" + std::to_string(p_.seed), &d_.at_zero.weights}};
  }

 private:
  void draw_index(DrawContext& ctx, const ui::Theme& t) {
    ui::HeatmapOptions o = position_pairs("Which learned vector w_clip(j − i, k) each pair (i, j) uses",
                                          "key position j", "query position i", "j", "i", 20);
    o.hover_extra = [this](int i, int j) {
      return trf(lang_, "offset j − i = %d → w_%d (table row %d)", j - i, static_cast<int>(d_.clipped(i, j)),
                 static_cast<int>(d_.index(i, j)));
    };
    ui::heatmap("index", view_.index, o, t, *ctx.textures);
  }

  void small(const char* title, const Eigen::MatrixXd& m, const std::vector<std::string>* rows,
             const std::vector<std::string>* cols, float w, const ui::Theme& t) {
    ui::MatrixViewOptions o;
    o.title = tr(lang_, title);
    o.row_labels = rows;
    o.col_labels = cols;
    o.max_width = w;
    o.max_cell = ui::em(2.3f);
    o.show_values = true;
    ui::matrix_view(title, m, o, t);
  }

  void draw_terms(const ui::Theme& t) {
    const auto labels = ui::index_labels(kTokens, "x");
    auto pair = [&](const char* ta, const Eigen::MatrixXd& a, const char* tb, const Eigen::MatrixXd& b) {
      ui::side_by_side(
          30, [&](float w) { small(ta, a, &labels, &labels, w, t); },
          [&](float w) { small(tb, b, &labels, &labels, w, t); });
    };
    pair("content: q_i · k_j / √d_z", d_.at_zero.content_logits, "position: q_i · a^K_ij / √d_z",
         d_.at_zero.position_logits);
    pair("e_ij = content + position", d_.at_zero.logits, "α = softmax of each row", d_.at_zero.weights);
    std::vector<std::string> rows;
    for (int r = 0; r < 2 * p_.k + 1; ++r) rows.push_back("w" + std::to_string(r - p_.k));
    ui::side_by_side(
        30, [&](float w) { small("a^K table (2k+1 rows)", d_.a_k, &rows, nullptr, w, t); },
        [&](float w) { small("z_i = Σ α_ij (v_j + a^V_ij)", d_.at_zero.z, &labels, nullptr, w, t); });
  }

  void draw_shift(DrawContext& ctx, const ui::Theme& t) {
    control(ctx, "offset");
    const auto labels = ui::index_labels(kTokens, "x");
    const std::string title = trf(lang_, "e_ij at positions %s…", ui::short_number(p_.offset, 6).c_str());
    ui::side_by_side(
        30, [&](float w) { small("e_ij at positions 0…5", d_.at_zero.logits, &labels, &labels, w, t); },
        [&](float w) { small(title.c_str(), d_.shifted.logits, &labels, &labels, w, t); });
    ui::residual(tr(lang_, "relative: max |e(shifted) − e| ="), d_.relative_residual, 1e-12, t);
    ui::residual(tr(lang_, "absolute PE added to x: max |change of the logits| ="), d_.absolute_residual,
                 1e-12, t);
  }

  void draw_params(const ui::Theme& t) {
    if (ImGui::BeginTable("params", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn(tr(lang_, "position parameters"));
      ImGui::TableSetupColumn(tr(lang_, "count"));
      ImGui::TableHeadersRow();
      for (const char* key : {"shared_params", "per_head_params", "absolute_params"}) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(
            tr(lang_, std::string_view(key) == "shared_params" ? "relative, a^K and a^V shared by all heads"
                      : std::string_view(key) == "per_head_params" ? "relative, separate tables per head"
                                                                   : "absolute learned table (max_len × d)"));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(placeholder(key).c_str());
      }
      ImGui::EndTable();
    }
    // Shaw et al. 2018, Table 3: BLEU on newstest2013 (EN-DE) for clipping distances k.
    ui::Series s;
    s.label = tr(lang_, "BLEU, newstest2013 (Shaw et al. 2018)");
    s.points = true;
    const double ks[] = {0, 1, 2, 4, 16, 64, 256}, bleu[] = {12.5, 25.5, 25.8, 25.9, 25.8, 25.9, 25.8};
    for (int i = 0; i < 7; ++i) {
      s.x.push_back(ks[i] + 1);  // log axis: plotted at k + 1
      s.y.push_back(bleu[i]);
    }
    ui::LinePlotOptions o = plot("Clipping costs nothing: BLEU against k (plotted at k + 1)", nullptr, 13);
    o.x_label = "k + 1";
    o.log_x = true;
    ui::line_plot("bleu", {s}, o, t);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_relative() { return std::make_unique<RelativeLesson>(); }

}  // namespace posenc::lessons
