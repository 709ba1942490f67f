// Lesson `train`'s tasks: seeded token sequences on which a tiny Transformer learns an order-sensitive
// map, in one format for both attention masks.
//
// Vocabulary: content tokens 0 … vocab−1, then SEP = vocab and MASK = vocab + 1 (the model reads
// vocab + 2 kinds of token and predicts content tokens only). n is the length of the input x₁ … xₙ.
//
//   copy, reverse:  x₁ … xₙ  SEP  s₁ … sₙ      (2n + 1 tokens; positions 0 … 2n)
//     the targets are at the n slots s_j: copy y_j = x_j, reverse y_j = x_{n+1−j}.
//     Slot tokens: bidirectional mask: every slot is MASK (the model fills all slots at once);
//     causal mask: teacher forcing, s₁ = MASK and s_j = y_{j−1} (the targets shifted right by one),
//     so slot j sees x, SEP and the answers before its own, never its own.
//   k_back:         x₁ … xₙ                    (n tokens)
//     the target at x_i, i > k, is y_i = x_{i−k}: the token k places back. The offset is the same at
//     every position, so only relative position is needed (and only its sign and size: with a
//     bidirectional mask a symmetric encoding cannot tell x_{i−k} from x_{i+k}).
// Content tokens are drawn uniformly. Accuracy is exact match per target token (for the causal mask,
// given the right answers before it: teacher forcing).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "random.hpp"

namespace posenc::core {

enum class Task { Copy, Reverse, KBack };

// "copy", "reverse", "k_back".
const char* task_name(Task task);
std::optional<Task> task_from_name(std::string_view name);

struct TaskSpec {
  Task task = Task::Reverse;
  int vocab = 10;       // content tokens
  int k = 2;            // k_back's offset
  bool causal = false;  // the mask the model uses (decides the slot tokens)

  int sep() const { return vocab; }
  int mask() const { return vocab + 1; }
  int input_vocab() const { return vocab + 2; }
};

// One sequence: tokens[i] and targets[i] (−1: no target at position i).
struct Example {
  std::vector<int> tokens;
  std::vector<int> targets;
};

// Tokens in a sequence whose input has length n (2n + 1 for copy and reverse, n for k_back).
int sequence_length(const TaskSpec& spec, int n);

// The shortest input with at least one target (k + 1 for k_back, 1 otherwise).
int shortest_input(const TaskSpec& spec);

// The sequence for input x (values in 0 … vocab−1).
Example make_example(const TaskSpec& spec, const std::vector<int>& x);

// A sequence with an input of length n drawn from rng.
Example random_example(const TaskSpec& spec, int n, Random& rng);

// How many positions of e have a target.
int target_count(const Example& e);

}  // namespace posenc::core
