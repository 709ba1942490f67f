#include "train_bench.hpp"

#include <algorithm>

namespace posenc::core {
namespace {

std::vector<TrainConfig> with_encodings(const TrainConfig& config, const std::vector<Encoding>& encodings) {
  std::vector<TrainConfig> runs;
  for (Encoding pe : encodings) {
    runs.push_back(config);
    runs.back().pe = pe;
  }
  return runs;
}

}  // namespace

TrainBench::TrainBench(const TrainConfig& config, const std::vector<Encoding>& encodings)
    : TrainBench(with_encodings(config, encodings)) {}

TrainBench::TrainBench(const std::vector<TrainConfig>& runs) {
  for (const TrainConfig& c : runs) runs_.push_back({std::make_unique<Trainer>(c), {}});
  last_work_ = Clock::now();
  show_progress();
}

bool TrainBench::work(double budget_ms) {
  if (phase_ == Phase::Done) return false;
  const Clock::time_point start = Clock::now();
  active_s_ += std::min(0.1, std::chrono::duration<double>(start - last_work_).count());
  last_work_ = start;
  const auto elapsed = [&] {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  };
  bool stepped = false;  // every slice makes progress: one step at least
  if (std::chrono::duration<double>(start - shown_at_).count() >= kShowEvery) show_progress();
  const int n = runs();
  while (phase_ == Phase::Training) {
    int i = 0;
    while (i < n && runs_[next_run_].trainer->finished()) {
      next_run_ = (next_run_ + 1) % n;
      ++i;
    }
    if (i == n) {
      phase_ = Phase::Testing;
      show_progress();
      skip_tested();
      break;
    }
    const double before = elapsed();
    if (stepped && before + step_ms_ > budget_ms) return true;
    runs_[next_run_].trainer->step(1);
    stepped = true;
    // The estimate follows a slower step at once and a faster one slowly (steps of one size differ by
    // encoding and by the lengths drawn).
    step_ms_ = std::max(elapsed() - before, 0.9 * step_ms_);
    next_run_ = (next_run_ + 1) % n;
  }
  while (phase_ == Phase::Testing) {
    if (stepped && elapsed() > budget_ms * 0.5) return true;
    Run& run = runs_[test_run_];
    const int len = static_cast<int>(run.accuracy.size());
    run.accuracy.push_back(token_accuracy(run.trainer->model(), run.trainer->test_set(len)));
    stepped = true;
    skip_tested();
  }
  return phase_ != Phase::Done;
}

void TrainBench::skip_tested() {
  while (test_run_ < runs() &&
         runs_[test_run_].accuracy.size() >= runs_[test_run_].trainer->test_lens().size())
    ++test_run_;
  if (test_run_ == runs()) phase_ = Phase::Done;
}

void TrainBench::show_progress() {
  shown_.steps.clear();
  shown_.done = shown_.total = 0;
  for (const Run& r : runs_) {
    shown_.steps.push_back(r.trainer->steps_done());
    shown_.done += r.trainer->steps_done();
    shown_.total += r.trainer->config().steps;
  }
  shown_.seconds = active_s_;
  shown_at_ = Clock::now();
}

}  // namespace posenc::core
