// Lesson 14 — beyond-1d: positions without an encoding, and positions in two and three dimensions. A
// causal mask alone breaks lesson 1's symmetry, and a uniform head over a start token counts positions
// (Kazemnejad et al. 2023, arXiv:2305.19466, Theorem 1); axial 2-D RoPE on a grid of image patches
// against raster order; Qwen2-VL's M-RoPE position ids and (time, height, width) sections. All numbers
// come from core::beyond_1d. This file ties the parts (beyond_1d_lesson.hpp lists them): steps,
// parameters, exports.
#include <algorithm>
#include <utility>

#include "beyond_1d_lesson.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace beyond_1d_lesson {

std::string num(double x, int digits) { return ui::short_number(x, digits); }

Beyond1dLesson::Beyond1dLesson() {
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
  say_nope();   // causal attention without positions; counting and reading heads
  say_2d();     // 2-D RoPE on a grid of patches
  say_mrope();  // M-RoPE's position ids and sections
  update();
}

void Beyond1dLesson::visit(ParamVisitor& v) {
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

core::Messages Beyond1dLesson::update() {
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
  std::vector<double> causal = key({double(p_.n), double(p_.dim), double(p_.seed), double(p_.len), p_.sharp});
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

std::vector<Export> Beyond1dLesson::exports(std::string_view step) const {
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
  if (step == "reading") return {{"reading_weights_len" + std::to_string(p_.len), &d_.count.layer2.weights}};
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

void Beyond1dLesson::pair_strip(const Eigen::MatrixXd& m, const char* title, const char* col_name,
                                const ui::Theme& t) {
  const auto cols = ui::index_labels(static_cast<int>(m.cols()));
  ui::MatrixViewOptions o;
  o.title = title;
  o.col_labels = &cols;
  o.col_name = col_name;
  o.range = 1.0;
  o.max_cell = ui::em(1.3f);
  ui::matrix_view(title, m, o, t);
}

}  // namespace beyond_1d_lesson

std::unique_ptr<Lesson> create_beyond_1d() { return std::make_unique<beyond_1d_lesson::Beyond1dLesson>(); }

}  // namespace posenc::lessons
