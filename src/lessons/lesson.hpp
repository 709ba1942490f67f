// The lesson framework. A lesson owns its parameters (declared once in visit(), see params.hpp),
// derived data recomputed only in update(), and one draw function per step, registered under the
// step's id — the same id its content file gives the step (`## Step: Title {#id}`). The frame's
// skeleton (language, step dispatch, the step's controls) lives here; lessons hold only what is theirs.
// Its text comes from content/<lang>/<id>.md; it supplies the live {{placeholder}} values.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/message.hpp"
#include "params.hpp"
#include "ui/heatmap.hpp"
#include "ui/i18n.hpp"
#include "ui/line_plot.hpp"
#include "ui/texture.hpp"
#include "ui/theme.hpp"

namespace posenc::lessons {

using ui::tr;
using ui::trf;

// A matrix the learner can copy or download from the current step, named with its parameters.
struct Export {
  std::string name;  // file stem, e.g. "pe_len100_d128_base10000_interleaved"
  const Eigen::MatrixXd* matrix = nullptr;
  // Instead of `matrix`: a table built only when asked for (exports are listed every frame; a large
  // one the step does not draw is computed on the click, not on every change).
  std::function<const Eigen::MatrixXd&()> make;
  // Instead of a matrix: a text file with its own format (a table with headers, JSON), written on the
  // click: its extension (".csv") and media type.
  std::string extension, mime;
  std::function<std::string()> text;
  Export(std::string n, const Eigen::MatrixXd* m) : name(std::move(n)), matrix(m) {}
  Export(std::string n, std::function<const Eigen::MatrixXd&()> f) : name(std::move(n)), make(std::move(f)) {}
  static Export file(std::string n, std::string ext, std::string type, std::function<std::string()> f) {
    Export e(std::move(n), nullptr);
    e.extension = std::move(ext), e.mime = std::move(type), e.text = std::move(f);
    return e;
  }
  bool is_file() const { return static_cast<bool>(text); }
  const Eigen::MatrixXd& data() const { return matrix ? *matrix : make(); }
};

// "_len100_d128_base10000": the part of an export's name that says which sinusoidal table it comes from.
std::string table_tag(int len, int dim, double base);

struct DrawContext {
  int step = 0;              // the step's position (navigation, URL)
  std::string_view step_id;  // its id ({#id} in the content); what lessons key on
  bool compact = false;      // narrow (phone) layout
  bool touch = false;        // the learner points with a finger (tap, not hover; no Ctrl+V)
  int lang = 0;              // index into app::kLanguages (0 English, 1 Chinese)
  const ui::Theme* theme = nullptr;
  ui::TextureHost* textures = nullptr;  // for heatmaps (never null while drawing)
  double now = 0;                       // seconds, for animations
  bool animating = false;               // set by a lesson that animates (keeps frames coming)
  bool edited = false;                  // set when a control changed a parameter (the app updates the URL)
  const char* open_file =
      nullptr;              // set to ask the platform for a file dialog: what it opens (an English key)
  core::Messages notices;   // what the learner should be told (clamped values, adjusted parameters)
  float visual_bottom = 0;  // set by draw(): the screen height where the step's visual ends (controls follow)
};

class Lesson {
 public:
  virtual ~Lesson() = default;
  // Every parameter, in the order links set them (a parameter whose range depends on another comes
  // after it). Called for reading, setting, serialising and drawing controls.
  virtual void visit(ParamVisitor& v) = 0;
  // Recomputes derived data after parameters changed. Returns what it had to adjust (e.g. an order
  // that no longer fits the token count), else nothing.
  virtual core::Messages update() = 0;

  // The live value of a {{placeholder}}: the lesson's own row (say()), else the parameter of that name, else
  // the framework's conditions ("narrow": the phone layout, text above the visual; "touch": a finger,
  // not a mouse, so "tap" rather than "hover";
  // "plural_<name>": placeholder <name> is not 1); "" when none.
  std::string placeholder(std::string_view name);
  // The ids of the registered steps, in order.
  std::vector<std::string_view> step_ids() const;
  // The names of the parameters whose controls step `id` shows.
  std::vector<std::string_view> step_controls(std::string_view id) const;
  // Draws step ctx.step_id: the lesson's per-frame hook, the step's visual, then its controls.
  void draw(DrawContext& ctx);
  // The step's visual alone, as draw() draws it in the same frame (after it): "Save figure" draws it a
  // second time in a window of its own (src/app/figure.hpp).
  void draw_visual(DrawContext& ctx);
  // The learner's language (an index into app::kLanguages): set by the app when the lesson is created and
  // whenever the language changes, before the lesson is asked for anything, so its labels, messages and
  // placeholder values follow it; each frame's draw() sets it too.
  void set_language(int lang);
  // The walkthrough arrived at step `id`: applies the settings the step needs to show what its text
  // says (the learner may change them again; links apply their parameters after this). Returns what
  // update() said when something changed.
  core::Messages enter(std::string_view id);

  // Work that goes on between frames whichever lesson is shown (lesson train's training): runs for about
  // `budget_ms` and returns true while more remains, so that the platform keeps frames coming. The app
  // calls it once a frame for every lesson created.
  virtual bool work(double budget_ms) {
    (void)budget_ms;
    return false;
  }
  // How often work() needs calling while it says more remains: 0, every frame (it works in the frame);
  // else seconds (it only collects what works elsewhere, say in Web Workers: the page then draws a few
  // frames a second for the progress, leaving the machine's cores to the work).
  virtual double work_every() const { return 0; }

  // Computes now what step `step` shows that the lesson otherwise computes only when the step is drawn
  // (numbers its text quotes, the matrices it exports), for a reader that does not draw it: the step's
  // notebook. Cheap when already current.
  virtual void prepare(std::string_view step) { (void)step; }

  // What the lesson's notebook needs beyond its settings — a config.json it read, a file the learner
  // loaded, runs it trained — as Python code that defines the names its recipe reads (a "data" cell
  // after `params`); "" when the settings say everything.
  virtual std::string notebook_data() const { return {}; }

  // The matrices behind a step's visual, for "Copy as CSV" and downloads.
  virtual std::vector<Export> exports(std::string_view step) const {
    (void)step;
    return {};
  }
  // Lessons that take a learner's file (dropped, picked or pasted) say so and receive its bytes.
  virtual bool accepts_files() const { return false; }
  // Whether this file is one this lesson reads (a table for `check`, a config.json for `scaling`): the
  // app hands a file to the current lesson when it takes it, else to the first lesson that does.
  virtual bool takes_file(std::string_view name, const unsigned char* bytes, std::size_t size) const {
    (void)name, (void)bytes, (void)size;
    return accepts_files();
  }
  virtual core::Messages receive_file(std::string_view name, const unsigned char* bytes, std::size_t size) {
    (void)name, (void)bytes, (void)size;
    return {};
  }
  // After receive_file(): the id of the step that shows what the file brought, when the learner should be
  // taken there (a RoPE cache dropped on lesson check's sinusoidal steps); "" to stay.
  virtual std::string_view step_for_file() const { return {}; }

 protected:
  using DrawFn = std::function<void(DrawContext&)>;
  using EnterFn = std::function<bool()>;  // sets what the step needs; true when it changed something
  // Registers the visual of step `id`, the parameters whose controls it shows below it, and what to
  // set when the learner arrives at the step.
  void step(std::string_view id, DrawFn draw, std::vector<std::string_view> controls = {},
            EnterFn enter = {});

  // A {{placeholder}} the lesson computes, declared once in the constructor as a row: its name and how to
  // say its value now — a function returning a bool ("1"/"0", for {{?name}} conditions), an integer (its
  // digits) or text (a number the lesson formats itself, as it should read). Parameters need no row.
  //   say("rotary_dim", [this] { return d_.rotary_dim; });
  //   say("partial", [this] { return d_.rotary_dim < p_.dim; });
  //   say("af", [this] { return ui::short_number(d_.attention_factor, 4); });
  template <class F>
  void say(std::string_view name, F f) {
    using R = decltype(f());
    if constexpr (std::is_same_v<R, bool>) {
      add_row(name, [f] { return std::string(f() ? "1" : "0"); });
    } else if constexpr (std::is_integral_v<R>) {
      add_row(name, [f] { return std::to_string(f()); });
    } else {
      static_assert(std::is_convertible_v<R, std::string>, "say(): a bool, an integer or text");
      add_row(name, [f] { return std::string(f()); });
    }
  }
  // After the language changed: a lesson whose defaults depend on it (lesson 1's sentence) may switch
  // them while the learner has not changed them. Returns true when it changed a parameter.
  virtual bool language_changed() { return false; }
  // Called every frame before the step's visual (animation, work only some steps need).
  virtual void begin_frame(DrawContext& ctx) { (void)ctx; }
  // Called every frame after the step's controls.
  virtual void end_frame(DrawContext& ctx) { (void)ctx; }
  // Lesson-specific controls at the top of the controls section (buttons that are not parameters).
  virtual void extra_controls(DrawContext& ctx) { (void)ctx; }

  // Draws parameter `name`'s control as declared (range, scale, format, label in the learner's
  // language); `width` 0: the controls column's width. After a change: recomputes and has the URL
  // rewritten. Returns true when the value changed.
  bool control(DrawContext& ctx, std::string_view name, float width = 0);
  // After one of the lesson's own widgets changed a parameter: recompute, pass on what update() said,
  // have the URL rewritten.
  void edited(DrawContext& ctx);
  // A box to paste or type a file's text into, above a button that hands it to receive_file() as
  // "pasted text" (what it said goes to the notices). `caption`: what works with a mouse and keyboard;
  // `touch_caption`: what works on a touch screen (the canvas opens no on-screen keyboard).
  void paste_box(DrawContext& ctx, char* buffer, std::size_t size, const char* caption,
                 const char* touch_caption, const char* button, float height_em);
  // A heatmap of a table with one row per position (labelled, hovered as "pos") and, with
  // `dimension_columns`, one column per dimension; titled `title` (an English catalogue key).
  ui::HeatmapOptions position_rows(const char* title, bool dimension_columns = true) const;
  // A heatmap of a matrix with its columns ("column") across and `rows` (an English catalogue key, e.g.
  // "row", "token") down, `share` of the available width tall but at most `max_em`; `title` shown as given.
  ui::HeatmapOptions column_map(const char* title, const char* rows, float share, float max_em) const;
  // A heatmap of a matrix over pairs of positions, titled `title`, `x_label` across and `y_label` down
  // (English catalogue keys, e.g. "key position j"), `x_name` and `y_name` in the hover readout as given
  // ("j"), 0.8 of the available width tall but at most `max_em`.
  ui::HeatmapOptions position_pairs(const char* title, const char* x_label, const char* y_label,
                                    const char* x_name, const char* y_name, float max_em) const;
  // A line plot titled `title`, `x_label` under its x axis and, if given, `y_label` beside its y axis
  // (English catalogue keys), `height_em` tall.
  ui::LinePlotOptions plot(const char* title, const char* x_label, float height_em,
                           const char* y_label = nullptr) const;
  // Rounds an odd `count` (a width made of pairs) up to the next even number and says so: `message` (a
  // catalogue key, {0} the count now used) goes to `notices`.
  static void make_even(int& count, const char* message, core::Messages& notices);
  // Shuffle, Reverse and Original order on one line, for a reorderable sequence of n items: each changes
  // `order` (Shuffle draws from mix_seed(seed, salt + presses) and never gives the same order back).
  // Returns true when the order changed.
  bool reorder_buttons(std::vector<int>& order, int n, int seed, int salt, int& shuffles) const;

  int lang_ = 0;                      // the learner's language, for labels (set every frame)
  const ui::Theme* theme_ = nullptr;  // set every frame
  bool holding_ = false;              // the last change came from a control still being dragged
  bool narrow_ = false;               // drawn in the phone layout (set every frame)
  bool touch_ = false;                // … for a learner using touch (set every frame)

 private:
  void add_row(std::string_view name, std::function<std::string()> f);
  std::vector<std::pair<std::string, std::function<std::string()>>> rows_;  // sorted by name

  struct StepEntry {
    std::string_view id;
    DrawFn draw;
    std::vector<std::string_view> controls;
    EnterFn enter;
  };
  const StepEntry* find_step(std::string_view id) const;
  void prepare(const DrawContext& ctx);
  const StepEntry* visual(DrawContext& ctx);  // draws it, sets ctx.visual_bottom; the step, or null
  std::vector<StepEntry> steps_;
};

struct LessonEntry {
  std::string_view id;  // stable, appears in URLs
  std::unique_ptr<Lesson> (*create)();
  std::vector<std::string_view> code;  // src/core regions (`// <code id>`) behind the lesson's visual
};

// The walkthrough, in order.
const std::vector<LessonEntry>& lesson_table();
int find_lesson(std::string_view id);  // index or −1

// A JSON file: named *.json, or text whose first non-blank character is '{'.
// Whether `name` ends with `suffix` (a file's extension, as given).
inline bool ends_with(std::string_view name, std::string_view suffix) {
  return name.size() >= suffix.size() && name.substr(name.size() - suffix.size()) == suffix;
}
bool looks_like_json(std::string_view name, const unsigned char* bytes, std::size_t size);

// Sets one parameter by name from text (URL/JS API), then updates the lesson if it changed.
SetOutcome set_param(Lesson& lesson, std::string_view name, std::string_view value);
std::vector<ParamValue> read_params(Lesson& lesson);

}  // namespace posenc::lessons
