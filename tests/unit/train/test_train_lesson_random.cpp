// Lesson train with its seventh encoding and its start token (#35): the settings that add them (off by
// default: six encodings), the runs the lesson then trains — each the run core::train_run gives alone —
// and the papers table's Ruoss et al. 2023 row, computed from those runs: randomised positions against
// the sinusoidal code they place, past the training length, with a verdict only in the paper's setting
// (a bidirectional mask) and only where every seed separates them and every run of both converged. The
// lesson's NumPy twin (content/code/train.py) builds the same sequences with a start token, and the same
// baseline.
#include <doctest/doctest.h>

#include <string>

#include "core/train_run.hpp"
#include "headless.hpp"
#include "lessons/train/train_lesson.hpp"
#include "numpy.hpp"
#include "train/train_page.hpp"
#include "ui/locate.hpp"
#include "ui/matrix_view.hpp"

using namespace posenc;
using lessons::train_lesson::PaperRow;
using lessons::train_lesson::randomised_against_base;
using lessons::train_lesson::Verdict;

namespace {

// Reverse, bidirectional, one layer of width 16, lengths 1 … 4, tests up to 8, 60 steps, one seed (3).
constexpr const char* kSmall =
    "#lesson=train&step=setup&task=reverse&causal=0&layers=1&heads=2&d_model=16&train_len=4&test_x=2&steps="
    "60&seeds=1&seed=3";

lessons::train_lesson::TrainLesson& train_lesson(test::Headless& h) {
  return dynamic_cast<lessons::train_lesson::TrainLesson&>(app::current_lesson(h.s));
}

// The Ruoss row of the papers table (a copy: the table is made anew on each call).
PaperRow ruoss(const std::vector<PaperRow>& rows) {
  for (const PaperRow& r : rows)
    if (std::string(r.paper) == "Ruoss et al. 2023") return r;
  FAIL("no Ruoss row");
  return {};
}

}  // namespace

TEST_CASE("lesson train's Ruoss row: a verdict only in the paper's setting, past the training length") {
  const std::vector<double> high = {0.6, 0.7}, low = {0.2, 0.3}, overlap = {0.25, 0.65};
  CHECK(randomised_against_base(true, true, false, high, low, true) == Verdict::Agree);
  CHECK(randomised_against_base(true, true, false, low, high, true) == Verdict::Disagree);
  CHECK(randomised_against_base(true, true, false, overlap, low, true) == Verdict::Undecided);
  CHECK(randomised_against_base(true, true, false, high, low, false) == Verdict::Unsettled);
  CHECK(randomised_against_base(true, true, true, high, low, true) == Verdict::NeedsBidirectional);
  CHECK(randomised_against_base(true, false, false, high, low, true) == Verdict::NoLonger);
  CHECK(randomised_against_base(false, true, false, high, low, true) == Verdict::NotRun);
}

TEST_CASE("lesson train: randomised positions and a start token are settings; the runs are train_run's") {
  test::Headless h;
  REQUIRE(app::apply_hash(h.s, kSmall).empty());
  h.frame(1280, 800);
  lessons::Lesson& l = app::current_lesson(h.s);
  CHECK(l.placeholder("random") == "0");  // off by default: six encodings
  CHECK(l.placeholder("start") == "0");
  CHECK(l.placeholder("runs") == "6");
  test::train_in_page(h);
  CHECK(ruoss(train_lesson(h).papers()).verdict == Verdict::NotRun);
  CHECK(ruoss(train_lesson(h).papers()).here == "not trained: turn on include randomised positions");

  const core::Messages said =
      app::apply_hash(h.s, std::string(kSmall) + "&random=1&start=1&run=randomised%20positions");
  CHECK(core::english(said).find("Settings changed") != std::string::npos);  // and no other notice
  h.frame(1280, 800);
  CHECK(l.placeholder("runs") == "7");
  CHECK(l.placeholder("done") == "0");  // a change of the runs' settings discards them
  // Reverse with a start token: inputs up to 8 make 2·8 + 2 tokens; L is twice that.
  CHECK(l.placeholder("random_last") == "35");
  test::train_in_page(h);
  std::vector<core::RunRecord> runs;
  REQUIRE(core::read_runs_file(l.exports("runs")[1].text(), runs) == "");
  REQUIRE(runs.size() == 7u);
  for (const core::RunRecord& r : runs) CHECK(r.config.start_token);
  const core::RunRecord& random = runs[6];
  CHECK(random.config.pe == core::Encoding::Random);
  const core::RunRecord alone = core::train_run(random.config);
  CHECK(random.losses == alone.losses);
  CHECK(random.scores.token == alone.scores.token);
  // The row: randomised positions and the sinusoidal code at the longest test (8), each run stopped by
  // its cap of 60 steps, so no verdict.
  const std::vector<PaperRow> rows = train_lesson(h).papers();
  const PaperRow row = ruoss(rows);
  CHECK(row.verdict == Verdict::Unsettled);
  CHECK(row.here == "at n = 8: randomised positions " + ui::short_number(alone.scores.token.back(), 3) +
                        "; sinusoidal " + ui::short_number(runs[2].scores.token.back(), 3));
  // The attention step shows the random run on an example (6 answers: the default length, 6).
  CHECK(l.placeholder("ex_targets") == "6");
  // With the causal mask: not the paper's setting. Six encodings again: the run shown falls back.
  app::apply_hash(h.s, std::string(kSmall) + "&random=1&start=1&causal=1");
  test::train_in_page(h);
  CHECK(ruoss(train_lesson(h).papers()).verdict == Verdict::NeedsBidirectional);
  const core::Messages off =
      app::apply_hash(h.s, std::string(kSmall) + "&random=0&run=randomised%20positions");
  CHECK(core::english(off).find("randomised positions are not trained") != std::string::npos);
  h.frame(1280, 800);
  CHECK(l.placeholder("runs") == "6");
  bool clamped = false;
  for (const lessons::ParamValue& p : lessons::read_params(l))
    if (p.name == "run") clamped = p.text == "T5";
  CHECK(clamped);
}

TEST_CASE(
    "content/code/train.py: the core's sequences and baselines with a start token; positions in order") {
  core::Random rng(17);
  std::string cases = "[", expected;
  for (core::Task task : {core::Task::Copy, core::Task::Reverse, core::Task::KBack})
    for (bool causal : {false, true}) {
      core::TaskSpec spec;
      spec.task = task, spec.causal = causal, spec.start_token = true;
      std::vector<core::Example> set;
      std::string xs = "[";
      for (int n : {3, 5, 6, 4}) {
        set.push_back(core::random_example(spec, n, rng));
        const std::vector<int> x = core::input_of(spec, set.back());
        xs += "[";
        for (int t : x) xs += std::to_string(t) + ",";
        xs += "],";
        for (const auto* v : {&set.back().tokens, &set.back().targets})
          for (int t : *v) expected += std::to_string(t) + ",";
        expected += " ";
      }
      char base[32];
      std::snprintf(base, sizeof base, "%.12f", core::position_blind_baseline(set, spec));
      expected += std::string(base) + " ";
      cases +=
          std::string("('") + core::task_name(task) + "'," + (causal ? "True" : "False") + "," + xs + "]),";
    }
  cases += "]";
  const std::string got = test::last_line(
      test::run_numpy("train",
                      "out = ''\n"
                      "for t, c, xs in " +
                          cases +
                          ":\n"
                          "    ex = [make_example(t, x, causal=c, start=True) for x in xs]\n"
                          "    for tokens, targets in ex: out += ''.join(str(v) + ',' for v in list(tokens) "
                          "+ list(targets)) + ' '\n"
                          "    out += '%.12f ' % position_blind_baseline(ex, t, c, start=True)\n"
                          "p = [random_positions(n, 40, np.random.default_rng(n)) for n in (1, 7, 40)]\n"
                          "ok = all(len(q) == n and (q[1:] > q[:-1]).all() and q.min() >= 0 and q.max() < 40 "
                          "for q, n in zip(p, (1, 7, 40)))\n"
                          "print(out + str(ok))\n"));
  CHECK(got == expected + "True");
}
