// Published configs of today's models (tests/data/configs, sources in SOURCES.md there), read layer by layer,
// against rope_twin.py: an independent float64 NumPy reading of transformers v5's own code (its comments
// cite file and line). Every family must agree on layer types, sets, inverse frequencies (to 1e-9),
// attention factors, softmax scale, M-RoPE sections, the rotation's layout and the query scalings. Then
// hostile configs: a clear message, never a hang.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/json.hpp"
#include "core/model_config.hpp"
#include "core/rope_scaling.hpp"
#include "data_files.hpp"
#include "numpy.hpp"
#include "paths.hpp"

using namespace posenc::core;

namespace {

std::string data_dir(const char* name) {
  return std::string(posenc::test::kSourceDir) + "/tests/data/" + name;
}

using posenc::test::file_text;
using posenc::test::json_files;

// The twin's answer: `args` are its command line (a file, or --all DIR), run by the system's python3.
JsonValue twin(const std::string& args, double seq_len) {
  const std::string out = posenc::test::run_command(
      "/usr/bin/python3 " + std::string(posenc::test::kSourceDir) + "/tests/unit/scaling/rope_twin.py " +
      args + (seq_len > 0 ? " --seq-len " + std::to_string(static_cast<long>(seq_len)) : ""));
  JsonParse j = parse_json(out);
  INFO(out.substr(0, 2000));
  REQUIRE(j.ok());
  return j.value;
}

double num(const JsonValue* v) { return v && v->is_number() ? v->number : std::nan(""); }

bool close_to(double a, double b, double rel) {
  return std::fabs(a - b) <= rel * std::max(std::fabs(b), 1e-300);
}

// A check that ends this config's comparison when it fails (so one file's mismatch does not stop the others).
#define ENSURE(cond)           \
  do {                         \
    const bool ensured = cond; \
    CHECK(ensured);            \
    if (!ensured) return;      \
  } while (false)

void compare(const std::string& name, const ModelConfigResult& r, const JsonValue& t, double seq_len) {
  INFO(name);
  if (const JsonValue* e = t.find("error")) {
    INFO("twin: " << e->string);
    CHECK_FALSE(r.ok());
    return;
  }
  (void)name;
  const JsonValue* has_rope = t.find("has_rope");
  if (has_rope && has_rope->is_bool() && !has_rope->boolean) {
    CHECK_FALSE(r.ok());
    CHECK(r.error.english().find("RoPE") != std::string::npos);
    return;
  }
  INFO(r.error.english());
  ENSURE(r.ok());
  const JsonValue* types = t.find("layer_types");
  ENSURE(types);
  ENSURE(r.layer_types.size() == types->items.size());
  for (std::size_t i = 0; i < r.layer_types.size(); ++i) {
    INFO("layer " << i);
    CHECK(r.layer_types[i] == types->items[i].string);
  }
  const JsonValue* sets = t.find("sets");
  ENSURE(sets);
  CHECK(r.sets.size() == sets->members.size());
  for (const JsonMember& m : sets->members) {
    INFO("set " << m.key);
    const RopeSet* mine = r.set(m.key);
    ENSURE(mine);
    const RopeInit init = rope_init(mine->config, seq_len);
    CHECK(init.rotary_dim == num(m.value.find("rotary_dim")));
    CHECK(std::string(rope_type_name(init.rope_type)) == m.value.find("rope_type")->string);
    CHECK(close_to(mine->config.rope_theta, num(m.value.find("theta")), 1e-15));
    CHECK(close_to(init.attention_factor, num(m.value.find("attention_factor")), 1e-12));
    const JsonValue* inv = m.value.find("inv_freq");
    ENSURE(inv);
    ENSURE(init.inv_freq.size() == static_cast<Eigen::Index>(inv->items.size()));
    double worst = 0;
    for (Eigen::Index i = 0; i < init.inv_freq.size(); ++i) {
      const double want = inv->items[i].number;
      worst =
          std::max(worst, want == 0 ? std::fabs(init.inv_freq[i]) : std::fabs(init.inv_freq[i] / want - 1));
    }
    CHECK(worst <= 1e-9);
  }
  CHECK(close_to(r.softmax_scale, num(t.find("softmax_scale")), 1e-12));
  const JsonValue* section = t.find("mrope_section");
  if (section && section->is_array()) {
    ENSURE(r.mrope_section.size() == section->items.size());
    for (std::size_t i = 0; i < r.mrope_section.size(); ++i)
      CHECK(r.mrope_section[i] == section->items[i].number);
    CHECK(r.mrope_interleaved == t.find("mrope_interleaved")->boolean);
  } else {
    CHECK(r.mrope_section.empty());
  }
  const JsonValue* rotation = t.find("rotation");
  ENSURE(rotation);
  CHECK((r.rotation == RopeRotation::Interleaved) == (rotation->string == "interleaved"));
  const JsonValue* temp = t.find("attn_temperature");
  const bool temp_on = temp && temp->is_object() && temp->find("enabled") && temp->find("enabled")->boolean;
  CHECK(r.temperature.on() == temp_on);
  if (temp_on && r.temperature.on()) {
    CHECK(r.temperature.floor_scale == num(temp->find("floor_scale")));
    CHECK(r.temperature.attn_scale == num(temp->find("attn_scale")));
  }
  const JsonValue* qs = t.find("query_scaling");
  const bool qs_on = qs && qs->is_object();
  CHECK(r.query_scaling.on() == qs_on);
  if (qs_on && r.query_scaling.on()) {
    CHECK(r.query_scaling.beta == num(qs->find("beta")));
    CHECK(r.query_scaling.length == num(qs->find("original_max_position_embeddings")));
  }
}

// Kimi K2's model_type is not one transformers knows (its files bring DeepSeek-V3's code, loaded with
// trust_remote_code): the twin refuses it, so it reads the same file as model_type deepseek_v3.
const char* const kRemoteCode[][2] = {{"kimi-k2-instruct.json", "deepseek_v3"}};

// The twin's answer for one config given as text.
JsonValue twin_one(const std::string& text, double seq_len) {
  const std::string path = posenc::test::temp_file(text, "posenc_twin");
  JsonValue out = twin(path, seq_len);
  std::remove(path.c_str());
  return out;
}

}  // namespace

// Reads every config of `dir` with the core and with the twin, at init and past every original length.
void compare_dir(const std::string& dir, std::size_t at_least, const std::vector<std::string>& lenient = {},
                 const std::vector<std::string>& stricter = {}, bool broad = false) {
  const std::vector<std::string> files = json_files(dir);
  REQUIRE(files.size() >= at_least);
  for (double seq_len : {0.0, 200000.0}) {  // at init, and past every original length (longrope: long)
    const JsonValue all = twin("--all " + dir, seq_len);
    for (const std::string& f : files) {
      const JsonValue* t = all.find(f);
      INFO(f);
      REQUIRE(t);
      const std::string text = file_text(dir + "/" + f);
      const ModelConfigResult mine = parse_model_config(text);
      if (broad) {  // a family the twin does not cover: nothing to compare with
        const JsonValue* e = t->find("error");
        if (e && e->is_string() &&
            (e->string.rfind("unsupported", 0) == 0 ||
             e->string.find("not in transformers' CONFIG_MAPPING") != std::string::npos))
          continue;
      }
      if (std::find(lenient.begin(), lenient.end(), f) != lenient.end()) {
        CHECK(t->find("error"));  // transformers refuses it; posenc reads it (see the list's comment)
        CHECK(mine.ok());
        continue;
      }
      if (std::find(stricter.begin(), stricter.end(), f) != stricter.end()) {
        CHECK_FALSE(t->find("error"));  // transformers fills it from class defaults; posenc asks
        CHECK_FALSE(mine.ok());
        continue;
      }
      bool remote = false;
      for (const auto& [file, type] : kRemoteCode) {
        if (f != file) continue;
        remote = true;
        CHECK(t->find("error"));
        std::string as = text;
        const std::size_t at = as.find("\"model_type\": \"");
        REQUIRE(at != std::string::npos);
        const std::size_t from = at + 15, to = as.find('"', from);
        as.replace(from, to - from, type);
        compare(f, mine, twin_one(as, seq_len), seq_len);
      }
      if (!remote) compare(f, mine, *t, seq_len);
    }
  }
}

TEST_CASE("published configs of today's models read layer by layer as transformers v5 builds them") {
  compare_dir(data_dir("configs"), 30);
}

// A wider check, run by hand: POSENC_BROAD_CONFIGS=<a folder of published config.json files> (e.g. a
// model zoo's copies of the hub files). Files of families the twin does not cover are skipped.
TEST_CASE("published configs in POSENC_BROAD_CONFIGS, when set, agree with the twin" *
          doctest::skip(std::getenv("POSENC_BROAD_CONFIGS") == nullptr)) {
  compare_dir(std::getenv("POSENC_BROAD_CONFIGS"), 1, {}, {}, true);
}

// Hand-written configs at the edges of transformers' rules (legacy keys, class defaults, quirks such as
// OLMo 3's sliding base, configs transformers refuses at load or at the first forward): written with the
// twin, each to exercise one rule (tests/data/configs-edge/README.md).
TEST_CASE("edge configs: the same answer as transformers' code, refusals included") {
  // Deliberately more lenient than transformers: a type check on a field RoPE never reads (an int
  // rms_norm_eps). Deliberately stricter: a wrapper whose text_config leaves the widths to the class's
  // defaults (posenc names the missing hidden_size rather than guess a model).
  compare_dir(data_dir("configs-edge"), 50, {"26_qwen3_int_eps.json"}, {"32_mistral3_default_text.json"});
}

namespace {

std::string error_of(const std::string& text) {
  const ModelConfigResult r = parse_model_config(text);
  INFO(text.substr(0, 200));
  REQUIRE_FALSE(r.ok());
  return r.error.english();
}

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

std::string repeat(const std::string& item, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += (i ? ", " : "") + item;
  return out;
}

}  // namespace

TEST_CASE("hostile layer-by-layer configs: a message naming the key, never a hang") {
  // A thousand different layer types.
  std::string names;
  for (int i = 0; i < 1000; ++i) names += (i ? ", " : "") + std::string("\"type") + std::to_string(i) + "\"";
  CHECK(has(error_of(R"({"head_dim": 64, "num_hidden_layers": 1000, "layer_types": [)" + names + "]}"),
            "1000 different attention types; at most 16"));
  // More layers than the cap, in either key.
  CHECK(has(error_of(R"({"head_dim": 64, "num_hidden_layers": 100000})"), "at most 4096"));
  CHECK(has(error_of(R"({"head_dim": 64, "layer_types": [)" + repeat("\"full_attention\"", 5000) + "]}"),
            "'layer_types' has 5000 entries; at most 4096"));
  // layer_types and no_rope_layers of the wrong length, or of the wrong kind.
  CHECK(has(error_of(R"({"head_dim": 64, "num_hidden_layers": 3, "layer_types": ["full_attention"]})"),
            "'layer_types' has 1 entries but num_hidden_layers is 3"));
  CHECK(has(error_of(R"({"model_type": "llama4_text", "head_dim": 64, "num_hidden_layers": 6,
                         "no_rope_layers": [1, 0, 1]})"),
            "'no_rope_layers' has 3 entries but the model has 6 layers"));
  CHECK(has(error_of(R"({"model_type": "smollm3", "head_dim": 64, "num_hidden_layers": 2,
                         "no_rope_layers": [1, 7]})"),
            "must hold 0 or 1 per layer"));
  CHECK(has(error_of(R"({"head_dim": 64, "layer_types": "full_attention"})"), "must be a list of strings"));
  CHECK(has(error_of(R"({"head_dim": 64, "layer_types": [3]})"), "names of attention types"));
  CHECK(has(error_of(R"({"head_dim": 64, "layer_types": [""]})"), "names of attention types"));
  // NaN and infinities are not JSON, but Python's json module writes and reads them: read, and refused
  // by name where RoPE needs the value; elsewhere in the file they change nothing (Nemotron-H writes
  // "time_step_limit": [0.0, Infinity]).
  CHECK(has(error_of(R"({"head_dim": 64, "rope_theta": NaN})"), "'rope_theta' must be a finite number"));
  CHECK(
      has(error_of(R"({"head_dim": 64, "rope_theta": -Infinity})"), "'rope_theta' must be a finite number"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": Infinity}})"),
            "'rope_scaling.factor' must be a finite number"));
  CHECK(parse_model_config(R"({"head_dim": 64, "time_step_limit": [0.0, Infinity], "x": NaN})").ok());
  CHECK(has(error_of(R"({"head_dim": 64, "rope_theta": Inf})"), "unknown word 'Inf'"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_theta": 1e308})"), "is 1e+308; at most 1e+12"));
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": 1e9}})"),
            "'rope_scaling.factor' is 1000000000; at most 1048576"));
  // A per-layer dict (its keys all layer types) that misses a layer type with RoPE (transformers'
  // standardize_rope_params indexes every type: KeyError), or holds something else.
  CHECK(has(error_of(R"({"head_dim": 64, "layer_types": ["sliding_attention", "full_attention"],
                         "rope_parameters": {"full_attention": {"rope_theta": 1e4}}})"),
            "'rope_parameters' has no entry for the layer type 'sliding_attention'"));
  CHECK(has(error_of(R"({"head_dim": 64, "layer_types": ["sliding_attention", "full_attention"],
                         "rope_parameters": {"full_attention": 3, "sliding_attention": {}}})"),
            "must be an object or null"));
  // M-RoPE sections that do not cover the pairs of a contiguous split, or are not three numbers.
  CHECK(has(error_of(R"({"model_type": "qwen2_5_vl", "head_dim": 128,
                         "rope_scaling": {"type": "mrope", "mrope_section": [8, 8, 8]}})"),
            "adds up to 24 pairs but the rotary dimension has 64"));
  CHECK(has(error_of(R"({"model_type": "qwen2_5_vl", "head_dim": 128,
                         "rope_scaling": {"type": "mrope", "mrope_section": [64]}})"),
            "three whole numbers"));
  // Configs without RoPE say so, by name.
  CHECK(has(error_of(R"({"model_type": "gpt2", "n_embd": 768, "n_head": 12, "n_positions": 1024})"),
            "encodes positions with learned absolute position embeddings, not RoPE"));
  CHECK(has(error_of(R"({"model_type": "t5", "d_model": 512})"), "T5's relative position buckets"));
  CHECK(has(error_of(R"({"model_type": "bloom", "hidden_size": 1024, "n_head": 16})"), "ALiBi"));
  CHECK(has(
      error_of(R"({"hidden_size": 768, "num_attention_heads": 12, "position_embedding_type": "absolute"})"),
      "not RoPE"));
}

TEST_CASE("what transformers accepts and posenc used to refuse, with a notice") {
  // llama3 with low_freq_factor == high_freq_factor (Llama 4 Scout's own file): no blended band, so every
  // pair is either kept (wavelength ≤ L0) or divided by the factor, worked out here by hand.
  const ModelConfigResult r = parse_model_config(R"({"head_dim": 64, "max_position_embeddings": 131072,
      "rope_theta": 500000, "rope_scaling": {"rope_type": "llama3", "factor": 16, "low_freq_factor": 1,
      "high_freq_factor": 1, "original_max_position_embeddings": 8192}})");
  REQUIRE(r.ok());
  bool noticed = false;
  for (const Message& m : r.notices) noticed = noticed || has(m.english(), "transformers warns and goes on");
  CHECK(noticed);
  const RopeInit init = rope_init(r.config, 0);
  REQUIRE(init.inv_freq.size() == 32);
  for (int i = 0; i < 32; ++i) {
    const double theta = std::pow(500000.0, -2.0 * i / 64), wavelength = 2 * 3.14159265358979323846 / theta;
    CHECK(init.inv_freq[i] == doctest::Approx(wavelength > 8192 ? theta / 16 : theta).epsilon(1e-14));
  }
  // Qwen2-VL's legacy type "mrope": the default RoPE with sections.
  const ModelConfigResult vl = parse_model_config(R"({"model_type": "qwen2_vl", "hidden_size": 3584,
      "num_attention_heads": 28, "rope_theta": 1000000, "rope_scaling": {"type": "mrope",
      "mrope_section": [16, 24, 24]}})");
  REQUIRE(vl.ok());
  CHECK(vl.config.rope_type == RopeType::Default);
  CHECK(vl.mrope_section == std::vector<int>{16, 24, 24});
  CHECK_FALSE(vl.mrope_interleaved);
  // ModernBERT's top-level answer is its global (full-attention) set, not the local one.
  const ModelConfigResult mb = parse_model_config(R"({"model_type": "modernbert", "hidden_size": 768,
      "num_attention_heads": 12, "num_hidden_layers": 22, "global_rope_theta": 160000.0,
      "local_rope_theta": 10000.0, "global_attn_every_n_layers": 3})");
  REQUIRE(mb.ok());
  CHECK(mb.config.rope_theta == 160000.0);
  REQUIRE(mb.set("sliding_attention"));
  CHECK(mb.set("sliding_attention")->config.rope_theta == 10000.0);
  // An unknown rope_type is named, and so is the list transformers knows.
  CHECK(has(error_of(R"({"head_dim": 64, "rope_scaling": {"rope_type": "ntk-by-parts", "factor": 2}})"),
            "unknown rope_type 'ntk-by-parts'"));
}
