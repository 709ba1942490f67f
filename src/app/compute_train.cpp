// The `train` compute kind: one tiny Transformer of lesson train, trained in the call (core::train_to_end,
// which checks every argument and caps the work), answered as JSON:
// {loss: [per step], train_len, start_token, test_lens: [...], accuracy: [per test length],
// sequence_accuracy,
//  greedy_accuracy, greedy_sequence_accuracy, baseline, steps, converged, converged_at, stop, ms}.
#include <limits>

#include "compute_args.hpp"
#include "core/train_run.hpp"
#include "json.hpp"

namespace posenc::app::detail {
namespace {

template <class T>
void array(Json& j, const char* key, const std::vector<T>& v) {
  j.key(key).begin_array();
  for (T x : v) j.num(static_cast<double>(x));
  j.end_array();
}

}  // namespace

ComputeResult train_kind(const Args& args) {
  Reader in("train", args);
  // Types here; ranges, whole numbers and the caps in core::read_train_request, which names each.
  const double big = std::numeric_limits<double>::max();
  core::TrainRequest q;
  q.task = in.choice("task", "reverse", {"copy", "reverse", "k_back"});
  q.pe = in.choice("pe", "rope", {"none", "learned", "sinusoidal", "rope", "alibi", "t5", "random"});
  q.causal = in.flag("causal", q.causal);
  // A start token opens every sequence: `start_token`, or `bos` as the design spells it (one of the two).
  q.start_token = in.flag("start_token", q.start_token);
  const bool bos = in.flag("bos", q.start_token);
  if (in.ok() && bos != q.start_token) {
    if (args.count("start_token"))
      in.fail("bos and start_token are one setting (a start token); give one of them");
    q.start_token = bos;
  }
  q.layers = in.number("layers", q.layers, -big, big);
  q.heads = in.number("heads", q.heads, -big, big);
  q.d_model = in.number("d_model", q.d_model, -big, big);
  q.train_len = in.number("train_len", q.train_len, -big, big);
  const std::vector<double>* test_lens = in.array("test_lens", 64);
  q.steps = in.number("steps", q.steps, -big, big);
  q.batch = in.number("batch", q.batch, -big, big);
  q.seed = in.number("seed", q.seed, -big, big);
  q.lr = in.number("lr", q.lr, -big, big);
  q.vocab = in.number("vocab", q.vocab, -big, big);
  q.k = in.number("k", q.k, -big, big);
  q.min_len = in.number("min_len", q.min_len, -big, big);
  q.warmup = in.number("warmup", q.warmup, -big, big);
  q.stop_early = in.flag("stop_early", q.stop_early);
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  if (test_lens) q.test_lens = *test_lens;
  const core::TrainResult r = core::train_to_end(q);
  if (!r.error.empty()) return failure("train: " + r.error);
  const core::RunRecord& rec = r.record;
  Json j;
  j.begin_object();
  array(j, "loss", rec.losses);
  j.key("train_len").num(rec.config.train_len).key("start_token").boolean(rec.config.start_token);
  array(j, "test_lens", rec.test_lens);
  array(j, "accuracy", rec.scores.token);
  array(j, "sequence_accuracy", rec.scores.sequence);
  array(j, "greedy_accuracy", rec.scores.greedy_token);
  array(j, "greedy_sequence_accuracy", rec.scores.greedy_sequence);
  array(j, "baseline", r.baseline);
  j.key("steps").num(rec.steps).key("converged").boolean(rec.converged);
  j.key("converged_at").num(rec.converged_at).key("stop").str(rec.stop);
  j.key("ms").num(r.ms).end_object();
  ComputeResult out;
  out.json = j.text();
  return out;
}

}  // namespace posenc::app::detail
