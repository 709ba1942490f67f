#include "train.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

namespace posenc::core {
namespace {

constexpr std::uint64_t kTestSeed = 0x7e57'5e75ULL;           // the fixed test sets (the same for every run)
constexpr std::uint64_t kTestPositionsSeed = 0x7e57'905eULL;  // … and their positions (random)

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// Multiply-adds of one forward pass over one sequence of len tokens, with what costs time but few
// multiply-adds (layer norms, softmax, small products per head) counted as multiply-adds of that time
// (constants measured natively: the estimate is within about 2× of the time of every shape tried).
double forward_work(const TrainConfig& c, int len) {
  const double d = c.d_model, kPerHead = 3000, kPerTokenAndWidth = 30, kPerScore = 20;
  return len * (c.layers * (4 * d * d + 2 * d * c.d_ff + 2.0 * len * d + kPerTokenAndWidth * d +
                            kPerScore * c.heads * len) +
                d * c.vocab) +
         c.layers * c.heads * kPerHead;
}

// Floats one forward and backward pass over `sequences` sequences of len tokens keep at once.
double pass_memory(const TrainConfig& c, double sequences, int len) {
  const double d = c.d_model, rows = sequences * len;
  return rows * (c.layers * (9 * d + c.d_ff) + 8 * d + c.d_ff) +
         sequences * c.layers * c.heads * double(len) * len;
}

}  // namespace

ModelConfig model_config(const TrainConfig& c) {
  const TaskSpec spec = task_spec(c);
  ModelConfig m;
  m.pe = c.pe;
  m.causal = c.causal;
  m.layers = c.layers;
  m.heads = c.heads;
  m.d_model = c.d_model;
  m.d_ff = c.d_ff;
  m.vocab_in = spec.input_vocab();
  m.vocab_out = spec.vocab;
  const std::vector<int> lens = test_lengths(c);
  m.max_positions = sequence_length(spec, std::max(c.train_len, lens.empty() ? 0 : lens.back()));
  if (c.pe == Encoding::Random) m.position_range = random_position_range(m.max_positions);
  return m;
}

TaskSpec task_spec(const TrainConfig& c) {
  TaskSpec s;
  s.task = c.task;
  s.vocab = c.vocab;
  s.k = c.k;
  s.causal = c.causal;
  s.start_token = c.start_token;
  return s;
}

std::vector<int> test_lengths(const TrainConfig& c) {
  if (!c.test_lens.empty()) return c.test_lens;
  return {c.train_len, 2 * c.train_len, 3 * c.train_len, 4 * c.train_len};
}

double step_work(const TrainConfig& c) {
  // Lengths min_len … train_len take turns: the mean over them (backward ≈ twice forward).
  const TaskSpec spec = task_spec(c);
  const int lo = std::clamp(std::max(c.min_len, shortest_input(spec)), 1, c.train_len);
  double sum = 0;
  for (int n = lo; n <= c.train_len; ++n) sum += forward_work(c, sequence_length(spec, n));
  return 3.0 * c.batch * sum / (c.train_len - lo + 1);
}

double step_memory(const TrainConfig& c) {
  return pass_memory(c, c.batch, sequence_length(task_spec(c), c.train_len));
}

std::string check_train_config(const TrainConfig& c) {
  using L = TrainLimits;
  const auto range = [](const char* name, long v, long lo, long hi) -> std::string {
    if (v >= lo && v <= hi) return {};
    return std::string(name) + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
           ", got " + std::to_string(v);
  };
  const TaskSpec spec = task_spec(c);
  for (const std::string& e :
       {range("layers", c.layers, 1, L::layers), range("heads", c.heads, 1, L::heads),
        range("d_model", c.d_model, 2, L::d_model), range("d_ff", c.d_ff, 1, L::d_ff),
        range("vocab", c.vocab, 2, L::vocab), range("k", c.k, 1, L::train_len - 1),
        range("train_len", c.train_len, shortest_input(spec), L::train_len),
        range("min_len", c.min_len, 1, c.train_len), range("steps", c.steps, 1, L::steps),
        range("batch", c.batch, 1, L::batch), range("warmup", c.warmup, 0, L::steps),
        range("test_examples", c.test_examples, 1, L::test_examples)})
    if (!e.empty()) return e;
  if (c.d_model % c.heads != 0)
    return "d_model (" + std::to_string(c.d_model) + ") must be a multiple of heads (" +
           std::to_string(c.heads) + ")";
  if (c.pe == Encoding::Rope && (c.d_model / c.heads) % 2 != 0)
    return "rope needs an even width per head (d_model / heads = " + std::to_string(c.d_model / c.heads) +
           "): it rotates pairs of coordinates";
  if (!(c.lr > 0 && c.lr <= 1)) return "lr must be a number in (0, 1], got " + num(c.lr);
  if (!(c.clip <= 1e6)) return "clip must be at most 1e6 (≤ 0: no clipping), got " + num(c.clip);
  if (c.test_lens.size() > static_cast<size_t>(L::test_lens))
    return "test_lens has " + std::to_string(c.test_lens.size()) + " lengths; at most " +
           std::to_string(L::test_lens);
  const std::vector<int> lens = test_lengths(c);
  for (size_t i = 0; i < lens.size(); ++i) {
    if (lens[i] < shortest_input(spec) || lens[i] > L::test_len)
      return "test_lens must lie between " + std::to_string(shortest_input(spec)) + " and " +
             std::to_string(L::test_len) + ", got " + std::to_string(lens[i]);
    if (i > 0 && lens[i] <= lens[i - 1]) return "test_lens must be ascending without repeats";
  }
  if (std::find(lens.begin(), lens.end(), c.train_len) == lens.end())
    return "test_lens must include train_len (" + std::to_string(c.train_len) + ")";
  double testing = 0;  // the test sets' forward passes
  for (int n : lens) testing += c.test_examples * forward_work(c, sequence_length(spec, n));
  const double work = c.steps * step_work(c) + testing;
  if (work > L::work) {
    const long most = static_cast<long>(std::max(0.0, (L::work - testing) / step_work(c)));
    return "this training needs " + num(std::round(work / 1e9)) + " G multiply-adds; the cap is " +
           num(L::work / 1e9) + " G (about 10–20 s in a page): " +
           (most > 0 ? "at most " + std::to_string(most) +
                           " steps at this size, or a smaller batch, model or train_len"
                     : std::string("use a smaller model or shorter test_lens"));
  }
  if (step_memory(c) > L::memory)
    return "one training step would keep " + num(std::round(step_memory(c) * 4 / 1e6)) + " MB; the cap is " +
           num(L::memory * 4 / 1e6) + " MB: use a smaller batch, model or train_len";
  if (pass_memory(c, 1, sequence_length(spec, lens.back())) > L::memory)
    return "one test sequence of length " + std::to_string(lens.back()) +
           " would need more than the memory cap of " + num(L::memory * 4 / 1e6) +
           " MB: use shorter test_lens or a smaller model";
  return {};
}

std::vector<std::vector<Example>> make_test_sets(const TrainConfig& c) {
  std::vector<std::vector<Example>> sets;
  const TaskSpec spec = task_spec(c);
  for (int n : test_lengths(c)) {
    Random rng(mix_seed(kTestSeed, static_cast<std::uint64_t>(n)));
    std::vector<Example> set;
    for (int i = 0; i < c.test_examples; ++i) set.push_back(random_example(spec, n, rng));
    Random positions(mix_seed(kTestPositionsSeed, static_cast<std::uint64_t>(n)));
    place_at_random(set, c, positions);
    sets.push_back(std::move(set));
  }
  return sets;
}

void place_at_random(std::vector<Example>& examples, const TrainConfig& c, Random& rng) {
  if (c.pe != Encoding::Random) return;
  const int range = model_config(c).position_range;
  for (Example& e : examples) e.positions = random_positions(static_cast<int>(e.tokens.size()), range, rng);
}

Trainer::Trainer(const TrainConfig& config)
    : cfg_(config),
      spec_(task_spec(config)),
      model_(model_config(config), mix_seed(config.seed, 1)),
      data_(mix_seed(config.seed, 2)),
      positions_(mix_seed(config.seed, 3)),
      test_lens_(test_lengths(config)) {
  cfg_.min_len = std::max(cfg_.min_len, shortest_input(spec_));
  for (const auto& t : model_.tensors()) {
    m_.push_back(Eigen::MatrixXf::Zero(t.value.rows(), t.value.cols()));
    v_.push_back(Eigen::MatrixXf::Zero(t.value.rows(), t.value.cols()));
  }
  test_sets_ = make_test_sets(cfg_);
  losses_.reserve(cfg_.steps);
}

double Trainer::learning_rate(int s) const {
  if (s < cfg_.warmup) return cfg_.lr * (s + 1) / (cfg_.warmup + 1);
  const double t = cfg_.steps > cfg_.warmup ? double(s - cfg_.warmup) / (cfg_.steps - cfg_.warmup) : 1.0;
  return cfg_.lr * (0.1 + 0.9 * 0.5 * (1 + std::cos(3.14159265358979323846 * std::min(t, 1.0))));
}

// <code id="train_step">
int Trainer::step(int n) {
  int done = 0;
  for (; done < n && !finished(); ++done) {
    // Lengths min_len … train_len in turn (every length equally often, and the same number of tokens
    // in every step when batch is a multiple of the range); tokens drawn at random.
    std::vector<Example> batch;
    const int range = cfg_.train_len - cfg_.min_len + 1;
    for (int b = 0; b < cfg_.batch; ++b) {
      batch.push_back(random_example(spec_, cfg_.min_len + (steps_done() * cfg_.batch + b) % range, data_));
      tokens_ += static_cast<long>(batch.back().tokens.size());
    }
    place_at_random(batch, cfg_, positions_);  // random only
    const float loss = model_.loss(batch, true);
    auto& tensors = model_.tensors();
    double norm2 = 0;
    for (const auto& t : tensors) norm2 += static_cast<double>(t.grad.squaredNorm());
    const double norm = std::sqrt(norm2);
    const int t = steps_done() + 1;
    if (std::isfinite(norm)) {  // a non-finite gradient skips the update (the loss still says so)
      const float shrink = cfg_.clip > 0 && norm > cfg_.clip ? static_cast<float>(cfg_.clip / norm) : 1.0f;
      const float b1 = 0.9f, b2 = 0.98f, eps = 1e-8f;
      const float c1 = static_cast<float>(1 - std::pow(0.9, t)),
                  c2 = static_cast<float>(1 - std::pow(0.98, t));
      const float lr = static_cast<float>(learning_rate(t - 1));
      for (size_t i = 0; i < tensors.size(); ++i) {
        const auto g = tensors[i].grad.array() * shrink;
        m_[i].array() = b1 * m_[i].array() + (1 - b1) * g;
        v_[i].array() = b2 * v_[i].array() + (1 - b2) * g.square();
        tensors[i].value.array() -= lr * (m_[i].array() / c1) / ((v_[i].array() / c2).sqrt() + eps);
      }
    }
    losses_.push_back(loss);
  }
  return done;
}
// </code>

namespace {

// The arg-max answers of each sequence, in chunks, so that long test sequences stay within the memory a
// training step may use.
std::vector<std::vector<int>> predictions(const Model<float>& model, const std::vector<Example>& examples) {
  std::vector<std::vector<int>> out;
  const ModelConfig& m = model.config();
  size_t chunk = 1;
  if (!examples.empty()) {
    const double len = static_cast<double>(examples.front().tokens.size());
    const double per = len * (m.layers * (9.0 * m.d_model + m.d_ff) + 8.0 * m.d_model + m.d_ff) +
                       m.layers * m.heads * len * len;
    chunk = static_cast<size_t>(std::clamp(TrainLimits::memory / per, 1.0, 64.0));
  }
  for (size_t first = 0; first < examples.size(); first += chunk) {
    const std::vector<Example> part(examples.begin() + first,
                                    examples.begin() + std::min(examples.size(), first + chunk));
    const std::vector<int> predicted = model.predict(part);
    size_t i = 0;
    for (const Example& e : part) {
      std::vector<int> answers;
      for (int target : e.targets)
        if (target >= 0) answers.push_back(i < predicted.size() ? predicted[i++] : -1);
      out.push_back(std::move(answers));
    }
  }
  return out;
}

SetScore score(const std::vector<Example>& examples, const std::vector<std::vector<int>>& answers) {
  long right = 0, total = 0, whole = 0;
  for (size_t e = 0; e < examples.size(); ++e) {
    size_t i = 0;
    long wrong = 0;
    for (int target : examples[e].targets)
      if (target >= 0) {
        const bool ok = i < answers[e].size() && answers[e][i++] == target;
        right += ok, wrong += !ok, ++total;
      }
    whole += wrong == 0;
  }
  SetScore s;
  s.token = total ? double(right) / total : 0.0;
  s.sequence = examples.empty() ? 0.0 : double(whole) / examples.size();
  return s;
}

}  // namespace

SetScore score_examples(const Model<float>& model, const std::vector<Example>& examples) {
  return score(examples, predictions(model, examples));
}

// <code id="greedy">
SetScore greedy_score(const Model<float>& model, const std::vector<Example>& examples, const TaskSpec& spec) {
  if (!spec.causal || spec.task == Task::KBack) return score_examples(model, examples);
  // Slot j (after [START] x₁ … xₙ SEP) holds the answer given for slot j − 1. A slot's answer depends only on
  // the slots before it, so after pass p the first p + 1 answers are final: rewrite the slots from the
  // answers and run again until nothing changes.
  std::vector<Example> run = examples;
  std::vector<std::vector<int>> answers;
  for (;;) {
    answers = predictions(model, run);
    bool changed = false;
    for (size_t e = 0; e < run.size(); ++e) {
      const size_t n = input_length(spec, run[e]), slots = spec.input_start() + n + 1;
      for (size_t j = 1; j < n && j < answers[e].size(); ++j) {
        int& slot = run[e].tokens[slots + j];
        if (slot != answers[e][j - 1]) slot = answers[e][j - 1], changed = true;
      }
    }
    if (!changed) break;
  }
  return score(examples, answers);
}
// </code>

double token_accuracy(const Model<float>& model, const std::vector<Example>& examples) {
  return score_examples(model, examples).token;
}

// <code id="bag_of_tokens">
double bag_of_tokens_bound(const std::vector<Example>& examples, Task task) {
  double best = 0;
  long total = 0;
  for (const Example& e : examples) {
    if (task == Task::KBack) {
      // The slot's target is one of the other n − 1 tokens, each equally likely: the best guess is their
      // most frequent, right on average as often as its share of them.
      std::map<int, int> bag;
      for (int t : e.tokens) ++bag[t];
      for (size_t i = 0; i < e.tokens.size() && i < e.targets.size(); ++i) {
        if (e.targets[i] < 0) continue;
        --bag[e.tokens[i]];
        int most = 0;
        for (const auto& kind : bag) most = std::max(most, kind.second);
        ++bag[e.tokens[i]];
        best += double(most) / double(std::max<size_t>(e.tokens.size() - 1, 1)), ++total;
      }
      continue;
    }
    // Copy and reverse: the answer slots' targets are the input itself, in some order.
    std::map<int, std::map<int, int>> counts;  // token → target → how often
    for (size_t i = 0; i < e.tokens.size() && i < e.targets.size(); ++i)
      if (e.targets[i] >= 0) ++counts[e.tokens[i]][e.targets[i]], ++total;
    for (const auto& group : counts) {
      int most = 0;
      for (const auto& target : group.second) most = std::max(most, target.second);
      best += most;
    }
  }
  return total ? best / total : 0.0;
}
// </code>

namespace {

int most_frequent(const std::map<int, int>& bag) {
  int most = 0;
  for (const auto& kind : bag) most = std::max(most, kind.second);
  return most;
}

// The same sequences without their start token (and without positions).
std::vector<Example> without_start_token(std::vector<Example> examples) {
  for (Example& e : examples) {
    for (auto* v : {&e.tokens, &e.targets})
      if (!v->empty()) v->erase(v->begin());
    e.positions.clear();
  }
  return examples;
}

}  // namespace

// <code id="position_blind">
double position_blind_baseline(const std::vector<Example>& examples, const TaskSpec& spec) {
  // A start token is the same token at the same place in every sequence: it tells a model that sees no
  // positions nothing, so the baseline is that of the same sequences without it.
  if (spec.start_token) {
    TaskSpec plain = spec;
    plain.start_token = false;
    return position_blind_baseline(without_start_token(examples), plain);
  }
  if (!spec.causal) {
    // The same inputs asked all at once (every slot MASK).
    TaskSpec bidirectional = spec;
    bidirectional.causal = false;
    std::vector<Example> bag;
    for (const Example& e : examples) {
      const size_t n = spec.task == Task::KBack ? e.tokens.size() : (e.tokens.size() - 1) / 2;
      bag.push_back(make_example(bidirectional, std::vector<int>(e.tokens.begin(), e.tokens.begin() + n)));
    }
    return bag_of_tokens_bound(bag, spec.task);
  }
  double expected = 0;
  long total = 0;
  for (const Example& e : examples) {
    if (spec.task == Task::KBack) {
      std::map<int, int> before;  // x₁ … x_{i−1}
      for (size_t i = 0; i < e.tokens.size(); ++i) {
        if (i < e.targets.size() && e.targets[i] >= 0 && i > 0)
          expected += double(most_frequent(before)) / double(i), ++total;
        ++before[e.tokens[i]];
      }
      continue;
    }
    const size_t n = (e.tokens.size() - 1) / 2;
    std::map<int, int> left;  // the input's tokens not yet written
    for (size_t i = 0; i < n; ++i) ++left[e.tokens[i]];
    for (size_t j = 0; j < n; ++j) {
      expected += double(most_frequent(left)) / double(n - j), ++total;
      const int written = e.targets[n + 1 + j];  // the answer slot j gets right, written before slot j + 1
      if (--left[written] == 0) left.erase(written);
    }
  }
  return total ? expected / total : 0.0;
}
// </code>

std::vector<double> Trainer::accuracy() const {
  std::vector<double> out;
  for (const auto& set : test_sets_) out.push_back(token_accuracy(model_, set));
  return out;
}

Eigen::MatrixXf Trainer::attention(const Example& example, int layer, int head) const {
  return model_.attention(example, layer, head);
}

Eigen::MatrixXf Trainer::position_table() const { return model_.position_table(); }

int Trainer::trained_positions() const { return sequence_length(spec_, cfg_.train_len); }

Components principal_components(const Eigen::MatrixXf& table, int rows, int k) {
  Components out;
  rows = std::clamp(rows, 0, static_cast<int>(table.rows()));
  k = std::clamp(k, 0, static_cast<int>(table.cols()));
  if (rows == 0 || k == 0) return out;
  Eigen::MatrixXd x = table.topRows(rows).cast<double>();
  x.rowwise() -= x.colwise().mean();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(x.transpose() * x);
  const Eigen::Index d = x.cols();
  const double total = std::max(eig.eigenvalues().sum(), 1e-300);
  out.coords.resize(rows, k);
  out.explained.resize(k);
  for (int i = 0; i < k; ++i) {  // eigenvalues ascend: the largest are last
    out.coords.col(i) = x * eig.eigenvectors().col(d - 1 - i);
    out.explained(i) = eig.eigenvalues()(d - 1 - i) / total;
    // A component's sign is the solver's choice: fixed so that its largest coordinate is positive (the
    // same curves wherever they are computed, the notebook's NumPy too).
    Eigen::Index top = 0;
    out.coords.col(i).cwiseAbs().maxCoeff(&top);
    if (out.coords(top, i) < 0) out.coords.col(i) *= -1;
  }
  return out;
}

}  // namespace posenc::core
