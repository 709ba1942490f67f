// Lesson check's RoPE steps as the learner uses them: two files paired by name or by order, pasted text
// in two blocks, a (2, len, dim) .npy, a config.json taken on these steps (and still going to lesson
// scaling elsewhere), the sentence naming what differs from the config, each example's sentence, and the
// difference table behind the heatmaps. Caches are built here from the formulas.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "core/check_rope.hpp"
#include "core/model_config.hpp"
#include "core/table_file.hpp"
#include "headless.hpp"
#include "lesson_tests.hpp"
#include "lessons/lesson.hpp"
#include "numpy.hpp"

using namespace posenc;

namespace {

struct Cache {
  Eigen::MatrixXd cos, sin;
};

// rotate_half (or interleaved) pairs over the first `rd` columns, θ_j = base^(−2j/rd) / factor,
// rows at positions offset … offset + len − 1, the other columns cos 1, sin 0.
Cache build(int len, int dim, double base, int offset = 0, double factor = 1, bool interleaved = false,
            int rd = 0) {
  if (rd == 0) rd = dim;
  Cache c{Eigen::MatrixXd::Ones(len, dim), Eigen::MatrixXd::Zero(len, dim)};
  for (int j = 0; j < rd / 2; ++j)
    for (int r = 0; r < len; ++r) {
      const double a = (r + offset) * std::pow(base, -2.0 * j / rd) / factor;
      for (int col : {interleaved ? 2 * j : j, interleaved ? 2 * j + 1 : j + rd / 2}) {
        c.cos(r, col) = std::cos(a);
        c.sin(r, col) = std::sin(a);
      }
    }
  return c;
}

// The pair as one (2, len, dim) .npy: cos, then sin, float64 in C order.
std::string npy3(const Cache& c) {
  std::vector<double> values;
  for (const Eigen::MatrixXd* m : {&c.cos, &c.sin})
    for (Eigen::Index r = 0; r < m->rows(); ++r)
      for (Eigen::Index k = 0; k < m->cols(); ++k) values.push_back((*m)(r, k));
  const std::vector<std::uint8_t> b =
      test::npy("<f8", false, "2, " + std::to_string(c.cos.rows()) + ", " + std::to_string(c.cos.cols()),
                test::bytes_of(values));
  return std::string(b.begin(), b.end());
}

const unsigned char* bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

std::unique_ptr<lessons::Lesson> check_lesson() { return test::make_lesson("check"); }

core::Messages give(lessons::Lesson& l, const std::string& name, const std::string& data) {
  return l.receive_file(name, bytes(data), data.size());
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("check: two files pair up by name (sin first) or by order (the first is cos)") {
  auto l = check_lesson();
  l->enter("rope-load");
  const Cache c = build(64, 16, 10000);
  const core::Messages first = give(*l, "sin_cached.npy", core::write_npy(c.sin));
  CHECK(l->placeholder("rope_loaded") == "0");
  CHECK(l->placeholder("rope_waiting") == "1");
  CHECK(l->placeholder("rope_waiting_part") == "sin");
  REQUIRE(first.size() == 1);
  CHECK(first[0].english() == "sin_cached.npy: 64 × 16 read as the sin table; now the cos table");
  give(*l, "cos_cached.npy", core::write_npy(c.cos));
  CHECK(l->placeholder("rope_loaded") == "1");
  CHECK(l->placeholder("rope_waiting") == "0");
  CHECK(l->placeholder("rope_source") == "cos_cached.npy + sin_cached.npy");
  // Had the names been ignored, cos and sin would be swapped: the checker would say so.
  CHECK(l->placeholder("rope_sentence") ==
        "Nothing differs from transformers' defaults (rotate_half pairs, positions from 0, every column "
        "rotating, no scaling, angles in float32 or better).");
  // By order: unnamed files, the first is cos.
  const Cache shifted = build(64, 16, 10000, 1);
  give(*l, "a.csv", core::write_csv(shifted.cos));
  CHECK(l->placeholder("rope_waiting_part") == "cos");
  give(*l, "b.csv", core::write_csv(shifted.sin));
  CHECK(l->placeholder("rope_source") == "a.csv + b.csv");
  CHECK(has(l->placeholder("rope_sentence"), "its rows start at position 1, not 0"));
  CHECK_FALSE(has(l->placeholder("rope_sentence"), "swapped"));
  // A named sin first, then an unnamed file: that one is the cos.
  give(*l, "rope-sin.csv", core::write_csv(c.sin));
  give(*l, "other.csv", core::write_csv(c.cos));
  CHECK(l->placeholder("rope_source") == "other.csv + rope-sin.csv");
  CHECK(has(l->placeholder("rope_sentence"), "Nothing differs"));
  // Two of one shape only: the newer waits for a partner, the loaded cache stays.
  give(*l, "cos.npy", core::write_npy(c.cos));
  const core::Messages mismatch = give(*l, "sin.npy", core::write_npy(build(32, 16, 10000).sin));
  REQUIRE(mismatch.size() == 1);
  CHECK(mismatch[0].english() ==
        "cos.npy is 64 × 16 but sin.npy is 32 × 16: the cos and sin tables of one cache have the same shape");
  CHECK(l->placeholder("rope_waiting_part") == "sin");
  CHECK(l->placeholder("rope_source") == "other.csv + rope-sin.csv");
}

TEST_CASE("check: pasted text in two blocks, and a (2, len, dim) .npy, give both tables at once") {
  auto l = check_lesson();
  l->enter("rope-verdict");
  const Cache c = build(40, 8, 10000, 0, 1, true);
  const std::string text = "cos\n" + core::write_csv(c.cos) + "\nsin\n" + core::write_csv(c.sin);
  give(*l, "pasted text", text);
  CHECK(l->placeholder("rope_loaded") == "1");
  CHECK(l->placeholder("rope_shape") == "40 × 8");
  CHECK(has(l->placeholder("rope_sentence"),
            "its pairs are interleaved (columns 2j and 2j+1) where transformers' rotate_half pairs column j "
            "with j + 4"));
  give(*l, "rope.npy", npy3(build(50, 8, 10000)));
  CHECK(l->placeholder("rope_shape") == "50 × 8");
  CHECK(l->placeholder("rope_source") == "rope.npy");
  const core::Messages bad = give(*l, "pasted text", "1 0\n\n0 1\n\n1 0\n");
  REQUIRE(bad.size() == 1);
  CHECK(has(bad[0].english(), "3 block(s) of numbers"));
  CHECK(l->placeholder("rope_loaded") == "0");  // no verdict left standing under a text not read
}

TEST_CASE("check: a config's cache with one thing changed gives the sentence naming that thing") {
  auto l = check_lesson();
  l->enter("rope-verdict");
  const std::string config = R"({"head_dim": 32, "rope_theta": 1000000, "max_position_embeddings": 8192,
                                 "rope_scaling": {"rope_type": "linear", "factor": 2}})";
  const core::Messages read = give(*l, "config.json", config);
  REQUIRE_FALSE(read.empty());
  CHECK(read[0].english() == "config.json: read");
  CHECK(l->placeholder("rope_compared") == "your config.json");
  struct Case {
    Cache cache;
    const char* says;
  };
  const Case cases[] = {
      {build(200, 32, 1e6, 0, 2), "It matches your config.json: the same frequencies, pairs and positions"},
      {build(200, 32, 5e5, 0, 2),
       "Compared with your config.json: its base is 500000 where the config's rope_theta is 1000000."},
      {build(200, 32, 1e6, 0, 4),
       "Compared with your config.json: its linear factor is 4 where the config's is 2."},
      {build(200, 32, 1e6, 0, 1),
       "Compared with your config.json: it has no scaling where the config has linear \xC3\x97"
       "2."},
      {build(200, 32, 1e6, 3, 2),
       "Compared with your config.json: its rows start at position 3, not 0 (right for a slice of a KV "
       "cache"},
      {build(200, 32, 1e6, 0, 2, false, 16),
       "Compared with your config.json: 16 of its columns rotate where the config rotates 32."},
  };
  for (const Case& k : cases) {
    CAPTURE(k.says);
    give(*l, "rope.npy", npy3(k.cache));
    CHECK(has(l->placeholder("rope_sentence"), k.says));
  }
  // The difference table is the cache minus the config's own: zero for the matching cache.
  give(*l, "rope.npy", npy3(build(200, 32, 1e6, 1, 2)));
  const std::vector<lessons::Export> ex = l->exports("rope-diff");
  REQUIRE(ex.size() == 4);
  CHECK(ex[0].name == "cos_yours_minus_reference_yours_len200_d32");
  const Cache ref = build(200, 32, 1e6, 0, 2);
  const Cache mine = build(200, 32, 1e6, 1, 2);
  CHECK((ex[0].data() - (mine.cos - ref.cos)).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((ex[1].data() - (mine.sin - ref.sin)).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((ex[3].data() - ref.sin).cwiseAbs().maxCoeff() < 1e-12);
  CHECK(l->placeholder("rope_worst_row") !=
        "0");  // positions from 1: row 0 differs, but the fast pairs drift
  // A broken config is refused by name and the one read before stays.
  const core::Messages refused = give(*l, "bad.json", R"({"head_dim": 32, "rope_theta": "big"})");
  REQUIRE(refused.size() == 1);
  CHECK(has(refused[0].english(), "rope_theta"));
  CHECK(l->placeholder("rope_compared") == "your config.json");
}

TEST_CASE("check: each example's sentence names what it is, against the examples' model") {
  auto l = check_lesson();
  l->enter("rope-verdict");
  REQUIRE(lessons::set_param(*l, "config", "llama3-8b").changed);
  const std::pair<const char*, const char*> cases[] = {
      {"correct", "It matches Llama 3 8B's config (the examples' model)"},
      {"interleaved", "its pairs are interleaved"},
      {"from-1", "its rows start at position 1, not 0"},
      {"bfloat16", "its angles were rounded to bfloat16 before cos and sin"},
      {"base-10000", "its base is 10000 where the config's rope_theta is 500000"},
      {"partial-25", "32 of its columns rotate where the config rotates 128"},
      {"linear-4",
       "it is scaled: linear \xC3\x97"
       "4"},
      {"yarn-4",
       "it is scaled: yarn \xC3\x97"
       "4"},
  };
  for (const auto& [id, says] : cases) {
    CAPTURE(id);
    REQUIRE(lessons::set_param(*l, "rope_example", id).changed);
    const std::string s = l->placeholder("rope_sentence");
    CAPTURE(s);
    CHECK(has(s, says));
    if (std::string(id) != "correct") CHECK(s.find(';') == std::string::npos);  // one difference each
  }
  // Against transformers' defaults the base is not judged, and a scaled cache is said to be scaled.
  REQUIRE(lessons::set_param(*l, "config", "default").changed);
  CHECK(has(l->placeholder("rope_sentence"), "Compared with transformers' defaults"));
  CHECK(has(l->placeholder("rope_sentence"), "it is scaled: yarn"));
  REQUIRE(lessons::set_param(*l, "rope_example", "base-10000").changed);
  CHECK(has(l->placeholder("rope_sentence"), "Nothing differs from transformers' defaults"));
  CHECK(l->placeholder("rope_ref_inferred") == "1");
  REQUIRE(lessons::set_param(*l, "rope_example", "none").changed);
  CHECK(l->placeholder("rope_loaded") == "0");
}

TEST_CASE(
    "check: where the bfloat16 example differs most — the question's answer is what the heatmap shows") {
  auto l = check_lesson();
  l->enter("rope-diff");  // with nothing loaded, the step brings the bfloat16 example
  REQUIRE(l->placeholder("rope_loaded") == "1");
  CHECK(l->placeholder("rope_bf16") == "1");
  CHECK(l->placeholder("rope_ref_config") == "1");
  // In the last rows (past 3/4 of 1024) and a fast pair: within the first eighth of a half.
  CHECK(std::stoi(l->placeholder("rope_worst_row")) > 768);
  CHECK(std::stoi(l->placeholder("rope_worst_col")) % 64 < 8);
  CHECK(std::stod(l->placeholder("rope_max_diff")) > 0.5);
}

TEST_CASE("check: files go where they are read — a config.json on the RoPE steps, caches to the RoPE steps") {
  test::Headless h;
  const int check = lessons::find_lesson("check");
  const auto step_id = [&] { return std::string(app::step_id(h.s, h.s.lesson, h.s.step)); };
  const std::string json = R"({"head_dim": 64, "rope_theta": 500000})";
  // On the sinusoidal steps (and elsewhere) a config.json goes to lesson scaling.
  app::go(h.s, check, 0);
  app::receive_file(h.s, "config.json", bytes(json), json.size());
  CHECK(lessons::lesson_table()[h.s.lesson].id == "scaling");
  // On a RoPE step it stays here, and becomes what the cache is compared with.
  app::go(h.s, check, app::find_step(h.s, check, "rope-verdict"));
  app::receive_file(h.s, "config.json", bytes(json), json.size());
  CHECK(h.s.lesson == check);
  CHECK(step_id() == "rope-verdict");
  CHECK(app::current_lesson(h.s).placeholder("rope_compared") == "your config.json");
  // Pasted JSON too.
  app::receive_file(h.s, "pasted text", bytes(json), json.size());
  CHECK(h.s.lesson == check);
  // A (2, len, dim) cache dropped on lesson 1 opens the diagnosis; half a pair, the loading step.
  app::go(h.s, 0, 0);
  const std::string cache = npy3(build(30, 8, 10000));
  app::receive_file(h.s, "rope.npy", bytes(cache), cache.size());
  CHECK(h.s.lesson == check);
  CHECK(step_id() == "rope-verdict");
  CHECK(app::current_lesson(h.s).placeholder("rope_loaded") == "1");
  app::go(h.s, 0, 0);
  const std::string cos = core::write_npy(build(30, 8, 10000).cos);
  app::receive_file(h.s, "cos.npy", bytes(cos), cos.size());
  CHECK(step_id() == "rope-load");
  CHECK(app::current_lesson(h.s).placeholder("rope_waiting") == "1");
  // An unnamed table on the sinusoidal steps is still a sinusoidal table.
  app::go(h.s, check, 0);
  const std::string pe = "0,1\n0.8414709848,0.5403023059\n";
  app::receive_file(h.s, "pe.csv", bytes(pe), pe.size());
  CHECK(step_id() == "load");
  CHECK(app::current_lesson(h.s).placeholder("loaded") == "1");
}

TEST_CASE("check: a cache against a model with two RoPE sets names the layers it matches") {
  auto l = check_lesson();
  l->enter("rope-verdict");
  // Gemma 3's layout: 5 sliding layers (θ 10 000, unscaled) to 1 full (θ 1 000 000, linear × 8).
  const std::string config = R"({"model_type": "gemma3_text", "head_dim": 32, "num_hidden_layers": 12,
      "rope_theta": 1000000, "rope_local_base_freq": 10000,
      "rope_scaling": {"rope_type": "linear", "factor": 8}})";
  REQUIRE_FALSE(give(*l, "config.json", config).empty());
  // A cache from the sliding layers: it matches them, and the sentence says the full layers differ.
  give(*l, "rope.npy", npy3(build(200, 32, 1e4)));
  std::string s = l->placeholder("rope_sentence");
  CHECK(
      has(s, "Of the 2 RoPE sets of your config.json, it matches the sliding-attention layers (θ = 10000)"));
  CHECK(has(s,
            "A cache for the full-attention layers (θ = 1000000, linear \xC3\x97"
            "8) must differ"));
  // A cache from the full layers matches them, with nothing more to say.
  give(*l, "rope.npy", npy3(build(200, 32, 1e6, 0, 8)));
  s = l->placeholder("rope_sentence");
  CHECK(has(s,
            "it matches the full-attention layers (θ = 1000000, linear \xC3\x97"
            "8)"));
  CHECK_FALSE(has(s, "must differ"));
  // The full layers' base without their scaling: closest to the full set, its scaling named as missing.
  give(*l, "rope.npy", npy3(build(200, 32, 1e6)));
  s = l->placeholder("rope_sentence");
  CHECK(has(s, "it matches none of them; it is closest to the full-attention layers"));
  CHECK(has(s, "it has no scaling where the config has linear"));
}

TEST_CASE(
    "check: a correct LongRoPE cache against Phi-3.5's config is told it matches, not 'no known rule'") {
  auto l = check_lesson();
  l->enter("rope-verdict");
  lessons::set_param(*l, "config", "phi3.5-mini");
  const core::ModelConfigResult m = core::parse_model_config(core::find_model_preset("phi3.5-mini")->json);
  REQUIRE(m.ok());
  // 512 rows for 512 tokens: short factors; float32 angles; the attention factor √(1 + ln 32 / ln 4096).
  const int len = 512, dim = 96;
  const double af = std::sqrt(1 + std::log(32.0) / std::log(4096.0));
  Cache c{Eigen::MatrixXd(len, dim), Eigen::MatrixXd(len, dim)};
  for (int r = 0; r < len; ++r)
    for (int k = 0; k < dim; ++k) {
      const int j = k % 48;
      const float theta = static_cast<float>(std::pow(10000.0, -2.0 * j / dim) / m.config.short_factor[j]);
      const float a = static_cast<float>(r) * theta;
      c.cos(r, k) = static_cast<float>(std::cos(a) * af);
      c.sin(r, k) = static_cast<float>(std::sin(a) * af);
    }
  give(*l, "rope.npy", npy3(c));
  const std::string s = l->placeholder("rope_sentence");
  CHECK(has(s, "It matches Phi-3.5-mini (LongRoPE)'s config"));
  CHECK_FALSE(has(s, "none of the known rules"));
}

TEST_CASE("check: a file that cannot be read clears the verdict on the one before") {
  auto l = check_lesson();
  l->enter("rope-verdict");
  give(*l, "rope.npy", npy3(build(64, 16, 10000)));
  REQUIRE(has(l->placeholder("rope_sentence"), "Nothing differs"));
  const core::Messages said = give(*l, "broken.npy", "\x93NUMPY garbage");
  REQUIRE(said.size() == 1);
  CHECK(has(said[0].english(), "broken.npy: "));
  CHECK(l->placeholder("rope_sentence") == "–");
  CHECK(l->placeholder("rope_loaded") == "0");
  // The sinusoidal steps alike.
  l->enter("verdict");
  give(*l, "pe.csv", core::write_csv(Eigen::MatrixXd::Zero(8, 4)));
  REQUIRE(l->placeholder("loaded") == "1");
  give(*l, "pe.csv", "1, 2\n3, x\n");
  CHECK(l->placeholder("loaded") == "0");
  CHECK(l->placeholder("verdict") == "–");
}

TEST_CASE("check: a file named sin or cos goes where its contents say, not its name") {
  auto l = check_lesson();
  l->enter("load");
  // A sinusoidal table saved as sin_table.npy (or pe_cos.npy): row 0 is sin 0 = 0 and cos 0 = 1, so it is
  // checked as a table, and found correct.
  Eigen::MatrixXd pe(32, 16);
  for (int p = 0; p < 32; ++p)
    for (int i = 0; i < 8; ++i) {
      pe(p, 2 * i) = std::sin(p * std::pow(10000.0, -2.0 * i / 16));
      pe(p, 2 * i + 1) = std::cos(p * std::pow(10000.0, -2.0 * i / 16));
    }
  for (const char* name : {"sin_table.npy", "pe_cos.npy"}) {
    CAPTURE(name);
    auto fresh = check_lesson();
    fresh->enter("load");
    give(*fresh, name, core::write_npy(pe));
    CHECK(fresh->placeholder("loaded") == "1");
    CHECK(fresh->placeholder("rope_loaded") == "0");
  }
  // A cache's cos table (row 0 all 1) named cos.npy is half a RoPE cache.
  give(*l, "cos.npy", core::write_npy(build(16, 8, 10000).cos));
  CHECK(l->placeholder("loaded") == "0");
  CHECK(l->placeholder("rope_waiting") == "1");
}

TEST_CASE("check: the per-pair view — θ_j measured against the config's, the pairs that differ, its export") {
  auto l = check_lesson();
  l->enter("rope-verdict");
  give(*l, "config.json", R"({"head_dim": 32, "rope_theta": 1000000, "max_position_embeddings": 8192})");
  // A cache with base 10000 where the config says 1 000 000: pair 0 turns by 1 either way, every other
  // pair faster than it should.
  give(*l, "rope.npy", npy3(build(200, 32, 1e4)));
  std::vector<lessons::Export> ex = l->exports("rope-verdict");
  REQUIRE(ex.size() == 1);
  const Eigen::MatrixXd& pairs = ex[0].data();
  REQUIRE(pairs.rows() == 16);
  REQUIRE(pairs.cols() == 4);
  for (int j : {0, 7, 15}) {
    CHECK(pairs(j, 0) == j);
    CHECK(pairs(j, 1) == doctest::Approx(std::pow(1e4, -2.0 * j / 32)).epsilon(1e-6));
    CHECK(pairs(j, 2) == doctest::Approx(std::pow(1e6, -2.0 * j / 32)).epsilon(1e-12));
    CHECK(pairs(j, 3) == doctest::Approx(pairs(j, 1) / pairs(j, 2)).epsilon(1e-12));
  }
  CHECK(std::fabs(pairs(0, 3) - 1) < 1e-6);
  CHECK(pairs(1, 3) > 1.3);  // (10^6 / 10^4)^(2/32) = 1.33
  // The config's own cache: no pair differs.
  give(*l, "rope.npy", npy3(build(200, 32, 1e6)));
  ex = l->exports("rope-verdict");
  REQUIRE(ex.size() == 1);
  CHECK((ex[0].data().col(3).array() - 1).abs().maxCoeff() < 1e-3);
  CHECK(l->placeholder("rope_pairs_agree") == "1");
  // The same stored in bfloat16: its slow pairs turn too little over 200 rows to be read to 0.1%, and
  // that is no difference.
  Cache bf = build(200, 32, 1e6);
  for (Eigen::MatrixXd* m : {&bf.cos, &bf.sin})
    for (Eigen::Index i = 0; i < m->size(); ++i)
      m->data()[i] = core::round_to_precision(m->data()[i], core::AnglePrecision::BFloat16);
  give(*l, "rope.npy", npy3(bf));
  CHECK(l->placeholder("rope_pairs_agree") == "1");
  CHECK(l->placeholder("rope_pairs_off") == "0");
}
