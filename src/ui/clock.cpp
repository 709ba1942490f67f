// Clock face: a face disc of the given diameter holding the unit circle, Re/Im axes, an optional trail
// and the hands with their tip labels. Angles run counter-clockwise from +Re, so screen y is flipped.
#include "clock.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/constants.hpp"
#include "i18n.hpp"
#include "rich_text.hpp"

namespace posenc::ui {
namespace {

using core::kTwoPi;

ImU32 with_alpha(ImU32 c, float a) {
  const float old = static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF);
  return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(old * a + 0.5f) << IM_COL32_A_SHIFT);
}

double wrap_angle(double a) {
  const double w = std::fmod(a, kTwoPi);
  return w < 0 ? w + kTwoPi : w;
}

bool drawable(const ClockHand& h) { return std::isfinite(h.angle) && std::isfinite(h.length); }

// Screen direction of an angle in the complex plane (y up).
ImVec2 direction(double a) {
  return ImVec2(static_cast<float>(std::cos(a)), static_cast<float>(-std::sin(a)));
}

ImVec2 along(ImVec2 c, ImVec2 d, float r) { return ImVec2(c.x + d.x * r, c.y + d.y * r); }

ImU32 hand_color(const ClockHand& h, const Theme& theme) {
  const ImU32 c = h.color ? h.color : theme.accent;
  return h.ghost ? with_alpha(c, 0.35f) : c;
}

// Axis names are left out where a labelled hand points along that axis: its tip label sits there.
void draw_axes(ImDrawList* dl, ImVec2 c, float face_r, const std::vector<ClockHand>& hands,
               const Theme& theme) {
  const float ext = face_r - em(0.35f), fs = em(0.7f);
  dl->AddLine(ImVec2(c.x - ext, c.y), ImVec2(c.x + ext, c.y), theme.border, theme.scale);
  dl->AddLine(ImVec2(c.x, c.y - ext), ImVec2(c.x, c.y + ext), theme.border, theme.scale);
  const auto near = [&](double axis) {
    for (const ClockHand& h : hands) {
      const double d = std::fabs(std::remainder(h.angle - axis, kTwoPi));
      if (!h.label.empty() && d < 0.6) return true;
    }
    return false;
  };
  ImFont* font = ImGui::GetFont();
  const float re_w = font->CalcTextSizeA(fs, 1e9f, 0, "Re").x;
  if (!near(0)) dl->AddText(font, fs, ImVec2(c.x + ext - re_w, c.y + em(0.1f)), theme.muted, "Re");
  if (!near(kTwoPi / 4)) dl->AddText(font, fs, ImVec2(c.x + em(0.25f), c.y - ext), theme.muted, "Im");
}

void draw_trail(ImDrawList* dl, ImVec2 c, float r, const ClockHand& h, const Theme& theme) {
  const double a = wrap_angle(h.angle);
  if (a < 1e-6) return;
  const int segments = std::max(4, static_cast<int>(a / kTwoPi * 64));
  dl->PathArcTo(c, r * static_cast<float>(h.length), 0.0f, -static_cast<float>(a), segments);
  dl->PathStroke(with_alpha(theme.accent, 0.45f), 0, 3.0f * theme.scale);
}

void draw_hand(ImDrawList* dl, ImVec2 c, float r, const ClockHand& h, const Theme& theme) {
  const ImU32 col = hand_color(h, theme);
  const ImVec2 tip = along(c, direction(h.angle), r * static_cast<float>(h.length));
  dl->AddLine(c, tip, col, (h.ghost ? 1.5f : 2.0f) * theme.scale);
  dl->AddCircleFilled(tip, h.ghost ? em(0.15f) : em(0.2f), col);
}

// The label's box sits just outside the tip, centred on the hand's direction.
void draw_tip_label(ImDrawList* dl, ImVec2 c, float r, const ClockHand& h, const Theme& theme) {
  if (h.label.empty()) return;
  const ImVec2 d = direction(h.angle), ts = ImGui::CalcTextSize(h.label.c_str());
  const float reach =
      r * static_cast<float>(h.length) + em(0.35f) + (std::fabs(d.x) * ts.x + std::fabs(d.y) * ts.y) / 2;
  const ImVec2 mid = along(c, d, reach);
  const ImU32 col = h.ghost ? theme.muted : (h.color ? h.color : theme.accent);
  const ImVec2 p(mid.x - ts.x / 2, mid.y - ts.y / 2);
  dl->AddRectFilled(ImVec2(p.x - em(0.1f), p.y), ImVec2(p.x + ts.x + em(0.1f), p.y + ts.y),
                    with_alpha(theme.panel, 0.8f), em(0.15f));
  dl->AddText(p, col, h.label.c_str());
}

void hover_tooltip(const std::vector<ClockHand>& hands, int lang) {
  ImGui::BeginTooltip();
  for (size_t i = 0; i < hands.size(); ++i) {
    if (!drawable(hands[i])) continue;
    const double a = wrap_angle(hands[i].angle);
    const std::string name =
        hands[i].label.empty() ? trf(lang, "hand %d", static_cast<int>(i + 1)) : hands[i].label;
    ImGui::TextUnformatted(
        trf(lang, "%s: %.4f rad = %.1f\xC2\xB0", name.c_str(), a, a * 360.0 / kTwoPi).c_str());
  }
  ImGui::EndTooltip();
}

void draw_face(ImDrawList* dl, ImVec2 c, float face_r, const std::vector<ClockHand>& hands,
               const ClockOptions& opt, const Theme& theme) {
  bool labels = false;
  for (const ClockHand& h : hands) labels = labels || !h.label.empty();
  const float r = std::max(face_r * 0.5f, face_r - (labels || opt.axes ? em(1.25f) : em(0.45f)));
  dl->AddCircleFilled(c, face_r, theme.panel);
  dl->AddCircle(c, face_r, theme.border, 0, theme.scale);
  if (opt.axes) draw_axes(dl, c, face_r, hands, theme);
  dl->AddCircle(c, r, theme.muted, 0, 1.5f * theme.scale);
  if (opt.trail && !hands.empty() && drawable(hands[0])) draw_trail(dl, c, r, hands[0], theme);
  for (bool ghost : {true, false})
    for (const ClockHand& h : hands)
      if (h.ghost == ghost && drawable(h)) draw_hand(dl, c, r, h, theme);
  for (const ClockHand& h : hands)
    if (drawable(h)) draw_tip_label(dl, c, r, h, theme);
  dl->AddCircleFilled(c, em(0.12f), theme.strong);
}

}  // namespace

bool clock_face(const char* id, const std::vector<ClockHand>& hands, const ClockOptions& opt,
                const Theme& theme) {
  ImGui::PushID(id);
  ImGui::BeginGroup();
  const float size = std::max(em(2), opt.size > 0 ? opt.size : em(8));
  if (opt.title) {
    wrapped(opt.title, theme, theme.strong, size, theme.bold);
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 c(origin.x + size / 2, origin.y + size / 2);
  draw_face(ImGui::GetWindowDrawList(), c, size / 2, hands, opt, theme);
  ImGui::InvisibleButton("face", ImVec2(size, size));
  const ImVec2 mp = ImGui::GetIO().MousePos;
  const float dx = mp.x - c.x, dy = mp.y - c.y;
  const bool hovered = ImGui::IsItemHovered() && dx * dx + dy * dy <= size * size / 4;
  if (hovered && !hands.empty()) hover_tooltip(hands, theme.lang);
  if (opt.caption) {
    wrapped(opt.caption, theme, theme.muted, size);
  }
  ImGui::EndGroup();
  ImGui::PopID();
  return hovered;
}

}  // namespace posenc::ui
