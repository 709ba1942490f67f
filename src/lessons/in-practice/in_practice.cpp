// Lesson 12 — in-practice: RoPE in real code, and the bugs that make a port output fluent garbage. One
// small attention head, trained (here: seeded) in Meta's interleaved layout, shows each bug by the
// attention scores it corrupts: W_q/W_k rows not permuted for rotate_half, W_k permuted with the query
// heads' count under grouped-query attention, models that stay interleaved and the scales they put on
// the logits, a wrong base, position_ids with left padding and a KV cache, dynamic NTK against cached
// keys, partial rotary mispaired, angles formed in bf16/fp16. All numbers come from core::rope_bugs (and
// the presets from core::parse_model_config). This file ties the parts (in_practice_lesson.hpp lists
// them): steps, parameters, exports, and the head they all read.
#include <algorithm>
#include <string>
#include <tuple>

#include "core/random.hpp"
#include "in_practice_lesson.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace in_practice_lesson {
namespace {

// What the head's random numbers are made from; its weights alone do not depend on the token count.
auto head_inputs(const Params& p) { return std::tie(p.tokens, p.d_model, p.heads, p.head_dim, p.seed); }
auto weight_inputs(const Params& p) { return std::tie(p.d_model, p.heads, p.head_dim, p.seed); }

}  // namespace

const std::vector<const char*> kPairings = {"whole-head", "across-halves"};

std::string num(double x, int digits) { return ui::short_number(x, digits); }

InPracticeLesson::InPracticeLesson() {
  step("permute", [this](DrawContext& c) { draw_permute(c); },
       {"tokens", "heads", "head_dim", "head", "d_model", "seed"});
  step("gqa", [this](DrawContext& c) { draw_gqa(c); },
       {"kv_heads", "heads", "head", "head_dim", "tokens", "seed"});
  step("models", [this](DrawContext&) { draw_models(); });
  step("base", [this](DrawContext&) { draw_base(); }, {"base", "wrong", "max_dist", "head_dim", "seed"});
  step("padding", [this](DrawContext&) { draw_padding(); }, {"decode", "len_a", "len_b", "base", "seed"});
  step("dynamic", [this](DrawContext&) { draw_dynamic(); },
       {"original", "factor", "growth", "base", "head_dim"});
  step("partial", [this](DrawContext& c) { draw_partial(c); },
       {"pairing", "rotary", "head_dim", "tokens", "seed"});
  step("precision", [this](DrawContext&) { draw_precision(); }, {"pair", "base", "max_pos", "head_dim"});
  say_convert();
  say_models();
  say_cache();
  say_rotary();
  update();
}

void InPracticeLesson::visit(ParamVisitor& v) {
  v.integer({"tokens", "tokens L", 2, 64}, p_.tokens);
  v.integer({"d_model", "d_model", 4, 64, Scale::Log}, p_.d_model);
  v.integer({"heads", "heads", 1, 8}, p_.heads);
  v.integer({"kv_heads", "num_key_value_heads", 1, double(p_.heads)}, p_.kv_heads);
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

core::Messages InPracticeLesson::update() {
  core::Messages notice;
  make_even(p_.head_dim, "head_dim: RoPE rotates pairs; using {0}", notice);
  p_.head = std::min(p_.head, p_.heads - 1);
  fit_kv_heads(notice);
  p_.len_b = std::min(p_.len_b, p_.len_a);
  p_.pair = std::min(p_.pair, p_.head_dim / 2 - 1);
  // Each part again only when what it reads changed (a slider of one step leaves the others alone).
  const Params& was = seen_;
  const bool fresh = !computed_, head = fresh || head_inputs(p_) != head_inputs(was);
  const bool shown = head || std::tie(p_.head, p_.base) != std::tie(was.head, was.base);
  if (head) make_head();
  if (fresh) update_models();
  if (shown) {
    update_permute();
    update_peaks();
  }
  if (shown || p_.kv_heads != was.kv_heads) update_gqa();
  if (shown || std::tie(p_.wrong, p_.max_dist) != std::tie(was.wrong, was.max_dist)) update_base();
  if (shown || std::tie(p_.len_a, p_.len_b, p_.decode) != std::tie(was.len_a, was.len_b, was.decode))
    update_padding();
  if (shown || std::tie(p_.rotary, p_.pairing) != std::tie(was.rotary, was.pairing)) update_partial(notice);
  if (fresh || std::tie(p_.head_dim, p_.base, p_.pair, p_.max_pos) !=
                   std::tie(was.head_dim, was.base, was.pair, was.max_pos))
    update_precision();
  if (fresh || weight_inputs(p_) != weight_inputs(was) || p_.head != was.head) lazy_.qk_valid = false;
  if (shown || std::tie(p_.original, p_.factor, p_.growth) != std::tie(was.original, was.factor, was.growth))
    lazy_.valid = false;
  seen_ = p_;
  computed_ = true;
  return notice;
}

std::vector<Export> InPracticeLesson::exports(std::string_view step) const {
  const std::string s = "_L" + std::to_string(p_.tokens) + "_hd" + std::to_string(p_.head_dim) + "_head" +
                        std::to_string(p_.head) + "_seed" + std::to_string(p_.seed);
  if (step == "permute")
    return {{"scores_permuted" + s, &d_.scores_right}, {"scores_not_permuted" + s, &d_.scores_broken}};
  if (step == "gqa") {
    const std::string g = "_heads" + std::to_string(p_.heads) + "_kv" + std::to_string(p_.kv_heads) + s;
    std::vector<Export> out = {{"scores_wk_permuted_kv_heads" + g, &d_.gqa_right}};
    if (d_.wrong_runs) out.push_back({"scores_wk_permuted_heads" + g, &d_.gqa_wrong});
    return out;
  }
  if (step == "models") return {{"presets_interleaved_a_softmax_logits", &d_.models_export}};
  if (step == "partial") return {{"score_error_" + std::string(kPairings[p_.pairing]) + s, &d_.partial_diff}};
  if (step == "precision")
    return {{"cos_error_pair" + std::to_string(p_.pair) + "_base" + format_number(p_.base),
             &d_.precision_export}};
  return {};
}

Eigen::MatrixXd InPracticeLesson::q_of(const Eigen::MatrixXd& x) const {
  return core::head_projection(x, d_.wq_hf, p_.head, p_.head_dim);
}

Eigen::MatrixXd InPracticeLesson::k_of(const Eigen::MatrixXd& x) const {
  return core::head_projection(x, d_.wk_hf, p_.head, p_.head_dim);
}

// Token vectors for the other steps, seeded from the lesson's seed and a purpose.
Eigen::MatrixXd InPracticeLesson::tokens_for(int rows, std::uint64_t purpose) const {
  core::Random rng(core::mix_seed(static_cast<std::uint64_t>(p_.seed), purpose));
  return rng.gaussian_matrix(rows, p_.d_model);
}

void InPracticeLesson::make_head() {
  d_.head = core::random_rope_head(p_.tokens, p_.d_model, p_.heads, p_.head_dim,
                                   static_cast<std::uint64_t>(p_.seed));
  d_.perm = core::hf_permute_rows(p_.heads, p_.head_dim);
  d_.wq_hf = core::permute_rows(d_.perm, d_.head.wq);
  d_.wk_hf = core::permute_rows(d_.perm, d_.head.wk);
}

// A heatmap of scores: one row per query, one column per key.
ui::HeatmapOptions InPracticeLesson::scores_map(float height) const {
  ui::HeatmapOptions o;
  o.x_label = o.x_name = tr(lang_, "key");
  o.y_label = o.y_name = tr(lang_, "query");
  o.height = height;
  return o;
}

}  // namespace in_practice_lesson

std::unique_ptr<Lesson> create_in_practice() {
  return std::make_unique<in_practice_lesson::InPracticeLesson>();
}

}  // namespace posenc::lessons
