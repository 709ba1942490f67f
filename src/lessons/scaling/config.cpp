// Lesson scaling, the config and its wavelengths (steps config, wavelengths): a preset or the learner's
// config.json sets the parameters, LongRoPE's per-pair lists travel in links as text, and the config's
// inv_freq and cos/sin cache are what the step exports. The model read also gives its layers: the RoPE
// set each applies (a strip of cells, said as text for the step and screen readers) and every set's
// wavelengths.
#include <algorithm>
#include <cmath>

#include "core/rope_cache.hpp"
#include "scaling_lesson.hpp"
#include "ui/cell_strip.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

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

// The placeholders of the config and its wavelengths. After a file that was not read, the config step
// says so and nothing of the model before ("read" and the conditions the step's model sentences need).
void ScalingLesson::say_config() {
  say("model_name", [this] { return model_name(); });
  say("failed", [this] { return failed(); });
  say("read", [this] { return !failed(); });
  say("load_error", [this] {  // shown only after a file that was not read
    return failed() ? ui::tr_message(lang_, load_error_) : std::string("\xE2\x80\x94");  // —
  });
  say("type", [this] { return kTypeNames[static_cast<int>(d_.type)]; });  // the type computed
  say("scaled", [this] { return d_.type != RopeType::Default; });
  const auto proportional = [this] { return d_.type == RopeType::Proportional; };
  say("model_scaled", [=] { return !failed() && d_.type != RopeType::Default && !proportional(); });
  say("model_unscaled", [this] { return !failed() && d_.type == RopeType::Default; });
  say("model_proportional", [=] { return !failed() && proportional(); });
  say("rotary_dim", [this] { return d_.rotary_dim; });
  say("pairs", [this] { return d_.pairs; });
  say("last_pair", [this] { return d_.pairs - 1; });
  say("partial", [this] { return !failed() && d_.rotary_dim < p_.head_dim; });
  // The layers and the sets.
  say("has_layers", [this] { return !model_.layer_set.empty(); });
  say("no_layers", [this] { return !failed() && model_.layer_set.empty() && d_.sets.size() <= 1; });
  say("layers", [this] { return static_cast<int>(model_.layer_set.size()); });
  say("layer_runs", [this] {  // shown only with layers
    return model_.layer_set.empty() ? std::string("\xE2\x80\x94") : layer_runs();
  });
  say("multi_set", [this] { return d_.sets.size() > 1; });
  say("main_type", [this] {  // shown only with two sets or more
    return d_.sets.empty() ? std::string("\xE2\x80\x94") : d_.sets[model_.main].layer_type;
  });
  say("multi_distinct", [this] { return d_.colors > 1; });
  say("all_same_sets", [this] { return d_.sets.size() > 1 && d_.colors == 1; });
  say("some_same_sets", [this] { return d_.colors > 1 && d_.colors < static_cast<int>(d_.sets.size()); });
  say("has_none", [this] { return model_.none_layers > 0; });
  say("none_layers", [this] { return model_.none_layers; });
  say("longer", [this] { return p_.target > p_.original; });
  say("new_angles", [this] { return p_.target > p_.original && d_.never_turn > 0; });
  say("all_turned", [this] { return p_.target > p_.original && d_.never_turn == 0; });
  say("cache_rows", [this] { return std::min(p_.target, kCacheRows); });
  // The cache's rows are a shorter sequence than the target: LongRoPE takes its short factors there.
  say("cache_short", [this] {
    return d_.type == RopeType::LongRope && std::min(p_.target, kCacheRows) <= p_.original &&
           p_.target > p_.original;
  });
  say("af", [this] { return num(d_.current.attention_factor); });
  say("fast_wavelength", [this] { return positions(d_.wavelength(0)); });
  say("slow_wavelength", [this] { return positions(d_.wavelength(d_.pairs - 1)); });
  say("length_ratio", [this] { return num(double(p_.target) / p_.original); });
  say("mla", [this] { return !failed() && p_.nope > 0; });
  say("mla_dim", [this] { return p_.nope + d_.rotary_dim; });
  say("never_turn", [this] { return d_.never_turn; });
  say("stretched", [this] {
    int k = 0;
    for (int i = 0; i < d_.pairs; ++i) k += d_.scaled_wavelength(i) > d_.wavelength(i) * (1 + 1e-12);
    return k;
  });
}

std::string identity_name(const core::ModelIdentity& id, const std::string& label) {
  if (!id.name_or_path.empty()) return id.name_or_path;
  if (!label.empty()) return label;
  if (!id.architectures.empty()) return id.architectures.front();
  return id.model_type;
}

// The model as its config names it; a file that names nothing by its file name (a plain "config.json"
// or a paste: "your config.json").
std::string ScalingLesson::model_name() const {
  if (failed()) return failed_name_ == "pasted text" ? std::string(tr(lang_, "pasted text")) : failed_name_;
  const auto& presets = core::model_presets();
  const bool preset = p_.model < static_cast<int>(presets.size());
  std::string name = identity_name(model_.identity, preset ? tr(lang_, presets[p_.model].label) : "");
  if (name.empty())
    name = yours_name_.empty() || yours_name_ == "pasted text" || yours_name_ == "config.json"
               ? tr(lang_, "your config.json")
               : yours_name_;
  if (d_.edited) name = trf(lang_, "%s (edited)", name.c_str());
  return name;
}

// What a parsed config says besides the set the parameters take: its identity, sets and layers.
void ScalingLesson::read_model(const core::ModelConfigResult& r) {
  model_ = {};
  model_.have = true;
  model_.identity = r.identity;
  model_.sets = r.sets;
  const auto full = std::find_if(r.sets.begin(), r.sets.end(),
                                 [](const core::RopeSet& s) { return s.layer_type == "full_attention"; });
  model_.main = full == r.sets.end() ? 0 : static_cast<int>(full - r.sets.begin());  // as r.config is
  model_.set_layers.assign(r.sets.size(), 0);
  for (const std::string& t : r.layer_types) {
    const auto at =
        std::find_if(r.sets.begin(), r.sets.end(), [&](const core::RopeSet& s) { return s.layer_type == t; });
    const int k = t == "none" || at == r.sets.end() ? -1 : static_cast<int>(at - r.sets.begin());
    model_.layer_set.push_back(k);
    if (k >= 0)
      ++model_.set_layers[k];
    else
      ++model_.none_layers;
    if (model_.runs.empty() || model_.runs.back().set != k) {
      const int i = static_cast<int>(model_.layer_set.size()) - 1;
      model_.runs.push_back({i, i, k});
    } else {
      ++model_.runs.back().last;
    }
  }
  // The shortest period of two runs or more that repeats from layer 0 at least twice over the most
  // layers (Gemma 3: five sliding, one full; Llama 4: three with RoPE, one without).
  const std::vector<int>& L = model_.layer_set;
  const int n = static_cast<int>(L.size());
  int best = 0;
  if (model_.runs.size() > 2)
    for (int p = 2; 2 * p <= n; ++p) {
      if (std::all_of(L.begin() + 1, L.begin() + p, [&](int k) { return k == L[0]; })) continue;  // one run
      int k = 1;
      while ((k + 1) * p <= n && std::equal(L.begin(), L.begin() + p, L.begin() + k * p)) ++k;
      if (k >= 2 && k * p > best) best = k * p, model_.period = p, model_.repeats = k;
    }
  model_.temperature = r.temperature;
  model_.query_scaling = r.query_scaling;
}

// The sets as shown: the main one as the parameters set it, the others as read; identical ones (the
// same frequencies and attention factor) share a colour.
void ScalingLesson::update_sets() {
  d_.sets.clear();
  d_.colors = 0;
  for (int k = 0; k < static_cast<int>(model_.sets.size()); ++k) {
    const core::RopeConfig& c = model_.sets[k].config;
    SetView v;
    v.layer_type = model_.sets[k].layer_type;
    if (k == model_.main) {
      v.type = d_.type;
      v.theta = p_.base;
      v.factor = p_.factor;
      v.rotary_dim = d_.rotary_dim;
      v.inv_freq = d_.current.inv_freq;
      v.attention_factor = d_.current.attention_factor;
    } else {
      const core::RopeInit init = core::rope_init(c, p_.target);
      v.type = c.rope_type;
      v.theta = c.rope_theta;
      v.factor = c.factor;
      v.rotary_dim = core::rope_rotary_dim(c);
      v.inv_freq = init.inv_freq;
      v.attention_factor = init.attention_factor;
    }
    v.wavelength = core::rope_wavelengths(v.inv_freq);
    v.color = -1;
    for (const SetView& u : d_.sets)
      if (u.inv_freq.size() == v.inv_freq.size() &&
          ((u.inv_freq - v.inv_freq).cwiseAbs().array() <= 1e-12 * u.inv_freq.cwiseAbs().array()).all() &&
          std::abs(u.attention_factor - v.attention_factor) <= 1e-12) {
        v.color = u.color;
        break;
      }
    if (v.color < 0) v.color = d_.colors++;
    d_.sets.push_back(std::move(v));
  }
}

// Colour k of the strip and of the sets' curves.
ImU32 ScalingLesson::set_color(int k) {
  static const ImU32 colors[] = {IM_COL32(0, 114, 178, 255), IM_COL32(213, 94, 0, 255),
                                 IM_COL32(0, 158, 115, 255), IM_COL32(204, 121, 167, 255)};
  return k < 4 ? colors[k] : ui::palette(k);
}

// A set by its attention type, with its base the first time it is named.
std::string ScalingLesson::set_name(int set, bool with_theta) const {
  if (set < 0) return tr(lang_, "no RoPE");
  const SetView& v = d_.sets[set];
  return with_theta ? trf(lang_, "%s (θ %s)", v.layer_type.c_str(), ui::short_number(v.theta, 9).c_str())
                    : v.layer_type;
}

std::string ScalingLesson::layer_count(int n) const {
  return n == 1 ? trf(lang_, "%d layer", n) : trf(lang_, "%d layers", n);
}

// The strip in words, run by run (layers counted from 1), a repeating pattern said once; worded again
// only after a change or in another language.
const std::string& ScalingLesson::layer_runs() const {
  if (lazy_.runs_lang == lang_) return lazy_.runs;
  lazy_.runs_lang = lang_;
  std::string& out = lazy_.runs;
  out.clear();
  std::vector<bool> named(d_.sets.size(), false);
  const auto name = [&](int set) {
    const bool first = set >= 0 && !named[set];
    if (set >= 0) named[set] = true;
    return set_name(set, first);
  };
  const auto span = [&](int first, int last, const std::string& what) {
    return first == last ? trf(lang_, "layer %d: %s", first + 1, what.c_str())
                         : trf(lang_, "layers %d–%d: %s", first + 1, last + 1, what.c_str());
  };
  const std::string sep = trf(lang_, "%s; %s", "", "");  // "; " or "；"
  const auto add = [&](const std::string& part) { out += (out.empty() ? "" : sep) + part; };
  int from = 0;
  if (model_.period > 0) {
    std::string pattern;
    for (const ModelRead::Run& r : model_.runs) {
      if (r.first >= model_.period) break;
      const int count = std::min(r.last, model_.period - 1) - r.first + 1;  // a run may go on past it
      const std::string one = trf(lang_, "%d × %s", count, name(r.set).c_str());
      pattern += pattern.empty() ? one : trf(lang_, ", then %s", one.c_str());
    }
    from = model_.period * model_.repeats;
    add(trf(lang_, "layers %d–%d: %s, %d times over", 1, from, pattern.c_str(), model_.repeats));
  }
  for (const ModelRead::Run& r : model_.runs)
    if (r.last >= from) add(span(std::max(r.first, from), r.last, name(r.set)));
  return out;
}

// A set's entry in the strip's key: its type, rope_type, base, rotary width and layers.
std::string ScalingLesson::set_key(const SetView& v, int layers) const {
  std::string type = core::rope_type_name(v.type);
  if (v.type != RopeType::Default && v.factor > 0 && v.factor != 1)
    type += " \xC3\x97" + ui::short_number(v.factor, 4);  // ×
  return trf(lang_, "%s · %s · θ %s · %d rotary dims", v.layer_type.c_str(), type.c_str(),
             ui::short_number(v.theta, 9).c_str(), v.rotary_dim) +
         " · " + layer_count(layers);
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
  load_error_ = {};  // a model chosen: a file not read before is no longer the subject
  model_ = {};
  const auto& presets = core::model_presets();
  if (model >= static_cast<int>(presets.size())) {  // "yours" from a link: the parameters are the config
    preset_params_ = p_;
    return;
  }
  const core::ModelConfigResult r = core::parse_model_config(presets[model].json);
  if (!r.ok()) {  // the presets are tested to parse; never leave the parameters half set
    notice.push_back(r.error);
    return;
  }
  read_model(r);
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
  // The cache transformers builds for a sequence of that many tokens: LongRoPE's short factors and dynamic
  // NTK's own base up to the original length (modeling_rope_utils.py dynamic_rope_update), whatever the
  // target length the inv_freq export is at.
  core::RopeCacheSpec spec;
  spec.len = std::min(p_.target, kCacheRows);
  const core::RopeInit at_len = core::rope_init(config_for(d_.type), spec.len);
  spec.inv_freq = at_len.inv_freq;
  spec.attention_factor = at_len.attention_factor;
  core::RopeCache c = core::rope_cache(spec);
  lazy_.cos = std::move(c.cos);
  lazy_.sin = std::move(c.sin);
  lazy_.cache_valid = true;
}

// The model picker: every preset by name, and the learner's own config once there is one.
void ScalingLesson::draw_picker(DrawContext& ctx) {
  const auto& presets = core::model_presets();
  const int yours = static_cast<int>(presets.size());
  // A preset by its label, the learner's config by the name it gives, a file not read as such.
  std::string shown = failed()           ? trf(lang_, "%s (not read)", model_name().c_str())
                      : p_.model < yours ? std::string(tr(lang_, presets[p_.model].label))
                                         : model_name();
  if (p_.model < yours && d_.edited) shown = trf(lang_, "%s (edited)", shown.c_str());
  ImGui::SetNextItemWidth(ui::label_column(tr(lang_, "Model"), 18));  // long names: a phone's whole line
  if (ImGui::BeginCombo("##model", shown.c_str())) {
    for (int i = 0; i <= yours; ++i) {
      if (i == yours && p_.model != yours) break;  // "yours" only once the learner has given one
      const std::string label = i < yours ? std::string(tr(lang_, presets[i].label)) : shown;
      if (ImGui::Selectable(label.c_str(), i == p_.model) && (i != p_.model || d_.edited)) {
        p_.model = i;
        applied_model_ = -1;  // re-apply, also after edits
        edited(ctx);
      }
    }
    ImGui::EndCombo();
  }
  if (failed() && ctx.step_id != "config")  // the curves are not the file's: it was not read
    ui::caption(trf(lang_, "%s was not read: the curves are those of the controls, kept from before.",
                    model_name().c_str())
                    .c_str(),
                *theme_);
}

void ScalingLesson::draw_source() {
  const auto& presets = core::model_presets();
  if (p_.model >= static_cast<int>(presets.size())) return;
  // ImGui's own wrapping: a link has no spaces, and on a phone it must still break (mid-word).
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme_->muted));
  ImGui::TextWrapped("%s", trf(lang_, "Source: %s", presets[p_.model].source).c_str());
  ImGui::PopStyleColor();
}

// Each layer as a cell coloured by its RoPE set, hatched where it applies none; the key names each set.
void ScalingLesson::draw_layers() {
  const int n = static_cast<int>(model_.layer_set.size());
  if (n == 0) return;
  std::vector<ImU32> colors;
  ui::CellStripOptions o;
  for (size_t k = 0; k < d_.sets.size(); ++k) {
    colors.push_back(set_color(d_.sets[k].color));
    o.key.push_back({colors.back(), set_key(d_.sets[k], model_.set_layers[k])});
  }
  if (model_.none_layers > 0)
    o.key.push_back({0, trf(lang_, "no RoPE · %s", layer_count(model_.none_layers).c_str())});
  const std::string title = trf(lang_, "The RoPE set of each of the %d layers", n);
  o.title = title.c_str();
  o.hover = [this, n](int i) {
    const int k = model_.layer_set[i];
    return trf(lang_, "layer %d of %d", i + 1, n) + "\n" +
           (k < 0 ? std::string(tr(lang_, "no RoPE"))
                  : trf(lang_, "%s · θ %s", d_.sets[k].layer_type.c_str(),
                        ui::short_number(d_.sets[k].theta, 9).c_str()));
  };
  ui::cell_strip("layers", model_.layer_set, colors, o, *theme_);
}

namespace {

// The hover line of the sets' plot: each different set's θ_i at the pair under the mouse.
std::string set_frequencies(double x, const void* user) {
  const auto* lines = static_cast<const std::vector<std::pair<std::string, const Eigen::VectorXd*>>*>(user);
  const long i = std::lround(x);
  std::string out;
  for (const auto& [name, inv_freq] : *lines)
    if (i >= 0 && i < inv_freq->size())
      out += (out.empty() ? "" : "   ") + name + ": θ_i = " + ui::short_number((*inv_freq)(i), 4);
  return out;
}

}  // namespace

// The wavelengths of every different set, in the strip's colours (drawn when there are two or more).
void ScalingLesson::draw_set_wavelengths() {
  if (d_.colors < 2) return;
  std::vector<ui::Series> s;
  std::vector<std::pair<std::string, const Eigen::VectorXd*>> lines;  // for the hover, during line_plot
  double lo = 1e300, hi = 0;                                          // the wavelengths drawn
  for (int c = 0; c < d_.colors; ++c) {
    std::string types;
    const SetView* first = nullptr;
    for (const SetView& v : d_.sets)
      if (v.color == c) {
        types += (types.empty() ? "" : ", ") + v.layer_type;
        if (!first) first = &v;
      }
    // The pairs that turn (proportional leaves the last ones still: no wavelength).
    const Eigen::VectorXd& w = first->wavelength;
    Eigen::Index turning = 0;
    while (turning < w.size() && std::isfinite(w(turning))) ++turning;
    s.push_back(ui::series(trf(lang_, "%s (θ %s)", types.c_str(), ui::short_number(first->theta, 9).c_str()),
                           w.head(turning)));
    s.back().color = set_color(c);
    lines.emplace_back(types, &first->inv_freq);
    for (Eigen::Index i = 0; i < turning; ++i) lo = std::min(lo, w(i)), hi = std::max(hi, w(i));
  }
  ui::LinePlotOptions o = pair_plot("Wavelength 2π/θ_i of each RoPE set (positions, log scale)", 15);
  o.log_y = true;
  o.fix_y = true;  // room above the curves and the trained length's line: its label, the legend
  o.y_min = lo / 2;
  o.y_max = std::max(hi, double(p_.original)) * 50;
  o.y_markers.push_back({double(p_.original), trf(lang_, "original length %d", p_.original), 0});
  o.hover_extra = set_frequencies;
  o.hover_user = &lines;
  ui::line_plot("sets", s, o, *theme_);
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
  if (failed()) {  // nothing of the model before stays on screen
    ui::wrapped(
        trf(lang_, "%s was not read: %s", model_name().c_str(), ui::tr_message(lang_, load_error_).c_str()),
        *theme_, theme_->warn);
    ui::caption(tr(lang_, "Pick a model, or open, drop or paste another config.json."), *theme_);
    return;
  }
  draw_layers();
  ImGui::Spacing();
  if (d_.sets.size() > 1)
    ui::heading(trf(lang_, "The %s set, as the controls set it", d_.sets[model_.main].layer_type.c_str()),
                *theme_);
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
    row(tr(lang_, "original length L0"), std::to_string(p_.original));
    row(tr(lang_, "target length"), std::to_string(p_.target));
    row("attention_factor", ui::short_number(d_.current.attention_factor, 6));
    row(tr(lang_, "wavelengths"), trf(lang_, "%s … %s positions", positions(d_.wavelength(0)).c_str(),
                                      positions(d_.wavelength(d_.pairs - 1)).c_str()));
    ImGui::EndTable();
  }
  ImGui::Spacing();
  draw_set_wavelengths();
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
  o.y_markers.push_back({double(p_.original), trf(lang_, "original length %d", p_.original), 0});
  o.y_markers.push_back({double(p_.target), trf(lang_, "target length %d", p_.target), 0});
  ui::line_plot("wavelengths", s, o, *theme_);
  ui::caption(tr(lang_, "Pairs above L0 never complete a turn within it."), *theme_);
}

}  // namespace posenc::lessons::scaling_lesson
