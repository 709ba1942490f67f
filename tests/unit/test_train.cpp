// Lesson `train`'s core: the tasks' sequences, the hand-written backward pass (against central
// differences) and what the encodings do to attention.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "core/extrapolation.hpp"
#include "core/train_model.hpp"

using namespace posenc::core;

namespace {

ModelConfig tiny_model(Encoding pe, bool causal) {
  ModelConfig m;
  m.pe = pe;
  m.causal = causal;
  m.layers = 2;
  m.heads = 2;
  m.d_model = 8;
  m.d_ff = 12;
  m.vocab_in = 6;
  m.vocab_out = 4;
  m.max_positions = 12;
  return m;
}

}  // namespace

TEST_CASE("train tasks: copy, reverse and k_back sequences, worked out by hand") {
  TaskSpec s;
  s.vocab = 5;  // SEP = 5, MASK = 6
  const std::vector<int> x = {3, 1, 4, 1};
  const int N = -1;
  s.task = Task::Copy;
  Example e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{3, 1, 4, 1, 5, 6, 6, 6, 6});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, 3, 1, 4, 1});
  s.task = Task::Reverse;
  e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{3, 1, 4, 1, 5, 6, 6, 6, 6});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, 1, 4, 1, 3});
  s.causal = true;  // teacher forcing: slot j holds the answer of slot j − 1
  e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{3, 1, 4, 1, 5, 6, 1, 4, 1});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, 1, 4, 1, 3});
  s.task = Task::Copy;
  e = make_example(s, x);
  CHECK(e.tokens == std::vector<int>{3, 1, 4, 1, 5, 6, 3, 1, 4});
  CHECK(e.targets == std::vector<int>{N, N, N, N, N, 3, 1, 4, 1});
  s.task = Task::KBack;
  s.k = 2;
  for (bool causal : {false, true}) {
    s.causal = causal;
    e = make_example(s, x);
    CHECK(e.tokens == x);
    CHECK(e.targets == std::vector<int>{N, N, 3, 1});
  }
  CHECK(sequence_length(s, 4) == 4);
  CHECK(shortest_input(s) == 3);
  s.task = Task::Reverse;
  CHECK(sequence_length(s, 4) == 9);
  CHECK(shortest_input(s) == 1);
  CHECK(target_count(make_example(s, x)) == 4);

  Random a(5), b(5);
  const Example ra = random_example(s, 7, a), rb = random_example(s, 7, b);
  CHECK(ra.tokens == rb.tokens);
  for (int i = 0; i < 7; ++i) CHECK((ra.tokens[i] >= 0 && ra.tokens[i] < 5));

  for (Task t : {Task::Copy, Task::Reverse, Task::KBack}) CHECK(task_from_name(task_name(t)) == t);
  for (Encoding pe : all_encodings()) CHECK(encoding_from_name(encoding_name(pe)) == pe);
  CHECK_FALSE(task_from_name("sort").has_value());
  CHECK_FALSE(encoding_from_name("RoPE").has_value());
}

TEST_CASE("train: the backward pass matches central differences for every tensor, encoding and mask") {
  // Double precision: with h = 1e-6 the central difference's truncation error is O(h²) ≈ 1e-12 and its
  // rounding error ≈ 1e-16 · |loss| / h ≈ 1e-10, so analytic and numeric gradients must agree to ~1e-9
  // (a wrong term is off by O(|gradient|)). Tolerance: 1e-7 absolute + 1e-5 relative. Every parameter
  // is first moved off its initial value (gains 1, biases and T5 buckets 0) so no term hides behind
  // a symmetric start.
  TaskSpec spec;
  spec.task = Task::Reverse;
  spec.vocab = 4;
  for (Encoding pe : all_encodings())
    for (bool causal : {false, true}) {
      const std::string pe_name = encoding_name(pe);
      CAPTURE(pe_name);
      CAPTURE(causal);
      Model<double> model(tiny_model(pe, causal), 7);
      Random noise(11);
      for (auto& t : model.tensors())
        for (Eigen::Index i = 0; i < t.value.size(); ++i) t.value.data()[i] += 0.3 * noise.gaussian();
      spec.causal = causal;
      Random rng(3);
      const std::vector<Example> batch = {random_example(spec, 2, rng),
                                          random_example(spec, 3, rng)};  // 5 and 7 tokens
      model.loss(batch, true);
      for (auto& t : model.tensors()) {
        CAPTURE(t.name);
        CHECK(t.grad.norm() > 0);  // every tensor takes part
        double worst = 0;
        for (Eigen::Index i = 0; i < t.value.size(); ++i) {
          double& w = t.value.data()[i];
          const double w0 = w, h = 1e-6;
          w = w0 + h;
          const double up = model.loss(batch, false);
          w = w0 - h;
          const double down = model.loss(batch, false);
          w = w0;
          const double numeric = (up - down) / (2 * h), analytic = t.grad.data()[i];
          worst = std::max(worst, std::fabs(numeric - analytic) /
                                      (1e-7 + 1e-5 * (std::fabs(numeric) + std::fabs(analytic))));
        }
        CHECK(worst <= 1.0);
      }
    }
}

TEST_CASE("train: without positions and with a bidirectional mask the model sees a bag of tokens") {
  // Every MASK slot gets the same distribution, and permuting the input permutes nothing there.
  TaskSpec spec;
  spec.task = Task::Reverse;
  spec.vocab = 4;
  const std::vector<int> x = {0, 3, 1, 1, 2}, shuffled = {1, 2, 0, 1, 3};
  for (Encoding pe : all_encodings()) {
    const std::string pe_name = encoding_name(pe);
    CAPTURE(pe_name);
    Model<double> model(tiny_model(pe, false), 9);
    Random noise(12);  // as if trained: T5's buckets start at 0 (no position information yet)
    for (auto& t : model.tensors())
      for (Eigen::Index i = 0; i < t.value.size(); ++i) t.value.data()[i] += 0.3 * noise.gaussian();
    const Eigen::MatrixXd p = model.probabilities({make_example(spec, x)});
    const Eigen::MatrixXd q = model.probabilities({make_example(spec, shuffled)});
    REQUIRE(p.rows() == 5);
    double spread = 0;  // between slots
    for (int j = 1; j < 5; ++j) spread = std::max(spread, (p.row(j) - p.row(0)).cwiseAbs().maxCoeff());
    const double moved = (p - q).cwiseAbs().maxCoeff();  // by the permutation
    if (pe == Encoding::None) {
      CHECK(spread < 1e-12);
      CHECK(moved < 1e-12);
    } else {  // any encoding breaks the symmetry
      CHECK(spread > 1e-6);
      CHECK(moved > 1e-6);
    }
  }
}

TEST_CASE("train: attention on identical tokens shows each encoding's position rule") {
  // With every token the same, content scores are all equal, so log(A_ij / A_ii) is the positional
  // part alone: ALiBi's −m_h·|i − j|, a function of j − i for RoPE, 0 without positions.
  TaskSpec spec;
  spec.task = Task::KBack;
  spec.vocab = 4;
  const Example same = make_example(spec, std::vector<int>(8, 2));
  const std::vector<double> slopes = alibi_slopes(2);
  for (bool causal : {false, true}) {
    CAPTURE(causal);
    for (Encoding pe : {Encoding::None, Encoding::Alibi, Encoding::Rope}) {
      const std::string pe_name = encoding_name(pe);
      CAPTURE(pe_name);
      Model<double> model(tiny_model(pe, causal), 5);
      for (int head = 0; head < 2; ++head) {
        const Eigen::MatrixXd a = model.attention(same, 0, head);
        REQUIRE(a.rows() == 8);
        for (int i = 0; i < 8; ++i) {
          CHECK(a.row(i).sum() == doctest::Approx(1.0).epsilon(1e-12));
          for (int j = 0; j < 8; ++j) {
            if (causal && j > i) {
              CHECK(a(i, j) == 0.0);
              continue;
            }
            const double rel = std::log(a(i, j) / a(i, i));
            if (pe == Encoding::None) CHECK(std::fabs(rel) < 1e-12);
            if (pe == Encoding::Alibi)
              CHECK(rel == doctest::Approx(-slopes[head] * std::abs(i - j)).epsilon(1e-9));
            if (pe == Encoding::Rope && i + 1 < 8 && j + 1 < 8 && (!causal || j <= i))
              CHECK(rel == doctest::Approx(std::log(a(i + 1, j + 1) / a(i + 1, i + 1))).epsilon(1e-9));
          }
        }
      }
      CHECK(model.attention(same, 2, 0).size() == 0);  // no such layer
    }
  }
}
