// Lesson 14 — beyond-1d: positions without an encoding, and positions in two and three dimensions. A
// causal mask alone breaks lesson 1's symmetry, and a uniform head over a start token counts positions
// (Kazemnejad et al. 2023, arXiv:2305.19466, Theorem 1); axial 2-D RoPE on a grid of image patches
// against raster order; Qwen2-VL's M-RoPE position ids and (time, height, width) sections. All numbers
// come from core::beyond_1d.
#include "core/beyond_1d.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <utility>

#include "core/metrics.hpp"
#include "core/random.hpp"
#include "core/rope.hpp"
#include "core/sinusoidal.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace {

// Qwen2-VL-7B-Instruct's config.json (huggingface.co/Qwen/Qwen2-VL-7B-Instruct; the same values in its
// fine-tunes' copies, e.g. OS-Copilot/OS-Atlas-Pro-7B): rope_scaling {"type": "mrope", "mrope_section":
// [16, 24, 24]}, rope_theta 1000000.0, hidden_size 3584 / num_attention_heads 28 = head_dim 128.
constexpr std::array<int, 3> kMropeSection = {16, 24, 24};
constexpr double kMropeTheta = 1000000.0;
constexpr int kQwenHidden = 3584, kQwenHeads = 28;
constexpr int kMropeHeadDim = kQwenHidden / kQwenHeads;
static_assert(kMropeHeadDim == 2 * (kMropeSection[0] + kMropeSection[1] + kMropeSection[2]),
              "the sections cover the head");
constexpr int kOffsets = 2;  // the 2-D shift step compares keys up to 2 rows / columns from the query
const char* const kAxisNames[] = {"time", "height", "width"};

struct Params {
  int n = 6;  // tokens of the causal experiment
  int dim = 8;
  int seed = 1;
  std::vector<int> order = {5, 4, 3, 2, 1, 0};
  int len = 16;      // tokens of the counting heads
  double sharp = 4;  // λ of the reading head
  int rows = 6, cols = 8;
  int rdim = 16;  // width of the 2-D RoPE head
  double rbase = 100;
  int prow = 2, pcol = 3;       // the selected patch
  int dr = 3, dc = -2;          // both patches shifted by
  int tb = 3;                   // text tokens before the image
  int ft = 1;                   // frames (1: an image)
  int gh = 4, gw = 6;           // the grid after merging
  int ta = 3;                   // text tokens after it
  int st = 5, sh = 2, sw = -1;  // every M-RoPE id shifted by
};

struct Derived {
  Eigen::MatrixXd content;
  core::CausalExperiment causal;
  core::CountingHeads count;
  Eigen::MatrixXd h_table;      // len × 2: h_i and 1/(i+1)
  Eigen::VectorXd q2, k2;       // the 2-D head's query and key content
  Eigen::MatrixXd grid_scores;  // rows × cols: score of q at the selected patch with k at each patch
  Eigen::MatrixXd axes;         // 1 × rdim/2: +1 row pairs, −1 column pairs
  Eigen::MatrixXd offsets,
      offsets_shifted;  // (2·kOffsets+1)² scores by (Δrow, Δcol), before and after the shift
  double shift_residual_2d = 0;
  Eigen::MatrixXd raster;     // rows × cols: raster distance from the selected patch
  Eigen::MatrixXd patch_ids;  // rows·cols × 2: (row, col)
  Eigen::MatrixXd angles_2d;  // rows·cols × rdim/2: the angle of each pair at each patch
  Eigen::MatrixXd cos_2d, sin_2d;
  Eigen::MatrixXi ids;        // 3 × N M-RoPE ids
  Eigen::MatrixXd ids_table;  // N × 3
  Eigen::VectorXd id_rows[3];
  int vision_first = 0, vision_tokens = 0, after_first = 0;
  int next_text = 0;           // the id of the first text token after the vision grid
  Eigen::MatrixXd mcos, msin;  // N × 128
  Eigen::MatrixXd sections;    // 1 × 64: −1 time, 0 height, +1 width
  Eigen::VectorXd q3, k3;
  double shift_residual_3d = 0;
};

struct View {
  ui::HeatmapImage reading, grid, raster, mcos;
  int shuffles = 0;
  std::vector<double> causal_key, grid_key, mrope_key;  // the parameters each part was computed for
};

class Beyond1dLesson final : public Lesson {
  Params p_;
  Derived d_;
  View view_;

 public:
  Beyond1dLesson() {
    step("causal", [this](DrawContext& c) { draw_causal(c, *theme_); }, {"n", "dim", "seed"});
    step("counting", [this](DrawContext&) { draw_counting(*theme_); }, {"len"});
    step("reading", [this](DrawContext& c) { draw_reading(c, *theme_); }, {"len", "sharp"});
    step("patches", [this](DrawContext& c) { draw_patches(c, *theme_); },
         {"rows", "cols", "rdim", "rbase", "seed"});
    step("shift-2d", [this](DrawContext&) { draw_shift_2d(*theme_); }, {"dr", "dc", "rdim", "rbase", "seed"});
    step("raster", [this](DrawContext& c) { draw_raster(c, *theme_); }, {"rows", "cols"});
    step("mrope-ids", [this](DrawContext&) { draw_mrope_ids(*theme_); }, {"tb", "ft", "gh", "gw", "ta"});
    step("mrope-sections", [this](DrawContext& c) { draw_mrope_sections(c, *theme_); },
         {"st", "sh", "sw", "seed"});
    const auto num = [](double x, int digits = 3) { return ui::short_number(x, digits); };
    // Causal attention without positions; counting and reading heads.
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
    // 2-D RoPE on a grid of patches.
    say("row_pairs", [this] { return p_.rdim / 4; });
    say("row_last", [this] { return p_.rdim / 4 - 1; });
    say("col_first", [this] { return p_.rdim / 4; });
    say("col_last", [this] { return p_.rdim / 2 - 1; });
    say("pairs2d", [this] { return p_.rdim / 2; });
    say("raster_sel", [this] { return core::raster_index(p_.prow, p_.pcol, p_.cols); });
    say("shift_residual_2d", [=] { return num(d_.shift_residual_2d); });
    say("below", [this] { return p_.prow + 1 < p_.rows; });
    say("right", [this] { return p_.pcol + 1 < p_.cols; });
    say("corner_distance", [this] { return core::raster_distance(0, p_.cols - 1, 1, 0, p_.cols); });
    say("multi_row", [this] { return p_.rows > 1 && p_.cols > 1; });
    // M-RoPE's position ids and sections.
    say("vision_tokens", [this] { return d_.vision_tokens; });
    say("vision_first", [this] { return d_.vision_first; });
    say("vision_start", [this] { return p_.tb; });
    say("next_text", [this] { return d_.next_text; });
    say("naive_next", [this] { return p_.tb + d_.vision_tokens; });
    say("grid_max", [this] { return std::max({p_.ft, p_.gh, p_.gw}); });
    say("video", [this] { return p_.ft > 1; });
    say("saved", [this] { return p_.tb + d_.vision_tokens - d_.next_text; });
    say("saves", [this] { return p_.tb + d_.vision_tokens > d_.next_text; });
    say("total", [this] { return d_.ids.cols(); });
    say("last_id", [this] { return d_.ids.maxCoeff(); });
    say("shift_residual_3d", [=] { return num(d_.shift_residual_3d); });
    say("t_last", [] { return kMropeSection[0] - 1; });
    say("sec_h_first", [] { return kMropeSection[0]; });
    say("sec_h_last", [] { return kMropeSection[0] + kMropeSection[1] - 1; });
    say("w_first", [] { return kMropeSection[0] + kMropeSection[1]; });
    say("w_last", [] { return kMropeHeadDim / 2 - 1; });
    say("head_dim3d", [] { return kMropeHeadDim; });
    say("theta3d", [=] { return num(kMropeTheta, 8); });
    say("has_text_before", [this] { return p_.tb > 0; });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"n", "tokens", 2, 12}, p_.n);
    v.integer({"dim", "dimension", 2, 32}, p_.dim);
    v.integer({"seed", "seed", 0, 9999}, p_.seed);
    v.order({"order"}, p_.order, p_.n);
    v.integer({"len", "length", 1, 256, Scale::Log}, p_.len);
    v.real({"sharp", "sharpness \xCE\xBB", 0.05, 50, Scale::Log, "%.3g"}, p_.sharp);
    v.integer({"rows", "rows", 1, 16}, p_.rows);
    v.integer({"cols", "columns", 1, 16}, p_.cols);
    v.integer({"rdim", "head width d", 4, 128}, p_.rdim);
    v.real({"rbase", "base", 2, 1e6, Scale::Log, "%.0f"}, p_.rbase);
    v.integer({"prow", nullptr, 0, double(p_.rows - 1)},
              p_.prow);  // the selected patch (clicked on the grid)
    v.integer({"pcol", nullptr, 0, double(p_.cols - 1)}, p_.pcol);
    v.integer({"dr", "shift rows", -64, 64}, p_.dr);
    v.integer({"dc", "shift columns", -64, 64}, p_.dc);
    v.integer({"tb", "text before", 0, 16}, p_.tb);
    v.integer({"ft", "frames t", 1, 4}, p_.ft);
    v.integer({"gh", "grid h", 1, 16}, p_.gh);
    v.integer({"gw", "grid w", 1, 16}, p_.gw);
    v.integer({"ta", "text after", 1, 16}, p_.ta);
    v.integer({"st", "shift time", -64, 64}, p_.st);
    v.integer({"sh", "shift height", -64, 64}, p_.sh);
    v.integer({"sw", "shift width", -64, 64}, p_.sw);
  }

  core::Messages update() override {
    core::Messages notice;
    if (p_.rdim % 4) {
      p_.rdim += 4 - p_.rdim % 4;
      if (p_.rdim > 128) p_.rdim = 128;
      notice.push_back(
          {"d: 2-D RoPE splits the pairs between rows and columns; using {0}", {std::to_string(p_.rdim)}});
    }
    p_.prow = std::min(p_.prow, p_.rows - 1);
    p_.pcol = std::min(p_.pcol, p_.cols - 1);
    if (!core::is_permutation(p_.order, p_.n)) {
      p_.order = core::identity_permutation(p_.n);
      std::reverse(p_.order.begin(), p_.order.end());
    }
    // Each part recomputes only when one of its own parameters changed.
    const auto key = [](std::initializer_list<double> v) { return std::vector<double>(v); };
    std::vector<double> causal =
        key({double(p_.n), double(p_.dim), double(p_.seed), double(p_.len), p_.sharp});
    causal.insert(causal.end(), p_.order.begin(), p_.order.end());
    const std::vector<double> grid =
        key({double(p_.rows), double(p_.cols), double(p_.rdim), p_.rbase, double(p_.prow), double(p_.pcol),
             double(p_.dr), double(p_.dc), double(p_.seed)});
    const std::vector<double> mrope =
        key({double(p_.tb), double(p_.ft), double(p_.gh), double(p_.gw), double(p_.ta), double(p_.st),
             double(p_.sh), double(p_.sw), double(p_.seed)});
    if (std::exchange(view_.causal_key, causal) != causal) update_causal();
    if (std::exchange(view_.grid_key, grid) != grid) update_2d();
    if (std::exchange(view_.mrope_key, mrope) != mrope) update_mrope();
    return notice;
  }

  std::vector<Export> exports(std::string_view step) const override {
    const std::string grid =
        "_" + std::to_string(p_.rows) + "x" + std::to_string(p_.cols) + "_d" + std::to_string(p_.rdim);
    const std::string seq = "_text" + std::to_string(p_.tb) + "_grid" + std::to_string(p_.ft) + "x" +
                            std::to_string(p_.gh) + "x" + std::to_string(p_.gw) + "_text" +
                            std::to_string(p_.ta);
    if (step == "causal") {
      const std::string tag =
          "_n" + std::to_string(p_.n) + "_d" + std::to_string(p_.dim) + "_seed" + std::to_string(p_.seed);
      return {{"causal_weights" + tag, &d_.causal.original.weights},
              {"causal_attn_px" + tag, &d_.causal.permuted.out},
              {"causal_p_attn_x" + tag, &d_.causal.p_times_out}};
    }
    if (step == "counting") return {{"counting_h_and_inverse_len" + std::to_string(p_.len), &d_.h_table}};
    if (step == "reading")
      return {{"reading_weights_len" + std::to_string(p_.len), &d_.count.layer2.weights}};
    if (step == "patches" || step == "shift-2d")
      return {{"patch_position_ids" + grid, &d_.patch_ids},
              {"rope2d_cos" + grid, &d_.cos_2d},
              {"rope2d_sin" + grid, &d_.sin_2d},
              {"rope2d_scores" + grid, &d_.grid_scores}};
    if (step == "raster")
      return {{"raster_distance" + grid, &d_.raster}, {"patch_position_ids" + grid, &d_.patch_ids}};
    return {{"mrope_position_ids" + seq, &d_.ids_table},
            {"mrope_cos" + seq, &d_.mcos},
            {"mrope_sin" + seq, &d_.msin}};
  }

 private:
  void update_causal() {
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

  void update_2d() {
    core::Random rng(core::mix_seed(p_.seed, 0x2d));
    d_.q2 = rng.gaussian_matrix(p_.rdim, 1).col(0);
    d_.k2 = rng.gaussian_matrix(p_.rdim, 1).col(0);
    const int half = p_.rdim / 2, n = p_.rows * p_.cols;
    d_.axes.resize(1, half);
    for (int i = 0; i < half; ++i) d_.axes(0, i) = core::axial_pair(i, p_.rdim, p_.rbase).axis == 0 ? 1 : -1;
    const Eigen::VectorXd q = core::rope_2d(d_.q2, p_.prow, p_.pcol, p_.rbase);
    d_.grid_scores.resize(p_.rows, p_.cols);
    d_.raster.resize(p_.rows, p_.cols);
    d_.patch_ids.resize(n, 2);
    d_.angles_2d.resize(n, half);
    for (int r = 0; r < p_.rows; ++r)
      for (int c = 0; c < p_.cols; ++c) {
        d_.grid_scores(r, c) = q.dot(core::rope_2d(d_.k2, r, c, p_.rbase));
        d_.raster(r, c) = core::raster_distance(p_.prow, p_.pcol, r, c, p_.cols);
        const int at = core::raster_index(r, c, p_.cols);
        d_.patch_ids.row(at) << r, c;
        for (int i = 0; i < half; ++i) {
          const core::AxialPair a = core::axial_pair(i, p_.rdim, p_.rbase);
          d_.angles_2d(at, i) = (a.axis == 0 ? r : c) * a.theta;
        }
      }
    d_.cos_2d = d_.angles_2d.array().cos().matrix();
    d_.sin_2d = d_.angles_2d.array().sin().matrix();
    const int side = 2 * kOffsets + 1;
    d_.offsets.resize(side, side);
    d_.offsets_shifted.resize(side, side);
    for (int a = -kOffsets; a <= kOffsets; ++a)
      for (int b = -kOffsets; b <= kOffsets; ++b) {
        const double qr = p_.prow, qc = p_.pcol;
        d_.offsets(a + kOffsets, b + kOffsets) =
            core::rope_2d_score(d_.q2, d_.k2, qr, qc, qr + a, qc + b, p_.rbase);
        d_.offsets_shifted(a + kOffsets, b + kOffsets) = core::rope_2d_score(
            d_.q2, d_.k2, qr + p_.dr, qc + p_.dc, qr + a + p_.dr, qc + b + p_.dc, p_.rbase);
      }
    d_.shift_residual_2d = core::max_abs_diff(d_.offsets, d_.offsets_shifted);
    view_.grid.set(d_.grid_scores);
    view_.raster.set(d_.raster);
  }

  void update_mrope() {
    std::vector<core::MropeSegment> segs;
    if (p_.tb > 0) segs.push_back({false, p_.tb, 1, 1, 1});
    segs.push_back({true, 0, p_.ft, p_.gh, p_.gw});
    segs.push_back({false, p_.ta, 1, 1, 1});
    d_.ids = core::mrope_position_ids(segs);
    d_.vision_first = p_.tb;
    d_.vision_tokens = p_.ft * p_.gh * p_.gw;
    d_.after_first = p_.tb + d_.vision_tokens;
    d_.next_text = d_.ids(0, d_.after_first);
    d_.ids_table = d_.ids.transpose().cast<double>();
    for (int s = 0; s < 3; ++s) d_.id_rows[s] = d_.ids.row(s).transpose().cast<double>();
    d_.mcos = core::mrope_table(d_.ids, kMropeSection, kMropeTheta, false);
    d_.msin = core::mrope_table(d_.ids, kMropeSection, kMropeTheta, true);
    view_.mcos.set(d_.mcos, 1.0);
    d_.sections.resize(1, kMropeHeadDim / 2);
    for (int j = 0; j < kMropeHeadDim / 2; ++j)
      d_.sections(0, j) = core::mrope_section_of(j, kMropeSection) - 1;
    // The first text token after the grid queries every token; shift all ids by (st, sh, sw).
    core::Random rng(core::mix_seed(p_.seed, 0x3d));
    d_.q3 = rng.gaussian_matrix(kMropeHeadDim, 1).col(0);
    d_.k3 = rng.gaussian_matrix(kMropeHeadDim, 1).col(0);
    const std::array<int, 3> shift = {p_.st, p_.sh, p_.sw};
    Eigen::MatrixXi moved = d_.ids;
    for (int a = 0; a < 3; ++a) moved.row(a).array() += shift[a];
    // Every key rotated at once by the cos/sin tables (k·cos + rotate_half(k)·sin), then scored against the
    // query.
    const int half = kMropeHeadDim / 2;
    Eigen::RowVectorXd k = d_.k3.transpose(), kr(kMropeHeadDim);
    kr << -k.tail(half), k.head(half);
    auto scores = [&](const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin, const Eigen::VectorXd& q) {
      const Eigen::MatrixXd keys =
          (cos.array().rowwise() * k.array() + sin.array().rowwise() * kr.array()).matrix();
      return Eigen::VectorXd(keys * q);
    };
    const int m = d_.after_first;
    std::array<double, 3> qa{}, qb{};
    for (int a = 0; a < 3; ++a) qa[a] = d_.ids(a, m), qb[a] = moved(a, m);
    const Eigen::VectorXd before =
        scores(d_.mcos, d_.msin, core::mrope_rotate(d_.q3, qa, kMropeSection, kMropeTheta));
    const Eigen::VectorXd after = scores(core::mrope_table(moved, kMropeSection, kMropeTheta, false),
                                         core::mrope_table(moved, kMropeSection, kMropeTheta, true),
                                         core::mrope_rotate(d_.q3, qb, kMropeSection, kMropeTheta));
    d_.shift_residual_3d = (before - after).cwiseAbs().maxCoeff();
  }

  void draw_causal(DrawContext& ctx, const ui::Theme& t) {
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

  void draw_counting(const ui::Theme& t) {
    ui::Series h = ui::series(tr(lang_, "h_i: the head's output"), d_.count.h);
    ui::Series inv = ui::series("1/(i+1)", d_.h_table.col(1));
    inv.points = true;
    inv.thickness = 1.0f;
    ui::LinePlotOptions o = plot("A uniform causal head over a start token", "position i", 14);
    o.integer_x = true;
    ui::line_plot("count", {h, inv}, o, t);
    ui::residual("max |h_i \xE2\x88\x92 1/(i+1)| =", d_.count.h_error, 1e-12, t);
    ui::residual(tr(lang_, "max |(1/h_i \xE2\x88\x92 1) \xE2\x88\x92 i| ="), d_.count.position_error, 1e-6,
                 t);
  }

  void draw_reading(DrawContext& ctx, const ui::Theme& t) {
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

  void pair_strip(const Eigen::MatrixXd& m, const char* title, const char* col_name, const ui::Theme& t) {
    const auto cols = ui::index_labels(static_cast<int>(m.cols()));
    ui::MatrixViewOptions o;
    o.title = title;
    o.col_labels = &cols;
    o.col_name = col_name;
    o.range = 1.0;
    o.max_cell = ui::em(1.3f);
    ui::matrix_view(title, m, o, t);
  }

  // The grid of patches as a heatmap of `image`, the selected patch outlined; a click selects another.
  // `id` is also the label posenc.locate finds the grid under.
  void patch_grid(DrawContext& ctx, const char* id, ui::HeatmapImage& image, const char* title,
                  std::function<std::string(int, int)> hover, const ui::Theme& t, bool non_negative = false) {
    ui::HeatmapOptions o = column_map(title, "row", 0.6f, 14);
    o.non_negative = non_negative;
    o.mark_row = p_.prow;
    o.mark_col = p_.pcol;
    o.locate = id;
    o.hover_extra = std::move(hover);
    const ui::HeatmapResult r = ui::heatmap(id, image, o, t, *ctx.textures);
    if (r.clicked && r.hovered_row >= 0 && (r.hovered_row != p_.prow || r.hovered_col != p_.pcol)) {
      p_.prow = r.hovered_row;
      p_.pcol = r.hovered_col;
      edited(ctx);
    }
    const std::string sel = trf(lang_, "Marked patch: row %d, column %d", p_.prow, p_.pcol);
    ui::heading(sel.c_str(), t);
  }

  void draw_patches(DrawContext& ctx, const ui::Theme& t) {
    const char* title = touch_ ? "Score of q at the marked patch with k at each patch (tap a patch)"
                               : "Score of q at the marked patch with k at each patch (click a patch)";
    patch_grid(ctx, "patch grid", view_.grid, tr(lang_, title), {}, t);
    pair_strip(d_.axes,
               tr(lang_,
                  "Pairs: +1 turns with the row, \xE2\x88\x92"
                  "1 with the column"),
               tr(lang_, "pair"), t);
  }

  void draw_shift_2d(const ui::Theme& t) {
    const auto labels = [] {
      std::vector<std::string> l;
      for (int a = -kOffsets; a <= kOffsets; ++a) l.push_back((a > 0 ? "+" : "") + std::to_string(a));
      return l;
    }();
    ui::MatrixViewOptions o;
    o.row_labels = &labels;
    o.col_labels = &labels;
    o.row_name = "\xCE\x94r";
    o.col_name =
        "\xCE\x94"
        "c";
    o.show_values = true;
    o.max_cell = ui::em(2.6f);
    o.range = std::max(d_.offsets.cwiseAbs().maxCoeff(), d_.offsets_shifted.cwiseAbs().maxCoeff());
    const std::string a = trf(lang_,
                              "q at (%d, %d), k at (%d + \xCE\x94r, %d + \xCE\x94"
                              "c)",
                              p_.prow, p_.pcol, p_.prow, p_.pcol);
    const std::string b = trf(lang_, "both moved by (%d, %d)", p_.dr, p_.dc);
    const auto view = [&](const char* id, const Eigen::MatrixXd& m, const std::string& title, float w) {
      o.title = title.c_str();
      o.max_width = w;
      ui::matrix_view(id, m, o, t);
    };
    ui::side_by_side(
        24, [&](float w) { view("off", d_.offsets, a, w); },
        [&](float w) { view("offs", d_.offsets_shifted, b, w); });
    ui::residual(tr(lang_, "max |score \xE2\x88\x92 shifted score| ="), d_.shift_residual_2d, 1e-10, t);
  }

  void draw_raster(DrawContext& ctx, const ui::Theme& t) {
    const auto hover = [this](int r, int c) {
      return trf(lang_, "2-D offset (%d, %d); raster index %d", r - p_.prow, c - p_.pcol,
                 core::raster_index(r, c, p_.cols));
    };
    const char* title = touch_ ? "Raster order: distance from the marked patch (tap a patch)"
                               : "Raster order: distance from the marked patch (click a patch)";
    patch_grid(ctx, "raster grid", view_.raster, tr(lang_, title), hover, t, true);  // distances
    const std::string rule =
        trf(lang_, "In raster order a patch's right-hand neighbour is 1 away, the patch below it %d away.",
            p_.cols);
    ui::caption(rule.c_str(), t);
  }

  void draw_mrope_ids(const ui::Theme& t) {
    ui::LinePlotOptions o = plot("M-RoPE position ids of each token (Qwen2-VL's rule)", "token", 15);
    o.integer_x = true;
    // The band's own label sits where the legend may go; a marker's label is one the legend keeps clear of.
    o.bands.push_back({d_.vision_first - 0.5, d_.after_first - 0.5, 0, {}});
    o.markers.push_back({std::max(d_.vision_first - 0.5, 0.0), tr(lang_, "image / video tokens"),
                         theme_->warn});  // on the axis with no text before
    o.markers.push_back({double(d_.after_first), trf(lang_, "next text: %d", d_.next_text), 0});
    std::vector<ui::Series> s;
    for (int a = 0; a < 3; ++a) {
      s.push_back(ui::series(tr(lang_, kAxisNames[a]), d_.id_rows[a]));
      s.back().steps = true;
      s.back().thickness = a == 0 ? 3.0f : 1.5f;
    }
    ui::line_plot("ids", s, o, t);
    ui::caption(tr(lang_, "Source: transformers, models/qwen2_vl/modeling_qwen2_vl.py, get_rope_index."), t);
  }

  void draw_mrope_sections(DrawContext& ctx, const ui::Theme& t) {
    pair_strip(d_.sections,
               tr(lang_,
                  "Frequency pairs j: \xE2\x88\x92"
                  "1 time, 0 height, +1 width"),
               "j", t);
    const std::string src = trf(lang_,
                                "Qwen2-VL-7B-Instruct config.json: mrope_section [%d, %d, %d], rope_theta "
                                "%.0f, head_dim %d / %d = %d.",
                                kMropeSection[0], kMropeSection[1], kMropeSection[2], kMropeTheta,
                                kQwenHidden, kQwenHeads, kMropeHeadDim);
    ui::caption(src.c_str(), t);
    const std::string title =
        trf(lang_, "cos table: one row per token, columns j and j + %d share pair j", kMropeHeadDim / 2);
    ui::heatmap("mcos", view_.mcos, column_map(title.c_str(), "token", 0.6f, 14), t, *ctx.textures);
    ui::residual(tr(lang_, "max |score \xE2\x88\x92 shifted score| ="), d_.shift_residual_3d, 1e-10, t);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_beyond_1d() { return std::make_unique<Beyond1dLesson>(); }

}  // namespace posenc::lessons
