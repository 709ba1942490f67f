// Lesson 2 — naive: three position codes one might try first, and what goes wrong with each: the raw
// index swamps the word vector, index / length depends on the length, binary digits jump.
#include "core/naive.hpp"

#include <cmath>

#include "core/random.hpp"
#include "core/sinusoidal.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace {

struct Params {
  int len = 64;   // sequence length
  int dim = 64;   // embedding dimension
  int probe = 5;  // the position whose code is compared across lengths
};

struct Derived {
  double word_norm = 0;                    // mean ‖w‖ of seeded Gaussian word vectors (≈ √d)
  Eigen::VectorXd ratio_index, ratio_sin;  // ‖code(p)‖ / ‖w‖
  int lengths[3] = {0, 0, 0};              // lengths compared by the fraction code
  Eigen::MatrixXd binary;                  // len × bits
  Eigen::VectorXd jump_binary, jump_sin;   // ‖code(p+1) − code(p)‖
  double max_jump_binary = 0, min_jump_binary = 0, jump_sin_value = 0;
  int worst_jump_at = 0;
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage binary;
};

class NaiveLesson final : public Lesson {
  Params p_;
  Derived d_;
  View view_;

 public:
  NaiveLesson() {
    const std::vector<std::string_view> controls = {"len", "dim", "probe"};
    step(
        "index", [this](DrawContext&) { draw_index(*theme_); }, controls);
    step(
        "fraction", [this](DrawContext&) { draw_fraction(*theme_); }, controls);
    step(
        "binary", [this](DrawContext& c) { draw_binary(c, *theme_); }, controls);
    step(
        "wishlist", [this](DrawContext&) { draw_summary(*theme_); }, controls);
    const auto num = [](double x) { return ui::short_number(x); };
    say("word_norm", [=] { return num(d_.word_norm); });
    say("last", [this] { return p_.len - 1; });
    say("ratio_last", [=] { return num(d_.ratio_index(p_.len - 1)); });
    say("ratio_sin", [=] { return num(d_.ratio_sin(p_.len - 1)); });
    say("len_a", [this] { return d_.lengths[0]; });
    say("len_b", [this] { return d_.lengths[2]; });
    say("frac_a", [=] { return num(fraction(p_.probe, d_.lengths[0])); });
    say("frac_b", [=] { return num(fraction(p_.probe, d_.lengths[2])); });
    say("step_b", [=] { return num(1.0 / (d_.lengths[2] - 1)); });
    say("bits", [this] { return static_cast<int>(d_.binary.cols()); });
    say("jump_max", [=] { return num(d_.max_jump_binary); });
    say("jump_min", [=] { return num(d_.min_jump_binary); });
    say("jump_from", [this] { return d_.worst_jump_at; });
    say("jump_to", [this] { return d_.worst_jump_at + 1; });
    say("jump_sin", [=] { return num(d_.jump_sin_value); });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"len", "length", 8, 512}, p_.len);
    v.integer({"dim", "dimension", 4, 512}, p_.dim);
    // At most len − 3: the three lengths compared below (from probe + 1 up to len) stay distinct.
    v.integer({"probe", "position", 1, double(p_.len - 3)}, p_.probe);
  }

  core::Messages update() override {
    core::Messages notice;
    if (p_.probe > p_.len - 3) {
      p_.probe = p_.len / 2;
      notice.push_back({"probe: moved inside the sequence", {}});
    }
    core::Random rng(2024);
    d_.word_norm = core::row_norms(rng.gaussian_matrix(256, p_.dim)).mean();
    const Eigen::MatrixXd sin_table =
        core::sinusoidal({p_.len, p_.dim, 10000.0, core::Layout::Interleaved, 0.0});
    d_.ratio_index = core::row_norms(core::index_encoding(p_.len, p_.dim)) / d_.word_norm;
    d_.ratio_sin = core::row_norms(sin_table) / d_.word_norm;
    d_.lengths[0] = std::max(p_.probe + 1, p_.len / 8);
    d_.lengths[1] = std::max(p_.probe + 1, p_.len / 2);
    d_.lengths[2] = p_.len;
    if (d_.lengths[1] == d_.lengths[0])
      d_.lengths[1] = (d_.lengths[0] + d_.lengths[2]) / 2;  // three different lengths
    const int bits = std::max(1, static_cast<int>(std::ceil(std::log2(p_.len))));
    d_.binary = core::binary_encoding(p_.len, bits);
    d_.jump_binary = core::neighbour_distances(d_.binary);
    d_.jump_sin = core::neighbour_distances(sin_table);
    Eigen::Index at = 0;
    d_.max_jump_binary = d_.jump_binary.maxCoeff(&at);
    d_.worst_jump_at = static_cast<int>(at);
    d_.min_jump_binary = d_.jump_binary.minCoeff();
    d_.jump_sin_value = d_.jump_sin.mean();
    view_.binary.set(d_.binary, 1.0);
    return notice;
  }

  std::vector<Export> exports(std::string_view step) const override {
    if (step == "binary") return {{"binary_len" + std::to_string(p_.len), &d_.binary}};
    return {};
  }

 private:
  static double fraction(int p, int len) { return len > 1 ? static_cast<double>(p) / (len - 1) : 0.0; }

  static ui::Series series(const char* label, const Eigen::VectorXd& y) {
    ui::Series s;
    s.label = label;
    for (int i = 0; i < y.size(); ++i) {
      s.x.push_back(i);
      s.y.push_back(y(i));
    }
    return s;
  }

  void draw_index(const ui::Theme& t) {
    ui::LinePlotOptions o =
        plot("Size of the position code relative to a word vector", "position", 15, "|code| / |word|");
    o.log_y = true;
    ui::line_plot("ratio",
                  {series(tr(lang_, "raw index: code = pos in every dimension"), d_.ratio_index),
                   series(tr(lang_, "sinusoidal (lesson 3)"), d_.ratio_sin)},
                  o, t);
  }

  void draw_fraction(const ui::Theme& t) {
    std::vector<ui::Series> s;
    for (int k = 0; k < 3; ++k) {
      ui::Series c;
      c.label = trf(lang_, "length %d", d_.lengths[k]);
      c.points = d_.lengths[k] <= 40;
      for (int p = 0; p < d_.lengths[k]; ++p) {
        c.x.push_back(p);
        c.y.push_back(fraction(p, d_.lengths[k]));
      }
      s.push_back(std::move(c));
    }
    ui::LinePlotOptions o;
    o.title = tr(lang_, "code = pos / (length − 1)");
    o.x_label = tr(lang_, "position");
    o.y_label = tr(lang_, "code");
    o.fix_y = true;
    o.y_min = 0;
    o.y_max = 1.02;
    o.height = ui::em(15);
    o.markers.push_back({static_cast<double>(p_.probe), trf(lang_, "position %d", p_.probe), 0});
    ui::line_plot("fraction", s, o, t);
  }

  void draw_binary(DrawContext& ctx, const ui::Theme& t) {
    ui::HeatmapOptions h =
        position_rows("Binary digits of each position (least significant bit first)", false);
    h.x_label = h.x_name = tr(lang_, "bit");
    h.height = ui::em(12);
    h.color_bar = false;
    ui::heatmap("bits", view_.binary, h, t, *ctx.textures);
    ui::LinePlotOptions o;
    o.title = tr(lang_, "Distance between the codes of neighbouring positions");
    o.x_label = tr(lang_, "position p (distance from p to p + 1)");
    o.height = ui::em(11);
    ui::Series b = series(tr(lang_, "binary digits"), d_.jump_binary);
    b.steps = true;
    ui::line_plot("jumps", {b, series(tr(lang_, "sinusoidal"), d_.jump_sin)}, o, t);
  }

  void draw_summary(const ui::Theme& t) {
    if (!ImGui::BeginTable("summary", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn(tr(lang_, "code"));
    ImGui::TableSetupColumn(tr(lang_, "bounded"));
    ImGui::TableSetupColumn(tr(lang_, "same at any length"));
    ImGui::TableSetupColumn(tr(lang_, "neighbours close"));
    ImGui::TableHeadersRow();
    auto row = [&](const char* name, bool a, bool b, bool c) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(tr(lang_, name));
      for (bool ok : {a, b, c}) {
        ImGui::TableNextColumn();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(ok ? t.good : t.warn));
        ImGui::TextUnformatted(tr(lang_, ok ? "yes" : "no"));
        ImGui::PopStyleColor();
      }
    };
    const int last = p_.len - 1;
    // Each verdict is read off the numbers above, not typed in.
    row("raw index", d_.ratio_index(last) < 2, true, true);
    row("index / length", true, fraction(p_.probe, d_.lengths[0]) == fraction(p_.probe, d_.lengths[2]), true);
    row("binary digits", true, true, d_.max_jump_binary <= 1.5 * d_.min_jump_binary);
    row("sinusoidal", d_.ratio_sin.maxCoeff() < 2, true,
        d_.jump_sin.maxCoeff() - d_.jump_sin.minCoeff() < 1e-9 * d_.jump_sin.maxCoeff() + 1e-12);
    ImGui::EndTable();
  }
};

}  // namespace

std::unique_ptr<Lesson> create_naive() { return std::make_unique<NaiveLesson>(); }

}  // namespace posenc::lessons
