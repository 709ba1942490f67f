// Lesson 12 — in-practice: RoPE in real code, and the bugs that make a port output fluent garbage. One
// small attention head, trained (here: seeded) in Meta's interleaved layout, shows each bug by the
// attention scores it corrupts: W_q/W_k rows not permuted for rotate_half, a wrong base, position_ids
// with left padding and a KV cache, dynamic NTK against cached keys, partial rotary mispaired, angles
// formed in bf16/fp16. All numbers come from core::rope_bugs.
#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>

#include "core/metrics.hpp"
#include "core/random.hpp"
#include "core/rope_bugs.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace {

using core::AnglePrecision;
using core::DecodeRule;
using core::Layout;

constexpr int kPermRows = 16;  // rows of one head's permutation drawn (all of them up to head_dim 16)
constexpr double kPartFraction =
    0.1;                       // "the curves part": they differ by more than this share of the score's RMS
constexpr int kMaxSteps = 16;  // decoding steps the padding step can walk through
constexpr int kPrecisionPoints = 320;  // positions sampled on the precision plot
// The dynamic step's work, about Σ over sampled lengths of (length × pairs) / 2; ≤ 20 ms natively.
constexpr double kDynamicWork = 24.0 * 1024 * 32;
const std::vector<const char*> kPairings = {"whole-head", "across-halves"};
// bfloat16 blue, float16 red, float32 green, float64 violet, the fix in near-black on top.
constexpr ImU32 kTypeColors[] = {IM_COL32(31, 119, 180, 255), IM_COL32(214, 39, 40, 255),
                                 IM_COL32(44, 160, 44, 255), IM_COL32(148, 103, 189, 255),
                                 IM_COL32(40, 40, 40, 255)};
constexpr AnglePrecision kTypes[] = {AnglePrecision::BFloat16, AnglePrecision::Float16,
                                     AnglePrecision::Float32, AnglePrecision::Float64};

struct Params {
  int tokens = 8;
  int d_model = 32;
  int heads = 2;
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
};

// What the head's random numbers are made from; its weights alone do not depend on the token count.
auto head_inputs(const Params& p) { return std::tie(p.tokens, p.d_model, p.heads, p.head_dim, p.seed); }
auto weight_inputs(const Params& p) { return std::tie(p.d_model, p.heads, p.head_dim, p.seed); }

std::string num(double x, int digits = 3) { return ui::short_number(x, digits); }

class InPracticeLesson final : public Lesson {
  Params p_;
  Derived d_;
  Lazy lazy_;
  View view_;
  Params seen_;  // the parameters update() last computed from
  bool computed_ = false;

 public:
  InPracticeLesson() {
    step("permute", [this](DrawContext& c) { draw_permute(c); },
         {"tokens", "heads", "head_dim", "head", "d_model", "seed"});
    step("base", [this](DrawContext&) { draw_base(); }, {"base", "wrong", "max_dist", "head_dim", "seed"});
    step("padding", [this](DrawContext&) { draw_padding(); }, {"decode", "len_a", "len_b", "base", "seed"});
    step("dynamic", [this](DrawContext&) { draw_dynamic(); },
         {"original", "factor", "growth", "base", "head_dim"});
    step("partial", [this](DrawContext& c) { draw_partial(c); },
         {"pairing", "rotary", "head_dim", "tokens", "seed"});
    step("precision", [this](DrawContext&) { draw_precision(); }, {"pair", "base", "max_pos", "head_dim"});
    // The conversion script's permutation.
    say("moved", [this] { return d_.moved; });
    say("perm_rows", [this] { return d_.perm_view.rows(); });
    say("perm_all", [this] { return d_.perm_view.rows() == p_.head_dim; });
    say("half_dim", [this] { return p_.head_dim / 2; });
    say("res_right", [this] { return num(d_.res_right); });
    say("res_broken", [this] { return num(d_.res_broken); });
    say("score_scale", [this] { return num(d_.score_scale); });
    say("attention_moved", [this] { return d_.attention_moved; });
    say("any_attention_moved", [this] { return d_.attention_moved > 0; });
    // A wrong base.
    say("same_base", [this] { return p_.base == p_.wrong; });
    say("part", [this] { return d_.part; });
    say("parts", [this] { return d_.part >= 0; });
    say("part_percent", [] { return static_cast<int>(kPartFraction * 100); });
    say("curve_rms", [this] { return num(d_.curve_rms); });
    // Padding and the cache.
    say("pads", [this] { return d_.pads; });
    say("has_pads", [this] { return d_.pads > 0; });
    say("last_pad", [this] { return d_.pads - 1; });
    say("last_prompt", [this] { return p_.len_b - 1; });
    say("shift_residual", [this] { return num(d_.shift_residual); });
    say("decode", [this] { return p_.decode; });
    say("new_index", [this] { return p_.len_b + p_.decode - 1; });
    say("pos_correct", [this] { return d_.pos_correct; });
    say("pos_pad", [this] { return d_.pos_pad; });
    say("pos_off", [this] { return d_.pos_off; });
    say("err_pad", [this] { return num(d_.err_pad_max); });
    say("err_off", [this] { return num(d_.err_off_max); });
    say("err_generated", [this] { return num(d_.err_generated); });
    say("has_generated", [this] { return p_.decode > 1; });
    say("decode_scale", [this] { return num(d_.decode_scale); });
    // Dynamic NTK: computed when first asked for.
    say("longest", [this] { return fill_dynamic().longest; });
    say("err_before", [this] { return num(fill_dynamic().err_before); });
    say("err_end", [this] { return num(fill_dynamic().err_end); });
    say("base_end", [this] {
      const double b = fill_dynamic().base_end;
      return b >= 1e5 ? std::to_string(std::llround(b)) : num(b, 4);
    });
    say("err_max", [this] { return num(fill_dynamic().err_max); });
    say("score_rms", [this] { return num(fill_dynamic().score_rms); });
    // Partial rotary.
    say("rotary_dim", [this] { return d_.rotary_dim; });
    say("half_rotary", [this] { return d_.rotary_dim / 2; });
    say("rotary_percent", [this] { return num(100.0 * d_.rotary_dim / p_.head_dim, 3); });
    say("partial", [this] { return d_.rotary_dim < p_.head_dim; });
    say("whole", [this] { return p_.pairing == 0; });
    say("across", [this] { return p_.pairing == 1; });
    say("partial_err", [this] { return num(d_.partial_err); });
    say("partial_scale", [this] { return num(d_.partial_scale); });
    // Precision.
    say("theta", [this] { return num(d_.theta, 4); });
    say("pair0", [this] { return p_.pair == 0; });
    say("bf16_collision", [this] { return d_.collision[0]; });
    say("bf16_next", [this] { return d_.collision[0] + 1; });
    say("fp16_collision", [this] { return d_.collision[1]; });
    say("fp32_collision", [this] { return d_.collision[2]; });
    say("fp16_overflow", [this] { return d_.fp16_overflow; });
    say("overflows", [this] { return p_.max_pos >= d_.fp16_overflow; });
    const char* const errors[] = {"err_bf16", "err_fp16", "err_fp32", "err_fp64", "err_fix"};
    for (int t = 0; t < 5; ++t) say(errors[t], [this, t] { return num(d_.worst[t]); });
    say("all_exact",
        [this] { return d_.worst[0] == 0 && d_.worst[1] == 0 && d_.worst[2] == 0 && d_.worst[3] == 0; });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"tokens", "tokens L", 2, 64}, p_.tokens);
    v.integer({"d_model", "d_model", 4, 64, Scale::Log}, p_.d_model);
    v.integer({"heads", "heads", 1, 8}, p_.heads);
    v.integer({"head_dim", "head_dim", 4, 128, Scale::Log}, p_.head_dim);
    v.integer({"head", "head shown", 0, double(p_.heads - 1)}, p_.head);
    v.integer({"seed", "seed", 0, 9999}, p_.seed);
    v.real({"base", "rope_theta", 100, 1e7, Scale::Log, "%.0f"}, p_.base);
    v.real({"wrong", "base used", 100, 1e7, Scale::Log, "%.0f"}, p_.wrong);
    v.integer({"max_dist", "max distance", 16, 4096, Scale::Log}, p_.max_dist);
    v.integer({"len_a", "length of A", 2, 32}, p_.len_a);
    v.integer({"len_b", "length of B", 1, double(p_.len_a)}, p_.len_b);
    v.integer({"decode", "decoding step", 1, kMaxSteps}, p_.decode);
    v.integer({"original", "L0 (trained)", 8, 256, Scale::Log}, p_.original);
    v.real({"factor", "factor s", 1, 16, Scale::Log, "%.3g"}, p_.factor);
    v.real({"growth", "decode to L0 ×", 1.25, 4, Scale::Linear, "%.3g"}, p_.growth);
    v.real({"rotary", "rotary_pct", 0.05, 1, Scale::Linear, "%.3g"}, p_.rotary);
    v.choice({"pairing", "mispairing"}, p_.pairing, kPairings);
    v.integer({"pair", "pair i", 0, double(p_.head_dim / 2 - 1)}, p_.pair);
    v.integer({"max_pos", "positions up to", 256, 1 << 24, Scale::Log}, p_.max_pos);
  }

  core::Messages update() override {
    core::Messages notice;
    make_even(p_.head_dim, "head_dim: RoPE rotates pairs; using {0}", notice);
    p_.head = std::min(p_.head, p_.heads - 1);
    p_.len_b = std::min(p_.len_b, p_.len_a);
    p_.pair = std::min(p_.pair, p_.head_dim / 2 - 1);
    // Each part again only when what it reads changed (a slider of one step leaves the others alone).
    const Params& was = seen_;
    const bool fresh = !computed_, head = fresh || head_inputs(p_) != head_inputs(was);
    const bool shown = head || std::tie(p_.head, p_.base) != std::tie(was.head, was.base);
    if (head) make_head();
    if (shown) update_permute();
    if (shown || std::tie(p_.wrong, p_.max_dist) != std::tie(was.wrong, was.max_dist)) update_base();
    if (shown || std::tie(p_.len_a, p_.len_b, p_.decode) != std::tie(was.len_a, was.len_b, was.decode))
      update_padding();
    if (shown || std::tie(p_.rotary, p_.pairing) != std::tie(was.rotary, was.pairing)) update_partial(notice);
    if (fresh || std::tie(p_.head_dim, p_.base, p_.pair, p_.max_pos) !=
                     std::tie(was.head_dim, was.base, was.pair, was.max_pos))
      update_precision();
    if (fresh || weight_inputs(p_) != weight_inputs(was) || p_.head != was.head) lazy_.qk_valid = false;
    if (shown ||
        std::tie(p_.original, p_.factor, p_.growth) != std::tie(was.original, was.factor, was.growth))
      lazy_.valid = false;
    seen_ = p_;
    computed_ = true;
    return notice;
  }

  std::vector<Export> exports(std::string_view step) const override {
    const std::string s = "_L" + std::to_string(p_.tokens) + "_hd" + std::to_string(p_.head_dim) + "_head" +
                          std::to_string(p_.head) + "_seed" + std::to_string(p_.seed);
    if (step == "permute")
      return {{"scores_permuted" + s, &d_.scores_right}, {"scores_not_permuted" + s, &d_.scores_broken}};
    if (step == "partial")
      return {{"score_error_" + std::string(kPairings[p_.pairing]) + s, &d_.partial_diff}};
    if (step == "precision")
      return {{"cos_error_pair" + std::to_string(p_.pair) + "_base" + format_number(p_.base),
               &d_.precision_export}};
    return {};
  }

 private:
  // --- derived data ---

  Eigen::MatrixXd q_of(const Eigen::MatrixXd& x) const {
    return core::head_projection(x, d_.wq_hf, p_.head, p_.head_dim);
  }
  Eigen::MatrixXd k_of(const Eigen::MatrixXd& x) const {
    return core::head_projection(x, d_.wk_hf, p_.head, p_.head_dim);
  }

  // Token vectors for the other steps, seeded from the lesson's seed and a purpose.
  Eigen::MatrixXd tokens_for(int rows, std::uint64_t purpose) const {
    core::Random rng(core::mix_seed(static_cast<std::uint64_t>(p_.seed), purpose));
    return rng.gaussian_matrix(rows, p_.d_model);
  }

  void make_head() {
    d_.head = core::random_rope_head(p_.tokens, p_.d_model, p_.heads, p_.head_dim,
                                     static_cast<std::uint64_t>(p_.seed));
    d_.perm = core::hf_permute_rows(p_.heads, p_.head_dim);
    d_.wq_hf = core::permute_rows(d_.perm, d_.head.wq);
    d_.wk_hf = core::permute_rows(d_.perm, d_.head.wk);
  }

  void update_permute() {
    const int first = p_.head * p_.head_dim, rows = std::min(p_.head_dim, kPermRows);
    d_.perm_view = Eigen::MatrixXd::Zero(rows, std::min(p_.head_dim, 2 * rows));
    d_.moved = 0;
    for (int r = 0; r < p_.head_dim; ++r) {
      const int from = d_.perm[first + r] - first;
      d_.moved += from != r;
      if (r < rows && from < d_.perm_view.cols()) d_.perm_view(r, from) = 1;
    }
    const std::vector<double> pos = core::positions_from(0, p_.tokens);
    const auto scores = [&](const Eigen::MatrixXd& wq, const Eigen::MatrixXd& wk, Layout layout) {
      return core::rotary_scores(core::head_projection(d_.head.x, wq, p_.head, p_.head_dim), pos,
                                 core::head_projection(d_.head.x, wk, p_.head, p_.head_dim), pos,
                                 core::rotary_pairs(p_.head_dim, p_.base, layout));
    };
    d_.scores_meta = scores(d_.head.wq, d_.head.wk, Layout::Interleaved);  // Meta's code, Meta's weights
    d_.scores_right = scores(d_.wq_hf, d_.wk_hf, Layout::Half);            // rotate_half, permuted weights
    d_.scores_broken = scores(d_.head.wq, d_.head.wk, Layout::Half);       // rotate_half, Meta's weights
    d_.res_right = core::max_abs_diff(d_.scores_right, d_.scores_meta);
    d_.res_broken = core::max_abs_diff(d_.scores_broken, d_.scores_meta);
    d_.score_scale = d_.scores_meta.cwiseAbs().maxCoeff();
    d_.pattern_right = core::causal_softmax(d_.scores_right);
    d_.pattern_broken = core::causal_softmax(d_.scores_broken);
    d_.attention_moved = 0;
    for (int r = 0; r < p_.tokens; ++r) {
      Eigen::Index a = 0, b = 0;
      d_.pattern_right.row(r).maxCoeff(&a);
      d_.pattern_broken.row(r).maxCoeff(&b);
      d_.attention_moved += a != b;
    }
    const double range = std::max(d_.score_scale, d_.scores_broken.cwiseAbs().maxCoeff());
    view_.scores_right.set(d_.scores_right, range);
    view_.scores_broken.set(d_.scores_broken, range);
    view_.pattern_right.set(d_.pattern_right, 1.0);
    view_.pattern_broken.set(d_.pattern_broken, 1.0);
  }

  void update_base() {
    // The query of token 0 placed r positions after the key of token 1 (transformers' layout).
    const Eigen::VectorXd q = q_of(d_.head.x).row(0).transpose(), k = k_of(d_.head.x).row(1).transpose();
    d_.curve_right =
        core::score_by_distance(q, k, core::rotary_pairs(p_.head_dim, p_.base, Layout::Half), p_.max_dist);
    d_.curve_wrong =
        core::score_by_distance(q, k, core::rotary_pairs(p_.head_dim, p_.wrong, Layout::Half), p_.max_dist);
    d_.part = core::parting_distance(d_.curve_right, d_.curve_wrong, kPartFraction);
    d_.curve_rms = core::rms(d_.curve_right);
  }

  void update_padding() {
    d_.pads = p_.len_a - p_.len_b;
    d_.mask_a = core::left_padding_mask(p_.len_a, p_.len_a);
    d_.mask_b = core::left_padding_mask(p_.len_b, p_.len_a);
    d_.arange = core::arange_position_ids(p_.len_a);
    d_.cumsum_a = core::cumsum_position_ids(d_.mask_a);
    d_.cumsum_b = core::cumsum_position_ids(d_.mask_b);
    // Sequence B's real tokens: the prompt, then one per decoding step.
    const Eigen::MatrixXd x = tokens_for(p_.len_b + kMaxSteps, 3);
    const Eigen::MatrixXd q = q_of(x), k = k_of(x);
    const core::RotaryPairs rot = core::rotary_pairs(p_.head_dim, p_.base, Layout::Half);
    // No cache: the prompt at arange positions (pads counted) against cumsum positions.
    const Eigen::MatrixXd qp = q.topRows(p_.len_b), kp = k.topRows(p_.len_b);
    const std::vector<double> by_arange = core::positions_from(d_.pads, p_.len_b),
                              by_cumsum = core::positions_from(0, p_.len_b);
    d_.shift_residual = core::max_abs_diff(core::rotary_scores(qp, by_arange, kp, by_arange, rot),
                                           core::rotary_scores(qp, by_cumsum, kp, by_cumsum, rot));
    d_.pos_correct = core::decode_position(DecodeRule::Correct, d_.pads, p_.len_b, p_.decode);
    d_.pos_pad = core::decode_position(DecodeRule::PadCounted, d_.pads, p_.len_b, p_.decode);
    d_.pos_off = core::decode_position(DecodeRule::OffByOne, d_.pads, p_.len_b, p_.decode);
    d_.err_pad = core::decode_score_error(q, k, d_.pads, p_.len_b, p_.decode, DecodeRule::PadCounted, rot);
    d_.err_off = core::decode_score_error(q, k, d_.pads, p_.len_b, p_.decode, DecodeRule::OffByOne, rot);
    d_.err_pad_max = d_.err_pad.cwiseAbs().maxCoeff();
    d_.err_off_max = d_.err_off.cwiseAbs().maxCoeff();
    const int generated = p_.decode;  // the keys after the prompt, the new token's own included
    d_.err_generated = std::max(d_.err_pad.tail(generated).cwiseAbs().maxCoeff(),
                                d_.err_off.tail(generated).cwiseAbs().maxCoeff());
    const int keys = p_.len_b + p_.decode;
    const std::vector<double> right = core::positions_from(0, keys);
    d_.decode_scale = core::rotary_scores(q.row(keys - 1), {right.back()}, k.topRows(keys), right, rot)
                          .cwiseAbs()
                          .maxCoeff();
  }

  void update_partial(core::Messages& notice) {
    int rd = static_cast<int>(p_.head_dim * p_.rotary);  // GPT-NeoX: int(head_size · rotary_pct)
    if (rd % 2 || rd < 2) {  // transformers would fail on the cos/sin shapes; say it and move the slider
      const int fixed = std::max(2, rd - rd % 2);
      notice.push_back(
          {"rotary_pct: int(head_dim · rotary_pct) = {0} columns, but rotating pairs need an even number; "
           "using {1}",
           {std::to_string(rd), std::to_string(fixed)}});
      p_.rotary = std::min(1.0, (fixed + 0.5) / p_.head_dim);
      rd = fixed;
    }
    d_.rotary_dim = rd;
    const core::RotaryPairs ok = core::partial_rotary_pairs(p_.head_dim, rd, p_.base, core::Pairing::Correct);
    const core::RotaryPairs bad = core::partial_rotary_pairs(
        p_.head_dim, rd, p_.base, p_.pairing == 0 ? core::Pairing::WholeHead : core::Pairing::AcrossHead);
    d_.column_map.resize(2, p_.head_dim);
    d_.column_map.row(0) = core::column_map(ok, p_.head_dim);
    d_.column_map.row(1) = core::column_map(bad, p_.head_dim);
    const Eigen::MatrixXd q = q_of(d_.head.x), k = k_of(d_.head.x);
    const std::vector<double> pos = core::positions_from(0, p_.tokens);
    const Eigen::MatrixXd right = core::rotary_scores(q, pos, k, pos, ok);
    d_.partial_diff = core::rotary_scores(q, pos, k, pos, bad) - right;
    d_.partial_err = d_.partial_diff.cwiseAbs().maxCoeff();
    d_.partial_scale = right.cwiseAbs().maxCoeff();
    view_.partial_diff.set(d_.partial_diff,
                           d_.partial_err > 0 ? d_.partial_err : 1.0);  // all zero: a plain ±1 scale
  }

  void update_precision() {
    d_.theta = core::rope_default_inv_freq(p_.head_dim, p_.base)(p_.pair);
    d_.positions.clear();
    for (int k = 0; k < kPrecisionPoints; ++k) {
      const double p = std::round(std::pow(double(p_.max_pos), k / (kPrecisionPoints - 1.0)));
      if (d_.positions.empty() || p > d_.positions.back()) d_.positions.push_back(p);
    }
    const int n = static_cast<int>(d_.positions.size());
    d_.angle_err.assign(5, std::vector<double>(n));
    d_.precision_export.resize(n, 6);
    std::fill(std::begin(d_.worst), std::end(d_.worst), 0.0);
    for (int j = 0; j < n; ++j) {
      const double pos = d_.positions[j];
      d_.precision_export(j, 0) = pos;
      for (int t = 0; t < 5; ++t) {
        const double e = t < 4 ? core::angle_cos_error(pos, d_.theta, kTypes[t])
                               : core::float32_angle_bf16_cos_error(pos, d_.theta);
        d_.angle_err[t][j] = e;
        d_.precision_export(j, t + 1) = e;
        if (std::isfinite(e)) d_.worst[t] = std::max(d_.worst[t], e);
      }
    }
    for (int t = 0; t < 3; ++t) d_.collision[t] = core::first_position_collision(kTypes[t]);
    d_.fp16_overflow = core::first_overflow_position(AnglePrecision::Float16);
  }

  const Lazy& fill_dynamic() {
    if (lazy_.valid) return lazy_;
    core::RopeConfig c;
    c.head_dim = p_.head_dim;
    c.rope_theta = p_.base;
    c.max_position_embeddings = p_.original;
    c.factor = p_.factor;
    c.rope_type = core::RopeType::Dynamic;
    lazy_.longest = static_cast<int>(std::lround(p_.original * p_.growth));
    if (!lazy_.qk_valid || lazy_.q.rows() < lazy_.longest) {
      const Eigen::MatrixXd x = tokens_for(lazy_.longest, 4);
      lazy_.q = q_of(x);
      lazy_.k = k_of(x);
      lazy_.qk_valid = true;
    }
    const Eigen::MatrixXd& q = lazy_.q;
    const Eigen::MatrixXd& k = lazy_.k;
    // Lengths 1 … longest, evenly spaced, L0 and L0 + 1 among them; as many as the work allows.
    const int count =
        std::clamp(static_cast<int>(kDynamicWork / (lazy_.longest / 2.0 * (p_.head_dim / 2))), 16, 96);
    std::vector<int> lengths = {p_.original, p_.original + 1};
    for (int s = 0; s < count; ++s)
      lengths.push_back(1 + static_cast<int>(std::lround((lazy_.longest - 1.0) * s / (count - 1))));
    std::sort(lengths.begin(), lengths.end());
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
    const core::DynamicCacheError result = core::dynamic_cache_error(q, k, c, lengths);
    lazy_.err = result.max_error;
    lazy_.lengths.assign(lengths.begin(), lengths.end());
    lazy_.err_before = 0;
    for (size_t s = 0; s < lengths.size() && lengths[s] <= p_.original; ++s)
      lazy_.err_before = std::max(lazy_.err_before, lazy_.err(s));
    lazy_.err_end = lazy_.err(lazy_.err.size() - 1);
    lazy_.err_max = lazy_.err.maxCoeff();
    // The grown base at the longest length, read back from the slowest pair: θ_last = base'^(−(d−2)/d).
    const Eigen::VectorXd theta = core::rope_init(c, lazy_.longest).inv_freq;
    lazy_.base_end = std::pow(theta(theta.size() - 1), -double(p_.head_dim) / (p_.head_dim - 2));
    // The size of the scores the error is measured against: the newest query's, every key rotated now.
    lazy_.score_rms = result.score_rms(result.score_rms.size() - 1);
    lazy_.valid = true;
    return lazy_;
  }

  // --- drawing ---

  // A heatmap of scores: one row per query, one column per key.
  ui::HeatmapOptions scores_map(float height) const {
    ui::HeatmapOptions o;
    o.x_label = o.x_name = tr(lang_, "key");
    o.y_label = o.y_name = tr(lang_, "query");
    o.height = height;
    return o;
  }

  // Two heatmaps of scores side by side (one above the other when the column is narrow).
  void heatmap_pair(DrawContext& ctx, const char* id, ui::HeatmapImage& a, const char* title_a,
                    ui::HeatmapImage& b, const char* title_b, float height_em) {
    ui::HeatmapOptions o = scores_map(ui::em(height_em));
    const auto map = [&](const char* image_id, ui::HeatmapImage& image, const char* title, float w) {
      o.title = tr(lang_, title);
      o.width = w;
      ui::heatmap(image_id, image, o, *theme_, *ctx.textures);
    };
    ImGui::PushID(id);
    ui::side_by_side(
        24, [&](float w) { map("a", a, title_a, w); }, [&](float w) { map("b", b, title_b, w); });
    ImGui::PopID();
  }

  void draw_permute(DrawContext& ctx) {
    const ui::Theme& t = *theme_;
    const std::string title =
        d_.perm_view.rows() == p_.head_dim
            ? trf(lang_, "permute, head %d: converted row ← Meta's row (within the head)", p_.head)
            : trf(lang_, "permute, head %d: its first %d converted rows ← Meta's rows (within the head)",
                  p_.head, static_cast<int>(d_.perm_view.rows()));
    // Rows within the head (as the hover readout counts them); two-digit labels side by side run together.
    ui::permutation_view("perm", d_.perm_view, title.c_str(), tr(lang_, "converted row"),
                         tr(lang_, "Meta's row"), ui::em(1.2f), t, d_.perm_view.cols() > 16 ? 2 : 1);
    ui::residual(tr(lang_, "transformers, W_q and W_k permuted: max |score − Meta's| ="), d_.res_right, 1e-9,
                 t);
    ui::residual(tr(lang_, "transformers, Meta's rows as they are ="), d_.res_broken, 1e-9, t);
    heatmap_pair(ctx, "scores", view_.scores_right, "scores, permuted", view_.scores_broken,
                 "scores, not permuted", 9);
    heatmap_pair(ctx, "patterns", view_.pattern_right, "attention (causal softmax), permuted",
                 view_.pattern_broken, "attention, not permuted", 9);
  }

  void draw_base() {
    std::vector<ui::Series> s = {
        ui::series(trf(lang_, "trained base %s", num(p_.base, 6).c_str()), d_.curve_right),
        ui::series(trf(lang_, "used base %s", num(p_.wrong, 6).c_str()), d_.curve_wrong)};
    s[0].thickness = 3.0f;
    ui::LinePlotOptions o = plot("Score of one query and key against their distance r", "distance r", 16);
    if (d_.part >= 0) o.markers.push_back({double(d_.part), trf(lang_, "they part: r = %d", d_.part), 0});
    ui::line_plot("base", s, o, *theme_);
  }

  void draw_padding() {
    const ui::Theme& t = *theme_;
    const int cols = p_.len_a;
    // Seven rows, and room for the horizontal scroll bar that long rows need on a phone.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float height =
        7 * (ImGui::GetTextLineHeight() + 2 * style.CellPadding.y + 1) + style.ScrollbarSize + 2;
    if (ImGui::BeginTable("ids", cols + 1,
                          ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX,
                          ImVec2(0, height))) {
      ImGui::TableSetupScrollFreeze(1, 0);
      ImGui::TableSetupColumn("token");
      for (int c = 0; c < cols; ++c) ImGui::TableSetupColumn(std::to_string(c).c_str());
      ImGui::TableHeadersRow();
      const auto row = [&](const char* label, const std::vector<int>& v, const std::vector<int>* mask) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(label);
        for (int c = 0; c < cols; ++c) {
          ImGui::TableNextColumn();
          const bool pad = mask && (*mask)[c] == 0;
          if (pad) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(t.muted));
          ImGui::Text("%d", v[c]);
          if (pad) ImGui::PopStyleColor();
        }
      };
      row(tr(lang_, "A: mask"), d_.mask_a, nullptr);
      row(tr(lang_, "A: arange"), d_.arange, nullptr);
      row(tr(lang_, "A: cumsum − 1"), d_.cumsum_a, nullptr);
      row(tr(lang_, "B: mask"), d_.mask_b, nullptr);
      row(tr(lang_, "B: arange"), d_.arange, &d_.mask_b);
      row(tr(lang_, "B: cumsum − 1"), d_.cumsum_b, &d_.mask_b);
      ImGui::EndTable();
    }
    ImGui::TextUnformatted(
        trf(lang_, "B's new token at step %d: position %d (right), %d (pads counted), %d (off by one)",
            p_.decode, d_.pos_correct, d_.pos_pad, d_.pos_off)
            .c_str());
    std::vector<ui::Series> s = {ui::series(tr(lang_, "pads counted"), d_.err_pad),
                                 ui::series(tr(lang_, "off by one"), d_.err_off)};
    for (ui::Series& one : s) one.points = true;
    ui::LinePlotOptions o = plot("Score error of the new token against each cached key of B",
                                 "cached key (B's real tokens; the last is the new one)", 12);
    o.integer_x = true;
    if (p_.decode > 1)
      o.bands.push_back({p_.len_b - 0.5, p_.len_b + p_.decode - 0.5, 0, tr(lang_, "generated")});
    ui::line_plot("decode", s, o, t);
  }

  void draw_dynamic() {
    fill_dynamic();
    const ui::Series s = ui::series(tr(lang_, "max |score error| over the cached keys"), lazy_.lengths,
                                    {lazy_.err.data(), lazy_.err.data() + lazy_.err.size()});
    ui::LinePlotOptions o = plot("Dynamic NTK with a KV cache: the newest query against keys cached earlier",
                                 "current length L (tokens)", 16, "max |score error| over the cached keys");
    o.legend = false;
    o.markers.push_back({double(p_.original), "L0", 0});
    o.y_markers.push_back({lazy_.score_rms, tr(lang_, "typical |score|"), 0});
    ui::line_plot("dynamic", {s}, o, *theme_);
  }

  void draw_partial(DrawContext& ctx) {
    const ui::Theme& t = *theme_;
    const std::vector<std::string> rows = {"GPT-NeoX", tr(lang_, kPairings[p_.pairing])};
    const auto cols = ui::index_labels(p_.head_dim, "", std::max(1, p_.head_dim / 16));  // about 16 labels
    ui::MatrixViewOptions o;
    o.title = tr(lang_, "Which columns rotate: pair i as +(i+1) and −(i+1), 0 passes through");
    o.row_labels = &rows;
    o.col_labels = &cols;
    o.row_name = tr(lang_, "pairing");
    o.col_name = tr(lang_, "column");
    o.show_values = true;
    o.max_cell = ui::em(1.6f);
    ui::matrix_view("map", d_.column_map, o, t);
    ui::residual(tr(lang_, "max |score error| ="), d_.partial_err, 1e-9, t);
    ui::HeatmapOptions h = scores_map(std::min(ImGui::GetContentRegionAvail().x * 0.6f, ui::em(12)));
    h.title = tr(lang_, "mispaired scores − GPT-NeoX's");
    ui::heatmap("diff", view_.partial_diff, h, t, *ctx.textures);
  }

  void draw_precision() {
    const char* names[] = {"angle in bfloat16", "angle in float16", "angle in float32", "angle in float64",
                           "fix: float32 angle, cos stored in bfloat16"};
    std::vector<ui::Series> s;
    for (int k = 0; k < 5; ++k) {
      ui::Series one;
      one.label = tr(lang_, names[k]);
      one.x = d_.positions;
      one.y = d_.angle_err[k];
      one.thickness = k == 4 ? 2.5f : 1.5f;
      one.color = kTypeColors[k];
      s.push_back(std::move(one));
    }
    ui::LinePlotOptions o =
        plot("|cos(angle as formed) − cos(p·θ)| against position (log scales)", "position p", 17);
    o.log_x = o.log_y = true;
    // A cosine's error is at most 2: the axis ends three decades above, with no tick there (at 1e8 a tick
    // read 1000000, as if errors could reach a million); the labels take the emptiest place they find.
    o.fix_y = true;
    o.y_max = 1e3;
    o.y_min = 1e-17;
    for (const std::vector<double>& e : d_.angle_err)
      for (double x : e)
        if (x > 0 && x < o.y_min * 2) o.y_min = x / 2;
    o.markers.push_back(
        {double(d_.collision[0]), trf(lang_, "%lld = %lld", d_.collision[0], d_.collision[0] + 1), 0});
    if (p_.max_pos >= d_.fp16_overflow)
      o.bands.push_back(
          {double(d_.fp16_overflow), double(p_.max_pos), 0, tr(lang_, "float16: \xE2\x88\x9E")});
    ui::line_plot("precision", s, o, *theme_);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_in_practice() { return std::make_unique<InPracticeLesson>(); }

}  // namespace posenc::lessons
