// Lesson train, the results: once the six runs are tested, their accuracy by length and loss, the
// bag-of-tokens bound, the learned run's position table and its principal components, one example's
// attention and predictions; and the placeholders that quote them, in the learner's language.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "train_lesson.hpp"

namespace posenc::lessons::train_lesson {

double TrainLesson::acc(int run, int len) const { return r_.accuracy(len, run + 1); }

template <class F>
int TrainLesson::count(F f) const {
  int k = 0;
  for (int i = 0; i < 6; ++i) k += f(i);
  return k;
}

template <class F>
std::string TrainLesson::names(F f) const {  // "RoPE, ALiBi and T5" in the learner's language
  std::vector<std::string> v;
  for (int i = 0; i < 6; ++i)
    if (f(i)) v.push_back(tr(lang_, i == 0 ? "the run without positions" : kRuns[i]));  // not "none, …"
  // A word joiner without spaces of its own (Chinese 和) gets one on the side of a Latin name:
  // "正弦编码和 RoPE", "ALiBi 和 T5 偏置".
  const auto latin = [](char c) {
    return static_cast<unsigned char>(c) < 0x80 && std::isalnum(static_cast<unsigned char>(c));
  };
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    std::string join = i == 0 ? "" : i + 1 == v.size() ? tr(lang_, " and ") : tr(lang_, ", ");
    if (i > 0 && i + 1 == v.size() && join.front() != ' ')
      join = (latin(s.back()) ? " " : "") + join + (latin(v[i].front()) ? " " : "");
    s += join + v[i];
  }
  return s.empty() ? tr(lang_, "none of them") : s;
}

int TrainLesson::best_index(int len) const {
  int b = 0;
  for (int i = 1; i < 6; ++i)
    if (acc(i, len) > acc(b, len)) b = i;
  return b;
}

// Every run at the best accuracy (several reach 1 at the training length).
std::string TrainLesson::best_run(int len) const {
  return names([&](int i) { return acc(i, len) == acc(best_index(len), len); });
}

double TrainLesson::best_acc(int len) const { return acc(best_index(len), len); }

// The placeholders of the results. Before the runs are tested their conditions are off and their
// numbers never shown (the text quotes results inside {{?done}}).
void TrainLesson::say_results() {
  const auto condition = [this](auto f) { return [this, f] { return done() && f(); }; };
  const auto quoted = [this](auto f) {
    return [this, f] { return done() ? f() : std::string("\xE2\x80\xA6"); };
  };
  const auto last = [this] { return static_cast<int>(r_.accuracy.rows()) - 1; };
  const auto learned = [this](int i) { return acc(i, train_index()) >= kGood; };
  const auto holds = [=](int i) { return learned(i) && acc(i, last()) >= kGood; };
  const auto collapses = [=](int i) { return learned(i) && acc(i, last()) < kGood; };
  const auto longer = [=] { return last() > train_index(); };
  const auto above = [this] { return acc(0, train_index()) > r_.bag_bound + 0.05; };
  say("bidir_done", condition([this] { return !p_.causal; }));
  say("causal_done", condition([this] { return p_.causal; }));
  say("none_within_bound",
      condition([this] { return !p_.causal && acc(0, train_index()) <= r_.bag_bound + 1e-12; }));
  say("causal_none_above", condition([=] { return p_.causal && above(); }));
  say("causal_none_at_bound", condition([=] { return p_.causal && !above(); }));
  say("none_learned", condition([=] { return learned(0); }));
  say("any_learned", condition([=] { return count(learned) > 0; }));
  say("all_learned", condition([=] { return count(learned) == 6; }));
  say("some_short", condition([=] { return count(learned) < 6; }));
  say("longer", condition(longer));
  say("any_hold", condition([=] { return longer() && count(holds) > 0; }));
  say("no_hold", condition([=] { return longer() && count(learned) > 0 && count(holds) == 0; }));
  say("any_collapse", condition([=] { return longer() && count(collapses) > 0; }));
  say("untrained", condition([this] { return r_.table.rows() > bench_->run(1).trained_positions(); }));
  say("acc_none", quoted([this] { return num(acc(0, train_index())); }));
  say("acc_none_long", quoted([=] { return num(acc(0, last())); }));
  say("bag_bound", quoted([this] { return num(r_.bag_bound); }));
  say("best_train", quoted([this] { return best_run(train_index()); }));
  say("best_train_acc", quoted([this] { return num(best_acc(train_index())); }));
  say("learned_at_train", quoted([=] { return names(learned); }));
  say("short_of", quoted([=] { return names([=](int i) { return !learned(i); }); }));
  say("hold", quoted([=] { return names(holds); }));
  say("collapse", quoted([=] { return names(collapses); }));
  say("longest", quoted([this] { return std::to_string(config_test_lens().back()); }));
  say("best_long", quoted([=] { return best_run(last()); }));
  say("best_long_acc", quoted([=] { return num(best_acc(last())); }));
  say("ex_right", quoted([this] { return std::to_string(example_right()); }));
  say("ex_targets", quoted([this] { return std::to_string(core::target_count(example_)); }));
  say("table_rows", quoted([this] { return std::to_string(r_.table.rows()); }));
  say("trained_rows", quoted([this] { return std::to_string(bench_->run(1).trained_positions()); }));
  say("pc1", quoted([this] { return num(100 * (r_.pcs.explained.size() > 0 ? r_.pcs.explained(0) : 0)); }));
  say("pc2", quoted([this] { return num(100 * (r_.pcs.explained.size() > 1 ? r_.pcs.explained(1) : 0)); }));
  say("train_seconds", quoted([this] { return num(bench_->seconds()); }));
}

void TrainLesson::finish() {
  const int lens = static_cast<int>(config_test_lens().size()), n = bench_->runs();
  r_.accuracy.resize(lens, n + 1);
  r_.loss.resize(p_.steps, n);
  for (int l = 0; l < lens; ++l) r_.accuracy(l, 0) = config_test_lens()[l];
  for (int i = 0; i < n; ++i) {
    for (int l = 0; l < lens; ++l) r_.accuracy(l, i + 1) = bench_->accuracy(i)[l];
    const auto& loss = bench_->run(i).losses();
    for (int s = 0; s < p_.steps; ++s) r_.loss(s, i) = s < static_cast<int>(loss.size()) ? loss[s] : NAN;
  }
  for (int l = 0; l < lens; ++l) r_.bag_bounds.push_back(bag_bound(bench_->run(0).test_set(l)));
  r_.bag_bound = r_.bag_bounds[train_index()];
  const core::Trainer& learned = bench_->run(1);
  r_.table = learned.position_table().cast<double>();
  r_.pcs = core::principal_components(learned.position_table(), learned.trained_positions(), 2);
  view_.table.set(r_.table);
  update_view();
}

// The bag-of-tokens bound of the test set's inputs, asked all at once (the bidirectional form of the
// same sequences: with the causal mask it is the comparison the text draws).
double TrainLesson::bag_bound(const std::vector<core::Example>& set) const {
  core::TaskSpec spec = core::task_spec(config_);
  spec.causal = false;
  std::vector<core::Example> bag;
  for (const core::Example& e : set) {
    const size_t n = spec.task == core::Task::KBack ? e.tokens.size() : (e.tokens.size() - 1) / 2;
    bag.push_back(core::make_example(spec, std::vector<int>(e.tokens.begin(), e.tokens.begin() + n)));
  }
  return core::bag_of_tokens_bound(bag, spec.task);
}

// The attention map and predictions of the chosen run on the chosen example.
void TrainLesson::update_view() {
  if (!done()) return;
  core::Random rng(core::mix_seed(0xE8A3'F1E5ULL, static_cast<std::uint64_t>(p_.example)));
  example_ = core::random_example(core::task_spec(config_), p_.ex_len, rng);
  const core::Trainer& t = bench_->run(p_.run);
  attention_ = t.attention(example_, p_.layer, p_.head).cast<double>();
  view_.attention.set(attention_, 1.0);
  predicted_ = t.model().predict({example_});
}

int TrainLesson::example_right() const {
  int right = 0;
  size_t i = 0;
  for (int target : example_.targets)
    if (target >= 0) right += i < predicted_.size() && predicted_[i++] == target;
  return right;
}

}  // namespace posenc::lessons::train_lesson
