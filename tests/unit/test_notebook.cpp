// A lesson's notebook (src/app/notebook.cpp, "↓ .ipynb", posenc.notebook): valid nbformat 4 JSON with a
// title, the settings as Python, the helpers with the page's colour map, the lesson's NumPy code, and per
// step its text as Markdown, its recipe cell (or a plain "not drawn again yet") and a link to the step;
// Chinese at lang=zh; the Markdown escapes what Markdown would read as markup. (That every notebook runs
// and prints the page's numbers: test_notebook_run.cpp.)
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/api.hpp"
#include "app/app.hpp"
#include "app/notebook.hpp"
#include "content/code.hpp"
#include "content/markdown.hpp"
#include "core/json.hpp"
#include "english.hpp"
#include "ui/colormap.hpp"
#include "ui/i18n.hpp"

using namespace posenc;
using core::JsonValue;
namespace test = posenc::test;

namespace {

// A cell's source, its lines joined.
std::string source(const JsonValue& cell) {
  std::string text;
  const JsonValue* lines = cell.find("source");
  REQUIRE(lines);
  for (const JsonValue& l : lines->items) text += l.string;
  return text;
}

std::string meta(const JsonValue& cell, const char* key) {
  const JsonValue* m = cell.find("metadata");
  REQUIRE(m);
  const JsonValue* p = m->find("posenc");
  const JsonValue* v = p ? p->find(key) : nullptr;
  return v && v->is_string() ? v->string : "";
}

struct Notebook {
  core::JsonParse parsed;
  std::vector<const JsonValue*> cells;
};

Notebook build(const std::string& hash, std::string* text_out = nullptr) {
  app::AppState s;
  app::init(s);
  app::apply_hash(s, hash);
  const std::string text = app::notebook(s, s.lesson, "https://example.org/posenc/");
  if (text_out) *text_out = text;
  Notebook nb{core::parse_json(text), {}};
  REQUIRE(nb.parsed.ok());
  const JsonValue* cells = nb.parsed.value.find("cells");
  REQUIRE(cells);
  for (const JsonValue& c : cells->items) nb.cells.push_back(&c);
  return nb;
}

const JsonValue* cell_with(const Notebook& nb, const char* role, const std::string& step = "") {
  for (const JsonValue* c : nb.cells)
    if (meta(*c, "role") == role && (step.empty() || meta(*c, "step") == step)) return c;
  return nullptr;
}

}  // namespace

TEST_CASE("a recipe is read as jupytext's percent cells; its header is not a cell") {
  const auto cells =
      app::recipe_cells("# about this file\nx = 1\n# %% setup\na = 1\n\n# %%  step table \nb = 2\n");
  REQUIRE(cells.size() == 2);
  CHECK(cells[0].name == "setup");
  CHECK(cells[0].code == "a = 1\n\n");
  CHECK(cells[1].name == "step table");
  CHECK(cells[1].code == "b = 2\n");
  CHECK(app::recipe_cells("no cells here\n").empty());
}

TEST_CASE("labels in a recipe become the page's words in the notebook's language, as Python strings") {
  CHECK(app::translate_labels("ax.set_xlabel(_(\"position\"))", 0) == "ax.set_xlabel(\"position\")");
  CHECK(app::translate_labels("ax.set_xlabel(_(\"position\"))", 1) ==
        "ax.set_xlabel(\"" + std::string(ui::tr(1, "position")) + "\")");
  CHECK(std::string(ui::tr(1, "position")) != "position");
  // Quotes inside a label (as \"); not a label: a name ending in _, another escape, an unclosed call.
  CHECK(app::translate_labels("_(\"say \\\"%s\\\"\")", 0) == "\"say \\\"%s\\\"\"");
  CHECK(app::translate_labels("my_(\"position\") + x._(\"position\")", 1) ==
        "my_(\"position\") + x._(\"position\")");
  CHECK(app::translate_labels("_(\"a\\nb\") _(\"open", 1) == "_(\"a\\nb\") _(\"open");
  CHECK(app::python_string("a\"b\\c\nd\x01 \xE4\xBD\x8D") == "\"a\\\"b\\\\c\\nd\\x01 \xE4\xBD\x8D\"");
}

TEST_CASE("Markdown shows lesson text as written: markup characters escaped, runs as Markdown") {
  CHECK(content::markdown_escape("a*b_c $x$ <b> [l](u) 1|2 ~ & \\") ==
        "a\\*b\\_c \\$x\\$ \\<b\\> \\[l\\](u) 1\\|2 \\~ \\& \\\\");
  CHECK(content::markdown_code("x") == "`x`");
  CHECK(content::markdown_code("a`b") == "`` a`b ``");
  std::vector<content::Error> errors;
  const auto runs = content::parse_inline(
      "A **bold** `code_x` and $ω_i = {1}/{base^(2i/d)}$ = {{v}} {{?no}}hidden{{/}}{{?yes}}shown{{/}} $e^{i "
      "m}$",
      "t", 1, errors);
  REQUIRE(errors.empty());
  const content::Lookup lookup = [](std::string_view n) {
    return std::string(n == "v" ? "0.5" : n == "yes" ? "1" : "0");
  };
  CHECK(content::markdown_runs(runs, lookup) ==
        "A **bold** `code_x` and ω\\_i = 1/base^(2i/d) = 0.5 shown e^(i m)");
  // A line that would start a heading, a list or a quote starts escaped.
  for (const char* text : {"# one", "- two", "+ three", "> four", "12. five", "3) six"}) {
    CAPTURE(text);
    const std::string md = content::markdown_runs({{content::RunKind::Text, text}}, lookup);
    CHECK(md.find('\\') != std::string::npos);
  }
  std::vector<content::Block> blocks = {{content::BlockKind::Paragraph, {{content::RunKind::Text, "p"}}, 1},
                                        {content::BlockKind::Bullet, {{content::RunKind::Text, "a"}}, 2},
                                        {content::BlockKind::Bullet, {{content::RunKind::Text, "b"}}, 3},
                                        {content::BlockKind::Note, {{content::RunKind::Placeholder, "v"}}, 4},
                                        {content::BlockKind::Note, {{content::RunKind::When, "no"}}, 5}};
  CHECK(content::markdown_blocks(blocks, lookup) == "p\n\n- a\n- b\n\n> 0.5");
}

TEST_CASE(
    "a lesson's notebook is nbformat 4: title, settings, helpers, code, and every step's text and cell") {
  const Notebook nb = build("lesson=sinusoidal&step=2&dim=33&layout=half&lang=en");
  const JsonValue& root = nb.parsed.value;
  CHECK(root.find("nbformat")->number == 4);
  CHECK(root.find("nbformat_minor")->number == 4);
  const JsonValue* kernel = root.find("metadata")->find("kernelspec");
  REQUIRE(kernel);
  CHECK(kernel->find("name")->string == "python3");
  CHECK(root.find("metadata")->find("language_info")->find("name")->string == "python");
  for (const JsonValue* c : nb.cells) {
    const std::string type = c->find("cell_type")->string;
    CHECK((type == "markdown" || type == "code"));
    if (type == "code") {
      CHECK(c->find("outputs")->items.empty());
      CHECK(c->find("execution_count")->is_null());
    }
  }
  // The title: the lesson, its settings, a link to this very view (step 2).
  REQUIRE(nb.cells[0]->find("cell_type")->string == "markdown");
  const std::string title = source(*nb.cells[0]);
  CHECK(title.rfind("# The sinusoidal formula\n", 0) == 0);
  CHECK(title.find("`dim = 33`") != std::string::npos);
  CHECK(title.find("(<https://example.org/posenc/#lesson=sinusoidal&step=2&len=100&dim=33&") !=
        std::string::npos);
  // The settings as Python: numbers, a real as a float, a choice as a string.
  const JsonValue* params = cell_with(nb, "params");
  REQUIRE(params);
  const std::string p = source(*params);
  CHECK(p.find("params = {\n") != std::string::npos);
  CHECK(p.find("    \"dim\": 33,\n") != std::string::npos);
  CHECK(p.find("    \"base\": 10000.0,\n") != std::string::npos);
  CHECK(p.find("    \"layout\": \"half\",\n") != std::string::npos);
  // The helpers carry the page's colour map, stop by stop.
  const JsonValue* helpers = cell_with(nb, "helpers");
  REQUIRE(helpers);
  const std::string h = source(*helpers);
  int count = 0;
  const ui::ColorStop* stops = ui::diverging_stops(&count);
  REQUIRE(count >= 3);
  for (int i = 0; i < count; ++i) {
    char stop[96];
    std::snprintf(stop, sizeof stop, "(%.6g, (%.6g, %.6g, %.6g))", stops[i].t, stops[i].c.r, stops[i].c.g,
                  stops[i].c.b);
    CAPTURE(stop);
    CHECK(h.find(stop) != std::string::npos);
  }
  CHECK(h.find("def show_numbers(") != std::string::npos);
  // The lesson's NumPy code, whole.
  const JsonValue* code = cell_with(nb, "code");
  REQUIRE(code);
  CHECK(source(*code).find(std::string(content::python_snippet("sinusoidal")->text.substr(0, 200))) !=
        std::string::npos);
  // Every step: a Markdown cell headed by its number and title, with a link to it, then its code cell.
  app::AppState s;
  app::init(s);
  const auto& steps = app::doc_for(s, lessons::find_lesson("sinusoidal")).steps;
  for (size_t k = 0; k < steps.size(); ++k) {
    CAPTURE(steps[k].id);
    const JsonValue* cell = cell_with(nb, "step", steps[k].id);
    REQUIRE(cell);
    size_t at = 0;
    while (nb.cells[at] != cell) ++at;
    REQUIRE(at > 0);
    const std::string md = source(*nb.cells[at - 1]);
    CHECK(md.rfind("## " + std::to_string(k + 1) + ". ", 0) == 0);
    CHECK(md.find("#lesson=sinusoidal&step=" + std::to_string(k) + "&") != std::string::npos);
    CHECK(source(*cell).find("show_numbers(") != std::string::npos);
  }
  // The text at these settings: d = 33 is odd, so the lone sine is mentioned, and the numbers are filled.
  std::string all;
  for (const JsonValue* c : nb.cells) all += source(*c);
  CHECK(all.find("whose sine has no cosine beside it") != std::string::npos);
  CHECK(all.find("{{") == std::string::npos);
  // The layouts step's question: asked, its choices listed, the answer folded away.
  CHECK(all.find(
            "<details><summary>Answer</summary>\n\n**The codes no longer match, and nothing complains**") !=
        std::string::npos);
}

TEST_CASE("at lang=zh the notebook's text and the pictures' labels are Chinese") {
  const Notebook nb = build("lesson=sinusoidal&lang=zh");
  std::string markdown, code;
  for (const JsonValue* c : nb.cells)
    (c->find("cell_type")->string == "markdown" ? markdown : code) += source(*c);
  CHECK(markdown.find("# 正弦位置编码公式") == 0);
  CHECK(markdown.find("## 1. 一张只需算一次的表") != std::string::npos);
  CHECK(markdown.find(ui::tr(1, "Open this step in posenc")) != std::string::npos);
  CHECK(markdown.find("The original Transformer") == std::string::npos);
  CHECK(code.find("\"" + std::string(ui::tr(1, "dimension")) + "\"") != std::string::npos);
  CHECK(code.find("_(\"") == std::string::npos);  // every label translated
  CHECK(nb.parsed.value.find("metadata")->find("posenc")->find("lang")->string == "zh");
}

TEST_CASE("a lesson without a recipe still gets its text, settings and code, and says what is not drawn") {
  app::AppState s;
  app::init(s);
  // A lesson without a recipe (so far), if one is left.
  int lesson = -1;
  for (int i = 0; i < static_cast<int>(lessons::lesson_table().size()); ++i)
    if (!content::notebook_snippet(lessons::lesson_table()[i].id)) lesson = i;
  if (lesson >= 0) {
    const std::vector<std::string> todo = app::notebook_todo(s, lesson);
    CHECK(todo.size() == app::doc_for(s, lesson).steps.size());
    const Notebook nb = build("lesson=" + std::string(lessons::lesson_table()[lesson].id));
    for (const std::string& step : todo) {
      CAPTURE(step);
      const JsonValue* cell = cell_with(nb, "step", step);
      REQUIRE(cell);
      CHECK(source(*cell).find("posenc_todo(\"" + step + "\")") != std::string::npos);
    }
    CHECK(cell_with(nb, "code") != nullptr);
  }
  // A lesson with a recipe leaves none of its steps out, in either language.
  for (int i = 0; i < static_cast<int>(lessons::lesson_table().size()); ++i) {
    if (!content::notebook_snippet(lessons::lesson_table()[i].id)) continue;
    CAPTURE(lessons::lesson_table()[i].id);
    for (const char* lang : {"en", "zh"}) {
      app::set_language(s, lang);
      CHECK(app::notebook_todo(s, i).empty());
    }
  }
}

TEST_CASE("the settings cell writes every kind of parameter as Python: text, flag, order") {
  const Notebook nb = build("lesson=order&text=say%20%22hi%22%20%5C%20now&pe=1&seed=3");
  const std::string p = source(*cell_with(nb, "params"));
  CHECK(p.find("    \"text\": \"say \\\"hi\\\" \\\\ now\",\n") != std::string::npos);
  CHECK(p.find("    \"pe\": True,\n") != std::string::npos);
  CHECK(p.find("    \"seed\": 3,\n") != std::string::npos);
  CHECK(p.find("    \"order\": [") != std::string::npos);
}

TEST_CASE("posenc.notebook(id): the notebook's text, or {error} for an unknown lesson") {
  app::AppState s;
  app::init(s);
  const std::string text = app::notebook_json(s, "rope", "");
  CHECK(text.rfind("{\"cells\":", 0) == 0);
  CHECK(text.find("(<index.html#lesson=rope&step=0&") != std::string::npos);  // no page: a relative link
  const std::string bad = app::notebook_json(s, "nope", "");
  const core::JsonParse parsed = core::parse_json(bad);
  REQUIRE(parsed.ok());
  REQUIRE(parsed.value.find("error"));
  CHECK(parsed.value.find("error")->string.find("unknown lesson 'nope'") != std::string::npos);
}

TEST_CASE(
    "every label a recipe draws is a catalogue key with its Chinese, so a notebook at lang=zh is Chinese") {
  for (const auto& entry : lessons::lesson_table()) {
    const content::CodeSnippet* recipe = content::notebook_snippet(entry.id);
    if (!recipe) continue;
    CAPTURE(entry.id);
    std::string code;  // the cells (the file's header is no cell)
    for (const app::RecipeCell& c : app::recipe_cells(recipe->text)) code += c.code;
    // Every label read as one (none left for Python to call), and each has its Chinese.
    CHECK(app::translate_labels(code, 0).find("_(\"") == std::string::npos);
    for (size_t at = 0; (at = code.find("_(\"", at)) != std::string::npos; at += 3) {
      const size_t end = code.find("\")", at);
      REQUIRE(end != std::string::npos);
      std::string key = code.substr(at + 3, end - at - 3);
      for (size_t q; (q = key.find("\\\"")) != std::string::npos;) key.erase(q, 1);
      CAPTURE(key);
      // Chinese of its own, unless it holds only what a Chinese learner sees in English on purpose.
      if (std::string(ui::tr(1, key.c_str())) == key) CHECK(test::english_runs(key).empty());
    }
  }
}
