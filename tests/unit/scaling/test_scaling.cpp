// Lesson `scaling` as a learner meets it: presets become parameters, the counts its text quotes match
// values worked out here from the formulas, files go to the lesson that reads them, and a bad config
// is refused with a message naming the key while the lesson keeps what it had.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "app/app.hpp"
#include "headless.hpp"
#include "lesson_tests.hpp"
#include "lessons/lesson.hpp"

using namespace posenc;
using test::make_lesson;
using test::param;

namespace {

const unsigned char* bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

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
  CHECK(l->placeholder("model_name") == "config.json");
  bool legacy = false;  // the legacy "type" key is said
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
