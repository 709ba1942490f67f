// `make bench`, native half: times core::sinusoidal on the 4096 × 1024 table (base 10000), the size the
// issue's speed goal names, so tools/bench_core.sh can compare it with tools/bench_numpy.py; then
// core::rope_rotate_rows over a 4096 × 1024 sequence, and core::check_rope on a 4096 × 128 cos/sin cache
// (llama3, base 500000, angles rounded to bfloat16), whose goal is ≤ 30 ms (no NumPy counterpart).
// With --train instead: lesson train's six tiny Transformers at the lesson's defaults, one after another
// (goal: ≤ 15 s together natively, so that the page, 2–5× slower, stays within a minute), their
// accuracy at each test length and the training tokens per second.
//   posenc_bench_core [--runs N] [--all-layouts] [--json] | --train
// Prints, per table, the median wall time of N runs (after one warm-up run) and two checksums that
// tools/bench_numpy.py computes the same way: the sum of every entry and the sum of the even columns
// (the sines, in the interleaved layout). It also checks the table against a plain per-element
// std::sin / std::cos reference and prints the largest difference, so a faster core stays the same core.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/check_rope.hpp"
#include "core/rope.hpp"
#include "core/rope_cache.hpp"
#include "core/rope_scaling.hpp"
#include "core/sinusoidal.hpp"
#include "core/train.hpp"

namespace {

using posenc::core::Layout;
using posenc::core::SinusoidalSpec;

constexpr int kLen = 4096;
constexpr int kDim = 1024;
constexpr double kBase = 10000.0;

struct Result {
  std::string name;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  int runs = 0;
  double sum = 0, even_sum = 0, max_ref_diff = 0;
};

// The formula written out element by element: what the table must equal (within 1e-15).
double reference_max_diff(const Eigen::MatrixXd& t, const SinusoidalSpec& s) {
  double worst = 0;
  for (int i = 0; i < posenc::core::frequency_count(s.dim); ++i) {
    const double w = posenc::core::frequency(i, s.dim, s.base);
    const int sc = posenc::core::sine_column(i, s.dim, s.layout);
    const int cc = posenc::core::cosine_column(i, s.dim, s.layout);
    for (int r = 0; r < s.len; ++r) {
      const double a = (s.offset + r) * w;
      worst = std::max(worst, std::fabs(t(r, sc) - std::sin(a)));
      if (cc >= 0) worst = std::max(worst, std::fabs(t(r, cc) - std::cos(a)));
    }
  }
  return worst;
}

Result bench(const char* name, const SinusoidalSpec& spec, int runs) {
  using clock = std::chrono::steady_clock;
  // Written into the same storage each run, as the app does (sinusoidal_into reuses it); the warm-up
  // takes the page faults of first touching 32 MB.
  Eigen::MatrixXd table;
  posenc::core::sinusoidal_into(table, spec);
  std::vector<double> ms;
  for (int k = 0; k < runs; ++k) {
    const auto t0 = clock::now();
    posenc::core::sinusoidal_into(table, spec);
    const auto t1 = clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  Result r;
  r.name = name;
  r.runs = runs;
  r.median_ms = sorted[sorted.size() / 2];
  r.min_ms = sorted.front();
  r.max_ms = sorted.back();
  // Summed in another order than NumPy (pairwise): the sums agree to ~1e-12 relative, not bit for bit.
  for (int c = 0; c < table.cols(); ++c) {
    double col = 0;
    for (int rr = 0; rr < table.rows(); ++rr) col += table(rr, c);
    r.sum += col;
    if (c % 2 == 0) r.even_sum += col;
  }
  r.max_ref_diff = reference_max_diff(table, spec);
  return r;
}

}  // namespace

// RoPE over a 4096 × 1024 sequence (rows rotated by positions 0…4095), the input x(r, c) =
// sin(0.001·(r·1024 + c)) as in tools/bench_numpy.py. Only the rotation is timed.
Result bench_rope(int runs) {
  using clock = std::chrono::steady_clock;
  Eigen::MatrixXd x(kLen, kDim);
  for (int r = 0; r < kLen; ++r)
    for (int c = 0; c < kDim; ++c) x(r, c) = std::sin(0.001 * (static_cast<double>(r) * kDim + c));
  Eigen::MatrixXd work = x;
  posenc::core::rope_rotate_rows(work, 0.0, kBase);  // warm-up
  std::vector<double> ms;
  for (int k = 0; k < runs; ++k) {
    work = x;
    const auto t0 = clock::now();
    posenc::core::rope_rotate_rows(work, 0.0, kBase);
    ms.push_back(std::chrono::duration<double, std::milli>(clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  Result r;
  r.name = "rope";
  r.runs = runs;
  r.median_ms = ms[ms.size() / 2];
  r.min_ms = ms.front();
  r.max_ms = ms.back();
  for (int c = 0; c < kDim; ++c) {
    const double col = work.col(c).sum();
    r.sum += col;
    if (c % 2 == 0) r.even_sum += col;
  }
  return r;
}

// check_rope on the full-size cache its tests use: 4096 × 128, rotate_half, llama3 (factor 8, L0 8192,
// low/high_freq_factor 1/4), base 500000, the position, θ and pos·θ each rounded to bfloat16 (float32's
// bit pattern rounded to its upper 16 bits, nearest-even), as Meta's bf16 code forms the angles.
constexpr int kRopeCheckLen = 4096;
constexpr int kRopeCheckDim = 128;
constexpr double kRopeCheckGoalMs = 30.0;

struct RopeCheckResult {
  Result timing;
  posenc::core::RopeCacheCheck check;
};

RopeCheckResult bench_check_rope(int runs) {
  using clock = std::chrono::steady_clock;
  posenc::core::RopeConfig cfg;
  cfg.head_dim = kRopeCheckDim;
  cfg.rope_theta = 500000;
  cfg.rope_type = posenc::core::RopeType::Llama3;
  cfg.factor = 8;
  cfg.low_freq_factor = 1;
  cfg.high_freq_factor = 4;
  cfg.original_max_position_embeddings = cfg.max_position_embeddings = 8192;
  // The input only needs to be a realistic bf16 cache (its correctness is the tests' business, with
  // their own rounding): the core's cache builder serves.
  posenc::core::RopeCacheSpec spec;
  spec.inv_freq = posenc::core::rope_init(cfg, 0).inv_freq;
  spec.len = kRopeCheckLen;
  spec.precision = posenc::core::AnglePrecision::BFloat16;
  const posenc::core::RopeCache cache = posenc::core::rope_cache(spec);
  const Eigen::MatrixXd &c = cache.cos, &s = cache.sin;
  RopeCheckResult out;
  out.check = posenc::core::check_rope(c, s);  // warm-up
  std::vector<double> ms;
  for (int k = 0; k < runs; ++k) {
    const auto t0 = clock::now();
    out.check = posenc::core::check_rope(c, s);
    ms.push_back(std::chrono::duration<double, std::milli>(clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  Result& r = out.timing;
  r.name = "check_rope";
  r.runs = runs;
  r.median_ms = ms[ms.size() / 2];
  r.min_ms = ms.front();
  r.max_ms = ms.back();
  return out;
}

// Lesson train's comparison: every encoding at the defaults (reverse, bidirectional mask).
constexpr double kTrainGoalSeconds = 15.0;

int bench_train() {
  using clock = std::chrono::steady_clock;
  namespace core = posenc::core;
  const core::TrainConfig c;
  double total = 0, none_acc = 0, bag = 0;
  bool learned = true;
  for (core::Encoding pe : core::all_encodings()) {
    core::TrainConfig one = c;
    one.pe = pe;
    core::Trainer t(one);
    const auto t0 = clock::now();
    t.step(one.steps);
    const double train_s = std::chrono::duration<double>(clock::now() - t0).count();
    const std::vector<double> acc = t.accuracy();
    const double all_s = std::chrono::duration<double>(clock::now() - t0).count();
    total += all_s;
    std::printf("core train %-10s accuracy", core::encoding_name(pe));
    for (size_t i = 0; i < acc.size(); ++i) std::printf(" @%d %.3f", t.test_lens()[i], acc[i]);
    std::printf(" | loss %.3f -> %.3f | %.2f s (training %.2f s: %ld tokens, %.0f tokens/s)\n",
                t.losses().front(), t.losses().back(), all_s, train_s, t.tokens_trained(),
                t.tokens_trained() / train_s);
    if (pe == core::Encoding::None) {
      // What a constant guess per sequence gets at best: none sees a bag of tokens.
      double best = 0, targets = 0;
      for (const core::Example& e : t.test_set(0)) {
        std::vector<int> count(one.vocab, 0);
        for (int y : e.targets)
          if (y >= 0) ++count[y], ++targets;
        best += *std::max_element(count.begin(), count.end());
      }
      none_acc = acc[0], bag = best / targets;
    }
    if (pe == core::Encoding::Rope || pe == core::Encoding::Sinusoidal || pe == core::Encoding::Learned)
      learned = learned && acc[0] >= 0.9;
  }
  std::printf("goal (train): six encodings at the lesson's defaults in <= %.0f s natively — %s (%.1f s)\n",
              kTrainGoalSeconds, total <= kTrainGoalSeconds ? "met" : "not met", total);
  std::printf(
      "goal (train learning): rope, sinusoidal, learned >= 0.9 at train_len %d; none %.3f <= bag of tokens "
      "%.3f — %s\n",
      c.train_len, none_acc, bag, learned && none_acc <= bag ? "met" : "not met");
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 2 && !std::strcmp(argv[1], "--train")) return bench_train();
  int runs = 7;
  bool json = false, all_layouts = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--json")) {
      json = true;
    } else if (!std::strcmp(argv[i], "--all-layouts")) {
      all_layouts = true;
    } else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: %s [--runs N] [--all-layouts] [--json] | --train\n", argv[0]);
      return 2;
    }
  }

  std::vector<Result> results;
  results.push_back(bench("interleaved", {kLen, kDim, kBase, Layout::Interleaved, 0.0}, runs));
  if (all_layouts) results.push_back(bench("half", {kLen, kDim, kBase, Layout::Half, 0.0}, runs));

  bool ok = true, check_ok = true;
  for (const Result& r : results) ok = ok && r.max_ref_diff <= 1e-15;

  if (json) {
    std::printf("{\"len\": %d, \"dim\": %d, \"base\": %g, \"results\": [", kLen, kDim, kBase);
    for (size_t i = 0; i < results.size(); ++i) {
      const Result& r = results[i];
      std::printf(
          "%s{\"layout\": \"%s\", \"runs\": %d, \"median_ms\": %.3f, \"min_ms\": %.3f, \"max_ms\": %.3f, "
          "\"sum\": %.17g, \"even_sum\": %.17g, \"max_ref_diff\": %.3g}",
          i ? ", " : "", r.name.c_str(), r.runs, r.median_ms, r.min_ms, r.max_ms, r.sum, r.even_sum,
          r.max_ref_diff);
    }
    std::printf("]}\n");
  } else {
    for (const Result& r : results)
      std::printf(
          "core sinusoidal %dx%d %s: median %.2f ms (%d runs, min %.2f, max %.2f), "
          "checksum sum=%.12e even=%.12e, max |table - std::sin/cos reference| = %.3g\n",
          kLen, kDim, r.name.c_str(), r.median_ms, r.runs, r.min_ms, r.max_ms, r.sum, r.even_sum,
          r.max_ref_diff);
  }
  if (!json) {
    const Result r = bench_rope(runs);
    std::printf(
        "core rope %dx%d interleaved: median %.2f ms (%d runs, min %.2f, max %.2f), checksum sum=%.12e "
        "even=%.12e\n",
        kLen, kDim, r.median_ms, r.runs, r.min_ms, r.max_ms, r.sum, r.even_sum);
  }
  if (!json) {
    const RopeCheckResult rc = bench_check_rope(runs);
    const Result& r = rc.timing;
    const auto& k = rc.check;
    // What it inferred, so a faster checker is seen to be the same checker.
    const bool right = k.ok() && k.rope_type == "llama3" && k.precision == "bfloat16" && k.base == 500000 &&
                       k.factor == 8 && k.offset == 0 && k.layout == "half" && k.verdict == "low_precision";
    std::printf(
        "core check_rope %dx%d llama3 bfloat16: median %.2f ms (%d runs, min %.2f, max %.2f), inferred %s %s "
        "base %.10g "
        "factor %g verdict %s (%s)\n",
        kRopeCheckLen, kRopeCheckDim, r.median_ms, r.runs, r.min_ms, r.max_ms, k.rope_type.c_str(),
        k.precision.c_str(), k.base, k.factor, k.verdict.c_str(), right ? "as built" : "WRONG");
    std::printf("goal (check_rope): median <= %.0f ms — %s\n", kRopeCheckGoalMs,
                r.median_ms <= kRopeCheckGoalMs ? "met" : "not met");
    if (!right) std::fprintf(stderr, "bench_core: check_rope did not infer the cache it was given\n");
    check_ok = right;
  }
  if (!ok) std::fprintf(stderr, "bench_core: the table differs from the reference by more than 1e-15\n");
  return ok && check_ok ? 0 : 1;
}
