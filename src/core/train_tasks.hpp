// The training runs' tasks: seeded token sequences on which a tiny Transformer learns an order-sensitive
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
//
// Start token (TaskSpec::start_token, off by default): START = vocab + 2 opens every sequence, with no
// target, and everything above moves one position right (the model reads vocab + 3 kinds of token).
// Kazemnejad et al. 2023 ("The Impact of Positional Encoding on Length Generalization in Transformers",
// arXiv:2305.19466) build their NoPE proof, Theorem 1, on a sequence that opens with one (see
// core/beyond_1d.hpp), and their released models are run with one prepended: github.com/McGill-NLP/
// length-generalization, README.md line 191, "input_ids = torch.cat([torch.tensor([[tokenizer.
// bos_token_id]], …), input_ids], dim=1)  # Prepend <bos> token". It carries no information about order
// by itself: it is the same token at the same place in every sequence.
//
// Positions (Example::positions): the position each token is at for an encoding that reads it (only
// `random`, train_model.hpp); empty means 0 … len − 1. random_positions draws them as Ruoss et al. 2023
// do (see there).
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

  bool start_token = false;  // START at position 0 of every sequence

  int sep() const { return vocab; }
  int mask() const { return vocab + 1; }
  int start() const { return vocab + 2; }
  int input_vocab() const { return vocab + 2 + (start_token ? 1 : 0); }
  // Where x₁ sits: 1 after a start token, else 0.
  int input_start() const { return start_token ? 1 : 0; }
};

// One sequence: tokens[i] and targets[i] (−1: no target at position i), and the position of each token
// for an encoding that reads positions (empty: 0 … len − 1).
struct Example {
  std::vector<int> tokens;
  std::vector<int> targets;
  std::vector<int> positions;
};

// Tokens in a sequence whose input has length n (2n + 1 for copy and reverse, n for k_back; one more
// with a start token).
int sequence_length(const TaskSpec& spec, int n);

// The input x₁ … xₙ of a sequence spec built, and its length n.
int input_length(const TaskSpec& spec, const Example& e);
std::vector<int> input_of(const TaskSpec& spec, const Example& e);

// The shortest input with at least one target (k + 1 for k_back, 1 otherwise).
int shortest_input(const TaskSpec& spec);

// The sequence for input x (values in 0 … vocab−1).
Example make_example(const TaskSpec& spec, const std::vector<int>& x);

// A sequence with an input of length n drawn from rng.
Example random_example(const TaskSpec& spec, int n, Random& rng);

// How many positions of e have a target.
int target_count(const Example& e);

// Randomised positions (Ruoss et al. 2023, "Randomized Positional Encodings Boost Length Generalization
// of Transformers", arXiv:2305.16843): n distinct positions drawn uniformly from 0 … range − 1, in
// increasing order (an ordered random subset; n ≤ range). Their code draws the same way,
// google-deepmind/randomized_positional_encodings, models/positional_encodings.py lines 196–226,
// noisy_fixed_positional_encodings: "Randomly samples and orders sequence_length positional encodings
// from a wider range [0, noise_max_length)": jrandom.choice(…, replace=False) then jnp.sort.
std::vector<int> random_positions(int n, int range, Random& rng);

// The range the positions of `random` are drawn from, for runs whose longest sequence (train or test)
// has `longest` tokens (train_tasks.cpp says why).
int random_position_range(int longest);

}  // namespace posenc::core
