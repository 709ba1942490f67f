// Where lesson train's runs are trained. The lesson asks a TrainPool for a list of runs and reads their
// progress and records; how they train is the platform's choice: in slices between frames on the
// page's thread (InFramePool, here: native tests and the fallback), in Web Workers each with its own
// instance of the core (the web build), or on threads (the desktop build). Every pool gives each run
// the record train_run gives it alone: where a run trains changes no number.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "train_run.hpp"

namespace posenc::core {

struct RunStatus {
  int steps_done = 0;
  std::vector<float> losses;  // as far as reported
  bool finished = false;      // record holds the result
  RunRecord record;
};

class TrainPool {
 public:
  virtual ~TrainPool() = default;
  // Starts these runs, dropping any before.
  virtual void start(const std::vector<TrainConfig>& runs) = 0;
  // Stops every run; status() then keeps what was reported.
  virtual void cancel() = 0;
  // Called once per frame on the page's thread: an in-frame pool trains here for about budget_ms, others
  // collect what their workers reported. True while any run is unfinished.
  virtual bool work(double budget_ms) = 0;
  virtual int runs() const = 0;
  virtual const RunStatus& status(int i) const = 0;
  // Wall seconds since start() until the last run finished (or now).
  virtual double seconds() const = 0;
  // How many runs train at once.
  virtual int parallel() const = 0;
  // Whether work() trains (on the calling thread), or only collects what trains elsewhere: then the page
  // need not call it every frame.
  virtual bool trains_here() const { return false; }
};

using TrainPoolFactory = std::function<std::unique_ptr<TrainPool>()>;

// The pool every platform can use: runs trained one after another in slices on the calling thread.
std::unique_ptr<TrainPool> make_in_frame_pool();

// The pool lesson train uses: the platform sets its factory once at start-up (web: workers; desktop:
// threads); unset, make_train_pool() gives an in-frame pool.
void set_train_pool_factory(TrainPoolFactory factory);
std::unique_ptr<TrainPool> make_train_pool();

}  // namespace posenc::core
