// Lesson 1 — order: why order matters. Self-attention without positions is permutation-equivariant:
// reorder the tokens and the outputs reorder the same way, so a pooled summary cannot tell the two
// sentences apart. Adding sinusoidal position encodings breaks the symmetry.
#include <algorithm>
#include <cmath>
#include <utility>

#include "core/attention.hpp"
#include "core/metrics.hpp"
#include "core/permutation.hpp"
#include "lessons/lesson.hpp"
#include "tokenize.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace {

constexpr int kMaxTokens = 12;
constexpr int kMaxTextBytes = 160;

// The default sentence and its reordering, in each language (app::kLanguages): English swaps "likes"
// and "hates" — the same words, the opposite meaning —, Chinese reverses 我爱你 into 你爱我.
struct Example {
  const char* text;
  std::vector<int> order;
};
const Example kExamples[] = {{"Tom likes apple, but hates orange", {0, 5, 2, 3, 4, 1, 6}},
                             {"\xE6\x88\x91\xE7\x88\xB1\xE4\xBD\xA0", {2, 1, 0}}};
const Example& example(int lang) { return kExamples[lang == 1 ? 1 : 0]; }

struct Params {
  std::string text = kExamples[0].text;
  int dim = 8;
  int seed = 1;
  bool pe = false;
  std::vector<int> order = kExamples[0].order;  // reordered sentence: token order[i] at position i
};

// The order a new sentence starts in, so that the two sentences differ from the start: an example's own,
// else reversed ("猫追狗" → "狗追猫"), or its first token moved to the end when it reads the same backwards.
core::Permutation first_order(const std::string& text, const std::vector<std::string>& tokens) {
  for (const Example& e : kExamples)
    if (text == e.text) return e.order;
  const int n = static_cast<int>(tokens.size());
  core::Permutation order = core::identity_permutation(n);
  std::reverse(order.begin(), order.end());
  if (std::equal(tokens.begin(), tokens.end(), tokens.rbegin()))
    for (int i = 0; i < n; ++i) order[i] = (i + 1) % n;
  return order;
}

struct Derived {
  std::vector<std::string> tokens, reordered;
  Eigen::MatrixXd content;  // one seeded vector per word (same word → same vector)
  core::AttentionWeights weights;
  core::OrderExperiment without_pe, with_pe;
  const core::OrderExperiment& shown(bool pe) const { return pe ? with_pe : without_pe; }
};

struct View {
  int selected = -1;  // first chip clicked when swapping two tokens
  int shuffles = 0;   // advances the shuffle button's random stream
};

std::string sentence(const std::vector<std::string>& tokens) { return join_tokens(tokens); }

class OrderLesson final : public Lesson {
  Params p_;
  Derived d_;
  View view_;

 public:
  OrderLesson() {
    // Positions are added on the last step only: the steps before it show attention without them (a
    // link may still ask for pe=1 there, and their text says what that changes).
    const std::vector<std::string_view> controls = {"text", "dim", "seed"};
    const auto without_pe = [this] { return std::exchange(p_.pe, false); };
    step(
        "tokens", [this](DrawContext& c) { draw_tokens(c, *theme_); }, controls, without_pe);
    step(
        "head", [this](DrawContext&) { draw_head(*theme_); }, controls, without_pe);
    step(
        "reorder", [this](DrawContext& c) { draw_reorder(c, *theme_); }, controls, without_pe);
    step(
        "pooled", [this](DrawContext& c) { draw_pooled(c, *theme_); }, controls, without_pe);
    step(
        "with-pe", [this](DrawContext& c) { draw_with_pe(c, *theme_); }, controls,
        [this] { return !std::exchange(p_.pe, true); });
    const auto num = [](double x, int digits = 3) { return ui::short_number(x, digits); };
    say("tokens", [this] { return d_.tokens.size(); });
    say("sentence", [this] { return sentence(d_.tokens); });
    say("reordered", [this] { return sentence(d_.reordered); });
    say("residual", [=] { return num(d_.shown(p_.pe).equivariance_residual); });
    say("residual_nope", [=] { return num(d_.without_pe.equivariance_residual); });
    say("residual_pe", [=] { return num(d_.with_pe.equivariance_residual); });
    say("pooled_nope", [=] { return num(d_.without_pe.pooled_residual); });
    say("pooled_pe", [=] { return num(d_.with_pe.pooled_residual); });
    say("first", [this] { return d_.tokens[0]; });
    say("first_focus", [this] { return d_.tokens[strongest(0)]; });
    say("first_weight", [=] { return num(d_.shown(p_.pe).original.weights(0, strongest(0)), 2); });
    say("moved", [this] { return !core::is_identity(p_.order); });
    say("pooled", [=] { return num(d_.shown(p_.pe).pooled_residual); });
    update();
  }

  // Chinese shows a Chinese sentence: the default follows the language while the learner keeps it.
  bool language_changed() override {
    const Example& mine = example(lang_);
    if (p_.text == mine.text) return false;
    for (const Example& e : kExamples)
      if (p_.text == e.text && p_.order == e.order) {
        p_.text = mine.text;
        p_.order = mine.order;
        return true;
      }
    return false;
  }

  void visit(ParamVisitor& v) override {
    v.text({"text", "sentence"}, p_.text, kMaxTextBytes);
    v.integer({"dim", "dimension", 4, 64}, p_.dim);
    v.integer({"seed", "seed", 0, 9999}, p_.seed);
    v.flag({"pe", "add position encoding"}, p_.pe);
    v.order({"order"}, p_.order, static_cast<int>(d_.tokens.size()));
  }

  core::Messages update() override {
    core::Messages notice;
    std::vector<std::string> tokens = tokenize(p_.text, kMaxTokens);
    if (tokens.size() < 2) {
      notice.push_back({"text: needs at least two tokens; using the default sentence", {}});
      p_.text = example(lang_).text;
      tokens = tokenize(p_.text, kMaxTokens);
    } else if (tokenize(p_.text, kMaxTokens + 1).size() > kMaxTokens) {
      notice.push_back({"text: only the first {0} tokens are used", {std::to_string(kMaxTokens)}});
    }
    const int n = static_cast<int>(tokens.size());
    // A new sentence (typed, or set by a link before its order) starts reordered: never compared with itself.
    if ((!d_.tokens.empty() && tokens != d_.tokens) || !core::is_permutation(p_.order, n))
      p_.order = first_order(p_.text, tokens);
    d_.tokens = std::move(tokens);
    d_.reordered.clear();
    for (int i : p_.order) d_.reordered.push_back(d_.tokens[i]);

    d_.content.resize(n, p_.dim);
    for (int i = 0; i < n; ++i) {
      core::Random word(core::mix_seed(p_.seed, core::hash_string(d_.tokens[i])));
      d_.content.row(i) = word.gaussian_matrix(1, p_.dim);
    }
    core::Random rng(core::mix_seed(p_.seed, 0x5eed));
    d_.weights = core::random_attention_weights(p_.dim, rng);
    d_.without_pe = core::run_order_experiment(d_.content, d_.weights, p_.order, false);
    d_.with_pe = core::run_order_experiment(d_.content, d_.weights, p_.order, true);
    return notice;
  }

  std::vector<Export> exports(std::string_view step) const override {
    const auto& e = d_.shown(p_.pe);
    const std::string tag = "_n" + std::to_string(d_.tokens.size()) + "_d" + std::to_string(p_.dim) +
                            "_seed" + std::to_string(p_.seed) + (p_.pe ? "_pe" : "");
    if (step == "tokens") return {{"embeddings" + tag, &d_.content}};
    if (step == "head")
      return {{"attention_weights" + tag, &e.original.weights}, {"attention_output" + tag, &e.original.out}};
    return {{"attn_px" + tag, &e.permuted.out},
            {"p_attn_x" + tag, &e.p_times_out},
            {"permutation" + tag, &e.perm_matrix}};
  }

 private:
  int strongest(int row) const {
    Eigen::Index best = 0;
    d_.shown(p_.pe).original.weights.row(row).maxCoeff(&best);
    return static_cast<int>(best);
  }

  void draw_tokens(DrawContext&, const ui::Theme& t) {
    ui::heading(tr(lang_, "Tokens"), t);
    ui::token_chips(d_.tokens, -1, t);
    ImGui::Spacing();
    const auto cols = ui::index_labels(p_.dim);
    ui::MatrixViewOptions o;
    o.title = tr(lang_, "X: one embedding row per token");
    o.row_labels = &d_.tokens;
    o.col_labels = &cols;
    o.row_name = "token";
    o.col_name = tr(lang_, "dim");
    o.color_bar = true;
    o.max_cell = ui::em(2.4f);
    o.show_values = true;
    ui::matrix_view("X", d_.content, o, t);
  }

  void draw_head(const ui::Theme& t) {
    const auto& e = d_.shown(p_.pe);
    const float avail = ImGui::GetContentRegionAvail().x;
    const float gap = ui::em(1.0f);
    const bool three = avail > ui::em(30);
    const float w = three ? (avail - 2 * gap) / 3 : avail;
    ui::MatrixViewOptions o;
    o.row_labels = &d_.tokens;
    o.row_name = "token";
    o.col_name = tr(lang_, "dim");
    o.max_width = w;
    o.max_cell = ui::em(1.2f);
    const char* titles[] = {"Q = X W_Q", "K = X W_K", "V = X W_V"};
    const Eigen::MatrixXd* mats[] = {&e.original.q, &e.original.k, &e.original.v};
    for (int i = 0; i < 3; ++i) {
      if (three && i > 0) ImGui::SameLine(0, gap);
      ImGui::BeginGroup();
      o.title = titles[i];
      ui::matrix_view(titles[i], *mats[i], o, t);
      ImGui::EndGroup();
    }
    ImGui::Spacing();
    ui::MatrixViewOptions a;
    a.title = tr(lang_,
                 "Attention weights softmax(Q K\xE1\xB5\x80 / \xE2\x88\x9A"
                 "d)");
    a.row_labels = &d_.tokens;
    a.col_labels = &d_.tokens;
    a.row_name = tr(lang_, "query");
    a.col_name = tr(lang_, "key");
    a.max_cell = ui::em(2.6f);
    a.show_values = true;
    ui::matrix_view("A", e.original.weights, a, t);
    ui::caption(tr(lang_, "Each row sums to 1: how much each token (row) draws from every token (column)."),
                t);
    ui::MatrixViewOptions out;
    out.title = tr(lang_, "Output Attn(X) = weights \xC2\xB7 V");
    out.row_labels = &d_.tokens;
    out.row_name = "token";
    out.col_name = tr(lang_, "dim");
    out.max_cell = ui::em(1.6f);
    ui::matrix_view("out", e.original.out, out, t);
  }

  bool reorder_controls(DrawContext& ctx, const ui::Theme& t) {
    ui::heading(tr(lang_, "Reordered sentence (click two tokens to swap them)"), t);
    const int clicked = ui::token_chips(d_.reordered, view_.selected, t);
    bool moved = false;
    if (clicked >= 0) {
      if (view_.selected < 0) {
        view_.selected = clicked;
      } else {
        std::swap(p_.order[view_.selected], p_.order[clicked]);
        view_.selected = -1;
        moved = true;
      }
    }
    if (reorder_buttons(p_.order, static_cast<int>(d_.tokens.size()), p_.seed, 1000, view_.shuffles)) {
      view_.selected = -1;  // a half-made swap is dropped
      moved = true;
    }
    if (moved) edited(ctx);
    return moved;
  }

  // Attn(PX), P·Attn(X) and their difference, on one colour scale: the difference is blank exactly
  // when the identity holds.
  void side_by_side(const core::OrderExperiment& e, const ui::Theme& t) {
    const float avail = ImGui::GetContentRegionAvail().x;
    const float gap = ui::em(1.0f);
    const int per_row = avail > ui::em(36) ? 3 : avail > ui::em(24) ? 2 : 1;
    const float w = (avail - gap * (per_row - 1)) / per_row;
    ui::MatrixViewOptions o;
    o.row_name = tr(lang_, "position");
    o.col_name = tr(lang_, "dim");
    o.max_width = w;
    o.max_cell = ui::em(1.3f);
    o.row_labels = &d_.reordered;
    o.range = std::max(e.permuted.out.cwiseAbs().maxCoeff(), e.p_times_out.cwiseAbs().maxCoeff());
    const Eigen::MatrixXd diff = e.permuted.out - e.p_times_out;
    const char* titles[] = {"Attn(P X)", "P \xC2\xB7 Attn(X)", "difference"};
    const Eigen::MatrixXd* mats[] = {&e.permuted.out, &e.p_times_out, &diff};
    for (int i = 0; i < 3; ++i) {
      if (i % per_row != 0) ImGui::SameLine(0, gap);
      ImGui::BeginGroup();
      o.title = tr(lang_, titles[i]);
      ui::matrix_view(titles[i], *mats[i], o, t);
      ImGui::EndGroup();
    }
  }

  void draw_reorder(DrawContext& ctx, const ui::Theme& t) {
    reorder_controls(ctx, t);
    const auto& e = d_.shown(p_.pe);
    ImGui::Spacing();
    const float avail = ImGui::GetContentRegionAvail().x;
    ui::MatrixViewOptions pm;
    pm.title = tr(lang_, "P (row i has a 1 in the column of the token now at i)");
    pm.row_labels = &d_.reordered;
    pm.col_labels = &d_.tokens;
    pm.row_name = tr(lang_, "position");
    pm.col_name = tr(lang_, "original token");
    pm.max_cell = ui::em(1.6f);
    pm.max_width = std::min(avail, ui::em(26));
    pm.range = 1.0;
    ui::matrix_view("P", e.perm_matrix, pm, t);
    ImGui::Spacing();
    side_by_side(e, t);
    ui::residual(
        "max |Attn(P X) \xE2\x88\x92 P\xC2\xB7"
        "Attn(X)| =",
        e.equivariance_residual, 1e-9, t);
  }

  void pooled_bars(const char* label, const Eigen::RowVectorXd& v, double range, const ui::Theme& t) {
    ui::MatrixViewOptions o;
    o.title = label;
    o.range = range;
    o.max_cell = ui::em(1.6f);
    o.col_name = tr(lang_, "dim");
    o.show_values = false;
    ui::matrix_view(label, Eigen::MatrixXd(v), o, t);
  }

  void draw_pooled(DrawContext& ctx, const ui::Theme& t) {
    reorder_controls(ctx, t);
    const auto& e = d_.shown(p_.pe);
    ImGui::Spacing();
    const double range =
        std::max(e.pooled_original.cwiseAbs().maxCoeff(), e.pooled_permuted.cwiseAbs().maxCoeff());
    const std::string a = trf(lang_, "mean of Attn(X) rows: \"%s\"", sentence(d_.tokens).c_str());
    const std::string b = trf(lang_, "mean of Attn(P X) rows: \"%s\"", sentence(d_.reordered).c_str());
    pooled_bars(a.c_str(), e.pooled_original, range, t);
    pooled_bars(b.c_str(), e.pooled_permuted, range, t);
    ui::residual(tr(lang_, "max |difference of the pooled vectors| ="), e.pooled_residual, 1e-9, t);
  }

  void draw_with_pe(DrawContext& ctx, const ui::Theme& t) {
    control(ctx, "pe");
    reorder_controls(ctx, t);
    ImGui::Spacing();
    if (ImGui::BeginTable("compare", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("");
      ImGui::TableSetupColumn(tr(lang_, "without PE"));
      ImGui::TableSetupColumn(tr(lang_, "with PE"));
      ImGui::TableHeadersRow();
      auto row = [&](const char* label, double a, double b) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(label);
        for (double v : {a, b}) {
          ImGui::TableNextColumn();
          ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(v < 1e-9 ? t.good : t.warn));
          ImGui::TextUnformatted(ui::short_number(v).c_str());
          ImGui::PopStyleColor();
        }
      };
      row("max |Attn(PX) \xE2\x88\x92 P\xC2\xB7"
          "Attn(X)|",
          d_.without_pe.equivariance_residual, d_.with_pe.equivariance_residual);
      row(tr(lang_, "max |pooled difference|"), d_.without_pe.pooled_residual, d_.with_pe.pooled_residual);
      ImGui::EndTable();
    }
    ImGui::Spacing();
    const auto& e = d_.shown(p_.pe);
    if (p_.pe) {
      const auto cols = ui::index_labels(p_.dim);
      const auto pos = ui::index_labels(static_cast<int>(d_.tokens.size()), "pos ");
      ui::MatrixViewOptions o;
      o.title = tr(lang_, "PE: the same rows for both sentences (one per position)");
      o.row_labels = &pos;
      o.col_labels = &cols;
      o.row_name = tr(lang_, "position");
      o.col_name = tr(lang_, "dim");
      o.range = 1.0;
      o.max_cell = ui::em(1.4f);
      ui::matrix_view("pe", e.pe, o, t);
    }
    side_by_side(e, t);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_order() { return std::make_unique<OrderLesson>(); }

}  // namespace posenc::lessons
