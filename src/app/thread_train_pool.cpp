// Lesson train's runs on desktop threads. Each thread takes the next run not started, trains it with
// core::train_run and reports every step's loss into a buffer of that run under one mutex; work() (the
// page's thread, once a frame) moves those buffers into the RunStatus the lesson reads, so the lesson
// never sees a status that a thread is writing. Cancelling makes the progress callback answer false at
// the next step, then joins; the destructor cancels.
#include "app/thread_train_pool.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace posenc::app {
namespace {

using Clock = std::chrono::steady_clock;

// Reported every step: a cancel is seen within one optimiser step (the callback costs a lock and a copy
// of one float).
constexpr int kReportEvery = 1;

class ThreadTrainPool final : public core::TrainPool {
 public:
  explicit ThreadTrainPool(int threads) : max_threads_(threads) {}
  ~ThreadTrainPool() override { stop(); }

  void start(const std::vector<core::TrainConfig>& runs) override {
    stop();
    configs_ = runs;
    status_.assign(runs.size(), {});
    reports_.assign(runs.size(), {});
    next_ = 0;
    cancel_ = false;
    cancelled_ = false;
    started_ = Clock::now();
    ended_ = started_;
    int threads = max_threads_ > 0 ? max_threads_ : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::min(std::max(threads, 1), static_cast<int>(runs.size()));
    parallel_ = threads;
    for (int t = 0; t < threads; ++t) threads_.emplace_back([this] { serve(); });
  }

  void cancel() override {
    if (threads_.empty()) return;
    const bool unfinished = any_unfinished();
    stop();
    collect();
    if (unfinished) {
      cancelled_ = true;
      ended_ = Clock::now();
    }
  }

  bool work(double /*budget_ms*/) override {
    collect();
    return !cancelled_ && any_unfinished();
  }

  int runs() const override { return static_cast<int>(status_.size()); }
  const core::RunStatus& status(int i) const override { return status_.at(i); }

  double seconds() const override {
    if (status_.empty()) return 0;
    const bool running = !cancelled_ && any_unfinished();
    return std::chrono::duration<double>((running ? Clock::now() : ended_) - started_).count();
  }

  int parallel() const override { return parallel_; }

 private:
  // What a thread reported of a run and the page's thread has not collected yet.
  struct Report {
    int steps = 0;
    std::vector<float> losses;
    bool done = false;
    core::RunRecord record;
    Clock::time_point at;
  };

  // A thread's loop: the next run not started, until none is left or the pool is cancelled.
  void serve() {
    const int n = static_cast<int>(configs_.size());
    for (int i = next_++; i < n && !cancel_; i = next_++) {
      const core::RunProgress progress = [this, i](int steps, const float* losses, int count) {
        {
          std::lock_guard<std::mutex> lock(mutex_);
          Report& r = reports_[i];
          r.steps = steps;
          r.losses.insert(r.losses.end(), losses, losses + count);
        }
        return !cancel_.load();
      };
      core::RunRecord record = core::train_run(configs_[i], progress, kReportEvery);
      if (record.stop == "cancelled") return;
      std::lock_guard<std::mutex> lock(mutex_);
      Report& r = reports_[i];
      r.record = std::move(record);
      r.done = true;
      r.at = Clock::now();
    }
  }

  // Moves what the threads reported into the statuses.
  void collect() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t i = 0; i < status_.size(); ++i) {
      Report& r = reports_[i];
      core::RunStatus& s = status_[i];
      if (s.finished) continue;
      s.losses.insert(s.losses.end(), r.losses.begin(), r.losses.end());
      r.losses.clear();
      s.steps_done = r.steps;
      if (!r.done) continue;
      s.record = std::move(r.record);
      s.losses = s.record.losses;
      s.steps_done = s.record.steps;
      s.finished = true;
      ended_ = std::max(ended_, r.at);
    }
  }

  bool any_unfinished() const {
    return std::any_of(status_.begin(), status_.end(), [](const core::RunStatus& s) { return !s.finished; });
  }

  // Tells the threads to stop and waits for them.
  void stop() {
    cancel_ = true;
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

  const int max_threads_;
  int parallel_ = 0;
  std::vector<core::TrainConfig> configs_;
  std::vector<core::RunStatus> status_;  // the page's thread's own
  std::vector<Report> reports_;          // under mutex_
  std::mutex mutex_;
  std::atomic<int> next_{0};
  std::atomic<bool> cancel_{false};
  bool cancelled_ = false;
  Clock::time_point started_, ended_;
  std::vector<std::thread> threads_;
};

}  // namespace

std::unique_ptr<core::TrainPool> make_thread_train_pool(int threads) {
  return std::make_unique<ThreadTrainPool>(threads);
}

}  // namespace posenc::app
