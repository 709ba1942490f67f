#include "train_tasks.hpp"

#include <algorithm>
#include <iterator>

#include "enum_names.hpp"

namespace posenc::core {

namespace {
constexpr const char* kTaskNames[] = {"copy", "reverse", "k_back"};  // by Task
static_assert(std::size(kTaskNames) == enum_count(Task::KBack));
}  // namespace

const char* task_name(Task task) { return enum_name(kTaskNames, task); }

std::optional<Task> task_from_name(std::string_view name) { return enum_from_name<Task>(kTaskNames, name); }

int sequence_length(const TaskSpec& spec, int n) {
  return spec.input_start() + (spec.task == Task::KBack ? n : 2 * n + 1);
}

int input_length(const TaskSpec& spec, const Example& e) {
  const int body = static_cast<int>(e.tokens.size()) - spec.input_start();
  return std::max(0, spec.task == Task::KBack ? body : (body - 1) / 2);
}

std::vector<int> input_of(const TaskSpec& spec, const Example& e) {
  const auto first =
      e.tokens.begin() + std::min<long>(spec.input_start(), static_cast<long>(e.tokens.size()));
  return {first, first + input_length(spec, e)};
}

int shortest_input(const TaskSpec& spec) { return spec.task == Task::KBack ? spec.k + 1 : 1; }

// <code id="train_example">
Example make_example(const TaskSpec& spec, const std::vector<int>& x) {
  const int n = static_cast<int>(x.size());
  Example e;
  if (spec.start_token) e.tokens.push_back(spec.start()), e.targets.push_back(-1);  // no target there
  e.tokens.insert(e.tokens.end(), x.begin(), x.end());
  if (spec.task == Task::KBack) {
    for (int i = 0; i < n; ++i) e.targets.push_back(i >= spec.k ? x[i - spec.k] : -1);  // k places back
    return e;
  }
  std::vector<int> y = x;  // the answer for slots s₁ … sₙ
  if (spec.task == Task::Reverse) std::reverse(y.begin(), y.end());
  e.tokens.push_back(spec.sep());
  e.targets.insert(e.targets.end(), n + 1, -1);
  for (int j = 0; j < n; ++j) {
    // Bidirectional: every slot is MASK. Causal: teacher forcing, slot j holds the answer before it.
    e.tokens.push_back(spec.causal && j > 0 ? y[j - 1] : spec.mask());
    e.targets.push_back(y[j]);
  }
  return e;
}
// </code>

Example random_example(const TaskSpec& spec, int n, Random& rng) {
  std::vector<int> x(n);
  for (int& t : x) t = rng.below(spec.vocab);
  return make_example(spec, x);
}

int target_count(const Example& e) {
  return static_cast<int>(std::count_if(e.targets.begin(), e.targets.end(), [](int t) { return t >= 0; }));
}

// Floyd's sampling: n draws give n distinct values of 0 … range − 1, every subset equally likely.
std::vector<int> random_positions(int n, int range, Random& rng) {
  n = std::clamp(n, 0, std::max(range, 0));
  std::vector<char> taken(static_cast<size_t>(std::max(range, 0)), 0);
  std::vector<int> out;
  out.reserve(n);
  for (int j = range - n; j < range; ++j) {
    const int t = rng.below(j + 1);
    const int pick = taken[t] ? j : t;
    taken[pick] = 1;
    out.push_back(pick);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// L, the range random positions are drawn from. Ruoss et al. 2023 (arXiv:2305.16843, §1 and Figure 1):
// with training lengths up to N and test lengths up to M, "all the positions N+1, …, M for test sequences
// of length up to M will appear out-of-distribution"; their encoding instead assigns "a random (ordered)
// positional encoding vector using the full range of possible test positions to each training example".
// So L must reach past the longest test sequence. They draw at test time too (experiments/
// range_evaluation.py line 101 applies the model with a fresh rng key; the draw is in the model), so
// here L = 2 × the longest sequence: even the longest test sequence gets a random subset, not simply
// 0 … M − 1. Their example script uses L = 2048 for training lengths up to 40 and tests up to 100
// (experiments/example.py lines 38, 73, 127), ≈ 20 × M; a larger L only spreads the positions further
// apart, and the 2-layer models here learned no better with it (2026-11-26, the lesson's defaults:
// reverse, causal, train_len 6, tests to 24, 2000 steps, seeds 1–3: mean token accuracy at 24 of 0.45,
// 0.40, 0.36 and 0.37 for L = 1, 2, 4 and 8 × M; the sinusoidal code 0.14 at seed 1). Capped at their
// 2048, but never below M itself.
int random_position_range(int longest) {
  longest = std::max(longest, 1);
  return std::max(longest, std::min(2 * longest, 2048));
}

}  // namespace posenc::core
