#include "lesson.hpp"

#include <algorithm>

#include "ui/strings.hpp"

namespace posenc::lessons {

std::unique_ptr<Lesson> create_order();
std::unique_ptr<Lesson> create_naive();
std::unique_ptr<Lesson> create_sinusoidal();
std::unique_ptr<Lesson> create_frequencies();
std::unique_ptr<Lesson> create_clock();
std::unique_ptr<Lesson> create_offsets();
std::unique_ptr<Lesson> create_sum_vs_concat();
std::unique_ptr<Lesson> create_relative();
std::unique_ptr<Lesson> create_rope();
std::unique_ptr<Lesson> create_extrapolation();
std::unique_ptr<Lesson> create_check();

const std::vector<LessonEntry>& lesson_table() {
  static const std::vector<LessonEntry> table = {
      {"order", "01-order", create_order, {"self_attention", "softmax_rows", "run_order_experiment"}},
      {"naive", "02-naive", create_naive, {"binary_encoding"}},
      {"sinusoidal", "03-sinusoidal", create_sinusoidal, {"sinusoidal_row", "frequency"}},
      {"frequencies", "04-frequencies", create_frequencies, {"frequency"}},
      {"clock", "05-clock", create_clock, {"distance_by_offset"}},
      {"offsets", "06-offsets", create_offsets, {"pe_dot", "shift_map"}},
      {"sum-vs-concat", "07-sum-vs-concat", create_sum_vs_concat, {"cosine_stats"}},
      {"relative", "08-relative", create_relative, {"relative_attention"}},
      {"rope", "09-rope", create_rope, {"rope_rotate", "rope_decay"}},
      {"extrapolation", "10-extrapolation", create_extrapolation, {"alibi_slopes", "t5_bucket", "ntk_base"}},
      {"check", "11-check", create_check, {"check_table"}},
  };
  return table;
}

int find_lesson(std::string_view id) {
  const auto& t = lesson_table();
  for (int i = 0; i < static_cast<int>(t.size()); ++i)
    if (t[i].id == id) return i;
  return -1;
}

void Lesson::edited(DrawContext& ctx) {
  const std::string notice = update();
  if (!notice.empty()) ctx.notice = notice;
  ctx.edited = true;
}

float Lesson::controls_section(const DrawContext& ctx) {
  const std::string label = std::string(ui::text(ui::Text::Controls, ctx.lang)) + "###controls";
  if (!ImGui::CollapsingHeader(label.c_str(), ctx.compact ? 0 : ImGuiTreeNodeFlags_DefaultOpen)) return 0;
  return std::min(ImGui::GetContentRegionAvail().x, ui::em(26));
}

SetOutcome set_param(Lesson& lesson, std::string_view name, std::string_view value) {
  Setter setter(name, value);
  lesson.visit(setter);
  SetOutcome out = setter.outcome();
  if (out.changed) {
    const std::string fix = lesson.update();
    if (!fix.empty()) out.notice = out.notice.empty() ? fix : out.notice + "; " + fix;
  }
  return out;
}

std::vector<ParamValue> read_params(Lesson& lesson) {
  Reader reader;
  lesson.visit(reader);
  return std::move(reader.values);
}

}  // namespace posenc::lessons
