// A training bench: several Trainer runs (lesson train's: one per position encoding, the same
// TrainConfig otherwise) trained round robin in time slices between a page's frames, then scored on their
// test sets one (run, test length) at a time. work(budget_ms) runs for about that long and says whether
// more remains; it estimates a step's time so that a slice starts no step it cannot finish, and every
// call makes progress. Slicing changes no number: each run's losses and accuracies are those of its
// Trainer trained alone to the end.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "train.hpp"

namespace posenc::core {

class TrainBench {
 public:
  enum class Phase { Training, Testing, Done };

  // What a screen should show of the progress (progress()): per run, the steps done; over all runs,
  // the steps done and asked for; the active seconds (seconds()) at the time.
  struct Progress {
    std::vector<int> steps;
    long done = 0, total = 0;
    double seconds = 0;
    double fraction() const { return total ? double(done) / total : 0; }
    // The time the steps not done yet will take at the pace so far (0 before the first step).
    double seconds_left() const { return done > 0 ? seconds * (total - done) / done : 0; }
  };

  // One run per encoding, each `config` with that encoding. Every configuration must pass
  // check_train_config.
  TrainBench(const TrainConfig& config, const std::vector<Encoding>& encodings);
  // One run per configuration (say, several seeds of one encoding).
  explicit TrainBench(const std::vector<TrainConfig>& runs);

  // Trains, then tests, for about budget_ms (testing stops at half of it: scoring a test set cannot be
  // cut short). Every call does one training step or one test at least, so a zero budget still moves
  // on. Returns true while more remains.
  bool work(double budget_ms);

  Phase phase() const { return phase_; }
  bool done() const { return phase_ == Phase::Done; }

  int runs() const { return static_cast<int>(runs_.size()); }
  // Run i's trainer: its configuration, losses, model, test sets, steps done so far.
  const Trainer& run(int i) const { return *runs_.at(i).trainer; }
  // Run i's token accuracy at each of its test lengths (Trainer::test_lens()), in that order, as far
  // as they have been scored (all of them once done()).
  const std::vector<double>& accuracy(int i) const { return runs_.at(i).accuracy; }

  // Wall-clock seconds since the bench was made, counting the gap before each work() call up to 0.1 s
  // only (a page in the background does not count).
  double seconds() const { return active_s_; }
  // The progress as of the last snapshot: taken when work() starts, at most every kShowEvery seconds,
  // and when training ends; not after every slice, so that a picture of it changes ten times a second
  // and an unchanged frame can be skipped (under a software renderer a drawn frame costs more than a
  // training step).
  const Progress& progress() const { return shown_; }
  static constexpr double kShowEvery = 0.1;

 private:
  using Clock = std::chrono::steady_clock;
  struct Run {
    std::unique_ptr<Trainer> trainer;
    std::vector<double> accuracy;
  };
  void show_progress();
  void skip_tested();  // moves test_run_ past the runs fully scored; Done after the last

  std::vector<Run> runs_;
  Phase phase_ = Phase::Training;
  int next_run_ = 0;     // round robin while training
  int test_run_ = 0;     // the run being scored while testing
  double step_ms_ = 1;   // a training step's time, recent slowest
  double active_s_ = 0;  // see seconds()
  Clock::time_point last_work_;
  Progress shown_;
  Clock::time_point shown_at_;
};

}  // namespace posenc::core
