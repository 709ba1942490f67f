// A lesson as a Jupyter notebook (nbformat 4.4 JSON): its steps' text at the current settings as Markdown,
// the settings as a `params` cell (and a `data` cell: what the lesson read or trained), the notebooks'
// helpers (the page's colour map and palette), the lesson's NumPy code, and per step the cell of its recipe
// (content/notebooks/<id>.py) that draws the step's picture again with matplotlib and prints the numbers the
// page shows — with links back to the page. The "↓ .ipynb" button and posenc.notebook(id) both write it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app.hpp"

namespace posenc::app {

// One cell of a recipe: its name ("setup", "step <id>") and its code.
struct RecipeCell {
  std::string name;
  std::string code;
};
// A recipe in jupytext's "percent" format: each cell starts at a line "# %% <name>"; what comes before the
// first such line (the file's own header) is not a cell.
std::vector<RecipeCell> recipe_cells(std::string_view recipe);

// `code` with every _("English") replaced by a Python string literal of its words in language `lang`
// (the catalogue's: the page's own labels). The English may hold \" and \\, no other escape.
std::string translate_labels(std::string_view code, int lang);

// A Python string literal of `text` (UTF-8 kept, quotes, backslashes and control characters escaped).
std::string python_string(std::string_view text);

// The ids of lesson `lesson`'s steps whose picture its notebook does not draw again yet (no recipe cell).
std::vector<std::string> notebook_todo(const AppState& s, int lesson);

// Lesson `lesson` as a notebook at its current settings in the learner's language: the JSON text.
// Its links open the page at `page_url` (the site's address without its hash; "" writes a relative
// "index.html"). Empty when the code it is built from is not here (the site's code.txt not loaded).
std::string notebook(AppState& s, int lesson, std::string_view page_url);

}  // namespace posenc::app
