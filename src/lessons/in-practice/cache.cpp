// Lesson in-practice, positions and the KV cache (steps padding, dynamic): position ids with left
// padding, counted from the pads or off by one while decoding; dynamic NTK's base grown after the keys
// were cached.
#include <algorithm>
#include <cmath>

#include "core/metrics.hpp"
#include "in_practice_lesson.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::in_practice_lesson {
namespace {

// The dynamic step's work, about Σ over sampled lengths of (length × pairs) / 2; ≤ 20 ms natively.
constexpr double kDynamicWork = 24.0 * 1024 * 32;

}  // namespace

void InPracticeLesson::say_cache() {
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
}

void InPracticeLesson::update_padding() {
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
  d_.decode_scale =
      core::rotary_scores(q.row(keys - 1), {right.back()}, k.topRows(keys), right, rot).cwiseAbs().maxCoeff();
}

const Lazy& InPracticeLesson::fill_dynamic() {
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

void InPracticeLesson::draw_padding() {
  const ui::Theme& t = *theme_;
  const int cols = p_.len_a;
  // Seven rows, and room for the horizontal scroll bar only when the rows are wider than the panel (on a
  // phone): without one that room showed as an empty last row. The widths: each column's widest text
  // and its padding and border, as the fixed-fit sizing gives them.
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* const labels[] = {"A: mask", "A: arange", "A: cumsum − 1",
                                "B: mask", "B: arange", "B: cumsum − 1"};
  float label_w = ImGui::CalcTextSize("token").x;
  for (const char* l : labels) label_w = std::max(label_w, ImGui::CalcTextSize(tr(lang_, l)).x);
  float cells_w = 0;
  for (int c = 0; c < cols; ++c) {
    const int widest = std::max({c, d_.arange[c], d_.cumsum_a[c], d_.cumsum_b[c]});
    cells_w += ImGui::CalcTextSize(std::to_string(widest).c_str()).x + 2 * style.CellPadding.x + 1;
  }
  const bool scrolls = label_w + 2 * style.CellPadding.x + 1 + cells_w > ImGui::GetContentRegionAvail().x;
  const float height = 7 * (ImGui::GetTextLineHeight() + 2 * style.CellPadding.y + 1) +
                       (scrolls ? style.ScrollbarSize : 0) + 2;
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

void InPracticeLesson::draw_dynamic() {
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

}  // namespace posenc::lessons::in_practice_lesson
