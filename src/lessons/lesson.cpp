// The lesson framework's shared half: step registration and dispatch, controls drawn from the
// parameters' declarations, placeholders that fall back to parameters, and setting parameters by name.
#include "lesson.hpp"

#include <imgui.h>

#include <algorithm>
#include <cassert>
#include <cstdio>

#include "content/document.hpp"
#include "core/permutation.hpp"
#include "core/random.hpp"
#include "ui/controls.hpp"
#include "ui/locate.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace {

// Draws the control of the one parameter named `name`, as its declaration says.
class ControlDrawer final : public ParamVisitor {
 public:
  ControlDrawer(std::string_view name, float width, int lang) : name_(name), width_(width), lang_(lang) {}
  bool found = false, changed = false;

  void integer(const Param& p, int& value) override {
    if (!mine(p)) return;
    changed = ui::slider_int(tr(lang_, p.label), &value, static_cast<int>(p.lo), static_cast<int>(p.hi),
                             width_, p.scale == Scale::Log);
  }
  void real(const Param& p, double& value) override {
    if (!mine(p)) return;
    changed = ui::slider_real(tr(lang_, p.label), &value, p.lo, p.hi, width_, p.scale == Scale::Log,
                              p.format ? tr(lang_, p.format) : "%.4g");
  }
  void flag(const Param& p, bool& value) override {
    if (mine(p)) changed = ui::toggle(tr(lang_, p.label), &value);
  }
  void text(const Param& p, std::string& value, int max_bytes) override {
    if (!mine(p)) return;
    std::vector<char> buf(static_cast<size_t>(max_bytes) + 1, '\0');
    std::snprintf(buf.data(), buf.size(), "%s", value.c_str());
    ImGui::PushID(p.name);
    ui::label_column(tr(lang_, p.label));
    ImGui::SetNextItemWidth(width_ - ui::label_column_x());
    // Applied on Enter or when the field loses focus, not on every keystroke.
    const bool entered =
        ImGui::InputText("##text", buf.data(), buf.size(), ImGuiInputTextFlags_EnterReturnsTrue);
    ui::leave_text_box();              // Tab: out of the box, as on any loss of focus
    ui::remember(tr(lang_, p.label));  // (posenc.locate: tests click into it)
    if (entered || ImGui::IsItemDeactivatedAfterEdit()) {
      changed = value != buf.data();
      value = buf.data();
    }
    ImGui::PopID();
  }
  void order(const Param& p, std::vector<int>&, int) override { mine(p); }  // the lesson draws its own
  void choice(const Param& p, int& value, const std::vector<const char*>& options) override {
    if (!mine(p)) return;
    std::vector<const char*> shown;
    for (const char* o : options) shown.push_back(tr(lang_, o));
    changed = ui::choice(tr(lang_, p.label), &value, shown);
  }

 private:
  bool mine(const Param& p) {
    if (name_ != p.name) return false;
    found = true;
    return p.label != nullptr;
  }
  std::string_view name_;
  float width_;
  int lang_;
};

// Finds one parameter's current value.
std::string param_text(Lesson& lesson, std::string_view name) {
  for (const ParamValue& p : read_params(lesson)) {
    if (p.name != name) continue;
    switch (p.kind) {
      case ParamKind::Integer:
        return std::to_string(static_cast<long long>(p.number));
      case ParamKind::Real: {  // six digits, without trailing zeros: 2.5, not 2.50000
        std::string t = ui::short_number(p.number, 6);
        if (t.find('.') != std::string::npos && t.find('e') == std::string::npos) {
          t.erase(t.find_last_not_of('0') + 1);
          if (t.back() == '.') t.pop_back();
        }
        return t;
      }
      default:
        return to_hash_string(p);
    }
  }
  return {};
}

}  // namespace

void Lesson::add_row(std::string_view name, std::function<std::string()> f) {
  const auto at = std::lower_bound(rows_.begin(), rows_.end(), name,
                                   [](const auto& row, std::string_view n) { return row.first < n; });
  assert((at == rows_.end() || at->first != name) && "say(): a placeholder declared twice");
  rows_.insert(at, {std::string(name), std::move(f)});
}

std::string Lesson::placeholder(std::string_view name) {
  const auto row = std::lower_bound(rows_.begin(), rows_.end(), name,
                                    [](const auto& r, std::string_view n) { return r.first < n; });
  // Said in running text: 1.11e-16 reads 1.11×10⁻¹⁶.
  std::string v =
      row != rows_.end() && row->first == name ? content::readable_exponents(row->second()) : std::string();
  if (v.empty()) v = param_text(*this, name);
  if (v.empty() && name == "narrow") v = narrow_ ? "1" : "0";
  if (v.empty() && name == "touch") v = touch_ ? "1" : "0";
  // "plural_<name>": the number <name> is not 1 (English text: "{{n}} position{{?plural_n}}s{{/}}").
  if (v.empty() && name.substr(0, 7) == "plural_" && name.size() > 7) {
    const std::string n = placeholder(name.substr(7));
    if (!n.empty()) v = n == "1" ? "0" : "1";
  }
  return v;
}

void Lesson::step(std::string_view id, DrawFn draw, std::vector<std::string_view> controls, EnterFn enter) {
  steps_.push_back({id, std::move(draw), std::move(controls), std::move(enter)});
}

void Lesson::set_language(int lang) {
  if (lang == lang_) return;
  lang_ = lang;
  if (language_changed()) update();
}

core::Messages Lesson::enter(std::string_view id) {
  const StepEntry* s = find_step(id);
  if (!s || !s->enter || !s->enter()) return {};
  return update();
}

const Lesson::StepEntry* Lesson::find_step(std::string_view id) const {
  for (const StepEntry& s : steps_)
    if (s.id == id) return &s;
  return nullptr;
}

std::vector<std::string_view> Lesson::step_ids() const {
  std::vector<std::string_view> ids;
  for (const StepEntry& s : steps_) ids.push_back(s.id);
  return ids;
}

std::vector<std::string_view> Lesson::step_controls(std::string_view id) const {
  const StepEntry* s = find_step(id);
  return s ? s->controls : std::vector<std::string_view>{};
}

void Lesson::prepare(const DrawContext& ctx) {
  set_language(ctx.lang);
  theme_ = ctx.theme;
  narrow_ = ctx.compact;
  touch_ = ctx.touch;
}

const Lesson::StepEntry* Lesson::visual(DrawContext& ctx) {
  const StepEntry* s = find_step(ctx.step_id);
  if (s)
    s->draw(ctx);
  else  // a content step without a visual (a unit test keeps this from shipping)
    ImGui::TextDisabled("(no visual for step '%.*s')", static_cast<int>(ctx.step_id.size()),
                        ctx.step_id.data());
  // The last line's bottom: the cursor stands one item spacing below it.
  ctx.visual_bottom = ImGui::GetCursorScreenPos().y - ImGui::GetStyle().ItemSpacing.y;
  return s;
}

void Lesson::draw_visual(DrawContext& ctx) {
  prepare(ctx);
  visual(ctx);
}

void Lesson::draw(DrawContext& ctx) {
  prepare(ctx);
  begin_frame(ctx);
  const StepEntry* s = visual(ctx);
  if (!s) return;
  if (!s->controls.empty()) {
    ImGui::Spacing();
    const std::string label = std::string(tr(lang_, "Controls")) + "###controls";
    // Closed by default on phones, where it would push the visual off screen.
    if (ImGui::CollapsingHeader(label.c_str(), ctx.compact ? 0 : ImGuiTreeNodeFlags_DefaultOpen)) {
      // The section's label column fits its longest label, up to 58% of the controls' width.
      float widest = 0;
      for (const ParamValue& p : read_params(*this))
        if (!p.label.empty() && p.kind != ParamKind::Flag &&
            std::find(s->controls.begin(), s->controls.end(), p.name) != s->controls.end())
          widest = std::max(widest, ImGui::CalcTextSize(tr(lang_, p.label.c_str())).x);
      const ui::LabelColumn column(widest, 0.58f * std::min(ImGui::GetContentRegionAvail().x, ui::em(26)));
      extra_controls(ctx);
      for (std::string_view name : s->controls) control(ctx, name);
    }
  }
  end_frame(ctx);
}

bool Lesson::control(DrawContext& ctx, std::string_view name, float width) {
  if (width <= 0) width = std::min(ImGui::GetContentRegionAvail().x, ui::em(26));
  ControlDrawer drawer(name, width, lang_);
  visit(drawer);
  IM_ASSERT(drawer.found && "control() names a parameter the lesson does not declare");
  if (!drawer.changed) return false;
  holding_ = ImGui::IsAnyItemActive();
  edited(ctx);
  return true;
}

void Lesson::edited(DrawContext& ctx) {
  const core::Messages notices = update();
  ctx.notices.insert(ctx.notices.end(), notices.begin(), notices.end());
  ctx.edited = true;
}

ui::HeatmapOptions Lesson::position_rows(const char* title, bool dimension_columns) const {
  ui::HeatmapOptions o;
  o.title = tr(lang_, title);
  o.y_label = tr(lang_, "position");
  o.y_name = "pos";
  if (dimension_columns) {
    o.x_label = tr(lang_, "dimension");
    o.x_name = tr(lang_, "dim");
  }
  return o;
}

ui::HeatmapOptions Lesson::column_map(const char* title, const char* rows, float share, float max_em) const {
  ui::HeatmapOptions o;
  o.title = title;
  o.x_label = tr(lang_, "column");
  o.x_name = "column";
  o.y_label = tr(lang_, rows);
  o.y_name = rows;
  o.height = std::min(ImGui::GetContentRegionAvail().x * share, ui::em(max_em));
  return o;
}

ui::HeatmapOptions Lesson::position_pairs(const char* title, const char* x_label, const char* y_label,
                                          const char* x_name, const char* y_name, float max_em) const {
  ui::HeatmapOptions o;
  o.title = tr(lang_, title);
  o.x_label = tr(lang_, x_label);
  o.y_label = tr(lang_, y_label);
  o.x_name = x_name;
  o.y_name = y_name;
  o.height = std::min(ImGui::GetContentRegionAvail().x * 0.8f, ui::em(max_em));
  return o;
}

ui::LinePlotOptions Lesson::plot(const char* title, const char* x_label, float height_em,
                                 const char* y_label) const {
  ui::LinePlotOptions o;
  o.title = tr(lang_, title);
  o.x_label = tr(lang_, x_label);
  o.y_label = tr(lang_, y_label);
  o.height = ui::em(height_em);
  return o;
}

void Lesson::make_even(int& count, const char* message, core::Messages& notices) {
  if (count % 2 == 0) return;
  ++count;
  notices.push_back({message, {std::to_string(count)}});
}

bool Lesson::reorder_buttons(std::vector<int>& order, int n, int seed, int salt, int& shuffles) const {
  bool moved = false;
  if (ImGui::Button(tr(lang_, "Shuffle"))) {
    core::Random rng(core::mix_seed(seed, salt + ++shuffles));
    core::Permutation next = core::random_permutation(n, rng);
    if (next == order && n > 1) std::swap(next[0], next[n - 1]);
    order = next;
    moved = true;
  }
  ImGui::SameLine();
  if (ImGui::Button(tr(lang_, "Reverse"))) {
    order.assign(order.rbegin(), order.rend());
    moved = true;
  }
  ImGui::SameLine();
  if (ImGui::Button(tr(lang_, "Original order"))) {
    order = core::identity_permutation(n);
    moved = true;
  }
  return moved;
}

SetOutcome set_param(Lesson& lesson, std::string_view name, std::string_view value) {
  Setter setter(name, value);
  lesson.visit(setter);
  SetOutcome out = setter.outcome();
  if (out.changed) {
    const core::Messages fix = lesson.update();
    out.notices.insert(out.notices.end(), fix.begin(), fix.end());
  }
  return out;
}

std::vector<ParamValue> read_params(Lesson& lesson) {
  Reader reader;
  lesson.visit(reader);
  return std::move(reader.values);
}

void Lesson::paste_box(DrawContext& ctx, char* buffer, std::size_t size, const char* caption,
                       const char* touch_caption, const char* button, float height_em) {
  ui::caption(tr(lang_, touch_ ? touch_caption : caption), *theme_);
  ImGui::InputTextMultiline(
      "##paste", buffer, size,
      ImVec2(std::min(ImGui::GetContentRegionAvail().x, ui::em(30)), ui::em(height_em)));
  ui::leave_text_box();
  const bool pressed = ImGui::Button(tr(lang_, button));
  ui::remember(tr(lang_, button));  // (posenc.locate: tests click it and type into the box above)
  if (!pressed) return;
  const std::string text(buffer);
  const core::Messages said =
      receive_file("pasted text", reinterpret_cast<const unsigned char*>(text.data()), text.size());
  ctx.notices.insert(ctx.notices.end(), said.begin(), said.end());
  ctx.edited = true;
}

std::string table_tag(int len, int dim, double base) {
  return "_len" + std::to_string(len) + "_d" + std::to_string(dim) + "_base" + ui::short_number(base, 9);
}

bool looks_like_json(std::string_view name, const unsigned char* bytes, std::size_t size) {
  if (name.size() >= 5 && name.substr(name.size() - 5) == ".json") return true;
  for (std::size_t i = 0; i < size; ++i) {
    if (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\r' || bytes[i] == '\n') continue;
    if (i == 0 && size >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) {  // UTF-8 mark
      i += 2;
      continue;
    }
    return bytes[i] == '{';
  }
  return false;
}

}  // namespace posenc::lessons
