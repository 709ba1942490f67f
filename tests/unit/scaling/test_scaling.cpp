// Lesson `scaling` as a learner meets it: presets become parameters, the counts its text quotes match
// values worked out here from the formulas, files go to the lesson that reads them, and a bad config
// is refused with a message naming the key while the lesson keeps what it had.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "core/json.hpp"
#include "core/model_config.hpp"
#include "headless.hpp"
#include "lesson_tests.hpp"
#include "lessons/lesson.hpp"
#include "paths.hpp"
#include "ui/cell_strip.hpp"

using namespace posenc;
using test::make_lesson;
using test::param;
using test::placeholder_number;

namespace {

const unsigned char* bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// A published config.json of tests/data/configs (sources in SOURCES.md there).
std::string published(const char* name) {
  std::ifstream f(std::string(test::kSourceDir) + "/tests/data/configs/" + name, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  REQUIRE(!s.str().empty());
  return s.str();
}

// A number of the language model's part of a config (text_config when the file nests it), read with the
// JSON reader alone: what the strip must show is worked out here from the file, not from the lesson.
double field(const std::string& json, const char* key) {
  const core::JsonParse p = core::parse_json(json);
  REQUIRE(p.ok());
  const core::JsonValue* text = p.value.find("text_config");
  const core::JsonValue* v = (text && text->find(key) ? text : &p.value)->find(key);
  REQUIRE(v);
  REQUIRE(v->is_number());
  return v->number;
}

// The app with lesson scaling showing `file` (given as `name`) on its config step, and the strips that step
// drew in one frame.
struct Shown : test::Headless {
  std::vector<ui::StripRecord> strips;
  core::Messages said;
  Shown(const char* name, const std::string& file) {
    said = app::receive_file(s, name, bytes(file), file.size());
    CHECK(lessons::lesson_table()[s.lesson].id == "scaling");
    app::go(s, s.lesson, 0);
    draw();
  }
  void draw() {
    frame(1280, 800);
    strips.clear();
    ui::set_strip_log(&strips);
    frame(1280, 800);
    ui::set_strip_log(nullptr);
  }
  lessons::Lesson& lesson() { return app::current_lesson(s); }
};

}  // namespace

TEST_CASE("scaling: Llama 3.1 8B by default, its counts as worked out from θ_i = 500000^(−2i/128)") {
  auto l = make_lesson("scaling");
  CHECK(l->placeholder("model_name") == "Llama 3.1 8B");
  CHECK(param(*l, "type") == "llama3");
  CHECK(param(*l, "original") == "8192");
  CHECK(param(*l, "target") == "131072");
  // Wavelength of pair i: 2π·500000^(i/64). Kept below 8192/4 positions, divided above 8192/1.
  const double pi = 3.14159265358979323846;
  int kept = 0, divided = 0, never = 0;
  for (int i = 0; i < 64; ++i) {
    const double w = 2 * pi * std::pow(500000.0, i / 64.0);
    kept += w < 2048;
    divided += w > 8192;
    never += w > 8192;
  }
  CHECK(l->placeholder("llama_kept") == std::to_string(kept));
  CHECK(l->placeholder("llama_divided") == std::to_string(divided));
  CHECK(l->placeholder("llama_blend") == std::to_string(64 - kept - divided));
  CHECK(l->placeholder("never_turn") == std::to_string(never));
  CHECK(kept == 29);  // i ≤ 28: 2π·500000^(28/64) ≈ 1956 < 2048 < 2π·500000^(29/64) ≈ 2402
  CHECK(l->placeholder("yarn_af") == "1.208");  // 0.1·ln 8 + 1 = 1.2079
  // Linear at s = 8 slows pair 0 (θ = 1) to 1/8 rad per position.
  CHECK(l->placeholder("linear_step") == "0.125");
  // Unscaled at 16× the training length, every pair that never turned in training meets new angles.
  CHECK(l->placeholder("unseen_none") == std::to_string(never));
}

TEST_CASE("scaling: presets set the parameters their configs imply") {
  auto l = make_lesson("scaling");
  CHECK(lessons::set_param(*l, "model", "gpt-neox-20b").changed);
  CHECK(param(*l, "dim") == "96");              // 6144 / 64
  CHECK(l->placeholder("rotary_dim") == "24");  // rotary_pct 0.25
  CHECK(l->placeholder("partial") == "1");
  CHECK(param(*l, "type") == "default");
  lessons::set_param(*l, "model", "phi3.5-mini");
  CHECK(param(*l, "type") == "longrope");
  CHECK(l->placeholder("has_longrope") == "1");
  CHECK(param(*l, "original") == "4096");
  CHECK(param(*l, "target") == "131072");
  CHECK(param(*l, "long_factor") == "");  // a preset's own lists stay out of links
  lessons::set_param(*l, "model", "deepseek-v3");
  CHECK(param(*l, "type") == "yarn");
  CHECK(param(*l, "factor") == "40");
  CHECK(l->placeholder("af") == "1");  // mscale = mscale_all_dim: the ratio is 1
  // An edit after a preset says so; choosing the preset again restores it.
  lessons::set_param(*l, "factor", "20");
  CHECK(l->placeholder("model_name").find("edited") != std::string::npos);
  // A preset's LongRoPE lists do not fit another width: LongRoPE is left out, with a notice.
  lessons::set_param(*l, "model", "phi3.5-mini");
  const lessons::SetOutcome o = lessons::set_param(*l, "dim", "64");
  CHECK(l->placeholder("has_longrope") == "0");
  CHECK(param(*l, "type") == "longrope");  // kept: computed as yarn while the lists do not fit
  CHECK(l->placeholder("type") == "yarn");
  CHECK(o.notices.size() >= 1);
  lessons::set_param(*l, "dim", "96");  // back to the lists' width: LongRoPE again
  CHECK(l->placeholder("has_longrope") == "1");
  CHECK(l->placeholder("type") == "longrope");
}

TEST_CASE("scaling: a link's half-applied state never rewrites the other half") {
  // beta_fast = 0.5 is below the default beta_slow = 1 until beta_slow arrives; neither is changed.
  auto l = make_lesson("scaling");
  lessons::set_param(*l, "beta_fast", "0.5");
  lessons::set_param(*l, "beta_slow", "0.0625");
  CHECK(param(*l, "beta_fast") == "0.5");
  CHECK(param(*l, "beta_slow") == "0.0625");
  lessons::set_param(*l, "high_freq", "0.5");  // below low_freq = 1 for a moment
  lessons::set_param(*l, "low_freq", "0.25");
  CHECK(param(*l, "high_freq") == "0.5");
  CHECK(param(*l, "low_freq") == "0.25");
  CHECK(l->placeholder("llama_valid") == "1");
}

TEST_CASE("scaling: a pasted config becomes the parameters; a bad one is refused by name") {
  auto l = make_lesson("scaling");
  const std::string good = R"({"hidden_size": 2048, "num_attention_heads": 16, "rope_theta": 1e6,
    "max_position_embeddings": 65536,
    "rope_scaling": {"type": "yarn", "factor": 2, "original_max_position_embeddings": 32768}})";
  const core::Messages said = l->receive_file("config.json", bytes(good), good.size());
  CHECK(param(*l, "model") == "yours");
  CHECK(param(*l, "dim") == "128");
  CHECK(param(*l, "base") == "1000000");
  CHECK(param(*l, "type") == "yarn");
  CHECK(param(*l, "original") == "32768");
  CHECK(param(*l, "target") == "65536");
  CHECK(l->placeholder("model_name") == "your config.json");  // it names no model; "config.json" says nothing
  bool legacy = false;                                        // the legacy "type" key is said
  for (const core::Message& m : said)
    legacy |= m.args.size() > 1 && m.args[1].find("type") != std::string::npos;
  CHECK(legacy);
  const std::string bad = R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": "two"}})";
  const core::Messages refused = l->receive_file("bad.json", bytes(bad), bad.size());
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].args.at(1).find("factor") != std::string::npos);
  CHECK(param(*l, "base") == "1000000");  // kept
  const std::string broken = "{\"head_dim\": 64,";
  CHECK(l->receive_file("x.json", bytes(broken), broken.size()).at(0).args.at(1).find("JSON") !=
        std::string::npos);
}

TEST_CASE("files go to the lesson that reads them: config.json to scaling, tables to check") {
  test::Headless h;
  const std::string json = "  {\"head_dim\": 64}";
  app::receive_file(h.s, "pasted text", bytes(json), json.size());
  CHECK(lessons::lesson_table()[h.s.lesson].id == "scaling");
  const std::string csv = "0,1\n0.8414709848,0.5403023059\n";
  app::receive_file(h.s, "pe.csv", bytes(csv), csv.size());
  CHECK(lessons::lesson_table()[h.s.lesson].id == "check");
  app::receive_file(h.s, "model.json", bytes(csv),
                    csv.size());  // by name: the config reader says what is wrong
  CHECK(lessons::lesson_table()[h.s.lesson].id == "scaling");
  CHECK(lessons::looks_like_json("a.txt", bytes(std::string("\xEF\xBB\xBF{")), 4));
  CHECK_FALSE(lessons::looks_like_json("a.txt", bytes(std::string("[1, 2]")), 6));
  // A file far too large for a config and not a table (a checkpoint's weights) stays in scaling, which
  // says its size; a large .npy still goes to check.
  const std::string weights(core::kMaxConfigBytes + 1000, '\x07');
  const core::Messages said = app::receive_file(h.s, "model.safetensors", bytes(weights), weights.size());
  CHECK(lessons::lesson_table()[h.s.lesson].id == "scaling");
  REQUIRE_FALSE(said.empty());
  CHECK(said[0].english().find("at most 4194304 are read") != std::string::npos);
  const std::string npy = "\x93NUMPY" + std::string(core::kMaxConfigBytes, '\0');
  app::receive_file(h.s, "big.npy", bytes(npy), npy.size());
  CHECK(lessons::lesson_table()[h.s.lesson].id == "check");
}

TEST_CASE("scaling: the cos/sin cache export is rotate_half's, built only when asked for") {
  auto l = make_lesson("scaling");
  lessons::set_param(*l, "model", "llama2-7b");  // no scaling: θ_i = 10000^(−2i/128), attention factor 1
  const std::vector<lessons::Export> ex = l->exports("config");
  REQUIRE(ex.size() == 3);
  CHECK(ex[1].name == "cos_default_rd128_base10000_pos0-4095");
  CHECK(ex[1].matrix == nullptr);  // listed every frame, built on the click
  const Eigen::MatrixXd& cos = ex[1].data();
  const Eigen::MatrixXd& sin = ex[2].data();
  REQUIRE(cos.rows() == 4096);
  REQUIRE(cos.cols() == 128);
  for (int r : {0, 1, 77, 4095})
    for (int i : {0, 5, 63}) {
      const double angle = r * std::pow(10000.0, -2.0 * i / 128);
      CHECK(cos(r, i) == doctest::Approx(std::cos(angle)).epsilon(1e-12));
      CHECK(cos(r, i + 64) == cos(r, i));
      CHECK(sin(r, i + 64) == doctest::Approx(std::sin(angle)).epsilon(1e-12));
    }
  CHECK(l->exports("methods").empty());
}

TEST_CASE(
    "scaling: Phi-3.5's exported cache of 4096 positions takes the short factors, as transformers does") {
  auto l = make_lesson("scaling");
  lessons::set_param(*l, "model", "phi3.5-mini");  // LongRoPE, original 4096, target 131072
  const core::ModelPreset* p = core::find_model_preset("phi3.5-mini");
  REQUIRE(p);
  const core::RopeConfig c = core::parse_model_config(p->json).config;
  REQUIRE(c.short_factor.size() == 48);
  const std::vector<lessons::Export> ex = l->exports("config");
  REQUIRE(ex.size() == 3);
  const Eigen::MatrixXd& inv = ex[0].data();
  const Eigen::MatrixXd& cos = ex[1].data();
  REQUIRE(cos.rows() == 4096);
  // af = √(1 + ln 32 / ln 4096), Phi-3's attention factor; θ_i = 10000^(−2i/96) / factor_i.
  const double af = std::sqrt(1 + std::log(32.0) / std::log(4096.0));
  for (int i : {0, 20, 47}) {
    const double plain = std::pow(10000.0, -2.0 * i / 96);
    CHECK(inv(i, 0) == doctest::Approx(plain / c.long_factor[i]).epsilon(1e-12));  // at the target length
    for (int r : {1, 4095})
      CHECK(cos(r, i) == doctest::Approx(af * std::cos(r * plain / c.short_factor[i])).epsilon(1e-12));
  }
  CHECK(l->placeholder("cache_short") == "1");
}

TEST_CASE(
    "scaling: Gemma 3 1B's layers, five sliding then one full, as the strip draws and the text says them") {
  const std::string json = published("gemma-3-1b-it.json");
  // transformers' Gemma 3: layer i slides unless (i + 1) is a multiple of sliding_window_pattern.
  const int n = static_cast<int>(field(json, "num_hidden_layers"));
  const int pattern = static_cast<int>(field(json, "sliding_window_pattern"));
  REQUIRE(n == 26);
  REQUIRE(pattern == 6);
  std::vector<bool> full(n);
  int fulls = 0;
  for (int i = 0; i < n; ++i) fulls += full[i] = (i + 1) % pattern == 0;
  Shown z("gemma-3-1b-it.json", json);
  lessons::Lesson& l = z.lesson();
  REQUIRE(z.strips.size() == 1);
  const ui::StripRecord& strip = z.strips[0];
  REQUIRE(strip.cells.size() == static_cast<size_t>(n));
  const ImU32 sliding = strip.cells[0], global = strip.cells[pattern - 1];
  CHECK(sliding != 0);
  CHECK(global != 0);
  CHECK(sliding != global);  // θ 10000 and θ 1000000: two sets, two colours
  for (int i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK(strip.cells[i] == (full[i] ? global : sliding));
  }
  // The key: one entry per set, in its colour, with its type, rope_type, base, rotary width and layers.
  REQUIRE(strip.key.size() == 2);
  CHECK(strip.key_colors[0] == sliding);
  CHECK(strip.key[0] ==
        "sliding_attention · default · θ 10000 · 256 rotary dims · " + std::to_string(n - fulls) + " layers");
  CHECK(strip.key_colors[1] == global);
  CHECK(strip.key[1] ==
        "full_attention · default · θ 1000000 · 256 rotary dims · " + std::to_string(fulls) + " layers");
  // The text: the file's name for the model (it gives no _name_or_path: its architecture), the layers
  // as the strip shows them, the controls on the full-attention set.
  CHECK(l.placeholder("model_name") == "Gemma3ForCausalLM");
  test::placeholders_are(l, {{"has_layers", "1"},
                             {"layers", "26"},
                             {"multi_set", "1"},
                             {"multi_distinct", "1"},
                             {"all_same_sets", "0"},
                             {"some_same_sets", "0"},
                             {"has_none", "0"},
                             {"no_layers", "0"},
                             {"main_type", "full_attention"},
                             {"base", "1000000"},
                             {"failed", "0"}});
  CHECK(l.placeholder("layer_runs") ==
        "layers 1–24: 5 × sliding_attention (θ 10000), then 1 × full_attention (θ 1000000), 4 times over; "
        "layers 25–26: sliding_attention");
  REQUIRE(app::set_language(z.s, "zh").empty());
  CHECK(l.placeholder("layer_runs") ==
        "第 1–24 层：5 × sliding_attention（θ 10000），再 1 × full_attention（θ 1000000），重复 4 次；"
        "第 25–26 层：sliding_attention");
  // The controls change the full set: its key follows them, the sliding set keeps what the file says.
  REQUIRE(app::set_language(z.s, "en").empty());
  CHECK(lessons::set_param(l, "base", "500000").changed);
  z.draw();
  REQUIRE(z.strips.size() == 1);
  CHECK(z.strips[0].key[0].find("θ 10000 ") != std::string::npos);
  CHECK(z.strips[0].key[1].find("θ 500000 ") != std::string::npos);
  CHECK(l.placeholder("model_name") == "Gemma3ForCausalLM (edited)");
}

TEST_CASE(
    "scaling: Llama 4 Scout's strip: three chunked layers with RoPE, then one without, and its temperature") {
  const std::string json = published("llama-4-scout-17b-16e-instruct.json");
  // The file gives no no_rope_layers: transformers' Llama 4 then leaves RoPE out of every 4th layer
  // (no_rope_layer_interval 4: layer i has RoPE unless (i + 1) % 4 == 0).
  const int n = static_cast<int>(field(json, "num_hidden_layers"));
  REQUIRE(n == 48);
  int without = 0;
  for (int i = 0; i < n; ++i) without += (i + 1) % 4 == 0;
  Shown z("llama-4-scout-17b-16e-instruct.json", json);
  lessons::Lesson& l = z.lesson();
  REQUIRE(z.strips.size() == 1);
  const ui::StripRecord& strip = z.strips[0];
  REQUIRE(strip.cells.size() == static_cast<size_t>(n));
  const ImU32 rope = strip.cells[0];
  CHECK(rope != 0);
  for (int i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK(strip.cells[i] == ((i + 1) % 4 == 0 ? 0u : rope));  // 0: hatched, no RoPE
  }
  REQUIRE(strip.key.size() == 2);
  CHECK(strip.key_colors[0] == rope);
  CHECK(strip.key[0] == "chunked_attention · llama3 ×16 · θ 500000 · 128 rotary dims · " +
                            std::to_string(n - without) + " layers");
  CHECK(strip.key_colors[1] == 0u);
  CHECK(strip.key[1] == "no RoPE · " + std::to_string(without) + " layers");
  test::placeholders_are(l, {{"model_name", "Llama4ForConditionalGeneration"},
                             {"multi_set", "0"},
                             {"has_none", "1"},
                             {"none_layers", std::to_string(without).c_str()},
                             {"temp_tuning", "1"},
                             {"query_scaling", "0"},
                             {"softmax_scaled", "0"},
                             {"floor_scale", "8192"},
                             {"attn_scale", "0.1"},
                             {"temp_ones", "8191"}});
  CHECK(l.placeholder("layer_runs") ==
        "layers 1–48: 3 × chunked_attention (θ 500000), then 1 × no RoPE, 12 times over");
  // The temperature at the last position of L0 and of the target length, live: queries (so logits)
  // × log1p(floor((p + 1) / 8192)) · 0.1 + 1 (modeling_llama4.py).
  const auto temperature = [](double p) { return std::log1p(std::floor((p + 1) / 8192)) * 0.1 + 1; };
  const double target = std::stod(param(l, "target")), original = std::stod(param(l, "original"));
  CHECK(l.placeholder("target_pos") == std::to_string(static_cast<int>(target) - 1));
  CHECK(placeholder_number(l, "temp_target") == doctest::Approx(temperature(target - 1)).epsilon(1e-3));
  CHECK(placeholder_number(l, "temp_train") == doctest::Approx(temperature(original - 1)).epsilon(1e-3));
  lessons::set_param(l, "target", "65536");
  CHECK(placeholder_number(l, "temp_target") == doctest::Approx(1 + 0.1 * std::log(9.0)).epsilon(1e-3));
}

TEST_CASE("scaling: identical sets share a colour (gpt-oss); a model without layers says so") {
  Shown z("gpt-oss-20b.json", published("gpt-oss-20b.json"));
  REQUIRE(z.strips.size() == 1);
  const std::set<ImU32> colours(z.strips[0].cells.begin(), z.strips[0].cells.end());
  CHECK(colours.size() == 1);  // sliding and full: the same yarn over θ 150000
  CHECK(z.strips[0].key.size() == 2);
  test::placeholders_are(z.lesson(), {{"multi_set", "1"}, {"multi_distinct", "0"}, {"all_same_sets", "1"}});
  CHECK(z.lesson().placeholder("layer_runs") ==
        "layers 1–24: 1 × sliding_attention (θ 150000), then 1 × full_attention (θ 150000), 12 times over");
  // No num_hidden_layers: no strip, and the text says why.
  const std::string bare = R"({"head_dim": 64, "rope_theta": 10000})";
  app::receive_file(z.s, "mine.json", bytes(bare), bare.size());
  z.draw();
  CHECK(z.strips.empty());
  test::placeholders_are(z.lesson(), {{"model_name", "mine.json"},
                                      {"has_layers", "0"},
                                      {"no_layers", "1"},
                                      {"multi_set", "0"},
                                      {"has_none", "0"},
                                      {"temp_tuning", "0"}});
}

TEST_CASE("scaling: DeepSeek's softmax scale and Ministral 3's query scaling, live") {
  auto l = make_lesson("scaling");
  const std::string deepseek = published("deepseek-v3.json");
  l->receive_file("deepseek-v3.json", bytes(deepseek), deepseek.size());
  // yarn factor 40, mscale_all_dim 1: softmax × (0.1·ln 40 + 1)²; mscale = mscale_all_dim: cos/sin × 1.
  const double m = 0.1 * std::log(40.0) + 1;
  CHECK(l->placeholder("softmax_scaled") == "1");
  CHECK(placeholder_number(*l, "mla_softmax") == doctest::Approx(m * m).epsilon(1e-3));
  CHECK(placeholder_number(*l, "model_scale") == doctest::Approx(m * m).epsilon(1e-3));
  lessons::set_param(*l, "factor", "10");  // the controls' factor, live
  CHECK(placeholder_number(*l, "mla_softmax") ==
        doctest::Approx(std::pow(0.1 * std::log(10.0) + 1, 2)).epsilon(1e-3));
  lessons::set_param(*l, "type", "default");  // transformers scales the softmax only with a rope_type
  CHECK(l->placeholder("softmax_scaled") == "0");

  const std::string ministral = published("ministral-3-3b-reasoning-2512.json");
  l->receive_file("config.json", bytes(ministral), ministral.size());
  CHECK(l->placeholder("model_name") == "Mistral3ForConditionalGeneration");
  CHECK(l->placeholder("query_scaling") == "1");
  CHECK(l->placeholder("temp_tuning") == "0");
  CHECK(l->placeholder("softmax_scaled") == "0");
  CHECK(l->placeholder("qs_beta") == "0.1");
  // 1 + β·ln(1 + floor(p / L0)) at the last position of the target length.
  const double target = std::stod(param(*l, "target")), original = std::stod(param(*l, "original"));
  CHECK(original == 16384);
  CHECK(placeholder_number(*l, "qs_target") ==
        doctest::Approx(1 + 0.1 * std::log(1 + std::floor((target - 1) / original))).epsilon(1e-3));
}

TEST_CASE("scaling: a config that is not read clears the model before from the screen") {
  Shown z("gemma-3-1b-it.json", published("gemma-3-1b-it.json"));
  REQUIRE(z.strips.size() == 1);
  // Not JSON, from another step: the walkthrough goes to the config step, which says so and nothing else.
  app::go(z.s, z.s.lesson, 4);
  const std::string broken = "{\"head_dim\": 64,";
  const core::Messages said = app::receive_file(z.s, "broken.json", bytes(broken), broken.size());
  REQUIRE(!said.empty());
  CHECK(said[0].args.at(1).find("JSON") != std::string::npos);
  CHECK(z.s.step == 0);
  z.draw();
  lessons::Lesson& l = z.lesson();
  CHECK(z.strips.empty());
  test::placeholders_are(l, {{"model_name", "broken.json"},
                             {"failed", "1"},
                             {"read", "0"},
                             {"has_layers", "0"},
                             {"multi_set", "0"},
                             {"multi_distinct", "0"},
                             {"partial", "0"},
                             {"model_scaled", "0"},
                             {"model_unscaled", "0"},
                             {"no_layers", "0"},
                             {"temp_tuning", "0"},
                             {"model", "yours"}});
  CHECK(l.placeholder("load_error").find("JSON") != std::string::npos);
  CHECK(l.exports("config").empty());
  // A BERT config is JSON but has no RoPE: named as the file names it, and refused the same way.
  const std::string bert = published("bert-base-uncased.json");
  app::receive_file(z.s, "config.json", bytes(bert), bert.size());
  z.draw();
  CHECK(z.strips.empty());
  CHECK(l.placeholder("model_name") == "BertForMaskedLM");
  CHECK(l.placeholder("failed") == "1");
  CHECK(l.placeholder("load_error").find("absolute") != std::string::npos);
  // A setting changed afterwards: the settings are the learner's own config, not a file's.
  CHECK(lessons::set_param(l, "base", "20000").changed);
  test::placeholders_are(l, {{"failed", "0"}, {"model_name", "your config.json"}, {"has_layers", "0"}});
  REQUIRE(app::receive_file(z.s, "config.json", bytes(bert), bert.size()).size() == 1);
  CHECK(l.placeholder("failed") == "1");
  // A model chosen again: the config step shows it.
  CHECK(lessons::set_param(l, "model", core::model_presets()[0].id).changed);
  z.draw();
  CHECK(l.placeholder("failed") == "0");
  CHECK(l.placeholder("model_name") == core::model_presets()[0].label);
  CHECK(!l.exports("config").empty());
}

TEST_CASE(
    "scaling: the strip fits the width: one row on a desktop, wrapped rows of readable cells on a phone") {
  const std::string json = published("gemma-3-27b-it.json");
  const int n = static_cast<int>(field(json, "num_hidden_layers"));
  REQUIRE(n == 62);
  Shown z("gemma-3-27b-it.json", json);
  REQUIRE(z.strips.size() == 1);
  CHECK(z.strips[0].layout.rows == 1);
  CHECK(z.strips[0].layout.per_row == n);
  // A phone, 390 CSS pixels wide: 62 cells of at least half an em do not fit one row.
  z.frame(390, 844);
  z.strips.clear();
  ui::set_strip_log(&z.strips);
  z.frame(390, 844);
  ui::set_strip_log(nullptr);
  REQUIRE(z.strips.size() == 1);
  const ui::StripLayout& L = z.strips[0].layout;
  CHECK(L.rows == 2);
  CHECK(L.per_row == (n + 1) / 2);
  CHECK(L.cell >= 0.5f * 16);  // the headless font: 16 px
  CHECK(L.cell * L.per_row <= 390);
  CHECK(z.strips[0].cells.size() == static_cast<size_t>(n));
}
