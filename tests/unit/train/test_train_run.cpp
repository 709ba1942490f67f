// core::train_run and what it records: the plateau rule that ends a run, teacher-forced and greedy
// scores (token and whole-sequence), the position-blind baseline against content/code/train.py's, the
// in-frame pool (any slicing gives the run's record alone), and the record's JSON both ways, hostile
// files included.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/train_pool.hpp"
#include "core/train_run.hpp"
#include "numpy.hpp"

using namespace posenc;
using namespace posenc::core;

namespace {

// A tiny training: d_model 8, one layer, lengths 1 … 3, tests at 2, 3 and 5.
TrainConfig tiny(int steps = 12) {
  TrainConfig c;
  c.layers = 1, c.heads = 2, c.d_model = 8, c.d_ff = 16;
  c.train_len = 3, c.test_lens = {2, 3, 5};
  c.steps = steps, c.batch = 4, c.test_examples = 6, c.seed = 7, c.warmup = 5;
  return c;
}

// Greedy decoding the plain way: slot by slot, each from a pass over the slots written so far.
SetScore greedy_by_hand(const Model<float>& model, const std::vector<Example>& examples) {
  long right = 0, total = 0, whole = 0;
  for (const Example& e : examples) {
    const size_t n = (e.tokens.size() - 1) / 2;
    Example run = e;
    bool all = true;
    for (size_t j = 0; j < n; ++j) {
      const std::vector<int> answers = model.predict({run});
      const int answer = answers.at(j);
      if (j + 1 < n) run.tokens[n + 2 + j] = answer;  // slot j + 1 holds answer j
      const bool ok = answer == e.targets[n + 1 + j];
      right += ok, ++total, all = all && ok;
    }
    whole += all;
  }
  return {double(right) / total, double(whole) / examples.size()};
}

}  // namespace

TEST_CASE("train run: greedy decoding equals slot-by-slot decoding; teacher-forced scores counted apart") {
  for (Task task : {Task::Copy, Task::Reverse, Task::KBack})
    for (bool causal : {true, false}) {
      CAPTURE(task_name(task));
      CAPTURE(causal);
      TrainConfig c = tiny(40);
      c.task = task, c.causal = causal, c.train_len = 4, c.test_lens = {4, 6};
      REQUIRE(check_train_config(c).empty());
      Trainer t(c);
      t.step(c.steps);
      const std::vector<Example>& set = t.test_set(1);
      const SetScore forced = score_examples(t.model(), set);
      // Teacher-forced, counted here from predict().
      const std::vector<int> p = t.model().predict(set);
      long right = 0, total = 0, whole = 0;
      size_t k = 0;
      for (const Example& e : set) {
        bool all = true;
        for (int target : e.targets)
          if (target >= 0) {
            const bool ok = p[k++] == target;
            right += ok, ++total, all = all && ok;
          }
        whole += all;
      }
      CHECK(forced.token == doctest::Approx(double(right) / total));
      CHECK(forced.sequence == doctest::Approx(double(whole) / set.size()));
      const SetScore greedy = greedy_score(t.model(), set, task_spec(c));
      if (causal && task != Task::KBack) {
        const SetScore by_hand = greedy_by_hand(t.model(), set);
        CHECK(greedy.token == doctest::Approx(by_hand.token));
        CHECK(greedy.sequence == doctest::Approx(by_hand.sequence));
      } else {
        CHECK(greedy.token == forced.token);
        CHECK(greedy.sequence == forced.sequence);
      }
    }
}

TEST_CASE("train run: greedy differs from teacher forcing where a wrong answer is fed back") {
  // An untrained causal model on reverse: its answers are wrong often, so free-running slots differ from
  // the right answers and the scores differ (a check that greedy really feeds answers back).
  TrainConfig c = tiny(1);
  c.causal = true, c.train_len = 5, c.test_lens = {5}, c.test_examples = 32;
  Trainer t(c);
  t.step(1);
  const SetScore forced = score_examples(t.model(), t.test_set(0));
  const SetScore greedy = greedy_score(t.model(), t.test_set(0), task_spec(c));
  const SetScore by_hand = greedy_by_hand(t.model(), t.test_set(0));
  CHECK(greedy.token == doctest::Approx(by_hand.token));
  CHECK(greedy.token != forced.token);
}

TEST_CASE("train run: the position-blind baseline agrees with content/code/train.py's, every task and mask") {
  Random rng(23);
  std::string cases = "[";
  std::vector<double> mine;
  for (Task task : {Task::Copy, Task::Reverse, Task::KBack})
    for (bool causal : {false, true}) {
      TaskSpec spec;
      spec.task = task, spec.causal = causal;
      std::vector<Example> set;
      std::string xs = "[";
      for (int i = 0; i < 40; ++i) {
        const int n = 3 + i % 6;
        set.push_back(random_example(spec, n, rng));
        xs += "[";
        for (int j = 0; j < n; ++j) xs += std::to_string(set.back().tokens[j]) + ",";
        xs += "],";
      }
      mine.push_back(position_blind_baseline(set, spec));
      cases += std::string("('") + task_name(task) + "'," + (causal ? "True" : "False") + "," + xs + "]),";
    }
  cases += "]";
  const std::string out = test::last_line(test::run_numpy(
      "train",
      "print(' '.join('%.12f' % position_blind_baseline([make_example(t, x, causal=c) for x in xs], t, c) "
      "for t, c, xs in " +
          cases + "))\n"));
  std::vector<double> numpy;
  for (size_t at = 0; at < out.size();) {
    size_t used = 0;
    numpy.push_back(std::stod(out.substr(at), &used));
    at += used;
  }
  REQUIRE(numpy.size() == mine.size());
  for (size_t i = 0; i < mine.size(); ++i) CHECK(mine[i] == doctest::Approx(numpy[i]).epsilon(1e-9));
  // Causal copy and reverse see more than the bag (the answers written): a higher baseline.
  CHECK(mine[1] > mine[0] + 0.1);
  CHECK(mine[3] > mine[2] + 0.1);
}

TEST_CASE("train run: the position-blind baseline by hand") {
  TaskSpec spec;
  spec.causal = true, spec.task = Task::Copy;
  // x = 1 1 2: slot 1 guesses 1 (2 of 3), slot 2 after writing 1: {1, 2}, ½; slot 3: {2}, 1.
  const Example e = make_example(spec, {1, 1, 2});
  CHECK(position_blind_baseline({e}, spec) == doctest::Approx((2.0 / 3 + 0.5 + 1) / 3));
  spec.task = Task::KBack, spec.k = 1;
  // x = 3 3 4: position 2 sees {3} before it (1), position 3 sees {3, 3} (1).
  CHECK(position_blind_baseline({make_example(spec, {3, 3, 4})}, spec) == doctest::Approx(1.0));
  // x = 3 4 5: position 2: {3}, 1; position 3: {3, 4}, ½.
  CHECK(position_blind_baseline({make_example(spec, {3, 4, 5})}, spec) == doctest::Approx(0.75));
}

TEST_CASE("train run: a run stops when solved, when flat, or at its cap, and says which") {
  SUBCASE("solved: every held-out answer right at two checks in a row") {
    TrainConfig c = tiny(2000);
    c.task = Task::Copy, c.causal = true, c.train_len = 2, c.test_lens = {2}, c.batch = 16, c.lr = 1e-2;
    c.pe = Encoding::Learned;
    RunStepper run(c);
    while (!run.training_done()) run.train(100);
    const RunRecord r = run.record();
    CHECK(r.stop == "solved");
    CHECK(r.converged);
    CHECK(r.steps < c.steps);
    const auto& checks = run.checks();
    REQUIRE(checks.size() >= 2);
    CHECK(checks.back().accuracy == 1.0);
    CHECK(checks[checks.size() - 2].accuracy == 1.0);
    CHECK(checks.back().step == r.steps);
    for (size_t i = 0; i + 2 < checks.size(); ++i)  // not solved earlier
      CHECK(!(checks[i].accuracy == 1.0 && checks[i + 1].accuracy == 1.0));
  }
  SUBCASE("flat: a learning rate too small to move anything") {
    TrainConfig c = tiny(5000);
    c.lr = 1e-7;
    RunStepper run(c);
    while (!run.training_done()) run.train(100);
    const RunRecord r = run.record();
    CHECK(r.stop == "flat");
    CHECK(r.converged);
    // The first step where the window max(600, s/2) fits after the first check at 50: 650.
    CHECK(r.steps == 650);
    const auto& checks = run.checks();
    double lo = 1, hi = 0;
    for (const PlateauCheck& k : checks) lo = std::min(lo, k.accuracy), hi = std::max(hi, k.accuracy);
    CHECK(hi - lo <= Plateau::kFlatAccuracy);
    CHECK(checks.back().loss >= checks.front().loss * (1 - Plateau::kFlatLoss));
  }
  SUBCASE("cap: too few steps to tell") {
    const RunRecord r = train_run(tiny(120));
    CHECK(r.stop == "cap");
    CHECK_FALSE(r.converged);
    CHECK(r.steps == 120);
    CHECK(r.losses.size() == 120u);
  }
}

TEST_CASE("train run: the record holds the run's own numbers; progress reports every loss once; cancel") {
  const TrainConfig c = tiny(60);
  std::vector<float> reported;
  int calls = 0;
  const RunRecord r = train_run(
      c,
      [&](int done, const float* losses, int n) {
        ++calls;
        reported.insert(reported.end(), losses, losses + n);
        CHECK(done == static_cast<int>(reported.size()));
        return true;
      },
      25);
  CHECK(calls == 3);  // 25, 50, 60
  Trainer alone(c);
  alone.step(c.steps);
  CHECK(r.losses == alone.losses());
  CHECK(reported == alone.losses());
  REQUIRE(r.scores.token.size() == 3u);
  for (int l = 0; l < 3; ++l) CHECK(r.scores.token[l] == token_accuracy(alone.model(), alone.test_set(l)));
  Model<float> m(model_config(c), 99);
  REQUIRE(load_weights(m, r.weights));
  CHECK(m.predict(alone.test_set(2)) == alone.model().predict(alone.test_set(2)));
  CHECK_FALSE(load_weights(m, std::vector<float>(3, 0.f)));

  const RunRecord cancelled = train_run(
      c, [](int done, const float*, int) { return done < 25; }, 25);
  CHECK(cancelled.stop == "cancelled");
  CHECK(cancelled.steps == 25);
  CHECK(cancelled.scores.token.empty());
}

TEST_CASE("train pool: in frame, any budget gives each run its record alone") {
  std::vector<TrainConfig> runs;
  for (Encoding pe : {Encoding::None, Encoding::Rope, Encoding::T5}) {
    runs.push_back(tiny(30));
    runs.back().pe = pe;
  }
  runs[1].seed = 8;
  for (double budget : {0.0, 1e9}) {
    CAPTURE(budget);
    std::unique_ptr<TrainPool> pool = make_in_frame_pool();
    pool->start(runs);
    int calls = 0;
    while (pool->work(budget)) ++calls;
    if (budget == 0) CHECK(calls >= 3 * 30);  // one step (or one score) a call
    for (int i = 0; i < 3; ++i) {
      REQUIRE(pool->status(i).finished);
      const RunRecord alone = train_run(runs[i]);
      const RunRecord& r = pool->status(i).record;
      CHECK(r.losses == alone.losses);
      CHECK(pool->status(i).losses == alone.losses);
      CHECK(r.scores.token == alone.scores.token);
      CHECK(r.scores.greedy_sequence == alone.scores.greedy_sequence);
      CHECK(r.weights == alone.weights);
    }
  }
  std::unique_ptr<TrainPool> pool = make_in_frame_pool();
  pool->start(runs);
  pool->work(0);
  pool->cancel();
  CHECK_FALSE(pool->work(1e9));
}

TEST_CASE("train run: JSON both ways, and hostile files refused with the member named") {
  TrainConfig c = tiny(30);
  c.task = Task::KBack, c.k = 1, c.pe = Encoding::Alibi, c.causal = true, c.lr = 0.0042, c.seed = 12345;
  RunRecord r = train_run(c);
  r.losses[3] = NAN;  // a non-finite loss is written as null and read back as NaN
  RunRecord back;
  REQUIRE(read_record_json(record_json(r, true), back) == "");
  CHECK(back.config.task == Task::KBack);
  CHECK(back.config.pe == Encoding::Alibi);
  CHECK(back.config.causal);
  CHECK(back.config.k == 1);
  CHECK(back.config.lr == 0.0042);
  CHECK(back.config.seed == 12345u);
  CHECK(back.config.test_lens == c.test_lens);
  CHECK(back.steps == r.steps);
  CHECK(back.stop == r.stop);
  CHECK(std::isnan(back.losses[3]));
  CHECK(back.losses[4] == r.losses[4]);
  CHECK(back.scores.token == r.scores.token);
  CHECK(back.scores.greedy_sequence == r.scores.greedy_sequence);
  CHECK(back.weights == r.weights);
  std::vector<RunRecord> all;
  REQUIRE(read_runs_file(runs_file_json({r, r}), all) == "");
  CHECK(all.size() == 2u);
  CHECK(all[1].weights.empty());  // a file of runs keeps no weights

  TrainConfig s;
  REQUIRE(read_setup_json(setup_json(c), s) == "");
  CHECK(setup_json(s) == setup_json(c));

  const std::string good = setup_json(c);
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    const size_t at = t.find(from);
    REQUIRE(at != std::string::npos);
    return t.replace(at, from.size(), to);
  };
  CHECK(read_setup_json("{", s).find("line 1") != std::string::npos);
  CHECK(read_setup_json("[]", s) == "a run's setup must be an object");
  CHECK(read_setup_json(with("\"layers\":1,", ""), s) == "missing \"layers\"");
  CHECK(read_setup_json(with("\"layers\":1", "\"layers\":1.5"), s).find("whole number") != std::string::npos);
  CHECK(read_setup_json(with("\"layers\":1", "\"layers\":1e300"), s).find("\"layers\"") != std::string::npos);
  CHECK(read_setup_json(with("\"pe\":\"alibi\"", "\"pe\":\"xpos\""), s).find("\"pe\"") != std::string::npos);
  CHECK(read_setup_json(with("\"causal\":true", "\"causal\":1"), s) == "\"causal\" must be true or false");
  CHECK(read_setup_json(with("\"lr\":0.0042", "\"lr\":-1"), s).find("lr") != std::string::npos);
  CHECK(read_runs_file("{\"format\":\"other\"}", all).find("posenc-train-runs") != std::string::npos);
  CHECK(read_runs_file("{\"format\":\"posenc-train-runs\",\"version\":2,\"runs\":[]}", all) ==
        "\"version\" must be 1");
  // A record of a run trained elsewhere may be larger than the page trains (the PyTorch script at scale):
  // it is read; the same setup asked to train here is refused.
  RunRecord big = r;
  big.config.d_model = 256, big.config.heads = 8, big.config.d_ff = 1024, big.config.steps = 200000;
  big.weights.clear();
  RunRecord big_back;
  CHECK(read_record_json(record_json(big, false), big_back) == "");
  CHECK(big_back.config.d_model == 256);
  CHECK(read_setup_json(setup_json(big.config), s).find("d_model") != std::string::npos);
  big.config.heads = 7;  // its shape is still checked
  CHECK(read_record_json(record_json(big, false), big_back).find("multiple") != std::string::npos);
  std::string bad = runs_file_json({r});
  bad.replace(bad.find("\"token_accuracy\":["), 18, "\"token_accuracy\":[2,");
  CHECK(read_runs_file(bad, all).rfind("run 1: ", 0) == 0);
  CHECK(all.empty());
}
