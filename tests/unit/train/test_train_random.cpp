// Lesson train's seventh encoding and its start token (#35): randomised positions (Ruoss et al. 2023) —
// ordered random subsets of 0 … L − 1, drawn as data from streams of their own, read by `random` only —
// and a start token opening every sequence, no target there, no information about order for a model
// that sees none. The gradient check, the model's use of the positions, learning at a tiny size, the
// baselines, greedy decoding, the JSON of a setup and the `train` compute kind's arguments.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "app/compute.hpp"
#include "core/train_pool.hpp"
#include "core/train_run.hpp"
#include "gradient_check.hpp"

using namespace posenc::core;

namespace {

ModelConfig tiny_model(Encoding pe, bool causal, int vocab_in = 7) {
  ModelConfig m;
  m.pe = pe, m.causal = causal;
  m.layers = 2, m.heads = 2, m.d_model = 8, m.d_ff = 12;
  m.vocab_in = vocab_in, m.vocab_out = 4, m.max_positions = 12, m.position_range = 40;
  return m;
}

std::vector<int> iota(int n) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

}  // namespace

TEST_CASE("train start token: START opens every sequence, with no target; the rest moves one place right") {
  TaskSpec s;
  s.vocab = 5, s.start_token = true;  // SEP = 5, MASK = 6, START = 7
  const std::vector<int> x = {3, 1, 4, 1};
  const int N = -1;
  CHECK(s.start() == 7);
  CHECK(s.input_vocab() == 8);
  s.task = Task::Copy, s.causal = true;
  Example e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{7, 3, 1, 4, 1, 5, 6, 3, 1, 4});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, N, 3, 1, 4, 1});
  CHECK(e.positions.empty());
  CHECK(input_length(s, e) == 4);
  CHECK(input_of(s, e) == x);
  s.task = Task::Reverse, s.causal = false;
  e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{7, 3, 1, 4, 1, 5, 6, 6, 6, 6});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, N, 1, 4, 1, 3});
  s.task = Task::KBack, s.k = 2;
  e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{7, 3, 1, 4, 1});
  CHECK(e.targets == std::vector<int>{N, N, N, 3, 1});
  CHECK(input_of(s, e) == x);
  CHECK(sequence_length(s, 4) == 5);
  s.task = Task::Reverse;
  CHECK(sequence_length(s, 4) == 10);
  // Off, nothing changes: the vocabulary and lengths of before.
  s.start_token = false;
  CHECK(s.input_vocab() == 7);
  CHECK(sequence_length(s, 4) == 9);
  CHECK(input_of(s, make_example(s, x)) == x);
}

TEST_CASE("train random positions: ordered random subsets of 0 … L − 1, the same for a seed") {
  for (int range : {1, 7, 40, 2048})
    for (int n : {1, 3, 7, 40}) {
      if (n > range) continue;
      CAPTURE(range);
      CAPTURE(n);
      Random a(11), b(11), c(12);
      const std::vector<int> p = random_positions(n, range, a);
      REQUIRE(static_cast<int>(p.size()) == n);
      for (int i = 0; i < n; ++i) {
        CHECK(p[i] >= 0);
        CHECK(p[i] < range);
        if (i > 0) CHECK(p[i] > p[i - 1]);  // strictly increasing: distinct and in order
      }
      CHECK(random_positions(n, range, b) == p);  // reproducible for a seed
      if (n == range)
        CHECK(p == iota(n));  // the whole range: nothing left to draw
      else if (range > 7)
        CHECK(random_positions(n, range, c) != p);  // another seed, another subset
    }
  // Every subset equally likely: each value in 3 of 10 on 20,000 draws, 6,000 times (±4 standard
  // deviations, √(20000 · 0.3 · 0.7) ≈ 65), and the three lowest {0, 1, 2} about 1 time in 120.
  Random rng(3);
  std::vector<int> count(10, 0);
  int lowest = 0;
  for (int t = 0; t < 20000; ++t) {
    const std::vector<int> p = random_positions(3, 10, rng);
    for (int v : p) ++count[v];
    lowest += p == std::vector<int>{0, 1, 2};
  }
  for (int v = 0; v < 10; ++v) CHECK(std::abs(count[v] - 6000) < 4 * 65);
  CHECK(std::abs(lowest - 20000 / 120.0) < 4 * std::sqrt(20000 / 120.0));
  // L: twice the longest sequence, at most 2048, never below the longest itself.
  CHECK(random_position_range(49) == 98);
  CHECK(random_position_range(1500) == 2048);
  CHECK(random_position_range(3000) == 3000);
  TrainConfig c;
  c.pe = Encoding::Random, c.train_len = 6, c.test_lens = {6, 24}, c.task = Task::Reverse;
  CHECK(model_config(c).max_positions == 49);
  CHECK(model_config(c).position_range == 98);
  c.pe = Encoding::Sinusoidal;
  CHECK(model_config(c).position_range == 0);
}

TEST_CASE(
    "train random: the sinusoidal code at the positions an example carries; no other encoding reads them") {
  TaskSpec spec;
  spec.task = Task::Reverse, spec.vocab = 4;
  Random rng(5);
  Example e = random_example(spec, 4, rng);  // 9 tokens
  Model<double> random(tiny_model(Encoding::Random, false), 9),
      sinusoidal(tiny_model(Encoding::Sinusoidal, false), 9);
  // One seed: the same weights, and at positions 0 … n − 1 (none given, or given) the same model.
  const Eigen::MatrixXd at_index = sinusoidal.probabilities({e});
  CHECK((random.probabilities({e}) - at_index).cwiseAbs().maxCoeff() < 1e-15);
  e.positions = iota(9);
  CHECK((random.probabilities({e}) - at_index).cwiseAbs().maxCoeff() < 1e-15);
  // Elsewhere in the range: other outputs; shifting every position keeps PE(p)·PE(q) but not PE(p) itself.
  e.positions = {1, 4, 9, 10, 17, 23, 30, 31, 39};
  CHECK((random.probabilities({e}) - at_index).cwiseAbs().maxCoeff() > 1e-6);
  for (Encoding pe : {Encoding::None, Encoding::Learned, Encoding::Sinusoidal, Encoding::Rope,
                      Encoding::Alibi, Encoding::T5}) {
    CAPTURE(static_cast<int>(pe));
    Model<double> m(tiny_model(pe, true), 4);
    Example plain = e;
    plain.positions = iota(9);  // within max_positions: accepted, and ignored
    std::reverse(plain.positions.begin(), plain.positions.end());
    Example none = e;
    none.positions.clear();
    CHECK((m.probabilities({plain}) - m.probabilities({none})).cwiseAbs().maxCoeff() == 0.0);
  }
  // Positions that do not fit: outside the range, or not one per token.
  e.positions.back() = 40;
  CHECK(std::isnan(random.loss({e}, false)));
  e.positions = {0, 1, 2};
  CHECK(std::isnan(random.loss({e}, false)));
  CHECK(random.predict({e}).empty());
}

TEST_CASE("train random and start token: the backward pass matches central differences") {
  // As test_train.cpp's check (double precision, h = 1e-6, tolerance 1e-7 absolute + 1e-5 relative), on
  // sequences with a start token; randomised positions drawn over the whole range.
  for (Encoding pe : {Encoding::Random, Encoding::None, Encoding::T5, Encoding::Rope})
    for (bool causal : {false, true}) {
      const std::string name = encoding_name(pe);
      CAPTURE(name);
      CAPTURE(causal);
      TaskSpec spec;
      spec.task = causal ? Task::Copy : Task::KBack, spec.vocab = 4, spec.k = 1, spec.causal = causal;
      spec.start_token = true;
      Model<double> model(tiny_model(pe, causal, spec.input_vocab()), 7);
      Random noise(11);
      for (auto& t : model.tensors())
        for (Eigen::Index i = 0; i < t.value.size(); ++i) t.value.data()[i] += 0.3 * noise.gaussian();
      Random rng(3);
      std::vector<Example> batch = {random_example(spec, 3, rng), random_example(spec, 4, rng)};
      if (pe == Encoding::Random)
        for (Example& e : batch) e.positions = random_positions(static_cast<int>(e.tokens.size()), 40, rng);
      model.loss(batch, true);
      for (auto& t : model.tensors()) {
        CAPTURE(t.name);
        CHECK(t.grad.norm() > 0);
        CHECK(posenc::test::gradient_gap(model, batch, t) <= 1.0);
      }
      // The start token's own embedding row takes part.
      CHECK(model.tensors()[0].grad.row(spec.start()).norm() > 0);
    }
}

TEST_CASE("train random: positions are data from streams of their own; the tokens are every encoding's") {
  TrainConfig c;
  c.layers = 1, c.heads = 2, c.d_model = 8, c.d_ff = 16, c.train_len = 4, c.test_lens = {4, 9};
  c.steps = 6, c.batch = 5, c.test_examples = 7, c.seed = 3, c.task = Task::Copy;
  c.pe = Encoding::Sinusoidal;
  const std::vector<std::vector<Example>> plain = make_test_sets(c);
  Trainer sinusoidal(c);
  sinusoidal.step(c.steps);
  c.pe = Encoding::Random;
  const std::vector<std::vector<Example>> placed = make_test_sets(c);
  const int range = model_config(c).position_range;
  REQUIRE(range == 2 * 19);
  REQUIRE(placed.size() == plain.size());
  std::set<std::vector<int>> seen;
  for (size_t l = 0; l < placed.size(); ++l)
    for (size_t i = 0; i < placed[l].size(); ++i) {
      const Example& e = placed[l][i];
      CHECK(e.tokens == plain[l][i].tokens);  // the same test sequences
      CHECK(plain[l][i].positions.empty());   // read by random only, so drawn for it only
      REQUIRE(e.positions.size() == e.tokens.size());
      CHECK(std::is_sorted(e.positions.begin(), e.positions.end()));
      CHECK(e.positions.back() < range);
      seen.insert(e.positions);
    }
  CHECK(seen.size() > 10);                                             // drawn anew for each sequence
  CHECK(make_test_sets(c)[1][0].positions == placed[1][0].positions);  // fixed, like the tokens
  c.seed = 4;
  CHECK(make_test_sets(c)[1][0].positions == placed[1][0].positions);  // the same for every run
  // Training: the same batches of tokens as the sinusoidal run of the seed, other losses; the same again
  // for the seed, other for another seed.
  c.seed = 3;
  Trainer a(c), b(c);
  a.step(c.steps);
  for (int i = 0; i < c.steps; ++i) b.step(1);
  CHECK(a.tokens_trained() == sinusoidal.tokens_trained());
  CHECK(a.losses() == b.losses());
  CHECK(a.losses() != sinusoidal.losses());
  c.seed = 5;
  Trainer other(c);
  other.step(c.steps);
  CHECK(other.losses() != a.losses());
}

TEST_CASE("train random: at a tiny size it learns copy at the training length, and holds up better past it") {
  // Copy with a causal mask and a start token, d_model 16, inputs of 1 … 3 tokens, 1,500 steps (0.3 s).
  // Seen at seeds 1–4: randomised positions 0.98–0.995 at length 3 and 0.54–0.63 at length 6; the
  // sinusoidal code 1.0 at 3 and 0.14–0.28 at 6, whose positions 8 … 13 it never trained on.
  TrainConfig c;
  c.task = Task::Copy, c.causal = true, c.start_token = true;
  c.layers = 2, c.heads = 2, c.d_model = 16, c.d_ff = 32, c.train_len = 3, c.test_lens = {3, 6};
  c.batch = 16, c.lr = 1e-2, c.steps = 1500, c.seed = 1;
  c.pe = Encoding::Random;
  Trainer random(c);
  random.step(c.steps);
  c.pe = Encoding::Sinusoidal;
  Trainer sinusoidal(c);
  sinusoidal.step(c.steps);
  const std::vector<double> r = random.accuracy(), s = sinusoidal.accuracy();
  MESSAGE("random " << r[0] << ", " << r[1] << "; sinusoidal " << s[0] << ", " << s[1]);
  CHECK(r[0] >= 0.9);
  CHECK(random.losses().back() < 0.1 * random.losses().front());
  CHECK(r[1] > s[1] + 0.2);
}

TEST_CASE("train start token: the baselines are those of the same inputs without it; greedy decoding too") {
  Random rng(23);
  for (Task task : {Task::Copy, Task::Reverse, Task::KBack})
    for (bool causal : {false, true}) {
      CAPTURE(task_name(task));
      CAPTURE(causal);
      TaskSpec with, without;
      with.task = without.task = task;
      with.causal = without.causal = causal;
      with.start_token = true;
      std::vector<Example> a, b;
      for (int i = 0; i < 30; ++i) {
        std::vector<int> x(3 + i % 5);
        for (int& t : x) t = rng.below(with.vocab);
        a.push_back(make_example(with, x));
        b.push_back(make_example(without, x));
      }
      const double base = position_blind_baseline(b, without);
      CHECK(base > 0);
      CHECK(position_blind_baseline(a, with) == doctest::Approx(base).epsilon(1e-15));
    }
  // Greedy decoding writes each answer into the slot after it, one place further right with a start
  // token: the same as decoding slot by slot by hand.
  TrainConfig c;
  c.task = Task::Reverse, c.causal = true, c.start_token = true, c.pe = Encoding::Random;
  c.layers = 1, c.heads = 2, c.d_model = 8, c.d_ff = 16, c.train_len = 5, c.test_lens = {5};
  c.steps = 30, c.batch = 8, c.test_examples = 16;
  Trainer t(c);
  t.step(c.steps);
  const std::vector<Example>& set = t.test_set(0);
  long right = 0, total = 0;
  for (const Example& e : set) {
    const int n = 5, slots = 1 + n + 1;
    Example run = e;
    for (int j = 0; j < n; ++j) {
      const int answer = t.model().predict({run}).at(j);
      if (j + 1 < n) run.tokens[slots + j + 1] = answer;
      right += answer == e.targets[slots + j], ++total;
    }
  }
  const SetScore greedy = greedy_score(t.model(), set, task_spec(c));
  CHECK(greedy.token == doctest::Approx(double(right) / total));
  CHECK(greedy.token != score_examples(t.model(), set).token);
}

TEST_CASE("train random and start token: every pool and the JSON carry them") {
  TrainConfig c;
  c.layers = 1, c.heads = 2, c.d_model = 8, c.d_ff = 16, c.train_len = 3, c.test_lens = {2, 3, 5};
  c.steps = 30, c.batch = 4, c.test_examples = 6, c.seed = 7;
  c.pe = Encoding::Random, c.start_token = true, c.causal = true;
  std::vector<TrainConfig> runs = {c, c};
  runs[1].pe = Encoding::Sinusoidal;
  std::unique_ptr<TrainPool> pool = make_in_frame_pool();
  pool->start(runs);
  while (pool->work(0)) {
  }
  for (size_t i = 0; i < runs.size(); ++i) {
    const RunRecord alone = train_run(runs[i]);
    const RunRecord& r = pool->status(static_cast<int>(i)).record;
    CHECK(r.losses == alone.losses);
    CHECK(r.scores.token == alone.scores.token);
    CHECK(r.scores.greedy_token == alone.scores.greedy_token);
    CHECK(r.weights == alone.weights);
  }
  // Both ways: the setup and the record.
  const RunRecord record = pool->status(0).record;
  const std::string json = record_json(record, false);
  CHECK(json.find("\"pe\":\"random\"") != std::string::npos);
  CHECK(json.find("\"start_token\":true") != std::string::npos);
  RunRecord back;
  REQUIRE(read_record_json(json, back) == "");
  CHECK(back.config.pe == Encoding::Random);
  CHECK(back.config.start_token);
  CHECK(record_json(back, false) == json);
  TrainConfig setup;
  REQUIRE(read_setup_json(setup_json(c), setup) == "");
  CHECK(setup_json(setup) == setup_json(c));
  // A file written before the start token: off. A start token that is no boolean, an unknown pe: named.
  std::string old = setup_json(c);
  old.replace(old.find("\"start_token\":true,"), std::string("\"start_token\":true,").size(), "");
  REQUIRE(read_setup_json(old, setup) == "");
  CHECK_FALSE(setup.start_token);
  std::string bad = setup_json(c);
  bad.replace(bad.find("true,\"layers\""), 4, "3");
  CHECK(read_setup_json(bad, setup).find("\"start_token\" must be true or false") != std::string::npos);
  bad = setup_json(c);
  bad.replace(bad.find("\"random\""), 8, "\"randomised\"");
  CHECK(read_setup_json(bad, setup).find("random, got 'randomised'") != std::string::npos);
}

TEST_CASE("compute('train') takes pe 'random' and start_token, and refuses hostile values naming them") {
  using namespace posenc::app;
  using Type = ArgValue::Type;
  const auto num = [](double v) { return ArgValue{Type::Number, v, {}, {}}; };
  const auto str = [](const char* s) { return ArgValue{Type::String, 0, s, {}}; };
  const auto boolean = [](bool b) { return ArgValue{Type::Bool, static_cast<double>(b), {}, {}}; };
  const Args small = {{"layers", num(1)},    {"heads", num(2)}, {"d_model", num(8)},
                      {"train_len", num(3)}, {"steps", num(4)}, {"batch", num(4)}};
  const auto run = [&](Args extra) {
    Args a = small;
    for (auto& [k, v] : extra) a[k] = v;
    return compute("train", a);
  };
  const ComputeResult ok = run({{"pe", str("random")}, {"start_token", boolean(true)}});
  CHECK(ok.error == "");
  CHECK(ok.json.find("\"start_token\":true") != std::string::npos);
  // `bos`, as DESIGN.md names it, is the same setting: the same run (all but its time).
  const auto before_ms = [](const std::string& j) { return j.substr(0, j.find("\"ms\"")); };
  CHECK(before_ms(run({{"pe", str("random")}, {"bos", boolean(true)}}).json) == before_ms(ok.json));
  CHECK(run({{"start_token", str("yes")}}).error.find("start_token must be true or false") !=
        std::string::npos);
  CHECK(run({{"start_token", num(2)}}).error.find("start_token") != std::string::npos);
  CHECK(run({{"bos", str("no")}}).error.find("bos must be true or false") != std::string::npos);
  CHECK(run({{"bos", boolean(true)}, {"start_token", boolean(false)}}).error.find("one setting") !=
        std::string::npos);
  const std::string pe = run({{"pe", str("randomised")}}).error;
  CHECK(pe.find("pe must be one of") != std::string::npos);
  CHECK(pe.find("'random'") != std::string::npos);
  CHECK(run({{"pe", num(6)}}).error.find("pe must be one of") != std::string::npos);
}
