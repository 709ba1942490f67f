// The desktop's TrainPool: lesson train's runs trained on threads, each run by core::train_run alone on
// one thread (so its record is the one train_run gives it anywhere), as many at once as the machine has
// cores. The page's thread only collects what the threads reported (work()). Native only (std::thread).
#pragma once

#include <memory>

#include "core/train_pool.hpp"

namespace posenc::app {

// At most `threads` runs at once (0: std::thread::hardware_concurrency(), at least 1), never more
// threads than runs; a thread that finishes a run takes the next one not started.
std::unique_ptr<core::TrainPool> make_thread_train_pool(int threads = 0);

}  // namespace posenc::app
