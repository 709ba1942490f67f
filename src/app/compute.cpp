#include "compute.hpp"

#include <cmath>

#include "compute_args.hpp"
#include "core/attention.hpp"
#include "core/extrapolation.hpp"
#include "core/mixing.hpp"
#include "core/offsets.hpp"
#include "core/permutation.hpp"
#include "core/relative.hpp"
#include "core/rope.hpp"
#include "core/sinusoidal.hpp"
#include "json.hpp"

namespace posenc::app {
namespace {

using namespace detail;

ComputeResult sinusoidal(const Args& args) {
  Reader in("sinusoidal", args);
  core::SinusoidalSpec spec;
  spec.len = in.integer("len", 0, 1, kMaxRows, true, "the row cap");
  spec.dim = in.integer("dim", 0, 1, kMaxCols, true, "the column cap");
  spec.base = in.base();
  spec.layout = in.layout();
  spec.offset = in.number("offset", 0.0, -1e12, 1e12);
  in.reject_unknown();
  if (in.ok() && static_cast<long>(spec.len) * spec.dim > kMaxCells)
    in.fail("len × dim = " + std::to_string(static_cast<long>(spec.len) * spec.dim) + " exceeds the cap of " +
            std::to_string(kMaxCells) + " values");
  if (!in.ok()) return failure(in.error());
  return matrix_result(core::sinusoidal(spec));
}

ComputeResult attention(const Args& args) {
  Reader in("attention", args);
  const int tokens = in.integer("tokens", 0, 1, 256, true, "the token cap");
  const int dim = in.integer("dim", 0, 1, 512, true, "the dimension cap");
  const double seed = in.number("seed", 1, 0, 4294967295.0);
  const bool with_pe = in.flag("with_pe", false);
  const std::vector<double>* perm_arg = in.array("perm", 256);
  in.reject_unknown();
  if (in.ok() && seed != std::floor(seed)) in.fail("seed must be a whole number");
  core::Permutation perm;
  if (in.ok()) {
    if (perm_arg) {
      for (double v : *perm_arg)
        perm.push_back(v == std::floor(v) && v >= 0 && v < tokens ? static_cast<int>(v) : -1);
      if (!core::is_permutation(perm, tokens))
        in.fail("perm must list each of 0…" + std::to_string(tokens - 1) + " exactly once");
    } else {
      perm = core::identity_permutation(tokens);
      std::reverse(perm.begin(), perm.end());
    }
  }
  if (!in.ok()) return failure(in.error());
  core::Random rng(static_cast<std::uint64_t>(seed));
  const Eigen::MatrixXd x = rng.gaussian_matrix(tokens, dim);
  const core::AttentionWeights w = core::random_attention_weights(dim, rng);
  const core::OrderExperiment e = core::run_order_experiment(x, w, perm, with_pe);
  ComputeResult r;
  r.shape = {2};
  r.data = {e.equivariance_residual, e.pooled_residual};
  return r;
}

ComputeResult pe_dot(const Args& args) {
  Reader in("pe_dot", args);
  const int len = in.integer("len", 0, 1, 2048, true, "len × len is capped at 2048 × 2048");
  const int dim = in.integer("dim", 0, 1, kMaxCols, true, "the column cap");
  const double base = in.base();
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  return matrix_result(core::pe_dot(len, dim, base));
}

ComputeResult shift_map(const Args& args) {
  Reader in("shift_map", args);
  const int dim = in.integer("dim", 0, 2, 2048, true, "the dimension cap for a dim × dim map");
  const double base = in.base();
  const double k = in.number("k", 0.0, -1e9, 1e9, true);
  in.reject_unknown();
  if (in.ok() && dim % 2 != 0)
    in.fail(
        "dim must be even: the shift map rotates (sin, cos) pairs, and an odd d leaves a sine without its "
        "cosine");
  if (!in.ok()) return failure(in.error());
  return matrix_result(core::shift_map(dim, k, base));
}

ComputeResult cosine_stats(const Args& args) {
  Reader in("cosine_stats", args);
  const int dim = in.integer("dim", 0, 1, 4096, true, "the dimension cap");
  const int words = in.integer("words", 1000, 1, 5000, false, "the word cap");
  const int positions = in.integer("positions", 512, 1, 4096, false, "the position cap");
  const double seed = in.number("seed", 1, 0, 4294967295.0);
  in.reject_unknown();
  if (in.ok() && static_cast<double>(dim) * words * positions > 2.2e9)
    in.fail("dim × words × positions is capped at 2.2e9 multiply-adds (about a second)");
  if (in.ok() && seed != std::floor(seed)) in.fail("seed must be a whole number");
  if (!in.ok()) return failure(in.error());
  const core::CosineStats s = core::cosine_stats(dim, words, positions, static_cast<std::uint64_t>(seed));
  ComputeResult r;
  r.shape = {22};
  r.data = {s.mean_abs, s.theory};
  r.data.insert(r.data.end(), s.histogram.begin(), s.histogram.end());
  return r;
}

ComputeResult shaw_index(const Args& args) {
  Reader in("shaw_index", args);
  const int len = in.integer("len", 0, 1, 2048, true, "len × len is capped at 2048 × 2048");
  const int k = in.integer("k", 0, 0, 100000, true);
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  return matrix_result(core::shaw_index(len, k));
}

ComputeResult rope(const Args& args) {
  Reader in("rope", args);
  const std::vector<double>* x = in.array("x", kMaxCols, true);
  const double pos = in.number("pos", 0, -1e9, 1e9, true);
  const double base = in.base();
  const core::Layout layout = in.layout();
  in.reject_unknown();
  if (in.ok() && (x->empty() || x->size() % 2 != 0))
    in.fail("x must have an even, non-zero length: RoPE rotates pairs of coordinates");
  if (in.ok())
    for (double v : *x)
      if (!std::isfinite(v)) {
        in.fail("x must hold finite numbers");
        break;
      }
  if (!in.ok()) return failure(in.error());
  const Eigen::VectorXd v =
      Eigen::Map<const Eigen::VectorXd>(x->data(), static_cast<Eigen::Index>(x->size()));
  return vector_result(core::rope_rotate(v, pos, base, layout));
}

ComputeResult rope_decay(const Args& args) {
  Reader in("rope_decay", args);
  const int dim = in.integer("dim", 0, 2, kMaxCols, true, "the dimension cap");
  const double base = in.base();
  const int max_dist = in.integer("max_dist", 0, 0, 100000, true, "the distance cap");
  in.reject_unknown();
  if (in.ok() && dim % 2 != 0) in.fail("dim must be even: RoPE rotates pairs of coordinates");
  if (in.ok() && static_cast<double>(dim) * (max_dist + 1.0) > 5e7)
    in.fail("dim × (max_dist + 1) is capped at 5e7 terms");
  if (!in.ok()) return failure(in.error());
  return vector_result(core::rope_decay(dim, base, max_dist));
}

ComputeResult alibi_slopes(const Args& args) {
  Reader in("alibi_slopes", args);
  const int heads = in.integer("heads", 0, 1, 1024, true, "the head cap");
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  ComputeResult out;
  out.data = core::alibi_slopes(heads);
  out.shape = {heads};
  return out;
}

ComputeResult t5_bucket(const Args& args) {
  Reader in("t5_bucket", args);
  const std::vector<double>* rel = in.array("rel", 1 << 20, true);
  const bool bidirectional = in.flag("bidirectional", true);
  const int buckets = in.integer("buckets", 32, 2, 1024);
  const int max_distance = in.integer("max_distance", 128, 1, 1 << 30);
  in.reject_unknown();
  if (in.ok()) {
    const int exact = (bidirectional ? buckets / 2 : buckets) / 2;
    if (exact < 1)
      in.fail("buckets is too small: no exact buckets are left");
    else if (max_distance <= exact)
      in.fail("max_distance must exceed the " + std::to_string(exact) + " exact buckets");
  }
  if (in.ok())
    for (double v : *rel)
      if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) > 1e15) {
        in.fail("rel must hold whole numbers (relative positions key − query)");
        break;
      }
  if (!in.ok()) return failure(in.error());
  ComputeResult out;
  out.shape = {static_cast<int>(rel->size())};
  for (double v : *rel)
    out.data.push_back(core::t5_bucket(static_cast<long>(v), bidirectional, buckets, max_distance));
  return out;
}

struct Kind {
  const char* name;
  ComputeResult (*fn)(const Args&);
};
constexpr Kind kKinds[] = {{"sinusoidal", sinusoidal},
                           {"pe_dot", pe_dot},
                           {"shift_map", shift_map},
                           {"attention", attention},
                           {"cosine_stats", cosine_stats},
                           {"shaw_index", shaw_index},
                           {"rope", rope},
                           {"rope_decay", rope_decay},
                           {"alibi_slopes", alibi_slopes},
                           {"t5_bucket", t5_bucket},
                           {"check", check_kind},
                           {"rope_init", rope_init_kind},
                           {"check_rope", check_rope_kind},
                           {"train", train_kind}};

}  // namespace

std::vector<std::string> compute_kinds() {
  std::vector<std::string> k;
  for (const Kind& kind : kKinds) k.push_back(kind.name);
  return k;
}

ComputeResult compute(std::string_view kind, const Args& args) {
  for (const Kind& k : kKinds)
    if (kind == k.name) return k.fn(args);
  std::string known;
  for (const Kind& k : kKinds) known += std::string(known.empty() ? "" : ", ") + k.name;
  return failure("unknown kind '" + std::string(kind.substr(0, 40)) + "' (known: " + known + ")");
}

}  // namespace posenc::app
