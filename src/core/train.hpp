// Lesson `train`: tiny Transformers trained in the page, one per position encoding, on the tasks of
// train_tasks.hpp with the model of train_model.hpp. A Trainer runs in slices (step(n) between frames),
// keeps the loss of every step, and measures exact-match token accuracy at each test length on a fixed
// test set; train_to_end runs one training whole (the `train` compute kind) after checking its request.
//
// Optimiser: Adam (β₁ 0.9, β₂ 0.98), linear warm-up then cosine decay to a tenth of lr, gradient
// clipping by global norm. float32 throughout; the same seed gives the same losses on every run of a
// build (one thread, no data-dependent order).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "train_model.hpp"
#include "train_tasks.hpp"

namespace posenc::core {

struct TrainConfig {
  Task task = Task::Reverse;
  Encoding pe = Encoding::Rope;
  bool causal = false;
  int layers = 2;
  int heads = 4;
  int d_model = 32;
  int d_ff = 64;               // MLP width
  int vocab = 10;              // content tokens
  int k = 2;                   // k_back's offset
  int train_len = 8;           // the longest input trained on
  int min_len = 1;             // the shortest (raised to the task's shortest_input)
  std::vector<int> test_lens;  // ascending; empty: train_len, 2, 3 and 4 × train_len
  int steps = 900;
  int batch = 32;
  std::uint64_t seed = 1;
  double lr = 3e-3;
  int warmup = 50;           // steps of linear warm-up
  double clip = 1.0;         // largest global gradient norm (≤ 0: no clipping)
  int test_examples = 64;    // test sequences per test length (a fixed seed: the same for every run)
  bool start_token = false;  // a start token opens every sequence (train_tasks.hpp)
};

// The model and task a configuration describes (the learned table reaches the longest test sequence).
ModelConfig model_config(const TrainConfig& config);
TaskSpec task_spec(const TrainConfig& config);
// test_lens, or the default ones.
std::vector<int> test_lengths(const TrainConfig& config);

// The fixed test sets, one per test length: test_examples sequences each, from a seed of their own (the
// same for every run, encoding and seed). For `random` each sequence also carries positions drawn at
// random (Ruoss et al. test that way too), from a stream of their own: the tokens are every encoding's.
std::vector<std::vector<Example>> make_test_sets(const TrainConfig& config);

// For `random`: gives each example positions drawn from `rng` in 0 … the model's position_range − 1
// (core::random_positions); for every other encoding nothing (they read no positions).
void place_at_random(std::vector<Example>& examples, const TrainConfig& config, Random& rng);

// Why the configuration cannot run (empty: it can): sizes outside the limits below, a total amount of
// work or memory over the caps, heads not dividing d_model, …
std::string check_train_config(const TrainConfig& config);

// Limits (check_train_config names them when exceeded).
struct TrainLimits {
  static constexpr int layers = 6, heads = 8, d_model = 128, d_ff = 512, vocab = 64, train_len = 64;
  static constexpr int test_len = 256, test_lens = 8, steps = 100000, batch = 256, test_examples = 256;
  // Multiply-adds of one whole training (step_work × steps + the test sets' forward passes). A training
  // at the cap took about 10–20 s in a page on this 2-core machine (2026-11-23: 9.7 s at 2 layers ×
  // d_model 64, 10.5 s at 6 × 128 causal, 20.4 s at 1 × 8 with train_len 64 and batch 256, where the
  // per-token and per-head costs counted as multiply-adds run slower). At the lesson's defaults the
  // page trains at 84–103 % of the native speed.
  static constexpr double work = 1.2e11;
  static constexpr double memory = 1.6e7;  // floats kept by one training step (64 MB)
};

// Multiply-adds of one training step (forward and backward, averaged over the training lengths; small
// per-head and per-token costs counted as multiply-adds of the same time), and the floats a step at
// train_len keeps.
double step_work(const TrainConfig& config);
double step_memory(const TrainConfig& config);

class Trainer {
 public:
  // `config` must pass check_train_config.
  explicit Trainer(const TrainConfig& config);

  // Up to n more optimiser steps (fewer once config.steps are done); returns how many ran.
  int step(int n);
  int steps_done() const { return static_cast<int>(losses_.size()); }
  bool finished() const { return steps_done() >= cfg_.steps; }
  // The training loss of every step so far, and how many tokens those steps read.
  const std::vector<float>& losses() const { return losses_; }
  long tokens_trained() const { return tokens_; }
  // The learning rate of step s (0-based).
  double learning_rate(int s) const;

  // Exact-match token accuracy on the fixed test set, one value per test length.
  std::vector<double> accuracy() const;
  const std::vector<int>& test_lens() const { return test_lens_; }
  const std::vector<Example>& test_set(int index) const { return test_sets_.at(index); }

  // What the lesson draws: one layer and head's attention on a sequence (e.g. a test example), the
  // learned position table (empty for other encodings) and how many of its rows training reaches.
  Eigen::MatrixXf attention(const Example& example, int layer, int head) const;
  Eigen::MatrixXf position_table() const;
  int trained_positions() const;

  const TrainConfig& config() const { return cfg_; }
  const Model<float>& model() const { return model_; }

 private:
  TrainConfig cfg_;
  TaskSpec spec_;
  Model<float> model_;
  Random data_;
  Random positions_;  // random: each training sequence's positions (a stream apart from the tokens')
  std::vector<Eigen::MatrixXf> m_, v_;  // Adam's moments per tensor
  std::vector<float> losses_;
  long tokens_ = 0;
  std::vector<int> test_lens_;
  std::vector<std::vector<Example>> test_sets_;
};

// A model's scores on sequences: the share of targets predicted exactly, and the share of sequences with
// every target right.
struct SetScore {
  double token = 0, sequence = 0;
};
// Teacher-forced: each slot holds what the sequence holds (for the causal mask, the right answers before).
SetScore score_examples(const Model<float>& model, const std::vector<Example>& examples);
// Free-running (greedy) for the causal mask on copy and reverse: each slot holds the model's own arg-max
// answer for the slot before (found by re-running until no slot changes: at most n + 1 passes); on
// every other task and mask nothing is fed back and this equals score_examples.
SetScore greedy_score(const Model<float>& model, const std::vector<Example>& examples, const TaskSpec& spec);
double token_accuracy(const Model<float>& model, const std::vector<Example>& examples);

// The best exact-match token accuracy on `examples` of any model that sees only the bag of its tokens:
// without positions and with a bidirectional mask, positions holding the same token get the same output.
// Copy and reverse: every answer slot holds MASK and the targets are the input reordered, so in each
// sequence the best is its most frequent token, right count-of-it times. k_back: a slot's target (the
// token k back) is, as far as the bag tells, any of the other n − 1 tokens; the best guess is their most
// frequent, right on average (most frequent count)/(n − 1) of the time: the bound is that expectation (a
// bag-only model may beat it on one test set by chance). (Per sequence the most frequent target among
// a token's positions would be no bound on k_back: with one such position it is always right.)
// For sequences without a start token (position_blind_baseline takes either).
double bag_of_tokens_bound(const std::vector<Example>& examples, Task task);

// The best token accuracy, on average, of a model that sees no positions, counted for what it sees on
// `examples` (sequences as spec builds them; teacher-forced):
//   bidirectional: the bag of the input (bag_of_tokens_bound);
//   causal, copy and reverse: at slot j the bag of the input and the answers already written: the answer
//     is one of the input's tokens not yet written, each equally likely as far as the bags tell; the best
//     guess is their most frequent, right on average (its count)/(tokens left) of the time;
//   causal, k_back: at position i the bag of x₁ … x_i and its own token: the target is one of the other
//     i − 1, the best guess their most frequent.
// An expectation over the orders the bags allow (one test set may hold more or fewer such hits). A start
// token changes nothing: the same token at the same place in every sequence tells a bag nothing.
double position_blind_baseline(const std::vector<Example>& examples, const TaskSpec& spec);

// A learned position table's first k principal components over its rows 0 … rows−1: each row's
// coordinates (rows × k; each component's largest coordinate positive) and the share of variance each
// component explains.
struct Components {
  Eigen::MatrixXd coords;
  Eigen::VectorXd explained;
};
Components principal_components(const Eigen::MatrixXf& table, int rows, int k);

}  // namespace posenc::core
