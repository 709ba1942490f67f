// Lesson text written as Markdown (CommonMark, as Jupyter renders it), for a lesson's notebook: the runs
// and blocks the page shows under the current settings, placeholders filled, conditions resolved. Pure
// text handling, no UI.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "document.hpp"

namespace posenc::content {

using Lookup = std::function<std::string(std::string_view)>;

// `text` so that Markdown shows it as written: every character CommonMark (or Jupyter's $…$ formulas, or
// inline HTML) would read as markup is escaped with a backslash.
std::string markdown_escape(std::string_view text);

// `code` as an inline code span: in backticks, more of them when the code holds some.
std::string markdown_code(std::string_view code);

// A block's runs as one line of Markdown: **strong**, `code`, formulas as typed (their grouping braces
// dropped, {1}/{d} → 1/d, but a super- or subscript's kept as parentheses, e^{iφ} → e^(iφ); placeholders
// inside filled), {{placeholders}} filled by `lookup`, the parts
// whose condition fails left out (as content::visible_runs).
std::string markdown_runs(const std::vector<Run>& runs, const Lookup& lookup);

// Blocks as Markdown: paragraphs, "- " bullets and "> " notes, blank lines between them (consecutive
// bullets stay one list); a block left empty by its conditions is skipped.
std::string markdown_blocks(const std::vector<Block>& blocks, const Lookup& lookup);

// A question as the page asks it: the prompt, its choices as a list, and the answer (the right choice and
// the explanation) folded inside <details>, titled `answer_title`.
std::string markdown_question(const Question& q, const Lookup& lookup, std::string_view answer_title);

}  // namespace posenc::content
