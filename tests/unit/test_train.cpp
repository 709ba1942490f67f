// Lesson `train`'s core: the tasks' sequences.
#include <doctest/doctest.h>

#include <vector>

#include "core/train_tasks.hpp"

using namespace posenc::core;

TEST_CASE("train tasks: copy, reverse and k_back sequences, worked out by hand") {
  TaskSpec s;
  s.vocab = 5;  // SEP = 5, MASK = 6
  const std::vector<int> x = {3, 1, 4, 1};
  const int N = -1;
  s.task = Task::Copy;
  Example e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{3, 1, 4, 1, 5, 6, 6, 6, 6});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, 3, 1, 4, 1});
  s.task = Task::Reverse;
  e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{3, 1, 4, 1, 5, 6, 6, 6, 6});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, 1, 4, 1, 3});
  s.causal = true;  // teacher forcing: slot j holds the answer of slot j − 1
  e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{3, 1, 4, 1, 5, 6, 1, 4, 1});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, 1, 4, 1, 3});
  s.task = Task::Copy;
  e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{3, 1, 4, 1, 5, 6, 3, 1, 4});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, 3, 1, 4, 1});
  s.task = Task::KBack;
  s.k = 2;
  for (bool causal : {false, true}) {
    s.causal = causal;
    e = make_example(s, x);
    CHECK(e.tokens == x);
    CHECK(e.targets == std::vector<int>{N, N, 3, 1});
  }
  CHECK(sequence_length(s, 4) == 4);
  CHECK(shortest_input(s) == 3);
  s.task = Task::Reverse;
  CHECK(sequence_length(s, 4) == 9);
  CHECK(shortest_input(s) == 1);
  CHECK(target_count(make_example(s, x)) == 4);

  Random a(5), b(5);
  const Example ra = random_example(s, 7, a), rb = random_example(s, 7, b);
  CHECK(ra.tokens == rb.tokens);
  for (int i = 0; i < 7; ++i) CHECK((ra.tokens[i] >= 0 && ra.tokens[i] < 5));

  for (Task t : {Task::Copy, Task::Reverse, Task::KBack}) CHECK(task_from_name(task_name(t)) == t);
  CHECK_FALSE(task_from_name("sort").has_value());
}
