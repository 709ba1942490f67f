// The app without a window: ImGui frames run headless, so every lesson's every step is drawn at desktop
// and phone sizes; URL hashes and the JS API's JSON are checked against the state they produce.
#include <doctest/doctest.h>
#include <imgui_internal.h>

#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/api.hpp"
#include "app/app.hpp"
#include "core/random.hpp"
#include "drawn_text.hpp"
#include "headless.hpp"
#include "ui/controls.hpp"
#include "ui/i18n.hpp"
#include "ui/locate.hpp"

using namespace posenc;
using namespace posenc::app;

using test::Headless;

// What the current step's lesson draws by itself, read back from the draw lists: one frame with nothing
// but the lesson's draw() in a window of the size of the shell's visual panel (the page on a phone), so
// that the shell's top bar, text and export bar do not count, and with the lesson's "Controls" section
// closed, so that what is left is the step's visual and that section's one-line header.
struct Visual {
  ImRect content;   // around its words and graphics (not widgets' frames: a closed header spans the panel)
  ImRect graphics;  // around what is neither a glyph nor a widget: plots, heatmaps, cells, arrows, hands
  std::uint64_t hash = 1469598103934665603ull;  // of every vertex in order (textures' ids aside)
  std::vector<ImVec2> outside;  // vertices of shapes beyond the window's left, right or top edge
};

static void hash_bytes(std::uint64_t& h, const void* p, size_t n) {
  for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<const unsigned char*>(p)[i]) * 1099511628211ull;
}

static Visual lesson_alone(Headless& h, ImVec2 size, bool compact) {
  ImGui::SetCurrentContext(h.ctx);
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = size;
  io.DeltaTime = 1.0f / 60;
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ui::em(1.2f), ui::em(1.2f)));  // the shell's
  ImGui::Begin("##lesson-alone", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground);
  ImGui::GetStateStorage()->SetInt(ImGui::GetID("###controls"), 0);  // the "Controls" section: closed
  lessons::DrawContext ctx;
  ctx.step = h.s.step;
  ctx.step_id = step_id(h.s, h.s.lesson, h.s.step);
  ctx.compact = compact;
  ctx.theme = &h.s.theme;
  ctx.lang = lang_index(h.s);
  ctx.textures = &h.s.null_textures;
  ctx.now = h.s.now;
  current_lesson(h.s).draw(ctx);
  const ImRect window = ImGui::GetCurrentWindow()->InnerClipRect;  // where ImGui shows the window's content
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::Render();

  // Widgets draw in the style's colours; what a lesson draws of its own, in its own.
  std::set<ImU32> widget_colours;
  for (int c = 0; c < ImGuiCol_COUNT; ++c) widget_colours.insert(ImGui::GetColorU32(c));
  const test::GlyphsByUv by_uv = test::glyphs_by_uv();
  const ImTextureID font = io.Fonts->TexID;
  Visual v;
  v.content = v.graphics = ImRect(FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX);
  const ImDrawData* d = ImGui::GetDrawData();
  for (int l = 0; l < d->CmdListsCount; ++l) {
    const ImDrawList& dl = *d->CmdLists[l];
    for (const ImDrawCmd& cmd : dl.CmdBuffer) {
      if (cmd.UserCallback) continue;
      const bool image = cmd.TextureId != font;  // a heatmap
      hash_bytes(v.hash, &image, sizeof image);
      for (unsigned i = 0; i < cmd.ElemCount;) {
        const bool glyph = !image && test::glyph_quad(dl, cmd, i, by_uv);
        const unsigned n = std::min(glyph ? 6u : 3u, cmd.ElemCount - i);  // a glyph's quad, or a triangle
        for (unsigned k = i; k < i + n; ++k) {
          const ImDrawVert& x =
              dl.VtxBuffer[static_cast<int>(dl.IdxBuffer[cmd.IdxOffset + k] + cmd.VtxOffset)];
          hash_bytes(v.hash, &x, sizeof x);
          if ((x.col & IM_COL32_A_MASK) == 0) continue;  // an anti-aliased edge's transparent fringe
          if (!glyph && (image || !widget_colours.count(x.col))) v.graphics.Add(x.pos);
          if (glyph || image || !widget_colours.count(x.col)) v.content.Add(x.pos);
          // A glyph partly past the edge (a tick label at a plot's end) is the font's matter; shapes are not.
          if (!glyph &&
              (x.pos.x < window.Min.x - 1 || x.pos.x > window.Max.x + 1 || x.pos.y < window.Min.y - 1))
            v.outside.push_back(x.pos);
        }
        i += n;
      }
    }
  }
  return v;
}

// The letters and digits of `text` as `font` draws them: characters it lacks (the headless font has no
// Chinese) are drawn as its fallback glyph, and dropped here like all punctuation and spaces.
static std::string drawable_alnum(std::string_view text, ImFont* font) {
  std::string out;
  for (const char *p = text.data(), *end = p + text.size(); p < end;) {
    unsigned cp = 0;
    p += ImTextCharFromUtf8(&cp, p, end);
    const ImFontGlyph* g = font->FindGlyph(static_cast<ImWchar>(cp));
    if (g && g != font->FallbackGlyph &&
        (std::isalnum(static_cast<int>(g->Codepoint)) || g->Codepoint >= 0x80))
      core::append_utf8(out, g->Codepoint);
  }
  return out;
}

// The letters and digits the latest frame drew with their first glyph inside `r`, in drawing order.
static std::string drawn_alnum_in(const ui::ItemRect& r, const ui::Theme& t) {
  std::string text;
  for (const test::DrawnWord& w : test::drawn_words(t))
    if (w.x >= r.x - 1 && w.x < r.x + r.w && w.y + 1 >= r.y && w.y < r.y + r.h) text += w.text;
  return drawable_alnum(text, t.regular);
}

// Steps whose visual, at the lesson's defaults, is words and controls only: a wish list, a cost in
// numbers, a model's config, the six runs still to train, a file still to load, a table of the presets'
// factors. Every other step draws a plot, a heatmap, cells or shapes of its own.
static const std::set<std::string> kWordsOnly = {
    "naive/wishlist",     "sum-vs-concat/cost", "scaling/config", "train/*",
    "check/load",         "check/verdict",      "check/diff",     "check/rope-load",
    "check/rope-verdict", "in-practice/models"};

// Goes to every step of every lesson and draws it at each size through the shell, as the learner arrives
// (a question covering the visual) and with the visual shown; then checks, at each size, that
// - the text panel shows the step's own number and title;
// - its visual, drawn alone, is at least 4 lines tall, puts no shape past the panel's edges, and (but
//   for kWordsOnly) draws graphics of its own at least 3 lines wide or tall, its words and graphics
//   reaching across a quarter of the panel at least;
// - no two steps of a lesson that draw graphics draw exactly the same (one step drawing another's
//   visual).
static void draw_every_step(Headless& h, std::initializer_list<ImVec2> sizes) {
  for (int l = 0; l < static_cast<int>(h.s.slots.size()); ++l) {
    const std::string lesson(lessons::lesson_table()[l].id);
    std::vector<std::map<std::uint64_t, std::string>> drawn(sizes.size());  // per size: hash → step
    for (int st = 0; st < step_count(h.s, l); ++st) {
      const std::string id(step_id(h.s, l, st));
      CAPTURE(lesson);
      CAPTURE(id);
      CHECK(go(h.s, l, st).empty());
      for (const ImVec2& size : sizes) h.frame(size.x, size.y);
      if (!doc_for(h.s, l).steps[st].questions.empty()) record_prediction(h.s, -1);  // "Just show me"
      int n = 0;
      for (const ImVec2& size : sizes) {
        CAPTURE(size.x);
        CAPTURE(size.y);
        h.frame(size.x, size.y);
        const float line = ImGui::GetFontSize();
        const std::optional<ui::ItemRect> text = ui::locate(":text");
        REQUIRE(text);
        const std::string title = std::to_string(st + 1) + ". " + doc_for(h.s, l).steps[st].title;
        CHECK_MESSAGE(drawn_alnum_in(*text, h.s.theme).find(drawable_alnum(title, h.s.theme.regular)) !=
                          std::string::npos,
                      "the text panel does not show \"", title, "\"");

        const bool compact = size.x < size.y;
        const ImVec2 panel = ImGui::FindWindowByName(compact ? "##page" : "##visual")->Size;
        const Visual v = lesson_alone(h, panel, compact);
        const float content_w = panel.x - 2 * ui::em(1.2f);
        CHECK(v.content.GetHeight() >= 4 * line);
        CHECK_MESSAGE(v.outside.empty(), v.outside.size(), " vertices past the panel's edges, the first at (",
                      v.outside.empty() ? 0 : v.outside[0].x, ", ", v.outside.empty() ? 0 : v.outside[0].y,
                      ")");
        const bool graphics = v.graphics.Min.x <= v.graphics.Max.x &&
                              std::max(v.graphics.GetWidth(), v.graphics.GetHeight()) >= 3 * line;
        if (!kWordsOnly.count(lesson + "/" + id) && !kWordsOnly.count(lesson + "/*")) {
          CHECK_MESSAGE(graphics, "the visual draws only words and widgets");
          CHECK(v.content.GetWidth() >= content_w / 4);
        }
        if (graphics) {
          const auto [it, fresh] = drawn[n].emplace(v.hash, id);
          CHECK_MESSAGE(fresh, "the visual is exactly that of step ", it->second);
        }
        ++n;
      }
    }
  }
}

TEST_CASE("every step of every lesson draws at desktop and phone sizes") {
  Headless h;
  for (const std::string& entry : kWordsOnly) {  // each names a lesson and one of its steps (or all, *)
    CAPTURE(entry);
    const int l = lessons::find_lesson(entry.substr(0, entry.find('/')));
    REQUIRE(l >= 0);
    const std::string step = entry.substr(entry.find('/') + 1);
    bool found = step == "*";
    for (int st = 0; st < step_count(h.s, l); ++st) found = found || step_id(h.s, l, st) == step;
    CHECK(found);
  }
  draw_every_step(h, {ImVec2(1280, 800), ImVec2(780, 1688), ImVec2(1000, 700)});
  CHECK(h.s.content_errors.empty());
}

TEST_CASE("every step of every lesson draws in Chinese, its labels from the Chinese table") {
  Headless h;
  CHECK(set_language(h.s, "zh").empty());
  REQUIRE(lang_index(h.s) == 1);
  draw_every_step(h, {ImVec2(1280, 800), ImVec2(780, 1688)});
  CHECK(h.s.content_errors.empty());
}

TEST_CASE("a language's lesson text is parsed when the language is first chosen") {
  Headless h;
  CHECK(h.s.languages_loaded[0]);
  CHECK_FALSE(h.s.languages_loaded[1]);
  CHECK(h.s.slots[0].docs[1].steps.empty());
  const std::string english = doc_for(h.s, 0).title;
  CHECK(set_language(h.s, "zh").empty());
  CHECK(h.s.languages_loaded[1]);
  for (size_t i = 0; i < h.s.slots.size(); ++i) {
    CAPTURE(i);
    CHECK(h.s.slots[i].docs[1].steps.size() == h.s.slots[i].docs[0].steps.size());
  }
  CHECK(doc_for(h.s, 0).title != english);
  CHECK(take_content_errors(h.s).empty());
}

TEST_CASE("Chinese that cannot be loaded leaves English and a notice, keeps the choice, and is asked again") {
  Headless h;
  int asked = 0;
  std::string saved;
  h.s.hooks.load_chinese = [&] { ++asked; };
  h.s.hooks.save_language = [&](const std::string& l) { saved = l; };
  CHECK(set_language(h.s, "zh").empty());
  CHECK(asked == 1);
  chinese_failed(h.s, "cjk.ttf: HTTP 404");
  CHECK(h.s.lang == "en");  // not a page waiting for a font, nor one half in Chinese
  CHECK(saved == "zh");     // a failed download is not the learner choosing English
  REQUIRE_FALSE(h.s.notices.empty());
  CHECK(notice_text(h.s, h.s.notices.back()).find("cjk.ttf: HTTP 404") != std::string::npos);
  h.frame(1280, 800);
  CHECK(set_language(h.s, "zh").empty());
  CHECK(asked == 2);
}

TEST_CASE("heatmaps upload their texture once and again only after the data changes") {
  Headless h;
  const int lesson = lessons::find_lesson("sinusoidal");
  REQUIRE(lesson >= 0);
  go(h.s, lesson, 0);
  h.frame(1280, 800);
  const int first = h.s.null_textures.uploads;
  CHECK(first >= 1);
  for (int i = 0; i < 5; ++i) h.frame(1280, 800);
  CHECK(h.s.null_textures.uploads == first);
  lessons::set_param(current_lesson(h.s), "dim", "64");
  h.frame(1280, 800);
  CHECK(h.s.null_textures.uploads > first);
  const int second = h.s.null_textures.uploads;
  h.frame(1280, 800);
  CHECK(h.s.null_textures.uploads == second);
}

TEST_CASE("state changes rewrite the hash once, and the hash restores the state") {
  Headless h;
  h.frame(1280, 800);
  REQUIRE(h.hashes.size() == 1);
  CHECK(h.hashes[0].rfind("lesson=order&step=0", 0) == 0);
  h.frame(1280, 800);
  CHECK(h.hashes.size() == 1);  // nothing changed: no rewrite
  step_by(h.s, +1);
  h.frame(1280, 800);
  REQUIRE(h.hashes.size() == 2);
  CHECK(h.hashes[1].find("step=1") != std::string::npos);

  CHECK(apply_hash(h.s, "#lesson=order&step=3&dim=12&seed=77&pe=1&order=1,0,2,3,4,5,6&lang=en").empty());
  const std::string restored = current_hash(h.s);
  Headless other;
  CHECK(apply_hash(other.s, restored).empty());
  CHECK(current_hash(other.s) == restored);
  CHECK(state_json(other.s) == state_json(h.s));
  CHECK(other.s.step == 3);
  // A step may also be named by its id; the hash written back keeps the number.
  CHECK(apply_hash(other.s, "#lesson=rope&step=layouts").empty());
  CHECK(other.s.lesson == lessons::find_lesson("rope"));
  CHECK(step_id(other.s, other.s.lesson, other.s.step) == "layouts");
  CHECK(current_hash(other.s).find("step=3&") != std::string::npos);
}

TEST_CASE("every slider on every step is a declared parameter, with the declared range and scale") {
  Headless h;
  for (int lang : {0, 1}) {
    CHECK(set_language(h.s, lang ? "zh" : "en").empty());
    for (int l = 0; l < static_cast<int>(h.s.slots.size()); ++l)
      for (int st = 0; st < step_count(h.s, l); ++st) {
        CAPTURE(l);
        CAPTURE(st);
        go(h.s, l, st);
        record_prediction(h.s, -1);  // the visual (and its controls) shows after a question
        std::vector<ui::ControlRecord> log;
        ui::set_control_log(&log);
        h.frame(1280, 800);
        ui::set_control_log(nullptr);
        const std::vector<lessons::ParamValue> params = lessons::read_params(current_lesson(h.s));
        int sliders = 0;
        for (const ui::ControlRecord& c : log) {
          CAPTURE(c.label);
          const auto p = std::find_if(params.begin(), params.end(), [&](const lessons::ParamValue& v) {
            return !v.label.empty() && c.label == ui::tr(lang, v.label.c_str());
          });
          REQUIRE_MESSAGE(p != params.end(), "a slider that is no parameter's control");
          CHECK(c.lo == p->lo);
          CHECK(c.hi == p->hi);
          CHECK(c.log_scale == (p->scale == lessons::Scale::Log));
          ++sliders;
        }
        // Every control the step names is drawn (the controls section is open on desktop).
        int named = 0;
        for (std::string_view name : current_lesson(h.s).step_controls(step_id(h.s, l, st)))
          for (const lessons::ParamValue& v : params)
            named += v.name == name &&
                     (v.kind == lessons::ParamKind::Integer || v.kind == lessons::ParamKind::Real);
        CHECK(sliders >= named);
      }
  }
}

TEST_CASE("hostile hashes are clamped with a notice and leave a drawable state") {
  Headless h;
  struct Case {
    const char* hash;
    const char* notice_part;
  };
  const Case cases[] = {
      {"#lesson=nope", "unknown lesson"},
      {"#lesson=order&step=999", "step clamped"},
      {"#lesson=order&step=-4", "step clamped"},
      {"#step=abc", "neither a number nor a step"},
      {"#lesson=rope&step=complexx", "neither a number nor a step"},
      {"#lesson=order&dim=100000", "clamped to 64"},
      {"#lesson=order&dim=1e308", "clamped"},
      {"#lesson=order&dim=NaN", "not a number"},
      {"#lesson=order&order=9,9,9", "not an order"},
      {"#lesson=order&text=", "at least two tokens"},
      {"#lang=xx", "not available"},
      {"#lesson=order&pe=banana", "not 0/1"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.hash);
    const core::Messages said = apply_hash(h.s, c.hash);
    const std::string notice = core::english(said);
    for (const core::Message& m : said) {  // every notice also in Chinese
      CAPTURE(m.format);
      CHECK(std::string(ui::tr(1, m.format.c_str())) != m.format);
    }
    CHECK(notice.find(c.notice_part) != std::string::npos);
    h.frame(1280, 800);
    h.frame(390, 844);
  }
  posenc::core::Random r(99);
  for (int trial = 0; trial < 300; ++trial) {
    std::string hash = "#";
    const char* keys[] = {"lesson", "step", "dim", "seed", "pe", "order", "text", "lang", "x"};
    for (int k = 0, n = r.below(6); k < n; ++k) {
      hash += std::string(keys[r.below(9)]) + "=";
      for (int i = 0, m = r.below(12); i < m; ++i) hash += static_cast<char>(1 + r.below(255));
      hash += "&";
    }
    apply_hash(h.s, hash);
    h.frame(1280, 800);
    REQUIRE(h.s.step >= 0);
    REQUIRE(h.s.step < step_count(h.s, h.s.lesson));
  }
}

TEST_CASE("the JS API's JSON: lessons, state, go and set") {
  Headless h;
  const std::string lessons = lessons_json(h.s);
  CHECK(lessons.find("{\"id\":\"order\",\"title\":\"Why order matters\",\"steps\":5}") != std::string::npos);
  CHECK(go_json(h.s, "order", "2").find("\"step\":2") != std::string::npos);
  CHECK(go_json(h.s, "order", "50").find("\"notice\"") != std::string::npos);
  CHECK(h.s.step == 4);
  CHECK(go_json(h.s, "rope", "decay").find("\"step\":2") != std::string::npos);  // a step by its id
  CHECK(go_json(h.s, "rope", "nope")
            .find("\"error\":\"step must be a finite number or a step id of lesson rope (plane, complex, "
                  "decay, layouts, elementwise), not 'nope'\"") != std::string::npos);
  CHECK(go_json(h.s, "order", "NaN").find("\"error\"") != std::string::npos);
  CHECK(h.s.lesson == lessons::find_lesson("rope"));
  CHECK(go_json(h.s, "zzz", "0").find("\"error\"") != std::string::npos);
  go_json(h.s, "order", "0");
  CHECK(set_json(h.s, "dim", "16").find("\"dim\":16") != std::string::npos);
  CHECK(set_json(h.s, "dim", "1000").find("\"dim\":64") != std::string::npos);
  CHECK(set_json(h.s, "nope", "1").find("unknown parameter") != std::string::npos);
  CHECK(set_json(h.s, "pe", "true").find("\"pe\":true") != std::string::npos);
}

TEST_CASE("progress survives a save/load round trip and is clamped to the step count") {
  Headless h;
  go(h.s, 0, 3);
  const std::string saved = progress_string(h.s);
  CHECK(saved == "order=4");
  Headless other;
  load_progress(other.s, saved);
  CHECK(other.s.slots[0].seen == 4);
  load_progress(other.s, "order=1e9&bogus=3&order=x");
  CHECK(other.s.slots[0].seen == step_count(other.s, 0));
}

TEST_CASE("predictions are recorded, saved with the progress, restored, and reset per step") {
  Headless h;
  std::string saved;
  h.s.hooks.save_progress = [&](const std::string& p) { saved = p; };
  const int order = lessons::find_lesson("order");
  int asked = -1;  // the order lesson's step with a question
  for (int st = 0; st < step_count(h.s, order); ++st)
    if (!doc_for(h.s, order).steps[st].questions.empty()) asked = st;
  REQUIRE(asked >= 0);
  go(h.s, order, asked);
  h.frame(1280, 800);
  CHECK(prediction(h.s, order, asked) == nullptr);
  h.s.pending_choice = 1;
  record_prediction(h.s, 2);
  REQUIRE(prediction(h.s, order, asked) != nullptr);
  CHECK(*prediction(h.s, order, asked) == 2);
  CHECK(h.s.pending_choice == -1);
  const std::string id(step_id(h.s, order, asked));
  CHECK(saved.find("q.order." + id + "=2") != std::string::npos);  // keyed by the step's id
  h.frame(1280, 800);                                              // the revealed step draws

  Headless other;
  load_progress(other.s, saved);
  REQUIRE(prediction(other.s, order, asked) != nullptr);
  CHECK(*prediction(other.s, order, asked) == 2);
  load_progress(other.s, "q.order.999=1&q.nope.1=1&q.order.0=99&q.order.x=1");  // all out of range: ignored
  CHECK(other.s.predictions.size() == 1);
  Headless older;  // a save from before step ids keyed answers by the step's number
  load_progress(older.s, "q.order." + std::to_string(asked) + "=1");
  REQUIRE(prediction(older.s, order, asked) != nullptr);
  CHECK(*prediction(older.s, order, asked) == 1);

  go(h.s, order, asked);
  clear_prediction(h.s);
  CHECK(prediction(h.s, order, asked) == nullptr);
  h.s.pending_choice = 0;
  go(h.s, order, 0);
  CHECK(h.s.pending_choice == -1);  // a selection does not follow the learner to another step
}

TEST_CASE("while a control is held the hash waits for its release") {
  Headless h;
  h.frame(1280, 800);
  REQUIRE_FALSE(h.hashes.empty());
  const size_t written = h.hashes.size();
  CHECK(go(h.s, 1, 0).empty());
  ImGuiContext& g = *ImGui::GetCurrentContext();
  g.ActiveId = ImHashStr("a held slider");
  after_frame(h.s);
  CHECK(h.hashes.size() == written);
  CHECK(h.s.dirty);
  g.ActiveId = 0;
  after_frame(h.s);
  REQUIRE(h.hashes.size() == written + 1);
  CHECK(h.hashes.back() != h.hashes[written - 1]);
  CHECK_FALSE(h.s.dirty);
}

TEST_CASE(
    "locate: where the latest frame drew a control; clicking there presses it, and CSS pixels divide by the "
    "ratio") {
  Headless h;
  h.frame(1280, 800);
  h.frame(1280, 800);
  const std::optional<ui::ItemRect> next = ui::locate("Next");
  REQUIRE(next);
  CHECK(next->w > 20);
  CHECK(next->h > 10);
  CHECK(next->x > 0);
  CHECK(next->x + next->w <= 1280);
  CHECK(next->y + next->h <= 800);
  CHECK(next->y > 400);  // the step bar sits at the bottom of the text column
  CHECK_FALSE(ui::locate("no such control"));
  CHECK(locate_json("no such control", 1) == "null");
  double x = 0, y = 0, w = 0, hh = 0;
  REQUIRE(std::sscanf(locate_json("Next", 2).c_str(), "{\"x\":%lf,\"y\":%lf,\"w\":%lf,\"h\":%lf}", &x, &y, &w,
                      &hh) == 4);
  CHECK(x == doctest::Approx(next->x / 2));
  CHECK(w == doctest::Approx(next->w / 2));
  CHECK(hh == doctest::Approx(next->h / 2));

  // A click at the centre of the rectangle presses the button: hover, press, release.
  h.click(*next);
  CHECK(h.s.step == 1);

  // Only what the latest frame drew: the export buttons exist while a step has a matrix to export.
  CHECK(go(h.s, 2, 0).empty());  // sinusoidal: its table
  h.frame(1280, 800);
  CHECK(ui::locate("\xE2\x86\x93 .npy"));
  CHECK(go(h.s, static_cast<int>(h.s.slots.size()) - 1, 0)
            .empty());  // check: nothing loaded, nothing to export
  h.frame(1280, 800);
  CHECK_FALSE(ui::locate("\xE2\x86\x93 .npy"));
  CHECK(ui::locate("Next"));
}

TEST_CASE(
    "locate: the page's regions ':text' and ':visual', the parts in sight, follow the layout and the "
    "scroll") {
  Headless h;
  h.frame(1280, 800);
  const float top = 2.6f * ImGui::GetFontSize();  // the top bar
  // Wide (contents, text, visual) and medium (text, visual): two columns below the top bar, the step bar
  // below the text.
  for (const ImVec2 size : {ImVec2(1280, 800), ImVec2(1000, 700)}) {
    CAPTURE(size.x);
    h.frame(size.x, size.y);
    const std::optional<ui::ItemRect> text = ui::locate(":text"), visual = ui::locate(":visual");
    const std::optional<ui::ItemRect> next = ui::locate("Next");
    REQUIRE(text);
    REQUIRE(visual);
    REQUIRE(next);
    CHECK(text->y >= top);
    CHECK(text->h > size.y / 2);
    CHECK(text->w > size.x / 4);
    CHECK(next->y >= text->y + text->h);
    CHECK(text->x + text->w <= visual->x);
    CHECK(std::abs(visual->y - top) <= 2);  // from the top bar to the bottom (less the windows' borders)
    CHECK(std::abs(visual->y + visual->h - size.y) <= 2);
    CHECK(visual->x + visual->w <= size.x);
    CHECK(visual->w > size.x / 3);
  }
  // Narrow: one page, the text above the visual, the step bar pinned below; the wheel scrolls the page, and
  // the regions with it.
  h.frame(390, 844);
  const std::optional<ui::ItemRect> text = ui::locate(":text"), visual = ui::locate(":visual");
  const std::optional<ui::ItemRect> next = ui::locate("Next");
  REQUIRE(text);
  REQUIRE(visual);
  REQUIRE(next);
  CHECK(text->x == 0);
  CHECK(text->w > 350);
  CHECK(text->y >= top);
  CHECK(visual->y == doctest::Approx(text->y + text->h));
  CHECK(visual->x == 0);
  CHECK(visual->y + visual->h <= next->y);
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(text->x + text->w / 2, text->y + text->h / 2);
  io.MouseWheel = -3;
  h.frame(390, 844);
  io.MouseWheel = 0;
  h.frame(390, 844);
  io.MousePos = ImVec2(-1, -1);
  const std::optional<ui::ItemRect> text2 = ui::locate(":text"), visual2 = ui::locate(":visual");
  REQUIRE(text2);
  REQUIRE(visual2);
  CHECK(std::abs(text2->y - top) <= 2);  // the text's first lines went out of sight at the top
  CHECK(text2->h < text->h - 50);
  CHECK(visual2->y < visual->y - 50);
  CHECK(visual2->y == doctest::Approx(text2->y + text2->h));
  // On a short screen the visual starts below the bottom: out of sight, no region.
  ImGui::SetScrollY(ImGui::FindWindowByName("##page"), 0);
  h.frame(390, 300);
  h.frame(390, 300);
  CHECK(ui::locate(":text"));
  CHECK_FALSE(ui::locate(":visual"));
}

TEST_CASE(
    "locate: a heatmap's cell, \"label[row,col]\", is where a click picks that cell; out of sight, none") {
  Headless h;
  CHECK(go_json(h.s, "beyond-1d", "patches").find("\"error\"") == std::string::npos);
  const std::pair<const char*, const char*> settings[] = {
      {"rows", "5"}, {"cols", "7"}, {"prow", "0"}, {"pcol", "0"}};
  for (const auto& [name, value] : settings)
    CHECK(set_json(h.s, name, value).find("\"error\"") == std::string::npos);
  h.frame(1280, 800);
  const std::optional<ui::ItemRect> grid = ui::locate("patch grid");
  REQUIRE(grid);
  const std::optional<ui::ItemRect> cell = ui::locate("patch grid[3,5]");
  REQUIRE(cell);
  CHECK(cell->x == doctest::Approx(grid->x + 5 * grid->w / 7));
  CHECK(cell->y == doctest::Approx(grid->y + 3 * grid->h / 5));
  CHECK(cell->w == doctest::Approx(grid->w / 7));
  CHECK(cell->h == doctest::Approx(grid->h / 5));
  for (const char* bad :
       {"patch grid[5,0]", "patch grid[0,7]", "patch grid[-1,0]", "patch grid[3]", "patch grid[3,5",
        "patch grid[a,b]", "patch grid[3,5]x", "no grid[0,0]", "Next[0,0]"}) {
    CAPTURE(bad);
    CHECK_FALSE(ui::locate(bad));
  }
  h.click(*cell);
  const std::string state = state_json(h.s);
  CHECK(state.find("\"prow\":3") != std::string::npos);
  CHECK(state.find("\"pcol\":5") != std::string::npos);
  // A short window, the visual scrolled down by half the grid: the rows above its top are out of sight,
  // the middle row is cut at the top, the last whole.
  h.frame(1280, 420);
  h.frame(1280, 420);  // the visual's scroll bar, shown from the second frame, narrows the grid
  const float top = 2.6f * ImGui::GetFontSize();
  const std::optional<ui::ItemRect> before = ui::locate("patch grid");
  REQUIRE(before);
  ImGui::SetScrollY(ImGui::FindWindowByName("##visual"), before->y - top + before->h / 2);
  h.frame(1280, 420);
  const std::optional<ui::ItemRect> after = ui::locate("patch grid");
  REQUIRE(after);
  // Scrolling goes by whole pixels, and ImGui starts each line on a whole pixel by truncating toward
  // zero: a line scrolled above the display's top edge (negative y) lands a pixel lower than it would
  // unscrolled, a pixel per line above the grid (the export bar's two, the title, …).
  CHECK(std::abs(after->y - (top - before->h / 2)) <= 4);
  CHECK_FALSE(ui::locate("patch grid[0,0]"));
  CHECK_FALSE(ui::locate("patch grid[1,6]"));
  const std::optional<ui::ItemRect> cut = ui::locate("patch grid[2,0]"),
                                    whole = ui::locate("patch grid[4,0]");
  REQUIRE(cut);
  REQUIRE(whole);
  CHECK(cut->y >= top - 1);
  CHECK(cut->h < whole->h * 0.75f);
  CHECK(whole->h == doctest::Approx(after->h / 5));
}

TEST_CASE("the lesson list scrolls to the current lesson when it is out of sight, once") {
  Headless h;
  notify(h.s, apply_hash(h.s, "lesson=check&step=0"));  // the last lesson: below the fold at 1280 × 600
  for (int i = 0; i < 4; ++i) h.frame(1280, 600);
  ImGuiWindow* toc = ImGui::FindWindowByName("##toc");
  REQUIRE(toc);
  CHECK(toc->Scroll.y > 0);
  // the learner scrolls back up: left there
  ImGui::SetScrollY(toc, 0);
  for (int i = 0; i < 3; ++i) h.frame(1280, 600);
  CHECK(toc->Scroll.y == 0);
  // the first lesson is in sight: nothing scrolls
  notify(h.s, go(h.s, 0, 0));
  for (int i = 0; i < 3; ++i) h.frame(1280, 600);
  CHECK(toc->Scroll.y == 0);
}

// The window (or child) called `name` in the last frame, as a rectangle; empty when it was not drawn.
static ImRect window_rect(const char* name) {
  for (ImGuiWindow* w : GImGui->Windows)
    if (w->WasActive && std::string(w->Name).find(name) != std::string::npos) return w->Rect();
  return {};
}

TEST_CASE("notices have one place above the step bar, cover nothing, say a repeat once and a subject once") {
  Headless h;
  std::vector<std::string> heard;
  h.s.hooks.announce = [&](const std::string& text) { heard.push_back(text); };
  notify(h.s, apply_hash(h.s, "#lesson=sinusoidal&step=5&len=99999"));
  REQUIRE(h.s.notices.size() == 1);
  REQUIRE(heard.size() == 1);
  CHECK(heard[0] == notice_text(h.s, h.s.notices[0]));
  CHECK(heard[0].find("len: clamped to 4096") != std::string::npos);
  struct Size {
    float w, h;
    const char* page;  // the window the notices must leave alone
  };
  for (const Size sz : {Size{1280, 800, "##visual"}, Size{900, 700, "##visual"}, Size{390, 844, "##page"}}) {
    CAPTURE(sz.w);
    h.frame(sz.w, sz.h);
    h.frame(sz.w, sz.h);
    const ImRect notes = window_rect("##notices");
    REQUIRE(notes.GetArea() > 0);
    const ImRect page = window_rect(sz.page);
    CHECK_FALSE(notes.Overlaps(page));
    if (sz.w > 400) CHECK_FALSE(notes.Overlaps(window_rect("##textscroll")));
    const std::optional<ui::ItemRect> next = ui::locate("Next");
    REQUIRE(next);
    CHECK(notes.Max.y <= next->y);                        // above the step bar
    CHECK(window_rect("Debug##Default").GetArea() == 0);  // measuring them opened no stray window
  }
  // A slider held past its end says the same frame after frame: one notice, not a stack of them.
  for (int i = 0; i < 3; ++i)
    notify(h.s, {{"{0}: clamped to {1} (allowed {2}–{3})", {"base", "2", "2", "9"}}});
  CHECK(h.s.notices.size() == 2);
  // Two messages about one subject name it once.
  notify(h.s, {{"{0}: clamped to {1} (allowed {2}–{3})", {"dim", "2", "2", "512"}},
               {"dim: the clock needs (sin, cos) pairs; using {0}", {"2"}}});
  CHECK(notice_text(h.s, h.s.notices.back()) ==
        "dim: clamped to 2 (allowed 2–512); the clock needs (sin, cos) pairs; using 2");
  set_language(h.s, "zh");
  const std::string zh = notice_text(h.s, h.s.notices.back());
  CHECK(zh.find("\xE5\xB7\xB2\xE9\x99\x90\xE5\x88\xB6") != std::string::npos);  // re-translated: 已限制
}
