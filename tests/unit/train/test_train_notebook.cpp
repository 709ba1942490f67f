// Lesson train's notebook: its data cell (the runs as the runs export writes them, and the weights of the two
// runs its attention and table steps show) in both languages, escaped as Python reads it, bounded; the
// papers table the notebook computes from the runs, cell by cell as the page shows it, in English and in
// Chinese; and the NumPy forward pass it draws the attention map with (content/code/train.py) against the
// core's model, every encoding and mask. (That the notebook runs and prints every number the page shows,
// trained and not: test_notebook_run.cpp.)
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "app/notebook.hpp"
#include "core/json.hpp"
#include "core/json_writer.hpp"
#include "core/train.hpp"
#include "core/train_run.hpp"
#include "english.hpp"
#include "lessons/train/train_lesson.hpp"
#include "numpy.hpp"
#include "paths.hpp"
#include "sanitized.hpp"
#include "train/train_page.hpp"
#include "ui/i18n.hpp"

using namespace posenc;

namespace {

lessons::train_lesson::TrainLesson& train_lesson(test::Headless& h) {
  return dynamic_cast<lessons::train_lesson::TrainLesson&>(app::current_lesson(h.s));
}

// The notebook's code cells, one after another, as a script (no kernel: the figures go nowhere); what it
// printed.
std::string run_notebook(test::Headless& h) {
  const core::JsonParse nb = core::parse_json(app::notebook(h.s, h.s.lesson, ""));
  REQUIRE(nb.ok());
  std::string code = "import matplotlib\nmatplotlib.use('Agg')\n";
  for (const core::JsonValue& cell : nb.value.find("cells")->items) {
    if (cell.find("cell_type")->string != "code") continue;
    for (const core::JsonValue& line : cell.find("source")->items) code += line.string;
    code += "\n";
  }
  const std::string path = test::temp_file(code, "posenc_test_train_notebook");
  const std::string out = test::run_command("/usr/bin/python3 " + path);
  std::remove(path.c_str());
  return out;
}

// The line `prefix {json}` a script printed, read.
core::JsonValue printed(const std::string& out, const std::string& prefix) {
  const size_t at = out.find(prefix + " ");
  REQUIRE(at != std::string::npos);
  const size_t end = out.find('\n', at);
  const core::JsonParse p =
      core::parse_json(out.substr(at + prefix.size() + 1, end - at - prefix.size() - 1));
  REQUIRE(p.ok());
  return p.value;
}

}  // namespace

TEST_CASE("lesson train's notebook data: nothing trained says how to read a runs file, in either language") {
  test::Headless h;
  REQUIRE(app::apply_hash(h.s, "#lesson=train").empty());
  lessons::Lesson& l = app::current_lesson(h.s);
  const std::string en = l.notebook_data();
  CHECK(en.find("runs_file, trained, wall_seconds, weights = None, 0, None, {}") != std::string::npos);
  CHECK(en.find("json.load(open(\"runs.json\"") != std::string::npos);
  CHECK(en.find("press Train on the page") != std::string::npos);
  app::set_language(h.s, "zh");
  const std::string zh = l.notebook_data();
  CHECK(zh.find(ui::tr(1,
                       "Nothing trained at these settings yet: press Train on the page, then download the "
                       "notebook again.")) != std::string::npos);
  CHECK(zh.find("press Train") == std::string::npos);
}

TEST_CASE("lesson train's notebook data: runs read from a file, escaped for Python, bounded") {
  core::TrainConfig c;
  c.task = core::Task::Copy;
  c.layers = 1, c.heads = 2, c.d_model = 8, c.d_ff = 16, c.train_len = 3, c.steps = 10;
  c.test_lens = {3, 6};
  core::RunRecord run = core::train_run(c);
  run.source = "gpu \"7\" \\ 夜\nrun";  // quotes, a backslash, Chinese, a newline: as a runs file may hold
  test::Headless h;
  REQUIRE(app::apply_hash(h.s, "#lesson=train&step=runs").empty());
  lessons::Lesson& l = app::current_lesson(h.s);
  const std::string file = core::runs_file_json({run, run});
  l.receive_file("runs.json", reinterpret_cast<const unsigned char*>(file.data()), file.size());
  const std::string data = l.notebook_data();
  CHECK(data.find("trained = 0") != std::string::npos);
  // Python reads back the runs file as the page wrote it.
  const std::string path = test::temp_file(data + "\nprint(json.loads(" + app::python_string(file) +
                                               ") == runs_file, repr(runs_file['runs'][1]['source']))\n",
                                           "posenc_test_train_data");
  CHECK(test::last_line(test::run_command("/usr/bin/python3 " + path)) == "True 'gpu \"7\" \\\\ 夜\\nrun'");
  std::remove(path.c_str());

  // 40 runs of 12,000 steps each: their losses alone are ~9 MB of JSON, past the cell's 4 MB.
  run.losses.assign(12000, 0.123456789f);
  run.config.steps = run.steps = 12000;
  const std::string big = core::runs_file_json(std::vector<core::RunRecord>(40, run));
  REQUIRE(big.size() > 8'000'000);
  CHECK(core::english(l.receive_file("big.json", reinterpret_cast<const unsigned char*>(big.data()),
                                     big.size())) == "read 40 runs from big.json");
  const std::string bounded = l.notebook_data();
  CHECK(bounded.size() < 200'000);
  CHECK(bounded.find("Left out, too large for a notebook: the loss of every step") != std::string::npos);
  const std::string check = test::temp_file(
      bounded + "\nprint(len(runs_file['runs']), sum(len(r['loss']) for r in runs_file['runs']))\n",
      "posenc_test_train_data");
  CHECK(test::last_line(test::run_command("/usr/bin/python3 " + check)) == "40 0");
  std::remove(check.c_str());
}

TEST_CASE(
    "lesson train's notebook computes the papers table from the runs: every cell as the page shows it, in "
    "English and Chinese") {
  if (test::kSanitized) return;  // Python's part, the same there: the plain build runs it
  test::Headless h;
  // Causal reverse, two seeds: every row gets a verdict of its own (randomised positions: not comparable).
  REQUIRE(app::apply_hash(h.s,
                          "#lesson=train&task=reverse&causal=1&random=1&layers=1&heads=2&d_model=8&"
                          "train_len=3&test_x=2&steps=60&warmup=10&seeds=2&seed=5")
              .empty());
  test::train_in_page(h);
  for (const char* lang : {"en", "zh"}) {
    CAPTURE(lang);
    app::set_language(h.s, lang);
    const std::vector<lessons::train_lesson::PaperRow> rows = train_lesson(h).papers();
    const core::JsonValue cells = printed(run_notebook(h), "posenc-papers");
    REQUIRE(cells.items.size() == rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
      CAPTURE(rows[i].paper);
      CHECK(cells.items[i].items[0].string == rows[i].here);
      CHECK(cells.items[i].items[1].string ==
            ui::tr(lang == std::string("zh") ? 1 : 0, lessons::train_lesson::verdict_key(rows[i].verdict)));
    }
  }
}

TEST_CASE(
    "content/code/train.py's forward pass is the core's model: every encoding and mask, from the same "
    "weights") {
  // Each encoding, each mask, a start token on the causal runs: two layers of two heads, weights drawn
  // at random (so that T5's biases, zero at the start, count too), one sequence of each task.
  std::string cases = "[", layers_python;
  std::vector<Eigen::MatrixXf> attention;
  std::vector<std::vector<int>> predicted;
  core::Random rng(31);
  for (core::Encoding pe : core::all_encodings())
    for (const bool causal : {false, true}) {
      core::TrainConfig c;
      c.task = causal ? core::Task::Reverse : core::Task::KBack;
      c.pe = pe, c.causal = causal, c.start_token = causal;
      c.layers = 2, c.heads = 2, c.d_model = 8, c.d_ff = 16, c.vocab = 5, c.k = 1;
      c.train_len = 3, c.test_lens = {3, 6};
      core::Model<float> model(core::model_config(c), 7);
      std::vector<float> w = core::model_weights(model);
      for (float& v : w) v += static_cast<float>(0.5 * rng.gaussian());
      REQUIRE(core::load_weights(model, w));
      std::vector<core::Example> ex = {core::random_example(core::task_spec(c), 5, rng)};
      core::place_at_random(ex, c, rng);
      for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) attention.push_back(model.attention(ex[0], l, h));
      predicted.push_back(model.predict(ex));
      core::Json weights, tokens, positions;
      weights.begin_array();
      for (float v : w) weights.num(v);
      weights.end_array();
      tokens.begin_array();
      for (int t : ex[0].tokens) tokens.num(t);
      tokens.end_array();
      positions.begin_array();
      for (int q : ex[0].positions) positions.num(q);
      positions.end_array();
      cases += "(" + core::setup_json(c) + "," + weights.text() + "," + tokens.text() + "," +
               positions.text() + "),";
    }
  cases += "]";
  // Per case: each layer's and head's weights, then the arg-max at each target (the logits' rows at the
  // positions with a target, in order).
  const std::string out = test::run_numpy(
      "train",
      "true, false = True, False\nfor setup, w, tokens, positions in " + cases +
          ":\n    probs, logits = forward(setup, named_weights(setup, w), np.array(tokens), positions or "
          "None)\n    print(json.dumps([p[h].tolist() for p in probs for h in range(2)]))\n"
          "    e = make_example(setup['task'], inputs(tokens[int(setup['start_token']):], setup['task']), "
          "setup['vocab'], setup['k'], setup['causal'], setup['start_token'])\n"
          "    print(json.dumps(logits[e[1] >= 0].argmax(1).tolist()))\n");
  std::vector<std::string> lines;
  for (size_t at = 0; at < out.size();) {
    const size_t end = out.find('\n', at);
    lines.push_back(out.substr(at, end - at));
    at = end == std::string::npos ? out.size() : end + 1;
  }
  REQUIRE(lines.size() >= 2 * predicted.size());
  double worst = 0;
  for (size_t i = 0; i < predicted.size(); ++i) {
    CAPTURE(i);
    const core::JsonParse maps = core::parse_json(lines[2 * i]), args = core::parse_json(lines[2 * i + 1]);
    REQUIRE(maps.ok());
    REQUIRE(args.ok());
    REQUIRE(maps.value.items.size() == 4);
    for (size_t m = 0; m < 4; ++m) {
      const Eigen::MatrixXf& page = attention[4 * i + m];
      REQUIRE(maps.value.items[m].items.size() == static_cast<size_t>(page.rows()));
      for (Eigen::Index r = 0; r < page.rows(); ++r)
        for (Eigen::Index c = 0; c < page.cols(); ++c)
          worst = std::max(worst, std::fabs(maps.value.items[m].items[r].items[c].number - page(r, c)));
    }
    std::vector<int> numpy;
    for (const core::JsonValue& v : args.value.items) numpy.push_back(static_cast<int>(v.number));
    CHECK(numpy == predicted[i]);
  }
  CHECK(worst < 1e-5);  // float32 against float64 from the same float32 weights
  MESSAGE("largest difference of an attention weight: " << worst);
}
