// Small controls shared by lessons: labelled sliders sized in font units, token chips, and the
// residual readout that accompanies every identity a lesson claims.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "theme.hpp"

namespace posenc::ui {

// Width of the controls' label column, in font sizes: holds the longest label ("训练长度 L_train").
constexpr float kLabelColumn = 8.4f;

// The label column a section of controls uses (pixels from the window's left edge): kLabelColumn, or
// wider for a section whose labels are longer (num_key_value_heads), so that its sliders stay beside
// their labels. LabelColumn widens it for its lifetime to fit `widest` (a label's width in pixels), up to
// `most` pixels (beyond that, a label takes a line of its own, as before).
float label_column_x();
class LabelColumn {
 public:
  LabelColumn(float widest, float most);
  ~LabelColumn();
  LabelColumn(const LabelColumn&) = delete;
  LabelColumn& operator=(const LabelColumn&) = delete;

 private:
  float previous_;
};

// "label [====o====]" on one line; returns true when the value changed. Lessons reach these through
// their parameters' declarations (lessons::Lesson::control), never with ranges of their own.
// One keyboard step of a slider: ← or → (dir −1 / +1), Shift for a big step. Linear: 1 (integers) or
// 1/100 of the range; Shift: 1/10 of it. Logarithmic: ten steps per decade; Shift: a decade. From 0 a
// log slider steps to its smallest positive value (1 for counts). Clamped to [lo, hi]. For tests.
struct Nudge {
  double lo = 0, hi = 1;
  bool log_scale = false, integer = false;
  int dir = 1;
  bool big = false;
};
double nudge(double value, const Nudge& n);

// A control's label in the left column, then the cursor at the control column: on the same line when
// the label fits the column, on the next one when it is longer (it would run under the control).
// `wide`: the control's width in em, when it asks for one (a list of long names); where the room right
// of the column is narrower (a phone), the control takes the next line from the left edge, as wide as
// the line. Returns the width to give the control (0 when `wide` is 0).
float label_column(const char* label, float wide = 0);

bool slider_int(const char* label, int* value, int lo, int hi, float width, bool log_scale = false);
bool slider_real(const char* label, double* value, double lo, double hi, float width, bool log_scale = false,
                 const char* format = "%.4g");
bool toggle(const char* label, bool* value);

// For tests: while a log is set, every slider drawn appends what it offered the learner.
struct ControlRecord {
  std::string label;
  double lo = 0, hi = 0;
  bool log_scale = false;
};
void set_control_log(std::vector<ControlRecord>* log);
// Radio buttons on one line; returns true when the choice changed.
bool choice(const char* label, int* value, const std::vector<const char*>& options);

// A row of token chips that wraps; returns the index clicked or −1. `selected` is drawn highlighted,
// `marked` (optional, per token) drawn with an accent outline.
int token_chips(const std::vector<std::string>& tokens, int selected, const Theme& theme,
                const std::vector<int>* subscripts = nullptr);

// "label  value" with the value coloured by whether it is below `tolerance` (identity holds) or not.
void residual(const char* label, double value, double tolerance, const Theme& theme);

// Tab in a text box: the shell asks the box being edited to give up the keyboard (request_leave_text_box),
// and the box, right after its ImGui::InputText…, lets go (leave_text_box) so that ImGui reports it
// deactivated after its edit in that same frame, with the typed text in its buffer: the lesson keeps it
// as on any loss of focus. Returns whether it let go. finish_leave_text_box (the shell, end of frame)
// lets go of a box that did not.
void request_leave_text_box();
bool leave_text_box();
void finish_leave_text_box();

// Muted helper text that wraps.
void caption(const char* text, const Theme& theme);

// Two visuals side by side, one em apart, when the available width exceeds `min_em` em, else one above
// the other: `first` and `second` each draw theirs in the width they are given.
void side_by_side(float min_em, const std::function<void(float width)>& first,
                  const std::function<void(float width)>& second);

}  // namespace posenc::ui
