// Every step's text as it is laid out — the lines the typesetter draws (lesson text, captions, titles,
// headings) and the hover readouts of its heatmaps — at the defaults and with each control at its ends,
// in English and Chinese, at desktop (1280 × 800) and phone (390 × 844) sizes, the question of each step
// answered. Checked for the classes of layout defects a reviewer reported, not for today's cases:
//  - a line that starts or ends with a lone relation operator ("= 0.5" on a line of its own),
//  - a paragraph whose last line is one short lone piece (a word, a value, a formula; at most a third of the
//    line) that the line before could have kept company: that line holds three or more pieces and its last
//    one would fit beside it,
//  - a hover readout line that holds a newline (drawn over the text after it) or a number with more than
//    four significant digits or in C's e-notation.
#include <doctest/doctest.h>

#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "headless.hpp"
#include "lessons/lesson.hpp"
#include "lessons/params.hpp"
#include "ui/heatmap.hpp"
#include "ui/rich_text.hpp"

using namespace posenc;
using namespace posenc::app;

namespace {

struct Found {
  int count = 0;
  std::vector<std::string> examples;  // the first few, with where they were seen
  void add(const std::string& where, const std::string& what) {
    if (++count <= 12) examples.push_back(where + ": " + what);
  }
};

struct Findings {
  Found relation, orphan, readout;
  int lines = 0, paragraphs = 0, readouts = 0;
  Found wide_equation;  // lines that continue an equation wider than the line: excused
};

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(' ');
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(' ') + 1 - a);
}

bool is_relation(const std::string& token) {
  for (const char* op : {"=", "\xE2\x89\x88", "\xE2\x89\xA4", "\xE2\x89\xA5", "<", ">", "\xE2\x89\xA0"})
    if (token == op) return true;  // = ≈ ≤ ≥ < > ≠
  return false;
}

void check_lines(const std::vector<ui::TypesetLine>& lines, const std::string& where, Findings& f) {
  for (size_t i = 0; i < lines.size(); ++i) {
    const ui::TypesetLine& l = lines[i];
    ++f.lines;
    const std::string t = trimmed(l.text);
    const std::string first = t.substr(0, t.find(' ')), last = t.substr(t.rfind(' ') + 1);
    // An equation wider than the line breaks before a relation (there is no other place): excused.
    if (l.count > 1 && (is_relation(first) || is_relation(last)) && l.broken_inside)
      f.wide_equation.add(where, "\"" + t + "\"");
    else if (l.count > 1 && (is_relation(first) || is_relation(last)))
      f.relation.add(where, "line " + std::to_string(l.index + 1) + " of " + std::to_string(l.count) +
                                ": \"" + t + "\"" +
                                (i > 0 && l.index > 0 ? " after \"" + lines[i - 1].text + "\"" : ""));
    if (l.index + 1 != l.count) continue;
    ++f.paragraphs;
    if (l.count < 2 || i == 0 || l.groups != 1 || l.width > l.room / 3) continue;
    const ui::TypesetLine& before = lines[i - 1];
    if (before.groups >= 3 && before.last_group + l.width <= l.room)
      f.orphan.add(where, "\"" + before.text + "\" / \"" + l.text + "\"");
  }
}

int significant_digits(const std::string& decimal) {
  std::string d;
  for (char c : decimal)
    if (c >= '0' && c <= '9') d += c;
  const size_t a = d.find_first_not_of('0');
  return a == std::string::npos ? 0 : static_cast<int>(d.size() - a);
}

void check_readouts(const std::vector<ui::HeatmapRecord>& maps, const std::string& where, Findings& f) {
  static const std::regex decimal(R"([0-9]+\.[0-9]+)"), e_notation(R"([0-9][eE][+\-]?[0-9])");
  for (const ui::HeatmapRecord& m : maps)
    for (const std::vector<std::string>& lines : m.readouts)
      for (const std::string& line : lines) {
        ++f.readouts;
        std::string bad;
        if (line.find('\n') != std::string::npos) bad = "a newline inside";
        for (auto it = std::sregex_iterator(line.begin(), line.end(), decimal);
             bad.empty() && it != std::sregex_iterator(); ++it)
          if (significant_digits(it->str()) > 4) bad = it->str() + " has more than 4 significant digits";
        if (bad.empty() && std::regex_search(line, e_notation)) bad = "e-notation";
        if (!bad.empty()) f.readout.add(where + " heatmap \"" + m.title + "\"", bad + ": \"" + line + "\"");
      }
}

void sweep(const char* lang, Findings& f) {
  std::vector<ui::TypesetLine> lines;
  std::vector<ui::HeatmapRecord> maps;
  for (int l = 0; l < static_cast<int>(lessons::lesson_table().size()); ++l) {
    const std::string id(lessons::lesson_table()[l].id);
    const std::vector<std::string> settings = test::extreme_settings(l);
    for (const std::string& setting : settings) {
      test::Headless h;
      set_language(h.s, lang);
      for (int st = 0; st < step_count(h.s, l); ++st) {
        apply_hash(h.s, "lesson=" + id + "&step=" + std::to_string(st) + "&lang=" + lang + setting);
        h.frame(1280, 800);
        if (current_question(h.s)) record_prediction(h.s, 0);
        const std::string where = std::string(lang) + " " + id + " step " + std::to_string(st) +
                                  (setting.empty() ? " (defaults)" : " " + setting.substr(1));
        struct Size {
          float w, h;
          const char* name;
        };
        for (const Size& sz : {Size{1280, 800, "desktop"}, Size{390, 844, "phone"}}) {
          const float w = sz.w, hgt = sz.h;
          const char* size = sz.name;
          h.frame(w, hgt);  // the layout settles at a new size
          lines.clear();
          maps.clear();
          ui::set_line_log(&lines);
          ui::set_heatmap_log(&maps);
          h.frame(w, hgt);
          ui::set_line_log(nullptr);
          ui::set_heatmap_log(nullptr);
          check_lines(lines, where + " " + size, f);
          check_readouts(maps, where + " " + size, f);
        }
      }
    }
  }
}

const Findings& findings() {
  static const Findings all = [] {
    Findings f;
    sweep("en", f);
    sweep("zh", f);
    return f;
  }();
  return all;
}

void expect_none(const Found& found, const char* what, int of, const char* unit) {
  const std::string said(what);
  for (const std::string& e : found.examples) FAIL_CHECK(said << " — " << e);
  MESSAGE(said << ": " << found.count << " in " << of << " " << std::string(unit));
}

}  // namespace

TEST_CASE(
    "every step laid out at desktop and phone sizes, defaults and extremes, en and zh: no line starts "
    "or ends with a lone relation operator (= ≈ ≤ ≥ < >)") {
  expect_none(findings().relation, "a line beginning or ending with a relation", findings().lines, "lines");
  MESSAGE("lines continuing an equation wider than the line, before a relation (excused): "
          << findings().wide_equation.count);
  for (const std::string& e : findings().wide_equation.examples) MESSAGE(e);
}

TEST_CASE("… no paragraph's last line is one short lone piece the line before could have kept company") {
  // The rule: a paragraph of two or more lines whose last line is a single unbreakable piece (a word with
  // its punctuation, a value, a formula, a CJK character with its punctuation) no wider than a third of the
  // line, while the line before holds three or more pieces and its last piece would fit on the last line
  // beside the lone one. (A longer lone piece — a whole formula, "（Toeplitz）= 1.07e-14" — reads fine.)
  expect_none(findings().orphan, "a lone last piece", findings().paragraphs, "paragraphs");
}

TEST_CASE("… every heatmap's hover readout: one line each, numbers to four significant digits") {
  expect_none(findings().readout, "a garbled readout line", findings().readouts, "readout lines");
}
