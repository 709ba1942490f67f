// The web build's TrainPool: lesson train's runs trained in Web Workers (dist/train_worker.js, each with
// its own instance of the core), as many at once as navigator.hardwareConcurrency says (at least one, at
// most one per run). The page's thread only reads what the workers posted (work()). Where workers cannot
// be had (file://, train_worker.js or .wasm missing), the pool says so in the console and trains on the
// page's thread instead (core::make_in_frame_pool). Web only.
#pragma once

#include <memory>
#include <vector>

#include "core/train_pool.hpp"

namespace posenc::app {

std::unique_ptr<core::TrainPool> make_web_train_pool();

// Each worker's memory (posenc.stats().workers), as it said after its last run (0 before one ended):
// the bytes its core has allocated, and the size of its wasm memory.
struct WorkerMemory {
  double heap_bytes = 0, memory_bytes = 0;
};
std::vector<WorkerMemory> train_workers_memory();

}  // namespace posenc::app
