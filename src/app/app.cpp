#include "app.hpp"

#include <algorithm>
#include <utility>

#include <imgui.h>

#include "content/bundle.hpp"
#include "lessons/labels.hpp"
#include "ui/strings.hpp"
#include "url_state.hpp"

namespace posenc::app {

using lessons::lesson_table;

// Parses the lessons' text in language `lang` (an index into kLanguages), once: English at start, any
// other language when it is first chosen (parsing every language up front was a tenth of start-up).
static void load_language(AppState& s, size_t lang) {
  if (s.languages_loaded[lang]) return;
  s.languages_loaded[lang] = true;
  const auto& table = lesson_table();
  for (size_t i = 0; i < table.size(); ++i) {
    content::Document& doc = s.slots[i].docs[lang];
    if (const content::BundledFile* f = content::find_bundled(kLanguages[lang], table[i].stem)) {
      content::ParseResult r = content::parse_document(f->text, std::string(kLanguages[lang]) + "/" + std::string(f->name));
      for (const auto& e : r.errors) s.content_errors.push_back(e.str());
      if (r.ok()) doc = std::move(r.doc);
    }
    if (lang == 0 && doc.steps.empty()) {  // English must exist; keep the app usable regardless
      doc.title = std::string(table[i].id);
      doc.steps.push_back({"Text unavailable", {{content::BlockKind::Note, {{content::RunKind::Text,
        "This lesson's text failed to load; see the browser console for file:line details."}}, 0}}, 0, {}});
    }
  }
}

void init(AppState& s) {
  s.slots.clear();
  s.slots.resize(lesson_table().size());
  for (LessonSlot& slot : s.slots) slot.docs.resize(std::size(kLanguages));
  s.languages_loaded = {};
  load_language(s, 0);
  s.lesson = 0;
  s.step = 0;
  s.dirty = true;
}

std::vector<std::string> take_content_errors(AppState& s) { return std::exchange(s.content_errors, {}); }

static int lang_index(std::string_view lang);

int lang_index(const AppState& s) { return lang_index(s.lang); }

std::string cjk_text() {
  std::string text;
  int count = 0;
  const content::BundledFile* files = content::bundled_files(&count);
  for (int i = 0; i < count; ++i)
    if (files[i].lang == "zh") text.append(files[i].text);
  for (int id = 0; id < static_cast<int>(ui::Text::Count); ++id) text += ui::text(static_cast<ui::Text>(id), 1);
  text += lessons::chinese_labels();
  return text;
}

static int lang_index(std::string_view lang) {
  for (int i = 0; i < static_cast<int>(std::size(kLanguages)); ++i)
    if (kLanguages[i] == lang) return i;
  return 0;
}

const content::Document& doc_for(const AppState& s, int lesson) {
  const LessonSlot& slot = s.slots[lesson];
  const content::Document& d = slot.docs[lang_index(s.lang)];
  return d.steps.empty() ? slot.docs[0] : d;
}

const content::Document& current_doc(const AppState& s) { return doc_for(s, s.lesson); }

int step_count(const AppState& s, int lesson) { return static_cast<int>(doc_for(s, lesson).steps.size()); }

lessons::Lesson& current_lesson(AppState& s) {
  LessonSlot& slot = s.slots[s.lesson];
  if (!slot.lesson) slot.lesson = lesson_table()[s.lesson].create();
  return *slot.lesson;
}

void notify(AppState& s, const std::string& text, double seconds) {
  if (text.empty()) return;
  s.notices.push_back({text, s.now + seconds});
  if (s.notices.size() > 4) s.notices.erase(s.notices.begin());
}

static void mark_seen(AppState& s) {
  LessonSlot& slot = s.slots[s.lesson];
  if (s.step + 1 > slot.seen) {
    slot.seen = s.step + 1;
    if (s.hooks.save_progress) s.hooks.save_progress(progress_string(s));
  }
}

std::string go(AppState& s, int lesson, int step) {
  std::string notice;
  const int n = static_cast<int>(s.slots.size());
  if (lesson < 0 || lesson >= n) {
    notice = "lesson " + std::to_string(lesson) + " does not exist";
    lesson = std::clamp(lesson, 0, n - 1);
  }
  const int steps = step_count(s, lesson);
  if (step < 0 || step >= steps) {
    notice += std::string(notice.empty() ? "" : "; ") + "step clamped to " +
              std::to_string(std::clamp(step, 0, steps - 1)) + " (this lesson has steps 0–" +
              std::to_string(steps - 1) + ")";
    step = std::clamp(step, 0, steps - 1);
  }
  if (lesson != s.lesson || step != s.step) {
    s.dirty = true;
    s.pending_choice = -1;
  }
  s.lesson = lesson;
  s.step = step;
  current_lesson(s);
  mark_seen(s);
  return notice;
}

void step_by(AppState& s, int delta) {
  int lesson = s.lesson, step = s.step + delta;
  if (step < 0 && lesson > 0) {
    --lesson;
    step = step_count(s, lesson) - 1;
  } else if (step >= step_count(s, lesson) && lesson + 1 < static_cast<int>(s.slots.size())) {
    ++lesson;
    step = 0;
  }
  step = std::clamp(step, 0, step_count(s, lesson) - 1);
  go(s, lesson, step);
}

std::string set_language(AppState& s, std::string_view lang) {
  for (std::string_view l : kLanguages)
    if (l == lang) {
      if (s.lang != lang) {
        s.dirty = true;
        if (s.hooks.save_language) s.hooks.save_language(std::string(lang));
      }
      s.lang = std::string(lang);
      load_language(s, static_cast<size_t>(lang_index(lang)));
      if (s.lang == "zh" && !s.cjk_requested && s.hooks.load_cjk_font) {
        s.cjk_requested = true;
        s.hooks.load_cjk_font();
      }
      const bool missing = s.slots[s.lesson].docs[lang_index(lang)].steps.empty();
      s.step = std::min(s.step, step_count(s, s.lesson) - 1);
      return missing ? "this lesson is not yet translated into '" + s.lang + "'; showing English" : "";
    }
  return "lang: '" + std::string(lang).substr(0, 16) + "' is not available (en, zh); kept " + s.lang;
}

std::string apply_hash(AppState& s, std::string_view hash) {
  bool truncated = false;
  const HashPairs pairs = parse_hash(hash, &truncated);
  std::vector<std::string> notes;
  if (truncated) notes.push_back("the link was too long; extra parts were ignored");
  auto find = [&](std::string_view key) -> const std::string* {
    const std::string* found = nullptr;
    for (const auto& [k, v] : pairs)
      if (k == key) found = &v;  // the last one wins
    return found;
  };

  if (const std::string* lang = find("lang")) {
    const std::string n = set_language(s, *lang);
    if (!n.empty()) notes.push_back(n);
  }
  int lesson = s.lesson;
  if (const std::string* id = find("lesson")) {
    const int idx = lessons::find_lesson(*id);
    if (idx < 0) notes.push_back("unknown lesson '" + id->substr(0, 32) + "'; showing " +
                                 std::string(lesson_table()[0].id));
    lesson = idx < 0 ? 0 : idx;
  }
  int step = 0;
  if (const std::string* st = find("step")) {
    double v = 0;
    if (!lessons::parse_number(*st, v)) notes.push_back("step: '" + st->substr(0, 16) + "' is not a number; showing step 0");
    else step = static_cast<int>(std::clamp(v, -1e6, 1e6));
  } else if (lesson == s.lesson) {
    step = s.step;
  }
  const std::string moved = go(s, lesson, step);
  if (!moved.empty()) notes.push_back(moved);

  // Parameters, in the lesson's own order (so e.g. a sentence is set before its token order).
  lessons::Lesson& l = current_lesson(s);
  for (const lessons::ParamValue& p : lessons::read_params(l)) {
    if (const std::string* v = find(p.name)) {
      const lessons::SetOutcome out = lessons::set_param(l, p.name, *v);
      if (!out.notice.empty()) notes.push_back(out.notice);
    }
  }
  s.dirty = true;
  std::string all;
  for (const auto& n : notes) all += (all.empty() ? "" : "; ") + n;
  return all;
}

std::string current_hash(AppState& s) {
  HashPairs pairs = {{"lesson", std::string(lesson_table()[s.lesson].id)}, {"step", std::to_string(s.step)}};
  for (const lessons::ParamValue& p : lessons::read_params(current_lesson(s)))
    pairs.emplace_back(p.name, lessons::to_hash_string(p));
  pairs.emplace_back("lang", s.lang);
  return build_hash(pairs);
}

void load_progress(AppState& s, std::string_view saved) {
  for (const auto& [id, seen] : parse_hash(saved)) {
    double v = 0;
    if (id.rfind("q.", 0) == 0) {  // "q.<lesson>.<step>=<choice>"
      const size_t dot = id.rfind('.');
      const int idx = lessons::find_lesson(id.substr(2, dot - 2));
      double step = 0;
      if (idx >= 0 && dot > 2 && lessons::parse_number(id.substr(dot + 1), step) && lessons::parse_number(seen, v) &&
          step >= 0 && step < step_count(s, idx) && v >= -1 && v < 16)
        s.predictions[prediction_key(s, idx, static_cast<int>(step))] = static_cast<int>(v);
      continue;
    }
    const int idx = lessons::find_lesson(id);
    if (idx >= 0 && lessons::parse_number(seen, v))
      s.slots[idx].seen = static_cast<int>(std::clamp(v, 0.0, static_cast<double>(step_count(s, idx))));
  }
}

std::string progress_string(const AppState& s) {
  HashPairs pairs;
  for (size_t i = 0; i < s.slots.size(); ++i)
    if (s.slots[i].seen > 0) pairs.emplace_back(std::string(lesson_table()[i].id), std::to_string(s.slots[i].seen));
  for (const auto& [key, choice] : s.predictions) pairs.emplace_back("q." + key, std::to_string(choice));
  return build_hash(pairs);
}

std::string prediction_key(const AppState&, int lesson, int step) {
  return std::string(lesson_table()[lesson].id) + "." + std::to_string(step);
}

const int* prediction(const AppState& s, int lesson, int step) {
  const auto it = s.predictions.find(prediction_key(s, lesson, step));
  return it == s.predictions.end() ? nullptr : &it->second;
}

void record_prediction(AppState& s, int choice) {
  s.predictions[prediction_key(s, s.lesson, s.step)] = choice;
  s.pending_choice = -1;
  s.dirty = true;
  if (s.hooks.save_progress) s.hooks.save_progress(progress_string(s));
}

void clear_prediction(AppState& s) {
  s.predictions.erase(prediction_key(s, s.lesson, s.step));
  s.pending_choice = -1;
  s.dirty = true;
  if (s.hooks.save_progress) s.hooks.save_progress(progress_string(s));
}

std::string receive_file(AppState& s, std::string_view name, const unsigned char* bytes, std::size_t size) {
  for (int i = 0; i < static_cast<int>(s.slots.size()); ++i) {
    if (!s.slots[i].lesson) s.slots[i].lesson = lesson_table()[i].create();
    if (!s.slots[i].lesson->accepts_files()) continue;
    if (s.lesson != i) go(s, i, 0);
    const std::string notice = s.slots[i].lesson->receive_file(name, bytes, size);
    s.dirty = true;
    notify(s, notice);
    return notice;
  }
  return "no lesson takes files";
}

void after_frame(AppState& s) {
  s.notices.erase(std::remove_if(s.notices.begin(), s.notices.end(), [&](const Notice& n) { return n.until < s.now; }),
                  s.notices.end());
  // While a control is held (a slider dragged) the hash, the screen-reader mirror and the history entry
  // wait for its release: rewriting them every frame cost ~4 ms of each drag frame (replaceState alone
  // ~3 ms, and browsers throttle it).
  if (!s.dirty || ImGui::IsAnyItemActive()) return;
  s.dirty = false;
  if (s.hooks.mirror_text) {
    const content::Document& doc = current_doc(s);
    const content::Step& step = doc.steps[std::clamp(s.step, 0, static_cast<int>(doc.steps.size()) - 1)];
    lessons::Lesson& lesson = current_lesson(s);
    const auto lookup = [&](std::string_view n) { return lesson.value(n); };
    std::string text;
    if (step.questions.empty()) {
      text = content::plain_text(step.blocks, lookup);
    } else {  // as on screen: the text after the question only once the learner has answered
      const content::Question& q = step.questions.front();
      const size_t split = std::min(q.reveal_from, step.blocks.size());
      text = content::plain_text({step.blocks.begin(), step.blocks.begin() + split}, lookup);
      text += (text.empty() ? "" : "\n") + content::plain_runs(q.prompt, lookup);
      for (const auto& c : q.choices) text += "\n• " + content::plain_runs(c, lookup);
      if (prediction(s, s.lesson, s.step)) {
        text += "\n" + content::plain_runs(q.choices[q.answer], lookup) + ". " + content::plain_runs(q.explanation, lookup);
        text += "\n" + content::plain_text({step.blocks.begin() + split, step.blocks.end()}, lookup);
      }
    }
    s.hooks.mirror_text(doc.title, step.title, text);
  }
  std::string h = current_hash(s);
  if (h != s.last_hash) {
    s.last_hash = h;
    if (s.hooks.write_hash) s.hooks.write_hash(h);
  }
}

}  // namespace posenc::app
