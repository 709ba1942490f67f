// Lesson train, the results: once every run is scored, each encoding's accuracy over its seeds (mean and
// range) against the position-blind baseline, the loss curves, the shown seed's learned position table
// and its principal components, one example's attention and predictions; and the placeholders that
// quote them, in the learner's language. What the text claims follows the rules a reviewer would ask for:
// an encoding "learned the task" only when every seed reached the mark; "short of it" only when every
// seed converged below it (a run stopped by its cap is no evidence); a "best" only when it is clearly
// above the baseline on every seed and its seeds clear every other encoding's.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/json_writer.hpp"
#include "train_lesson.hpp"

namespace posenc::lessons::train_lesson {

const std::vector<double>& TrainLesson::metric_of(const core::RunRecord& r) const {
  const core::RunScores& s = r.scores;
  if (p_.metric == 0) return p_.greedy ? s.greedy_token : s.token;
  return p_.greedy ? s.greedy_sequence : s.sequence;
}

double TrainLesson::value(int e, int seed, int len) const {
  return metric_of(r_.runs[run_index(e, seed)])[len];
}

double TrainLesson::token(int e, int seed, int len) const {
  return r_.runs[run_index(e, seed)].scores.token[len];
}

// The chosen metric (or teacher-forced token accuracy) over the seeds; `above` counts the seeds clearly
// above the baseline in token accuracy.
Spread TrainLesson::spread(int e, int len, bool token_accuracy) const {
  Spread s;
  s.lo = 1, s.hi = 0;
  for (int k = 0; k < p_.seeds; ++k) {
    const double v = token_accuracy ? token(e, k, len) : value(e, k, len);
    s.mean += v / p_.seeds, s.lo = std::min(s.lo, v), s.hi = std::max(s.hi, v);
    s.above += token(e, k, len) > b().baseline[len] + b().margin[len];
  }
  return s;
}

bool TrainLesson::converged(int e) const {
  for (int k = 0; k < p_.seeds; ++k)
    if (!r_.runs[run_index(e, k)].converged) return false;
  return true;
}

int TrainLesson::converged_runs() const {
  return static_cast<int>(
      std::count_if(r_.runs.begin(), r_.runs.end(), [](const auto& r) { return r.converged; }));
}

template <class F>
int TrainLesson::count(F f) const {
  int k = 0;
  for (int e = 0; e < encodings(); ++e) k += f(e);
  return k;
}

template <class F>
std::string TrainLesson::names(F f) const {  // "RoPE, ALiBi and T5" in the learner's language
  std::vector<std::string> v;
  for (int i = 0; i < encodings(); ++i)
    if (f(i)) v.push_back(tr(lang_, i == 0 ? "the runs without positions" : kRuns[i]));  // not "none, …"
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

// The placeholders of the results. Before every run is scored their conditions are off and their
// numbers never shown (the text quotes results inside {{?done}}). The lists and the best use
// teacher-forced token accuracy (what the mark and the baseline are about), whatever the plot shows.
void TrainLesson::say_results() {
  const auto condition = [this](auto f) { return [this, f] { return done() && f(); }; };
  const auto quoted = [this](auto f) {
    return [this, f] { return done() ? f() : std::string("\xE2\x80\xA6"); };
  };
  const auto last = [this] { return static_cast<int>(config_test_lens().size()) - 1; };
  const auto train = [this] { return train_index(); };
  // Over the seeds: every / some / none at or above the mark, in token accuracy.
  const auto seeds_at = [this](int e, int len) {
    int k = 0;
    for (int s = 0; s < p_.seeds; ++s) k += token(e, s, len) >= kGood;
    return k;
  };
  const auto unsettled_below = [this](int e, int len) {  // a seed below the mark that did not converge
    for (int s = 0; s < p_.seeds; ++s)
      if (token(e, s, len) < kGood && !r_.runs[run_index(e, s)].converged) return true;
    return false;
  };
  const auto learned = [=](int e) { return seeds_at(e, train()) == p_.seeds; };
  const auto short_of = [=](int e) { return seeds_at(e, train()) == 0 && !unsettled_below(e, train()); };
  const auto unsettled = [=](int e) { return !learned(e) && unsettled_below(e, train()); };
  const auto split = [=](int e) { return !learned(e) && !unsettled(e) && seeds_at(e, train()) > 0; };
  const auto longer = [=] { return last() > train(); };
  const auto holds = [=](int e) { return learned(e) && seeds_at(e, last()) == p_.seeds; };
  const auto collapses = [=](int e) { return learned(e) && seeds_at(e, last()) == 0; };
  const auto split_long = [=](int e) { return learned(e) && !holds(e) && !collapses(e); };
  // The run without positions against the baseline at the training length.
  const auto none_above = [this] { return spread(0, train_index(), true).above; };

  say("bidir_done", condition([this] { return !p_.causal; }));
  say("causal_done", condition([this] { return p_.causal; }));
  say("none_within_bound", condition([=] { return !p_.causal && none_above() == 0; }));
  say("causal_none_above", condition([=] { return p_.causal && none_above() == p_.seeds; }));
  say("causal_none_at_bound", condition([=] { return p_.causal && none_above() == 0; }));
  say("causal_none_split",
      condition([=] { return p_.causal && none_above() > 0 && none_above() < p_.seeds; }));
  say("any_learned", condition([=] { return count(learned) > 0; }));
  const auto learned_pe = [=](int e) { return e > 0 && learned(e); };  // with a position signal
  say("any_learned_pe", condition([=] { return count(learned_pe) > 0; }));
  say("learned_pe", quoted([=] { return names(learned_pe); }));
  say("any_short", condition([=] { return count(short_of) > 0; }));
  say("any_unsettled", condition([=] { return count(unsettled) > 0; }));
  say("any_split", condition([=] { return count(split) > 0; }));
  say("longer", condition(longer));
  say("any_hold", condition([=] { return longer() && count(holds) > 0; }));
  say("no_hold", condition([=] { return longer() && count(learned) > 0 && count(holds) == 0; }));
  say("any_collapse", condition([=] { return longer() && count(collapses) > 0; }));
  say("any_split_long", condition([=] { return longer() && count(split_long) > 0; }));
  say("all_converged", condition([this] { return converged_runs() == runs(); }));
  say("some_unconverged", condition([this] { return converged_runs() < runs(); }));
  say("untrained", condition([this] { return r_.table.rows() > trained_rows(); }));
  say("acc_none", quoted([this] { return spread_text(0, train_index(), true); }));
  say("acc_none_long", quoted([=] { return spread_text(0, last(), true); }));
  say("bag_bound",
      [this] { return b().baseline.empty() ? std::string() : num(b().baseline[train_index()]); });
  say("bag_margin",
      [this] { return b().margin.empty() ? std::string() : num(b().margin[train_index()], 2); });
  say("causal_baseline", [this] { return num(b().causal); });
  say("bidir_baseline", [this] { return num(b().bidirectional); });
  say("learned_at_train", quoted([=] { return names(learned); }));
  say("short_of", quoted([=] { return names(short_of); }));
  say("unsettled", quoted([=] { return names(unsettled); }));
  say("split", quoted([=] { return names(split); }));
  say("hold", quoted([=] { return names(holds); }));
  say("collapse", quoted([=] { return names(collapses); }));
  say("split_long", quoted([=] { return names(split_long); }));
  say("converged_runs", quoted([this] { return std::to_string(converged_runs()); }));
  say("longest", quoted([this] { return std::to_string(config_test_lens().back()); }));
  // The best at a length: see best().
  for (const bool at_long : {false, true}) {
    const std::string tag = at_long ? "_long" : "_train";
    const auto len = [=] { return at_long ? last() : train(); };
    say("best" + tag + "_none", condition([=] { return best(len()).kind == Best::None; }));
    say("best" + tag + "_clear", condition([=] { return best(len()).kind == Best::Clear; }));
    say("best" + tag + "_tied", condition([=] { return best(len()).kind == Best::Tied; }));
    say("best" + tag, quoted([=] { return names([&](int e) { return e == best(len()).top; }); }));
    say("best" + tag + "_acc", quoted([=] {  // with no best, none (the text shows it only with one)
          const int top = best(len()).top;
          return top < 0 ? std::string("\xE2\x80\xA6") : spread_text(top, len(), true);
        }));
    say("runner" + tag, quoted([=] { return names([&](int e) { return e == best(len()).runner; }); }));
    say("above" + tag,
        quoted([=] { return names([&](int e) { return spread(e, len(), true).above == p_.seeds; }); }));
    say("baseline" + tag, [=] { return b().baseline.empty() ? std::string() : num(b().baseline[len()]); });
  }
  say("ex_right", quoted([this] { return std::to_string(example_right()); }));
  say("ex_targets", quoted([this] { return std::to_string(core::target_count(example_)); }));
  say("table_rows", quoted([this] { return std::to_string(r_.table.rows()); }));
  say("trained_rows", quoted([this] { return std::to_string(trained_rows()); }));
  say("pc1", quoted([this] { return num(100 * (r_.pcs.explained.size() > 0 ? r_.pcs.explained(0) : 0)); }));
  say("pc2", quoted([this] { return num(100 * (r_.pcs.explained.size() > 1 ? r_.pcs.explained(1) : 0)); }));
  say("train_seconds", quoted([this] { return num(pool_->seconds()); }));
  say("shown_seed_value", [this] { return p_.seed + p_.shown_seed; });
}

// "0.93" for one seed; "0.93 (0.91–0.95)" for several: the mean, then the lowest and highest seed. A
// share of exactly 1 or 0 keeps three decimals beside the others ("1.000 (1.000–1.000)", not "1 (1–1)").
std::string TrainLesson::spread_text(int e, int len, bool token_accuracy) const {
  const Spread s = spread(e, len, token_accuracy);
  const auto share = [](double v) {
    return v == 0 || v == 1 ? std::string(v == 0 ? "0.000" : "1.000") : num(v);
  };
  if (p_.seeds == 1) return share(s.mean);
  return share(s.mean) + " (" + share(s.lo) + "\xE2\x80\x93" + share(s.hi) + ")";
}

// The best encoding at a test length, in token accuracy: among those clearly above the baseline on every
// seed, the highest mean; Clear when its lowest seed is above every other encoding's highest, else Tied
// with the runner-up (the next mean, whatever its baseline).
TrainLesson::Best TrainLesson::best(int len) const {
  Best b;
  double top = -1;
  for (int e = 0; e < encodings(); ++e) {
    const Spread s = spread(e, len, true);
    if (s.above == p_.seeds && s.mean > top) top = s.mean, b.top = e;
  }
  if (b.top < 0) return b;
  const Spread t = spread(b.top, len, true);
  double second = -1;
  for (int e = 0; e < encodings(); ++e) {
    const Spread s = spread(e, len, true);
    if (e != b.top && s.mean > second) second = s.mean, b.runner = e;
  }
  b.kind = b.runner >= 0 && spread(b.runner, len, true).hi >= t.lo ? Best::Tied : Best::Clear;
  return b;
}

// The baselines of the settings' test sets, and "clearly above": 3 standard errors of a guesser right
// that often on this many answer tokens (taken as independent), at least 0.05.
const Baselines& TrainLesson::b() const {
  if (baselines_) return *baselines_;
  Baselines& b = baselines_.emplace();
  if (!config_error_.empty()) return b;
  const std::vector<std::vector<core::Example>> sets = core::make_test_sets(config_);
  const core::TaskSpec spec = core::task_spec(config_);
  for (const auto& set : sets) {
    const double base = core::position_blind_baseline(set, spec);
    int answers = 0;
    for (const core::Example& e : set) answers += core::target_count(e);
    b.baseline.push_back(base);
    b.margin.push_back(std::max(0.05, 3 * std::sqrt(base * (1 - base) / std::max(answers, 1))));
  }
  // Either mask at the training length: the same inputs, their slots as that mask fills them.
  for (const bool causal : {false, true}) {
    core::TaskSpec other = spec;
    other.causal = causal;
    std::vector<core::Example> set;
    for (const core::Example& e : sets[train_index()])
      set.push_back(core::make_example(other, core::input_of(spec, e)));
    (causal ? b.causal : b.bidirectional) = core::position_blind_baseline(set, other);
  }
  return b;
}

void TrainLesson::finish() {
  finished_ = true;
  const int lens = static_cast<int>(config_test_lens().size()), n = pool_->runs();
  r_.runs.clear();
  for (int i = 0; i < n; ++i) r_.runs.push_back(pool_->status(i).record);
  int steps = 0;
  for (const core::RunRecord& r : r_.runs) steps = std::max(steps, static_cast<int>(r.losses.size()));
  r_.loss.resize(steps, n);
  for (int i = 0; i < n; ++i)
    for (int s = 0; s < steps; ++s)
      r_.loss(s, i) = s < static_cast<int>(r_.runs[i].losses.size()) ? r_.runs[i].losses[s] : NAN;
  (void)lens;
  update_view();
}

// The accuracy export, the shown seed's learned table, the attention map and predictions of the chosen
// run on the chosen example.
void TrainLesson::update_view() {
  if (!done()) return;
  papers_lang_ = -1;  // the papers table follows the settings shown
  const int lens = static_cast<int>(config_test_lens().size());
  r_.accuracy.resize(lens, runs() + 1);
  for (int l = 0; l < lens; ++l) {
    r_.accuracy(l, 0) = config_test_lens()[l];
    for (int i = 0; i < runs(); ++i) r_.accuracy(l, i + 1) = metric_of(r_.runs[i])[l];
  }
  const core::RunRecord& learned = r_.runs[run_index(1, p_.shown_seed)];
  core::Model<float> table_model(core::model_config(learned.config), 1);
  core::load_weights(table_model, learned.weights);
  r_.table = table_model.position_table().cast<double>();
  r_.pcs = core::principal_components(table_model.position_table(), trained_rows(), 2);
  view_.table.set(r_.table);

  core::Random rng(core::mix_seed(0xE8A3'F1E5ULL, static_cast<std::uint64_t>(p_.example)));
  example_ = core::random_example(core::task_spec(config_), p_.ex_len, rng);
  const core::RunRecord& shown = r_.runs[run_index(p_.run, p_.shown_seed)];
  std::vector<core::Example> placed = {example_};
  core::place_at_random(placed, shown.config, rng);  // randomised positions: drawn as at test time
  example_ = placed[0];
  core::Model<float> model(core::model_config(shown.config), 1);
  core::load_weights(model, shown.weights);
  attention_ = model.attention(example_, p_.layer, p_.head).cast<double>();
  view_.attention.set(attention_, 1.0);
  predicted_ = model.predict({example_});
}

int TrainLesson::example_right() const {
  int right = 0;
  size_t i = 0;
  for (int target : example_.targets)
    if (target >= 0) right += i < predicted_.size() && predicted_[i++] == target;
  return right;
}

// Every run, one row each: its setup, how it ended, and all four scores at every test length.
// The file the runs were read from, without its folder and extension, as letters, digits, '-' and '_'.
std::string TrainLesson::imported_from_stem() const {
  std::string stem = imported_from_.substr(imported_from_.find_last_of("/\\") + 1);
  stem = stem.substr(0, stem.rfind('.'));
  for (char& ch : stem)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  return stem.empty() ? "read" : stem.substr(0, 60);
}

std::vector<const core::RunRecord*> TrainLesson::table_runs() const {
  std::vector<const core::RunRecord*> rows;
  if (done())
    for (const core::RunRecord& r : r_.runs) rows.push_back(&r);
  for (const core::RunRecord& r : imported_) rows.push_back(&r);
  return rows;
}

std::string TrainLesson::runs_csv() const {
  // A row per run: its setup (the JSON's members, core::setup_fields; test_lens the lengths apart by
  // spaces), how it ran, then every score at every test length.
  std::string csv;
  for (const core::SetupField& f : core::setup_fields(config_)) csv += std::string(f.name) + ",";
  csv += "source,steps,converged,stop,converged_at,seconds";
  // A runs file's own words (its source, why it stopped) quoted where CSV needs it.
  const auto text = [](const std::string& v) {
    if (v.find_first_of(",\"\r\n") == std::string::npos) return v;
    std::string q = "\"";
    for (char ch : v) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
  };
  static const char* kScores[] = {"token", "sequence", "greedy_token", "greedy_sequence"};
  for (const char* score : kScores)
    for (int n : config_test_lens()) csv += std::string(",") + score + "_at_" + std::to_string(n);
  csv += "\n";
  for (const core::RunRecord* run : table_runs()) {
    const core::RunRecord& r = *run;
    for (const core::SetupField& f : core::setup_fields(r.config)) csv += f.value + ",";
    csv += text(r.source) + "," + std::to_string(r.steps) + "," + (r.converged ? "true" : "false") + "," +
           text(r.stop) + "," + std::to_string(r.converged_at) + "," + core::exact_number(r.seconds);
    // Under the header's lengths: a run from a file with other test lengths leaves the cells it lacks empty.
    const std::vector<int> own = core::test_lengths(r.config);
    for (const auto* v :
         {&r.scores.token, &r.scores.sequence, &r.scores.greedy_token, &r.scores.greedy_sequence})
      for (int n : config_test_lens()) {
        const auto at = std::find(own.begin(), own.end(), n);
        const size_t i = static_cast<size_t>(at - own.begin());
        csv += "," + (at != own.end() && i < v->size() ? core::exact_number((*v)[i]) : std::string());
      }
    csv += "\n";
  }
  return csv;
}

}  // namespace posenc::lessons::train_lesson
