// Lesson check's notebook data cell (notebook_data.cpp): what the page loaded — a learner's table and RoPE
// cache, given as files, the config's RoPE sets — written as Python that python3 reads back to the same
// numbers and names (quotes, backslashes, newlines, Chinese, broken UTF-8 in a file's name), in English
// and Chinese; a table too large to write is left out with a note on how to load it, so the cell stays
// bounded. (That the notebook runs and prints the page's numbers: test_notebook_run.cpp.)
#include <doctest/doctest.h>
#include <unistd.h>  // getpid

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/notebook.hpp"
#include "core/check.hpp"
#include "core/check_rope.hpp"
#include "core/json.hpp"
#include "core/rope_cache.hpp"
#include "lessons/lesson.hpp"
#include "numpy.hpp"
#include "sanitized.hpp"
#include "ui/i18n.hpp"

using namespace posenc;

namespace {

const unsigned char* bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// A (rows × cols) float64 .npy, or a (2, rows, cols) one (cos, then sin) when `pair`; values v(r, c).
std::string npy_of(int rows, int cols, bool pair, double (*v)(int, int)) {
  std::vector<double> values;
  for (int t = 0; t < (pair ? 2 : 1); ++t)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        values.push_back(t ? std::sin(v(r, c)) : pair ? std::cos(v(r, c)) : v(r, c));
  const std::string shape = (pair ? "2, " : "") + std::to_string(rows) + ", " + std::to_string(cols);
  const std::vector<std::uint8_t> b = test::npy("<f8", false, shape, test::bytes_of(values));
  return std::string(b.begin(), b.end());
}

// RoPE angles: pos · 10000^(−2j/cols), rotate_half pairs.
double rope_angle(int r, int c) { return r * std::pow(10000.0, -2.0 * (c % 8) / 16.0); }
double irrational(int r, int c) { return std::sin(0.1 * r + 0.37 * c) / 3.0; }

// The data cell run by python3, then `then` (Python printing what the test reads).
std::string run(const std::string& data, const std::string& then) {
  const std::string path = test::temp_file(data + "\n" + then, "posenc_test_check_data");
  const std::string out = test::run_command("/usr/bin/python3 " + path);
  std::remove(path.c_str());
  return out;
}

core::JsonValue run_json(const std::string& data, const std::string& then) {
  const std::string out = run(data, "import json\nprint(json.dumps(" + then + "))");
  const core::JsonParse parsed = core::parse_json(out);
  INFO(out.substr(0, 2000));
  REQUIRE(parsed.ok());
  return parsed.value;
}

struct Page {
  app::AppState s;
  explicit Page(const std::string& hash) {
    app::init(s);
    app::apply_hash(s, hash);
  }
  void give(const std::string& name, const std::string& content) {
    app::receive_file(s, name, bytes(content), content.size());
  }
  std::string data() { return app::current_lesson(s).notebook_data(); }
};

}  // namespace

TEST_CASE("lesson check's notebook data: nothing loaded is said, with how to load one's own files") {
  Page page("lesson=check&lang=en");
  const std::string data = page.data();
  CHECK(data.find("np.load(\"pe.npy\")") != std::string::npos);
  CHECK(data.find("np.load(\"rope.npy\")") != std::string::npos);
  const core::JsonValue v =
      run_json(data, "[table is None, rope_cos is None, rope_sin is None, config_sets]");
  REQUIRE(v.items.size() == 4);
  CHECK(v.items[0].boolean);
  CHECK(v.items[1].boolean);
  CHECK(v.items[2].boolean);
  CHECK(v.items[3].items.empty());
  // The notebook carries it as its data cell.
  const std::string nb = app::notebook(page.s, page.s.lesson, "");
  CHECK(nb.find("\"role\":\"data\"") != std::string::npos);
}

TEST_CASE("lesson check's notebook data: a learner's table and cache read back to the same numbers") {
  for (const char* lang : {"en", "zh"}) {
    CAPTURE(lang);
    Page page(std::string("lesson=check&lang=") + lang);
    // A pasted table, as api.js names a paste: its name in the learner's language.
    const std::string table = "0.1, 0.30000000000000004, -1e-300\n2.5e-17, 0.7, 3\n";
    page.give("pasted text", table);
    // A cache of one file: (2, 12, 16), rotate_half pairs.
    page.give("rope cache.npy", npy_of(12, 16, true, rope_angle));
    const std::string data = page.data();
    const core::JsonValue v =
        run_json(data, "[table_source, table.tolist(), rope_source, rope_cos.tolist(), rope_sin.tolist()]");
    REQUIRE(v.items.size() == 5);
    CHECK(v.items[0].string == ui::tr(lang[0] == 'z' ? 1 : 0, "pasted text"));
    const double want[2][3] = {{0.1, 0.30000000000000004, -1e-300}, {2.5e-17, 0.7, 3}};
    REQUIRE(v.items[1].items.size() == 2);
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 3; ++c) CHECK(v.items[1].items[r].items[c].number == want[r][c]);  // exactly
    CHECK(v.items[2].string == "rope cache.npy");
    REQUIRE(v.items[3].items.size() == 12);
    for (int r = 0; r < 12; ++r)
      for (int c = 0; c < 16; ++c) {
        CHECK(v.items[3].items[r].items[c].number == std::cos(rope_angle(r, c)));
        CHECK(v.items[4].items[r].items[c].number == std::sin(rope_angle(r, c)));
      }
  }
}

TEST_CASE("lesson check's notebook data: a file's name stays one Python string, whatever it holds") {
  Page page("lesson=check&lang=en");
  // Quotes, a backslash, a newline, Chinese, a UTF-16 surrogate (no UTF-8), and a name cut inside a
  // character (broken UTF-8 at its end).
  const std::string name = "my \"pe\"\\\n\xE4\xBD\x8D\xE7\xBD\xAE\xED\xA0\x80.csv\xE4\xBD";
  page.give(name, "0, 1\n0.8414709848078965, 0.5403023058681398\n");
  const core::JsonValue v = run_json(page.data(), "table_source");
  const std::string bad = "\xEF\xBF\xBD";  // U+FFFD, one a byte that is no UTF-8
  CHECK(v.string == "my \"pe\"\\\n\xE4\xBD\x8D\xE7\xBD\xAE" + bad + bad + bad + ".csv" + bad + bad);
}

TEST_CASE(
    "lesson check's notebook data: above 8192 numbers a table is left out, and the cell says how to load "
    "it") {
  for (const char* lang : {"en", "zh"}) {
    CAPTURE(lang);
    const int zh = lang[0] == 'z';
    Page page(std::string("lesson=check&lang=") + lang);
    page.give("big.npy", npy_of(128, 65, false, irrational));      // 8320 numbers
    page.give("long rope.npy", npy_of(65, 64, true, rope_angle));  // 2 × 4160
    std::string data = page.data();
    CHECK(data.size() < 4000);
    CHECK(data.find(
              ui::trf(zh, "%s is %d × %d: more numbers than this notebook holds (at most %d). Load it here:",
                      "big.npy", 128, 65, 8192)) != std::string::npos);
    CHECK(data.find(
              ui::trf(zh, "%s is %d × %d: more numbers than this notebook holds (at most %d). Load it here:",
                      "long rope.npy", 65, 64, 8192)) != std::string::npos);
    core::JsonValue v = run_json(data, "[table_source, table is None, rope_source, rope_cos is None]");
    CHECK(v.items[0].string == "big.npy");
    CHECK(v.items[1].boolean);
    CHECK(v.items[2].string == "long rope.npy");
    CHECK(v.items[3].boolean);
    // At the bound both are written, and the cell stays within a few hundred KB. (A table first: after a
    // cache the page is on its RoPE steps, where every table goes to the RoPE checker.)
    Page fits(std::string("lesson=check&lang=") + lang);
    fits.give("fits.npy", npy_of(128, 64, false, irrational));
    fits.give("fits rope.npy", npy_of(64, 64, true, rope_angle));
    data = fits.data();
    CHECK(data.size() < 400000);
    v = run_json(data, "[table.shape, rope_cos.shape, rope_sin.shape]");
    CHECK(v.items[0].items[0].number == 128);
    CHECK(v.items[0].items[1].number == 64);
    CHECK(v.items[1].items[0].number == 64);
    CHECK(v.items[2].items[1].number == 64);
  }
}

TEST_CASE("lesson check's notebook data: the config's RoPE sets; an example is the recipe's to rebuild") {
  Page page("lesson=check&step=rope-verdict&rope_example=yarn-4&config=llama3-8b&lang=zh");
  std::string data = page.data();
  CHECK(data.find("# rope_example = \"yarn-4\"") != std::string::npos);
  core::JsonValue v = run_json(data, "[rope_cos is None, config_name, config_rotation, config_sets]");
  CHECK(v.items[0].boolean);
  CHECK(v.items[1].string == ui::tr(1, "Llama 3 8B's config (the examples' model)"));
  CHECK(v.items[2].string == "half");
  REQUIRE(v.items[3].items.size() == 1);
  const core::JsonValue* c = v.items[3].items[0].find("config");
  REQUIRE(c);
  CHECK(c->find("rope_theta")->number == 500000);
  CHECK(c->find("hidden_size")->number == 4096);
  CHECK(c->find("num_attention_heads")->number == 32);
  CHECK(c->find("rope_type")->string == "default");
  // Two sets (Gemma 3's sliding and full layers), each with its own base and scaling.
  Page gemma("lesson=check&step=rope-verdict&rope_example=correct&config=gemma3-27b&lang=en");
  v = run_json(gemma.data(),
               "sorted((s['layer_type'], s['config']['rope_theta'], s['config']['rope_type'], "
               "s['config']['factor']) for s in config_sets)");
  REQUIRE(v.items.size() == 2);
  CHECK(v.items[0].items[0].string == "full_attention");
  CHECK(v.items[0].items[1].number == 1000000);
  CHECK(v.items[0].items[2].string == "linear");
  CHECK(v.items[0].items[3].number == 8);
  CHECK(v.items[1].items[0].string == "sliding_attention");
  CHECK(v.items[1].items[1].number == 10000);
  CHECK(v.items[1].items[2].string == "default");
}

// ---- the recipe's checkers against the core's -------------------------------------------------------------

namespace {

// `m` as a .npy of its own (float64, C order), or with `sin` a (2, len, dim) one.
std::string npy_matrix(const Eigen::MatrixXd& m, const Eigen::MatrixXd* sin = nullptr) {
  std::vector<double> values;
  for (const Eigen::MatrixXd* t : {&m, sin})
    if (t)
      for (Eigen::Index r = 0; r < t->rows(); ++r)
        for (Eigen::Index c = 0; c < t->cols(); ++c) values.push_back((*t)(r, c));
  const std::string shape = (sin ? "2, " : "") + std::to_string(m.rows()) + ", " + std::to_string(m.cols());
  const std::vector<std::uint8_t> b = test::npy("<f8", false, shape, test::bytes_of(values));
  return std::string(b.begin(), b.end());
}

// The notebook's code before its steps (settings, data, helpers, the lesson's code, the recipe's setup),
// as the "↓ .ipynb" button writes it.
std::string notebook_setup() {
  app::AppState s;
  app::init(s);
  app::apply_hash(s, "lesson=check&lang=en");
  const core::JsonParse nb = core::parse_json(app::notebook(s, s.lesson, ""));
  REQUIRE(nb.ok());
  std::string code;
  for (const core::JsonValue& cell : nb.value.find("cells")->items) {
    const core::JsonValue* meta = cell.find("metadata")->find("posenc");
    if (!meta || meta->find("role")->string == "step") continue;
    for (const core::JsonValue& line : cell.find("source")->items) code += line.string;
    code += "\n";
  }
  return code;
}

core::RopeCache cache_of(const core::RopeConfig& c, int len, long long offset = 0, bool interleaved = false,
                         core::AnglePrecision p = core::AnglePrecision::Float64, bool store32 = false) {
  const core::RopeInit init = core::rope_init(c, len);
  core::RopeCacheSpec spec;
  spec.inv_freq = init.inv_freq;
  spec.len = len;
  spec.offset = offset;
  spec.dim = core::rope_head_dim(c);
  spec.interleaved = interleaved;
  spec.attention_factor = init.attention_factor;
  spec.precision = p;
  spec.store_float32 = store32;
  return core::rope_cache(spec);
}

core::RopeConfig rope(int head_dim, double theta, core::RopeType type = core::RopeType::Default,
                      double factor = 0, double original = 0) {
  core::RopeConfig c;
  c.head_dim = head_dim;
  c.rope_theta = theta;
  c.rope_type = type;
  c.factor = factor;
  c.original_max_position_embeddings = original;
  c.max_position_embeddings = original * std::max(1.0, factor);
  return c;
}

}  // namespace

TEST_CASE(
    "the notebook's NumPy checkers find what the core finds: every hypothesis, every inferred parameter") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("posenc_check_nb_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto save = [&](const std::string& name, const std::string& bytes) {
    std::ofstream(dir / (name + ".npy"), std::ios::binary) << bytes;
  };
  // Caches: the lesson's examples, and others the checker reads differently.
  std::map<std::string, core::RopeCache> caches;
  for (int e = 0; e < core::kRopeExampleCount; ++e)
    caches[core::rope_example_id(static_cast<core::RopeExample>(e))] =
        core::rope_example_cache(static_cast<core::RopeExample>(e));
  using T = core::RopeType;
  using P = core::AnglePrecision;
  core::RopeConfig llama31 = rope(128, 500000, T::Llama3, 8, 8192);
  caches["llama3.1"] = cache_of(llama31, 600, 0, false, P::Float32, true);
  core::RopeConfig gpt_oss = rope(64, 150000, T::Yarn, 32, 4096);
  gpt_oss.truncate = false;
  caches["yarn-untruncated"] = cache_of(gpt_oss, 300, 0, true);
  core::RopeConfig dynamic = rope(64, 10000, T::Dynamic, 2);
  dynamic.max_position_embeddings = 256;
  caches["dynamic"] = cache_of(dynamic, 600);
  caches["fp16-angles"] = cache_of(rope(32, 10000), 3000, 0, false, P::Float16);
  caches["slice"] = cache_of(rope(16, 10000), 40, 1234);
  core::RopeCache plain = cache_of(rope(32, 10000), 200);
  caches["sign"] = {plain.cos, -plain.sin};
  caches["swapped"] = {plain.sin, plain.cos};
  caches["transposed"] = {plain.cos.topRows(40).transpose(), plain.sin.topRows(40).transpose()};
  caches["half-width"] = {plain.cos.leftCols(16), plain.sin.leftCols(16)};
  caches["amplitude"] = {1.2 * plain.cos, 1.2 * plain.sin};
  for (const auto& [name, c] : caches) save("rope_" + name, npy_matrix(c.cos, &c.sin));
  // Tables: each classic mistake at an odd and an even width, one at another base.
  std::map<std::string, std::pair<Eigen::MatrixXd, double>> tables;
  for (int bug = 0; bug <= static_cast<int>(core::BugKind::Transposed); ++bug)
    for (int dim : {16, 7}) {
      const auto kind = static_cast<core::BugKind>(bug);
      tables[std::string(core::bug_id(kind)) + "_" + std::to_string(dim)] = {
          core::buggy_table(kind, {30, dim, 10000, 500000}), 10000};
    }
  tables["base2"] = {core::buggy_table(core::BugKind::StartAt1, {20, 12, 2, 500000}), 2};
  for (const auto& [name, t] : tables) save("pe_" + name, npy_matrix(t.first));

  // (Run in that folder: the lesson's code saves pe.npy and rope.npy where it runs.)
  std::string then = "import json, os\nfound = {}\nfor f in sorted(os.listdir()):\n";
  then += R"(    a = np.load(f) if f.startswith(("rope_", "pe_")) else None
    if f.startswith("rope_"):
        k = check_rope(a[0], a[1])
        keys = ("layout", "base", "offset", "rotary_dim", "rope_type", "factor", "precision",
                "attention_factor", "max_error", "verdict", "cause", "measured", "model")
        found[f[5:-4]] = {key: (v.tolist() if isinstance(v, np.ndarray) else v) for key, v in k.items()
                          if key in keys}
    elif f.startswith("pe_"):
        r = check_table(a, {"base2": 2.0}.get(f[3:-4], 10000.0))
        found[f[3:-4]] = {"max_error": r["max_error"], "verdict": r["verdict"],
                          "hypotheses": [h["error"] for h in r["hypotheses"]]}
print("posenc-check " + json.dumps(found, default=int))
)";
  const std::string path = test::temp_file(notebook_setup() + then, "posenc_test_check_nb");
  const std::string out =
      test::run_command("cd " + dir.string() + " && MPLBACKEND=Agg /usr/bin/python3 " + path);
  std::remove(path.c_str());
  fs::remove_all(dir);
  const size_t at = out.find("posenc-check ");
  REQUIRE(at != std::string::npos);
  core::JsonOptions python;
  python.python_numbers = true;
  const core::JsonParse parsed = core::parse_json(out.substr(at + 13), python);
  REQUIRE(parsed.ok());
  const auto near = [](double a, double b, double abs = 1e-12) {
    return std::fabs(a - b) <= abs + 1e-9 * std::fabs(b);
  };
  for (const auto& [name, c] : caches) {
    CAPTURE(name);
    const core::JsonValue* v = parsed.value.find(name);
    REQUIRE(v);
    const core::RopeCacheCheck k = core::check_rope(c.cos, c.sin);
    CHECK(v->find("verdict")->string == k.verdict);
    CHECK(v->find("layout")->string == k.layout);
    CHECK(v->find("rope_type")->string == k.rope_type);
    CHECK(v->find("precision")->string == k.precision);
    CHECK(v->find("rotary_dim")->number == k.rotary_dim);
    CHECK(v->find("offset")->number == static_cast<double>(k.offset));
    CHECK(near(v->find("base")->number, k.base));
    CHECK(near(v->find("factor")->number, k.factor));
    CHECK(near(v->find("attention_factor")->number, k.attention_factor));
    CHECK(near(v->find("max_error")->number, k.max_error, 1e-10));
    if (!k.cause.empty()) CHECK(v->find("cause")->string == k.cause);
    const core::JsonValue* measured = v->find("measured");
    const core::JsonValue* model = v->find("model");
    REQUIRE(measured);
    REQUIRE(model);
    REQUIRE(measured->items.size() == static_cast<size_t>(k.measured_inv_freq.size()));
    REQUIRE(model->items.size() == static_cast<size_t>(k.model_inv_freq.size()));
    for (Eigen::Index j = 0; j < k.measured_inv_freq.size(); ++j) {
      CHECK(near(measured->items[j].number, k.measured_inv_freq[j]));
      CHECK(near(model->items[j].number, k.model_inv_freq[j]));
    }
  }
  for (const auto& [name, t] : tables) {
    CAPTURE(name);
    const core::JsonValue* v = parsed.value.find(name);
    REQUIRE(v);
    const core::CheckResult r = core::check_table(t.first, t.second);
    // Mistakes that give the same numbers (exponent i/d at base b is 2i/d at base √b) explain the table
    // alike, to the last bit of sin and cos: which is named first then depends on that bit, and NumPy's
    // sin, cos and pow differ from C's libm there. The verdict is one of those the core names.
    std::set<std::string> named = {r.verdict};
    for (int i : r.equivalent) named.insert(r.candidates[i].id);
    CHECK(named.count(v->find("verdict")->string));
    CHECK(near(v->find("max_error")->number, r.max_error));
    const core::JsonValue* h = v->find("hypotheses");
    REQUIRE(h->items.size() == r.candidates.size());
    for (size_t i = 0; i < r.candidates.size(); ++i) {
      CAPTURE(r.candidates[i].label);
      // float32 arithmetic: sinf/cosf of the same float angle may differ by an ulp between libraries
      CHECK(near(h->items[i].number, r.candidates[i].error, r.candidates[i].id == "float32" ? 1e-6 : 1e-12));
    }
  }
}
