// The `train` compute kind: one tiny Transformer of lesson train, trained to the end in the call
// (core::train_to_end, which checks every argument and caps the work), answered as JSON:
// {loss: [per step], train_len, test_lens: [...], accuracy: [per test length], ms}.
#include <limits>

#include "compute_args.hpp"
#include "core/train.hpp"
#include "json.hpp"

namespace posenc::app::detail {

ComputeResult train_kind(const Args& args) {
  Reader in("train", args);
  // Types here; ranges, whole numbers and the caps in core::read_train_request, which names each.
  const double big = std::numeric_limits<double>::max();
  core::TrainRequest q;
  q.task = in.choice("task", "reverse", {"copy", "reverse", "k_back"});
  q.pe = in.choice("pe", "rope", {"none", "learned", "sinusoidal", "rope", "alibi", "t5"});
  q.causal = in.flag("causal", q.causal);
  q.layers = in.number("layers", q.layers, -big, big);
  q.heads = in.number("heads", q.heads, -big, big);
  q.d_model = in.number("d_model", q.d_model, -big, big);
  q.train_len = in.number("train_len", q.train_len, -big, big);
  const std::vector<double>* test_lens = in.array("test_lens", 64);
  q.steps = in.number("steps", q.steps, -big, big);
  q.batch = in.number("batch", q.batch, -big, big);
  q.seed = in.number("seed", q.seed, -big, big);
  q.lr = in.number("lr", q.lr, -big, big);
  in.reject_unknown();
  if (!in.ok()) return failure(in.error());
  if (test_lens) q.test_lens = *test_lens;
  const core::TrainResult r = core::train_to_end(q);
  if (!r.error.empty()) return failure("train: " + r.error);
  Json j;
  j.begin_object().key("loss").begin_array();
  for (double v : r.loss) j.num(v);
  j.end_array().key("train_len").num(r.train_len).key("test_lens").begin_array();
  for (int n : r.test_lens) j.num(n);
  j.end_array().key("accuracy").begin_array();
  for (double a : r.accuracy) j.num(a);
  j.end_array().key("ms").num(r.ms).end_object();
  ComputeResult out;
  out.json = j.text();
  return out;
}

}  // namespace posenc::app::detail
