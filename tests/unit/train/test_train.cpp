// Lesson `train`'s core: the tasks' sequences, the hand-written backward pass (against central
// differences), what the encodings do to attention, determinism, learning, and hostile requests.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "core/extrapolation.hpp"
#include "core/random.hpp"
#include "core/small_gemm.hpp"
#include "core/train.hpp"
#include "core/train_run.hpp"
#include "gradient_check.hpp"
#include "sanitized.hpp"

using namespace posenc::core;

namespace {

using posenc::test::kSanitized;

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

// A quick training: d_model 16, lengths 1 … 4, batches of 8.
TrainConfig small_training(int steps) {
  TrainConfig c;
  c.d_model = 16;
  c.d_ff = 32;
  c.train_len = 4;
  c.steps = steps;
  c.batch = 8;
  c.test_examples = 8;
  return c;
}

// The share of targets a constant guess per sequence can get right: Σ (largest count of one token) / Σ n.
double bag_bound(const std::vector<Example>& set) {
  double best = 0, total = 0;
  for (const Example& e : set) {
    std::vector<int> count(64, 0);
    for (int t : e.targets)
      if (t >= 0) ++count[t], ++total;
    best += *std::max_element(count.begin(), count.end());
  }
  return best / total;
}

}  // namespace

TEST_CASE(
    "train: core::gemm's product equals the plain triple loop exactly, transposed operands and blocks too") {
  // The page's model multiplies through this kernel (blocked 8 × 4, four floats a lane); every entry is
  // summed over p in order from 0 and then added, so it must equal the plain loop to the last bit, for
  // every remainder of the blocking (rows and columns 1 … 13) and every layout of the operands.
  Random rng(42);
  const auto filled = [&](int r, int c) {
    Eigen::MatrixXf m(r, c);
    for (int j = 0; j < c; ++j)
      for (int i = 0; i < r; ++i) m(i, j) = static_cast<float>(rng.gaussian());
    return m;
  };
  std::vector<float> scratch;
  for (int m = 1; m <= 13; m += 3)
    for (int n = 1; n <= 13; n += 2)
      for (int k : {1, 5, 8, 33})
        for (int layout = 0; layout < 4; ++layout)
          for (bool add : {false, true}) {
            const bool ta = layout & 1, tb = layout & 2;
            // Operands as blocks inside larger matrices (strides ≠ rows), transposed when asked.
            const Eigen::MatrixXf big_a = ta ? filled(k + 3, m + 2) : filled(m + 3, k + 2);
            const Eigen::MatrixXf big_b = tb ? filled(n + 1, k + 4) : filled(k + 1, n + 4);
            Eigen::MatrixXf c = filled(m + 2, n + 1);
            const Eigen::MatrixXf c0 = c;
            const auto a_blk = ta ? big_a.block(2, 1, k, m) : big_a.block(2, 1, m, k);
            const auto b_blk = tb ? big_b.block(1, 3, n, k) : big_b.block(1, 3, k, n);
            const auto A = [&](int i, int p) { return ta ? a_blk(p, i) : a_blk(i, p); };
            const auto B = [&](int p, int j) { return tb ? b_blk(j, p) : b_blk(p, j); };
            const gemm::Operand oa = ta ? gemm::operand(a_blk.transpose()) : gemm::operand(a_blk);
            const gemm::Operand ob = tb ? gemm::operand(b_blk.transpose()) : gemm::operand(b_blk);
            REQUIRE(oa.rows == m);
            REQUIRE(ob.cols == n);
            gemm::multiply(&c(1, 0), c.outerStride(), oa, ob, add, scratch);
            bool same = true;
            for (int j = 0; j < c.cols(); ++j)
              for (int i = 0; i < c.rows(); ++i) {
                float want = c0(i, j);
                if (i >= 1 && i <= m && j < n) {
                  float sum = 0;
                  for (int p = 0; p < k; ++p) sum += A(i - 1, p) * B(p, j);
                  want = add ? c0(i, j) + sum : sum;
                }
                same = same && c(i, j) == want;
              }
            INFO("m " << m << " n " << n << " k " << k << " layout " << layout << " add " << add);
            CHECK(same);
          }
}

TEST_CASE("train tasks: copy, reverse and k_back sequences, worked out by hand") {
  TaskSpec s;
  s.vocab = 5;  // SEP = 5, MASK = 6
  const std::vector<int> x = {3, 1, 4, 1};
  const int N = -1;
  struct Case {
    Task task;
    bool causal;  // teacher forcing: slot j holds the answer of slot j − 1
    std::vector<int> tokens, targets;
  };
  const Case cases[] = {
      {Task::Copy, false, {3, 1, 4, 1, 5, 6, 6, 6, 6}, {N, N, N, N, N, 3, 1, 4, 1}},
      {Task::Reverse, false, {3, 1, 4, 1, 5, 6, 6, 6, 6}, {N, N, N, N, N, 1, 4, 1, 3}},
      {Task::Reverse, true, {3, 1, 4, 1, 5, 6, 1, 4, 1}, {N, N, N, N, N, 1, 4, 1, 3}},
      {Task::Copy, true, {3, 1, 4, 1, 5, 6, 3, 1, 4}, {N, N, N, N, N, 3, 1, 4, 1}},
  };
  Example e;
  for (const Case& c : cases) {
    CAPTURE(task_name(c.task));
    CAPTURE(c.causal);
    s.task = c.task;
    s.causal = c.causal;
    e = make_example(s, x);
    CHECK(e.tokens == c.tokens);
    CHECK(e.targets == c.targets);
  }
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
        CHECK(posenc::test::gradient_gap(model, batch, t) <= 1.0);
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

TEST_CASE("train: one seed gives the same losses every run, in any slicing; another seed differs") {
  TrainConfig c = small_training(24);
  for (Encoding pe : all_encodings()) {
    const std::string pe_name = encoding_name(pe);
    CAPTURE(pe_name);
    c.pe = pe;
    c.seed = 3;
    REQUIRE(check_train_config(c).empty());
    Trainer whole(c), sliced(c);
    CHECK(whole.step(1000) == 24);
    CHECK(whole.finished());
    for (int i = 0; i < 6; ++i) CHECK(sliced.step(4) == 4);
    CHECK(sliced.step(4) == 0);
    CHECK(whole.losses() == sliced.losses());
    CHECK(whole.accuracy() == sliced.accuracy());
    c.seed = 4;
    Trainer other(c);
    other.step(24);
    CHECK(other.losses() != whole.losses());
  }
}

TEST_CASE("train: the learning rate warms up linearly, then decays to a tenth") {
  TrainConfig c;
  c.steps = 100;
  c.warmup = 10;
  c.lr = 0.01;
  c.test_examples = 1;
  Trainer t(c);
  CHECK(t.learning_rate(0) == doctest::Approx(0.01 / 11));
  CHECK(t.learning_rate(9) == doctest::Approx(0.01 * 10 / 11));
  CHECK(t.learning_rate(10) == doctest::Approx(0.01));
  CHECK(t.learning_rate(55) == doctest::Approx(0.01 * 0.55));
  CHECK(t.learning_rate(100) == doctest::Approx(0.001));
}

TEST_CASE("train: on reverse with a bidirectional mask, positions are learned and none stays a bag") {
  // The test at the lesson's defaults (2 layers, 4 heads, d_model 32, train_len 8, 900 steps):
  // rope, sinusoidal and learned reach ≥ 0.9 at the training length; none can do no better than
  // guessing each sequence's most frequent token (bag_bound, ≈ 0.31 here), whatever it learns.
  // Under AddressSanitizer (about 20× slower) a smaller model and fewer steps keep make test short:
  // learned ≥ 0.9 there too. The full six-encoding comparison: make bench.
  TrainConfig c;
  std::vector<Encoding> learners = {Encoding::Rope, Encoding::Sinusoidal, Encoding::Learned};
  if (kSanitized) {
    c.d_model = 16, c.d_ff = 32, c.heads = 2, c.train_len = 5, c.batch = 16, c.steps = 500, c.lr = 5e-3;
    learners = {Encoding::Learned};
  }
  c.pe = Encoding::None;
  Trainer none(c);
  none.step(c.steps);
  const double bound = bag_bound(none.test_set(0));
  CHECK(none.test_lens()[0] == c.train_len);
  CHECK(bound < 0.5);
  CHECK(none.accuracy()[0] <= bound + 1e-12);
  for (Encoding pe : learners) {
    const std::string pe_name = encoding_name(pe);
    CAPTURE(pe_name);
    c.pe = pe;
    Trainer t(c);
    t.step(c.steps);
    CHECK(t.accuracy()[0] >= 0.9);
    CHECK(t.losses().back() < 0.25 * t.losses().front());
  }
}

TEST_CASE("train: the learned table keeps its initial rows past the training length") {
  TrainConfig c = small_training(20);
  c.pe = Encoding::Learned;
  c.test_lens = {4, 8};
  Trainer t(c);
  const Eigen::MatrixXf before = t.position_table();
  t.step(20);
  const Eigen::MatrixXf after = t.position_table();
  REQUIRE(after.rows() == 17);  // 2 · 8 + 1 positions: the longest test sequence
  CHECK(t.trained_positions() == 9);
  for (int r = 0; r < 17; ++r) {
    CAPTURE(r);
    if (r < 9)
      CHECK((after.row(r) != before.row(r)));
    else
      CHECK((after.row(r) == before.row(r)));
  }
  c.pe = Encoding::Rope;
  CHECK(Trainer(c).position_table().size() == 0);
  const Eigen::MatrixXf a = t.attention(t.test_set(1)[0], 1, 3);
  CHECK(a.rows() == 17);
  CHECK(a.rowwise().sum().isOnes(1e-5));
}

TEST_CASE("train: principal components of a position table") {
  // Rows on a circle of radius 2 in one plane and ±0.5 along a third axis (period 2), in 6 dimensions
  // turned by a random rotation: variances 2 (twice) and 0.25 of 4.25.
  const int rows = 16, d = 6;
  Eigen::MatrixXd plane = Eigen::MatrixXd::Zero(rows, d);
  for (int r = 0; r < rows; ++r) {
    const double a = 2 * 3.14159265358979323846 * r / rows;
    plane(r, 0) = 2 * std::cos(a);
    plane(r, 1) = 2 * std::sin(a);
    plane(r, 2) = r % 2 ? 0.5 : -0.5;
  }
  Random rng(2);
  const Eigen::MatrixXd rot = Eigen::HouseholderQR<Eigen::MatrixXd>(rng.gaussian_matrix(d, d)).householderQ();
  const Eigen::MatrixXf table = (plane * rot).cast<float>();
  const Components pc = principal_components(table, rows, 3);
  REQUIRE(pc.coords.rows() == rows);
  CHECK(pc.explained(0) == doctest::Approx(2 / 4.25).epsilon(1e-5));
  CHECK(pc.explained(1) == doctest::Approx(2 / 4.25).epsilon(1e-5));
  CHECK(pc.explained(2) == doctest::Approx(0.25 / 4.25).epsilon(1e-5));
  for (int r = 0; r < rows; ++r) {
    CHECK(pc.coords.row(r).head(2).norm() == doctest::Approx(2).epsilon(1e-5));
    CHECK(std::fabs(pc.coords(r, 2)) == doctest::Approx(0.5).epsilon(1e-5));
  }
  for (int i = 0; i < 3; ++i) {  // the sign: each component's largest coordinate positive
    Eigen::Index top = 0;
    pc.coords.col(i).cwiseAbs().maxCoeff(&top);
    CHECK(pc.coords(top, i) > 0);
  }
  CHECK(principal_components(table, 0, 2).coords.size() == 0);
}

TEST_CASE("train: hostile requests get a clear message and train nothing") {
  struct Case {
    const char* what;
    void (*set)(TrainRequest&);
    const char* says;
  };
  const Case cases[] = {
      {"unknown task", [](TrainRequest& r) { r.task = "sort"; }, "task must be one of"},
      {"unknown pe", [](TrainRequest& r) { r.pe = "xpos"; }, "pe must be one of"},
      {"NaN lr", [](TrainRequest& r) { r.lr = std::nan(""); }, "lr must be"},
      {"negative lr", [](TrainRequest& r) { r.lr = -1; }, "lr must be"},
      {"zero steps", [](TrainRequest& r) { r.steps = 0; }, "steps must be between 1"},
      {"negative steps", [](TrainRequest& r) { r.steps = -5; }, "steps must be between 1"},
      {"fractional steps", [](TrainRequest& r) { r.steps = 2.5; }, "steps must be a whole number"},
      {"infinite steps", [](TrainRequest& r) { r.steps = INFINITY; }, "steps must be a whole number"},
      {"huge layers", [](TrainRequest& r) { r.layers = 1e9; }, "layers must be between 1 and 6"},
      {"huge d_model", [](TrainRequest& r) { r.d_model = 1e6; }, "d_model must be between 2 and 128"},
      {"huge train_len", [](TrainRequest& r) { r.train_len = 1e7; }, "train_len must be between"},
      {"huge batch", [](TrainRequest& r) { r.batch = 1e12; }, "batch must be between"},
      {"NaN seed", [](TrainRequest& r) { r.seed = std::nan(""); }, "seed must be a whole number"},
      {"vocab of one", [](TrainRequest& r) { r.vocab = 1; }, "vocab must be between 2"},
      {"k of zero", [](TrainRequest& r) { r.k = 0; }, "k must be between 1"},
      {"fractional min_len", [](TrainRequest& r) { r.min_len = 1.5; }, "min_len must be a whole number"},
      {"min_len past train_len", [](TrainRequest& r) { r.min_len = 9; }, "min_len must be between 1 and 8"},
      {"negative warmup", [](TrainRequest& r) { r.warmup = -1; }, "warmup must be between 0"},
      {"heads not dividing d_model", [](TrainRequest& r) { r.heads = 3; }, "multiple of heads"},
      {"odd rope head width", [](TrainRequest& r) { r.d_model = 12, r.heads = 4; }, "even width per head"},
      {"NaN test length",
       [](TrainRequest& r) {
         r.test_lens = {8, std::nan("")};
       },
       "each of test_lens"},
      {"huge test length",
       [](TrainRequest& r) {
         r.test_lens = {8, 1e9};
       },
       "each of test_lens"},
      {"test lengths without train_len",
       [](TrainRequest& r) {
         r.test_lens = {4, 16};
       },
       "include train_len"},
      {"descending test lengths",
       [](TrainRequest& r) {
         r.test_lens = {16, 8};
       },
       "ascending"},
      {"too many test lengths", [](TrainRequest& r) { r.test_lens.assign(100, 8); }, "at most 8"},
      {"too much work", [](TrainRequest& r) { r.steps = 100000, r.d_model = 128, r.batch = 256; },
       "the cap is"},
      {"too much memory",
       [](TrainRequest& r) {
         r.d_model = 128, r.layers = 6, r.train_len = 64, r.batch = 64, r.steps = 1, r.test_lens = {64};
       },
       "MB"},
  };
  for (const Case& k : cases) {
    const std::string what = k.what;
    CAPTURE(what);
    TrainRequest r;
    k.set(r);
    const TrainResult out = train_to_end(r);
    CAPTURE(out.error);
    CHECK(out.error.find(k.says) != std::string::npos);
    CHECK(out.record.losses.empty());
  }
  TrainRequest ok;
  ok.steps = 5;
  ok.d_model = 8;
  ok.heads = 2;
  ok.train_len = 3;
  ok.test_lens = {3, 6};
  ok.task = "k_back";
  ok.pe = "t5";
  ok.causal = true;
  const TrainResult out = train_to_end(ok);
  CHECK(out.error.empty());
  CHECK(out.record.losses.size() == 5);
  CHECK(out.record.config.train_len == 3);
  CHECK(out.record.test_lens == std::vector<int>{3, 6});
  CHECK(out.record.scores.token.size() == 2);
  CHECK(out.baseline.size() == 2);
  CHECK(out.record.weights.empty());
  CHECK(out.ms >= 0);
  TrainConfig c;
  CHECK(read_train_request(TrainRequest{}, c).empty());  // the defaults are the lesson's
  CHECK(c.heads == TrainConfig{}.heads);
  CHECK(c.steps == TrainConfig{}.steps);
  CHECK(c.d_ff == TrainConfig{}.d_ff);
  c.task = Task::KBack;
  c.train_len = 2;  // k_back with k = 2 needs at least 3 tokens
  CHECK(check_train_config(c).find("train_len must be between 3") != std::string::npos);
}

TEST_CASE("train: at one seed every encoding starts from the same shared weights (the learned table apart)") {
  using posenc::core::Model;
  using posenc::core::ModelConfig;
  ModelConfig base;
  base.pe = Encoding::None;
  const Model<float> none(base, 7);
  int compared = 0;
  for (Encoding e :
       {Encoding::Learned, Encoding::Sinusoidal, Encoding::Rope, Encoding::Alibi, Encoding::T5}) {
    CAPTURE(static_cast<int>(e));
    ModelConfig c = base;
    c.pe = e;
    const Model<float> m(c, 7);
    for (const auto& t : m.tensors())
      for (const auto& u : none.tensors())
        if (t.name == u.name) {
          CAPTURE(t.name);
          CHECK((t.value.array() == u.value.array()).all());
          ++compared;
        }
  }
  CHECK(compared ==
        5 * 29);  // each: the embedding, 12 tensors in each of 2 layers, the final norm's 2, the output's 2
}
