// Lesson `train` as a learner meets it: before a run its text claims nothing; Train runs every encoding on
// every seed (here in slices between frames: frames keep coming until it is done), and the numbers the
// text then quotes are those of training runs here, straight through, with the same settings; the runs
// table's exports; a change of setting discards the runs and says so; the core's bag-of-tokens bound,
// worked out by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/train.hpp"
#include "core/train_run.hpp"
#include "core/train_script.hpp"
#include "headless.hpp"
#include "lessons/train/train_lesson.hpp"
#include "numpy.hpp"
#include "ui/locate.hpp"
#include "ui/matrix_view.hpp"

using namespace posenc;

namespace {

// The page's setup of one run (what the lesson trains for these settings).
core::TrainConfig back_config(core::TrainConfig c, core::Encoding pe, int seed) {
  c.pe = pe;
  c.seed = static_cast<std::uint64_t>(seed);
  return c;
}

// The settings of the small runs: reverse, bidirectional, one layer, two heads, d_model 16, lengths 1 … 4,
// tests up to 8, a cap of 60 steps with 20 of warm-up, seeds 3 and 4.
constexpr const char* kSmall =
    "#lesson=train&step=setup&task=reverse&causal=0&layers=1&heads=2&d_model=16&train_len=4&test_x=2&steps="
    "60&warmup=20&seeds=2&seed=3";

void click(test::Headless& h, const char* label) {
  h.frame(1280, 800);  // what the current state draws
  const std::optional<ui::ItemRect> r = ui::locate(label);
  REQUIRE(r);
  h.click(*r);
}

// Frames until the lesson says it is done (at most `limit`); returns how many. (How long a frame takes
// while training is make bench's to measure, not a test's.)
int frames_until_done(test::Headless& h, lessons::Lesson& l, int limit) {
  int n = 0;
  while (l.placeholder("done") != "1" && n < limit) {
    h.frame(1280, 800);
    CHECK((h.s.animating || l.placeholder("done") == "1"));  // frames keep coming while it trains
    ++n;
  }
  return n;
}

}  // namespace

TEST_CASE(
    "the bag-of-tokens bound: per sequence and token kind, the most frequent target among its positions") {
  core::TaskSpec spec;
  spec.task = core::Task::Reverse;
  // Slots all hold MASK: the most frequent input token, 2 of 4 right, then 1 of 3.
  const std::vector<core::Example> set = {core::make_example(spec, {1, 2, 1, 3}),
                                          core::make_example(spec, {4, 5, 6})};
  CHECK(core::bag_of_tokens_bound(set, spec.task) == doctest::Approx(3.0 / 7.0));
  // k_back (k = 2): a slot's target is, for all the bag tells, any of the other tokens. On 1 2 3 the one
  // slot (token 3) has 1 and 2 left: right half the time (per sequence, "the most frequent target at
  // token 3's positions" would say 1). On 1 1 1 2 2 2 the slots hold 1, 2, 2, 2: the rest of the bag is
  // 1 1 2 2 2 (best 3 of 5) or 1 1 1 2 2 (3 of 5): 3/5.
  spec.task = core::Task::KBack;
  CHECK(core::bag_of_tokens_bound({core::make_example(spec, {1, 2, 3})}, spec.task) == doctest::Approx(0.5));
  CHECK(core::bag_of_tokens_bound({core::make_example(spec, {1, 1, 1, 2, 2, 2})}, spec.task) ==
        doctest::Approx(0.6));
  // Over random sequences a bag-only guesser (the mode of the other tokens) hits that share on average.
  core::Random rng(3);
  std::vector<core::Example> many;
  long hits = 0, slots = 0;
  for (int s = 0; s < 4000; ++s) {
    many.push_back(core::random_example(spec, 5, rng));
    const core::Example& e = many.back();
    for (size_t i = 0; i < e.tokens.size(); ++i) {
      if (e.targets[i] < 0) continue;
      int count[16] = {0}, guess = 0;
      for (size_t j = 0; j < e.tokens.size(); ++j)
        if (j != i) ++count[e.tokens[j]];
      for (int t = 1; t < 16; ++t)
        if (count[t] > count[guess]) guess = t;
      hits += e.targets[i] == guess, ++slots;
    }
  }
  CHECK(double(hits) / slots == doctest::Approx(core::bag_of_tokens_bound(many, spec.task)).epsilon(0.03));
}

TEST_CASE(
    "lesson train: nothing claimed before a run; Train trains every encoding on every seed; the text quotes "
    "straight runs' numbers") {
  test::Headless h;
  const core::Messages said = app::apply_hash(h.s, kSmall);
  CAPTURE(core::english(said));
  REQUIRE(said.empty());
  h.frame(1280, 800);
  h.frame(1280, 800);
  lessons::Lesson& l = app::current_lesson(h.s);
  CHECK(l.placeholder("done") == "0");
  CHECK(l.placeholder("idle") == "1");
  for (const char* c : {"bidir_done", "none_within_bound", "any_learned", "any_hold", "any_collapse",
                        "no_hold", "untrained", "best_train_none", "best_long_clear", "any_unsettled"})
    CHECK(l.placeholder(c) == "0");
  CHECK(l.exports("length").empty());
  CHECK_FALSE(h.s.animating);  // idle: no frames asked for

  click(h, "Train");
  CHECK(l.placeholder("running") == "1");
  const int frames = frames_until_done(h, l, 40000);
  REQUIRE(l.placeholder("done") == "1");
  CHECK(frames > 3);  // in slices, not in one frame
  h.frame(1280, 800);
  CHECK_FALSE(h.s.animating);

  // The same runs straight through (60 steps: too few for the plateau rule, so each runs to its cap).
  core::TrainConfig c;
  c.task = core::Task::Reverse;
  c.layers = 1, c.heads = 2, c.d_model = 16, c.d_ff = 32;
  c.train_len = 4, c.test_lens = {2, 4, 5, 6, 7, 8};
  c.steps = 60, c.warmup = 20, c.lr = 1e-2;
  double acc[6][2];  // token accuracy at length 4, per encoding and seed
  for (int e = 0; e < 6; ++e)
    for (int s = 0; s < 2; ++s) {
      c.pe = core::all_encodings()[e];
      c.seed = 3 + s;
      core::Trainer straight(c);
      straight.step(c.steps);
      acc[e][s] = core::token_accuracy(straight.model(), straight.test_set(1));
    }
  const double lo = std::min(acc[0][0], acc[0][1]), hi = std::max(acc[0][0], acc[0][1]);
  CHECK(l.placeholder("acc_none") == ui::short_number((acc[0][0] + acc[0][1]) / 2, 3) + " (" +
                                         ui::short_number(lo, 3) + "\xE2\x80\x93" + ui::short_number(hi, 3) +
                                         ")");
  // The bound by hand: every slot holds MASK, so a sequence gets at most its most frequent token's count.
  double best = 0, total = 0;
  core::Trainer sets(c);
  for (const core::Example& ex : sets.test_set(1)) {
    const std::vector<int> x(ex.tokens.begin(), ex.tokens.begin() + 4);
    int most = 0;
    for (int t : x) most = std::max(most, static_cast<int>(std::count(x.begin(), x.end(), t)));
    best += most, total += 4;
  }
  CHECK(l.placeholder("bag_bound") == ui::short_number(best / total, 3));
  CHECK(hi <= best / total + 1e-12);  // a bag of tokens cannot beat it
  CHECK(l.placeholder("none_within_bound") == "1");
  CHECK(l.placeholder("bidir_done") == "1");
  CHECK(l.placeholder("longest") == "8");
  CHECK(l.placeholder("trained_rows") == "9");  // 2·4 + 1 tokens
  CHECK(l.placeholder("untrained") == "1");     // rows up to 2·8 + 1
  CHECK(l.placeholder("converged_runs") == "0");
  CHECK(l.placeholder("some_unconverged") == "1");
  const std::vector<lessons::Export> e = l.exports("length");
  REQUIRE(e.size() == 1);
  CHECK(e[0].data().rows() == 6);   // lengths 2, 4, 5, 6, 7, 8
  CHECK(e[0].data().cols() == 13);  // the length, then twelve runs, encoding by encoding
  CHECK(e[0].data()(1, 0) == 4);
  for (int k = 0; k < 6; ++k)
    for (int s = 0; s < 2; ++s) CHECK(e[0].data()(1, 1 + 2 * k + s) == doctest::Approx(acc[k][s]));
  // The text's lists, worked out here: every run stopped at its cap, so no encoding below 0.9 is "short of
  // it" (no evidence), each is "stopped by the cap"; the runs without positions named so.
  const char* const names[] = {"the runs without positions", "learned", "sinusoidal", "RoPE", "ALiBi", "T5"};
  const auto list = [&](auto pick) {
    std::vector<std::string> v;
    for (int k = 0; k < 6; ++k)
      if (pick(k)) v.push_back(names[k]);
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) out += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
    return out.empty() ? std::string("none of them") : out;
  };
  CHECK(l.placeholder("short_of") == "none of them");
  CHECK(l.placeholder("any_short") == "0");
  CHECK(l.placeholder("unsettled") == list([&](int k) { return std::min(acc[k][0], acc[k][1]) < 0.9; }));
  CHECK(l.placeholder("learned_at_train") ==
        list([&](int k) { return std::min(acc[k][0], acc[k][1]) >= 0.9; }));
  // Clearly above the baseline on both seeds: by more than 3 standard errors of a guesser (≥ 0.05).
  const double b = best / total, margin = std::max(0.05, 3 * std::sqrt(b * (1 - b) / total));
  const auto above = [&](int k) { return std::min(acc[k][0], acc[k][1]) > b + margin; };
  CHECK(l.placeholder("above_train") == list(above));
  int n_above = 0;
  for (int k = 0; k < 6; ++k) n_above += above(k);
  CHECK(l.placeholder("best_train_none") == (n_above == 0 ? "1" : "0"));

  // The runs table's exports: CSV with a header and a row per run, JSON the core reads back.
  const std::vector<lessons::Export> files = l.exports("runs");
  REQUIRE(files.size() == 3);
  REQUIRE(files[0].is_file());
  CHECK(files[2].extension == ".py");
  // The script holds the twelve setups, each as the page trains it.
  const std::string script = files[2].text();
  const std::string_view setups = core::pytorch_script_setups(script);
  CHECK(std::count(setups.begin(), setups.end(), '{') == 12);
  CHECK(setups.find(core::setup_json(back_config(c, core::Encoding::Alibi, 4))) != std::string_view::npos);
  const std::string csv = files[0].text();
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 13);
  // The whole setup, by the JSON's names, then how the run went.
  CHECK(
      csv.rfind("task,pe,causal,start_token,layers,heads,d_model,d_ff,vocab,k,train_len,min_len,test_lens,"
                "max_steps,batch,lr,warmup,clip,test_examples,seed,source,steps,converged,stop,converged_at,"
                "seconds,token_at_2,",
                0) == 0);
  CHECK(csv.find(
            "\nreverse,rope,false,false,1,2,16,32,10,2,4,1,2 4 5 6 7 8,60,32,0.01,20,1,64,4,posenc,60,false,"
            "cap,0,") != std::string::npos);
  std::vector<core::RunRecord> back;
  REQUIRE(core::read_runs_file(files[1].text(), back) == "");
  REQUIRE(back.size() == 12u);
  CHECK(back[7].config.pe == core::Encoding::Rope);
  CHECK(back[7].config.seed == 4u);
  CHECK(back[7].scores.token[1] == doctest::Approx(acc[3][1]));
  // The JSON read back (as a runs file the PyTorch script writes): its runs join the table.
  const std::string json = files[1].text();
  const auto* bytes = reinterpret_cast<const unsigned char*>(json.data());
  CHECK(l.takes_file("runs.json", bytes, json.size()));
  CHECK_FALSE(l.takes_file("config.json", reinterpret_cast<const unsigned char*>("{\"rope_theta\": 1}"), 17));
  CHECK(core::english(l.receive_file("runs.json", bytes, json.size())) == "read 12 runs from runs.json");
  CHECK(l.step_for_file() == "runs");
  // A run from elsewhere, tested at other lengths and with its own words: its row keeps the header's
  // columns (empty where it has no score), its source quoted as CSV needs.
  {
    core::RunRecord other = back[0];
    other.source = "py,torch \"x\"";
    other.config.test_lens = {4, 6};
    other.test_lens = {4, 6};
    other.scores.token = {0.25, 0.5};
    other.scores.sequence = other.scores.greedy_token = other.scores.greedy_sequence = {0.125, 0.0625};
    const std::string file = core::runs_file_json({other});
    REQUIRE(core::english(l.receive_file("other.json", reinterpret_cast<const unsigned char*>(file.data()),
                                         file.size())) == "read 1 run from other.json");
    const std::string table = l.exports("runs")[0].text();
    CAPTURE(table.substr(table.size() > 400 ? table.size() - 400 : 0));
    const size_t at = table.find("\"py,torch \"\"x\"\"\"");
    REQUIRE(at != std::string::npos);
    const std::string row =
        table.substr(table.rfind('\n', at) + 1, table.find('\n', at) - table.rfind('\n', at) - 1);
    CAPTURE(row);
    // Header lengths 2 4 5 6 7 8: token accuracy known at 4 and 6 only.
    CHECK(row.find(",4 6,") != std::string::npos);
    CHECK(row.find(",,0.25,,0.5,,,") != std::string::npos);
    const std::string header = table.substr(0, table.find('\n'));
    const auto columns = [](const std::string& line) {  // commas outside quotes, plus one
      int n = 1;
      bool quoted = false;
      for (char ch : line) quoted ^= ch == '"', n += !quoted && ch == ',';
      return n;
    };
    CHECK(columns(row) == columns(header));
  }
  const std::string broken = json.substr(0, json.size() / 2);
  CHECK(core::english(
            l.receive_file("cut.json", reinterpret_cast<const unsigned char*>(broken.data()), broken.size()))
            .rfind("cut.json was not read: ", 0) == 0);

  // A setting of the runs changes: they are discarded, and the learner is told.
  const lessons::SetOutcome out = lessons::set_param(l, "steps", "61");
  CHECK(out.changed);
  CHECK(l.placeholder("done") == "0");
  CHECK(l.placeholder("bidir_done") == "0");
  CHECK(l.exports("length").empty());
  CHECK(core::english(out.notices).find("Settings changed") != std::string::npos);

  // What only the view depends on keeps the runs: train again, then choose another head, seed or score.
  click(h, "Train");
  frames_until_done(h, l, 40000);
  REQUIRE(l.placeholder("done") == "1");
  CHECK(lessons::set_param(l, "head", "1").changed);
  CHECK(lessons::set_param(l, "shown_seed", "1").changed);
  CHECK(lessons::set_param(l, "metric", "sequences").changed);
  CHECK(l.placeholder("done") == "1");

  // Stop during a run: back to nothing trained.
  CHECK(lessons::set_param(l, "seed", "4").changed);
  click(h, "Train");
  CHECK(l.placeholder("running") == "1");
  click(h, "Stop");
  CHECK(l.placeholder("running") == "0");
  CHECK(l.placeholder("done") == "0");
}

namespace {

// Runs the lesson's NumPy file, then prints `expr`; returns what it printed (its last line).
std::string python(const std::string& expr) {
  return test::last_line(test::run_numpy("train", "print(" + expr + ")\n"));
}

std::string list(const std::vector<int>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace

// The text's parameter count, counted once when the settings change: the architecture by hand (token
// embedding of vocab + 2 rows — separator and padding — plus one with a start token; per layer two
// layer norms, four d×d attention matrices, a d×2d and a 2d×d MLP with biases; a final layer norm; an
// output d×vocab with its bias).
TEST_CASE("lesson train: the text's parameter count follows the settings") {
  const auto by_hand = [](long vocab, long d, long layers, bool start) {
    const long ff = 2 * d, in = vocab + 2 + (start ? 1 : 0);
    return in * d + layers * (4 * d + 4 * d * d + 2 * d * ff + ff + d) + 2 * d + d * vocab + vocab;
  };
  test::Headless h;
  REQUIRE(app::apply_hash(h.s, "#lesson=train&step=setup").empty());
  h.frame(1280, 800);
  lessons::Lesson& l = app::current_lesson(h.s);
  CHECK(l.placeholder("params") == std::to_string(by_hand(10, 32, 2, false)));  // 17610
  REQUIRE(app::apply_hash(h.s, "#lesson=train&step=setup&d_model=16&layers=1&vocab=20&start=1").empty());
  h.frame(1280, 800);
  CHECK(l.placeholder("params") == std::to_string(by_hand(20, 16, 1, true)));
  lessons::set_param(l, "layers", "3");
  h.frame(1280, 800);
  CHECK(l.placeholder("params") == std::to_string(by_hand(20, 16, 3, true)));
}

TEST_CASE("content/code/train.py builds the core's sequences and its bag-of-tokens bound") {
  core::Random rng(11);
  std::string examples = "[", expected;
  for (core::Task task : {core::Task::Copy, core::Task::Reverse, core::Task::KBack})
    for (bool causal : {false, true}) {
      core::TaskSpec spec;
      spec.task = task;
      spec.causal = causal;
      std::vector<core::Example> set;
      std::string xs = "[";
      for (int n : {3, 5, 6}) {
        const core::Example e = core::random_example(spec, n, rng);
        set.push_back(e);
        const std::vector<int> x(e.tokens.begin(), e.tokens.begin() + n);
        xs += list(x) + ",";
        expected += list(e.tokens) + list(e.targets) + " ";
      }
      const std::string call = std::string("make_example('") + core::task_name(task) +
                               "', x, causal=" + (causal ? "True" : "False") + ")";
      examples += "(" + xs + "]," + std::to_string(core::bag_of_tokens_bound(set, task)) + ",\"" + call +
                  "\",'" + core::task_name(task) + "'),";
    }
  examples += "]";
  // Each sequence as Python builds it, then each set's bound against the core's (to 6 digits).
  const std::string got = python(
      "' '.join(''.join('[' + ','.join(map(str, a)) + ']' for a in eval(call, {'make_example': make_example, "
      "'x': x})) "
      "for xs, b, call, task in " +
      examples +
      " for x in xs) + ' ' + str(all(abs(bag_of_tokens_bound([eval(call, "
      "{'make_example': make_example, 'x': x}) for x in xs], task) - b) < 1e-6 for xs, b, call, task in " +
      examples + "))");
  CHECK(got == expected + "True");
}

TEST_CASE("lesson train's papers table: a verdict only where every seed separates what a claim compares") {
  using lessons::train_lesson::above_others;
  using lessons::train_lesson::separated;
  using lessons::train_lesson::Verdict;
  CHECK(separated({0.8, 0.9}, {0.5, 0.7}) == 1);
  CHECK(separated({0.5, 0.7}, {0.8, 0.9}) == -1);
  CHECK(separated({0.5, 0.85}, {0.8, 0.9}) == 0);  // 0.85 above 0.8: the seeds overlap
  CHECK(separated({0.8}, {0.8}) == 0);             // a tie separates nothing
  CHECK(separated({}, {0.5}) == 0);
  // Encoding 0 against 1 and 2.
  const std::vector<std::vector<double>> clear = {{0.9, 0.95}, {0.5, 0.6}, {0.7, 0.8}};
  CHECK(above_others(0, clear, {1, 2}, true) == Verdict::Agree);
  CHECK(above_others(0, clear, {1, 2}, false) ==
        Verdict::Unsettled);  // a run stopped at its cap: no evidence
  const std::vector<std::vector<double>> overlap = {{0.75, 0.95}, {0.5, 0.6}, {0.7, 0.8}};
  CHECK(above_others(0, overlap, {1, 2}, true) == Verdict::Undecided);
  const std::vector<std::vector<double>> beaten = {{0.75, 0.95}, {0.96, 0.99}, {0.7, 0.8}};
  CHECK(above_others(0, beaten, {1, 2}, true) == Verdict::Disagree);
  CHECK(above_others(0, beaten, {0, 2}, true) == Verdict::Undecided);  // itself is not an other
}

TEST_CASE("lesson train: warm-up is at most half the step cap, whatever order the settings come in") {
  // Too long for the cap: clamped, said as any clamped value is.
  test::Headless h;
  const core::Messages said = app::apply_hash(h.s, "#lesson=train&step=setup&steps=50&warmup=500");
  CAPTURE(core::english(said));
  CHECK(core::english(said).find("warmup: clamped to 25 (allowed 0\xE2\x80\x93"
                                 "25)") != std::string::npos);
  CHECK(app::current_lesson(h.s).placeholder("warmup") == "25");
  // A link that lowers the cap and then sets a warm-up within it: nothing to say.
  test::Headless g;
  CHECK(app::apply_hash(g.s, "#lesson=train&step=setup&steps=60&warmup=20").empty());
  CHECK(app::current_lesson(g.s).placeholder("warmup") == "20");
  // A lower cap later lowers a longer warm-up with it, silently (as a shorter training length lowers the
  // shortest); a higher cap leaves it.
  lessons::Lesson& l = app::current_lesson(g.s);
  CHECK(lessons::set_param(l, "steps", "2000").notices.empty());
  CHECK(lessons::set_param(l, "warmup", "400").notices.empty());
  CHECK(lessons::set_param(l, "steps", "100").notices.empty());
  CHECK(l.placeholder("warmup") == "50");
  CHECK(lessons::set_param(l, "steps", "2000").notices.empty());
  CHECK(l.placeholder("warmup") == "50");
}

TEST_CASE("lesson train: runs read from a file, with nothing trained here, are exported as read") {
  core::TrainConfig c;
  c.task = core::Task::Copy;
  c.layers = 1, c.heads = 2, c.d_model = 8, c.d_ff = 16, c.train_len = 3, c.steps = 10;
  c.test_lens = {3, 6};
  const core::RunRecord run = core::train_run(c);
  const std::string file = core::runs_file_json({run, run});
  test::Headless h;
  REQUIRE(app::apply_hash(h.s, "#lesson=train&step=runs").empty());
  lessons::Lesson& l = app::current_lesson(h.s);
  CHECK(l.placeholder("done") == "0");
  CHECK(core::english(l.receive_file("../runs from/gpu 7.json",
                                     reinterpret_cast<const unsigned char*>(file.data()), file.size())) ==
        "read 2 runs from ../runs from/gpu 7.json");
  const std::vector<lessons::Export> out = l.exports("runs");
  REQUIRE(out.size() == 3);
  CHECK(out[0].name + out[0].extension == "runs_gpu_7.csv");
  CHECK(out[1].name + out[1].extension == "runs_gpu_7.json");
  CHECK(out[2].extension == ".py");
  std::vector<core::RunRecord> back;
  REQUIRE(core::read_runs_file(out[1].text(), back) == "");
  REQUIRE(back.size() == 2);
  CHECK(back[1].losses == run.losses);
  const std::string csv = out[0].text();
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 3);  // the header and two rows
}
