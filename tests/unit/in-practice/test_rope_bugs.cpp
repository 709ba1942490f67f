// Lesson 12 (in-practice): the RoPE bugs of real ports, each identity checked against numbers built here
// by hand — the conversion script's permutation, arange vs cumsum position_ids, shift invariance, the
// KV-cache position rules, dynamic NTK against cached keys, partial rotary pairing, and the float types
// of the angle (bfloat16's 8-bit significand, float16's 65504).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "core/random.hpp"
#include "core/rope.hpp"
#include "core/rope_bugs.hpp"

using namespace posenc::core;

namespace {

// Rotate a row pair by pair with explicit cos/sin: columns (u_i, v_i) by pos·theta_i.
Eigen::VectorXd rotate_by_hand(const Eigen::VectorXd& x, double pos,
                               const std::vector<std::pair<int, int>>& pairs, const Eigen::VectorXd& theta) {
  Eigen::VectorXd y = x;
  for (size_t i = 0; i < pairs.size(); ++i) {
    const double a = pos * theta(i);
    y(pairs[i].first) = x(pairs[i].first) * std::cos(a) - x(pairs[i].second) * std::sin(a);
    y(pairs[i].second) = x(pairs[i].first) * std::sin(a) + x(pairs[i].second) * std::cos(a);
  }
  return y;
}

Eigen::VectorXd inv_freq(int dim, double base) {
  Eigen::VectorXd t(dim / 2);
  for (int i = 0; i < dim / 2; ++i) t(i) = std::pow(base, -2.0 * i / dim);
  return t;
}

// Round to nearest, ties to even, keeping `bits` significant bits (the implicit one included): the
// test's own rounding, independent of the core's.
double round_significand(double x, int bits) {
  int e = 0;
  const double m = std::frexp(x, &e);  // x = m·2^e, m in [0.5, 1)
  const double scaled = std::ldexp(m, bits);
  double r = std::floor(scaled);
  const double frac = scaled - r;
  if (frac > 0.5 || (frac == 0.5 && std::fmod(r, 2.0) != 0)) r += 1;
  return std::ldexp(r, e - bits);
}

}  // namespace

TEST_CASE(
    "the conversion script's permute for head_dim 8, rebuilt from view(h, hd/2, 2, d).transpose(1, 2)") {
  // By hand: within a head, rows 0,2,4,6 (the first of each interleaved pair) then 1,3,5,7.
  const std::vector<int> expected = {0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15};
  CHECK(hf_permute_rows(2, 8) == expected);
  // The tensor reshape: converted index (h, t, j) holds Meta's (h, j, t), for (H, hd/2, 2) views.
  for (int heads : {1, 3}) {
    for (int hd : {2, 4, 8, 16}) {
      std::vector<int> by_view(heads * hd);
      for (int h = 0; h < heads; ++h)
        for (int t = 0; t < 2; ++t)
          for (int j = 0; j < hd / 2; ++j) by_view[h * hd + t * (hd / 2) + j] = h * hd + j * 2 + t;
      CHECK(hf_permute_rows(heads, hd) == by_view);
    }
  }
}

TEST_CASE(
    "Meta's interleaved head and transformers' rotate_half head give the same scores only with permuted W_q, "
    "W_k") {
  for (std::uint64_t seed : {1u, 7u, 42u}) {
    const int heads = 3, hd = 8, tokens = 6, d_model = 12;
    const RopeHead head = random_rope_head(tokens, d_model, heads, hd, seed);
    const std::vector<int> perm = hf_permute_rows(heads, hd);
    Eigen::MatrixXd wq_hf(heads * hd, d_model), wk_hf(heads * hd, d_model);
    for (int r = 0; r < heads * hd; ++r) {
      wq_hf.row(r) = head.wq.row(perm[r]);
      wk_hf.row(r) = head.wk.row(perm[r]);
    }
    const std::vector<double> pos = positions_from(0, tokens);
    const double base = 500000;
    for (int h = 0; h < heads; ++h) {
      // Meta: interleaved pairs (2i, 2i+1), by hand.
      std::vector<std::pair<int, int>> inter, half;
      for (int i = 0; i < hd / 2; ++i) {
        inter.push_back({2 * i, 2 * i + 1});
        half.push_back({i, i + hd / 2});
      }
      const Eigen::VectorXd theta = inv_freq(hd, base);
      Eigen::MatrixXd meta(tokens, tokens);
      const Eigen::MatrixXd q = head.x * head.wq.middleRows(h * hd, hd).transpose();
      const Eigen::MatrixXd k = head.x * head.wk.middleRows(h * hd, hd).transpose();
      for (int a = 0; a < tokens; ++a)
        for (int b = 0; b < tokens; ++b)
          meta(a, b) = rotate_by_hand(q.row(a).transpose(), a, inter, theta)
                           .dot(rotate_by_hand(k.row(b).transpose(), b, inter, theta)) /
                       std::sqrt(double(hd));
      CHECK((rotary_scores(head_projection(head.x, head.wq, h, hd), pos,
                           head_projection(head.x, head.wk, h, hd), pos,
                           rotary_pairs(hd, base, Layout::Interleaved)) -
             meta)
                .cwiseAbs()
                .maxCoeff() < 1e-12);
      const RotaryPairs hf = rotary_pairs(hd, base, Layout::Half);
      const Eigen::MatrixXd with = rotary_scores(head_projection(head.x, wq_hf, h, hd), pos,
                                                 head_projection(head.x, wk_hf, h, hd), pos, hf);
      const Eigen::MatrixXd without = rotary_scores(head_projection(head.x, head.wq, h, hd), pos,
                                                    head_projection(head.x, head.wk, h, hd), pos, hf);
      CHECK((with - meta).cwiseAbs().maxCoeff() < 1e-12);
      CHECK((without - meta).cwiseAbs().maxCoeff() > 1e-3);
      // The half-layout pairs really are (i, i + hd/2).
      for (int i = 0; i < hd / 2; ++i) CHECK(hf.cols[i] == half[i]);
    }
  }
}

TEST_CASE("permute(w, n_heads, dim1) as torch runs it: blocks of dim1 / n_heads rows, or an error") {
  // view(n, dim1 // n // 2, 2, ·).transpose(1, 2): converted index (b, t, j) holds the original (b, j, t),
  // built here from the tensor indices alone.
  const auto by_view = [](int n, int dim1) {
    const int half = dim1 / n / 2;
    std::vector<int> out(dim1);
    for (int b = 0; b < n; ++b)
      for (int t = 0; t < 2; ++t)
        for (int j = 0; j < half; ++j) out[b * 2 * half + t * half + j] = b * 2 * half + j * 2 + t;
    return out;
  };
  for (int n : {1, 2, 4, 8})
    for (int dim1 : {8, 16, 32, 48, 64}) {
      CAPTURE(n);
      CAPTURE(dim1);
      if (dim1 % (2 * n) == 0)
        CHECK(script_permute_rows(n, dim1) == by_view(n, dim1));
      else
        CHECK(script_permute_rows(n, dim1).empty());  // n · (dim1 // n // 2) · 2 ≠ dim1: torch raises
    }
  // W_k of 2 key heads of 8 (16 rows) permuted with the 4 query heads' count: blocks of 4, not 8.
  CHECK(script_permute_rows(2, 16) == hf_permute_rows(2, 8));
  CHECK(script_permute_rows(4, 16) == std::vector<int>{0, 2, 1, 3, 4, 6, 5, 7, 8, 10, 9, 11, 12, 14, 13, 15});
  // Blocks of 2 rows are left as they are: the wrong count does not permute at all.
  CHECK(script_permute_rows(8, 16) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  CHECK(script_permute_rows(8, 8).empty());  // 8 rows into 8 heads of whole pairs: view(8, 0, 2, ·) fails
  CHECK(script_permute_rows(3, 16).empty());
}

TEST_CASE("repeat_kv: query head h reads key head h / (heads / kv_heads)") {
  // The key heads repeated as repeat_kv lays them out (each n_rep times in a row), read off by position.
  for (int heads : {1, 2, 4, 6, 8})
    for (int kv = 1; kv <= heads; ++kv) {
      if (heads % kv) continue;
      std::vector<int> repeated;
      for (int g = 0; g < kv; ++g)
        for (int r = 0; r < heads / kv; ++r) repeated.push_back(g);
      for (int h = 0; h < heads; ++h) CHECK(kv_head_of(h, heads, kv) == repeated[h]);
    }
}

TEST_CASE(
    "grouped-query attention: W_k permuted with num_key_value_heads gives Meta's scores, with "
    "num_attention_heads it does not (unless the counts are equal)") {
  const int heads = 4, hd = 8, tokens = 7, d_model = 12;
  const double base = 10000;
  for (std::uint64_t seed : {2u, 9u}) {
    const RopeHead head = random_rope_head(tokens, d_model, heads, hd, seed);
    const std::vector<double> pos = positions_from(0, tokens);
    for (int kv : {1, 2, 4}) {
      CAPTURE(kv);
      const Eigen::MatrixXd wk = head.wk.topRows(kv * hd);
      const std::vector<int> right = script_permute_rows(kv, kv * hd),
                             wrong = script_permute_rows(heads, kv * hd);
      REQUIRE(!wrong.empty());  // kv · 8 rows, 4 blocks of whole pairs
      Eigen::MatrixXd wq_hf(heads * hd, d_model), wk_right(kv * hd, d_model), wk_wrong(kv * hd, d_model);
      const std::vector<int> q_perm = script_permute_rows(heads, heads * hd);
      for (int r = 0; r < heads * hd; ++r) wq_hf.row(r) = head.wq.row(q_perm[r]);
      for (int r = 0; r < kv * hd; ++r) {
        wk_right.row(r) = wk.row(right[r]);
        wk_wrong.row(r) = wk.row(wrong[r]);
      }
      double worst_wrong = 0;
      for (int h = 0; h < heads; ++h) {
        const int g = h / (heads / kv);
        // Meta: interleaved pairs by hand.
        std::vector<std::pair<int, int>> inter;
        for (int i = 0; i < hd / 2; ++i) inter.push_back({2 * i, 2 * i + 1});
        const Eigen::MatrixXd q = head.x * head.wq.middleRows(h * hd, hd).transpose();
        const Eigen::MatrixXd k = head.x * wk.middleRows(g * hd, hd).transpose();
        Eigen::MatrixXd meta(tokens, tokens);
        for (int a = 0; a < tokens; ++a)
          for (int b = 0; b < tokens; ++b)
            meta(a, b) = rotate_by_hand(q.row(a).transpose(), a, inter, inv_freq(hd, base))
                             .dot(rotate_by_hand(k.row(b).transpose(), b, inter, inv_freq(hd, base))) /
                         std::sqrt(double(hd));
        const RotaryPairs hf = rotary_pairs(hd, base, Layout::Half);
        const Eigen::MatrixXd qh = head_projection(head.x, wq_hf, h, hd);
        const Eigen::MatrixXd with_kv =
            rotary_scores(qh, pos, head_projection(head.x, wk_right, kv_head_of(h, heads, kv), hd), pos, hf);
        const Eigen::MatrixXd with_heads =
            rotary_scores(qh, pos, head_projection(head.x, wk_wrong, kv_head_of(h, heads, kv), hd), pos, hf);
        CHECK((with_kv - meta).cwiseAbs().maxCoeff() < 1e-12);
        worst_wrong = std::max(worst_wrong, (with_heads - meta).cwiseAbs().maxCoeff());
      }
      if (kv == heads)
        CHECK(worst_wrong < 1e-12);  // the same count: the same permutation
      else
        CHECK(worst_wrong > 1e-2);
    }
  }
}

TEST_CASE("causal softmax: rows sum to 1 and nothing is attended after the query") {
  Random rng(3);
  const Eigen::MatrixXd s = rng.gaussian_matrix(5, 5);
  const Eigen::MatrixXd p = causal_softmax(s);
  for (int r = 0; r < 5; ++r) {
    CHECK(p.row(r).sum() == doctest::Approx(1.0).epsilon(1e-14));
    for (int c = r + 1; c < 5; ++c) CHECK(p(r, c) == 0.0);
  }
  CHECK(p(0, 0) == 1.0);
  // Row 1 by hand: e^{s10} / (e^{s10} + e^{s11}).
  CHECK(p(1, 0) ==
        doctest::Approx(std::exp(s(1, 0)) / (std::exp(s(1, 0)) + std::exp(s(1, 1)))).epsilon(1e-14));
}

TEST_CASE(
    "score against distance equals the RoPE score of rope.hpp, and the curves of two bases part where "
    "stated") {
  Random rng(11);
  const int d = 16;
  const Eigen::VectorXd q = rng.gaussian_matrix(d, 1).col(0), k = rng.gaussian_matrix(d, 1).col(0);
  const Eigen::VectorXd right = score_by_distance(q, k, rotary_pairs(d, 500000, Layout::Interleaved), 300);
  for (int r : {0, 1, 5, 77, 300})
    CHECK(right(r) == doctest::Approx(rope_score(q, k, r, 0, 500000) / 4.0).epsilon(1e-12));  // √16 = 4
  CHECK(right(0) == doctest::Approx(q.dot(k) / 4.0).epsilon(1e-13));
  const Eigen::VectorXd wrong = score_by_distance(q, k, rotary_pairs(d, 10000, Layout::Interleaved), 300);
  CHECK(wrong(0) == right(0));  // at distance 0 no base matters
  const int part = parting_distance(right, wrong, 0.1);
  REQUIRE(part > 0);
  double rms2 = 0;
  for (int r = 0; r <= 300; ++r) rms2 += right(r) * right(r);
  const double limit = 0.1 * std::sqrt(rms2 / 301);
  for (int r = 0; r < part; ++r) CHECK(std::fabs(right(r) - wrong(r)) <= limit);
  CHECK(std::fabs(right(part) - wrong(part)) > limit);
  CHECK(parting_distance(right, right, 0.1) == -1);
  // A hand-made pair of curves: rms(a) = 1, so 10 % is 0.1; they first differ by more at r = 2.
  Eigen::VectorXd a(4), b(4);
  a << 1, -1, 1, -1;
  b << 1, -0.95, 1.2, -1;
  CHECK(parting_distance(a, b, 0.1) == 2);
}

TEST_CASE(
    "position_ids for a left-padded row: arange counts the pads, cumsum(mask) − 1 does not (pads set to 1)") {
  const std::vector<int> mask = left_padding_mask(5, 8);
  CHECK(mask == std::vector<int>{0, 0, 0, 1, 1, 1, 1, 1});
  CHECK(arange_position_ids(8) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  // cumsum = 0 0 0 1 2 3 4 5; minus 1 = −1 −1 −1 0 1 2 3 4; pads filled with 1.
  CHECK(cumsum_position_ids(mask) == std::vector<int>{1, 1, 1, 0, 1, 2, 3, 4});
  CHECK(cumsum_position_ids(left_padding_mask(3, 3)) == std::vector<int>{0, 1, 2});
}

TEST_CASE("shifting every position of a sequence by the same amount changes no RoPE score") {
  Random rng(5);
  for (int trial = 0; trial < 10; ++trial) {
    const int n = 2 + rng.below(10), d = 2 * (1 + rng.below(16));
    const Eigen::MatrixXd q = rng.gaussian_matrix(n, d), k = rng.gaussian_matrix(n, d);
    const double shift = 1 + rng.below(1000);
    for (Layout l : {Layout::Interleaved, Layout::Half}) {
      const RotaryPairs rot = rotary_pairs(d, 10000, l);
      const Eigen::MatrixXd a = rotary_scores(q, positions_from(0, n), k, positions_from(0, n), rot);
      const Eigen::MatrixXd b = rotary_scores(q, positions_from(shift, n), k, positions_from(shift, n), rot);
      CHECK((a - b).cwiseAbs().maxCoeff() < 1e-11);
      // …but shifting the queries alone does.
      const Eigen::MatrixXd c = rotary_scores(q, positions_from(shift, n), k, positions_from(0, n), rot);
      CHECK((a - c).cwiseAbs().maxCoeff() > 1e-6);
    }
  }
}

TEST_CASE(
    "decoding with a cache: the new token's position under each rule, and the score error against cached "
    "keys") {
  // 3 pads, prompt of 5: the first generated token is the 6th real token, position 5.
  CHECK(decode_position(DecodeRule::Correct, 3, 5, 1) == 5);
  CHECK(decode_position(DecodeRule::PadCounted, 3, 5, 1) == 8);  // its index in the padded row
  CHECK(decode_position(DecodeRule::OffByOne, 3, 5, 1) == 6);
  CHECK(decode_position(DecodeRule::Correct, 3, 5, 4) == 8);
  Random rng(9);
  const int d = 16, prompt = 5, steps = 4;
  const Eigen::MatrixXd q = rng.gaussian_matrix(prompt + steps, d),
                        k = rng.gaussian_matrix(prompt + steps, d);
  const RotaryPairs rot = rotary_pairs(d, 10000, Layout::Half);
  for (int step = 1; step <= steps; ++step) {
    const Eigen::VectorXd ok = decode_score_error(q, k, 3, prompt, step, DecodeRule::Correct, rot);
    REQUIRE(ok.size() == prompt + step);
    CHECK(ok.cwiseAbs().maxCoeff() == 0.0);
    for (DecodeRule rule : {DecodeRule::PadCounted, DecodeRule::OffByOne}) {
      const Eigen::VectorXd e = decode_score_error(q, k, 3, prompt, step, rule, rot);
      // Against the prompt's keys the distance is off (by 3, or by 1): wrong scores.
      CHECK(e.head(prompt).cwiseAbs().maxCoeff() > 1e-3);
      // Against keys generated under the same rule, the distances agree: only rounding is left.
      CHECK(e.tail(step).cwiseAbs().maxCoeff() < 1e-12);
    }
    // By hand for the first prompt key under PadCounted: query at prompt + step − 1 + 3, key at 0.
    const Eigen::VectorXd e = decode_score_error(q, k, 3, prompt, step, DecodeRule::PadCounted, rot);
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < d / 2; ++i) pairs.push_back({i, i + d / 2});
    const Eigen::VectorXd theta = inv_freq(d, 10000);
    const Eigen::VectorXd qn = q.row(prompt + step - 1).transpose(), k0 = k.row(0).transpose();
    const double wrong = rotate_by_hand(qn, prompt + step - 1 + 3, pairs, theta).dot(k0) / 4.0;
    const double right = rotate_by_hand(qn, prompt + step - 1, pairs, theta).dot(k0) / 4.0;
    CHECK(e(0) == doctest::Approx(wrong - right).epsilon(1e-10));
  }
  // Without pads, counting them changes nothing.
  CHECK(decode_score_error(q, k, 0, prompt, 2, DecodeRule::PadCounted, rot).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE(
    "dynamic NTK against cached keys: exactly 0 up to L0, wrong after, as rebuilt with cos and sin here") {
  RopeConfig c;
  c.head_dim = 16;
  c.rope_theta = 10000;
  c.max_position_embeddings = 32;
  c.factor = 2;
  c.rope_type = RopeType::Dynamic;
  Random rng(12);
  const Eigen::MatrixXd q = rng.gaussian_matrix(80, 16), k = rng.gaussian_matrix(80, 16);
  std::vector<int> lengths;
  for (int len = 1; len <= 80; ++len) lengths.push_back(len);
  const DynamicCacheError result = dynamic_cache_error(q, k, c, lengths);
  const Eigen::VectorXd& err = result.max_error;
  for (int len = 1; len <= 32; ++len) CHECK(err(len - 1) == 0.0);
  for (int len = 33; len <= 80; ++len) CHECK(err(len - 1) > 1e-6);
  // L = 60 by hand: key j as written (rotated under the frequencies of length j + 1), against the key
  // rotated under the frequencies of length 60, seen by the query at position 59.
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < 8; ++i) pairs.push_back({i, i + 8});
  // The dynamic base by its formula: base · (s·L/L0 − (s − 1))^(d/(d − 2)), from L0 on.
  const auto theta_at = [&](int len) {
    const double l = std::max(len, 32);
    return inv_freq(16, 10000 * std::pow(2.0 * l / 32 - 1, 16.0 / 14));
  };
  const Eigen::VectorXd theta_now = theta_at(60);
  const Eigen::VectorXd query = rotate_by_hand(q.row(59).transpose(), 59, pairs, theta_now);
  double worst = 0, squares = 0;
  for (int j = 0; j < 60; ++j) {
    const Eigen::VectorXd kj = k.row(j).transpose();
    const double cached = query.dot(rotate_by_hand(kj, j, pairs, theta_at(j + 1)));
    const double fresh = query.dot(rotate_by_hand(kj, j, pairs, theta_now));
    worst = std::max(worst, std::fabs(cached - fresh) / 4.0);
    squares += fresh * fresh / 16.0;
  }
  CHECK(err(59) == doctest::Approx(worst).epsilon(1e-9));
  CHECK(result.score_rms(59) == doctest::Approx(std::sqrt(squares / 60)).epsilon(1e-9));
}

TEST_CASE(
    "partial rotary: GPT-NeoX rotates the first rotary_dim columns with rotate_half; the mispairings "
    "differ") {
  const int hd = 8, rd = 4;
  const RotaryPairs ok = partial_rotary_pairs(hd, rd, 10000, Pairing::Correct);
  REQUIRE(ok.cols.size() == 2);
  CHECK(ok.cols[0] == std::pair<int, int>{0, 2});
  CHECK(ok.cols[1] == std::pair<int, int>{1, 3});
  CHECK(ok.inv_freq(1) == doctest::Approx(std::pow(10000.0, -0.5)).epsilon(1e-15));  // θ_1 = base^(−2/4)
  const RotaryPairs across = partial_rotary_pairs(hd, rd, 10000, Pairing::AcrossHead);
  CHECK(across.cols[0] == std::pair<int, int>{0, 4});
  CHECK(across.cols[1] == std::pair<int, int>{1, 5});
  CHECK(partial_rotary_pairs(hd, rd, 10000, Pairing::WholeHead).cols.size() == 4);
  Eigen::RowVectorXd map(8);
  map << 1, 2, -1, -2, 0, 0, 0, 0;
  CHECK(column_map(ok, hd) == map);
  map << 1, 2, 0, 0, -1, -2, 0, 0;
  CHECK(column_map(across, hd) == map);
  // The correct rotation equals rotating the first four columns with rotate_half and passing the rest.
  Random rng(4);
  const Eigen::MatrixXd x = rng.gaussian_matrix(3, hd);
  const Eigen::MatrixXd y = rotate_rows(x, {0, 5, 123}, ok);
  for (int r = 0; r < 3; ++r) {
    const double pos = r == 0 ? 0 : r == 1 ? 5 : 123;
    const Eigen::VectorXd head = rope_rotate(x.row(r).head(rd).transpose(), pos, 10000, Layout::Half);
    CHECK((y.row(r).head(rd).transpose() - head).cwiseAbs().maxCoeff() < 1e-14);
    CHECK(y.row(r).tail(hd - rd) == x.row(r).tail(hd - rd));
  }
  // At 100 % rotary both mispairings are the correct one.
  for (Pairing p : {Pairing::WholeHead, Pairing::AcrossHead})
    CHECK(partial_rotary_pairs(hd, hd, 10000, p).cols ==
          partial_rotary_pairs(hd, hd, 10000, Pairing::Correct).cols);
}

TEST_CASE(
    "angles in low precision: bfloat16's 8-bit significand merges positions 256 and 257; float16 overflows "
    "past 65504") {
  // bfloat16 keeps 8 significant bits: integers up to 2^8 = 256 are exact; 257 lies halfway between 256
  // and 258 and rounds to the even significand, 256.
  CHECK(first_position_collision(AnglePrecision::BFloat16) == 256);
  CHECK(first_position_collision(AnglePrecision::Float16) == 2048);      // 11 bits
  CHECK(first_position_collision(AnglePrecision::Float32) == 16777216);  // 24 bits
  CHECK(first_position_collision(AnglePrecision::Float64) == (1LL << 53));
  // No earlier collision, with this test's own rounding (pair 0, θ = 1: the angle is the rounded position).
  for (int bits : {8, 11}) {
    const long long first = bits == 8 ? 256 : 2048;
    for (long long p = 1; p < first; ++p)
      CHECK(round_significand(double(p), bits) != round_significand(double(p + 1), bits));
    CHECK(round_significand(double(first), bits) == round_significand(double(first + 1), bits));
    const AnglePrecision type = bits == 8 ? AnglePrecision::BFloat16 : AnglePrecision::Float16;
    for (long long p = 1; p <= 3 * first; p += 7)
      CHECK(rounded_angle(double(p), 1.0, type) == round_significand(double(p), bits));
  }
  // float16: the largest finite value is 65504 = 2047·32; 65520 is the tie between it and 65536 and
  // rounds to the even significand, 65536, which is past the range: infinity.
  CHECK(first_overflow_position(AnglePrecision::Float16) == 65520);
  CHECK(std::isinf(round_to_precision(65520, AnglePrecision::Float16)));
  CHECK(round_to_precision(65519, AnglePrecision::Float16) == 65504);
  CHECK_FALSE(std::isfinite(angle_cos_error(70000, 1.0, AnglePrecision::Float16)));
  CHECK(std::isfinite(angle_cos_error(60000, 1.0, AnglePrecision::Float16)));
  CHECK(first_overflow_position(AnglePrecision::BFloat16) == 0);  // 2^62 fits in bfloat16's range
  CHECK(first_overflow_position(AnglePrecision::Float64) == 0);
}

TEST_CASE(
    "angle error: float64 near rounding, bfloat16 of order one at large positions, the float32 fix bounded") {
  // At position 300 bfloat16 holds 300 as 300 (8 bits: 300 = 256 + 32 + 8 + 4, 1.0010110 × 2^8), but
  // 301 rounds to 300: pair 0's angle is off by 1 radian there.
  CHECK(angle_cos_error(301, 1.0, AnglePrecision::BFloat16) ==
        doctest::Approx(std::fabs(std::cos(300.0) - std::cos(301.0))).epsilon(1e-12));
  CHECK(angle_cos_error(300, 1.0, AnglePrecision::BFloat16) < 1e-12);
  double worst64 = 0, worst_fix = 0, worst32 = 0;
  for (double p = 1; p < 2e6; p = std::floor(p * 1.37) + 1)
    for (double theta : {1.0, 0.31, 0.0123, 1.7e-5}) {
      worst64 = std::max(worst64, angle_cos_error(p, theta, AnglePrecision::Float64));
      worst32 = std::max(worst32, angle_cos_error(p, theta, AnglePrecision::Float32));
      worst_fix = std::max(worst_fix, float32_angle_bf16_cos_error(p, theta));
    }
  CHECK(worst64 < 1e-9);    // one rounding of an angle below 2e6: at most 2e6 · 2^−53
  CHECK(worst32 > 1e-3);    // float32 at 2e6: the angle's spacing is 0.125
  CHECK(worst_fix < 0.13);  // float32 angle error plus bfloat16's 2^−9 on the cosine
  CHECK(angle_cos_error(5, 1.0, AnglePrecision::Float64) == 0.0);  // 5·1 is exact
  CHECK(exact_cos(3, 0.25) == std::cos(0.75));
}
