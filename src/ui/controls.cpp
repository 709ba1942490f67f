#include "controls.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>

#include "matrix_view.hpp"
#include "rich_text.hpp"

namespace posenc::ui {

namespace {
std::vector<ControlRecord>* g_control_log = nullptr;  // tests only
void record(const char* label, double lo, double hi, bool log_scale) {
  if (g_control_log) g_control_log->push_back({label, lo, hi, log_scale});
}
}  // namespace

void set_control_log(std::vector<ControlRecord>* log) { g_control_log = log; }

namespace {
bool g_leave_text_box = false;  // asked this frame (Tab in a text box), not yet done
}  // namespace

void request_leave_text_box() { g_leave_text_box = true; }

bool leave_text_box() {
  if (!g_leave_text_box || !ImGui::IsItemActive()) return false;
  ImGui::ClearActiveID();
  g_leave_text_box = false;
  return true;
}

void finish_leave_text_box() {
  if (g_leave_text_box && GImGui->ActiveId && ImGui::GetIO().WantTextInput) ImGui::ClearActiveID();
  g_leave_text_box = false;
}

double nudge(double v, const Nudge& n) {
  double out = v;
  if (!n.log_scale) {
    const double span = n.hi - n.lo;
    const double step =
        n.integer ? std::max(1.0, n.big ? std::round(span / 10) : 1.0) : span / (n.big ? 10 : 100);
    out = v + n.dir * step;
  } else {
    const double factor = n.big ? 10.0 : std::pow(10.0, 0.1);  // ten steps per decade
    const double smallest = n.lo > 0 ? n.lo : n.integer || n.hi >= 10 ? 1.0 : n.hi / 1000;
    if (n.dir > 0)
      out = v < smallest ? smallest : v * factor;
    else
      out = v <= smallest ? n.lo : v / factor;
    if (n.integer) {
      out = std::round(out);
      if (out == v) out = v + n.dir;  // small integers still move
    }
  }
  if (n.integer) out = std::round(out);
  return std::clamp(out, n.lo, n.hi);
}

namespace {
float g_label_column_em = kLabelColumn;  // in font sizes, so that a change of font size follows
}  // namespace

float label_column_x() { return em(g_label_column_em); }

LabelColumn::LabelColumn(float widest, float most) : previous_(g_label_column_em) {
  const float fit = ImGui::GetCursorPosX() + widest + em(0.6f);  // from where the labels start
  if (fit > label_column_x() && fit <= most) g_label_column_em = fit / ImGui::GetFontSize();
}

LabelColumn::~LabelColumn() { g_label_column_em = previous_; }

float label_column(const char* label, float wide) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  const float line = ImGui::GetContentRegionAvail().x;  // a whole line's room: the cursor is on the next one
  if (wide > 0 && line < label_column_x() + em(wide)) return line;  // narrow: the next line, all of it
  // SameLine's offset counts from the window's left edge (its padding included), like the column's.
  if (ImGui::GetItemRectMax().x + em(0.4f) <= ImGui::GetWindowPos().x + label_column_x())
    ImGui::SameLine(label_column_x());
  else
    ImGui::SetCursorPosX(label_column_x());  // a new line, at the controls' column
  return em(wide);
}

namespace {
// ← → on the slider keyboard focus is on (without Space first): which way, or 0. Takes the key from
// ImGui's navigation, which would otherwise move the focus sideways.
int arrow_on_focused_item() {
  const ImGuiIO& io = ImGui::GetIO();
  if (!(io.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard) || !ImGui::IsItemFocused() ||
      ImGui::IsItemActive())
    return 0;
  const int dir = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow)) -
                  ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow));
  if (dir) ImGui::NavMoveRequestCancel();
  return dir;
}

// "label  [slider]": the label in the controls' left column, the slider `draw` makes (given its flags)
// in the rest of `width`; ← → move it while it has the keyboard focus (Shift: ten times as far).
template <class T, class Draw>
bool labelled_slider(const char* label, T* value, double lo, double hi, float width, bool log_scale,
                     Draw draw) {
  record(label, lo, hi, log_scale);
  ImGui::PushID(label);
  label_column(label);
  ImGui::SetNextItemWidth(width - label_column_x());
  bool changed = draw(ImGuiSliderFlags_AlwaysClamp | (log_scale ? ImGuiSliderFlags_Logarithmic : 0));
  if (const int dir = arrow_on_focused_item()) {
    const Nudge n{lo, hi, log_scale, std::is_integral_v<T>, dir, ImGui::GetIO().KeyShift};
    const T next = static_cast<T>(nudge(static_cast<double>(*value), n));
    changed = changed || next != *value;
    *value = next;
  }
  ImGui::PopID();
  return changed;
}
}  // namespace

bool slider_int(const char* label, int* value, int lo, int hi, float width, bool log_scale) {
  // Through a 64-bit slider: ImGui's logarithmic mapping multiplies the range's ends in the slider's own
  // type (256 × 2^24 overflows an int, undefined behaviour that UBSan reports).
  return labelled_slider(label, value, lo, hi, width, log_scale, [&](ImGuiSliderFlags flags) {
    long long v = *value;
    const long long l = lo, h = hi;
    const bool changed = ImGui::SliderScalar("##v", ImGuiDataType_S64, &v, &l, &h, "%lld", flags);
    *value = static_cast<int>(std::clamp(v, l, h));
    return changed;
  });
}

bool slider_real(const char* label, double* value, double lo, double hi, float width, bool log_scale,
                 const char* format) {
  return labelled_slider(label, value, lo, hi, width, log_scale, [&](ImGuiSliderFlags flags) {
    return ImGui::SliderScalar("##v", ImGuiDataType_Double, value, &lo, &hi, format, flags);
  });
}

bool toggle(const char* label, bool* value) { return ImGui::Checkbox(label, value); }

bool choice(const char* label, int* value, const std::vector<const char*>& options) {
  ImGui::PushID(label);
  label_column(label);
  bool changed = false;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  for (int i = 0; i < static_cast<int>(options.size()); ++i) {
    // Options that do not fit on the line continue on the next, under the first one.
    const float width =
        ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(options[i]).x;
    if (i > 0 && ImGui::GetItemRectMax().x + style.ItemSpacing.x + width > right)
      ImGui::SetCursorPosX(label_column_x());  // no SameLine: a new line, from the options' column
    else if (i > 0)
      ImGui::SameLine();
    if (ImGui::RadioButton(options[i], *value == i) && *value != i) {
      *value = i;
      changed = true;
    }
  }
  ImGui::PopID();
  return changed;
}

int token_chips(const std::vector<std::string>& tokens, int selected, const Theme& theme,
                const std::vector<int>* subscripts) {
  int clicked = -1;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float start_x = ImGui::GetCursorPosX();
  float x = 0;
  for (int i = 0; i < static_cast<int>(tokens.size()); ++i) {
    ImGui::PushID(i);
    std::string label = tokens[i];
    if (subscripts && i < static_cast<int>(subscripts->size())) {
      char sub[16];
      std::snprintf(sub, sizeof sub, "  %d", (*subscripts)[i]);
      label += sub;
    }
    const ImVec2 size(ImGui::CalcTextSize(label.c_str()).x + em(1.2f), em(2.0f));
    if (i > 0) {
      if (x + ImGui::GetStyle().ItemSpacing.x + size.x <= avail)
        ImGui::SameLine();
      else
        x = 0;
    }
    if (x > 0) x += ImGui::GetStyle().ItemSpacing.x;
    const bool sel = i == selected;
    ImGui::PushStyleColor(ImGuiCol_Button, sel ? ImGui::ColorConvertU32ToFloat4(theme.accent)
                                               : ImGui::ColorConvertU32ToFloat4(theme.panel));
    ImGui::PushStyleColor(ImGuiCol_Text,
                          sel ? ImVec4(1, 1, 1, 1) : ImGui::ColorConvertU32ToFloat4(theme.text));
    ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 1.0f * theme.scale);
    if (ImGui::Button(label.c_str(), size)) clicked = i;
    ImGui::PopStyleVar();
    ImGui::PopStyleColor(2);
    x += size.x;
    ImGui::PopID();
  }
  (void)start_x;
  return clicked;
}

void residual(const char* label, double value, double tolerance, const Theme& theme) {
  // The caption's formulas typeset, then the value as a chip: green within the tolerance, orange
  // beyond; the line wraps on narrow screens.
  const std::string v = content::readable_exponents(short_number(value, 3));  // 4.44×10⁻¹⁶
  std::vector<content::Run> runs = formula_runs(label);
  runs.push_back({content::RunKind::Text, " "});
  runs.push_back({content::RunKind::Placeholder, "value"});
  const bool ok = value <= tolerance;
  RichStyle style;
  style.value_color = ok ? theme.good : theme.warn;
  style.value_background = ok ? theme.value_bg : theme.note_bg;
  rich_text(
      {{content::BlockKind::Paragraph, runs, 0}}, ImGui::GetContentRegionAvail().x, theme,
      [&](std::string_view) { return v; }, &style);
}

void caption(const char* text, const Theme& theme) { wrapped(text, theme, theme.muted); }

void side_by_side(float min_em, const std::function<void(float width)>& first,
                  const std::function<void(float width)>& second) {
  const float avail = ImGui::GetContentRegionAvail().x, gap = em(1);
  const bool two = avail > em(min_em);
  const float width = two ? (avail - gap) / 2 : avail;
  ImGui::BeginGroup();
  first(width);
  ImGui::EndGroup();
  if (two) ImGui::SameLine(0, gap);
  ImGui::BeginGroup();
  second(width);
  ImGui::EndGroup();
}

}  // namespace posenc::ui
