// Lesson check, the sinusoidal part (steps load, verdict, diff): a table read from a file, pasted or
// loaded as an example is compared with core's reference of the same shape at the learner's base; the
// verdict names the known bug it matches, the heatmap shows where it differs.
#include <imgui.h>

#include <algorithm>

#include "check_lesson.hpp"
#include "core/table_file.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons::check_lesson {
namespace {

const std::vector<const char*> kExamples = {"correct",    "half layout",       "sin/cos swapped",
                                            "exponent i", "length in divisor", "positions from 1",
                                            "base 500000"};

}  // namespace

void CheckLesson::say_table() {
  say("loaded", [this] { return d_.have; });
  say("shape", [this] { return shape(d_.have, d_.table); });
  say("source", [this] { return d_.have ? source() : tr(lang_, "nothing loaded"); });
  say("max_error", [this] { return d_.have ? ui::short_number(d_.result.max_error) : "–"; });
  // The sentence the visual shows, never an id.
  say("verdict", [this] { return d_.have ? verdict() : "–"; });
}

core::Messages CheckLesson::receive_table(const std::string& file, const unsigned char* bytes,
                                          std::size_t size) {
  const core::TableFile f = core::parse_table(bytes, size);
  if (!f.ok()) {
    // The verdict on the table before would stand under a file that was not read: it goes.
    d_.error = f.error;
    d_.have = false;
    return {{"{0}: {1}", {shown(file), ui::tr_message(lang_, f.error)}}};
  }
  d_.source = file;
  d_.example = -1;
  d_.error = {};
  d_.table = f.data;
  d_.have = true;
  d_.checked_base = 0;
  update();
  return {{"{0}: {1} × {2} loaded",
           {source(), std::to_string(d_.table.rows()), std::to_string(d_.table.cols())}}};
}

std::string CheckLesson::source() const {
  if (d_.example >= 0) return trf(lang_, "example: %s", tr(lang_, kExamples[d_.example]));
  return shown(d_.source);
}

// Every step: the inputs, then the verdict or the difference heatmap once a table is in.
void CheckLesson::draw_step(DrawContext& ctx, bool diff) {
  const ui::Theme& t = *theme_;
  draw_inputs(ctx, t);
  ImGui::Spacing();
  if (!d_.have)
    ui::caption(
        tr(lang_, "No table yet: drop a file on the page, open one, paste numbers, or load an example."), t);
  else if (diff)
    draw_diff(ctx, t);
  else
    draw_verdict(t);
}

void CheckLesson::load_example(int which) {
  using B = core::BugKind;  // in the order of kExamples
  constexpr B kBugs[] = {B::None,          B::HalfLayout, B::Swapped,  B::ExponentI,
                         B::LengthDivisor, B::StartAt1,   B::OtherBase};
  const Eigen::MatrixXd m = core::buggy_table(kBugs[which], {50, 16, p_.base, 500000.0});
  d_.table = m;
  d_.have = true;
  d_.error = {};
  d_.source.clear();
  d_.example = which;
  d_.checked_base = 0;
  update();
}

void CheckLesson::draw_inputs(DrawContext& ctx, const ui::Theme& t) {
  if (const char* open = "Open a .npy or .csv file\xE2\x80\xA6"; ImGui::Button(tr(lang_, open)))
    ctx.open_file = open;
  if (ImGui::GetContentRegionAvail().x > ui::em(26)) ImGui::SameLine();  // on phones: its own line
  ImGui::SetNextItemWidth(ui::em(11));
  if (ImGui::BeginCombo("##example", tr(lang_, "Load an example"))) {
    for (int i = 0; i < static_cast<int>(kExamples.size()); ++i)
      if (ImGui::Selectable(tr(lang_, kExamples[i]))) {
        load_example(i);
        ctx.edited = true;
      }
    ImGui::EndCombo();
  }
  paste_box(
      ctx, paste_.data(), paste_.size(),
      "or paste numbers with Ctrl+V anywhere on this page, or type them, one row per line:",
      "On a touch screen, open a file with the button above; pasting or typing numbers needs a keyboard:",
      "Check the pasted numbers", 5);
  if (!d_.error.empty()) {
    ui::wrapped(ui::tr_message(lang_, d_.error), t, t.warn);
  }
}

// The verdict in the learner's language: core's sentence frames and candidate messages through the
// label table (the other-base message is rebuilt with its numbers).
std::string CheckLesson::verdict() const {
  const core::VerdictWords words{
      tr(lang_, "Your table %s."), tr(lang_, " Equivalently, it %s."),
      tr(lang_, "No known bug explains the difference (largest %s). Closest guess: it %s (off by %s)."),
      tr(lang_,
         "No known bug explains the difference (largest %s): it is nearest the correct table, and none of "
         "the "
         "classic mistakes comes closer.")};
  return core::verdict_sentence(d_.result, words, [this](const core::Candidate& c) {
    if (lang_ == 0) return c.message;
    if (c.id == "base")
      return trf(lang_, "uses base %s instead of %s", c.label.substr(5).c_str(),
                 ui::short_number(p_.base, 9).c_str());
    return std::string(tr(lang_, c.message.c_str()));
  });
}

void CheckLesson::draw_verdict(const ui::Theme& t) {
  const int rows = static_cast<int>(d_.table.rows()), cols = static_cast<int>(d_.table.cols());
  ImGui::TextUnformatted(trf(lang_, "%s: %d × %d", source().c_str(), rows, cols).c_str());
  ui::residual(tr(lang_, "max |yours − reference| ="), d_.result.max_error, 1e-9, t);
  ui::wrapped(verdict(), t, t.strong, 0, t.bold);
  if (!ImGui::BeginTable("candidates", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp))
    return;
  ImGui::TableSetupColumn(tr(lang_, "hypothesis"));
  ImGui::TableSetupColumn(tr(lang_, "max difference"));
  ImGui::TableHeadersRow();
  std::vector<core::Candidate> sorted = d_.result.candidates;
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.error < b.error; });
  for (const core::Candidate& c : sorted) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    // Candidate labels are core's names ("halves layout", "base 100"), said through the catalogue.
    const std::string label = c.label.rfind("base ", 0) == 0
                                  ? trf(lang_, "base %s", c.label.substr(5).c_str())
                                  : tr(lang_, c.label.c_str());
    ImGui::TextUnformatted(label.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(ui::short_number(c.error).c_str());
  }
  ImGui::EndTable();
}

void CheckLesson::draw_diff(DrawContext& ctx, const ui::Theme& t) {
  ui::HeatmapOptions o = position_rows("yours − reference");
  o.height = std::min(ImGui::GetContentRegionAvail().x * 0.7f, ui::em(18));
  o.hover_extra = [this](int r, int c) {
    return trf(lang_, "yours %s, reference %s", ui::short_number(d_.table(r, c), 4).c_str(),
               ui::short_number(d_.table(r, c) - d_.result.diff(r, c), 4).c_str());
  };
  ui::heatmap("diff", view_.diff, o, t, *ctx.textures);
}

}  // namespace posenc::lessons::check_lesson
