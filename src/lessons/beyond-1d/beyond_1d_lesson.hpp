// Lesson beyond-1d's class, shared by the files of its folder only: positions without an encoding
// (nope.cpp: the causal mask, counting and reading heads), 2-D RoPE on a grid of patches (rope_2d.cpp),
// Qwen2-VL's M-RoPE (mrope.cpp), and the lesson that ties them (beyond_1d.cpp).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/beyond_1d.hpp"
#include "lessons/lesson.hpp"

namespace posenc::lessons::beyond_1d_lesson {

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

std::string num(double x, int digits = 3);

class Beyond1dLesson final : public Lesson {
  Params p_;
  Derived d_;
  View view_;

 public:
  Beyond1dLesson();
  void visit(ParamVisitor& v) override;
  core::Messages update() override;  // each part again only when one of its own parameters changed
  std::vector<Export> exports(std::string_view step) const override;

 private:
  void pair_strip(const Eigen::MatrixXd& m, const char* title, const char* col_name, const ui::Theme& t);

  // ---- positions without an encoding: the causal mask, counting and reading heads (nope.cpp) ----
  void say_nope();  // their placeholders
  void update_causal();
  void draw_causal(DrawContext& ctx, const ui::Theme& t);
  void draw_counting(const ui::Theme& t);
  void draw_reading(DrawContext& ctx, const ui::Theme& t);

  // ---- 2-D RoPE on a grid of patches, against raster order (rope_2d.cpp) ----
  void say_2d();  // its placeholders
  void update_2d();
  void patch_grid(DrawContext& ctx, const char* id, ui::HeatmapImage& image, const char* title,
                  std::function<std::string(int, int)> hover, const ui::Theme& t, bool non_negative = false);
  void draw_patches(DrawContext& ctx, const ui::Theme& t);
  void draw_shift_2d(const ui::Theme& t);
  void draw_raster(DrawContext& ctx, const ui::Theme& t);

  // ---- M-RoPE: position ids and sections (mrope.cpp) ----
  void say_mrope();  // its placeholders
  void update_mrope();
  void draw_mrope_ids(const ui::Theme& t);
  void draw_mrope_sections(DrawContext& ctx, const ui::Theme& t);
};

}  // namespace posenc::lessons::beyond_1d_lesson
