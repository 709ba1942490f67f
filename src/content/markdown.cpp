#include "markdown.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace posenc::content {
namespace {

// A line that would start a heading ("# "), a list ("- ", "+ ", "1. ", "1) "), a quote (">"), a thematic
// break or a setext underline ("---", "==="): its marker escaped.
std::string safe_line_start(std::string line) {
  const size_t first = line.find_first_not_of(' ');
  if (first == std::string::npos) return line;
  const auto ends_marker = [&](size_t k) { return k >= line.size() || line[k] == ' '; };
  const char c = line[first];
  size_t k = first;
  while (k < line.size() && line[k] == c) ++k;
  const bool only = line.find_first_not_of(std::string(1, c) + " ", first) == std::string::npos;
  if ((c == '#' && ends_marker(k)) || c == '>' ||
      ((c == '-' || c == '+') && (ends_marker(first + 1) || only)) || (c == '=' && only)) {
    line.insert(first, "\\");
  } else if (c >= '0' && c <= '9') {
    k = first;
    while (k < line.size() && line[k] >= '0' && line[k] <= '9') ++k;
    if (k < line.size() && (line[k] == '.' || line[k] == ')') && ends_marker(k + 1)) line.insert(k, "\\");
  }
  return line;
}

// The line in bold, unless it holds bold text of its own (emphasis does not nest that way).
std::string bold(const std::string& line) {
  return line.empty() || line.find("**") != std::string::npos ? line : "**" + line + "**";
}

}  // namespace

std::string markdown_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  for (char c : text) {
    if (c == '\n' || c == '\r') {  // a block is one line: a break inside would start a new one
      out += ' ';
      continue;
    }
    // Emphasis, code, links, HTML, entities, tables, strikethrough, and Jupyter's $…$ formulas.
    if (std::strchr("\\`*_[]<>$|~&", c)) out += '\\';
    out += c;
  }
  return out;
}

std::string markdown_code(std::string_view code) {
  // The longest run of backticks inside decides the fence: one more.
  size_t longest = 0, run = 0;
  for (char c : code) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  std::string body(code);
  std::replace(body.begin(), body.end(), '\n', ' ');
  // A span that starts or ends with a backtick (or a space) needs a space inside the fence.
  const bool pad = longest > 0 || (!body.empty() && (body.front() == ' ' || body.back() == ' '));
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string markdown_runs(const std::vector<Run>& runs, const Lookup& lookup) {
  std::string out;
  for (const Run& r : visible_runs(runs, lookup)) {
    switch (r.kind) {
      case RunKind::Text:
        out += markdown_escape(r.text);
        break;
      case RunKind::Strong:
        out += "**" + markdown_escape(r.text) + "**";
        break;
      case RunKind::Code:
        out += markdown_code(r.text);
        break;
      case RunKind::Math: {   // as typed, its grouping braces dropped ({1}/{d} → 1/d), but a script's group
        std::string formula;  // kept in parentheses (e^{i m θ} → e^(i m θ))
        std::vector<bool> kept;
        for (char c : fill_placeholders(r.text, lookup)) {
          if (c == '{') {
            kept.push_back(!formula.empty() && (formula.back() == '^' || formula.back() == '_'));
            if (kept.back()) formula += '(';
          } else if (c == '}') {
            if (!kept.empty() && kept.back()) formula += ')';
            if (!kept.empty()) kept.pop_back();
          } else {
            formula += c;
          }
        }
        out += markdown_escape(formula);
        break;
      }
      case RunKind::Placeholder:
        out += markdown_escape(lookup ? lookup(r.text) : std::string());
        break;
      case RunKind::When:
      case RunKind::End:
        break;  // resolved by visible_runs
    }
  }
  const size_t end = out.find_last_not_of(' ');
  out.erase(end == std::string::npos ? 0 : end + 1);
  return safe_line_start(out);
}

std::string markdown_blocks(const std::vector<Block>& blocks, const Lookup& lookup) {
  std::string out;
  BlockKind last = BlockKind::Paragraph;
  for (const Block& b : blocks) {
    const std::string line = markdown_runs(b.runs, lookup);
    if (line.empty()) continue;  // nothing of it holds here
    if (!out.empty()) out += b.kind == BlockKind::Bullet && last == BlockKind::Bullet ? "\n" : "\n\n";
    if (b.kind == BlockKind::Bullet) out += "- ";
    if (b.kind == BlockKind::Note) out += "> ";
    out += line;
    last = b.kind;
  }
  return out;
}

std::string markdown_question(const Question& q, const Lookup& lookup, std::string_view answer_title) {
  std::string out = bold(markdown_runs(q.prompt, lookup)) + "\n";
  for (const auto& choice : q.choices) out += "\n- " + markdown_runs(choice, lookup);
  out += "\n\n<details><summary>" + markdown_escape(answer_title) + "</summary>\n\n";
  if (q.answer >= 0 && q.answer < static_cast<int>(q.choices.size()))
    out += bold(markdown_runs(q.choices[q.answer], lookup)) + "\n\n";
  const std::string explanation = markdown_runs(q.explanation, lookup);
  if (!explanation.empty()) out += explanation + "\n\n";
  return out + "</details>";
}

}  // namespace posenc::content
