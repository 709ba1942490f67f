#include "document.hpp"

#include <algorithm>
#include <cctype>

#include "speech.hpp"
#include "utf8.hpp"

namespace posenc::content {
namespace {

constexpr std::string_view kStepMarker = "## Step:";

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool valid_placeholder_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
          c == '_'))
      return false;
  return true;
}

bool valid_step_id(std::string_view id) {
  if (id.empty() || id.size() > 32) return false;
  for (char c : id)
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
          c == '-'))
      return false;
  return true;
}

// Collects the lines of the block being read, then parses its inline markup.
struct BlockBuilder {
  BlockKind kind = BlockKind::Paragraph;
  std::string text;
  int line = 0;
  bool open = false;

  void start(BlockKind k, std::string_view first, int at) {
    kind = k;
    text.assign(first);
    line = at;
    open = true;
  }
  void append(std::string_view more) {
    // Lines join with a space, except between two non-ASCII (e.g. Chinese) characters, where a space
    // would show as a gap in the middle of a sentence, and after Chinese punctuation (。，：), which
    // carries its own space. Conditional parts' markers at the join are looked past.
    std::string_view before = text, after = more;
    while (before.size() >= 5 && before.substr(before.size() - 5) == "{{/}}") before.remove_suffix(5);
    while (after.substr(0, 3) == "{{?" && after.find("}}") != std::string_view::npos)
      after.remove_prefix(after.find("}}") + 2);
    const auto wide = [](std::string_view s, size_t i) {
      return i < s.size() && static_cast<unsigned char>(s[i]) >= 0x80;
    };
    // U+3000…U+303F (。、「」) as E3 80 xx, U+FF00…U+FF7F (，：；！？（）) as EF BC xx / EF BD xx.
    const auto byte = [&](size_t from_end) {
      return static_cast<unsigned char>(before[before.size() - from_end]);
    };
    const bool cjk_mark = before.size() >= 3 && ((byte(3) == 0xE3 && byte(2) == 0x80) ||
                                                 (byte(3) == 0xEF && (byte(2) == 0xBC || byte(2) == 0xBD)));
    if (!(cjk_mark || (wide(before, before.size() - 1) && wide(after, 0)))) text += ' ';
    text += more;
  }
  void flush(Step* step, std::string_view file, std::vector<Error>& errors) {
    if (!open) return;
    open = false;
    if (!step) return;
    Block b;
    b.kind = kind;
    b.line = line;
    b.runs = parse_inline(text, file, line, errors);
    step->blocks.push_back(std::move(b));
  }
};

}  // namespace

std::string Error::str() const { return file + ":" + std::to_string(line) + ": " + message; }

std::vector<Run> parse_inline(std::string_view text, std::string_view file, int line,
                              std::vector<Error>& errors) {
  std::vector<Run> runs;
  std::string plain;
  auto flush_plain = [&] {
    if (!plain.empty()) runs.push_back({RunKind::Text, std::move(plain)});
    plain.clear();
  };
  auto error = [&](std::string msg) { errors.push_back({std::string(file), line, std::move(msg)}); };

  bool in_condition = false;
  size_t i = 0;
  while (i < text.size()) {
    if (text.substr(i, 3) == "{{?") {  // a conditional part begins: {{?name}} or {{?!name}}
      const size_t end = text.find("}}", i);
      std::string name(text.substr(i + 3, end == std::string_view::npos ? 0 : end - i - 3));
      const bool negated = !name.empty() && name[0] == '!';
      if (end == std::string_view::npos || !valid_placeholder_name(negated ? name.substr(1) : name))
        error("a condition is written {{?name}} or {{?!name}} with a lower-case name");
      if (in_condition) error("conditions do not nest: close the first with {{/}}");
      in_condition = true;
      flush_plain();
      runs.push_back({RunKind::When, std::move(name)});
      i = end == std::string_view::npos ? text.size() : end + 2;
      continue;
    }
    if (text.substr(i, 5) == "{{/}}") {
      if (!in_condition) error("'{{/}}' without a condition to close");
      in_condition = false;
      flush_plain();
      runs.push_back({RunKind::End, {}});
      i += 5;
      continue;
    }
    auto closing = [&](std::string_view open, std::string_view close, RunKind kind,
                       const char* what) -> bool {
      if (text.substr(i, open.size()) != open) return false;
      const size_t end = text.find(close, i + open.size());
      if (end == std::string_view::npos) {
        error(std::string("unclosed ") + what + " (missing '" + std::string(close) + "')");
        plain += text.substr(i);
        i = text.size();
        return true;
      }
      std::string inner(text.substr(i + open.size(), end - i - open.size()));
      if (inner.empty()) error(std::string("empty ") + what);
      if (kind == RunKind::Strong && inner.find("{{") != std::string::npos)
        error("a {{placeholder}} inside bold text is not filled in; put it outside the ** **");
      if (kind == RunKind::Placeholder && !valid_placeholder_name(inner))
        error("placeholder name '" + inner + "' must be lower-case letters, digits or '_'");
      flush_plain();
      runs.push_back({kind, std::move(inner)});
      i = end + close.size();
      return true;
    };
    if (text[i] == '\\' && i + 1 < text.size()) {  // escaped markup character
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (closing("{{", "}}", RunKind::Placeholder, "placeholder")) continue;
    if (closing("**", "**", RunKind::Strong, "bold text")) continue;
    if (closing("`", "`", RunKind::Code, "code")) continue;
    if (closing("$", "$", RunKind::Math, "formula")) continue;
    if (text.substr(i, 2) == "}}") error("'}}' without '{{'");
    plain += text[i];
    ++i;
  }
  if (in_condition) error("a condition is not closed with {{/}}");
  flush_plain();
  return runs;
}

ParseResult parse_document(std::string_view text, std::string_view file) {
  ParseResult result;
  auto& errors = result.errors;
  auto error = [&](int line, std::string msg) {
    errors.push_back({std::string(file), line, std::move(msg)});
  };

  Step* step = nullptr;
  BlockBuilder block;
  int line_no = 0;
  bool have_title = false;
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t nl = text.find('\n', pos);
    std::string_view raw = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    const std::string_view line = trim(raw);

    if (line.empty()) {
      block.flush(step, file, errors);
      continue;
    }
    if (!have_title) {
      if (starts_with(line, "# ") && !trim(line.substr(2)).empty()) {
        result.doc.title = std::string(trim(line.substr(2)));
        have_title = true;
      } else {
        error(line_no, "the file must start with the lesson title as '# Title'");
        have_title = true;  // report once
      }
      continue;
    }
    if (starts_with(line, kStepMarker)) {
      block.flush(step, file, errors);
      std::string_view title = trim(line.substr(kStepMarker.size()));
      std::string id;
      const size_t brace = title.rfind("{#");
      if (brace == std::string_view::npos || title.back() != '}') {
        error(line_no, "step heading without an id: end it with {#some-id}");
      } else {
        id = std::string(title.substr(brace + 2, title.size() - brace - 3));
        title = trim(title.substr(0, brace));
        if (!valid_step_id(id))
          error(line_no, "step id '" + id + "': use lower-case letters, digits and '-'");
        for (const Step& other : result.doc.steps)
          if (other.id == id) error(line_no, "step id '" + id + "' is used twice");
      }
      if (title.empty()) error(line_no, "step heading without a title");
      result.doc.steps.push_back({std::string(title), {}, line_no, {}, id});
      step = &result.doc.steps.back();
      continue;
    }
    if (line[0] == '#') {
      error(line_no, "unexpected heading; steps start with '" + std::string(kStepMarker) + " Title'");
      continue;
    }
    if (!step) {
      error(line_no, "text before the first '" + std::string(kStepMarker) + "' heading");
      continue;
    }
    if (line.size() >= 2 && line[0] == '?' &&
        std::string_view("?-+=").find(line[1]) != std::string_view::npos) {
      block.flush(step, file, errors);
      const std::string_view body = trim(line.substr(2));
      std::vector<Question>& qs = step->questions;
      if (line[1] == '?') {
        if (!qs.empty()) error(line_no, "one question per step");
        qs.push_back({parse_inline(body, file, line_no, errors), {}, -1, {}, line_no, step->blocks.size()});
      } else if (qs.empty()) {
        error(line_no, "'" + std::string(line.substr(0, 2)) + "' before the question ('?? Question')");
      } else if (line[1] == '=') {
        std::vector<Run> more = parse_inline(body, file, line_no, errors);
        if (!qs.back().explanation.empty()) qs.back().explanation.push_back({RunKind::Text, " "});
        qs.back().explanation.insert(qs.back().explanation.end(), more.begin(), more.end());
      } else {
        if (line[1] == '+') {
          if (qs.back().answer >= 0) error(line_no, "a question has exactly one right choice ('?+')");
          qs.back().answer = static_cast<int>(qs.back().choices.size());
        }
        qs.back().choices.push_back(parse_inline(body, file, line_no, errors));
      }
      continue;
    }
    if (starts_with(line, "- ")) {
      block.flush(step, file, errors);
      block.start(BlockKind::Bullet, trim(line.substr(2)), line_no);
    } else if (starts_with(line, "> ")) {
      if (block.open && block.kind == BlockKind::Note) {
        block.append(trim(line.substr(2)));
      } else {
        block.flush(step, file, errors);
        block.start(BlockKind::Note, trim(line.substr(2)), line_no);
      }
    } else if (block.open) {
      block.append(line);
    } else {
      block.start(BlockKind::Paragraph, line, line_no);
    }
  }
  block.flush(step, file, errors);

  if (!have_title)
    error(1, "empty file: expected '# Title' and at least one step");
  else if (result.doc.steps.empty())
    error(line_no, "no steps: add '" + std::string(kStepMarker) + " Title' sections");
  for (const Step& s : result.doc.steps) {
    if (s.blocks.empty()) error(s.line, "step '" + s.title + "' has no text");
    for (const Question& q : s.questions) {
      if (q.choices.size() < 2) error(q.line, "a question needs at least two choices ('?-', '?+')");
      if (q.answer < 0) error(q.line, "a question needs its right choice marked '?+'");
      if (q.explanation.empty()) error(q.line, "a question needs its explanation ('?= …')");
    }
  }
  return result;
}

std::vector<PlaceholderUse> placeholders(const Document& doc) {
  std::vector<PlaceholderUse> uses;
  auto add = [&](const std::vector<Run>& runs, int line) {
    for (const Run& r : runs) {
      if (r.kind == RunKind::Placeholder) uses.push_back({r.text, line});
      if (r.kind == RunKind::When) uses.push_back({r.text.substr(r.text[0] == '!'), line, true});
    }
  };
  for (const Step& s : doc.steps) {
    for (const Block& b : s.blocks) add(b.runs, b.line);
    for (const Question& q : s.questions) {
      add(q.prompt, q.line);
      for (const auto& c : q.choices) add(c, q.line);
      add(q.explanation, q.line);
    }
  }
  return uses;
}

bool truthy(std::string_view value) { return value == "1" || value == "true"; }

std::string readable_exponents(std::string_view text) {
  static const char* const kSuper[] = {"\xE2\x81\xB0", "\xC2\xB9",     "\xC2\xB2",     "\xC2\xB3",
                                       "\xE2\x81\xB4", "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7",
                                       "\xE2\x81\xB8", "\xE2\x81\xB9"};
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto word = [&](char c) {
    return digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  };
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    // A number starts here: a digit not inside a word or another number.
    if (!digit(text[i]) || (i > 0 && (word(text[i - 1]) || text[i - 1] == '.'))) {
      out += text[i++];
      continue;
    }
    size_t j = i;
    while (j < text.size() && digit(text[j])) ++j;
    if (j + 1 < text.size() && text[j] == '.' && digit(text[j + 1])) {
      ++j;
      while (j < text.size() && digit(text[j])) ++j;
    }
    size_t k = j;
    if (k < text.size() && (text[k] == 'e' || text[k] == 'E')) {
      ++k;
      const bool negative = k < text.size() && text[k] == '-';
      if (k < text.size() && (text[k] == '-' || text[k] == '+')) ++k;
      const size_t exp_start = k;
      while (k < text.size() && digit(text[k])) ++k;
      if (k > exp_start && (k == text.size() || !word(text[k]))) {
        out.append(text.substr(i, j - i));
        size_t first = exp_start;
        while (first + 1 < k && text[first] == '0') ++first;  // e+05 → 5
        if (!(k - first == 1 && text[first] == '0')) {        // e+00: the mantissa alone
          out +=
              "\xC3\x97"
              "10";                             // ×10
          if (negative) out += "\xE2\x81\xBB";  // ⁻
          for (size_t d = first; d < k; ++d) out += kSuper[text[d] - '0'];
        }
        i = k;
        continue;
      }
    }
    out.append(text.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<Run> visible_runs(const std::vector<Run>& runs,
                              const std::function<std::string(std::string_view)>& lookup) {
  std::vector<Run> out;
  bool shown = true, skipped = false;
  for (const Run& r : runs) {
    if (r.kind == RunKind::When) {
      const bool negated = !r.text.empty() && r.text[0] == '!';
      shown = truthy(lookup(std::string_view(r.text).substr(negated))) != negated;
      skipped |= !shown;
    } else if (r.kind == RunKind::End) {
      shown = true;
    } else if (shown) {
      out.push_back(r);
      // Where a hidden part stood between two spaces, keep one of them.
      if (skipped && out.size() > 1 && r.kind == RunKind::Text && !r.text.empty() && r.text[0] == ' ') {
        const Run& before = out[out.size() - 2];
        if (before.kind == RunKind::Text && !before.text.empty() && before.text.back() == ' ')
          out.back().text.erase(0, 1);
        if (out.back().text.empty()) out.pop_back();  // a lone space: the next part looks past it
      }
      skipped = false;
    }
  }
  // A part hidden at the start or the end leaves no stray space behind.
  if (!out.empty() && out.front().kind == RunKind::Text) {
    const size_t lead = out.front().text.find_first_not_of(' ');
    out.front().text.erase(0, lead == std::string::npos ? out.front().text.size() : lead);
  }
  if (!out.empty() && out.back().kind == RunKind::Text)
    while (!out.back().text.empty() && out.back().text.back() == ' ') out.back().text.pop_back();
  // Chinese text spaces a value that may be Latin ("与 {{name}} 比较"); where the value itself begins or
  // ends in Chinese (or full-width punctuation), that space stood between two Chinese characters: drop it.
  for (size_t k = 0; k < out.size(); ++k) {
    if (out[k].kind != RunKind::Placeholder) continue;
    const std::string value = lookup(out[k].text);
    if (value.empty()) continue;
    if (k > 0 && out[k - 1].kind == RunKind::Text) {
      std::string& t = out[k - 1].text;
      if (t.size() >= 2 && t.back() == ' ' && is_cjk(last_code_point(t.substr(0, t.size() - 1))) &&
          is_cjk(first_code_point(value)))
        t.pop_back();
    }
    if (k + 1 < out.size() && out[k + 1].kind == RunKind::Text) {
      std::string& t = out[k + 1].text;
      if (t.size() >= 2 && t[0] == ' ' && is_cjk(last_code_point(value)) &&
          is_cjk(first_code_point(t.substr(1))))
        t.erase(0, 1);
    }
  }
  out.erase(std::remove_if(out.begin(), out.end(),
                           [](const Run& r) { return r.kind == RunKind::Text && r.text.empty(); }),
            out.end());
  return out;
}

std::string fill_placeholders(std::string_view text,
                              const std::function<std::string(std::string_view)>& lookup) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t open = text.find("{{", i);
    const size_t close = open == std::string_view::npos ? open : text.find("}}", open + 2);
    if (close == std::string_view::npos) {
      out.append(text.substr(i));
      break;
    }
    out.append(text.substr(i, open - i));
    const std::string value = lookup ? lookup(text.substr(open + 2, close - open - 2)) : std::string();
    out.append(value.empty() ? std::string(text.substr(open, close + 2 - open)) : value);
    i = close + 2;
  }
  return out;
}

std::string plain_runs(const std::vector<Run>& runs_in,
                       const std::function<std::string(std::string_view)>& lookup, int speak_lang) {
  const std::vector<Run> runs = visible_runs(runs_in, lookup);
  std::string out;
  for (const Run& r : runs) {
    if (r.kind == RunKind::Placeholder) {
      out += lookup(r.text);
    } else if (r.kind == RunKind::Math && speak_lang >= 0) {
      out += spoken(fill_placeholders(r.text, lookup), speak_lang);
    } else if (r.kind == RunKind::Math) {  // typesetting braces are not read out: {1}/{d} → 1/d
      for (char c : fill_placeholders(r.text, lookup))
        if (c != '{' && c != '}') out += c;
    } else {
      out += r.text;
    }
  }
  return out;
}

std::string plain_text(const std::vector<Block>& blocks,
                       const std::function<std::string(std::string_view)>& lookup, int speak_lang) {
  std::string out;
  for (const Block& b : blocks) {
    const std::string line = plain_runs(b.runs, lookup, speak_lang);
    if (line.find_first_not_of(" ") == std::string::npos) continue;  // nothing holds here
    if (!out.empty()) out += '\n';
    if (b.kind == BlockKind::Bullet) out += "• ";
    out += line;
  }
  return out;
}

}  // namespace posenc::content
