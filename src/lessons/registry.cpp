// The walkthrough: every lesson, in order, with its content stem and the core code it shows.
#include "lesson.hpp"

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
std::unique_ptr<Lesson> create_scaling();
std::unique_ptr<Lesson> create_in_practice();
std::unique_ptr<Lesson> create_train();
std::unique_ptr<Lesson> create_beyond_1d();
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
      {"scaling", "11-scaling", create_scaling, {"rope_dynamic", "rope_yarn", "rope_llama3"}},
      {"in-practice",
       "12-in-practice",
       create_in_practice,
       {"hf_permute", "position_ids", "dynamic_cache", "partial_rotary", "angle_precision"}},
      {"train", "13-train", create_train, {"train_example", "train_step", "bag_of_tokens"}},
      {"beyond-1d",
       "14-beyond-1d",
       create_beyond_1d,
       {"causal_attention", "counting_heads", "rope_2d", "mrope_position_ids", "mrope_rotate"}},
      {"check", "15-check", create_check, {"check_table", "check_rope", "rope_cache"}},
  };
  return table;
}

int find_lesson(std::string_view id) {
  const auto& t = lesson_table();
  for (int i = 0; i < static_cast<int>(t.size()); ++i)
    if (t[i].id == id) return i;
  return -1;
}

}  // namespace posenc::lessons
