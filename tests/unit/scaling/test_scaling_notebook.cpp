// Lesson scaling's notebook data (notebook_data.cpp): the config.json the lesson read, as Python the recipe
// (content/notebooks/scaling.py) reads again — a preset's published fields with their source, the learner's
// file with every character kept (quotes, backslashes, Chinese) and nothing of it in a comment, a long file
// without its long members RoPE does not read, a file too long even so left out, and a file not read. And
// the recipe's reading of a config, layer by layer, against the core's, on every config of tests/data.
// (That the notebooks run and print the page's numbers: test_notebook_run.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "app/app.hpp"
#include "app/notebook.hpp"
#include "content/code.hpp"
#include "core/json.hpp"
#include "core/model_config.hpp"
#include "data_files.hpp"
#include "lesson_tests.hpp"
#include "numpy.hpp"
#include "paths.hpp"
#include "ui/i18n.hpp"

using namespace posenc;

namespace {

constexpr std::size_t kCap = 64 * 1024;  // notebook_data.cpp's kNotebookConfigBytes

const unsigned char* bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// A JSON string literal decoded (Python reads it the same).
std::string decoded(const std::string& literal) {
  const core::JsonParse p = core::parse_json(literal);
  REQUIRE(p.ok());
  REQUIRE(p.value.is_string());
  return p.value.string;
}

// The value a line "<name> = <literal>" of the data cell gives: a string literal decoded, "None", or the text
// json.loads reads — from r'''…''', or from string literals one a line, joined — the rest as written.
std::string assigned(const std::string& data, const std::string& name) {
  const size_t at = data.find("\n" + name + " = ");
  REQUIRE(at != std::string::npos);
  const size_t from = at + name.size() + 4;
  const std::string value = data.substr(from, data.find('\n', from) - from);
  if (value.rfind("json.loads(r'''", 0) == 0) {
    const size_t end = data.find("''')", from);
    REQUIRE(end != std::string::npos);
    return data.substr(from + 15, end - from - 15);
  }
  if (value == "json.loads(") {
    std::string text;
    for (size_t line = from + value.size() + 1;;) {
      const size_t end = data.find('\n', line);
      std::string one = data.substr(line, end - line);
      REQUIRE(one.rfind("    \"", 0) == 0);  // indented, one literal a line
      const bool last = one.back() == ')';
      text += decoded(one.substr(4, one.size() - 4 - last));
      if (last) return text;
      REQUIRE(end != std::string::npos);
      line = end + 1;
    }
  }
  return value.empty() || value[0] != '"' ? value : decoded(value);
}

// The lines of the cell that Python reads as comments.
std::string comments(const std::string& data) {
  std::string out;
  for (size_t at = 0; at < data.size();) {
    const size_t end = std::min(data.find('\n', at), data.size());
    if (data[at] == '#') out += data.substr(at, end - at) + "\n";
    at = end + 1;
  }
  return out;
}

std::string data_of(lessons::Lesson& l, const std::string& name, const std::string& file) {
  l.receive_file(name, bytes(file), file.size());
  return l.notebook_data();
}

}  // namespace

TEST_CASE("a preset's notebook carries its published fields and their source, in the notebook's language") {
  for (const core::ModelPreset& preset : core::model_presets()) {
    CAPTURE(preset.id);
    for (int lang : {0, 1}) {
      auto l = test::make_lesson("scaling");
      l->set_language(lang);
      test::set(*l, "model", preset.id);
      const std::string data = l->notebook_data();
      CHECK(assigned(data, "config") == preset.json);  // the fields as published, byte for byte
      CHECK(data.find("config = json.loads(r'''") != std::string::npos);
      CHECK(assigned(data, "config_name") == ui::tr(lang, preset.label));
      CHECK(assigned(data, "config_source") == preset.source);
      CHECK(comments(data).find(std::string("# ") + preset.source + "\n") != std::string::npos);
      CHECK(assigned(data, "config_error") == "None");
      CHECK(data.find("import json\n") != std::string::npos);
    }
  }
  auto zh = test::make_lesson("scaling");
  zh->set_language(1);
  CHECK(comments(zh->notebook_data()).find("页面读到的 config.json") != std::string::npos);
}

TEST_CASE("the learner's config.json reaches the notebook as written: quotes, backslashes, BOM and CRLF") {
  auto l = test::make_lesson("scaling");
  // A name with a quote, a backslash, a newline escape and Chinese; a file name a comment must not hold.
  const std::string body =
      "{\"_name_or_path\": \"me/\\\"tiny\\\" \\\\ 模型\\n\", \"hidden_size\": 64,\r\n"
      " \"num_attention_heads\": 4, \"max_position_embeddings\": 2048, \"rope_theta\": 10000}\r\n";
  const std::string name = "my \"odd\"\nname'''.json";
  const std::string data = data_of(*l, name, "\xEF\xBB\xBF" + body);
  CHECK(l->placeholder("failed") == "0");
  std::string want = body;  // no byte order mark; line ends as \n
  for (size_t at; (at = want.find("\r\n")) != std::string::npos;) want.erase(at, 1);
  CHECK(assigned(data, "config") == want);
  // A backslash: JSON string literals, one a line.
  CHECK(data.find("config = json.loads(\n    \"{\\\"_name_or_path\\\": ") != std::string::npos);
  CHECK(assigned(data, "config_name") == name.substr(0, 80));
  CHECK(comments(data).find("odd") == std::string::npos);
  CHECK(data.find("config_left_out") == std::string::npos);
  const core::JsonParse back = core::parse_json(assigned(data, "config"));
  REQUIRE(back.ok());
  CHECK(back.value.find("_name_or_path")->string == "me/\"tiny\" \\ 模型\n");
  // A plain file: a raw triple-quoted string, as readable as the file.
  const std::string plain = "{\"hidden_size\": 64, \"num_attention_heads\": 4}\n";
  CHECK(data_of(*l, "config.json", plain).find("config = json.loads(r'''" + plain + "''')") !=
        std::string::npos);
}

TEST_CASE("a long config.json loses only long members RoPE does not read; one too long even so is left out") {
  auto l = test::make_lesson("scaling");
  std::string big = "[";
  for (int i = 0; i < 9000; ++i) big += (i ? ", " : "") + std::to_string(i);
  big += "]";
  const std::string file =
      "{\"model_type\": \"gemma3_text\", \"head_dim\": 128, \"num_hidden_layers\": 12,\n"
      " \"quantization_config\": {\"ignore\": " +
      big + "},\n \"rope_scaling\": {\"factor\": 8.0, \"rope_type\": \"linear\"},\n" +
      " \"text_config\": {\"vision_ids\": " + big + ", \"hidden_size\": 64}}";
  REQUIRE(file.size() > kCap);
  const std::string data = data_of(*l, "long.json", file);
  CHECK(l->placeholder("failed") == "0");
  CHECK(assigned(data, "config_left_out") == "quantization_config, text_config.vision_ids");
  const std::string kept = assigned(data, "config");
  CHECK(kept.size() <= kCap);
  // What RoPE reads is all there: the reader finds the same model in it.
  const core::ModelConfigResult a = core::parse_model_config(file), b = core::parse_model_config(kept);
  REQUIRE(b.ok());
  CHECK(a.layer_types == b.layer_types);
  CHECK(a.sets.size() == b.sets.size());
  CHECK(a.config.rope_type == b.config.rope_type);
  CHECK(a.config.factor == b.config.factor);
  CHECK(comments(data).find("json.load(open(") != std::string::npos);  // how to read the whole instead

  // 4000 layer types: long, and read by RoPE, so nothing can go: no config at all, and the cell says why.
  std::string types = "[";
  for (int i = 0; i < 4000; ++i) types += (i ? ", " : "") + std::string("\"full_attention\"");
  const std::string huge =
      "{\"model_type\": \"llama\", \"head_dim\": 128, \"num_hidden_layers\": 4000,"
      " \"layer_types\": " +
      types + "]}";
  const std::string none = data_of(*l, "huge.json", huge);
  CHECK(l->placeholder("failed") == "0");
  CHECK(assigned(none, "config") == "None");
  CHECK(none.find("config_left_out") == std::string::npos);
  CHECK(comments(none).find("64 KB") != std::string::npos);
  CHECK(none.size() < 2048);
}

TEST_CASE("a file not read, and a link's model=yours, give the notebook no config and say why") {
  auto l = test::make_lesson("scaling");
  l->set_language(1);
  const std::string data = data_of(*l, "bad.json", "{\"hidden_size\": \"wide\"}");
  CHECK(l->placeholder("failed") == "1");
  CHECK(assigned(data, "config") == "None");
  CHECK(assigned(data, "config_name") == "bad.json");
  CHECK_FALSE(assigned(data, "config_error").empty());
  CHECK(assigned(data, "config_error") != "None");
  auto link = test::make_lesson("scaling");
  test::set(*link, "model", "yours");
  const std::string yours = link->notebook_data();
  CHECK(assigned(yours, "config") == "None");
  CHECK(assigned(yours, "config_error") == "None");
  CHECK(comments(yours).find("model=yours") != std::string::npos);
}

TEST_CASE("the notebook's data cell comes after the settings, before the helpers") {
  app::AppState s;
  app::init(s);
  app::apply_hash(s, "lesson=scaling&model=gemma3-27b&lang=zh");
  const core::JsonParse nb = core::parse_json(app::notebook(s, s.lesson, ""));
  REQUIRE(nb.ok());
  std::string roles;
  for (const core::JsonValue& c : nb.value.find("cells")->items)
    if (const core::JsonValue* m = c.find("metadata")->find("posenc")) roles += m->find("role")->string + " ";
  CHECK(roles.rfind("params data helpers code ", 0) == 0);
}

TEST_CASE("the notebook reads every config.json of tests/data layer by layer as the page does") {
  // The recipe's reader (its setup cell up to the settings), after the lesson's NumPy code, in one python3
  // run over every file; each file the core reads must read the same there: layer types, sets in order,
  // inv_freq at three lengths (at init, past L0, far past), attention factors, Llama 4's temperature,
  // Ministral 3's query scaling and the model's names.
  const content::CodeSnippet* recipe = content::notebook_snippet("scaling");
  const content::CodeSnippet* code = content::python_snippet("scaling");
  REQUIRE(recipe);
  REQUIRE(code);
  const std::string text(recipe->text);
  const size_t from = text.find("# %% setup"), to = text.find("# ---- the settings");
  REQUIRE(from != std::string::npos);
  REQUIRE(to > from);
  const std::string script = "import json, math, sys\nimport numpy as np\n" + std::string(code->text) + "\n" +
                             text.substr(from, to - from) + R"(
lengths = (0, 5000, 1e6)
for path in sys.argv[1:]:
    try:
        m = read_config(json.load(open(path, encoding="utf-8")))
    except Exception as e:  # the core's refusals: compared below only where the core reads the file
        print(json.dumps({"file": path, "error": repr(e)}))
        continue
    sets = {t: {"af": rope_init(c, 0)[1], "inv": [list(map(float, rope_init(c, n)[0])) for n in lengths]}
            for t, c in m["sets"].items()}
    print(json.dumps({"file": path, "layer_types": m["layer_types"], "sets": sets,
                      "temperature": list(m["temperature"] or []),
                      "query_scaling": list(m["query_scaling"] or []),
                      "name": m["identity"]["name"], "model_type": m["identity"]["model_type"]}))
)";
  std::string files;
  std::vector<std::string> paths;
  for (const char* dir : {"configs", "configs-edge", "notebook"}) {
    const std::string d = std::string(test::kSourceDir) + "/tests/data/" + dir + "/";
    for (const std::string& name : test::json_files(d)) paths.push_back(d + name), files += " " + d + name;
  }
  const std::string path = test::temp_file(script, "posenc_test_reader");
  const std::string out = test::run_command("/usr/bin/python3 " + path + files);
  std::remove(path.c_str());
  int compared = 0;
  for (size_t at = 0; at < out.size();) {
    const size_t end = std::min(out.find('\n', at), out.size());
    const core::JsonParse line = core::parse_json(out.substr(at, end - at), {/*python_numbers=*/true});
    at = end + 1;
    REQUIRE(line.ok());
    const std::string file = line.value.find("file")->string;
    CAPTURE(file);
    const core::ModelConfigResult r = core::parse_model_config(test::file_text(file));
    if (!r.ok()) continue;
    REQUIRE_FALSE(line.value.find("error"));
    ++compared;
    std::vector<std::string> types;
    for (const core::JsonValue& t : line.value.find("layer_types")->items) types.push_back(t.string);
    CHECK(types == r.layer_types);
    const core::JsonValue& sets = *line.value.find("sets");
    REQUIRE(sets.members.size() == r.sets.size());
    for (size_t k = 0; k < r.sets.size(); ++k) {
      const core::RopeSet& set = r.sets[k];
      CAPTURE(set.layer_type);
      REQUIRE(sets.members[k].key == set.layer_type);
      const core::JsonValue& mine = sets.members[k].value;
      CHECK(mine.find("af")->number ==
            doctest::Approx(core::rope_init(set.config, 0).attention_factor).epsilon(1e-14));
      const double lengths[] = {0, 5000, 1e6};
      for (int n = 0; n < 3; ++n) {
        CAPTURE(lengths[n]);
        const Eigen::VectorXd want = core::rope_init(set.config, lengths[n]).inv_freq;
        const core::JsonValue& got = mine.find("inv")->items[n];
        REQUIRE(got.items.size() == static_cast<size_t>(want.size()));
        double worst = 0;
        for (Eigen::Index i = 0; i < want.size(); ++i)
          worst =
              std::max(worst, std::abs(got.items[i].number - want(i)) / std::max(std::abs(want(i)), 1e-300));
        CHECK(worst <= 1e-12);
      }
    }
    const core::JsonValue& temp = *line.value.find("temperature");
    CHECK(temp.items.size() == (r.temperature.on() ? 2u : 0u));
    if (r.temperature.on() && temp.items.size() == 2) {
      CHECK(temp.items[0].number == r.temperature.floor_scale);
      CHECK(temp.items[1].number == r.temperature.attn_scale);
    }
    const core::JsonValue& qs = *line.value.find("query_scaling");
    CHECK(qs.items.size() == (r.query_scaling.on() ? 2u : 0u));
    if (r.query_scaling.on() && qs.items.size() == 2) {
      CHECK(qs.items[0].number == r.query_scaling.beta);
      CHECK(qs.items[1].number == r.query_scaling.length);
    }
    CHECK(line.value.find("name")->string == r.identity.name_or_path);
    CHECK(line.value.find("model_type")->string == r.identity.model_type);
  }
  CHECK(compared >= 70);  // 33 published configs, 55 edge cases, the notebook tests' own: most are read
}
