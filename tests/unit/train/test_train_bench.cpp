// core::TrainBench, the training that lesson train runs between frames: slicing the work changes no
// number (each run's losses and accuracies are its Trainer's alone, to the end), every call makes
// progress even with no time to spend, and a generous budget does it all in one call.
#include <doctest/doctest.h>

#include <vector>

#include "core/train.hpp"
#include "core/train_bench.hpp"

using namespace posenc::core;

namespace {

// A tiny training: d_model 8, one layer, lengths 1 … 3, 12 steps of 4 sequences, tests at 2, 3 and 5.
TrainConfig tiny() {
  TrainConfig c;
  c.layers = 1, c.heads = 2, c.d_model = 8, c.d_ff = 16;
  c.train_len = 3, c.test_lens = {2, 3, 5};
  c.steps = 12, c.batch = 4, c.test_examples = 6, c.seed = 7;
  return c;
}

long steps_done(const TrainBench& b) {
  long n = 0;
  for (int i = 0; i < b.runs(); ++i) n += b.run(i).steps_done();
  return n;
}

long tests_done(const TrainBench& b) {
  long n = 0;
  for (int i = 0; i < b.runs(); ++i) n += static_cast<long>(b.accuracy(i).size());
  return n;
}

// Every run has trained to the end and holds what its Trainer alone gives.
void check_against_alone(const TrainBench& b, const TrainConfig& config) {
  REQUIRE(b.done());
  REQUIRE(b.runs() == static_cast<int>(all_encodings().size()));
  for (int i = 0; i < b.runs(); ++i) {
    CAPTURE(i);
    TrainConfig c = config;
    c.pe = all_encodings()[i];
    CHECK(b.run(i).config().pe == c.pe);
    CHECK(b.run(i).steps_done() == c.steps);
    Trainer alone(c);
    alone.step(c.steps);
    CHECK(b.run(i).losses() == alone.losses());
    REQUIRE(b.accuracy(i).size() == c.test_lens.size());
    for (size_t l = 0; l < c.test_lens.size(); ++l)
      CHECK(b.accuracy(i)[l] == token_accuracy(alone.model(), alone.test_set(static_cast<int>(l))));
  }
}

}  // namespace

TEST_CASE("train bench: a zero budget moves one step (then one test) a call; results as if trained alone") {
  const TrainConfig c = tiny();
  REQUIRE(check_train_config(c).empty());
  TrainBench b(c, all_encodings());
  CHECK(b.phase() == TrainBench::Phase::Training);
  CHECK(b.progress().total == 6L * c.steps);
  CHECK(b.progress().done == 0);
  CHECK(b.progress().seconds_left() == 0);
  CHECK(b.work(0));
  CHECK(steps_done(b) == 1);  // one step, though no time was given
  // Round robin: the next calls train the other runs, one step each.
  for (int k = 1; k < b.runs(); ++k) b.work(0);
  for (int i = 0; i < b.runs(); ++i) CHECK(b.run(i).steps_done() == 1);
  int calls = 0;
  long before = steps_done(b) + tests_done(b);
  bool more = true;
  while (more && calls < 1000) {
    more = b.work(0);
    ++calls;
    const long now = steps_done(b) + tests_done(b);
    CHECK(now > before);  // every call makes progress
    before = now;
  }
  CHECK_FALSE(more);
  CHECK_FALSE(b.work(0));  // done: nothing more
  check_against_alone(b, c);
  CHECK(b.progress().done == b.progress().total);  // the snapshot taken when training ended
  CHECK(b.progress().fraction() == 1);
}

TEST_CASE("train bench: a generous budget trains and tests everything in one call, with the same numbers") {
  const TrainConfig c = tiny();
  TrainBench b(c, all_encodings());
  CHECK_FALSE(b.work(1e9));
  check_against_alone(b, c);
  CHECK(b.seconds() >= 0);
  CHECK(b.seconds() <= 0.1);  // one gap before one call, counted up to 0.1 s
}

TEST_CASE("train bench: one run per configuration, e.g. two seeds of one encoding") {
  TrainConfig a = tiny(), b = tiny();
  a.pe = b.pe = Encoding::Rope;
  b.seed = 8;
  TrainBench bench({a, b});
  while (bench.work(0)) {
  }
  REQUIRE(bench.done());
  CHECK(bench.run(0).losses() != bench.run(1).losses());
  Trainer alone(b);
  alone.step(b.steps);
  CHECK(bench.run(1).losses() == alone.losses());
}
