// Lessons 7 and 8: sum vs concatenation statistics, and relative position representations.
#include <doctest/doctest.h>

#include <cmath>

#include "core/metrics.hpp"
#include "core/mixing.hpp"
#include "core/random.hpp"
#include "core/relative.hpp"
#include "core/sinusoidal.hpp"

using namespace posenc::core;

TEST_CASE("shaw_index is Toeplitz, within [0, 2k], and saturates beyond ±k") {
  Random rng(31);
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 1 + rng.below(60), k = rng.below(20);
    const Eigen::MatrixXd idx = shaw_index(n, k);
    CHECK(idx.minCoeff() >= 0);
    CHECK(idx.maxCoeff() <= 2 * k);
    if (n > 1)
      CHECK(max_abs_diff(idx.topLeftCorner(n - 1, n - 1), idx.bottomRightCorner(n - 1, n - 1)) == 0.0);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (j - i >= k) CHECK(idx(i, j) == 2 * k);
        if (j - i <= -k) CHECK(idx(i, j) == 0);
        if (std::abs(j - i) < k) CHECK(idx(i, j) == j - i + k);
      }
  }
}

TEST_CASE("relative logits do not change when the whole sequence is shifted; absolute PE logits do") {
  Random rng(32);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 2 + rng.below(12), d = 4 + rng.below(28), k = 1 + rng.below(6);
    const Eigen::MatrixXd x = rng.gaussian_matrix(n, d);
    const AttentionWeights w = random_attention_weights(d, rng);
    const Eigen::MatrixXd ak = rng.gaussian_matrix(2 * k + 1, d), av = rng.gaussian_matrix(2 * k + 1, d);
    const double offset = 1 + rng.below(1000);
    const RelativeResult a = relative_attention(x, w, ak, av, k, positions_from(0, n));
    const RelativeResult b = relative_attention(x, w, ak, av, k, positions_from(offset, n));
    CHECK(max_abs_diff(a.logits, b.logits) < 1e-12);
    CHECK(max_abs_diff(a.z, b.z) < 1e-12);
    const Eigen::MatrixXd pe0 = sinusoidal({n, d, 10000.0, Layout::Interleaved, 0.0});
    const Eigen::MatrixXd pe1 = sinusoidal({n, d, 10000.0, Layout::Interleaved, offset});
    CHECK(max_abs_diff(self_attention(x + pe0, w).scores, self_attention(x + pe1, w).scores) > 1e-6);
  }
}

TEST_CASE("with zero relative tables, relative attention is plain attention") {
  Random rng(33);
  const Eigen::MatrixXd x = rng.gaussian_matrix(5, 8);
  const AttentionWeights w = random_attention_weights(8, rng);
  const Eigen::MatrixXd zeros = Eigen::MatrixXd::Zero(7, 8);
  const RelativeResult r = relative_attention(x, w, zeros, zeros, 3, positions_from(0, 5));
  CHECK(max_abs_diff(r.z, self_attention(x, w).out) < 1e-12);
}

TEST_CASE("mean |cos(word, PE)| is within 5% of sqrt(2/(pi d)) for d >= 64") {
  for (int d : {64, 128, 256, 512}) {
    const CosineStats s = cosine_stats(d, 400, 256, 1);
    CAPTURE(d);
    CHECK(std::fabs(s.mean_abs - s.theory) / s.theory < 0.05);
    double total = 0;
    for (double h : s.histogram) total += h;
    CHECK(total == doctest::Approx(1.0));
    CHECK(s.histogram[9] + s.histogram[10] > 0.5);  // concentrated around 0
  }
}

TEST_CASE("nearest-word accuracy from w + PE rises with d on a fixed seed; concatenation is exact") {
  double previous = -1;
  for (int d : {4, 8, 16, 32, 64, 128}) {
    const Recovery r = nearest_word_accuracy(d, 500, 400, 512, 7);
    CAPTURE(d);
    CHECK(r.sum >= previous);
    CHECK(r.concat == 1.0);
    previous = r.sum;
  }
  CHECK(previous > 0.95);
  CHECK(nearest_word_accuracy(4, 500, 400, 512, 7).sum < 0.6);
}

TEST_CASE("PE's high dimensions barely vary over the first positions") {
  const Eigen::VectorXd v = dimension_variance(128, 128, 10000.0);
  CHECK(v(0) > 0.4);     // fastest sine: variance about 1/2
  CHECK(v(126) < 1e-3);  // slow sine stays near 0 over 128 positions
  CHECK(v(127) < 1e-3);  // slow cosine stays near 1
}

TEST_CASE("concatenation doubles the width: about four times the projection cost") {
  const LayerCost a = layer_cost(512, 128), b = layer_cost(1024, 128);
  CHECK(b.params == doctest::Approx(4 * a.params));
  CHECK(b.flops / a.flops > 3.5);
  CHECK(b.flops / a.flops < 4.0);
}

TEST_CASE("the closed-form dimension variance equals the variance of the table's columns") {
  Random rng(5);
  for (int trial = 0; trial < 30; ++trial) {
    const int len = 1 + rng.below(600), dim = 1 + rng.below(200);
    const double base = trial % 3 ? 10000.0 : 2.0 + 1e5 * rng.uniform();
    CAPTURE(len);
    CAPTURE(dim);
    CAPTURE(base);
    const Eigen::MatrixXd t = sinusoidal({len, dim, base, Layout::Interleaved, 0.0});
    const Eigen::RowVectorXd mean = t.colwise().mean();
    const Eigen::VectorXd direct = ((t.rowwise() - mean).array().square().colwise().sum() / len).transpose();
    const Eigen::VectorXd closed = dimension_variance(len, dim, base);
    REQUIRE(closed.size() == dim);
    CHECK((closed - direct).cwiseAbs().maxCoeff() < 1e-12);
  }
  CHECK(dimension_variance(1, 8, 10000.0).isZero());  // one position: nothing varies
}

TEST_CASE("concatenation's nearest word follows the nearest-word rule, duplicates and ties included") {
  Random rng(3);
  Eigen::MatrixXd vocab = rng.gaussian_matrix(40, 16);
  vocab.row(9) = vocab.row(5);  // the same vector twice: the rule picks the lower index
  const std::vector<int> truth = {5, 9, 0, 39, 9, 17};
  const std::vector<double> positions = {3, 7, 0, 100, 1, 2};
  // Brute force: the concatenated input [w_t; PE(p)] against every [w_k; PE(p)].
  int right = 0;
  for (size_t s = 0; s < truth.size(); ++s) {
    const Eigen::RowVectorXd pe = sinusoidal_row(positions[s], 16);
    int best = 0;
    double best_d = 1e300;
    for (int k = 0; k < vocab.rows(); ++k) {
      Eigen::RowVectorXd a(32), b(32);
      a << vocab.row(truth[s]), pe;
      b << vocab.row(k), pe;
      const double dist = (a - b).squaredNorm();
      if (dist < best_d) best_d = dist, best = k;
    }
    right += best == truth[s];
  }
  const Recovery r = nearest_word_accuracy(vocab, truth, positions);
  CHECK(right == 4);  // the two samples of word 9 resolve to word 5
  CHECK(r.concat == doctest::Approx(right / 6.0));
}
