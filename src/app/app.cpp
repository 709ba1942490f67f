#include "app.hpp"

#include <imgui.h>

#include <algorithm>
#include <utility>

#include "api.hpp"
#include "content/bundle.hpp"
#include "embed.hpp"
#include "glyphs.hpp"
#include "ui/i18n.hpp"
#include "url_state.hpp"

namespace posenc::app {

using lessons::lesson_table;

// Parses the lessons' text in language `lang` (an index into kLanguages), once: English at start, any
// other language when it is first chosen (parsing every language up front was a tenth of start-up).
static void load_language(AppState& s, size_t lang) {
  if (s.languages_loaded[lang]) return;
  if (lang > 0 && !content::has_language(kLanguages[lang])) return;  // its text is still on its way
  s.languages_loaded[lang] = true;
  const auto& table = lesson_table();
  for (size_t i = 0; i < table.size(); ++i) {
    content::Document& doc = s.slots[i].docs[lang];
    if (const content::BundledFile* f = content::find_bundled(kLanguages[lang], table[i].id)) {
      content::ParseResult r =
          content::parse_document(f->text, std::string(kLanguages[lang]) + "/" + std::string(f->name));
      for (const auto& e : r.errors) s.content_errors.push_back(e.str());
      if (r.ok()) doc = std::move(r.doc);
    }
    if (lang == 0 && doc.steps.empty()) {  // English must exist; keep the app usable regardless
      doc.title = std::string(table[i].id);
      doc.steps.push_back(
          {"Text unavailable",
           {{content::BlockKind::Note,
             {{content::RunKind::Text,
               "This lesson's text failed to load; see the browser console for file:line details."}},
             0}},
           0,
           {},
           ""});
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

bool language_text_arrived(AppState& s, std::string_view lang, std::string_view pack) {
  const int index = lang_index(lang);
  if (kLanguages[index] != lang || content::add_files(lang, pack) == 0) return false;
  if (lang == "zh" && ui::add_catalogue(pack) > 0)  // the site's Chinese words come with the Chinese text:
    s.page_lang.clear();                            // the page's title and label say them again
  load_language(s, static_cast<size_t>(index));
  if (s.lang == lang) s.step = std::min(s.step, step_count(s, s.lesson) - 1);
  s.dirty = true;
  return true;
}

void chinese_failed(AppState& s, std::string_view why) {
  s.cjk_requested = false;
  if (s.lang == "zh") {
    set_language(s, "en");
    if (s.hooks.save_language) s.hooks.save_language("zh");  // a failed download is not a choice of English
  }
  notify(s, {{"Chinese could not be loaded ({0}): the lessons stay in English.",
              {std::string(why.substr(0, 120))}}});
}

std::string cjk_text() {
  std::string text;
  int count = 0;
  const content::BundledFile* files = content::bundled_files(&count);
  for (int i = 0; i < count; ++i)
    if (files[i].lang == "zh") text.append(files[i].text);
  text += ui::catalogue_chinese();
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

lessons::Lesson& lesson_at(AppState& s, int lesson) {
  LessonSlot& slot = s.slots[lesson];
  if (!slot.lesson) {
    slot.lesson = lesson_table()[lesson].create();
    slot.lesson->set_language(lang_index(s));
  }
  return *slot.lesson;
}

lessons::Lesson& current_lesson(AppState& s) { return lesson_at(s, s.lesson); }

void notify(AppState& s, const core::Messages& messages, double seconds) {
  core::Messages said;
  for (const core::Message& m : messages)
    if (!m.empty()) said.push_back(m);
  if (said.empty()) return;
  // The same notice again (a slider dragged past its end, frame after frame) is shown once, for longer.
  const std::string english = core::english(said);
  s.notices.erase(std::remove_if(s.notices.begin(), s.notices.end(),
                                 [&](const Notice& n) { return core::english(n.messages) == english; }),
                  s.notices.end());
  s.notices.push_back({std::move(said), s.now + seconds});
  if (s.notices.size() > 4) s.notices.erase(s.notices.begin());
  if (s.hooks.announce) s.hooks.announce(notice_text(s, s.notices.back()));
}

// The subject before a message's colon ("len: clamped …", "d_model：…"), or empty.
static std::string_view subject(std::string_view text) {
  const size_t colon = std::min(text.find(": "), text.find("\xEF\xBC\x9A"));  // ：
  return colon == std::string_view::npos || colon > 40 ? std::string_view{} : text.substr(0, colon);
}

std::string notice_text(const AppState& s, const Notice& n) {
  const int lang = lang_index(s);
  std::string text;
  std::string_view last;
  std::vector<std::string> said;
  said.reserve(n.messages.size());
  for (const core::Message& m : n.messages) {
    said.push_back(ui::tr_message(lang, m));
    std::string_view line = said.back();
    const std::string_view about = subject(line);
    // "len: clamped to 4096 …; len: …" names its subject once.
    if (!about.empty() && about == last) {
      line.remove_prefix(about.size());
      line.remove_prefix(line.substr(0, 2) == ": " ? 2 : 3);
    }
    last = about;
    text += (text.empty() ? "" : lang == 1 ? "\xEF\xBC\x9B" : "; ");  // ；
    text += line;
  }
  return text;
}

std::string_view step_id(const AppState& s, int lesson, int step) {
  const content::Document& doc = doc_for(s, lesson);
  if (doc.steps.empty()) return {};
  return doc.steps[std::clamp(step, 0, static_cast<int>(doc.steps.size()) - 1)].id;
}

int find_step(const AppState& s, int lesson, std::string_view id) {
  const content::Document& doc = doc_for(s, lesson);
  for (int i = 0; i < static_cast<int>(doc.steps.size()); ++i)
    if (doc.steps[i].id == id) return i;
  return -1;
}

static void mark_seen(AppState& s) {
  LessonSlot& slot = s.slots[s.lesson];
  if (s.step + 1 > slot.seen) {
    slot.seen = s.step + 1;
    if (s.hooks.save_progress) s.hooks.save_progress(progress_string(s));
  }
}

core::Messages go(AppState& s, int lesson, int step) {
  core::Messages notices = keep_in_card(s, lesson, step);  // a card stays within its steps
  const int n = static_cast<int>(s.slots.size());
  if (lesson < 0 || lesson >= n) {
    notices.push_back({"lesson {0} does not exist", {std::to_string(lesson)}});
    lesson = std::clamp(lesson, 0, n - 1);
  }
  const int steps = step_count(s, lesson);
  if (step < 0 || step >= steps) {
    notices.push_back({"step clamped to {0} (this lesson has steps 0–{1})",
                       {std::to_string(std::clamp(step, 0, steps - 1)), std::to_string(steps - 1)}});
    step = std::clamp(step, 0, steps - 1);
  }
  const bool moved = lesson != s.lesson || step != s.step;
  if (moved) {
    s.dirty = true;
    s.pending_choice = -1;
  }
  s.lesson = lesson;
  s.step = step;
  lessons::Lesson& arrived = current_lesson(s);
  if (moved) {  // the settings the step needs to show what its text says
    const core::Messages adjusted = arrived.enter(step_id(s, lesson, step));
    notices.insert(notices.end(), adjusted.begin(), adjusted.end());
  }
  mark_seen(s);
  return notices;
}

void step_by(AppState& s, int delta) {
  if (s.embed.on) {  // a card: within its steps, silently at their ends
    go(s, s.embed.lesson, std::clamp(s.step + delta, s.embed.first, s.embed.last));
    return;
  }
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

core::Messages set_language(AppState& s, std::string_view lang) {
  for (std::string_view l : kLanguages)
    if (l == lang) {
      if (s.lang != lang) {
        s.dirty = true;
        if (s.hooks.save_language) s.hooks.save_language(std::string(lang));
      }
      s.lang = std::string(lang);
      s.theme.lang = lang_index(lang);
      for (LessonSlot& slot : s.slots)
        if (slot.lesson) slot.lesson->set_language(s.theme.lang);
      load_language(s, static_cast<size_t>(lang_index(lang)));
      if (s.lang == "zh" && !s.cjk_requested && s.hooks.load_chinese) {
        s.cjk_requested = true;
        s.hooks.load_chinese();
      }
      // (English meanwhile while the text is on its way; no notice for that.)
      const bool pending = !content::has_language(lang) && s.cjk_requested;
      const bool missing = !pending && s.slots[s.lesson].docs[lang_index(lang)].steps.empty();
      s.step = std::min(s.step, step_count(s, s.lesson) - 1);
      if (missing) return {{"this lesson is not yet translated into '{0}'; showing English", {s.lang}}};
      return {};
    }
  return {{"lang: '{0}' is not available (en, zh); kept {1}", {std::string(lang).substr(0, 16), s.lang}}};
}

core::Messages apply_hash(AppState& s, std::string_view hash) {
  bool truncated = false;
  const HashPairs pairs = parse_hash(hash, &truncated);
  core::Messages notes;
  const auto add = [&](const core::Messages& more) { notes.insert(notes.end(), more.begin(), more.end()); };
  if (truncated) notes.push_back({"the link was too long; extra parts were ignored", {}});
  auto find = [&](std::string_view key) -> const std::string* {
    const std::string* found = nullptr;
    for (const auto& [k, v] : pairs)
      if (k == key) found = &v;  // the last one wins
    return found;
  };

  if (const std::string* lang = find("lang")) add(set_language(s, *lang));
  int lesson = s.lesson;
  if (const std::string* id = find("lesson")) {
    const int idx = lessons::find_lesson(*id);
    if (idx < 0)
      notes.push_back(
          {"unknown lesson '{0}'; showing {1}", {id->substr(0, 32), std::string(lesson_table()[0].id)}});
    lesson = idx < 0 ? 0 : idx;
  }
  int step = 0;
  const std::string* st = find("step");
  if (st) {
    double v = 0;
    if (lessons::parse_number(*st, v))
      step = static_cast<int>(std::clamp(v, -1e6, 1e6));
    else if (const int at = find_step(s, lesson, *st); at >= 0)
      step = at;
    else
      notes.push_back(
          {"step: '{0}' is neither a number nor a step of this lesson; showing step 0", {st->substr(0, 32)}});
  } else if (lesson == s.lesson) {
    step = s.step;
  }
  add(read_embed(s, pairs, lesson, step, st != nullptr));  // the card (embed=1) and its steps
  add(go(s, lesson, step));

  // Parameters, in the lesson's own order (so e.g. a sentence is set before its token order).
  lessons::Lesson& l = current_lesson(s);
  for (const lessons::ParamValue& p : lessons::read_params(l)) {
    if (const std::string* v = find(p.name)) add(lessons::set_param(l, p.name, *v).notices);
  }
  s.dirty = true;
  return notes;
}

// The view's pairs: lesson, step, that lesson's parameters, the language.
static HashPairs view_pairs(AppState& s, int lesson, int step) {
  HashPairs pairs = {{"lesson", std::string(lesson_table()[lesson].id)}, {"step", std::to_string(step)}};
  for (const lessons::ParamValue& p : lessons::read_params(lesson_at(s, lesson)))
    pairs.emplace_back(p.name, lessons::to_hash_string(p));
  pairs.emplace_back("lang", s.lang);
  return pairs;
}

std::string lesson_hash(AppState& s, int lesson, int step) { return build_hash(view_pairs(s, lesson, step)); }

std::string current_hash(AppState& s, bool with_embed) {
  HashPairs pairs = view_pairs(s, s.lesson, s.step);
  if (with_embed) write_embed(s, pairs);
  return build_hash(pairs);
}

void load_progress(AppState& s, std::string_view saved) {
  for (const auto& [id, seen] : parse_hash(saved)) {
    double v = 0;
    if (id.rfind("q.", 0) == 0) {  // "q.<lesson>.<step id>=<choice>" (older saves: the step's number)
      const size_t dot = id.rfind('.');
      const int idx = dot > 2 ? lessons::find_lesson(id.substr(2, dot - 2)) : -1;
      if (idx < 0 || !lessons::parse_number(seen, v) || v < -1 || v >= 16) continue;
      const std::string step_text = id.substr(dot + 1);
      double number = 0;
      int step = find_step(s, idx, step_text);
      if (step < 0 && lessons::parse_number(step_text, number) && number >= 0 && number < step_count(s, idx))
        step = static_cast<int>(number);
      if (step >= 0) s.predictions[prediction_key(s, idx, step)] = static_cast<int>(v);
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
    if (s.slots[i].seen > 0)
      pairs.emplace_back(std::string(lesson_table()[i].id), std::to_string(s.slots[i].seen));
  for (const auto& [key, choice] : s.predictions) pairs.emplace_back("q." + key, std::to_string(choice));
  return build_hash(pairs);
}

std::string prediction_key(const AppState& s, int lesson, int step) {
  return std::string(lesson_table()[lesson].id) + "." + std::string(step_id(s, lesson, step));
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

const content::Step& current_step(const AppState& s) {
  const content::Document& doc = current_doc(s);
  return doc.steps[std::clamp(s.step, 0, static_cast<int>(doc.steps.size()) - 1)];
}

const content::Question* current_question(const AppState& s) {
  const content::Step& step = current_step(s);
  return step.questions.empty() ? nullptr : &step.questions.front();
}

bool awaiting_answer(const AppState& s) { return current_question(s) && !prediction(s, s.lesson, s.step); }

void step_text(const AppState& s, const std::function<void(const std::vector<content::Block>&)>& blocks,
               const std::function<void(const content::Question&, const int* answer)>& question) {
  const content::Step& step = current_step(s);
  const content::Question* q = current_question(s);
  if (!q) {
    blocks(step.blocks);
    return;
  }
  const size_t split = std::min(q->reveal_from, step.blocks.size());
  blocks({step.blocks.begin(), step.blocks.begin() + split});
  const int* answer = prediction(s, s.lesson, s.step);
  const bool answered = answer != nullptr;  // as before `question`, which may change it
  question(*q, answer);
  if (answered) blocks({step.blocks.begin() + split, step.blocks.end()});
}

void clear_prediction(AppState& s) {
  s.predictions.erase(prediction_key(s, s.lesson, s.step));
  s.pending_choice = -1;
  s.dirty = true;
  if (s.hooks.save_progress) s.hooks.save_progress(progress_string(s));
}

core::Messages receive_file(AppState& s, std::string_view name, const unsigned char* bytes,
                            std::size_t size) {
  // The current lesson first (a config.json dropped on `scaling`), then the first lesson that reads
  // this kind of file (a table goes to `check`).
  const int n = s.embed.on ? 0 : static_cast<int>(s.slots.size());  // a card: its own lesson only
  for (int k = -1; k < n; ++k) {
    const int i = k < 0 ? s.lesson : k;
    lesson_at(s, i);
    if (!s.slots[i].lesson->takes_file(name, bytes, size)) continue;
    if (s.lesson != i) go(s, i, 0);
    core::Messages notices = s.slots[i].lesson->receive_file(name, bytes, size);
    if (const std::string_view to = s.slots[i].lesson->step_for_file();
        !to.empty()) {  // where the file shows
      const int step = find_step(s, i, to);
      if (step >= 0 && step != s.step) {
        const core::Messages more = go(s, i, step);
        notices.insert(notices.end(), more.begin(), more.end());
      }
    }
    s.dirty = true;
    notify(s, notices);
    return notices;
  }
  if (s.embed.on) return {{"this card takes no files", {}}};
  return {{"no lesson takes files", {}}};
}

void map_nav_keys() {
  ImGuiIO& io = ImGui::GetIO();
  const int enter = io.KeyMap[ImGuiKey_Enter];
  if ((io.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard) && !io.WantTextInput && enter >= 0 &&
      enter < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)) && io.KeysDown[enter])
    io.NavInputs[ImGuiNavInput_Activate] = 1.0f;
}

void after_frame(AppState& s) {
  s.notices.erase(
      std::remove_if(s.notices.begin(), s.notices.end(), [&](const Notice& n) { return n.until < s.now; }),
      s.notices.end());
  // While a control is held (a slider dragged) the hash, the screen-reader mirror and the history entry
  // wait for its release: rewriting them every frame cost ~4 ms of each drag frame (replaceState alone
  // ~3 ms, and browsers throttle it).
  if (!s.dirty || ImGui::IsAnyItemActive()) return;
  s.dirty = false;
  if (s.hooks.mirror_text) {
    const content::Document& doc = current_doc(s);
    lessons::Lesson& lesson = current_lesson(s);
    const auto lookup = [&](std::string_view n) { return lesson.placeholder(n); };
    const int say = lang_index(s);  // formulas said in words, in the page's language
    std::string text;  // as on screen (step_text): the text after a question once the learner answered
    step_text(
        s,
        [&](const std::vector<content::Block>& blocks) {
          text += (text.empty() ? "" : "\n") + content::plain_text(blocks, lookup, say);
        },
        [&](const content::Question& q, const int* answer) {
          text += (text.empty() ? "" : "\n") + content::plain_runs(q.prompt, lookup, say);
          for (const auto& c : q.choices) text += "\n• " + content::plain_runs(c, lookup, say);
          if (answer)
            text += "\n" + content::plain_runs(q.choices[q.answer], lookup, say) +
                    (say == 1 ? "\xE3\x80\x82" : ". ") +  // 。
                    content::plain_runs(q.explanation, lookup, say);
        });
    s.hooks.mirror_text(doc.title, current_step(s).title, text);
  }
  if (s.hooks.page_language && s.lang != s.page_lang) {
    s.page_lang = s.lang;
    const int lang = lang_index(s);
    s.hooks.page_language(s.lang, ui::tr(lang, "posenc — positional encoding, step by step"),
                          ui::tr(lang, "posenc interactive walkthrough"));
  }
  std::string h = current_hash(s);
  if (h != s.last_hash) {
    s.last_hash = h;
    // A learner's text (typed, pasted, or from a link) may hold characters the fonts lack.
    for (const lessons::ParamValue& p : lessons::read_params(current_lesson(s)))
      if (p.kind == lessons::ParamKind::Text) want_glyphs(s, p.text);
    if (s.hooks.write_hash) s.hooks.write_hash(h);
    s.embed.post_state = true;
  }
  // A card tells its host page where it is: when it changed (or a message of the host's was taken).
  if (s.embed.post_state && s.embed.on && !s.embed.host.empty() && s.hooks.post_state)
    s.hooks.post_state(state_json(s, s.embed.notice), s.embed.host);
  s.embed.post_state = false;
  s.embed.notice.clear();
}

}  // namespace posenc::app
