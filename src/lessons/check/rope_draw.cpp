// Lesson check, the RoPE part's visuals (steps rope-load, rope-verdict, rope-diff): the inputs (open,
// examples, what to compare with, the paste box), the sentence, the table of inferred against expected
// parameters, and the two difference heatmaps.
#include <imgui.h>

#include <algorithm>
#include <initializer_list>

#include "check_lesson.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons::check_lesson {

// The example picker and the config picker (every RoPE step); with `full`, the paste box and the
// state of a pair given as two files (the load step).
void CheckLesson::draw_rope_inputs(DrawContext& ctx, bool full) {
  const ui::Theme& t = *theme_;
  if (const char* open = "Open a .npy, .csv or config.json\xE2\x80\xA6"; ImGui::Button(tr(lang_, open)))
    ctx.open_file = open;
  if (ImGui::GetContentRegionAvail().x > ui::em(30)) ImGui::SameLine();  // on phones: its own line
  ImGui::SetNextItemWidth(ui::em(13));
  const std::vector<const char*>& ids = rope_example_ids();
  if (ImGui::BeginCombo("##rope_example", tr(lang_, "Load an example"))) {
    for (int i = 1; i < static_cast<int>(ids.size()); ++i)
      if (ImGui::Selectable(tr(lang_, core::rope_example_label(static_cast<core::RopeExample>(i - 1))),
                            cache_.example == i)) {
        p_.rope_example = i;
        if (p_.config == kDefaults) p_.config = kExampleModel;  // the examples are ports of that model
        edited(ctx);
      }
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(
      ui::label_column(tr(lang_, "Compare with"), 22));  // long names: a phone's whole line
  if (ImGui::BeginCombo("##config", config_label(p_.config).c_str())) {
    for (int k = 0; k <= yours_option(); ++k) {
      if (k == yours_option() && !yours_.have) break;  // "yours" once the learner has given one
      if (ImGui::Selectable(config_label(k).c_str(), k == p_.config) && k != p_.config) {
        p_.config = k;
        edited(ctx);
      }
    }
    ImGui::EndCombo();
  }
  if (full) {
    paste_box(ctx, paste_.data(), paste_.size(),
              "or paste with Ctrl+V anywhere on this page: the cos rows, a blank line, the sin rows (or a "
              "config.json):",
              "On a touch screen, open the files with the button above; pasting needs a keyboard:",
              "Check the pasted cache", 4);
    const Half& w = waiting_[0].have ? waiting_[0] : waiting_[1];
    if (w.have)
      ui::wrapped(
          trf(lang_, "Waiting for the %s table: %s (%d × %d) is in as the %s table.",
              waiting_[1].have ? "cos" : "sin", shown(w.name).c_str(), static_cast<int>(w.table.rows()),
              static_cast<int>(w.table.cols()), waiting_[1].have ? "sin" : "cos"),
          t, t.accent);
  }
  if (!rope_error_.empty()) ui::wrapped(ui::tr_message(lang_, rope_error_), t, t.warn);
  ImGui::Spacing();
}

bool CheckLesson::draw_nothing_yet() {
  if (cache_.have) return false;
  ui::caption(tr(lang_, "No cache yet: drop or open a file, paste one, or load an example."), *theme_);
  return true;
}

void CheckLesson::draw_rope_load(DrawContext& ctx) {
  draw_rope_inputs(ctx, true);
  if (draw_nothing_yet()) return;
  const ui::Theme& t = *theme_;
  ImGui::TextUnformatted(trf(lang_, "%s: cos and sin, %d × %d each", rope_source().c_str(),
                             static_cast<int>(cache_.cos.rows()), static_cast<int>(cache_.cos.cols()))
                             .c_str());
  ui::wrapped(rope_sentence(), t, t.strong, 0, t.bold);
  ui::HeatmapOptions o = position_rows("your cos table, as read");
  o.height = std::min(ImGui::GetContentRegionAvail().x * 0.5f, ui::em(12));
  ui::heatmap("read_cos", view_.read_cos, o, t, *ctx.textures);
}

void CheckLesson::draw_rope_verdict(DrawContext& ctx) {
  draw_rope_inputs(ctx, false);
  if (draw_nothing_yet()) return;
  const ui::Theme& t = *theme_;
  ui::wrapped(rope_sentence(), t, t.strong, 0, t.bold);
  if (!cache_.check.ok() || !cache_.refused.empty() || cache_.check.verdict == "not_rotation") return;
  ImGui::Spacing();
  draw_parameter_table(t);
  draw_pairs();
}

// θ_j pair by pair: the cache's against the reference's, log scale; the first pair that differs marked.
void CheckLesson::draw_pairs() {
  if (!cmp_.valid || cmp_.pairs.rows() < 2) return;
  ImGui::Spacing();
  const bool config = cmp_.with_config && !cmp_.fallback;
  std::vector<ui::Series> s = {
      ui::series(tr(lang_, "yours (measured)"), cmp_.pairs.col(1)),
      ui::series(config ? tr(lang_, "the config's") : tr(lang_, "the inferred parameters'"),
                 cmp_.pairs.col(2))};
  s[0].thickness = 3.5f;
  ui::LinePlotOptions o = plot("Frequency θ_j of each pair (radians per position, log scale)", "pair j", 12);
  o.log_y = true;
  if (cmp_.first_pair_off >= 0)
    o.markers.push_back({double(cmp_.first_pair_off),
                         trf(lang_, "%d pairs differ, from pair %d", cmp_.pairs_off, cmp_.first_pair_off),
                         0});
  ui::line_plot("pairs", s, o, *theme_);
}

// Inferred against expected, one row a parameter; the rows that differ in the warning colour.
void CheckLesson::draw_parameter_table(const ui::Theme& t) {
  if (!ImGui::BeginTable("inferred", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame)) return;
  ImGui::TableSetupColumn(tr(lang_, "parameter"));
  ImGui::TableSetupColumn(tr(lang_, "your cache"));
  ImGui::TableSetupColumn(cmp_.with_config ? tr(lang_, "the config") : tr(lang_, "the defaults"));
  ImGui::TableHeadersRow();
  using K = core::RopeDifferenceKind;
  const auto differs = [&](std::initializer_list<K> kinds) {
    for (const core::RopeDifference& d : cmp_.differences)
      for (K k : kinds)
        if (d.kind == k) return true;
    return false;
  };
  // Cells wrap (a phone's columns are narrow), the learner's values in the warning colour where they
  // differ.
  const auto row = [&](const char* name, const std::string& have, const std::string& want, bool bad) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ui::wrapped(tr(lang_, name), t, 0, 0, nullptr, 1.2f);
    ImGui::TableNextColumn();
    ui::wrapped(have, t, bad ? t.warn : 0, 0, nullptr, 1.2f);
    ImGui::TableNextColumn();
    ui::wrapped(want, t, 0, 0, nullptr, 1.2f);
  };
  const core::RopeCacheCheck& k = cache_.check;
  const core::RopeExpected& e = cmp_.expected;
  const bool c = cmp_.with_config;
  const int dim = static_cast<int>(cache_.cos.cols());
  const std::string half =
      "rotate_half (j, j + " + std::to_string(k.rotary_dim / 2) + ")";  // code, in every language
  // With several RoPE sets, the first row names the one the cache was compared with.
  if (c && cmp_.sets > 1) row("RoPE set", "–", set_name(cmp_.set_type, cmp_.set), false);
  row("pairs", k.layout == "interleaved" ? tr(lang_, "interleaved (2j, 2j+1)") : half, "rotate_half",
      differs({K::Layout, K::Sign, K::Swapped}));
  row("base", ui::short_number(k.base, 9),
      c ? ui::short_number(e.base, 9) : tr(lang_, "(the model's choice)"), differs({K::Base, K::Unknown}));
  row("row 0 is position", std::to_string(k.offset), "0", differs({K::Offset}));
  row("rotating columns", trf(lang_, "%d of %d", k.rotary_dim, dim),
      std::to_string(c ? e.init.rotary_dim : dim), differs({K::Rotary, K::Width}));
  row("scaling", scaling_text(lang_, k.rope_type, k.factor),
      c ? scaling_text(lang_, core::rope_type_name(e.init.rope_type), e.factor) : tr(lang_, "none"),
      differs({K::Scaling, K::Factor, K::Frequencies}));
  row("attention factor", ui::short_number(k.attention_factor, 6),
      ui::short_number(c ? e.init.attention_factor : 1.0, 6), differs({K::Attention}));
  row("angles formed in", k.precision, tr(lang_, "float32 or better"), differs({K::Precision}));
  row("left unexplained (max)", ui::short_number(k.max_error), "", differs({K::Mismatch}));
  ImGui::EndTable();
}

void CheckLesson::draw_rope_diff(DrawContext& ctx) {
  draw_rope_inputs(ctx, false);
  if (draw_nothing_yet()) return;
  const ui::Theme& t = *theme_;
  if (!cmp_.valid) {
    ui::wrapped(rope_sentence(), t, t.warn);
    return;
  }
  ui::residual(tr(lang_, "max |yours − reference| ="), cmp_.max_diff, 1e-6, t);
  const float h = std::min(ImGui::GetContentRegionAvail().x * 0.45f, ui::em(narrow_ ? 11 : 13));
  const auto map = [&](const char* id, const char* title, ui::HeatmapImage& img, const Eigen::MatrixXd& yours,
                       const Eigen::MatrixXd& diff, bool sin) {
    ui::HeatmapOptions o = position_rows(title);
    o.height = h;
    if (cmp_.worst_in_sin == sin) o.mark_row = cmp_.worst_row, o.mark_col = cmp_.worst_col;
    o.hover_extra = [this, &yours, &diff](int r, int c) {
      return trf(lang_, "yours %s, reference %s", ui::short_number(yours(r, c), 4).c_str(),
                 ui::short_number(yours(r, c) - diff(r, c), 4).c_str());
    };
    ui::heatmap(id, img, o, t, *ctx.textures);
  };
  map("rope_cos", "cos: yours − reference", view_.rope_cos, cache_.cos, cmp_.diff_cos, false);
  map("rope_sin", "sin: yours − reference", view_.rope_sin, cache_.sin, cmp_.diff_sin, true);
}

}  // namespace posenc::lessons::check_lesson
