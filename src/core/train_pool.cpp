#include "train_pool.hpp"

#include <algorithm>
#include <chrono>

namespace posenc::core {
namespace {

using Clock = std::chrono::steady_clock;

// Runs trained round robin, a step at a time, on the calling thread; each finished run scored one test
// length per slice. It estimates a step's time so that a slice starts no step it cannot finish, and
// every call makes progress (a step or a score).
class InFramePool final : public TrainPool {
 public:
  void start(const std::vector<TrainConfig>& runs) override {
    steppers_.clear();
    status_.assign(runs.size(), RunStatus{});
    for (const TrainConfig& c : runs) steppers_.emplace_back(c);
    next_ = 0;
    started_ = Clock::now();
    finished_ = false;
  }

  void cancel() override {
    steppers_.clear();
    finished_ = true;
    ended_ = Clock::now();
  }

  bool work(double budget_ms) override {
    if (steppers_.empty() || finished_) return false;
    const Clock::time_point start = Clock::now();
    const auto elapsed = [&] {
      return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    };
    const int n = runs();
    bool moved = false;
    while (true) {
      int i = 0;  // the next run with anything left
      while (i < n && status_[next_].finished) next_ = (next_ + 1) % n, ++i;
      if (i == n) break;
      const double before = elapsed();
      if (moved && before + step_ms_ > budget_ms) break;
      RunStepper& s = steppers_[next_];
      RunStatus& st = status_[next_];
      if (!s.training_done()) {
        s.train(1);
        step_ms_ = std::max(elapsed() - before, 0.9 * step_ms_);
        const auto& losses = s.trainer().losses();
        st.losses.insert(st.losses.end(), losses.begin() + static_cast<long>(st.losses.size()), losses.end());
        st.steps_done = s.trainer().steps_done();
      } else {
        s.score_next();
        if (s.done()) {
          st.record = s.record();
          st.finished = true;
        }
      }
      moved = true;
      next_ = (next_ + 1) % n;
    }
    finished_ = std::all_of(status_.begin(), status_.end(), [](const RunStatus& s) { return s.finished; });
    if (finished_) ended_ = Clock::now();
    return !finished_;
  }

  int runs() const override { return static_cast<int>(status_.size()); }
  const RunStatus& status(int i) const override { return status_.at(i); }
  double seconds() const override {
    return std::chrono::duration<double>((finished_ ? ended_ : Clock::now()) - started_).count();
  }
  int parallel() const override { return 1; }
  bool trains_here() const override { return true; }

 private:
  std::vector<RunStepper> steppers_;
  std::vector<RunStatus> status_;
  int next_ = 0;
  double step_ms_ = 1;
  bool finished_ = true;
  Clock::time_point started_ = Clock::now(), ended_ = Clock::now();
};

TrainPoolFactory& factory() {
  static TrainPoolFactory f;
  return f;
}

}  // namespace

std::unique_ptr<TrainPool> make_in_frame_pool() { return std::make_unique<InFramePool>(); }

void set_train_pool_factory(TrainPoolFactory f) { factory() = std::move(f); }

std::unique_ptr<TrainPool> make_train_pool() {
  if (factory())
    if (std::unique_ptr<TrainPool> p = factory()()) return p;
  return make_in_frame_pool();
}

}  // namespace posenc::core
