// Lesson 5 — clock: each (sin, cos) pair is a hand on a clock face, turning by ω_i per position: fast
// "second hands" at small i, slow "hour hands" at large i. Together they name every position.
#include "ui/clock.hpp"

#include <cmath>

#include "content/document.hpp"
#include "core/constants.hpp"
#include "core/offsets.hpp"
#include "core/sinusoidal.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace {

using core::kTwoPi;

struct Params {
  int dim = 16;
  double base = 10000;
  double pos = 10;
  double speed = 2;   // positions per second while playing
  int len = 512;      // range searched for the nearest pair of codes
  bool play = false;  // the hands turn on their own (in the URL too: a shared link keeps playing)
};

struct Derived {
  Eigen::VectorXd omega;     // per pair
  Eigen::VectorXd distance;  // ‖PE(p) − PE(p + k)‖ for k = 0…len−1
  int nearest_k = 1;
  double nearest = 0;
};

class ClockLesson final : public Lesson {
  Params p_;
  Derived d_;
  double last_time_ = 0, last_hash_ = 0;

 public:
  ClockLesson() {
    const std::vector<std::string_view> controls = {"pos", "speed", "dim", "base", "len"};
    step(
        "one-hand", [this](DrawContext&) { draw_one(*theme_); }, controls);
    step(
        "hands", [this](DrawContext&) { draw_all(*theme_, false); }, controls);
    step(
        "one-step", [this](DrawContext&) { draw_all(*theme_, true); }, controls);
    step(
        "unique", [this](DrawContext&) { draw_unique(*theme_); }, controls);
    const auto num = [](double x) { return ui::short_number(x); };
    say("pairs", [this] { return p_.dim / 2; });
    say("period_fast", [=] { return num(kTwoPi / d_.omega(0)); });
    say("period_slow", [=] { return num(kTwoPi / d_.omega(p_.dim / 2 - 1)); });
    say("angle_fast", [=] { return num(std::fmod(p_.pos * d_.omega(0), kTwoPi)); });
    say("sin_fast", [=] { return num(std::sin(p_.pos * d_.omega(0))); });
    say("cos_fast", [=] { return num(std::cos(p_.pos * d_.omega(0))); });
    say("nearest", [=] { return num(d_.nearest); });
    say("nearest_k", [this] { return d_.nearest_k; });
    say("norm", [=] { return num(std::sqrt(p_.dim / 2)); });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"dim", "d_model", 2, 64}, p_.dim);
    v.real({"base", "base", 2, 1e6, Scale::Log, "%.0f"}, p_.base);
    v.real({"pos", "position", 0, 1e6, Scale::Log, "%.1f"}, p_.pos);
    v.real({"speed", "speed", 0.1, 1000, Scale::Log, "%.1f / s"}, p_.speed);
    v.integer({"len", "range", 2, 4096}, p_.len);
    v.flag({"play"}, p_.play);
  }

  core::Messages update() override {
    core::Messages notice;
    make_even(p_.dim, "dim: the clock needs (sin, cos) pairs; using {0}", notice);
    d_.omega = core::frequencies(p_.dim, p_.base);
    d_.distance = core::distance_by_offset(p_.len - 1, p_.dim, p_.base);
    Eigen::Index k = 1;
    d_.nearest = d_.distance.tail(p_.len - 1).minCoeff(&k);
    d_.nearest_k = static_cast<int>(k) + 1;
    return notice;
  }

 private:
  // Advances the position while playing; the hands follow from pos, so nothing else is recomputed.
  void begin_frame(DrawContext& ctx) override {
    if (p_.play) {
      if (last_time_ > 0) p_.pos = std::fmod(p_.pos + p_.speed * (ctx.now - last_time_), 1e6);
      last_time_ = ctx.now;
      ctx.animating = true;
      if (ctx.now - last_hash_ > 0.5) {  // keep the URL current without rewriting it every frame
        ctx.edited = true;
        last_hash_ = ctx.now;
      }
    } else {
      last_time_ = 0;
    }
  }

  ui::ClockHand hand(int i, const ui::Theme& t) const {
    ui::ClockHand h;
    h.angle = p_.pos * d_.omega(i);
    h.color = ui::palette(i);
    h.label = "i=" + std::to_string(i);
    (void)t;
    return h;
  }

  std::string caption(int i) const {
    return trf(lang_, "ω = %s, turn every %s",
               content::readable_exponents(ui::short_number(d_.omega(i), 3)).c_str(),
               content::readable_exponents(ui::short_number(kTwoPi / d_.omega(i), 3)).c_str());
  }

  void draw_one(const ui::Theme& t) {
    ui::ClockOptions o;
    o.title = tr(lang_, "pair 0: (cos, sin) of pos · ω_0, a point on the unit circle");
    const std::string c = caption(0);
    o.caption = c.c_str();
    o.size = std::min(ImGui::GetContentRegionAvail().x, ui::em(16));
    o.trail = true;
    ui::clock_face("one", {hand(0, t)}, o, t);
  }

  void draw_all(const ui::Theme& t, bool ghost) {
    const int pairs = p_.dim / 2;
    const float avail = ImGui::GetContentRegionAvail().x;
    const float size = std::clamp(avail / 4 - ui::em(1), ui::em(6), ui::em(9));
    const int per_row = std::max(1, static_cast<int>(avail / (size + ui::em(1))));
    for (int i = 0; i < pairs; ++i) {
      if (i % per_row) ImGui::SameLine(0, ui::em(1));
      ImGui::BeginGroup();
      ui::ClockOptions o;
      const std::string title = trf(lang_, "pair %d", i), c = caption(i);
      o.title = title.c_str();
      o.caption = c.c_str();
      o.size = size;
      std::vector<ui::ClockHand> hands = {hand(i, t)};
      if (ghost) {  // where the hand was one position earlier
        ui::ClockHand g = hand(i, t);
        g.angle -= d_.omega(i);
        g.ghost = true;
        g.label.clear();
        hands.insert(hands.begin(), g);
      }
      ImGui::PushID(i);
      ui::clock_face("face", hands, o, t);
      ImGui::PopID();
      ImGui::EndGroup();
    }
  }

  void draw_unique(const ui::Theme& t) {
    const ui::Series s = ui::series(tr(lang_, "distance between PE(p) and PE(p + k)"), d_.distance);
    ui::LinePlotOptions o = plot("How far apart are the codes of two positions k apart?", "offset k", 15);
    o.markers.push_back({static_cast<double>(d_.nearest_k), tr(lang_, "closest other position"), 0});
    ui::line_plot("distance", {s}, o, t);
    ui::residual(tr(lang_, "smallest distance between different positions ="), d_.nearest, 0, t);
  }

  // Play / pause, one step, back to 0: buttons above the sliders (play is a parameter: a shared link
  // keeps playing).
  void extra_controls(DrawContext& ctx) override {
    if (ImGui::Button(tr(lang_, p_.play ? "Pause" : "Play"), ImVec2(ui::em(5), 0))) {
      p_.play = !p_.play;
      ctx.edited = true;
    }
    ImGui::SameLine();
    if (ImGui::Button(tr(lang_, "Step +1"))) {
      p_.pos = std::floor(p_.pos) + 1;
      ctx.edited = true;
    }
    ImGui::SameLine();
    if (ImGui::Button(tr(lang_, "Reset"))) {
      p_.pos = 0;
      ctx.edited = true;
    }
  }
};

}  // namespace

std::unique_ptr<Lesson> create_clock() { return std::make_unique<ClockLesson>(); }

}  // namespace posenc::lessons
