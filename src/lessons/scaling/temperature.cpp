// Lesson scaling, the temperature step: the attention factor YaRN and LongRoPE multiply cos and sin by
// (and DeepSeek's softmax scale), and the attention entropy of a random query, with and without them,
// against the context length.
#include <algorithm>
#include <cmath>

#include "scaling_lesson.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::scaling_lesson {
namespace {

constexpr int kEntropyPoints = 48;
constexpr int kEntropyKeys = 1 << 17;  // the longest context the temperature step samples (≤ 30 ms)

}  // namespace

// The placeholders of the temperature step; its entropies are computed on first use (entropy()).
void ScalingLesson::say_temperature() {
  say("yarn_af", [this] { return num(core::yarn_get_mscale(p_.factor)); });
  say("longrope_af", [this] { return num(longrope_factor()); });
  say("af2", [this] { return num(d_.current.attention_factor * d_.current.attention_factor); });
  say("mla_softmax", [this] { return num(mla_softmax()); });
  say("softmax_scaled", [this] { return !failed() && std::abs(mla_softmax() - 1) > 1e-12; });
  say("model_scale", [this] { return num(model_scale()); });
  // Llama 4's attention temperature on its layers without RoPE, and Ministral 3's query scaling: the
  // factor on the queries (so on the logits) at the last position of L0 and of the target length.
  say("target_pos", [this] { return target_pos(); });
  say("train_pos", [this] { return p_.original - 1; });
  say("temp_tuning", [this] { return !failed() && model_.temperature.on(); });
  say("floor_scale", [this] { return format_number(model_.temperature.floor_scale); });  // as written
  say("attn_scale", [this] { return format_number(model_.temperature.attn_scale); });
  say("temp_ones", [this] {  // positions 0 … floor_scale − 2 keep 1
    return num(std::max(0.0, std::ceil(model_.temperature.floor_scale) - 1), 9);
  });
  say("temp_train", [this] { return num(model_.temperature.at(p_.original - 1)); });
  say("temp_target", [this] { return num(model_.temperature.at(target_pos())); });
  say("query_scaling", [this] { return !failed() && model_.query_scaling.on(); });
  say("qs_beta", [this] { return format_number(model_.query_scaling.beta); });
  say("qs_target", [this] {
    core::QueryScaling q = model_.query_scaling;
    q.length = p_.original;  // original_max_position_embeddings, as the controls set it
    return num(q.at(target_pos()));
  });
  say("h_len", [this] { return std::min(p_.target, kEntropyKeys); });
  say("h_capped", [this] { return p_.target > kEntropyKeys; });
  say("h_train_len", [this] { return std::min(p_.original, kEntropyKeys); });
  say("h_train", [this] { return num(entropy().train, 3); });
  say("h_target", [this] { return num(entropy().target, 3); });
  say("h_target_yarn", [this] { return num(entropy().yarn, 3); });
  say("grows", [this] { return entropy().grows(); });
  say("undone_part", [this] { return entropy().grows() && !entropy().below(); });  // YaRN undoes part
  say("overshoot", [this] { return entropy().grows() && entropy().below(); });     // … more than all
  say("h_undone", [this] {  // the share of the growth YaRN takes back
    const Entropy e = entropy();
    const double grown = e.target - e.train;
    return grown > 1e-9 ? num(100 * (e.target - e.yarn) / grown, 2) : std::string("0");
  });
}

ScalingLesson::Entropy ScalingLesson::entropy() const {
  fill_entropy();
  const Eigen::MatrixXd& h = lazy_.entropy;
  const auto row = [&](int len) {
    return static_cast<int>(std::find(lazy_.lengths.begin(), lazy_.lengths.end(), double(len)) -
                            lazy_.lengths.begin());
  };
  const int r0 = row(std::min(p_.original, kEntropyKeys)), r1 = row(std::min(p_.target, kEntropyKeys));
  return {h(r0, 0), h(r1, 0), h(r1, 1)};
}

// DeepSeek's attention (multi-head latent attention) multiplies its softmax scale by
// get_mscale(s, mscale_all_dim)² besides cos and sin's factor: transformers' modeling_deepseek and
// DeepSeek-V3's inference/model.py (softmax_scale · mscale · mscale), unless rope_type is default. 1 for
// other models.
double ScalingLesson::mla_softmax() const {
  if (p_.nope <= 0 || p_.mscale_all_dim == 0 || d_.type == RopeType::Default) return 1.0;
  const double m = core::yarn_get_mscale(p_.factor, p_.mscale_all_dim);
  return m * m;
}

// What the model's own config multiplies its logits by: its attention factor squared, and DeepSeek's.
double ScalingLesson::model_scale() const {
  return d_.current.attention_factor * d_.current.attention_factor * mla_softmax();
}

double ScalingLesson::longrope_factor() const {
  return p_.factor <= 1 ? 1.0 : std::sqrt(1.0 + std::log(p_.factor) / std::log(double(p_.original)));
}

void ScalingLesson::fill_entropy() const {
  if (lazy_.entropy_valid) return;
  // Log-spaced lengths from 16 to past the target, with L0 and the target themselves.
  const double top = std::min<double>(kEntropyKeys, std::max(p_.target, p_.original) * 2.0);
  std::vector<double>& l = lazy_.lengths;
  l.clear();
  for (int k = 0; k < kEntropyPoints; ++k)
    l.push_back(std::round(16 * std::pow(top / 16, k / (kEntropyPoints - 1.0))));
  l.push_back(std::min(p_.original, kEntropyKeys));
  l.push_back(std::min(p_.target, kEntropyKeys));
  std::sort(l.begin(), l.end());
  l.erase(std::unique(l.begin(), l.end()), l.end());
  const double yarn = core::yarn_get_mscale(p_.factor), longrope = longrope_factor();
  lazy_.scales = {1, yarn * yarn, longrope * longrope};
  const double own = model_scale();  // drawn when it is none of the three
  if (std::all_of(lazy_.scales.begin(), lazy_.scales.end(),
                  [&](double x) { return std::abs(own - x) > 1e-3; }))
    lazy_.scales.push_back(own);
  // As many draws as fit in 2^18 keys (the one-pass cost), at least one.
  const int runs = std::max(1, static_cast<int>(kEntropyKeys / l.back()));
  lazy_.entropy = core::attention_entropy(l, p_.sigma, lazy_.scales, runs, 2024);
  lazy_.entropy_valid = true;
}

void ScalingLesson::draw_temperature(DrawContext& ctx) {
  draw_picker(ctx);
  fill_entropy();
  const char* names[] = {"no attention factor", "YaRN: logits × %s", "LongRoPE: logits × %s"};
  std::vector<ui::Series> s;
  for (int j = 0; j < static_cast<int>(lazy_.scales.size()); ++j) {
    ui::Series one;
    const std::string times = ui::short_number(lazy_.scales[j], 4);
    one.label = j == 0  ? std::string(tr(lang_, names[0]))
                : j < 3 ? trf(lang_, names[j], times.c_str())
                        : trf(lang_, "%s: logits × %s", model_name().c_str(), times.c_str());
    one.x = lazy_.lengths;
    one.y.assign(lazy_.entropy.col(j).data(), lazy_.entropy.col(j).data() + lazy_.entropy.rows());
    s.push_back(std::move(one));
  }
  ui::LinePlotOptions o;
  o.title = tr(lang_, "Attention entropy of a random query against context length (nats)");
  o.x_label = tr(lang_, "keys L (log scale)");
  o.log_x = true;
  o.height = ui::em(16);
  o.markers.push_back({double(p_.original), tr(lang_, "L0"), 0});
  o.markers.push_back({double(p_.target), tr(lang_, "target"), 0});
  ui::line_plot("entropy", s, o, *theme_);
}

}  // namespace posenc::lessons::scaling_lesson
