// The line plot and the clock face: headless ImGui frames that check what is drawn (orientation, log
// mapping, vertex budget) and what the widgets report. (Ticks and the palette: test_ticks.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <map>

#include "content/document.hpp"
#include "core/random.hpp"
#include "ui/clock.hpp"
#include "ui/colormap.hpp"
#include "ui/controls.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"
#include "ui/plot_axes.hpp"
#include "ui/rich_text.hpp"

using namespace posenc::ui;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kPi = 3.141592653589793;

struct Headless {
  ImGuiContext* previous;
  ImGuiContext* ctx;
  Theme theme;
  Headless() : previous(ImGui::GetCurrentContext()), ctx(ImGui::CreateContext()) {
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    load_fonts(theme, {{"/nonexistent/regular.ttf"}, {"/nonexistent/bold.ttf"}, {}}, 16.0f);
    unsigned char* px;
    int w, h;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    apply_style(theme, 1.0f);
  }
  ~Headless() {
    ImGui::DestroyContext(ctx);
    ImGui::SetCurrentContext(previous);
  }
  // One frame with `body` inside a full-screen, undecorated window; returns the frame's vertex count.
  int frame(const std::function<void()>& body, ImVec2 mouse = ImVec2(-1e4f, -1e4f), bool down = false) {
    ImGui::SetCurrentContext(ctx);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1000, 800);
    io.DeltaTime = 1.0f / 60;
    io.MousePos = mouse;
    io.MouseDown[0] = down;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("widgets", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
    body();
    ImGui::End();
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
  }
};

// Bounding box and peak alpha of the vertices of colour `rgb` (any alpha) added by `draw`.
struct Ink {
  ImVec2 min{1e9f, 1e9f}, max{-1e9f, -1e9f};
  int count = 0, max_alpha = 0;
  std::vector<ImVec2> at;
  // Mean y of the vertices within `tol` px of column x.
  float y_near(float x, float tol = 4) const {
    float sum = 0;
    int n = 0;
    for (const ImVec2& p : at)
      if (std::fabs(p.x - x) <= tol) sum += p.y, ++n;
    return n ? sum / n : -1e9f;
  }
};
Ink ink_of(ImU32 rgb, const std::function<void()>& draw) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const int n0 = dl->VtxBuffer.Size;
  draw();
  Ink ink;
  for (int i = n0; i < dl->VtxBuffer.Size; ++i) {
    const ImDrawVert& v = dl->VtxBuffer[i];
    if ((v.col & ~IM_COL32_A_MASK) != (rgb & ~IM_COL32_A_MASK)) continue;
    ink.min = ImVec2(std::min(ink.min.x, v.pos.x), std::min(ink.min.y, v.pos.y));
    ink.max = ImVec2(std::max(ink.max.x, v.pos.x), std::max(ink.max.y, v.pos.y));
    ink.max_alpha = std::max(ink.max_alpha, static_cast<int>(v.col >> IM_COL32_A_SHIFT));
    ++ink.count;
    ink.at.push_back(v.pos);
  }
  return ink;
}

Series line(std::vector<double> x, std::vector<double> y, ImU32 color = 0, const char* label = "") {
  Series s;
  s.x = std::move(x);
  s.y = std::move(y);
  s.color = color;
  s.label = label;
  return s;
}

const ImU32 kProbe = IM_COL32(1, 2, 3, 255);  // a colour nothing else uses

}  // namespace

TEST_CASE("fonts load from bytes in memory and from files; a missing file falls back to the built-in font") {
  std::ifstream f("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", std::ios::binary);
  REQUIRE(f.good());  // fonts-dejavu-core, installed by setup
  const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(f)),
                                         std::istreambuf_iterator<char>());
  ImGuiContext* previous = ImGui::GetCurrentContext();
  ImGuiContext* ctx = ImGui::CreateContext();
  Theme theme;
  const FontSource memory{nullptr, bytes.data(), static_cast<unsigned>(bytes.size())};
  CHECK(load_fonts(theme, {memory, memory, {}}, 16.0f));
  unsigned char* px;
  int w, h;
  ImGui::GetIO().Fonts->GetTexDataAsAlpha8(&px, &w, &h);
  CHECK(theme.regular->FindGlyphNoFallback(0x03C9) != nullptr);  // ω
  CHECK(theme.title->FindGlyphNoFallback(0x03C9) == nullptr);    // titles hold words only
  CHECK(theme.title->FontSize > theme.regular->FontSize);
  CHECK(load_fonts(theme,
                   {{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"},
                    {"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"},
                    {}},
                   16.0f));
  CHECK_FALSE(load_fonts(theme, {{"/nonexistent/regular.ttf"}, {"/nonexistent/bold.ttf"}, {}}, 16.0f));
  CHECK(theme.regular != nullptr);  // ImGui's own font stands in
  ImGui::DestroyContext(ctx);
  ImGui::SetCurrentContext(previous);
}

TEST_CASE("a line plot draws y upward and a straight line on a log axis stays straight") {
  Headless h;
  Ink up, log;
  ImVec2 origin;
  h.frame([&] {
    LinePlotOptions o;
    o.width = 400;
    o.height = 200;
    origin = ImGui::GetCursorScreenPos();
    up = ink_of(kProbe, [&] { line_plot("up", {line({0, 1}, {0, 1}, kProbe)}, o, h.theme); });
    o.log_y = true;
    log = ink_of(kProbe, [&] {
      line_plot("log", {line({0, 1, 2, 3, 4}, {1, 10, 100, 1000, 10000}, kProbe)}, o, h.theme);
    });
  });
  REQUIRE(up.count > 0);
  CHECK(up.min.x >= origin.x);
  CHECK(up.max.x <= origin.x + 400);
  CHECK(up.max.y <= origin.y + 200);
  // y = x from (0, 0) to (1, 1): starts low on the left and ends high on the right of the plot.
  CHECK(up.y_near(up.min.x) - up.y_near(up.max.x) > 120);
  CHECK(up.max.x - up.min.x > 300);
  // y = 10^x on a log y axis is a straight line: its middle point (x = 2) sits halfway up.
  REQUIRE(log.count > 0);
  const float mid_x = (log.min.x + log.max.x) / 2;
  CHECK(log.y_near(mid_x) == doctest::Approx((log.min.y + log.max.y) / 2).epsilon(0.02));
  CHECK(log.y_near(log.min.x) - log.y_near(log.max.x) > 120);
}

TEST_CASE("a line plot with NaN gaps, empty series, log axes, bands and markers draws headless") {
  Headless h;
  const int empty = h.frame([] {});
  std::vector<Series> s = {line({0, 1, 2, 3, 4, 5}, {1, 2, kNaN, 4, 0, -1}, 0, "with gaps"),
                           line({}, {}, 0, "empty"), line({0, 1, 2}, {kNaN, kNaN, kNaN}),
                           line({0.5, 1.5, 2.5, 3.5}, {3, 1, 4, 1})};
  s[3].steps = true;
  s[3].points = true;
  LinePlotOptions o;
  o.title = "A plot";
  o.x_label = "position";
  o.y_label = "value";
  o.bands.push_back({3, 1e9, 0, "beyond training"});
  o.markers.push_back({2, "here", 0});
  o.markers.push_back({-50, "outside", 0});
  float below = 0, top = 0;
  const int drawn = h.frame([&] {
    top = ImGui::GetCursorPosY();
    line_plot("lin", s, o, h.theme);
    o.log_x = o.log_y = true;
    line_plot("log", s, o, h.theme);
    line_plot("nothing", {}, LinePlotOptions{}, h.theme);
    below = ImGui::GetCursorPosY();
  });
  CHECK(drawn > empty + 500);
  CHECK(below - top >= 3 * 14 * ImGui::GetFontSize());  // every plot reserved its height
}

TEST_CASE("a dense line plot stays within a draw list's 16-bit vertex budget") {
  Headless h;
  std::vector<Series> s(3);
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 200000; ++i) {
      s[k].x.push_back(i);
      s[k].y.push_back(std::sin(i * (0.1 + k)));
    }
  int vertices = 0;
  h.frame([&] {
    line_plot("dense", s, LinePlotOptions{}, h.theme);
    vertices = ImGui::GetWindowDrawList()->VtxBuffer.Size;
  });
  CHECK(vertices > 1000);
  CHECK(vertices < 65536);
}

TEST_CASE("hovering a line plot reports x in data units, the extra text's x, and clicks") {
  Headless h;
  const Series s =
      line({0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100}, {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100});
  struct Seen {
    int calls = 0;
    double x = 0;
  } seen;
  LinePlotOptions o;
  o.width = 600;
  o.height = 300;
  o.hover_user = &seen;
  o.hover_extra = [](double x, const void* user) {
    Seen* seen = const_cast<Seen*>(static_cast<const Seen*>(user));
    ++seen->calls;
    seen->x = x;
    return std::string("extra");
  };
  LinePlotResult res;
  const auto plot = [&] { res = line_plot("p", {s}, o, h.theme); };
  h.frame(plot);
  ImVec2 origin;
  h.frame([&] { origin = ImGui::GetCursorScreenPos(); });

  h.frame(plot, ImVec2(origin.x + 300, origin.y + 150));
  h.frame(plot, ImVec2(origin.x + 300, origin.y + 150));
  REQUIRE(res.hovered);
  CHECK(res.hover_x > 20);
  CHECK(res.hover_x < 80);
  CHECK(seen.calls > 0);
  CHECK(seen.x == res.hover_x);
  CHECK_FALSE(res.clicked);
  const double middle = res.hover_x;
  h.frame(plot, ImVec2(origin.x + 500, origin.y + 150));
  CHECK(res.hover_x > middle);
  h.frame(plot, ImVec2(origin.x + 500, origin.y + 150), true);
  CHECK_FALSE(res.clicked);  // a click counts when released, so that a swipe can start on a plot
  h.frame(plot, ImVec2(origin.x + 500, origin.y + 150), false);
  CHECK(res.clicked);
  // A swipe that starts on the plot (pressed, moved 80 px, released) selects nothing.
  h.frame(plot, ImVec2(origin.x + 400, origin.y + 150), true);
  h.frame(plot, ImVec2(origin.x + 400, origin.y + 110), true);
  h.frame(plot, ImVec2(origin.x + 400, origin.y + 70), true);
  h.frame(plot, ImVec2(origin.x + 400, origin.y + 70), false);
  CHECK_FALSE(res.clicked);

  h.frame(plot, ImVec2(origin.x + 300, origin.y + 600));
  h.frame(plot, ImVec2(origin.x + 300, origin.y + 600));
  CHECK_FALSE(res.hovered);
  const int calls = seen.calls;
  h.frame(plot, ImVec2(origin.x + 300, origin.y + 600));
  CHECK(seen.calls == calls);
}

TEST_CASE("clock hands turn counter-clockwise from +Re with the screen's y flipped") {
  Headless h;
  ImVec2 c;
  Ink east, north, west, south_east, ghost;
  h.frame([&] {
    ClockOptions o;
    o.size = 200;
    o.axes = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    c = ImVec2(p.x + 100, p.y + 100);
    const auto face = [&](const char* id, double angle, bool is_ghost = false) {
      ClockHand hand;
      hand.angle = angle;
      hand.color = kProbe;
      hand.ghost = is_ghost;
      ImGui::SetCursorScreenPos(p);  // every face at the same place
      return ink_of(kProbe, [&] { clock_face(id, {hand}, o, h.theme); });
    };
    east = face("e", 0);
    north = face("n", kPi / 2);
    west = face("w", kPi + 2 * kPi * 3);  // whole turns change nothing
    south_east = face("se", -kPi / 4);
    ghost = face("g", 0, true);
  });
  const float r = 100 - 0.45f * 16;  // unit circle inside the face, no labels or axes
  const auto near = [](float a, float b) { return a > b - 1 && a < b + 6; };  // tip dot and AA fringe
  CHECK(near(east.max.x, c.x + r));
  CHECK(near(c.y, east.min.y));
  CHECK(near(east.max.y, c.y));
  CHECK(near(c.y - r, north.min.y));
  CHECK(near(c.x, north.min.x));
  CHECK(near(c.x - r, west.min.x));
  CHECK(south_east.max.y > c.y + 0.6f * r);
  CHECK(south_east.max.x > c.x + 0.6f * r);
  REQUIRE(ghost.count > 0);
  CHECK(ghost.max_alpha < 128);
  CHECK(east.max_alpha == 255);
}

TEST_CASE("a clock face with several hands, labels, trail and caption draws and reports hover") {
  Headless h;
  std::vector<ClockHand> hands(4);
  for (int i = 0; i < 4; ++i) {
    hands[i].angle = 0.9 * i + 0.3;
    hands[i].color = palette(i);
    hands[i].label = "i=" + std::to_string(i);
  }
  hands[3].ghost = true;
  hands[2].angle = kNaN;  // skipped, not drawn
  ClockOptions o;
  o.title = "pair 0";
  o.caption = "ω = 1, turn every 6.28 positions; a caption long enough to wrap";
  int with_trail = 0, without_trail = 0, trail_far = 0;
  float top = 0, below = 0;
  bool hovered = false;
  ImVec2 centre;
  const auto draw = [&] {
    top = ImGui::GetCursorPosY();
    hovered = clock_face("a", hands, o, h.theme);
    below = ImGui::GetCursorPosY();
  };
  const int empty = h.frame([] {});
  o.trail = false;
  without_trail = h.frame(draw);
  o.trail = true;
  with_trail = h.frame(draw);
  hands[0].angle += 2 * kPi * 5;
  trail_far = h.frame(draw);
  CHECK(without_trail > empty + 200);
  CHECK(with_trail > without_trail);
  CHECK(trail_far == with_trail);                                           // the trail wraps into one turn
  CHECK(below - top > 8 * ImGui::GetFontSize() + ImGui::GetFrameHeight());  // title, face, wrapped caption

  h.frame([&] {
    ImGui::TextUnformatted("pair 0");
    const ImVec2 p = ImGui::GetCursorScreenPos();
    centre = ImVec2(p.x + 4 * ImGui::GetFontSize(), p.y + 4 * ImGui::GetFontSize());
  });
  h.frame(draw, centre);
  h.frame(draw, centre);
  CHECK(hovered);
  h.frame(draw, ImVec2(centre.x + 900, centre.y));
  h.frame(draw, ImVec2(centre.x + 900, centre.y));
  CHECK_FALSE(hovered);
}

TEST_CASE("an axis that counts things (integer_x) has ticks on whole numbers only") {
  Headless h;
  h.frame([] {});  // a frame, so text can be measured
  ImGui::SetCurrentContext(h.ctx);
  ImGui::NewFrame();
  Series two;
  two.x = {0, 1};
  two.y = {1, 2};
  LinePlotOptions o;
  const plot::Layout plain = plot::make_layout({two}, o, ImVec2(0, 0), ImVec2(600, 300));
  // Without the option a range of 0…1 gets fractional ticks (0.2, 0.4, …): what a "pair 0.5" looks like.
  CHECK(std::any_of(plain.xt.begin(), plain.xt.end(), [](double v) { return v != std::floor(v); }));
  o.integer_x = true;
  const plot::Layout counted = plot::make_layout({two}, o, ImVec2(0, 0), ImVec2(600, 300));
  REQUIRE(counted.xt.size() >= 2);
  for (double v : counted.xt) CHECK(v == std::floor(v));
  ImGui::EndFrame();
}

TEST_CASE("a live value fits on one line as a chip; a sentence-long one wraps inside the text's width") {
  Headless h;
  const posenc::content::ParseResult doc =
      posenc::content::parse_document("# T\n## Step: S {#s}\nSaid: {{v}} done.\n", "t.md");
  REQUIRE(doc.ok());
  std::string value = "short";
  const auto lookup = [&](std::string_view) { return value; };
  float height = 0, right = 0;
  const auto draw = [&] {
    const float top = ImGui::GetCursorPosY(), left = ImGui::GetCursorScreenPos().x;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int first = dl->VtxBuffer.Size;
    rich_text(doc.doc.steps[0].blocks, 300, h.theme, lookup);
    height = ImGui::GetCursorPosY() - top;
    right = 0;
    for (int k = first; k < dl->VtxBuffer.Size; ++k) right = std::max(right, dl->VtxBuffer[k].pos.x - left);
  };
  h.frame(draw);
  const float one_line = height;
  CHECK(right < 300);
  value =
      "Compared with transformers' defaults (rotate_half pairs, positions from 0, every column rotating): it "
      "is scaled";
  h.frame(draw);
  CHECK(height > 2 * one_line);  // wrapped over several lines …
  CHECK(right <= 300.5f);        // … none of them past the width
}

TEST_CASE("a word wider than the line is cut after its dots, then after its underscores, never clipped") {
  Headless h;
  float height = 0, right = 0;
  std::string text;
  const auto draw = [&] {
    const float top = ImGui::GetCursorPosY(), left = ImGui::GetCursorScreenPos().x;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int first = dl->VtxBuffer.Size;
    wrapped(text, h.theme, 0, 150);
    height = ImGui::GetCursorPosY() - top;
    right = 0;
    for (int k = first; k < dl->VtxBuffer.Size; ++k) right = std::max(right, dl->VtxBuffer[k].pos.x - left);
  };
  text = "ok";
  h.frame(draw);
  const float one_line = height;
  // A config key (ImGui's default font: 7 px a character): 46 characters are 322 px, on a 150 px line.
  text = "missing rope_scaling.original_max_position_embeddings here";
  h.frame(draw);
  CHECK(right <= 150.5f);
  CHECK(height >= 3 * one_line);
  // A short word keeps its dot and its underscore: "e.g. a_b" is not cut where it fits.
  text = "e.g. a_b x.y";
  h.frame(draw);
  CHECK(height == doctest::Approx(one_line));
}

TEST_CASE("a band's label moves to the band's foot when points cover its top corner") {
  Headless h;
  // Where the label's glyphs are (the only vertices in the theme's warn colour): mean y against the plot.
  auto label_y = [&](const std::vector<double>& ys) {
    std::vector<Series> s = {line({0, 1, 2, 3, 4, 5, 6, 7, 8}, ys)};
    s[0].points = true;
    LinePlotOptions o;
    o.fix_y = true;
    o.y_min = 0;
    o.y_max = 1.05;
    o.bands.push_back({0, 4, 0, "trained"});
    double sum = 0, top = 0, bottom = 0;
    int n = 0;
    h.frame([&] {
      top = ImGui::GetCursorScreenPos().y;
      line_plot("band", s, o, h.theme);
      bottom = ImGui::GetCursorScreenPos().y;
      const ImDrawList* dl = ImGui::GetWindowDrawList();
      for (const ImDrawVert& v : dl->VtxBuffer)
        if (v.col == h.theme.warn) sum += v.pos.y, ++n;
    });
    REQUIRE(n > 0);
    return (sum / n - top) / (bottom - top);  // 0 at the plot's top, 1 at its foot
  };
  CHECK(label_y({1, 1, 1, 1, 1, 1, 1, 1, 1}) > 0.75);                    // accuracies at 1: the top is taken
  CHECK(label_y({0, 0, 0, 0, 0, 0, 0, 0, 0}) < 0.25);                    // at 0: the top is free
  CHECK(label_y({0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}) < 0.25);  // neither covered: the top
}

TEST_CASE("a label wider than the controls' column puts its slider and its options on the next line") {
  Headless h;
  // The control's top (the last item drawn) against where its label started, and its left edge.
  auto place = [&](const char* label, bool radio) {
    float start = 0, top = 0, left = 0;
    int v = 1;
    h.frame([&] {
      start = ImGui::GetCursorScreenPos().y;
      if (radio)
        choice(label, &v, {"one", "two"});
      else
        slider_int(label, &v, 0, 10, 400);
      top = ImGui::GetItemRectMin().y, left = ImGui::GetItemRectMin().x;
    });
    return std::pair<float, float>(top - start, left);
  };
  const float column = kLabelColumn * 16;  // 16 px fonts
  for (bool radio : {false, true}) {
    CAPTURE(radio);
    const auto [short_dy, short_x] = place("steps", radio);
    const auto [long_dy, long_x] = place("a label far longer than the column", radio);
    CHECK(short_dy < 8);
    CHECK(long_dy > 16);                        // a line further down
    CHECK(long_x == doctest::Approx(short_x));  // both in the controls' column
    CHECK(short_x >= column - 1);
  }
}

TEST_CASE("a section with a longer label widens its label column: the sliders stay beside their labels") {
  Headless h;
  float start = 0, top = 0, left = 0, short_left = 0;
  int v = 1;
  const char* label = "num_key_value_heads";  // ImGui's default font: 7 px a character, 133 px > 8.4 em
  h.frame([&] {
    const LabelColumn column(ImGui::CalcTextSize(label).x, 0.5f * 400);
    slider_int("steps", &v, 0, 10, 400);
    short_left = ImGui::GetItemRectMin().x;
    start = ImGui::GetCursorScreenPos().y;
    slider_int(label, &v, 0, 10, 400);
    top = ImGui::GetItemRectMin().y, left = ImGui::GetItemRectMin().x;
  });
  CHECK(top - start < 8);                      // on the label's line
  CHECK(left == doctest::Approx(short_left));  // one column for the section
  CHECK(left >= ImGui::CalcTextSize(label).x);
  float after = 0;
  h.frame([&] {  // the column is the default again after the section
    slider_int("steps", &v, 0, 10, 400);
    after = ImGui::GetItemRectMin().x;
  });
  CHECK(after < short_left);
}

TEST_CASE(
    "a control that asks for a width takes the next line, whole, where the room right of the column is "
    "short") {
  Headless h;
  // Inside a child `width` px wide: the width label_column gives, and where the next item starts.
  auto place = [&](float width) {
    float given = 0, dy = 0, dx = 0;
    h.frame([&] {
      ImGui::BeginChild("room", ImVec2(width, 200));
      const ImVec2 start = ImGui::GetCursorScreenPos();
      given = label_column("Model", 18);
      ImGui::Button("box");
      dy = ImGui::GetItemRectMin().y - start.y, dx = ImGui::GetItemRectMin().x - start.x;
      ImGui::EndChild();
    });
    return std::array<float, 3>{given, dy, dx};
  };
  const float em_px = 16, column = kLabelColumn * em_px;
  const auto wide = place(column + 20 * em_px + 40);
  CHECK(wide[0] == doctest::Approx(18 * em_px));  // the width asked for …
  CHECK(wide[1] < 8);                             // … on the label's line, in the column
  CHECK(wide[2] >= column - ImGui::GetStyle().WindowPadding.x - 1);
  const auto narrow = place(300);
  CHECK(narrow[1] > 16);   // the next line …
  CHECK(narrow[2] < 1);    // … from the left edge …
  CHECK(narrow[0] > 250);  // … as wide as the line
  CHECK(narrow[0] <= 300);
}

TEST_CASE("a colour bar for values that are never negative shows the map's upper half only") {
  Headless h;
  // Which of the bar's 32 segment colours were drawn: the blue end's first, and the orange end's last.
  const ImU32 blue_end = pack_abgr(diverging(-1.0 + 1.0 / 32)), white_mid = pack_abgr(diverging(1.0 / 64)),
              orange_end = pack_abgr(diverging(1.0 - 1.0 / 64));
  auto drawn = [&](bool non_negative, ImU32 colour) {
    bool found = false;
    h.frame([&] {
      color_bar(2.5, 300, h.theme, non_negative);
      for (const ImDrawVert& v : ImGui::GetWindowDrawList()->VtxBuffer) found |= v.col == colour;
    });
    return found;
  };
  CHECK(drawn(false, blue_end));
  CHECK_FALSE(drawn(true, blue_end));
  CHECK(drawn(true, white_mid));   // 0 … 2.5: from near-white
  CHECK(drawn(true, orange_end));  // to the full orange
}

TEST_CASE("a fraction's bar covers a row of pixel centres wherever the line falls") {
  // A filled rectangle is not anti-aliased: a bar ~1 px thick drawn between two rows of pixel centres
  // lights no pixel (lesson 8's e_ij showed its fraction with no line).
  Headless h;
  const posenc::content::ParseResult doc =
      posenc::content::parse_document("# T\n## Step: S {#s}\nSo $e = {x W (x W + a)}/{√d}$ here.\n", "t.md");
  REQUIRE(doc.ok());
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  for (int k = 0; k < 8; ++k) {
    const float shift = k / 8.0f;  // where the line's baseline falls between pixel rows
    int bars = 0, lit = 0;
    h.frame([&] {
      ImGui::SetCursorPosY(ImGui::GetCursorPosY() + shift);
      ImDrawList* dl = ImGui::GetWindowDrawList();
      const int first = dl->VtxBuffer.Size;
      rich_text(doc.doc.steps[0].blocks, 600, h.theme, [](std::string_view) { return std::string(); });
      for (int i = first; i + 3 < dl->VtxBuffer.Size; ++i) {
        const ImDrawVert* v = &dl->VtxBuffer[i];
        bool quad = true;
        for (int j = 0; j < 4; ++j) quad = quad && v[j].uv.x == white.x && v[j].uv.y == white.y;
        if (!quad) continue;
        const float top = std::min({v[0].pos.y, v[1].pos.y, v[2].pos.y, v[3].pos.y});
        const float bottom = std::max({v[0].pos.y, v[1].pos.y, v[2].pos.y, v[3].pos.y});
        const float width = std::max({v[0].pos.x, v[1].pos.x, v[2].pos.x, v[3].pos.x}) -
                            std::min({v[0].pos.x, v[1].pos.x, v[2].pos.x, v[3].pos.x});
        if (width < 20 || bottom - top > 3)
          continue;  // the fraction's bar, not the root's short one or a box
        ++bars;
        if (std::floor(bottom - 0.5f) >= std::ceil(top - 0.5f)) ++lit;  // some row's centre y + 0.5 is inside
        i += 3;
      }
    });
    CAPTURE(shift);
    CHECK(bars >= 1);
    CHECK(lit == bars);
  }
}

TEST_CASE(
    "matrix column labels keep a gap between them: index labels thin to a regular stride, words do not") {
  Headless h;
  h.frame([] {});
  ImGui::SetCurrentContext(h.ctx);
  ImGui::NewFrame();
  const float two = ImGui::CalcTextSize("10").x, gap = 4;
  std::vector<std::string> idx;
  for (int i = 0; i < 32; ++i) idx.push_back(std::to_string(i));
  CHECK(col_label_stride(&idx, two + gap, gap) == 1);         // "10" and its gap fit one cell
  CHECK(col_label_stride(&idx, two + gap - 1, gap) == 2);     // not quite: every second column
  CHECK(col_label_stride(&idx, (two + gap) / 3, gap) == 5);   // a third of that: 2 cells are too few, 5 fit
  CHECK(col_label_stride(&idx, (two + gap) / 12, gap) == 0);  // 20 would leave a single label of 32: none
  const std::vector<std::string> words = {"Tom", "likes", "apple"};
  const float widest = ImGui::CalcTextSize("apple").x;
  CHECK(col_label_stride(&words, widest + gap, gap) == 1);
  CHECK(col_label_stride(&words, widest + gap - 1, gap) == 0);  // words: all or none
  CHECK(col_label_stride(nullptr, 100, gap) == 0);
  ImGui::EndFrame();
}

TEST_CASE(
    "a marker's label goes where the data leaves room: right of its line at the top, else left, else the "
    "foot") {
  Headless h;
  // Where the label's glyphs are: the vertices in the marker's colour away from its dashed line (the x
  // most of them share). Returns (x against the line, y from 0 at the plot's top to 1 at its foot).
  auto label_at = [&](const std::vector<double>& ys) {
    std::vector<double> xs;
    for (size_t i = 0; i < ys.size(); ++i) xs.push_back(static_cast<double>(i));
    std::vector<Series> s = {line(xs, ys)};
    s[0].points = true;
    LinePlotOptions o;
    o.fix_y = true;
    o.y_min = 0;
    o.y_max = 1.05;
    o.markers.push_back({10, "label", kProbe});
    double top = 0, bottom = 0;
    std::vector<ImVec2> ink;
    h.frame([&] {
      top = ImGui::GetCursorScreenPos().y;
      line_plot("marker", s, o, h.theme);
      bottom = ImGui::GetCursorScreenPos().y;
      for (const ImDrawVert& v : ImGui::GetWindowDrawList()->VtxBuffer)
        if ((v.col & ~IM_COL32_A_MASK) == (kProbe & ~IM_COL32_A_MASK)) ink.push_back(v.pos);
    });
    std::map<int, int> columns;
    for (const ImVec2& p : ink) ++columns[static_cast<int>(std::lround(p.x))];
    const int line_x = std::max_element(columns.begin(), columns.end(), [](auto& a, auto& b) {
                         return a.second < b.second;
                       })->first;
    double sx = 0, sy = 0;
    int n = 0;
    for (const ImVec2& p : ink)
      if (std::fabs(p.x - line_x) > 4) sx += p.x - line_x, sy += p.y, ++n;
    REQUIRE(n > 0);
    return ImVec2(static_cast<float>(sx / n), static_cast<float>((sy / n - top) / (bottom - top)));
  };
  std::vector<double> low(21, 0.0), high(21, 1.0), right_high(21, 0.0);
  for (int i = 11; i <= 20; ++i) right_high[i] = 1.0;  // the top right of the line at x = 10
  const ImVec2 free = label_at(low), right_taken = label_at(right_high), both_taken = label_at(high);
  CHECK(free.x > 0);  // nothing in the way: right of the line, at the top
  CHECK(free.y < 0.25f);
  CHECK(right_taken.x < 0);  // points along the top right: left of the line
  CHECK(right_taken.y < 0.25f);
  CHECK(both_taken.y > 0.75f);  // the whole top is taken: at the foot
}

TEST_CASE("matrix column labels: words too wide for their cells are cut with an ellipsis, not dropped") {
  Headless h;
  const Eigen::MatrixXd m = Eigen::MatrixXd::Random(3, 3);
  const std::vector<std::string> words = {"Tom", "likes", "oranges"};
  // The height the matrix takes (a header row when column labels are drawn), and the labels' glyph count.
  auto drawn = [&](const std::vector<std::string>* cols, float width) {
    float height = 0;
    h.frame([&] {
      MatrixViewOptions o;
      o.row_labels = &words;
      o.col_labels = cols;
      o.max_width = width;
      const float top = ImGui::GetCursorPosY();
      matrix_view("m", m, o, h.theme);
      height = ImGui::GetCursorPosY() - top;
    });
    return height;
  };
  float em_px = 0, oranges = 0;
  h.frame([&] { em_px = ImGui::GetFontSize(), oranges = ImGui::CalcTextSize("oranges").x; });
  const float label_w = oranges + 0.4f * em_px;         // the row labels' column
  const float narrow = label_w + 3 * (oranges * 0.8f);  // cells 80% as wide as "oranges": it must be cut
  CHECK(drawn(&words, narrow) > drawn(nullptr, narrow) + 0.5f * em_px);  // a header row is there
  CHECK(drawn(&words, label_w + 3 * 4.0f) ==
        doctest::Approx(drawn(nullptr, label_w + 3 * 4.0f)));  // 4 px cells: none
}

TEST_CASE(
    "a plot's whiskers reach from lo to hi at each point; a series kept out of the legend is not named") {
  Headless h;
  const ImU32 red = IM_COL32(200, 0, 0, 255), blue = IM_COL32(0, 0, 200, 255);
  std::vector<Series> s = {line({1, 2, 3}, {0.5, 0.5, 0.5}), line({1, 2, 3}, {0.2, 0.2, 0.2})};
  s[0].color = red, s[0].label = "mean", s[0].lo = {0.3, 0.4, 0.45}, s[0].hi = {0.7, 0.6, 0.55};
  s[1].color = blue, s[1].label = "again", s[1].in_legend = false;
  LinePlotOptions o;
  o.fix_y = true, o.y_min = 0, o.y_max = 1;
  std::vector<PlotRecord> log;
  set_plot_log(&log);
  // The red vertices' vertical extent at x = 1 (the first point's whisker), in the plot's y units.
  float lo_px = 1e9f, hi_px = -1e9f;
  std::vector<ImDrawVert> verts;
  h.frame([&] {
    line_plot("whiskers", s, o, h.theme);
    const ImDrawList* dl = ImGui::GetWindowDrawList();
    verts.assign(dl->VtxBuffer.begin(), dl->VtxBuffer.end());
  });
  set_plot_log(nullptr);
  REQUIRE(log.size() == 1);
  const PlotRecord& r = log[0];
  const float top = r.frame_a.y, bottom = r.frame_b.y;
  const auto y = [&](double v) { return bottom - static_cast<float>(v) * (bottom - top); };
  // Red in the plot's left half: the first point's whisker (the legend's swatch sits in a corner to the
  // right).
  for (const ImDrawVert& v : verts)
    if ((v.col | IM_COL32_A_MASK) == red && v.pos.x < (r.frame_a.x + r.frame_b.x) / 2)
      lo_px = std::min(lo_px, v.pos.y), hi_px = std::max(hi_px, v.pos.y);
  // The highest red vertex is the tallest whisker's cap (0.7), the lowest the lowest cap (0.3), within a
  // line's width.
  CHECK(lo_px == doctest::Approx(y(0.7)).epsilon(0.02));
  CHECK(hi_px == doctest::Approx(y(0.3)).epsilon(0.02));
  // The legend names one series: one row tall (two rows would be twice the text height and more).
  REQUIRE(r.legend_b.y > r.legend_a.y);
  CHECK(r.legend_b.y - r.legend_a.y < 2.2f * ImGui::GetFontSize());
}
