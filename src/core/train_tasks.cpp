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

int sequence_length(const TaskSpec& spec, int n) { return spec.task == Task::KBack ? n : 2 * n + 1; }

int shortest_input(const TaskSpec& spec) { return spec.task == Task::KBack ? spec.k + 1 : 1; }

// <code id="train_example">
Example make_example(const TaskSpec& spec, const std::vector<int>& x) {
  const int n = static_cast<int>(x.size());
  Example e;
  if (spec.task == Task::KBack) {
    e.tokens = x;
    e.targets.assign(n, -1);
    for (int i = spec.k; i < n; ++i) e.targets[i] = x[i - spec.k];  // the token k places back
    return e;
  }
  std::vector<int> y = x;  // the answer for slots s₁ … sₙ
  if (spec.task == Task::Reverse) std::reverse(y.begin(), y.end());
  e.tokens = x;
  e.tokens.push_back(spec.sep());
  e.targets.assign(n + 1, -1);
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

}  // namespace posenc::core
