// Lesson scaling, the config and its wavelengths (steps config, wavelengths): a preset or the learner's
// config.json sets the parameters, LongRoPE's per-pair lists travel in links as text, and the config's
// inv_freq and cos/sin cache are what the step exports.
#include <algorithm>
#include <cmath>

#include "core/rope_cache.hpp"
#include "scaling_lesson.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::scaling_lesson {
namespace {

std::string join(const std::vector<double>& v) {
  std::string s;
  for (double x : v) s += (s.empty() ? "" : ",") + format_number(x);
  return s;
}

// A comma-separated list of positive numbers; false (and nothing) on anything else.
bool split_numbers(std::string_view text, std::vector<double>& out) {
  out.clear();
  while (!text.empty()) {
    const size_t comma = text.find(',');
    double x = 0;
    if (!parse_number(text.substr(0, comma), x) || !(x > 0)) return out.clear(), false;
    out.push_back(x);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return true;
}

}  // namespace

// The placeholders of the config and its wavelengths.
void ScalingLesson::say_config() {
  say("model_name", [this] { return model_name(); });
  say("type", [this] { return kTypeNames[static_cast<int>(d_.type)]; });  // the type computed
  say("scaled", [this] { return d_.type != RopeType::Default; });
  say("rotary_dim", [this] { return d_.rotary_dim; });
  say("pairs", [this] { return d_.pairs; });
  say("last_pair", [this] { return d_.pairs - 1; });
  say("partial", [this] { return d_.rotary_dim < p_.head_dim; });
  say("longer", [this] { return p_.target > p_.original; });
  say("new_angles", [this] { return p_.target > p_.original && d_.never_turn > 0; });
  say("all_turned", [this] { return p_.target > p_.original && d_.never_turn == 0; });
  say("cache_rows", [this] { return std::min(p_.target, kCacheRows); });
  say("af", [this] { return num(d_.current.attention_factor); });
  say("fast_wavelength", [this] { return positions(d_.wavelength(0)); });
  say("slow_wavelength", [this] { return positions(d_.wavelength(d_.pairs - 1)); });
  say("length_ratio", [this] { return num(double(p_.target) / p_.original); });
  say("mla", [this] { return p_.nope > 0; });
  say("mla_dim", [this] { return p_.nope + d_.rotary_dim; });
  say("never_turn", [this] { return d_.never_turn; });
  say("stretched", [this] {
    int k = 0;
    for (int i = 0; i < d_.pairs; ++i) k += d_.scaled_wavelength(i) > d_.wavelength(i) * (1 + 1e-12);
    return k;
  });
}

std::string ScalingLesson::model_name() const {
  const auto& presets = core::model_presets();
  std::string name =
      p_.model < static_cast<int>(presets.size())
          ? std::string(tr(lang_, presets[p_.model].label))
          : (yours_name_.empty() || yours_name_ == "pasted text" ? tr(lang_, "your config.json")
                                                                 : yours_name_);
  if (d_.edited) name = trf(lang_, "%s (edited)", name.c_str());
  return name;
}

// Sets every parameter from a parsed config (a preset's or the learner's).
void ScalingLesson::set_from_config(const core::RopeConfig& c) {
  static_cast<core::RopeSettings&>(p_) = core::rope_settings(c);
  p_.short_text = join(p_.short_factor);
  p_.long_text = join(p_.long_factor);
  p_.short_factor.clear();  // in links as text only
  p_.long_factor.clear();
}

void ScalingLesson::apply_model(int model, core::Messages& notice) {
  applied_model_ = model;
  const auto& presets = core::model_presets();
  if (model >= static_cast<int>(presets.size())) {  // "yours": the parameters are the config
    preset_params_ = p_;
    return;
  }
  const core::ModelConfigResult r = core::parse_model_config(presets[model].json);
  if (!r.ok()) {  // the presets are tested to parse; never leave the parameters half set
    notice.push_back(r.error);
    return;
  }
  set_from_config(r.config);
  // A preset's lists are its own: links carry them as "" (short), read back from the preset.
  p_.short_text.clear();
  p_.long_text.clear();
  preset_params_ = p_;
}

// LongRoPE's lists: from the link's text, else the chosen preset's config.
void ScalingLesson::read_factor_lists(core::Messages& notice) {
  std::vector<double>& short_factor = d_.rope.short_factor;
  std::vector<double>& long_factor = d_.rope.long_factor;
  short_factor.clear();
  long_factor.clear();
  const auto& presets = core::model_presets();
  if (p_.short_text.empty() && p_.long_text.empty() && p_.model < static_cast<int>(presets.size())) {
    const core::ModelConfigResult r = core::parse_model_config(presets[p_.model].json);
    short_factor = r.config.short_factor;
    long_factor = r.config.long_factor;
  } else if (!split_numbers(p_.short_text, short_factor) || !split_numbers(p_.long_text, long_factor)) {
    notice.push_back(
        {"short_factor, long_factor: lists of positive numbers separated by commas; none used", {}});
    short_factor.clear();
    long_factor.clear();
  }
  const size_t want = static_cast<size_t>(d_.pairs);
  d_.has_longrope = long_factor.size() == want && short_factor.size() == want;
  if (!d_.has_longrope && !long_factor.empty())
    notice.push_back(
        {"LongRoPE's per-pair factors are for {0} pairs, but {1} pairs rotate now; LongRoPE is left out",
         {std::to_string(long_factor.size()), std::to_string(want)}});
  if (!d_.has_longrope) {
    short_factor.clear();
    long_factor.clear();
    if (p_.type == RopeType::LongRope)
      notice.push_back({"rope_type longrope needs per-pair factors from a config; showing yarn", {}});
  }
}

std::string ScalingLesson::export_stem() const {
  std::string s = std::string(kTypeNames[static_cast<int>(d_.type)]) + "_rd" + std::to_string(d_.rotary_dim) +
                  "_base" + format_number(p_.base);
  if (d_.type != RopeType::Default) s += "_s" + format_number(p_.factor) + "_L" + std::to_string(p_.original);
  if (d_.type == RopeType::Dynamic || d_.type == RopeType::LongRope) s += "_len" + std::to_string(p_.target);
  return s;
}

// inv_freq and the cos/sin cache as transformers builds it: emb = cat(freqs, freqs) (the halves
// layout of rotate_half), both multiplied by the attention factor.
void ScalingLesson::fill_cache() const {
  if (lazy_.cache_valid) return;
  core::RopeCacheSpec spec;
  spec.inv_freq = d_.current.inv_freq;
  spec.len = std::min(p_.target, kCacheRows);
  spec.attention_factor = d_.current.attention_factor;
  core::RopeCache c = core::rope_cache(spec);
  lazy_.cos = std::move(c.cos);
  lazy_.sin = std::move(c.sin);
  lazy_.cache_valid = true;
}

// The model picker: every preset by name, and the learner's own config once there is one.
void ScalingLesson::draw_picker(DrawContext& ctx) {
  const auto& presets = core::model_presets();
  const int yours = static_cast<int>(presets.size());
  ImGui::SetNextItemWidth(ui::label_column(tr(lang_, "Model"), 18));  // long names: a phone's whole line
  if (ImGui::BeginCombo("##model", model_name().c_str())) {
    for (int i = 0; i <= yours; ++i) {
      if (i == yours && p_.model != yours) break;  // "yours" only once the learner has given one
      const std::string label = i < yours ? std::string(tr(lang_, presets[i].label)) : model_name();
      if (ImGui::Selectable(label.c_str(), i == p_.model) && (i != p_.model || d_.edited)) {
        p_.model = i;
        applied_model_ = -1;  // re-apply, also after edits
        edited(ctx);
      }
    }
    ImGui::EndCombo();
  }
}

void ScalingLesson::draw_source() {
  const auto& presets = core::model_presets();
  if (p_.model >= static_cast<int>(presets.size())) return;
  // ImGui's own wrapping: a link has no spaces, and on a phone it must still break (mid-word).
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme_->muted));
  ImGui::TextWrapped("%s", trf(lang_, "Source: %s", presets[p_.model].source).c_str());
  ImGui::PopStyleColor();
}

void ScalingLesson::draw_config(DrawContext& ctx) {
  draw_picker(ctx);
  if (const char* open = "Open a config.json\xE2\x80\xA6"; ImGui::Button(tr(lang_, open)))
    ctx.open_file = open;
  paste_box(ctx, paste_.data(), paste_.size(),
            "or paste a whole config.json with Ctrl+V anywhere on this page, or into the box:",
            "On a touch screen, open the file with the button above; pasting needs a keyboard.",
            "Read the pasted config", 4);
  ImGui::Spacing();
  if (ImGui::BeginTable("read", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
    const auto row = [&](const char* key, const std::string& v) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(key);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(v.c_str());
    };
    row("head_dim", std::to_string(p_.head_dim));
    if (p_.nope > 0) row("qk_nope_head_dim", std::to_string(p_.nope));
    row("rotary_dim", trf(lang_, "%d (%d pairs)", d_.rotary_dim, d_.pairs));
    row("rope_theta", ui::short_number(p_.base, 9));
    row("rope_type", kTypeNames[static_cast<int>(d_.type)]);
    if (d_.type != RopeType::Default) row("factor", ui::short_number(p_.factor, 6));
    row(tr(lang_, "trained length L0"), std::to_string(p_.original));
    row(tr(lang_, "target length"), std::to_string(p_.target));
    row("attention_factor", ui::short_number(d_.current.attention_factor, 6));
    row(tr(lang_, "wavelengths"), trf(lang_, "%s … %s positions", positions(d_.wavelength(0)).c_str(),
                                      positions(d_.wavelength(d_.pairs - 1)).c_str()));
    ImGui::EndTable();
  }
  draw_source();
}

void ScalingLesson::draw_wavelengths(DrawContext& ctx) {
  draw_picker(ctx);
  std::vector<ui::Series> s = {ui::series(tr(lang_, "unscaled"), d_.wavelength)};
  if (d_.type != RopeType::Default)
    s.push_back(ui::series(trf(lang_, "with %s scaling", kTypeNames[static_cast<int>(d_.type)]),
                           d_.scaled_wavelength));
  s[0].thickness = 4.0f;
  for (size_t k = 0; k < s.size(); ++k)  // each method in its colour of the later steps
    s[k].color = method_color(k == 0 ? RopeType::Default : d_.type);
  ui::LinePlotOptions o = pair_plot("Wavelength 2π/θ_i of each pair (positions, log scale)", 16);
  o.log_y = true;
  o.y_markers.push_back({double(p_.original), trf(lang_, "trained length %d", p_.original), 0});
  o.y_markers.push_back({double(p_.target), trf(lang_, "target length %d", p_.target), 0});
  ui::line_plot("wavelengths", s, o, *theme_);
  ui::caption(tr(lang_, "Pairs above the trained length never completed a turn in training."), *theme_);
}

}  // namespace posenc::lessons::scaling_lesson
