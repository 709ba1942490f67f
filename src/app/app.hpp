// The walkthrough's state and what can be done to it — by the UI, the URL hash and the JS API alike.
// Owned by the platform (web or desktop) and passed by reference; no globals.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "content/document.hpp"
#include "lessons/lesson.hpp"
#include "ui/locate.hpp"
#include "ui/texture.hpp"
#include "ui/theme.hpp"

namespace posenc::app {

// What the app asks of the platform.
struct PlatformHooks {
  // The browser's file chooser; the desktop's dialog, titled with what the lesson opens (an English key).
  std::function<void(const char* what)> open_file_dialog;
  // Fetch what Chinese needs, once: its font and, where the program does not embed it (the site), its
  // lesson text (handed back through language_text_arrived).
  std::function<void()> load_chinese;
  // Asks for the code panel's text (the site's code.txt); it arrives through content::add_code, or
  // code_text_failed(). Unset where the code is compiled in.
  std::function<void()> load_code;
  // Fetches that text at once (synchronously: a notebook asked for needs it now); true when the code is
  // here after. Unset where the code is compiled in.
  std::function<bool()> load_code_now;
  // The page's address without its hash, for links back to it (a notebook's); unset: a relative link.
  std::function<std::string()> page_url;
  std::function<void(const std::string& text)> copy_text;  // to the clipboard
  std::function<void(const std::string& file, const std::string& bytes, const char* mime)>
      download;                                                // save a file
  std::function<void(const std::string& lang)> save_language;  // remember the choice
  // Mirror the current step as text for screen readers: lesson title, step title, body.
  std::function<void(const std::string&, const std::string&, const std::string&)> mirror_text;
  // The page follows the language: <html lang>, the mirror's lang, the page title, the canvas label.
  std::function<void(const std::string& lang, const std::string& title, const std::string& canvas_label)>
      page_language;
  std::function<void(const std::string& hash)> write_hash;         // replaceState, no history entry
  std::function<void(const std::string& progress)> save_progress;  // persist "id:seen,…"
  std::function<void(const std::string& text)> announce;  // a notice, said to screen readers (aria-live)
  // The card (embed.hpp): the page's own address without its hash (for "Copy embed code"; unset where
  // there is none, the desktop), opening the full view of a hash in a new tab, and posting the card's
  // state (posenc.state()'s JSON) to the host page at `origin`.
  std::function<std::string()> page_address;
  std::function<void(const std::string& hash)> open_full_view;
  std::function<void(const std::string& state, const std::string& origin)> post_state;
};

// A step shown alone, as a card for an iframe (#…&embed=1; embed.hpp): its lesson, the steps its Prev/Next
// and arrows keep to, and the one origin whose messages it takes.
struct Embed {
  bool on = false;
  int lesson = 0;
  int first = 0, last = 0;  // steps first … last (inclusive) of `lesson`
  bool ranged = false;      // steps= gave them (written back); otherwise the card shows one step
  std::string host;         // a valid origin ("https://example.org"), or empty: no messages are taken
  bool post_state = false;  // a message was taken: post the state to the host after this frame
  std::string notice;       // … with what it clamped (English), as posenc.go / posenc.set answer
  // Keyboard focus mode is on the card's last (first) part: Tab (Shift-Tab) leaves the frame (the
  // platform lets the browser move the focus to the host page instead of handing the key to the app).
  bool tab_out_next = false, tab_out_prev = false;
};

struct Notice {
  core::Messages messages;  // translated when drawn, so a notice follows a change of language
  double until = 0;         // seconds (platform clock)
};

struct LessonSlot {
  std::unique_ptr<lessons::Lesson> lesson;  // created on first visit
  std::vector<content::Document> docs;      // per language in kLanguages order (empty title: missing)
  int seen = 0;                             // steps opened so far (progress)
};

inline constexpr std::string_view kLanguages[] = {"en", "zh"};

// "Save figure" and posenc.figure (figure.hpp): what was asked, and where the visual stands.
struct FigureState {
  bool save = false;       // "Save figure" was pressed: the platform saves both files after this frame
  bool capturing = false;  // capture frames: the visual is drawn a second time, alone, in the figure window
  // The visual's window in the latest frame — its width without a scroll bar, its padding — and whether
  // the layout is the phone's: the figure window repeats them, so that the visual lays out the same.
  float window_w = 0;
  ImVec2 padding;
  bool compact = false;
  ImVec2 min, max;  // the figure (device pixels) the figure window drew in this capture frame; empty: none
  bool textured_lines = true;  // the style's AntiAliasedLinesUseTex, restored after a capture
};

struct AppState {
  // First member, so it outlives the lessons' heatmaps, which release their textures through it.
  ui::NullTextureHost null_textures;
  ui::RecordingTextureHost figure_textures;  // the heatmaps a figure draws (before the lessons, too)
  std::vector<LessonSlot> slots;
  int lesson = 0;
  int step = 0;
  int scrolled_for = -1;  // lesson · 1000 + step the panels were last drawn for: a new step starts at the top
  std::string lang = "en";
  std::vector<Notice> notices;
  std::vector<std::string> content_errors;  // file:line messages from malformed content (see take_…)
  std::array<bool, std::size(kLanguages)> languages_loaded{};  // whose lesson text has been parsed
  PlatformHooks hooks;
  ui::Theme theme;
  ui::TextureHost* textures = nullptr;  // set by the platform; headless runs use `null_textures`
  double now = 0;                       // seconds, set by the platform each frame
  bool toc_open = false;
  bool touch = false;           // the learner points with a finger: the platform's guess, then any touch
  int export_choice = 0;        // which of the step's matrices the export buttons act on
  bool show_code = false;       // the code panel above the visual
  bool cjk_requested = false;   // the Chinese font was asked for
  bool code_requested = false;  // the code panel's text was asked for and has not failed
  bool cjk_ready = false;       // … and merged into the fonts
  std::string extra_glyphs;     // characters a learner brought that the fonts lacked (glyphs.hpp), each once
  bool glyphs_wanted = false;   // … noted since the atlas was last built with them
  bool dirty = true;            // the hash needs rewriting
  std::map<std::string, int> predictions;  // "<lesson id>.<step id>" → chosen index, or −1 when skipped
  int pending_choice = -1;                 // the choice selected but not locked in (current step)
  int focus_window = 0;                    // keyboard focus mode: which part of the page Tab last went to
  unsigned focus_id = 0;       // … the control it last saw focused (ImGuiID), to scroll a new one into view
  int focus_init_frame = -10;  // … and the frame it last asked ImGui for a part's default control
  bool refocus = false;        // … and that the focused control went away: focus the part's default
  ui::ItemRect focus_rect;     // … and where the focus frame was last drawn (w = 0: none)
  bool animating = false;      // the lesson animated in the last frame: the platform keeps frames coming
  bool working = false;  // a lesson worked between frames in the last frame (training; see Lesson::work)
  // > 0: work goes on elsewhere (workers, threads): draw a frame again after this many seconds, even
  // when nothing else asks for one (the progress of a training)
  double wake_in = 0;
  std::string last_hash;
  std::string page_lang;  // the language the page (title, lang attributes) was last set to
  Embed embed;
  FigureState figure;
  // "↓ .ipynb" was pressed: the platform saves the notebook after this frame (save_notebook; on the web
  // from a timer, which keeps the notebook's writer out of the first view's module: cmake/Web.cmake).
  bool save_notebook = false;
};

void init(AppState& s);
// The content errors found since the last call (English at init, other languages when first chosen).
std::vector<std::string> take_content_errors(AppState& s);

lessons::Lesson& current_lesson(AppState& s);
// Lesson `lesson` (created, at its defaults and in the learner's language, when it was never visited).
lessons::Lesson& lesson_at(AppState& s, int lesson);
const content::Document& current_doc(const AppState& s);
const content::Document& doc_for(const AppState& s, int lesson);
int step_count(const AppState& s, int lesson);

// The id of step `step` of `lesson` ({#id} in its content).
std::string_view step_id(const AppState& s, int lesson, int step);
// The position of the step with that id, or −1.
int find_step(const AppState& s, int lesson, std::string_view id);

// Moves the walkthrough; clamps and says so when it had to.
core::Messages go(AppState& s, int lesson, int step);
// Next/previous step, crossing into the neighbouring lesson at the ends (a card: within its steps).
void step_by(AppState& s, int delta);
core::Messages set_language(AppState& s, std::string_view lang);
int lang_index(const AppState& s);
// Every character the Chinese interface can show (lesson text and interface strings), for the glyph
// ranges of the CJK font.
std::string cjk_text();
// A language's lesson text arrived (a pack of its content files, see content::add_files): parses it and
// shows it if that language is current. False when nothing was added.
bool language_text_arrived(AppState& s, std::string_view lang, std::string_view pack);
// The Chinese text or font could not be had (`why`: which file, and the error): English with a notice
// (not a page waiting for ever, nor one half in Chinese); the learner's choice of Chinese is kept for the
// next visit, and switching to Chinese again asks again.
void chinese_failed(AppState& s, std::string_view why);

// Applies a URL hash (lesson, step — a number or a step id —, lang, then the lesson's parameters in
// its own order). Unknown keys are ignored; bad values are clamped; returns what was adjusted.
core::Messages apply_hash(AppState& s, std::string_view hash);
// The hash of the current view; with_embed false: without the card's keys (the full view of it).
std::string current_hash(AppState& s, bool with_embed = true);
// The hash that opens step `step` of lesson `lesson` at that lesson's current settings.
std::string lesson_hash(AppState& s, int lesson, int step);

void notify(AppState& s, const core::Messages& messages, double seconds = 6.0);
// A notice in the learner's language, as shown.
std::string notice_text(const AppState& s, const Notice& n);

// Progress ("order:4,naive:2") read back from storage, and written through the hook.
void load_progress(AppState& s, std::string_view saved);
std::string progress_string(const AppState& s);
// Predict, then reveal: the key of a step's question ("<lesson id>.<step id>"), the learner's recorded
// answer (nullptr when not answered yet), and recording one (choice −1: skipped). Recording saves the
// progress.
std::string prediction_key(const AppState& s, int lesson, int step);
const int* prediction(const AppState& s, int lesson, int step);
void record_prediction(AppState& s, int choice);
void clear_prediction(AppState& s);

// The step the learner is on (s.step clamped into the lesson's steps), and its question (nullptr when it
// asks none); whether that question still waits for the learner's answer (the visual stays covered).
const content::Step& current_step(const AppState& s);
const content::Question* current_question(const AppState& s);
bool awaiting_answer(const AppState& s);
// Predict, then reveal: the current step's text in reading order, as the screen and the screen-reader
// mirror both show it. A step without a question: `blocks` with all its blocks. With one: `blocks` with
// the blocks before it, `question` with it and the learner's answer (nullptr while it waits; not to be
// kept: `question` may record or clear it), then, once it was answered, `blocks` with the blocks after.
void step_text(const AppState& s, const std::function<void(const std::vector<content::Block>&)>& blocks,
               const std::function<void(const content::Question&, const int* answer)>& question);

// A file the learner dropped, picked or pasted: handed to the first lesson that accepts files (the
// walkthrough moves there). Returns what happened (also shown as a notice).
core::Messages receive_file(AppState& s, std::string_view name, const unsigned char* bytes, std::size_t size);

// Called once per frame by the platform after drawing: rewrites the hash when state changed.
void after_frame(AppState& s);

// Called by the platform right before ImGui::NewFrame: Enter activates the focused control as Space does
// (ImGui 1.86 maps Enter to text input only), unless a text field has the keyboard.
void map_nav_keys();

// Draws the whole walkthrough into a window of `width` × `height` device pixels (shell.cpp); in a capture
// frame also the figure window (figure.hpp), right of that.
void draw(AppState& s, float width, float height);
// The context the current step's visual is drawn with (shell.cpp); `compact`: the phone's layout.
lessons::DrawContext draw_context(AppState& s, bool compact);

}  // namespace posenc::app
