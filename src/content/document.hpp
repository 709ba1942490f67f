// Lesson text: parsing content/<lang>/<id>.md into a title and steps, and each step's body into
// blocks of inline runs (plain, **strong**, `code`, $math$, {{placeholder}}). Pure text handling, no UI.
//
// File format:
//   # Lesson title
//   ## Step: First step title {#first}
//   ({#id}: the step's stable id — lower-case letters, digits, '-' — the same in every language; the
//   lesson's code registers its visual under it.)
//   Paragraphs, "- " bullet items, "> " notes. Blank lines separate blocks.
//   A step may ask the learner to predict before the visual shows the answer:
//     ?? The question
//     ?- a wrong choice
//     ?+ the right choice (exactly one)
//     ?= what the visual shows, revealed after the learner commits
//   The step's text after the question (and its visual) stays hidden until then.
//   Text that holds only under some settings: {{?name}}shown when name is true{{/}} and
//   {{?!name}}shown when it is false{{/}} (a clause, a sentence or a whole block; not nested). `name` is
//   a placeholder whose value is "1" or "0", e.g. a flag parameter or a condition the lesson computes.
//   ## Step: Second step title {#second}
//   …
// Anything else at heading level, text before the first step, or unbalanced markup is an error
// reported with file:line.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::content {

// When / End bracket a conditional part: When's text is a condition name ("!name": its negation).
enum class RunKind { Text, Strong, Code, Math, Placeholder, When, End };

struct Run {
  RunKind kind = RunKind::Text;
  std::string text;  // for Placeholder: its name
};

enum class BlockKind { Paragraph, Bullet, Note };

struct Block {
  BlockKind kind = BlockKind::Paragraph;
  std::vector<Run> runs;
  int line = 0;  // 1-based line in the file where the block starts
};

// Predict, then reveal: a question with choices, one of them right, and the explanation shown after.
struct Question {
  std::vector<Run> prompt;
  std::vector<std::vector<Run>> choices;
  int answer = -1;  // index into choices
  std::vector<Run> explanation;
  int line = 0;
  size_t reveal_from = 0;  // the step's blocks from this index on come after the question
};

struct Step {
  std::string title;
  std::vector<Block> blocks;
  int line = 0;
  std::vector<Question> questions;  // at most one
  std::string id;                   // from "{#id}" at the end of the heading
};

struct Document {
  std::string title;
  std::vector<Step> steps;
};

struct Error {
  std::string file;
  int line = 0;
  std::string message;
  std::string str() const;  // "file:line: message"
};

struct ParseResult {
  Document doc;
  std::vector<Error> errors;
  bool ok() const { return errors.empty(); }
};

ParseResult parse_document(std::string_view text, std::string_view file);

// Inline markup of one block's text. Errors are appended with the given line.
std::vector<Run> parse_inline(std::string_view text, std::string_view file, int line,
                              std::vector<Error>& errors);

// Every placeholder name used in a document, in order of appearance (with repeats).
struct PlaceholderUse {
  std::string name;
  int line = 0;
  bool condition = false;  // used as {{?name}}: its value must be "1" or "0"
};
std::vector<PlaceholderUse> placeholders(const Document& doc);

// True when a condition placeholder's value means "yes" ("1" or "true").
bool truthy(std::string_view value);

// Numbers in running text as a reader writes them: C's e-notation (6.29e+05, 1.11e-16) becomes
// 6.29×10⁵, 1.11×10⁻¹⁶; everything else, and a number inside a word or a name (base1e+06), is kept.
std::string readable_exponents(std::string_view text);

// A formula's (or any text's) {{name}}s replaced by their values from `lookup`; a name without a value
// stays as written.
std::string fill_placeholders(std::string_view text,
                              const std::function<std::string(std::string_view)>& lookup);

// The runs as shown under the current settings: conditional parts whose condition fails are dropped,
// and the When / End markers with them.
std::vector<Run> visible_runs(const std::vector<Run>& runs,
                              const std::function<std::string(std::string_view)>& lookup);

// The runs as plain text (placeholders filled by `lookup`, conditional parts resolved). Formulas are
// written as typed, their grouping braces dropped ({1}/{d} → 1/d); with `speak_lang` 0 (English) or 1
// (Chinese) they are said in words instead (content/speech.hpp; {{name}} inside one filled first).
std::string plain_runs(const std::vector<Run>& runs,
                       const std::function<std::string(std::string_view)>& lookup, int speak_lang = -1);

// The blocks as plain text (placeholders filled by `lookup`), one line per block (a block left empty by
// its conditions is skipped): for screen readers (formulas spoken: `speak_lang` as above) and the
// browser's find-in-page.
std::string plain_text(const std::vector<Block>& blocks,
                       const std::function<std::string(std::string_view)>& lookup, int speak_lang = -1);

}  // namespace posenc::content
