// Every lesson's notebook runs, and says what the page says: each lesson's notebook at its defaults, and a
// few at other settings (in Chinese too), are written as the "↓ .ipynb" button writes them, executed by
// Debian's nbclient in one Python kernel (tests/unit/notebook_run.py), and each step's "posenc-numbers"
// line — computed by NumPy in the notebook — is compared with the page's numbers computed by the C++ core
// at the same settings: the step's export matrices elementwise, the numbers its text quotes (the
// placeholders) within half a unit of the last digit the page shows, and, where a step's numbers are a
// posenc.compute() kind, that kind's answer. A cell that fails, a number that disagrees, a step that
// leaves out one of its matrices or numbers, or a key nobody knows fails the test; steps without a recipe
// yet are listed as todo (and their notebooks must still run).
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "app/app.hpp"
#include "app/compute.hpp"
#include "app/notebook.hpp"
#include "content/markdown.hpp"
#include "core/json.hpp"
#include "data_files.hpp"    // file_text
#include "lesson_tests.hpp"  // said_number
#include "numpy.hpp"         // run_command
#include "paths.hpp"
#include "sanitized.hpp"
#include "train/train_page.hpp"

namespace fs = std::filesystem;
using namespace posenc;

namespace {

// The settings each notebook is written at: every lesson at its defaults, and some at settings of their
// own — odd and small sizes, offsets, the other layout, Chinese. "<hash>|<file>" also gives the lesson a
// file of tests/data/ as the learner would (receive_file), between the hash and the hash again (its
// settings on top of the file's: such a hash names no model).
std::vector<std::string> cases() {
  std::vector<std::string> hashes;
  for (const auto& e : lessons::lesson_table()) hashes.push_back("lesson=" + std::string(e.id) + "&lang=en");
  for (const char* h : {
           "lesson=sinusoidal&len=40&dim=33&layout=half&offset=1000&pos=5&col=32&lang=zh",
           "lesson=frequencies&len=30&dim=3&pair=1&base=500&lang=zh",
           "lesson=clock&dim=6&len=100&pos=123.5&base=50&lang=zh",
           "lesson=rope&dim=16&m=1000&n=990&base=500000&pair=3&max_dist=64&shift=-7&seed=5&lang=zh",
           "lesson=relative&k=1&len=9&seed=7&offset=33&heads=3&d_model=96&lang=zh",
           "lesson=naive&len=20&dim=16&probe=7&lang=zh",
           "lesson=offsets&len=20&dim=7&base=300&k=-6&lang=zh",
           "lesson=sum-vs-concat&dim=7&vocab=40&len=300&tokens=3&seed=4&lang=zh",
           "lesson=extrapolation&train=100&target=50&dim=10&heads=12&head=9&causal=0&buckets=16&max_distance="
           "40&"
           "bidirectional=0&lang=zh",
           "lesson=beyond-1d&n=5&dim=4&seed=3&order=1,0,2,4,3&len=1&rows=3&cols=1&rdim=8&rbase=1000&prow=2&"
           "dr=-4&"
           "dc=7&tb=0&ft=2&gh=3&gw=2&ta=2&st=-3&sh=1&sw=9&lang=zh",
           "lesson=order&text=the%20cat%20chased%20the%20dog%2C%20twice!&dim=12&seed=5&pe=1&order=4,1,2,3,0,"
           "5,6&lang=en",
           "lesson=order&step=4&lang=zh",
           // in-practice: grouped-query attention with 2 key heads, the other base, pads and five decoding
           // steps, the across-halves mispairing, pair 0; then the largest head (kv_heads = heads, 128 wide,
           // 64 tokens, every slider at an end); then the smallest, where permute with the query heads' count
           // fails (4 rows for 8 heads), no pads, one base, every column rotating.
           "lesson=in-practice&tokens=12&d_model=24&heads=4&kv_heads=2&head_dim=8&head=3&seed=7&base=10000&"
           "wrong=500000&max_dist=200&len_a=10&len_b=4&decode=5&original=32&factor=3&growth=2.5&rotary=0.5&"
           "pairing=across-halves&pair=0&max_pos=300&lang=zh",
           "lesson=in-practice&tokens=64&d_model=64&heads=8&kv_heads=8&head_dim=128&head=7&seed=9999&base="
           "10000000&wrong=100&max_dist=4096&len_a=32&len_b=1&decode=16&original=256&factor=16&growth=4&"
           "rotary=0.05&pair=63&max_pos=16777216&lang=en",
           "lesson=in-practice&tokens=2&d_model=4&heads=8&kv_heads=1&head_dim=4&head=5&seed=0&base=100&"
           "wrong=100&max_dist=16&len_a=2&len_b=2&decode=16&original=8&factor=1&growth=1.25&rotary=1&pair=0&"
           "max_pos=256&lang=zh",
           "lesson=check&step=diff&base=2&lang=en|check/pe_base2_from1.npy",
           "lesson=check&step=rope-verdict&rope_example=yarn-4&lang=zh",
           "lesson=check&step=rope-diff&rope_example=base-10000&config=llama3-8b&lang=en",
           "lesson=check&step=rope-verdict&lang=en|check/rope_slice.npy",
           // scaling: Llama 4's layers without RoPE and their temperature at extreme settings; DeepSeek-V3's
           // latent attention and softmax scale; learners' files: a LongRoPE config whose name needs escapes,
           // Gemma 4's two sets (proportional) in Chinese.
           "lesson=scaling&model=llama4-scout&dim=4&original=64&target=4194304&factor=128&beta_fast=0.25&"
           "beta_slow=64&low_freq=64&high_freq=0.25&sigma=3&step=temperature&lang=en",
           "lesson=scaling&model=deepseek-v3&target=3000&lang=en",
           "lesson=scaling&lang=en|notebook/phi3-tiny-longrope.json",
           "lesson=scaling&target=128&lang=zh|configs/gemma-4-26b-a4b.json",
           "lesson=train&task=k_back&k=3&causal=0&start=1&random=1&vocab=32&train_len=9&min_len=9&test_x=1&"
           "seeds=1&seed=9999&lang=zh",
           "lesson=train&task=copy&vocab=2&train_len=32&test_x=4&d_model=64&heads=8&layers=4&lang=en",
       })
    hashes.push_back(h);
  return hashes;
}

// Settings whose notebook is written after the page trained its runs (lesson train's notebook draws the
// runs the page trained): two tiny fixed-seed comparisons, each trained once (2–4 s), then its notebook in
// each language. Bidirectional k_back with randomised positions, the shown run theirs (a best "clear" at the
// longest test); causal copy with a start token over two layers, the shown run T5's last layer, scored by
// whole sequences free-running (the runs without positions clearly above the baseline: the mask's order).
std::vector<std::string> trained_cases() {
  return {
      "lesson=train&task=k_back&k=1&causal=0&random=1&layers=1&heads=2&d_model=16&vocab=6&train_len=4&"
      "test_x=2&steps=300&warmup=20&seeds=2&seed=3&run=randomised%20positions&shown_seed=1&ex_len=7&"
      "example=5",
      "lesson=train&task=copy&causal=1&start=1&layers=2&heads=2&d_model=8&vocab=4&train_len=3&test_x=2&"
      "steps=400&warmup=20&seeds=2&seed=1&metric=sequences&greedy=1&run=T5&layer=1&head=1",
  };
}

// Exports computed by the float32 training model (lesson train's attention map, the NumPy twin in float64):
// they agree to float32's rounding, not double's.
bool float32_export(const std::string& lesson, const std::string& step) {
  return lesson == "train" && step == "attention";
}
constexpr double kFloat32Level = 1e-5;

// What the page shows at one setting, kept from when its notebook was written.
struct Expected {
  std::string file, hash, lesson;
  std::map<std::string, std::vector<Eigen::MatrixXd>> exports;  // per step
  std::map<std::string, std::string> said;                      // placeholder → the page's text
  std::map<std::string, std::set<std::string>> shown;           // per step: the numbers its text quotes
  std::map<std::string, std::map<std::string, app::ComputeResult>> computed;  // per step: key → compute()
  std::set<std::string> todo;
  size_t steps = 0;
};

bool numeric(const std::string& v) {
  const size_t i = v[0] == '-' ? 1 : 0;
  return v.size() > i && v[i] >= '0' && v[i] <= '9';
}

// Every placeholder the step's text shows under the current settings (conditions resolved), in its
// blocks, its question and its formulas.
std::set<std::string> shown_placeholders(const content::Step& step, const content::Lookup& lookup) {
  std::vector<std::vector<content::Run>> all;
  for (const content::Block& b : step.blocks) all.push_back(b.runs);
  for (const content::Question& q : step.questions) {
    all.push_back(q.prompt);
    all.push_back(q.explanation);
    for (const auto& c : q.choices) all.push_back(c);
  }
  std::set<std::string> names;
  for (const auto& runs : all)
    for (const content::Run& r : content::visible_runs(runs, lookup)) {
      if (r.kind == content::RunKind::Placeholder) names.insert(r.text);
      if (r.kind != content::RunKind::Math) continue;
      for (size_t at = 0; (at = r.text.find("{{", at)) != std::string::npos;) {
        const size_t end = r.text.find("}}", at);
        if (end == std::string::npos) break;
        names.insert(r.text.substr(at + 2, end - at - 2));
        at = end + 2;
      }
    }
  return names;
}

// A compute() kind a step's numbers are: the printed key, and the request from the lesson's settings.
struct ComputeCheck {
  const char* lesson;
  const char* step;  // nullptr: every step
  const char* key;
  const char* kind;
  std::function<app::Args(lessons::Lesson&)> args;
};

app::ArgValue number(lessons::Lesson& l, const char* name) {
  app::ArgValue v;
  v.type = app::ArgValue::Type::Number;
  v.number = test::placeholder_number(l, name);
  return v;
}
app::ArgValue text(const std::string& s) {
  app::ArgValue v;
  v.type = app::ArgValue::Type::String;
  v.text = s;
  return v;
}

const std::vector<ComputeCheck>& compute_checks() {
  static const std::vector<ComputeCheck> checks = {
      {"sinusoidal", nullptr, "export0", "sinusoidal",
       [](lessons::Lesson& l) {
         return app::Args{{"len", number(l, "len")},
                          {"dim", number(l, "dim")},
                          {"base", number(l, "base")},
                          {"offset", number(l, "offset")},
                          {"layout", text(test::param(l, "layout"))}};
       }},
      {"frequencies", nullptr, "export0", "sinusoidal",
       [](lessons::Lesson& l) {
         return app::Args{{"len", number(l, "len")}, {"dim", number(l, "dim")}, {"base", number(l, "base")}};
       }},
      {"offsets", "dot", "export0", "pe_dot",
       [](lessons::Lesson& l) {
         return app::Args{{"len", number(l, "len")}, {"dim", number(l, "dim")}, {"base", number(l, "base")}};
       }},
      {"offsets", "rotation", "export0", "shift_map",
       [](lessons::Lesson& l) {
         return app::Args{{"dim", number(l, "dim")}, {"k", number(l, "k")}, {"base", number(l, "base")}};
       }},
      {"extrapolation", "alibi", "alibi_slopes", "alibi_slopes",
       [](lessons::Lesson& l) {
         return app::Args{{"heads", number(l, "heads")}};
       }},
      {"extrapolation", "t5", "t5_bucket", "t5_bucket",
       [](lessons::Lesson& l) {
         app::ArgValue rel, bidirectional = number(l, "bidirectional");
         rel.type = app::ArgValue::Type::Array;
         const int most = static_cast<int>(test::placeholder_number(l, "max_distance"));
         for (int r = -3 * most; r <= 3 * most; ++r) rel.array.push_back(r);
         bidirectional.type = app::ArgValue::Type::Bool;
         return app::Args{{"rel", rel},
                          {"bidirectional", bidirectional},
                          {"buckets", number(l, "buckets")},
                          {"max_distance", number(l, "max_distance")}};
       }},
      {"relative", "clip", "export0", "shaw_index",
       [](lessons::Lesson& l) {
         return app::Args{{"len", number(l, "len")}, {"k", number(l, "k")}};
       }},
      {"rope", "decay", "rope_decay", "rope_decay",
       [](lessons::Lesson& l) {
         return app::Args{
             {"dim", number(l, "dim")}, {"base", number(l, "base")}, {"max_dist", number(l, "max_dist")}};
       }},
  };
  return checks;
}

Expected expect(app::AppState& s, const std::string& setting, const std::string& dir, int n,
                std::string& notebook_text) {
  const std::string hash = setting.substr(0, setting.find('|'));
  app::apply_hash(s, hash);
  if (hash != setting) {  // a learner's file, then the hash's settings again
    const std::string file = setting.substr(hash.size() + 1),
                      text = test::file_text(std::string(test::kSourceDir) + "/tests/data/" + file);
    REQUIRE_FALSE(text.empty());
    app::receive_file(s, file.substr(file.rfind('/') + 1),
                      reinterpret_cast<const unsigned char*>(text.data()), text.size());
    app::apply_hash(s, hash);
  }
  Expected e;
  e.hash = setting;
  e.lesson = std::string(lessons::lesson_table()[s.lesson].id);
  notebook_text = app::notebook(s, s.lesson, "https://example.org/posenc/");
  char name[96];
  std::snprintf(name, sizeof name, "%02d-%s.ipynb", n, e.lesson.c_str());
  e.file = name;
  lessons::Lesson& l = app::current_lesson(s);
  const content::Lookup lookup = [&](std::string_view p) {
    return p == "narrow" || p == "touch" ? std::string("0") : l.placeholder(p);
  };
  std::set<std::string> params;
  for (const lessons::ParamValue& p : lessons::read_params(l)) params.insert(p.name);
  for (const std::string& t : app::notebook_todo(s, s.lesson)) e.todo.insert(t);
  e.steps = app::current_doc(s).steps.size();
  // Any number the lesson's text may quote (hidden or not under these settings) may be printed.
  for (const content::PlaceholderUse& p : content::placeholders(app::current_doc(s)))
    e.said[p.name] = l.placeholder(p.name);
  for (const content::Step& step : app::current_doc(s).steps) {
    for (const lessons::Export& x : l.exports(step.id))
      if (!x.is_file()) e.exports[step.id].push_back(x.data());
    for (const std::string& p : shown_placeholders(step, lookup)) {
      const std::string v = l.placeholder(p);
      e.said[p] = v;
      if (!params.count(p) && !v.empty() && numeric(v)) e.shown[step.id].insert(p);
    }
    for (const ComputeCheck& c : compute_checks())
      if (c.lesson == e.lesson && (!c.step || step.id == c.step))
        e.computed[step.id][c.key] = app::compute(c.kind, c.args(l));
  }
  std::ofstream(dir + "/" + e.file, std::ios::binary) << notebook_text;
  return e;
}

// Half a unit of the last digit the page shows ("0.0312" → 0.00005, "1.11×10⁻¹⁶" → 0.005×10⁻¹⁶, "95.3%" →
// 0.05): the page's number stands for every value that rounds to it.
double half_unit(const std::string& said) {
  const double mantissa = std::strtod(said.c_str(), nullptr);
  const size_t dot = said.find('.');
  int decimals = 0;
  if (dot != std::string::npos)
    while (dot + 1 + decimals < said.size() &&
           std::isdigit(static_cast<unsigned char>(said[dot + 1 + decimals])))
      ++decimals;
  const double scale = mantissa != 0 ? std::fabs(test::said_number(said) / mantissa) : 1.0;
  return 0.5 * std::pow(10.0, -decimals) * scale;
}

// Rounding-level values (max |a − b| of two ways to compute the same thing in double): the page and NumPy
// each show their own rounding noise, so two such values agree when both are this small. The lessons call
// a residual exact below 10⁻⁹ (sinusoidal's precision step; residual lines' thresholds are 10⁻⁹ – 10⁻¹²).
constexpr double kRoundingLevel = 1e-9;

void compare_placeholder(const std::string& name, const std::string& said, const core::JsonValue& got) {
  CAPTURE(name);
  CAPTURE(said);
  if (got.is_string()) {  // a text the page writes (a list of names, "0.93 (0.91–0.95)"): to the letter
    CHECK(got.string == said);
    return;
  }
  REQUIRE(got.is_number());
  const double page = test::said_number(said), notebook = got.number;
  CAPTURE(notebook);
  if (std::fabs(page) <= kRoundingLevel && std::fabs(notebook) <= kRoundingLevel) return;
  if (said == "0") {
    CHECK(std::fabs(notebook) <= kRoundingLevel);
    return;
  }
  // 1e-12 relative: the page's text itself is a decimal rounding of a double.
  CHECK(std::fabs(notebook - page) <= half_unit(said) + 1e-12 * std::fabs(page));
}

// Elementwise, within 1e-9 of the matrix's scale: double rounding in a different order of operations,
// grown by positions up to 10⁶ in the angles (an ulp of ω times 10⁶ ≈ 2·10⁻¹⁰); a float32 model's, within
// `tolerance`.
void compare_matrix(const Eigen::MatrixXd& page, const core::JsonValue& got, double tolerance = 1e-9) {
  REQUIRE(got.is_array());
  const bool vector = page.cols() == 1 || page.rows() == 1;
  const Eigen::Index n = page.size();
  std::vector<double> values;
  for (const core::JsonValue& row : got.items) {
    if (row.is_array())
      for (const core::JsonValue& v : row.items) values.push_back(v.is_number() ? v.number : NAN);
    else
      values.push_back(row.is_number() ? row.number : NAN);
  }
  if (!vector) REQUIRE(got.items.size() == static_cast<size_t>(page.rows()));
  REQUIRE(values.size() == static_cast<size_t>(n));
  double scale = 1;
  for (Eigen::Index i = 0; i < n; ++i)
    if (std::isfinite(page.data()[i])) scale = std::max(scale, std::fabs(page.data()[i]));
  double worst = 0;
  Eigen::Index at = 0;
  for (Eigen::Index r = 0, k = 0; r < page.rows(); ++r)
    for (Eigen::Index c = 0; c < page.cols(); ++c, ++k) {
      // The same infinity (a masked entry) agrees, and so does NaN where the page has NaN (no value: a
      // float16 angle past 65504, a run's loss after it stopped); NaN against a number never does.
      const bool same = (std::isinf(page(r, c)) && values[k] == page(r, c)) ||
                        (std::isnan(page(r, c)) && std::isnan(values[k]));
      const double d = same                                              ? 0
                       : std::isnan(values[k]) || std::isnan(page(r, c)) ? INFINITY
                                                                         : std::fabs(values[k] - page(r, c));
      if (d > worst) worst = d, at = k;
    }
  CAPTURE(at);
  CHECK(worst <= tolerance * scale);
}

void compare_computed(const app::ComputeResult& page, const core::JsonValue& got) {
  REQUIRE(page.error.empty());
  Eigen::MatrixXd m;
  if (page.shape.size() == 2) {
    m.resize(page.shape[0], page.shape[1]);
    for (int r = 0; r < page.shape[0]; ++r)
      for (int c = 0; c < page.shape[1]; ++c) m(r, c) = page.data[static_cast<size_t>(r) * page.shape[1] + c];
  } else {
    m = Eigen::Map<const Eigen::VectorXd>(page.data.data(), static_cast<Eigen::Index>(page.data.size()));
  }
  compare_matrix(m, got);
}

}  // namespace

TEST_CASE("every lesson's notebook runs in Jupyter, and each step prints the numbers the page shows") {
  // The notebooks run in Python, the same under the sanitizers: the sanitized build checks that they are
  // written (test_notebook.cpp) and leaves running them to the plain one.
  if (test::kSanitized) return;
  const fs::path dir = fs::temp_directory_path() / ("posenc_notebooks_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<Expected> expected;
  std::string files;
  int n = 0;
  for (const std::string& hash : cases()) {
    std::string text;
    app::AppState s;
    app::init(s);
    expected.push_back(expect(s, hash, dir.string(), n++, text));
    REQUIRE_FALSE(text.empty());
    files += " " + (dir / expected.back().file).string();
  }
  for (const std::string& hash : trained_cases()) {
    test::Headless h;
    app::apply_hash(h.s, hash);
    test::train_in_page(h);
    for (const char* lang : {"&lang=en", "&lang=zh"}) {
      std::string text;
      expected.push_back(expect(h.s, hash + lang, dir.string(), n++, text));
      REQUIRE_FALSE(text.empty());
      files += " " + (dir / expected.back().file).string();
    }
  }
  const std::string results = (dir / "results.json").string();
  const char* keep = std::getenv("POSENC_NOTEBOOKS_OUT");  // where to keep the executed notebooks, to look
  const auto t0 = std::chrono::steady_clock::now();
  test::run_command("/usr/bin/python3 " + std::string(test::kSourceDir) +
                    "/tests/unit/notebook_run.py --json " + results +
                    (keep ? std::string(" --out ") + keep : std::string()) + files);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::ifstream f(results);
  std::stringstream ss;
  ss << f.rdbuf();
  core::JsonOptions python;  // show_numbers() writes −∞ (a masked bias) as Python's json does: -Infinity
  python.python_numbers = true;
  const core::JsonParse parsed = core::parse_json(ss.str(), python);
  REQUIRE(parsed.ok());
  const core::JsonValue* all = parsed.value.find("notebooks");
  REQUIRE(all);
  std::map<std::string, std::set<std::string>> todo;
  std::string times;  // each notebook's seconds in the kernel
  for (const Expected& e : expected) {
    CAPTURE(e.hash);
    const core::JsonValue* run = all->find(e.file);
    REQUIRE(run);
    if (const core::JsonValue* t = run->find("seconds"); t && t->is_number()) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "%s%s %.1f", times.empty() ? "" : ", ", e.file.c_str(), t->number);
      times += buf;
    }
    const core::JsonValue* error = run->find("error");
    REQUIRE(error);
    if (!error->is_null()) FAIL_CHECK(e.file << " failed in " << error->string);
    const core::JsonValue* steps = run->find("steps");
    REQUIRE(steps);
    for (const core::JsonMember& step : steps->members) {
      CAPTURE(step.key);
      if (e.todo.count(step.key)) {
        CHECK(step.value.is_string());  // "todo"
        todo[e.lesson].insert(step.key);
        continue;
      }
      if (!step.value.is_object()) {
        FAIL_CHECK("step " << step.key << " printed no posenc-numbers line");
        continue;
      }
      std::set<std::string> printed;
      for (const core::JsonMember& m : step.value.members) {
        CAPTURE(m.key);
        printed.insert(m.key);
        const auto exports = e.exports.find(step.key);
        const auto computed = e.computed.find(step.key);
        if (m.key.rfind("export", 0) == 0) {
          const size_t k = std::strtoul(m.key.c_str() + 6, nullptr, 10);
          REQUIRE(exports != e.exports.end());
          REQUIRE(k < exports->second.size());
          compare_matrix(exports->second[k], m.value,
                         float32_export(e.lesson, step.key) ? kFloat32Level : 1e-9);
        } else if (e.said.count(m.key)) {
          compare_placeholder(m.key, e.said.at(m.key), m.value);
        } else if (computed == e.computed.end() || !computed->second.count(m.key)) {
          FAIL_CHECK("step " << step.key << " printed '" << m.key
                             << "', neither an export, a number its text shows, nor a compute() kind");
        }
        if (computed != e.computed.end() && computed->second.count(m.key))
          compare_computed(computed->second.at(m.key), m.value);
      }
      // Everything the page shows for the step is printed: its matrices and the numbers its text quotes.
      if (const auto x = e.exports.find(step.key); x != e.exports.end())
        for (size_t k = 0; k < x->second.size(); ++k) CHECK(printed.count("export" + std::to_string(k)));
      if (const auto s = e.shown.find(step.key); s != e.shown.end())
        for (const std::string& name : s->second) {
          CAPTURE(name);
          CHECK(printed.count(name));
        }
      if (const auto c = e.computed.find(step.key); c != e.computed.end())
        for (const auto& [key, result] : c->second) {
          CAPTURE(key);
          CHECK(printed.count(key));
        }
    }
    CHECK(steps->members.size() == e.steps);
  }
  std::string list;
  for (const auto& [lesson, steps] : todo) {
    list += "\n  " + lesson + ":";
    for (const std::string& step : steps) list += " " + step;
  }
  const core::JsonValue* kernel = parsed.value.find("kernel_seconds");
  MESSAGE(expected.size() << " notebooks ran in " << seconds << " s (the kernel's start "
                          << (kernel ? kernel->number : -1) << " s; " << times
                          << "); steps not drawn again yet (todo):" << (list.empty() ? " none" : list));
  if (!keep) fs::remove_all(dir);
}
