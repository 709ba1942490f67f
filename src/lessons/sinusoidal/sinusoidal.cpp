// Lesson 3 — sinusoidal: the formula of Vaswani et al. as a pos × dim heatmap with live numbers,
// the two ways code writes ω_i, odd d_model, the two column layouts, and float32 drift.
#include "core/sinusoidal.hpp"

#include <cmath>
#include <cstdio>

#include "core/metrics.hpp"
#include "core/precision.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace {

const std::vector<const char*> kLayouts = {"interleaved", "half"};

// Texture rows of the big heatmap: every second position at most (see update()); while a slider is
// being dragged every eighth (coarser, and aliased for the fastest columns, while the slider moves),
// so each frame of the drag stays light; full quality again on release.
constexpr int kTextureRows = 2048, kPreviewRows = 512;

struct Params {
  int len = 100;
  int dim = 128;
  double base = 10000;
  int layout = 0;
  int pos = 10;  // the selected cell, whose formula is written out
  int col = 6;
  double offset = 0;
};

struct Derived {
  Eigen::MatrixXd table;         // len × dim, rows are positions offset…
  Eigen::MatrixXd other_layout;  // the first rows in the other layout
  Eigen::MatrixXd top_rows;      // … and in this one
  Eigen::VectorXd omega;         // ω_i, power form
  double omega_residual = 0;     // max_i |ω_pow − ω_exp| / ω_pow
  double row_residual = 0;       // max |PE_pow(last) − PE_exp(last)|
  double layout_residual = 0;    // max |interleaved − half|
  double permuted_residual = 0;  // after moving the columns
  Eigen::MatrixXd drift_table;   // float32 − double for the first rows (interleaved), as drawn
  double drift_here = 0;         // its largest entry
  double drift_1e6 = 0;          // … near position 10^6
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage table, other, top, drift;
};

class SinusoidalLesson final : public Lesson {
  Params p_;
  Derived d_;
  std::pair<int, double> drift_key_{-1, 0.0};
  bool extras_current_ = false;
  bool table_complete_ = true;     // false while only the previewed rows hold current values
  std::vector<int> preview_rows_;  // those rows
  View view_;

 public:
  SinusoidalLesson() {
    const std::vector<std::string_view> controls = {"len", "dim", "base", "layout"};
    step(
        "table", [this](DrawContext& c) { draw_table(c, false); }, controls);
    step(
        "rows-cols", [this](DrawContext& c) { draw_table(c, true); }, controls);
    step(
        "forms", [this](DrawContext&) { draw_forms(); }, controls);
    // The odd-d step is about an odd d_model: arriving with an even one, it takes the odd number below.
    step(
        "odd-d", [this](DrawContext& c) { draw_table(c, false); }, controls,
        [this] {
          if (p_.dim % 2 == 1) return false;
          p_.dim = std::max(1, p_.dim - 1);
          return true;
        });
    step(
        "layouts", [this](DrawContext& c) { draw_layouts(c); }, controls);
    step(
        "precision", [this](DrawContext& c) { draw_precision(c); }, controls);
    const auto num = [](double x, int digits = 3) { return ui::short_number(x, digits); };
    say("pairs", [this] { return core::frequency_count(p_.dim); });
    say("odd", [this] { return p_.dim % 2 == 1; });
    say("last_pair", [this] { return core::frequency_count(p_.dim) - 1; });
    // Angles past ~10^3 radians: float32 keeps three or fewer digits after the point.
    say("far", [this] { return p_.offset + p_.len - 1 >= 1000; });
    say("last_angle", [=] { return num(p_.offset + p_.len - 1, 9); });
    say("layout", [this] { return kLayouts[p_.layout]; });
    say("pos", [=] { return num(p_.offset + p_.pos, 9); });
    say("value", [=] { return num(d_.table(p_.pos, p_.col), 4); });
    say("omega_first", [=] { return num(d_.omega(0), 4); });
    say("omega_last", [=] { return num(d_.omega(d_.omega.size() - 1), 4); });
    say("omega_residual", [=] { return num(d_.omega_residual); });
    say("row_residual", [=] { return num(d_.row_residual); });
    say("layout_residual", [this] { return extra(d_.layout_residual); });
    say("permuted_residual", [this] { return extra(d_.permuted_residual); });
    say("drift_here", [this] { return extra(d_.drift_here); });
    say("drift_1e6", [this] { return extra(d_.drift_1e6); });
    say("offset", [=] { return num(p_.offset, 9); });
    say("lone_col", [this] { return p_.dim - 1; });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"len", "length", 1, 4096}, p_.len);
    v.integer({"dim", "d_model", 1, 1024}, p_.dim);
    v.real({"base", "base", 2, 1e6, Scale::Log, "%.0f"}, p_.base);
    v.choice({"layout", "layout"}, p_.layout, kLayouts);
    v.integer({"pos", nullptr, 0, double(p_.len - 1)}, p_.pos);  // the marked cell (clicked on the heatmap)
    v.integer({"col", nullptr, 0, double(p_.dim - 1)}, p_.col);
    v.real({"offset", "first position", 0, 1e6, Scale::Linear, "%.0f"}, p_.offset);
  }

  core::Messages update() override {
    if (p_.pos >= p_.len) p_.pos = p_.len - 1;
    if (p_.col >= p_.dim) p_.col = p_.dim - 1;
    // The heatmap is coloured column by column while the table is filled, each column still in cache
    // (colouring afterwards would read the whole 32 MB table back at the largest size). At most 2048
    // texture rows: the fastest column turns 1 radian per position (a period of 2π positions), so
    // every second row still gives more than 3 samples per period: no aliasing, half the colouring
    // work at the largest length. Hover reads the full table.
    d_.table.resize(p_.len, p_.dim);
    const auto colour = [this](int c) { view_.table.colour_column(c); };
    if (holding_) {
      // A slider is held: only the rows the coarse texture shows, and the marked position's row (the
      // text quotes it), are computed — an eighth of the table at the largest size. The rest follows on
      // release (settle) or when something reads it (complete_table).
      view_.table.begin(d_.table, 1.0, kPreviewRows);
      preview_rows_ = view_.table.sampled_rows();
      preview_rows_.push_back(p_.pos);
      core::sinusoidal_rows_into(d_.table, spec(), preview_rows_, colour);
      table_complete_ = false;
    } else {
      view_.table.begin(d_.table, 1.0, kTextureRows);
      core::sinusoidal_into(d_.table, spec(), colour);
      table_complete_ = true;
    }
    const int pairs = core::frequency_count(p_.dim);
    d_.omega = core::frequencies(p_.dim, p_.base);
    d_.omega_residual = 0;
    for (int i = 0; i < pairs; ++i) {
      const double e = core::frequency_exp_form(i, p_.dim, p_.base);
      d_.omega_residual = std::max(d_.omega_residual, std::fabs(d_.omega(i) - e) / d_.omega(i));
    }
    // The forms differ by rounding in ω, multiplied by the position: the last row is the worst.
    const double last = p_.offset + p_.len - 1;
    d_.row_residual = 0;
    for (int i = 0; i < pairs; ++i) {
      const double a = last * d_.omega(i), b = last * core::frequency_exp_form(i, p_.dim, p_.base);
      d_.row_residual = std::max(
          {d_.row_residual, std::fabs(std::sin(a) - std::sin(b)), std::fabs(std::cos(a) - std::cos(b))});
    }
    extras_current_ = false;  // the layout and precision numbers follow when their step is shown
    return {};
  }

  // The table's specification, as core takes it.
  core::SinusoidalSpec spec() const { return {p_.len, p_.dim, p_.base, layout(), p_.offset}; }

  // Every row of the table, for what reads beyond the previewed rows while a slider is held.
  void complete_table() {
    if (table_complete_) return;
    core::sinusoidal_into(d_.table, spec());
    table_complete_ = true;
  }

  // The two layouts side by side and the float32 drift: only their own steps show them, so they are
  // computed when one of those steps is drawn (a d_model drag on the heatmap does not pay for them).
  void update_extras() {
    complete_table();
    const core::Layout mine = layout();
    const core::Layout other = p_.layout ? core::Layout::Interleaved : core::Layout::Half;
    const int rows = std::min(p_.len, 64);
    d_.other_layout = core::sinusoidal({rows, p_.dim, p_.base, other, p_.offset});
    d_.top_rows = d_.table.topRows(rows);
    d_.layout_residual = core::max_abs_diff(d_.top_rows, d_.other_layout);
    Eigen::MatrixXd moved(rows, p_.dim);
    for (int i = 0; i < core::frequency_count(p_.dim); ++i) {
      moved.col(core::sine_column(i, p_.dim, mine)) =
          d_.other_layout.col(core::sine_column(i, p_.dim, other));
      const int c = core::cosine_column(i, p_.dim, mine);
      if (c >= 0) moved.col(c) = d_.other_layout.col(core::cosine_column(i, p_.dim, other));
    }
    d_.permuted_residual = core::max_abs_diff(d_.top_rows, moved);
    d_.drift_table = core::sinusoidal_float32(rows, p_.dim, p_.base, p_.offset) -
                     core::sinusoidal({rows, p_.dim, p_.base, core::Layout::Interleaved, p_.offset});
    d_.drift_here = d_.drift_table.cwiseAbs().maxCoeff();
    view_.drift.set(d_.drift_table);
    if (drift_key_ != std::make_pair(p_.dim, p_.base)) {  // depends on d and base only
      d_.drift_1e6 = core::float32_drift(64, p_.dim, p_.base, 1e6 - 64);
      drift_key_ = {p_.dim, p_.base};
    }
    view_.other.set(d_.other_layout, 1.0);
    view_.top.set(d_.top_rows, 1.0);
    extras_current_ = true;
  }

  void prepare(std::string_view step) override {
    complete_table();
    if ((step == "layouts" || step == "precision") && !extras_current_) update_extras();
  }

  std::vector<Export> exports(std::string_view) const override {
    return {{"pe" + table_tag(p_.len, p_.dim, p_.base) + "_" + kLayouts[p_.layout] +
                 (p_.offset > 0 ? "_from" + ui::short_number(p_.offset, 9) : ""),
             &d_.table}};
  }

 private:
  void begin_frame(DrawContext& ctx) override {
    if ((ctx.step_id == "layouts" || ctx.step_id == "precision") && !extras_current_) {
      update_extras();
      ctx.edited = true;  // the text above shows these numbers: have it (and the URL mirror) refresh
    }
  }
  void end_frame(DrawContext&) override { settle(); }

  // A number computed by update_extras(), or an ellipsis for the one frame before it is.
  std::string extra(double v) const { return extras_current_ ? ui::short_number(v) : "\xE2\x80\xA6"; }

  core::Layout layout() const { return p_.layout ? core::Layout::Half : core::Layout::Interleaved; }

  // Which pair a column belongs to, and whether it holds the sine.
  std::pair<int, bool> pair_of(int col) const {
    const int pairs = core::frequency_count(p_.dim);
    if (p_.layout == 0) return {col / 2, col % 2 == 0};
    return col < pairs ? std::pair<int, bool>{col, true} : std::pair<int, bool>{col - pairs, false};
  }

  std::string cell_details(int row, int col) const {
    const auto [i, is_sin] = pair_of(col);
    const double pos = p_.offset + row;
    const double angle = pos * d_.omega(i);
    // To four significant digits, as the readout's value ("%.6g" then shows no more than that).
    const auto rounded = [](double v) {
      if (v == 0 || !std::isfinite(v)) return v;
      const double scale = std::pow(10.0, 3 - std::floor(std::log10(std::fabs(v))));
      return std::round(v * scale) / scale;
    };
    char buf[160];
    std::snprintf(buf, sizeof buf, tr(lang_, "pair i = %d (%s)\nω_i = %.6g\nangle pos·ω_i = %.6g rad"), i,
                  is_sin ? "sin" : "cos", rounded(d_.omega(i)), rounded(angle));
    return buf;
  }

  void formula() {
    using content::Run;
    using content::RunKind;
    const auto [i, is_sin] = pair_of(p_.col);
    const double pos = p_.offset + p_.pos;
    const char* fn = is_sin ? "sin" : "cos";
    // The formula, then the same with this cell's numbers (typeset: a fraction with its power), then
    // the angle and the value as highlighted live numbers.
    const std::string numbers = std::string(fn) + "({" + ui::short_number(pos, 9) + "}/{" +
                                ui::short_number(p_.base, 6) + "^(" + std::to_string(2 * i) + "/" +
                                std::to_string(p_.dim) + ")})";
    std::vector<Run> runs = {
        {RunKind::Math,
         std::string("PE(pos, ") + (is_sin ? "2i" : "2i+1") + ") = " + fn + "({pos}/{base^(2i/d)})"},
        {RunKind::Text, " = "},
        {RunKind::Math, numbers},
        {RunKind::Text, std::string(" = ") + fn + "("},
        {RunKind::Placeholder, ui::short_number(pos * d_.omega(i), 5)},
        {RunKind::Text, ") = "},
        {RunKind::Placeholder, ui::short_number(d_.table(p_.pos, p_.col), 5)},
    };
    ui::formula_line(runs, ImGui::GetContentRegionAvail().x, *theme_);
  }

  void draw_table(DrawContext& ctx, bool with_row) {
    const ui::Theme& t = *theme_;
    ui::HeatmapOptions o = position_rows("PE: one row per position, one column per dimension (click a cell)");
    o.y_offset = p_.offset;
    o.mark_row = p_.pos;
    o.mark_col = p_.col;
    o.height = std::min(ImGui::GetContentRegionAvail().x * 0.75f, ui::em(with_row ? 16 : 22));
    o.hover_extra = [this](int r, int c) { return cell_details(r, c); };
    const ui::HeatmapResult r = ui::heatmap("pe", view_.table, o, t, *ctx.textures);
    if (r.clicked && r.hovered_row >= 0) {
      p_.pos = r.hovered_row;
      p_.col = r.hovered_col;
      ctx.edited = true;
    }
    formula();
    if (with_row) {
      const ui::Series row = ui::series(
          trf(lang_, "row: the code of position %s", ui::short_number(p_.offset + p_.pos, 9).c_str()),
          d_.table.row(p_.pos).transpose());
      complete_table();
      ui::Series col = ui::series(trf(lang_, "column %d: one wave over the positions", p_.col),
                                  d_.table.col(p_.col), p_.offset);
      col.color = ui::palette(1);
      ui::LinePlotOptions lo;
      lo.fix_y = true;
      lo.y_min = -1.05;
      lo.y_max = 1.05;
      lo.height = ui::em(7);
      lo.x_label = tr(lang_, "dimension");
      ui::line_plot("row", {row}, lo, t);
      lo.x_label = tr(lang_, "position");
      ui::line_plot("col", {col}, lo, t);
    }
  }

  void draw_forms() {
    const ui::Theme& t = *theme_;
    const std::vector<ui::Series> s = {ui::series("ω_i = base^(−2i/d)", d_.omega)};
    ui::LinePlotOptions lo = plot("Frequencies ω_i (log scale)", "pair i", 12);
    lo.log_y = true;
    ui::line_plot("omega", s, lo, t);
    ui::residual(tr(lang_, "max relative |ω power form − ω exp form| ="), d_.omega_residual, 1e-12, t);
    ui::residual(tr(lang_, "max |PE difference| at the last position ="), d_.row_residual, 1e-9, t);
  }

  void draw_layouts(DrawContext& ctx) {
    const ui::Theme& t = *theme_;
    ui::HeatmapOptions o;
    o.x_label = tr(lang_, "dimension");
    o.y_name = "pos";
    o.x_name = tr(lang_, "dim");
    o.y_offset = p_.offset;
    o.height = ui::em(12);
    o.color_bar = false;
    const std::string a = trf(lang_, "%s (shown)", tr(lang_, kLayouts[p_.layout])),
                      b = tr(lang_, kLayouts[1 - p_.layout]);
    const auto map = [&](const char* id, ui::HeatmapImage& image, const std::string& title, float w) {
      o.title = title.c_str();
      o.width = w;
      ui::heatmap(id, image, o, t, *ctx.textures);
    };
    ui::side_by_side(
        30, [&](float w) { map("mine", view_.top, a, w); },
        [&](float w) { map("other", view_.other, b, w); });
    ui::residual(tr(lang_, "max |interleaved − half| ="), d_.layout_residual, 1e-12, t);
    ui::residual(tr(lang_, "after moving the columns back ="), d_.permuted_residual, 1e-12, t);
  }

  void draw_precision(DrawContext& ctx) {
    const ui::Theme& t = *theme_;
    control(ctx, "offset");
    ui::residual(tr(lang_, "max |float32 − double| here ="), d_.drift_here, 1e-6, t);
    ui::residual(tr(lang_, "near position 1,000,000 ="), d_.drift_1e6, 1e-6, t);
    // What float32 code gets wrong, entry by entry, over the positions the numbers above come from.
    ui::HeatmapOptions o = position_rows("float32 − double, the first positions shown (interleaved)");
    o.y_offset = p_.offset;
    o.height = std::min(ImGui::GetContentRegionAvail().x * 0.6f, ui::em(16));
    ui::heatmap("drift", view_.drift, o, t, *ctx.textures);
  }

  // After a drag (the table follows the slider with a lighter texture, see kPreviewRows): the whole
  // table, and its texture at full resolution.
  void settle() {
    if (!holding_ || ImGui::IsAnyItemActive()) return;
    holding_ = false;
    if (table_complete_) {
      view_.table.set(d_.table, 1.0, kTextureRows);
    } else {
      view_.table.begin(d_.table, 1.0, kTextureRows);
      core::sinusoidal_into(d_.table, spec(), [this](int c) { view_.table.colour_column(c); });
      table_complete_ = true;
    }
  }
};

}  // namespace

std::unique_ptr<Lesson> create_sinusoidal() { return std::make_unique<SinusoidalLesson>(); }

}  // namespace posenc::lessons
