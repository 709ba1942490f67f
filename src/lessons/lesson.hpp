// The lesson interface and the ordered lesson table. A lesson owns its parameters (described through
// ParamVisitor), derived data recomputed only in update(), and draws its visual for a given step.
// Its text comes from content/<lang>/NN-<id>.md; it supplies the live {{placeholder}} values.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "params.hpp"
#include "ui/texture.hpp"
#include "ui/theme.hpp"

namespace posenc::lessons {

// A matrix the learner can copy or download from the current step, named with its parameters.
struct Export {
  std::string name;                    // file stem, e.g. "pe_len100_d128_base10000_interleaved"
  const Eigen::MatrixXd* matrix = nullptr;
};

struct DrawContext {
  int step = 0;
  bool compact = false;        // narrow (phone) layout
  int lang = 0;                // index into app::kLanguages (0 English, 1 Chinese)
  const ui::Theme* theme = nullptr;
  ui::TextureHost* textures = nullptr;  // for heatmaps (never null while drawing)
  double now = 0;              // seconds, for animations
  bool animating = false;      // set by a lesson that animates (keeps frames coming)
  bool edited = false;         // set when a control changed a parameter (the app updates the URL)
  bool open_file = false;      // set to ask the platform for the browser's file dialog
  std::string notice;          // set to show the learner a short message
};

class Lesson {
 public:
  virtual ~Lesson() = default;
  // Every parameter, in display order. Called for reading, setting and serialising.
  virtual void visit(ParamVisitor& v) = 0;
  // Recomputes derived data after parameters changed. Returns a notice when it had to adjust a
  // parameter (e.g. an order that no longer fits the token count), else "".
  virtual std::string update() = 0;
  // The live value of a {{placeholder}}, or "" when the lesson has no such name.
  virtual std::string value(std::string_view name) const = 0;
  // The visual and controls for ctx.step.
  virtual void draw(DrawContext& ctx) = 0;
  // The matrices behind the current step's visual, for "Copy as CSV" and downloads.
  virtual std::vector<Export> exports(int step) const {
    (void)step;
    return {};
  }
  // Lessons that take a learner's file (dropped, picked or pasted) say so and receive its bytes.
  virtual bool accepts_files() const { return false; }
  virtual std::string receive_file(std::string_view name, const unsigned char* bytes, std::size_t size) {
    (void)name, (void)bytes, (void)size;
    return {};
  }

 protected:
  // After a control changed a parameter: recompute, pass on any notice, and have the URL rewritten.
  void edited(DrawContext& ctx);
  // Opens the collapsible "Controls" section (closed by default on phones). Returns the width for
  // sliders, or 0 when the section is closed.
  static float controls_section(const DrawContext& ctx);
};

struct LessonEntry {
  std::string_view id;    // stable, appears in URLs
  std::string_view stem;  // content file stem, "01-order"
  std::unique_ptr<Lesson> (*create)();
  std::vector<std::string_view> code;  // src/core regions (`// <code id>`) behind the lesson's visual
};

// The walkthrough, in order.
const std::vector<LessonEntry>& lesson_table();
int find_lesson(std::string_view id);  // index or −1

// Sets one parameter by name from text (URL/JS API), then updates the lesson if it changed.
SetOutcome set_param(Lesson& lesson, std::string_view name, std::string_view value);
std::vector<ParamValue> read_params(Lesson& lesson);

}  // namespace posenc::lessons
