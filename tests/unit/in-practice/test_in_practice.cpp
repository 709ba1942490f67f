// Lesson `in-practice` as a learner meets it: the numbers its text quotes match values worked out here,
// its conditional sentences follow the settings, and the NumPy version shown with it
// (content/code/in-practice.py) computes what the core computes.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "core/json.hpp"
#include "core/model_config.hpp"
#include "core/random.hpp"
#include "core/rope_bugs.hpp"
#include "lesson_tests.hpp"
#include "lessons/lesson.hpp"
#include "numpy.hpp"

using namespace posenc;
using namespace posenc::test;

namespace {

std::string numbers(const Eigen::MatrixXd& m) {  // a nested Python list, exact doubles
  std::string s = "[";
  char buf[40];
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    s += r ? ",[" : "[";
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      std::snprintf(buf, sizeof buf, "%.17g", m(r, c));
      s += (c ? "," : "") + std::string(buf);
    }
    s += "]";
  }
  return s + "]";
}

// Runs the lesson's NumPy file, then `expr`, and reads the JSON it prints (its last line).
core::JsonValue python(const std::string& expr) {
  const std::string out = test::run_numpy("in-practice", "print(json.dumps(" + expr + "))\n");
  CAPTURE(out);
  const core::JsonParse parsed = core::parse_json(test::last_line(out));
  REQUIRE(parsed.ok());
  return parsed.value;
}

std::vector<double> flat(const core::JsonValue& v) {
  std::vector<double> out;
  if (v.is_number()) out.push_back(v.number);
  for (const core::JsonValue& item : v.items) {
    const std::vector<double> inner = flat(item);
    out.insert(out.end(), inner.begin(), inner.end());
  }
  return out;
}

}  // namespace

TEST_CASE("in-practice: the permutation step's numbers, worked out for head_dim 16") {
  auto l = make_lesson("in-practice");
  // permute moves every row of a head but its first and last: j ≠ 2j for 0 < j < 8, and d/2 + j ≠ 2j + 1
  // for j < 7.
  placeholders_are(*l, {{"moved", "14"}, {"half_dim", "8"}, {"perm_all", "1"}});
  CHECK(placeholder_number(*l, "res_right") < 1e-12);
  CHECK(placeholder_number(*l, "res_broken") > 1e-3);
  set(*l, "head_dim", "64");
  placeholders_are(*l, {{"moved", "62"}, {"perm_all", "0"}, {"perm_rows", "16"}});
  set(*l, "head_dim", "4");
  CHECK(l->placeholder("moved") == "2");  // [0, 2, 1, 3]
}

TEST_CASE("in-practice: padding and decoding positions for lengths 8 and 5") {
  auto l = make_lesson("in-practice");
  placeholders_are(*l, {{"pads", "3"}, {"last_prompt", "4"}});
  // Step 1: B's sixth real token (index 5) belongs at position 5; its index in the padded row is 8.
  placeholders_are(*l, {{"new_index", "5"}, {"pos_correct", "5"}, {"pos_pad", "8"}, {"pos_off", "6"}});
  CHECK(placeholder_number(*l, "shift_residual") < 1e-12);
  CHECK(placeholder_number(*l, "err_pad") > 1e-3);
  set(*l, "decode", "4");
  placeholders_are(*l, {{"pos_correct", "8"}, {"pos_pad", "11"}, {"has_generated", "1"}});
  CHECK(placeholder_number(*l, "err_generated") < 1e-12);
  set(*l, "len_b", "8");  // no pads: counting them changes nothing
  placeholders_are(*l, {{"has_pads", "0"}, {"err_pad", "0"}});
}

TEST_CASE("in-practice: the base, dynamic, partial and precision steps say what their settings imply") {
  auto l = make_lesson("in-practice");
  placeholders_are(*l, {{"same_base", "0"}, {"parts", "1"}});
  set(*l, "wrong", "500000");
  placeholders_are(*l, {{"same_base", "1"}, {"parts", "0"}});
  // Dynamic NTK: decoding to 4 × 64 tokens; nothing moves before L0.
  placeholders_are(*l, {{"longest", "256"}, {"err_before", "0"}});
  CHECK(placeholder_number(*l, "err_end") > 1e-3);
  // base' at L = 256 = 4·L0 with s = 2: 500000 · (2·4 − 1)^(16/14).
  CHECK(placeholder_number(*l, "base_end") ==
        doctest::Approx(500000 * std::pow(7.0, 16.0 / 14)).epsilon(1e-3));
  // GPT-NeoX's 25 % of 16 columns: int(16 · 0.25) = 4 rotate, paired (0, 2) and (1, 3).
  placeholders_are(*l, {{"rotary_dim", "4"}, {"half_rotary", "2"}, {"partial", "1"}});
  CHECK(placeholder_number(*l, "partial_err") > 1e-3);
  set(*l, "rotary", "1");
  placeholders_are(*l, {{"partial", "0"}, {"partial_err", "0"}});
  // 16 × 0.3 = 4.8 → int 4; 20 × 0.25 = 5 is odd: moved to 4 with a notice.
  set(*l, "rotary", "0.3");
  CHECK(l->placeholder("rotary_dim") == "4");
  set(*l, "head_dim", "20");
  const lessons::SetOutcome odd = lessons::set_param(*l, "rotary", "0.25");
  CHECK(odd.notices.size() == 1);
  CHECK(l->placeholder("rotary_dim") == "4");
  // Precision: positions merge at 2^8, 2^11, 2^24; float16 overflows at 65520.
  placeholders_are(*l, {{"bf16_collision", "256"},
                        {"bf16_next", "257"},
                        {"fp16_collision", "2048"},
                        {"fp32_collision", "16777216"},
                        {"fp16_overflow", "65520"},
                        {"overflows", "1"}});
  set(*l, "max_pos", "60000");
  CHECK(l->placeholder("overflows") == "0");
  set(*l, "pair", "0");
  placeholders_are(*l, {
                           {"theta", "1"}, {"err_fp64", "0"},  // p·1 is exact
                       });
}

TEST_CASE("in-practice: the NumPy version computes what the core computes") {
  core::Random rng(77);
  const int d = 8;
  const Eigen::MatrixXd q = rng.gaussian_matrix(40, d), k = rng.gaussian_matrix(40, d);
  const std::string qs = "np.array(" + numbers(q) + ")", ks = "np.array(" + numbers(k) + ")";
  // The conversion script's row order.
  const std::vector<double> perm = flat(python("permute(np.arange(16.0).reshape(16, 1), 2)[:, 0].tolist()"));
  const std::vector<int> core_perm = core::hf_permute_rows(2, 8);
  REQUIRE(perm.size() == core_perm.size());
  for (size_t r = 0; r < perm.size(); ++r) CHECK(perm[r] == core_perm[r]);
  // position_ids.
  const std::vector<double> ids = flat(python("position_ids([0, 0, 0, 1, 1, 1, 1, 1]).tolist()"));
  const std::vector<int> core_ids = core::cumsum_position_ids(core::left_padding_mask(5, 8));
  REQUIRE(ids.size() == core_ids.size());
  for (size_t t = 0; t < ids.size(); ++t) CHECK(ids[t] == core_ids[t]);
  // Scores in both layouts, and partial rotary (the first 4 of 8 columns).
  const std::vector<double> pos = core::positions_from(3, 40);
  for (const char* layout : {"half", "interleaved"}) {
    const std::vector<double> py = flat(
        python("scores(" + qs + ", " + ks + ", np.arange(3, 43), np.arange(3, 43), base=500000.0, layout='" +
               layout + "').tolist()"));
    const Eigen::MatrixXd core_scores = core::rotary_scores(
        q, pos, k, pos,
        core::rotary_pairs(d, 500000, layout[0] == 'h' ? core::Layout::Half : core::Layout::Interleaved));
    REQUIRE(py.size() == 1600);
    for (int i = 0; i < 1600; ++i)
      CHECK(py[i] == doctest::Approx(core_scores(i / 40, i % 40)).epsilon(1e-12));
  }
  const std::vector<double> part =
      flat(python("rope(" + qs + ", np.arange(3, 43), base=10000.0, rotary_dim=4).tolist()"));
  const Eigen::MatrixXd core_part =
      core::rotate_rows(q, pos, core::partial_rotary_pairs(d, 4, 10000, core::Pairing::Correct));
  REQUIRE(part.size() == 320);
  for (int i = 0; i < 320; ++i) CHECK(part[i] == doctest::Approx(core_part(i / 8, i % 8)).epsilon(1e-12));
  // Dynamic NTK against cached keys.
  core::RopeConfig c;
  c.head_dim = d;
  c.rope_theta = 10000;
  c.max_position_embeddings = 16;
  c.factor = 2;
  c.rope_type = core::RopeType::Dynamic;
  const std::vector<int> lengths = {10, 16, 17, 25, 40};
  const Eigen::VectorXd core_dyn = core::dynamic_cache_error(q, k, c, lengths).max_error;
  const std::vector<double> dyn = flat(python("[float(dynamic_cache_error(" + qs + ", " + ks +
                                              ", 10000.0, 2.0, 16, L)) for L in [10, 16, 17, 25, 40]]"));
  REQUIRE(dyn.size() == lengths.size());
  for (size_t s = 0; s < lengths.size(); ++s) {
    CAPTURE(lengths[s]);
    CHECK(std::fabs(dyn[s] - core_dyn(s)) < 1e-12);
  }
  // Angles as each float type forms them.
  const std::vector<double> angles =
      flat(python("[float(angle(p, t, ty)) if np.isfinite(angle(p, t, ty)) else -1.0 for ty in ['bfloat16', "
                  "'float16', 'float32', 'float64'] "
                  "for p in [3, 257, 1000, 4097, 70000, 1234567] for t in [1.0, 0.1943, 1.3e-5]]"));
  const core::AnglePrecision types[] = {core::AnglePrecision::BFloat16, core::AnglePrecision::Float16,
                                        core::AnglePrecision::Float32, core::AnglePrecision::Float64};
  size_t at = 0;
  REQUIRE(angles.size() == 4 * 6 * 3);
  for (core::AnglePrecision ty : types)
    for (double p : {3.0, 257.0, 1000.0, 4097.0, 70000.0, 1234567.0})
      for (double t : {1.0, 0.1943, 1.3e-5}) {
        const double a = core::rounded_angle(p, t, ty);
        CAPTURE(p);
        CAPTURE(t);
        CHECK(angles[at++] == (std::isfinite(a) ? a : -1.0));
      }
}

TEST_CASE("in-practice: the grouped-query step's numbers, and what it says of each count") {
  auto l = make_lesson("in-practice");
  // Defaults: 2 query heads, 1 key head of 16 rows; the wrong count cuts it into 2 blocks of 8.
  placeholders_are(*l, {{"kv_heads", "1"},
                        {"group", "2"},
                        {"kv_head", "0"},
                        {"kv_rows", "16"},
                        {"q_rows", "32"},
                        {"block", "8"},
                        {"same_heads", "0"},
                        {"mqa", "1"},
                        {"gqa_silent", "1"},
                        {"gqa_fails", "0"},
                        {"block_two", "0"}});
  CHECK(placeholder_number(*l, "res_gqa_right") < 1e-12);
  CHECK(placeholder_number(*l, "res_gqa_wrong") > 1e-3);
  // As many key heads as query heads: the same permutation, the same scores (the permute step's).
  set(*l, "kv_heads", "2");
  placeholders_are(*l, {{"same_heads", "1"}, {"gqa_silent", "0"}, {"any_gqa_moved", "0"}, {"block", "16"}});
  CHECK(placeholder_number(*l, "res_gqa_wrong") < 1e-12);
  CHECK(l->placeholder("res_gqa_right") == l->placeholder("res_right"));
  // 8 query heads on one key head of 16 rows: blocks of 2, left as they are (W_k not permuted at all).
  set(*l, "heads", "8");
  set(*l, "kv_heads", "1");
  set(*l, "head", "5");
  placeholders_are(*l, {{"block", "2"}, {"block_two", "1"}, {"kv_head", "0"}, {"group", "8"}});
  // … with head_dim 8 the 8 rows do not make 8 blocks of whole pairs: torch's view raises.
  set(*l, "head_dim", "8");
  placeholders_are(*l, {{"gqa_fails", "1"}, {"gqa_silent", "0"}, {"block_two", "0"}, {"any_gqa_moved", "0"}});
  CHECK(l->exports("gqa").size() == 1);  // only the right scores exist
  // 4 query heads on 2 key heads: query head 3 reads key head 1.
  set(*l, "heads", "4");
  set(*l, "kv_heads", "2");
  set(*l, "head", "3");
  placeholders_are(*l, {{"group", "2"}, {"kv_head", "1"}, {"kv_rows", "16"}, {"block", "4"}});
}

TEST_CASE("in-practice: num_key_value_heads divides the query heads; another value is moved, and said") {
  auto l = make_lesson("in-practice");
  set(*l, "heads", "6");
  const lessons::SetOutcome four = lessons::set_param(*l, "kv_heads", "4");
  REQUIRE(four.notices.size() == 1);
  CHECK(four.notices[0].format == "num_key_value_heads: {0} does not divide the {1} query heads; using {2}");
  CHECK(four.notices[0].args == std::vector<std::string>{"4", "6", "3"});
  CHECK(l->placeholder("kv_heads") == "3");
  CHECK(lessons::set_param(*l, "kv_heads", "9").notices.size() == 1);  // clamped to 6 by its range
  CHECK(l->placeholder("kv_heads") == "6");
  // Fewer query heads: the key heads follow, to a divisor.
  const lessons::SetOutcome five = lessons::set_param(*l, "heads", "5");
  CHECK(l->placeholder("kv_heads") == "5");
  CHECK(five.notices.empty());
  lessons::set_param(*l, "kv_heads", "1");
  CHECK(lessons::set_param(*l, "heads", "8").notices.empty());
}

TEST_CASE("in-practice: the presets' table — interleaved models and the factors on the logits") {
  auto l = make_lesson("in-practice");
  const std::vector<lessons::Export> ex = l->exports("models");
  REQUIRE(ex.size() == 1);
  const Eigen::MatrixXd& t = ex[0].data();
  // Row by row, as core::parse_model_config reads each preset.
  int row = 0;
  int interleaved = 0;
  double top = 1;
  for (const core::ModelPreset& p : core::model_presets()) {
    const core::ModelConfigResult r = core::parse_model_config(p.json);
    if (!r.ok()) continue;
    CAPTURE(p.id);
    REQUIRE(row < t.rows());
    CHECK(t(row, 0) == (r.rotation == core::RopeRotation::Interleaved ? 1.0 : 0.0));
    CHECK(t(row, 3) == doctest::Approx(t(row, 1) * t(row, 1) * t(row, 2)).epsilon(1e-15));
    interleaved += r.rotation == core::RopeRotation::Interleaved;
    top = std::max(top, t(row, 3));
    ++row;
  }
  CHECK(row == t.rows());
  CHECK(l->placeholder("interleaved_count") == std::to_string(interleaved));
  CHECK(placeholder_number(*l, "top_logit") == doctest::Approx(top).epsilon(1e-3));
  // Values worked out by hand: DeepSeek-V3 keeps the interleaved rotation; its YaRN (factor 40, mscale =
  // mscale_all_dim = 1) puts a = 1 on cos and sin and (0.1 ln 40 + 1)² on the softmax scale; Qwen2.5's YaRN
  // ×4 a = 0.1 ln 4 + 1; Llama 4 turns interleaved and scales its queries by position.
  const auto row_of = [&](const char* id) {
    int i = 0;
    for (const core::ModelPreset& p : core::model_presets()) {
      if (!core::parse_model_config(p.json).ok()) continue;
      if (std::string(p.id) == id) return i;
      ++i;
    }
    return -1;
  };
  const int ds = row_of("deepseek-v3"), qwen = row_of("qwen2.5-7b-yarn4"), llama4 = row_of("llama4-scout");
  REQUIRE(ds >= 0);
  REQUIRE(qwen >= 0);
  REQUIRE(llama4 >= 0);
  const double m40 = 0.1 * std::log(40.0) + 1;
  CHECK(t(ds, 0) == 1);
  CHECK(t(ds, 1) == doctest::Approx(1).epsilon(1e-14));
  CHECK(t(ds, 2) == doctest::Approx(m40 * m40).epsilon(1e-14));
  CHECK(t(qwen, 0) == 0);
  CHECK(t(qwen, 1) == doctest::Approx(0.1 * std::log(4.0) + 1).epsilon(1e-14));
  CHECK(t(qwen, 2) == 1);
  CHECK(t(llama4, 0) == 1);
  CHECK(l->placeholder("interleaved_names").find("DeepSeek-V3") != std::string::npos);
  CHECK(l->placeholder("position_names").find("Llama 4") != std::string::npos);
  placeholders_are(*l, {{"any_interleaved", "1"}, {"any_scaled", "1"}});
  // The head's attention, its scores as they are and multiplied by the largest factor: sharper with it.
  CHECK(placeholder_number(*l, "peak_scaled") > placeholder_number(*l, "peak_plain"));
  // Chinese: the names through the catalogue, joined with 和.
  l->set_language(1);
  CHECK(l->placeholder("interleaved_names").find("\xE5\x92\x8C") != std::string::npos);
}

TEST_CASE("in-practice: the NumPy version's permute, GQA scores and logit factors against the core") {
  // The script's permute, its row order and its failures (numpy's reshape refuses what torch's view
  // refuses), for counts that fit and counts that do not.
  const std::string out =
      test::run_numpy("in-practice",
                      "def rows(n, r):\n"
                      "  try:\n"
                      "    return permute(np.arange(float(r)).reshape(r, 1), n)[:, 0].tolist()\n"
                      "  except ValueError:\n"
                      "    return None\n"
                      "print(json.dumps([rows(n, r) for n in (1, 2, 3, 4, 8) for r in (8, 16, 24)]))\n");
  const core::JsonParse orders = core::parse_json(test::last_line(out));
  REQUIRE(orders.ok());
  REQUIRE(orders.value.items.size() == 15);
  size_t at = 0;
  for (int n : {1, 2, 3, 4, 8})
    for (int rows : {8, 16, 24}) {
      CAPTURE(n);
      CAPTURE(rows);
      const std::vector<double> py = flat(orders.value.items[at++]);
      const std::vector<int> core_rows = core::script_permute_rows(n, rows);
      REQUIRE(py.size() == core_rows.size());  // both empty where the view fails
      for (size_t r = 0; r < py.size(); ++r) CHECK(py[r] == core_rows[r]);
    }
  // The lesson's GQA scores (4 query heads, 2 key heads, query head 3) from the same seeded head.
  auto l = make_lesson("in-practice");
  set(*l, "heads", "4");
  set(*l, "kv_heads", "2");
  set(*l, "head", "3");
  const core::RopeHead h = core::random_rope_head(8, 32, 4, 16, 1);
  const std::string args = "np.array(" + numbers(h.x) + "), np.array(" + numbers(h.wq) + "), np.array(" +
                           numbers(h.wk.topRows(32)) + ")";
  const std::string gqa =
      "(lambda x, wq, wk: [scores(x @ permute(wq, 4)[48:64].T, x @ permute(wk, n)[16:32].T, range(8), "
      "range(8), base=500000.0).tolist() for n in (2, 4)])(" +
      args + ")";
  const std::vector<double> py = flat(python(gqa));
  const std::vector<lessons::Export> ex = l->exports("gqa");
  REQUIRE(ex.size() == 2);
  REQUIRE(py.size() == 128);
  for (int i = 0; i < 128; ++i) {
    const Eigen::MatrixXd& m = ex[i / 64].data();
    CHECK(py[i] == doctest::Approx(m((i % 64) / 8, i % 8)).epsilon(1e-12));
  }
  // logit_scales over every preset's config.json against the lesson's table.
  std::string configs = "[";
  for (const core::ModelPreset& p : core::model_presets())
    if (core::parse_model_config(p.json).ok())
      configs += (configs.size() > 1 ? "," : "") + std::string(p.json);
  configs += "]";
  const std::string path = test::temp_file(configs, "posenc_test_presets");
  const std::vector<double> scales =
      flat(python("[list(logit_scales(c)) for c in json.load(open('" + path + "'))]"));
  std::remove(path.c_str());
  const Eigen::MatrixXd& t = l->exports("models")[0].data();
  REQUIRE(scales.size() == 2 * static_cast<size_t>(t.rows()));
  for (Eigen::Index r = 0; r < t.rows(); ++r) {
    CAPTURE(r);
    CHECK(scales[2 * r] == doctest::Approx(t(r, 1)).epsilon(1e-12));
    CHECK(scales[2 * r + 1] == doctest::Approx(t(r, 2)).epsilon(1e-12));
  }
}

TEST_CASE("in-practice: an odd head_dim becomes the even one above it, and the learner is told") {
  auto l = make_lesson("in-practice");
  const lessons::SetOutcome out = lessons::set_param(*l, "head_dim", "7");
  CHECK(out.changed);
  REQUIRE(out.notices.size() == 1);
  CHECK(out.notices[0].format == "head_dim: RoPE rotates pairs; using {0}");
  CHECK(out.notices[0].args == std::vector<std::string>{"8"});
  CHECK(l->placeholder("head_dim") == "8");
  CHECK(lessons::set_param(*l, "head_dim", "16").notices.empty());  // even (and 16 · rotary_pct too)
  CHECK(l->placeholder("head_dim") == "16");
}

TEST_CASE(
    "in-practice precision: the fix's error is said to be mostly bfloat16's rounding, float32's beside it") {
  auto l = test::make_lesson("in-practice");
  l->enter("precision");
  l->update();
  // bfloat16 keeps 8 significant bits: values in [0.5, 1) are 2⁻⁸ apart, so a cosine there rounds by ≤ 2⁻⁹.
  CHECK(test::said_number(l->placeholder("bf16_cos_rounding")) ==
        doctest::Approx(std::ldexp(1.0, -9)).epsilon(0.01));
  for (const char* max_pos : {"256", "16777216"}) {
    CAPTURE(max_pos);
    test::set(*l, "max_pos", max_pos);
    l->update();
    const double fp32 = test::said_number(l->placeholder("err_fp32"));
    const bool small = fp32 < 0.1 * std::ldexp(1.0, -9);
    CHECK(l->placeholder("fp32_small") == (small ? "1" : "0"));
    CHECK(l->placeholder("fp32_large") == (small ? "0" : "1"));
  }
  // Far out float32's angle error is no longer small (position 2²⁴ · θ₀ = 2²⁴ rad, spacing 2 in float32).
  CHECK(l->placeholder("fp32_large") == "1");
}
