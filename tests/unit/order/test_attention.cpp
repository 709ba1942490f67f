// Lesson 1's claim: self-attention is permutation-equivariant, Attn(PX) = P·Attn(X), until positions
// are added to the inputs.
#include <doctest/doctest.h>

#include "core/attention.hpp"
#include "core/metrics.hpp"
#include "core/permutation.hpp"

using namespace posenc::core;

namespace {

// Inputs of 2 … n_span + 1 tokens of d_min … d_min + d_span − 1 dimensions, weights and a permutation,
// drawn from `rng` in that order.
struct Trial {
  Eigen::MatrixXd x;
  AttentionWeights w;
  Permutation perm;
};
Trial random_trial(Random& rng, int n_span, int d_min, int d_span) {
  const int n = 2 + rng.below(n_span);
  const int d = d_min + rng.below(d_span);
  Eigen::MatrixXd x = rng.gaussian_matrix(n, d);
  AttentionWeights w = random_attention_weights(d, rng);
  return {std::move(x), std::move(w), random_permutation(n, rng)};
}

}  // namespace

TEST_CASE("softmax rows are positive and sum to one, even for huge scores") {
  Eigen::MatrixXd s(2, 3);
  s << 1000, 999, -1000, 0, 0, 0;
  const Eigen::MatrixXd p = softmax_rows(s);
  CHECK(p.minCoeff() >= 0.0);
  CHECK(p.row(0).sum() == doctest::Approx(1.0));
  CHECK(p.row(1).sum() == doctest::Approx(1.0));
  CHECK(p(1, 0) == doctest::Approx(1.0 / 3));
  CHECK(p(0, 0) / p(0, 1) == doctest::Approx(std::exp(1.0)));
}

TEST_CASE("without position encoding, Attn(PX) = P Attn(X) to rounding, for random sizes and permutations") {
  Random rng(11);
  for (int trial = 0; trial < 60; ++trial) {
    const auto [x, w, perm] = random_trial(rng, 30, 1, 64);
    const OrderExperiment e = run_order_experiment(x, w, perm, false);
    CHECK(e.equivariance_residual < 1e-12);
    CHECK(e.pooled_residual < 1e-12);
    // the same identity through the explicit matrix P
    CHECK(max_abs_diff(self_attention(permutation_matrix(perm) * x, w).out,
                       permutation_matrix(perm) * self_attention(x, w).out) < 1e-12);
  }
}

TEST_CASE("with position encoding, a non-identity permutation changes the outputs beyond rounding") {
  Random rng(12);
  for (int trial = 0; trial < 40; ++trial) {
    auto [x, w, perm] = random_trial(rng, 20, 2, 62);
    if (is_identity(perm)) std::swap(perm[0], perm[1]);
    const OrderExperiment e = run_order_experiment(x, w, perm, true);
    CHECK(e.equivariance_residual > 1e-6);
  }
}

TEST_CASE("permutation helpers: P has one 1 per row and column, inverse undoes, validity check") {
  const Permutation p = {2, 0, 1};
  const Eigen::MatrixXd m = permutation_matrix(p);
  CHECK(m.rowwise().sum().minCoeff() == 1.0);
  CHECK(m.colwise().sum().maxCoeff() == 1.0);
  CHECK(m(0, 2) == 1.0);
  CHECK(permutation_matrix(inverse(p)) * m == Eigen::MatrixXd::Identity(3, 3));
  CHECK(is_permutation(p, 3));
  CHECK_FALSE(is_permutation({0, 0, 1}, 3));
  CHECK_FALSE(is_permutation({0, 1}, 3));
  CHECK_FALSE(is_permutation({0, 1, 3}, 3));
  CHECK_FALSE(is_permutation({-1, 0, 1}, 3));
}
