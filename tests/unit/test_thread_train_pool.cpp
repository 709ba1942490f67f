// The desktop's TrainPool (app/thread_train_pool): where a run trains changes no number — every record
// equals core::train_run's for the same configuration, bit for bit, whatever the number of threads and
// the order they finish in; the statuses grow as a prefix of the final losses; cancel() and the
// destructor stop runs in flight within moments; lesson train given it as the desktop gives it (the pool
// factory) shows what it shows with the in-frame pool.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>
#include <vector>

#include "app/thread_train_pool.hpp"
#include "core/train_run.hpp"
#include "headless.hpp"

using namespace posenc;
using core::TrainConfig;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// A tiny training: d_model 8, one layer, lengths 1 … 3, 30 steps of 4 sequences (a cap far below the
// plateau rule's first possible stop), tests at 2, 3 and 5.
TrainConfig tiny(core::Encoding pe, std::uint64_t seed) {
  TrainConfig c;
  c.pe = pe;
  c.layers = 1, c.heads = 2, c.d_model = 8, c.d_ff = 16;
  c.train_len = 3, c.test_lens = {2, 3, 5};
  c.steps = 30, c.batch = 4, c.test_examples = 6, c.seed = seed;
  return c;
}

// The seven encodings at seed 7 (randomised positions with a start token), and RoPE at two more seeds:
// ten runs, more than any test's threads.
std::vector<TrainConfig> tiny_runs() {
  std::vector<TrainConfig> runs;
  for (core::Encoding pe : core::all_encodings()) runs.push_back(tiny(pe, 7));
  runs.back().start_token = true;  // randomised positions, last
  runs.push_back(tiny(core::Encoding::Rope, 8));
  runs.push_back(tiny(core::Encoding::Rope, 9));
  return runs;
}

// Long runs (the lesson's model size, a cap of 5,000 steps): in flight for seconds at least.
std::vector<TrainConfig> long_runs(int n) {
  std::vector<TrainConfig> runs;
  for (int i = 0; i < n; ++i) {
    TrainConfig c;
    c.steps = 5000;
    c.seed = 3 + i;
    REQUIRE(core::check_train_config(c).empty());
    runs.push_back(c);
  }
  return runs;
}

// Calls work() until it says nothing is left (at most `limit_s`), checking at every call that each run's
// status is a prefix of what it will be: as many losses as steps done, finished only with a record.
void drain(core::TrainPool& pool, double limit_s = 60) {
  const auto t0 = Clock::now();
  while (pool.work(4)) {
    for (int i = 0; i < pool.runs(); ++i) {
      const core::RunStatus& s = pool.status(i);
      REQUIRE(s.losses.size() == static_cast<std::size_t>(s.steps_done));
    }
    REQUIRE(seconds_since(t0) < limit_s);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// Lesson train at small settings (reverse, bidirectional, one layer, d_model 16, 60 steps, seeds 3 and 4:
// twelve runs), trained by the pools `factory` makes (empty: the in-frame pool) as a learner starts them;
// its runs file read back, its accuracy-against-length table, and how many runs it said train at once.
struct LessonRuns {
  std::vector<core::RunRecord> records;
  Eigen::MatrixXd length;
  std::string parallel;
};

LessonRuns lesson_runs(core::TrainPoolFactory factory) {
  struct Restore {  // the other tests' lessons train in frames
    ~Restore() { core::set_train_pool_factory({}); }
  } restore;
  core::set_train_pool_factory(std::move(factory));
  test::Headless h;
  REQUIRE(app::apply_hash(h.s,
                          "#lesson=train&step=setup&task=reverse&causal=0&layers=1&heads=2&d_model=16&"
                          "train_len=4&test_x=2&steps=60&warmup=20&seeds=2&seed=3")
              .empty());
  h.frame(1280, 800);
  lessons::Lesson& l = app::current_lesson(h.s);
  const std::optional<ui::ItemRect> train = ui::locate("Train");
  REQUIRE(train);
  h.click(*train);
  LessonRuns out;
  out.parallel = l.placeholder("parallel");
  const auto t0 = Clock::now();
  while (l.placeholder("done") != "1") {
    REQUIRE(seconds_since(t0) < 120);
    h.frame(1280, 800);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const std::vector<lessons::Export> runs = l.exports("runs"), length = l.exports("length");
  REQUIRE(runs.size() == 3);  // CSV, JSON, the PyTorch script
  REQUIRE(runs[1].extension == ".json");
  REQUIRE(core::read_runs_file(runs[1].text(), out.records) == "");
  REQUIRE(length.size() == 1);
  out.length = length[0].data();
  return out;
}

bool same_scores(const core::RunScores& a, const core::RunScores& b) {
  return a.token == b.token && a.sequence == b.sequence && a.greedy_token == b.greedy_token &&
         a.greedy_sequence == b.greedy_sequence;
}

}  // namespace

TEST_CASE("thread pool: every record is train_run's alone, bit for bit, on 1, 2 or all threads") {
  const std::vector<TrainConfig> runs = tiny_runs();
  std::vector<core::RunRecord> alone;
  for (const TrainConfig& c : runs) {
    REQUIRE(core::check_train_config(c).empty());
    alone.push_back(core::train_run(c));
  }
  // What train_run alone gives, in numbers a reader can check: 30 steps (the cap), finite losses that
  // differ between the encodings at one seed and between seeds at one encoding.
  for (const core::RunRecord& r : alone) {
    CHECK(r.steps == 30);
    CHECK(r.stop == "cap");
    CHECK_FALSE(r.converged);
    REQUIRE(r.losses.size() == 30u);
    CHECK(std::all_of(r.losses.begin(), r.losses.end(), [](float x) { return std::isfinite(x) && x > 0; }));
    CHECK(r.test_lens == std::vector<int>{2, 3, 5});
  }
  CHECK(alone[3].losses != alone[0].losses);  // RoPE and no encoding
  CHECK(alone[7].losses != alone[3].losses);  // RoPE at seeds 8 and 7
  CHECK(alone[6].losses != alone[2].losses);  // randomised positions and the sinusoidal code they place

  for (int threads : {1, 2, 0}) {
    CAPTURE(threads);
    auto pool = app::make_thread_train_pool(threads);
    pool->start(runs);
    REQUIRE(pool->runs() == static_cast<int>(runs.size()));
    const int expected =
        threads > 0 ? threads : std::min<int>(runs.size(), std::max(1u, std::thread::hardware_concurrency()));
    CHECK(pool->parallel() == expected);
    drain(*pool);
    CHECK(pool->seconds() > 0);
    for (int i = 0; i < pool->runs(); ++i) {
      CAPTURE(i);
      const core::RunStatus& s = pool->status(i);
      REQUIRE(s.finished);
      CHECK(s.steps_done == alone[i].steps);
      CHECK(s.losses == alone[i].losses);
      CHECK(s.record.losses == alone[i].losses);
      CHECK(s.record.steps == alone[i].steps);
      CHECK(s.record.stop == alone[i].stop);
      CHECK(s.record.converged == alone[i].converged);
      CHECK(s.record.test_lens == alone[i].test_lens);
      CHECK(same_scores(s.record.scores, alone[i].scores));
      CHECK(s.record.weights == alone[i].weights);
      CHECK(s.record.config.pe == runs[i].pe);
      CHECK(s.record.config.seed == runs[i].seed);
      CHECK(s.record.config.start_token == runs[i].start_token);
    }
    // Finished: the wall time stands still.
    const double t = pool->seconds();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(pool->seconds() == t);
    CHECK_FALSE(pool->work(4));
  }
}

TEST_CASE("thread pool: cancel stops runs in flight at once and keeps what they reported; start again") {
  auto pool = app::make_thread_train_pool(2);
  pool->start(long_runs(3));
  CHECK(pool->parallel() == 2);
  // Until a run has reported a few steps (at the lesson's size a step takes milliseconds).
  const auto t0 = Clock::now();
  while (pool->work(4) && pool->status(0).steps_done < 5 && pool->status(1).steps_done < 5) {
    REQUIRE(seconds_since(t0) < 60);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const auto t1 = Clock::now();
  pool->cancel();
  CHECK(seconds_since(t1) < 2.0);
  CHECK_FALSE(pool->work(4));
  int reported = 0;
  for (int i = 0; i < pool->runs(); ++i) {
    const core::RunStatus& s = pool->status(i);
    CHECK_FALSE(s.finished);
    CHECK(s.steps_done < 5000);
    CHECK(s.losses.size() == static_cast<std::size_t>(s.steps_done));
    reported += s.steps_done > 0;
  }
  CHECK(reported >= 1);
  CHECK(pool->status(2).steps_done == 0);  // the third run was waiting for a thread
  // Cancelled: the wall time stands still.
  const double t = pool->seconds();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(pool->seconds() == t);

  // The same pool starts again, with new threads, and gives train_run's records.
  const std::vector<TrainConfig> runs = {tiny(core::Encoding::Alibi, 4), tiny(core::Encoding::T5, 4)};
  pool->start(runs);
  drain(*pool);
  for (int i = 0; i < 2; ++i) {
    REQUIRE(pool->status(i).finished);
    CHECK(pool->status(i).record.losses == core::train_run(runs[i]).losses);
  }
}

TEST_CASE("thread pool: destroyed with runs in flight, it stops them and returns within moments") {
  {
    const auto t0 = Clock::now();
    auto pool = app::make_thread_train_pool(0);
    pool->start(long_runs(4));
    pool.reset();  // before any step
    CHECK(seconds_since(t0) < 2.0);
  }
  {
    auto pool = app::make_thread_train_pool(2);
    pool->start(long_runs(2));
    const auto t0 = Clock::now();
    while (pool->work(4) && pool->status(0).steps_done < 3) {
      REQUIRE(seconds_since(t0) < 60);
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    const auto t1 = Clock::now();
    pool.reset();  // mid-run
    CHECK(seconds_since(t1) < 2.0);
  }
  {
    auto pool = app::make_thread_train_pool(0);  // never started
    CHECK(pool->runs() == 0);
    CHECK_FALSE(pool->work(4));
    CHECK(pool->seconds() == 0);
  }
}

TEST_CASE(
    "thread pool: lesson train trained on threads, as the desktop does, shows what the in-frame pool does") {
  const LessonRuns in_frame = lesson_runs({});
  const LessonRuns threads = lesson_runs([] { return app::make_thread_train_pool(2); });
  CHECK(in_frame.parallel == "1");
  CHECK(threads.parallel == "2");
  REQUIRE(in_frame.records.size() == 12u);
  REQUIRE(threads.records.size() == 12u);
  for (std::size_t i = 0; i < 12; ++i) {
    CAPTURE(i);
    const core::RunRecord &a = in_frame.records[i], &b = threads.records[i];
    CHECK(b.config.pe == core::all_encodings()[i / 2]);
    CHECK(b.config.seed == 3 + i % 2);
    CHECK(b.steps == 60);
    CHECK(b.losses.size() == 60u);
    CHECK(b.losses == a.losses);
    CHECK(b.stop == a.stop);
    CHECK(same_scores(b.scores, a.scores));
  }
  CHECK(threads.length.rows() == 6);
  CHECK(threads.length == in_frame.length);
}
