// Every sentence true on screen: every step of every lesson, at its defaults and with each control at
// either end of its range, in both languages, must show text with every placeholder filled, every
// condition resolved to yes or no, and no "rounding" said of a residual that is not one.
#include <doctest/doctest.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "app/app.hpp"
#include "content/document.hpp"
#include "headless.hpp"
#include "lesson_tests.hpp"
#include "ui/line_plot.hpp"

using namespace posenc;
using namespace posenc::app;

namespace {

// The step's text as the learner reads it once the question (if any) is answered.
std::string step_text(const content::Step& step, const std::function<std::string(std::string_view)>& lookup) {
  std::string text = content::plain_text(step.blocks, lookup);
  for (const content::Question& q : step.questions) {
    text += "\n" + content::plain_runs(q.prompt, lookup);
    for (const auto& c : q.choices) text += "\n" + content::plain_runs(c, lookup);
    text += "\n" + content::plain_runs(q.explanation, lookup);
  }
  return text;
}

void check_step(AppState& s, int lesson, int step) {
  lessons::Lesson& l = current_lesson(s);
  const auto lookup = [&](std::string_view n) { return l.placeholder(n); };
  for (int lang : {0, 1}) {
    const content::Document& doc = s.slots[lesson].docs[lang];
    REQUIRE(step < static_cast<int>(doc.steps.size()));
    const content::Step& st = doc.steps[step];
    CAPTURE(lang);
    const std::string text = step_text(st, lookup);
    CAPTURE(text);
    CHECK(text.find("{{") == std::string::npos);  // a placeholder without a value
    for (const content::Block& b : st.blocks) {
      for (const content::Run& r : content::visible_runs(b.runs, lookup))
        if (r.kind == content::RunKind::Placeholder) {
          CAPTURE(r.text);
          CHECK(lookup(r.text) != "\xE2\x80\xA6");  // "…": a number the step has not computed yet
        }
      const std::string said = content::plain_runs(b.runs, lookup);
      if (said.find("rounding") == std::string::npos &&
          said.find("\xE8\x88\x8D\xE5\x85\xA5") == std::string::npos)
        continue;  // 舍入
      for (const content::Run& r : content::visible_runs(b.runs, lookup))
        if (r.kind == content::RunKind::Placeholder && r.text.find("residual") != std::string::npos) {
          CAPTURE(r.text);
          CHECK(test::said_number(lookup(r.text)) < 1e-6);  // called rounding: must be one
        }
    }
  }
  for (const content::PlaceholderUse& u : content::placeholders(s.slots[lesson].docs[0]))
    if (u.condition) {
      CAPTURE(u.name);
      const std::string v = l.placeholder(u.name);
      CHECK((v == "0" || v == "1"));
    }
}

// The distance from p to the segment [a, b] (pixels).
float distance_to(ImVec2 p, ImVec2 a, ImVec2 b) {
  const float dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
  const float t = len2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0f, 1.0f) : 0.0f;
  const float ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
  return std::sqrt(ex * ex + ey * ey);
}

int g_curves_seen = 0;
int g_dots_seen = 0;  // … and dots (so that the check of dots inside the frame checks something)  // how many
                      // curves check_plots looked at (the check must have something to check)

// Every curve's ends (the values a text quotes: "falls to …", "reaches …") inside its plot's y axis.
void check_plots(const std::vector<ui::PlotRecord>& plots, bool defaults) {
  for (const ui::PlotRecord& p : plots) {
    CAPTURE(p.title);
    const double slack = p.log_y ? 0 : 1e-9 * std::max(1.0, p.y_hi - p.y_lo);
    for (size_t a = 0; a < p.ends.size(); ++a)  // no curve drawn twice under one name
      for (size_t b = a + 1; b < p.ends.size(); ++b)
        if (!p.ends[a].label.empty()) CHECK(p.ends[a].label != p.ends[b].label);
    // A legend inside the frame covers no point (nor its dot), and no dot is cut by the frame.
    const bool legend_inside = p.legend_b.x > p.legend_a.x;
    for (const ui::PlotRecord::Point& pt : p.points) {
      if (legend_inside) {
        CAPTURE(pt.at.x);
        CAPTURE(pt.at.y);
        const float r = std::max(pt.dot, 1.0f);
        CHECK_FALSE((pt.at.x + r > p.legend_a.x && pt.at.x - r < p.legend_b.x && pt.at.y + r > p.legend_a.y &&
                     pt.at.y - r < p.legend_b.y));
      }
      if (pt.dot > 0) {
        ++g_dots_seen;
        CHECK(pt.at.x - pt.dot >= p.frame_a.x - 0.5f);
        CHECK(pt.at.x + pt.dot <= p.frame_b.x + 0.5f);
        CHECK(pt.at.y - pt.dot >= p.frame_a.y - 0.5f);
        CHECK(pt.at.y + pt.dot <= p.frame_b.y + 0.5f);
      }
    }
    // No curve hidden under one drawn after it: every point of series a within the later, opaque, at
    // least as wide line of series b (the blue line under the grey at the defaults, once).
    // (At the defaults: at a degenerate extreme, s = 1 say, every method's curve is the same line.)
    for (size_t b = 1; defaults && b < p.lines.size(); ++b) {
      if (!p.lines[b].opaque) continue;
      std::vector<ImVec2> line;
      for (const ui::PlotRecord::Point& pt : p.points)
        if (pt.series == static_cast<int>(b)) line.push_back(pt.at);
      if (line.size() < 2) continue;
      for (size_t a = 0; a < b; ++a) {
        if (p.lines[a].width > p.lines[b].width) continue;
        int points = 0, under = 0;
        for (const ui::PlotRecord::Point& pt : p.points) {
          if (pt.series != static_cast<int>(a)) continue;
          ++points;
          float nearest = 1e9f;
          for (size_t k = 1; k < line.size(); ++k)
            nearest = std::min(nearest, distance_to(pt.at, line[k - 1], line[k]));
          under += nearest <= p.lines[b].width / 2 + 0.5f;
        }
        CAPTURE(a);
        CAPTURE(b);
        CHECK_FALSE((points >= 2 && under == points));
      }
    }
    for (const ui::PlotRecord::End& e : p.ends) {
      ++g_curves_seen;
      CAPTURE(e.label);
      CAPTURE(e.first);
      CAPTURE(e.last);
      CHECK(e.first >= p.y_lo - slack);
      CHECK(e.first <= p.y_hi + slack);
      CHECK(e.last >= p.y_lo - slack);
      CHECK(e.last <= p.y_hi + slack);
    }
  }
}

// Draws every step of the current lesson (its question answered) and checks its text and plots.
void check_every_step(test::Headless& h, int lesson, bool defaults) {
  for (int st = 0; st < step_count(h.s, lesson); ++st) {
    CAPTURE(st);
    go(h.s, lesson, st);
    record_prediction(h.s, -1);
    h.frame(1280, 800);  // computes what a step computes when shown
    std::vector<ui::PlotRecord> plots;
    ui::set_plot_log(&plots);
    h.frame(1280, 800);
    ui::set_plot_log(nullptr);
    check_step(h.s, lesson, st);
    check_plots(plots, defaults);
  }
}

}  // namespace

TEST_CASE("every step's text holds at the defaults and with each control at either end, in both languages") {
  test::Headless h;
  CHECK(set_language(h.s, "zh").empty());  // parse the Chinese text
  CHECK(set_language(h.s, "en").empty());
  for (int l = 0; l < static_cast<int>(h.s.slots.size()); ++l) {
    CAPTURE(lessons::lesson_table()[l].id);
    h.s.slots[l].lesson = lessons::lesson_table()[l].create();
    go(h.s, l, 0);
    check_every_step(h, l, true);
    for (const lessons::ParamValue& p : lessons::read_params(current_lesson(h.s))) {
      if (p.kind != lessons::ParamKind::Integer && p.kind != lessons::ParamKind::Real &&
          p.kind != lessons::ParamKind::Flag)
        continue;
      for (double end : {p.lo, p.hi}) {
        CAPTURE(p.name);
        CAPTURE(end);
        h.s.slots[l].lesson = lessons::lesson_table()[l].create();  // each extreme from the defaults
        lessons::set_param(current_lesson(h.s), p.name, lessons::format_number(end));
        check_every_step(h, l, false);
      }
    }
  }
  CHECK(g_curves_seen > 100);  // the plots of lessons 4, 6, 7, 9 and 10 at every setting
  CHECK(g_dots_seen > 100);
}
