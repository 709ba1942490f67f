// Lesson `beyond-1d`: a causal mask breaks permutation equivariance, a uniform head over a start token
// writes 1/(i+1), axial 2-D RoPE and M-RoPE scores depend on offsets only, and M-RoPE position ids follow
// Qwen2-VL's rule — each checked against numbers worked out here, not taken from the code under test.
#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <string>

#include "core/beyond_1d.hpp"
#include "core/json.hpp"
#include "core/random.hpp"
#include "core/rope.hpp"
#include "lesson_tests.hpp"
#include "lessons/lesson.hpp"
#include "numpy.hpp"

using namespace posenc;
using namespace posenc::test;

namespace {

constexpr std::array<int, 3> kQwen = {16, 24, 24};

Eigen::VectorXd gaussian(core::Random& rng, int n) { return rng.gaussian_matrix(n, 1).col(0); }

// Σ over interleaved pairs k of Re[q_k · conj(k_k) · e^{i·Δ·θ_k}], θ_k = base^(−2k/dim): the 1-D RoPE score
// written from its complex form (lesson rope), independent of rope_rotate.
double complex_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double delta, double base) {
  const int dim = static_cast<int>(q.size());
  double s = 0;
  for (int p = 0; p < dim / 2; ++p) {
    const double theta = std::pow(base, -2.0 * p / dim);
    s += (std::complex<double>(q(2 * p), q(2 * p + 1)) *
          std::conj(std::complex<double>(k(2 * p), k(2 * p + 1))) * std::polar(1.0, delta * theta))
             .real();
  }
  return s;
}

}  // namespace

TEST_CASE("beyond-1d: a causal mask breaks permutation equivariance, no mask keeps it") {
  core::Random rng(7);
  const Eigen::MatrixXd x = rng.gaussian_matrix(6, 8);
  const core::AttentionWeights w = core::random_attention_weights(8, rng);
  for (const core::Permutation& p :
       {core::Permutation{1, 0, 2, 3, 4, 5}, core::Permutation{0, 1, 2, 3, 5, 4},
        core::Permutation{5, 4, 3, 2, 1, 0}, core::Permutation{2, 0, 1, 3, 4, 5}}) {
    const core::CausalExperiment e = core::run_causal_experiment(x, w, p);
    CHECK(e.bidirectional_residual < 1e-12);
    CHECK(e.causal_residual > 1e-3);
  }
  const core::CausalExperiment same = core::run_causal_experiment(x, w, core::identity_permutation(6));
  CHECK(same.causal_residual == 0.0);
  // The mask: row i's weights are 0 past i and sum to 1.
  for (int i = 0; i < 6; ++i) {
    CHECK(same.original.weights.row(i).sum() == doctest::Approx(1.0).epsilon(1e-14));
    for (int j = i + 1; j < 6; ++j) CHECK(same.original.weights(i, j) == 0.0);
  }
  // Token 0 sees only itself, so its output is its own value row.
  CHECK((same.original.out.row(0) - same.original.v.row(0)).cwiseAbs().maxCoeff() < 1e-15);
}

TEST_CASE("beyond-1d: the uniform head over a start token writes 1/(i+1), and layer 2 looks one back") {
  const core::CountingHeads c = core::counting_heads(200, 8.0);
  for (int i = 0; i < 200; ++i) {
    CHECK(std::fabs(c.h(i) - 1.0 / (i + 1)) < 1e-15);
    CHECK(std::fabs(c.position(i) - i) < 1e-9);
  }
  CHECK(c.h_error < 1e-15);
  // λ = 8: score gap to the next-best keys (|p_j − (i − 1)| = 1) is 8, two of them: weight ≥ 1/(1 + 2e^−8 +
  // …).
  CHECK(c.previous_weight > 1.0 / (1.0 + 3.0 * std::exp(-8.0)));
  CHECK(c.read_error < 1e-2);
  CHECK(c.layer2.weights(0, 0) == doctest::Approx(1.0));
  // A soft λ spreads the weight: row 5 of λ = 0.05 puts well under half on token 4.
  const core::CountingHeads soft = core::counting_heads(8, 0.05);
  CHECK(soft.layer2.weights(5, 4) < 0.5);
}

TEST_CASE(
    "beyond-1d: axial 2-D RoPE — rows and columns each a 1-D RoPE, scores depend on (Δrow, Δcol) only") {
  core::Random rng(3);
  for (int dim : {4, 16, 64}) {
    CAPTURE(dim);
    const Eigen::VectorXd q = gaussian(rng, dim), k = gaussian(rng, dim);
    const int h = dim / 2;
    for (int trial = 0; trial < 5; ++trial) {
      const int r1 = rng.below(40), c1 = rng.below(40), r2 = rng.below(40), c2 = rng.below(40);
      const int dr = rng.below(200) - 100, dc = rng.below(200) - 100;
      const double s = core::rope_2d_score(q, k, r1, c1, r2, c2, 100.0);
      const double expected = complex_score(q.head(h), k.head(h), r1 - r2, 100.0) +
                              complex_score(q.tail(h), k.tail(h), c1 - c2, 100.0);
      CHECK(std::fabs(s - expected) < 1e-10);
      CHECK(std::fabs(s - core::rope_2d_score(q, k, r1 + dr, c1 + dc, r2 + dr, c2 + dc, 100.0)) < 1e-10);
    }
    // Pairs 0 … dim/4 − 1 follow the row with θ_k = base^(−2k/(dim/2)); the rest the column.
    CHECK(core::axial_pair(0, dim, 100.0).axis == 0);
    CHECK(core::axial_pair(dim / 4 - 1, dim, 100.0).axis == 0);
    CHECK(core::axial_pair(dim / 4, dim, 100.0).axis == 1);
    CHECK(core::axial_pair(dim / 4, dim, 100.0).theta == 1.0);
    CHECK(core::axial_pair(dim / 2 - 1, dim, 100.0).theta ==
          doctest::Approx(std::pow(100.0, -2.0 * (dim / 4 - 1) / h)));
  }
  // Raster order on a 5-wide grid: the patch below is 5 away, the next row's first patch 1 from the row's
  // last.
  CHECK(core::raster_distance(2, 3, 3, 3, 5) == 5);
  CHECK(core::raster_distance(0, 4, 1, 0, 5) == 1);
  CHECK(core::raster_index(3, 2, 5) == 17);
}

TEST_CASE("beyond-1d: M-RoPE position ids, worked by hand") {
  // Text ×2, an image 1 × 2 × 3, text ×2. Text 0, 1; the image starts at 2: (2, 2+h, 2+w); the text after
  // it at 2 + max(1, 2, 3) = 5.
  const Eigen::MatrixXi a = core::mrope_position_ids({{false, 2}, {true, 0, 1, 2, 3}, {false, 2}});
  Eigen::MatrixXi want_a(3, 10);
  want_a << 0, 1, 2, 2, 2, 2, 2, 2, 5, 6,  //
      0, 1, 2, 2, 2, 3, 3, 3, 5, 6,        //
      0, 1, 2, 3, 4, 2, 3, 4, 5, 6;
  CHECK(a == want_a);
  // A video 2 × 2 × 1 first (t-major, then rows): ids from 0; text after at 0 + 2 = 2.
  const Eigen::MatrixXi b = core::mrope_position_ids({{true, 0, 2, 2, 1}, {false, 1}});
  Eigen::MatrixXi want_b(3, 5);
  want_b << 0, 0, 1, 1, 2,  //
      0, 1, 0, 1, 2,        //
      0, 0, 0, 0, 2;
  CHECK(b == want_b);
  // Two images back to back after one text token: the second starts at the first's largest id + 1.
  const Eigen::MatrixXi c =
      core::mrope_position_ids({{false, 1}, {true, 0, 1, 1, 1}, {true, 0, 1, 3, 1}, {false, 1}});
  Eigen::MatrixXi want_c(3, 6);
  want_c << 0, 1, 2, 2, 2, 5,  //
      0, 1, 2, 3, 4, 5,        //
      0, 1, 2, 2, 2, 5;
  CHECK(c == want_c);
}

TEST_CASE("beyond-1d: M-RoPE — sections, text as 1-D RoPE, and scores that depend on the id offsets only") {
  CHECK(core::mrope_section_of(15, kQwen) == 0);
  CHECK(core::mrope_section_of(16, kQwen) == 1);
  CHECK(core::mrope_section_of(39, kQwen) == 1);
  CHECK(core::mrope_section_of(40, kQwen) == 2);
  core::Random rng(11);
  const Eigen::VectorXd q = gaussian(rng, 128), k = gaussian(rng, 128);
  // Equal ids: ordinary rotate_half RoPE at that position.
  const double base = 1e6;
  CHECK(
      (core::mrope_rotate(q, {37, 37, 37}, kQwen, base) - core::rope_rotate(q, 37, base, core::Layout::Half))
          .cwiseAbs()
          .maxCoeff() < 1e-12);
  // Pair j (columns j, j + 64) of a vector turned by ids (t, h, w): by hand, with its section's id.
  const std::array<double, 3> ids = {3, 11, 29};
  const Eigen::VectorXd r = core::mrope_rotate(q, ids, kQwen, base);
  for (int j : {0, 15, 16, 39, 40, 63}) {
    const double id = j < 16 ? 3 : j < 40 ? 11 : 29;
    const double a = id * std::pow(base, -2.0 * j / 128);
    CHECK(r(j) == doctest::Approx(q(j) * std::cos(a) - q(j + 64) * std::sin(a)).epsilon(1e-12));
    CHECK(r(j + 64) == doctest::Approx(q(j) * std::sin(a) + q(j + 64) * std::cos(a)).epsilon(1e-12));
  }
  for (int trial = 0; trial < 6; ++trial) {
    const std::array<double, 3> m = {double(rng.below(50)), double(rng.below(50)), double(rng.below(50))};
    const std::array<double, 3> n = {double(rng.below(50)), double(rng.below(50)), double(rng.below(50))};
    const std::array<double, 3> d = {double(rng.below(200) - 100), double(rng.below(200) - 100),
                                     double(rng.below(200) - 100)};
    const double s = core::mrope_rotate(q, m, kQwen, base).dot(core::mrope_rotate(k, n, kQwen, base));
    const double shifted =
        core::mrope_rotate(q, {m[0] + d[0], m[1] + d[1], m[2] + d[2]}, kQwen, base)
            .dot(core::mrope_rotate(k, {n[0] + d[0], n[1] + d[1], n[2] + d[2]}, kQwen, base));
    CHECK(std::fabs(s - shifted) < 1e-10);
  }
  // The cos table: row of an image token (ids 2, 3, 4) at columns 5 (time), 20 (height), 50 (width) and +64.
  Eigen::MatrixXi one(3, 1);
  one << 2, 3, 4;
  const Eigen::MatrixXd cos = core::mrope_table(one, kQwen, base, false);
  REQUIRE(cos.cols() == 128);
  CHECK(cos(0, 5) == doctest::Approx(std::cos(2 * std::pow(base, -10.0 / 128))));
  CHECK(cos(0, 20 + 64) == doctest::Approx(std::cos(3 * std::pow(base, -40.0 / 128))));
  CHECK(cos(0, 50) == doctest::Approx(std::cos(4 * std::pow(base, -100.0 / 128))));
}

TEST_CASE("beyond-1d lesson: its sentences' numbers and conditions follow the settings") {
  auto l = make_lesson("beyond-1d");
  // Defaults: 3 text tokens, an image of 1 × 4 × 6, then text: the text after it starts at 3 + 6 = 9.
  placeholders_are(*l, {{"next_text", "9"}, {"naive_next", "27"}, {"saved", "18"}});
  // Qwen2-VL's sections 16, 24, 24: height pairs 16 … 39, width 40 … 63.
  placeholders_are(*l, {{"sec_h_first", "16"}, {"sec_h_last", "39"}, {"w_first", "40"}, {"w_last", "63"}});
  set(*l, "gh", "1");
  set(*l, "gw", "5");
  set(*l, "tb", "0");
  placeholders_are(*l, {{"next_text", "5"}, {"saved", "0"}, {"has_text_before", "0"}});
  CHECK(placeholder_number(*l, "shift_residual_3d") < 1e-10);
  CHECK(placeholder_number(*l, "shift_residual_2d") < 1e-10);
  CHECK(placeholder_number(*l, "causal_residual") > 1e-6);
  set(*l, "order", "0,1,2,3,4,5");
  placeholders_are(*l, {{"moved", "0"}, {"causal_residual", "0"}});
  set(*l, "len", "1");
  CHECK(l->placeholder("one_token") == "1");
  set(*l, "rdim", "18");  // rounded up to a multiple of 4
  placeholders_are(*l, {{"pairs2d", "10"}, {"row_last", "4"}});
}

TEST_CASE("beyond-1d: the NumPy version computes what the core computes") {
  const std::string out =
      test::run_numpy("beyond-1d",
                      "h, p = counting_head(5)\n"
                      "ids = mrope_position_ids([('text', 2), ('vision', 2, 2, 3), ('text', 2)])\n"
                      "c, s = mrope_cos_sin(ids)\n"
                      "q = np.arange(16) * 0.25 - 1.5\n"
                      "print(json.dumps([list(h), ids.ravel().tolist(), float(c[7, 30]), float(s[15, 100]),"
                      " list(rope_2d(q, 3, 5, 100.0))]))\n",
                      /*as_module=*/true);
  CAPTURE(out);
  const core::JsonParse parsed = core::parse_json(out);
  REQUIRE(parsed.ok());
  const auto& v = parsed.value.items;
  REQUIRE(v.size() == 5);
  const core::CountingHeads c = core::counting_heads(5, 1.0);
  for (int i = 0; i < 5; ++i) CHECK(v[0].items[i].number == doctest::Approx(c.h(i)).epsilon(1e-15));
  const Eigen::MatrixXi ids = core::mrope_position_ids({{false, 2}, {true, 0, 2, 2, 3}, {false, 2}});
  REQUIRE(v[1].items.size() == size_t(ids.size()));
  for (int r = 0; r < 3; ++r)
    for (int t = 0; t < ids.cols(); ++t) CHECK(v[1].items[r * ids.cols() + t].number == ids(r, t));
  CHECK(v[2].number == doctest::Approx(core::mrope_table(ids, kQwen, 1e6, false)(7, 30)).epsilon(1e-13));
  CHECK(v[3].number == doctest::Approx(core::mrope_table(ids, kQwen, 1e6, true)(15, 100)).epsilon(1e-13));
  Eigen::VectorXd q(16);
  for (int i = 0; i < 16; ++i) q(i) = i * 0.25 - 1.5;
  const Eigen::VectorXd r = core::rope_2d(q, 3, 5, 100.0);
  for (int i = 0; i < 16; ++i) CHECK(v[4].items[i].number == doctest::Approx(r(i)).epsilon(1e-13));
}
