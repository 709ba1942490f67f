// Lesson in-practice's class, shared by the files of its folder only: the bugs of a port's conversion
// (convert.cpp: W_q/W_k rows not permuted, a wrong base; models.cpp: W_k permuted with the query heads'
// count under grouped-query attention, models that stay interleaved, the scales on the logits), of positions
// with a KV cache (cache.cpp: left padding, dynamic NTK), of the rotary part and the angles' precision
// (rotary.cpp), and the lesson that ties them (in_practice.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/rope_bugs.hpp"
#include "lessons/lesson.hpp"

namespace posenc::lessons::in_practice_lesson {

using core::AnglePrecision;
using core::DecodeRule;
using core::Layout;

constexpr int kMaxSteps = 16;                     // decoding steps the padding step can walk through
extern const std::vector<const char*> kPairings;  // the options of `pairing`

struct Params {
  int tokens = 8;
  int d_model = 32;
  int heads = 2;
  int kv_heads = 1;  // num_key_value_heads: a divisor of heads
  int head_dim = 16;
  int head = 0;
  int seed = 1;
  double base = 500000;  // the base the head was trained with (rope_theta)
  double wrong = 10000;  // the base a port used
  int max_dist = 64;
  int len_a = 8, len_b = 5;  // a batch of two, B left-padded to A's length
  int decode = 1;            // decoding step (not `step`: the link's own key for the walkthrough step)
  int original = 64;         // L0 of dynamic NTK
  double factor = 2;
  double growth = 4;     // decode up to growth · L0 tokens
  double rotary = 0.25;  // rotary_pct
  int pairing = 0;       // the mispairing shown (kPairings)
  int pair = 1;          // the pair on the precision plot
  int max_pos = 1 << 20;
};

struct Derived {
  // The head, in Meta's layout, and its rows as the conversion script permutes them.
  core::RopeHead head;
  std::vector<int> perm;
  Eigen::MatrixXd wq_hf, wk_hf;
  Eigen::MatrixXd perm_view;  // the shown head's first rows: converted row × Meta row
  int moved = 0;
  Eigen::MatrixXd scores_meta, scores_right, scores_broken, pattern_right, pattern_broken;
  double res_right = 0, res_broken = 0, score_scale = 0;
  int attention_moved = 0;  // queries whose most-attended key differs without the permutation
  double res_double = 0;    // permuted rows under Meta's interleaved rotation
  // Grouped-query attention: W_k with kv_heads·head_dim rows (Meta's W_k's first key heads).
  int kv_head = 0, group = 1, kv_rows = 0, block = 0;  // block: rows per "head" with the wrong count
  bool wrong_runs = true;                              // the wrong count's view holds the rows
  Eigen::MatrixXd kv_perm_view;  // 2 × head_dim, key head kv_head: Meta's row at each row, right and wrong
  Eigen::MatrixXd gqa_meta, gqa_right, gqa_wrong;
  double gqa_res_right = 0, gqa_res_wrong = 0, gqa_scale = 0;
  int gqa_moved = 0;  // queries whose most-attended key differs with the wrong count
  // The presets: how each turns its pairs and what it multiplies its logits by.
  struct ModelScale {
    const char* label;  // the preset's, an English catalogue key
    bool interleaved = false, position_scaled = false;
    double a = 1, s = 1;  // attention factor (on cos and sin), softmax scale factor
    double logits() const { return a * a * s; }
  };
  std::vector<ModelScale> models;
  Eigen::MatrixXd models_export;           // per preset: interleaved (0/1), a, s, a²·s
  int top_model = -1;                      // the largest logit factor (−1: none above 1)
  double peak_plain = 0, peak_scaled = 0;  // mean top attention weight, scores as they are and × top factor
  // A wrong base.
  Eigen::VectorXd curve_right, curve_wrong;
  int part = -1;
  double curve_rms = 0;
  // Padding and the cache.
  int pads = 0;
  std::vector<int> mask_a, mask_b, arange, cumsum_a, cumsum_b;
  double shift_residual = 0;
  int pos_correct = 0, pos_pad = 0, pos_off = 0;
  Eigen::VectorXd err_pad, err_off;
  double err_pad_max = 0, err_off_max = 0, err_generated = 0, decode_scale = 0;
  // Partial rotary.
  int rotary_dim = 2;
  Eigen::MatrixXd column_map;  // 2 × head_dim: correct, mispaired
  Eigen::MatrixXd partial_diff;
  double partial_err = 0, partial_scale = 0;
  // Precision.
  double theta = 1;
  std::vector<double> positions;
  std::vector<std::vector<double>> angle_err;  // per type of kTypes, then the fix
  Eigen::MatrixXd precision_export;            // positions × (position, bf16, fp16, fp32, fp64, fix)
  double worst[5] = {0, 0, 0, 0, 0};
  long long collision[3] = {0, 0, 0};
  long long fp16_overflow = 0;
};

// Work only the dynamic step needs (from its placeholders and draw alike).
struct Lazy {
  bool valid = false;
  // The decoded text's queries and keys: kept while the head is the same (a longer text extends them;
  // the seeded rows come in order, so the first rows do not change).
  Eigen::MatrixXd q, k;
  bool qk_valid = false;
  int longest = 0;
  std::vector<double> lengths;
  Eigen::VectorXd err;
  double err_before = 0, err_end = 0, err_max = 0, base_end = 0, score_rms = 0;
};

struct View {
  ui::HeatmapImage scores_right, scores_broken, pattern_right, pattern_broken, partial_diff;
  ui::HeatmapImage gqa_right, gqa_wrong;
};

std::string num(double x, int digits = 3);

class InPracticeLesson final : public Lesson {
  Params p_;
  Derived d_;
  Lazy lazy_;
  View view_;
  Params seen_;  // the parameters update() last computed from
  bool computed_ = false;

 public:
  InPracticeLesson();
  void visit(ParamVisitor& v) override;
  core::Messages update() override;
  std::vector<Export> exports(std::string_view step) const override;

 private:
  // ---- the head all steps read (in_practice.cpp) ----
  Eigen::MatrixXd q_of(const Eigen::MatrixXd& x) const;
  Eigen::MatrixXd k_of(const Eigen::MatrixXd& x) const;
  Eigen::MatrixXd tokens_for(int rows, std::uint64_t purpose) const;
  void make_head();
  ui::HeatmapOptions scores_map(float height) const;

  // ---- a port's conversion: the permutation, a wrong base (convert.cpp) ----
  void say_convert();  // their placeholders
  void update_permute();
  void update_base();
  void heatmap_pair(DrawContext& ctx, const char* id, ui::HeatmapImage& a, const char* title_a,
                    ui::HeatmapImage& b, const char* title_b, float height_em);
  void draw_permute(DrawContext& ctx);
  void draw_base();

  // ---- grouped-query attention, models that stay interleaved, scales (models.cpp) ----
  void say_models();  // their placeholders
  void fit_kv_heads(core::Messages& notice);
  void update_gqa();
  void update_models();
  void update_peaks();
  std::string model_list(bool (*pick)(const Derived::ModelScale&)) const;
  void draw_gqa(DrawContext& ctx);
  void draw_models();

  // ---- positions and the KV cache: left padding, dynamic NTK (cache.cpp) ----
  void say_cache();  // their placeholders
  void update_padding();
  const Lazy& fill_dynamic();
  void draw_padding();
  void draw_dynamic();

  // ---- the rotary part and the angles' precision (rotary.cpp) ----
  void say_rotary();  // their placeholders
  void update_partial(core::Messages& notice);
  void update_precision();
  void draw_partial(DrawContext& ctx);
  void draw_precision();
};

}  // namespace posenc::lessons::in_practice_lesson
