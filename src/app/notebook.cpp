#include "notebook.hpp"

#include <cstdio>

#include "content/code.hpp"
#include "content/markdown.hpp"
#include "json.hpp"
#include "ui/colormap.hpp"
#include "ui/i18n.hpp"
#include "ui/line_plot.hpp"

namespace posenc::app {
namespace {

constexpr std::string_view kMarker = "# %%";

// A cell's source as nbformat keeps it: its lines, each but the last with its "\n".
void source(Json& j, std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  j.key("source").begin_array();
  for (size_t at = 0; at < text.size();) {
    const size_t end = text.find('\n', at);
    const size_t next = end == std::string_view::npos ? text.size() : end + 1;
    j.str(text.substr(at, next - at));
    at = next;
  }
  j.end_array();
}

void markdown_cell(Json& j, std::string_view text) {
  j.begin_object().key("cell_type").str("markdown").key("metadata").begin_object().end_object();
  source(j, text);
  j.end_object();
}

// A code cell; `role` ("params", "data", "helpers", "code", "setup" or "step") and, for a step, its id go
// into the cell's metadata, where a reader (the tests) finds the cell whose output is the step's numbers.
void code_cell(Json& j, std::string_view text, std::string_view role, std::string_view step = {}) {
  j.begin_object().key("cell_type").str("code").key("execution_count").null();
  j.key("metadata").begin_object().key("posenc").begin_object().key("role").str(role);
  if (!step.empty()) j.key("step").str(step);
  j.end_object().end_object();
  j.key("outputs").begin_array().end_array();
  source(j, text);
  j.end_object();
}

// A parameter's value as a Python literal.
std::string python_value(const lessons::ParamValue& p) {
  switch (p.kind) {
    case lessons::ParamKind::Integer:
      return lessons::format_number(p.number);
    case lessons::ParamKind::Real: {
      std::string n = core::exact_number(p.number);
      if (n.find_first_of(".e") == std::string::npos) n += ".0";  // a float in Python too
      return n;
    }
    case lessons::ParamKind::Flag:
      return p.number != 0 ? "True" : "False";
    case lessons::ParamKind::Text:
    case lessons::ParamKind::Choice:
      return python_string(p.text);
    case lessons::ParamKind::Order: {
      std::string list = "[";
      for (size_t i = 0; i < p.list.size(); ++i) list += (i ? ", " : "") + std::to_string(p.list[i]);
      return list + "]";
    }
  }
  return "None";
}

// The page's diverging colour map (its stops) and line colours, for the helpers.
std::string page_colours() {
  int count = 0;
  const ui::ColorStop* stops = ui::diverging_stops(&count);
  std::string out =
      "# The page's colour map (src/ui/colormap.cpp: t from -1 to 1, RGB) and line colours "
      "(src/ui/line_plot.cpp).\nPOSENC_DIVERGING = [";
  char buf[96];
  for (int i = 0; i < count; ++i) {
    std::snprintf(buf, sizeof buf, "%s(%.6g, (%.6g, %.6g, %.6g))", i ? ", " : "", stops[i].t, stops[i].c.r,
                  stops[i].c.g, stops[i].c.b);
    out += buf;
  }
  out += "]\nPOSENC_PALETTE = [";
  for (int i = 0; i < 8; ++i) {
    const unsigned c = ui::palette(i);  // ABGR
    std::snprintf(buf, sizeof buf, "%s\"#%02x%02x%02x\"", i ? ", " : "", c & 0xFF, (c >> 8) & 0xFF,
                  (c >> 16) & 0xFF);
    out += buf;
  }
  return out + "]\n\n";
}

// A link in Markdown to `url` (angle brackets: a URL with parentheses stays one link).
std::string link(std::string_view text, std::string_view url) {
  std::string safe;
  for (char c : url) {
    if (c == ' ')
      safe += "%20";
    else if (c == '<')
      safe += "%3C";
    else if (c == '>')
      safe += "%3E";
    else if (c != '\n' && c != '\r')
      safe += c;
  }
  return "[" + content::markdown_escape(text) + "](<" + safe + ">)";
}

const RecipeCell* find_cell(const std::vector<RecipeCell>& cells, std::string_view name) {
  for (const RecipeCell& c : cells)
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace

std::vector<RecipeCell> recipe_cells(std::string_view recipe) {
  std::vector<RecipeCell> cells;
  for (size_t at = 0; at < recipe.size();) {
    const size_t end = recipe.find('\n', at);
    const size_t next = end == std::string_view::npos ? recipe.size() : end + 1;
    const std::string_view line = recipe.substr(at, next - at);
    if (line.substr(0, kMarker.size()) == kMarker) {
      std::string_view name = line.substr(kMarker.size());
      while (!name.empty() && (name.front() == ' ')) name.remove_prefix(1);
      while (!name.empty() && (name.back() == '\n' || name.back() == ' ' || name.back() == '\r'))
        name.remove_suffix(1);
      cells.push_back({std::string(name), {}});
    } else if (!cells.empty()) {
      cells.back().code.append(line);
    }
    at = next;
  }
  return cells;
}

std::string python_string(std::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c == 0x7F) {
      char b[8];
      std::snprintf(b, sizeof b, "\\x%02x", c);
      out += b;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string translate_labels(std::string_view code, int lang) {
  std::string out;
  size_t at = 0;
  for (size_t open; (open = code.find("_(\"", at)) != std::string_view::npos;) {
    const char before = open > 0 ? code[open - 1] : ' ';
    const bool word = (before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') ||
                      (before >= '0' && before <= '9') || before == '_' || before == '.';
    // The literal's text: \" and \\ read as themselves; it ends at the first other quote, on its line.
    std::string key;
    size_t k = open + 3;
    for (; k < code.size() && code[k] != '"' && code[k] != '\n'; ++k) {
      if (code[k] == '\\' && k + 1 < code.size() && (code[k + 1] == '"' || code[k + 1] == '\\'))
        ++k;
      else if (code[k] == '\\')
        break;  // another escape: not a label this reads
      key += code[k];
    }
    const bool label = !word && !key.empty() && k + 1 < code.size() && code[k] == '"' && code[k + 1] == ')';
    if (!label) {
      out.append(code.substr(at, open + 3 - at));
      at = open + 3;
      continue;
    }
    out.append(code.substr(at, open - at));
    out += python_string(ui::tr(lang, key.c_str()));
    at = k + 2;
  }
  out.append(code.substr(at));
  return out;
}

std::vector<std::string> notebook_todo(const AppState& s, int lesson) {
  const std::string_view id = lessons::lesson_table()[lesson].id;
  const content::CodeSnippet* recipe = content::notebook_snippet(id);
  const std::vector<RecipeCell> cells = recipe ? recipe_cells(recipe->text) : std::vector<RecipeCell>{};
  std::vector<std::string> todo;
  for (const content::Step& step : doc_for(s, lesson).steps)
    if (!find_cell(cells, "step " + step.id)) todo.push_back(step.id);
  return todo;
}

std::string notebook(AppState& s, int index, std::string_view page_url) {
  const lessons::LessonEntry& entry = lessons::lesson_table()[index];
  const content::CodeSnippet* helpers = content::notebook_snippet("_helpers");
  if (!helpers) return {};
  const content::CodeSnippet* recipe = content::notebook_snippet(entry.id);
  const content::CodeSnippet* code = content::python_snippet(entry.id);
  const std::vector<RecipeCell> cells = recipe ? recipe_cells(recipe->text) : std::vector<RecipeCell>{};
  const int lang = lang_index(s);
  lessons::Lesson& lesson = lesson_at(s, index);
  const content::Document& doc = doc_for(s, index);
  // Everything a step's text quotes, computed as if each step were shown.
  for (const content::Step& step : doc.steps) lesson.prepare(step.id);
  // The text as a wide screen with a mouse shows it (a notebook is neither a phone nor touched).
  const content::Lookup lookup = [&](std::string_view name) {
    return name == "narrow" || name == "touch" ? std::string("0") : lesson.placeholder(name);
  };
  const std::string base = page_url.empty() ? std::string("index.html") : std::string(page_url);
  const auto url = [&](int step) { return base + "#" + lesson_hash(s, index, step); };
  const std::vector<lessons::ParamValue> params = lessons::read_params(lesson);

  Json j;
  j.begin_object().key("cells").begin_array();
  // The title: the lesson, its settings, a link to this view, how to use the notebook.
  std::string title = "# " + content::markdown_escape(doc.title) + "\n\n**posenc** \xC2\xB7 " +
                      content::markdown_escape(ui::trf(lang, "lesson %d of %d", index + 1,
                                                       static_cast<int>(lessons::lesson_table().size()))) +
                      " \xC2\xB7 " + content::markdown_code(entry.id) + "\n\n" +
                      content::markdown_escape(ui::tr(lang, "Settings")) +
                      (lang == 1 ? "\xEF\xBC\x9A" : ": ");
  for (size_t i = 0; i < params.size(); ++i)
    title +=
        (i ? ", " : "") + content::markdown_code(params[i].name + " = " + lessons::to_hash_string(params[i]));
  const int shown = s.lesson == index ? s.step : 0;
  title +=
      "\n\n" + link(ui::tr(lang, "Open this view in posenc"), url(shown)) + "\n\n" +
      content::markdown_escape(ui::tr(lang,
                                      "Run all cells (Python 3 with NumPy and Matplotlib): each step draws "
                                      "its picture again at these settings, and its last line prints the "
                                      "numbers the page shows."));
  markdown_cell(j, title);
  std::string settings = "# " +
                         std::string(ui::tr(lang,
                                            "The settings (as the page's URL names them): change "
                                            "them, then run all cells again.")) +
                         "\nparams = {\n";
  for (const lessons::ParamValue& p : params)
    settings += "    " + python_string(p.name) + ": " + python_value(p) + ",\n";
  code_cell(j, settings + "}", "params");
  if (const std::string data = lesson.notebook_data(); !data.empty()) code_cell(j, data, "data");
  code_cell(j, page_colours() + std::string(helpers->text), "helpers");
  if (code)
    code_cell(j,
              "# " + std::string(code->file) + ": " +
                  ui::tr(lang, "the lesson's NumPy code, as the code panel shows it") + "\n" +
                  std::string(code->text),
              "code");
  if (const RecipeCell* setup = find_cell(cells, "setup"))
    code_cell(j, translate_labels(setup->code, lang), "setup");

  for (int k = 0; k < static_cast<int>(doc.steps.size()); ++k) {
    const content::Step& step = doc.steps[k];
    std::string text = "## " + std::to_string(k + 1) + ". " + content::markdown_escape(step.title) + "\n\n";
    const content::Question* q = step.questions.empty() ? nullptr : &step.questions.front();
    const size_t split = q ? std::min(q->reveal_from, step.blocks.size()) : step.blocks.size();
    const auto add = [&](const std::string& part) {
      if (!part.empty()) text += part + "\n\n";
    };
    add(content::markdown_blocks({step.blocks.begin(), step.blocks.begin() + split}, lookup));
    if (q) add(content::markdown_question(*q, lookup, ui::tr(lang, "Answer")));
    add(content::markdown_blocks({step.blocks.begin() + split, step.blocks.end()}, lookup));
    const RecipeCell* cell = find_cell(cells, "step " + step.id);
    if (!cell)
      add("> " + content::markdown_escape(
                     ui::tr(lang, "This notebook does not draw this step's picture again yet.")));
    text += link(ui::tr(lang, "Open this step in posenc"), url(k));
    markdown_cell(j, text);
    if (cell) {
      code_cell(j, translate_labels(cell->code, lang), "step", step.id);
    } else {
      code_cell(j,
                "# " +
                    std::string(ui::tr(lang, "This notebook does not draw this step's picture again yet.")) +
                    "\nposenc_todo(" + python_string(step.id) + ")",
                "step", step.id);
    }
  }
  j.end_array();
  j.key("metadata").begin_object();
  j.key("kernelspec").begin_object().key("display_name").str("Python 3").key("language").str("python");
  j.key("name").str("python3").end_object();
  j.key("language_info").begin_object().key("codemirror_mode").begin_object().key("name").str("ipython");
  j.key("version").num(3).end_object().key("file_extension").str(".py").key("mimetype").str("text/x-python");
  j.key("name").str("python").key("nbconvert_exporter").str("python").key("pygments_lexer").str("ipython3");
  j.end_object();
  j.key("posenc").begin_object().key("lesson").str(entry.id).key("lang").str(s.lang);
  j.key("hash").str(lesson_hash(s, index, shown)).end_object();
  j.end_object();
  j.key("nbformat").num(4).key("nbformat_minor").num(4);
  j.end_object();
  return j.text();
}

}  // namespace posenc::app
