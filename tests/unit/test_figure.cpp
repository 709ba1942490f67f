// "Save figure": the PNG encoder read back with zlib (an independent inflater), base64 against RFC 4648's
// vectors, the SVG writer's pieces (escaping, fans merged into polygons, texture resampling, font
// metrics), and a headless capture: the figure window draws the step's visual exactly as the screen does,
// only moved, and its SVG holds the step's words as text.
#include <doctest/doctest.h>
#include <imgui_internal.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "app/api.hpp"
#include "app/figure.hpp"
#include "app/figure_svg.hpp"
#include "app/png.hpp"
#include "drawn_text.hpp"
#include "headless.hpp"
#include "paths.hpp"
#include "ui/locate.hpp"

using namespace posenc;
using namespace posenc::app;

namespace {

std::uint32_t u32(const std::string& s, std::size_t at) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[at])) << 24 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 1])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 2])) << 8 |
         static_cast<unsigned char>(s[at + 3]);
}

std::vector<unsigned char> inflate(const std::string& z, std::size_t size) {
  std::vector<unsigned char> out(size + 1);
  uLongf n = static_cast<uLongf>(out.size());
  REQUIRE(uncompress(out.data(), &n, reinterpret_cast<const Bytef*>(z.data()), z.size()) == Z_OK);
  out.resize(n);
  return out;
}

// A PNG read back as the specification says (chunks and their CRCs, IHDR, zlib, the five filters), with
// zlib's inflate and crc32: w, h and the pixels in IM_COL32 order (alpha 255 for RGB files).
struct Decoded {
  int w = 0, h = 0, channels = 0;
  std::vector<std::uint32_t> px;
};
Decoded decode_png(const std::string& png) {
  Decoded d;
  REQUIRE(png.substr(0, 8) == std::string("\x89PNG\r\n\x1A\n", 8));
  std::string idat;
  for (std::size_t at = 8; at + 12 <= png.size();) {
    const std::uint32_t len = u32(png, at);
    const std::string type = png.substr(at + 4, 4), data = png.substr(at + 8, len);
    const std::string typed = png.substr(at + 4, 4 + len);
    CHECK(u32(png, at + 8 + len) ==
          crc32(0, reinterpret_cast<const Bytef*>(typed.data()), static_cast<uInt>(typed.size())));
    if (type == "IHDR") {
      d.w = static_cast<int>(u32(data, 0));
      d.h = static_cast<int>(u32(data, 4));
      CHECK(data[8] == 8);
      d.channels = data[9] == 6 ? 4 : data[9] == 2 ? 3 : 0;
      CHECK(data[10] == 0);
      CHECK(data[11] == 0);
      CHECK(data[12] == 0);
    }
    if (type == "IDAT") idat += data;
    at += 12 + len;
  }
  REQUIRE(d.channels > 0);
  const std::size_t stride = static_cast<std::size_t>(d.w) * d.channels;
  const std::vector<unsigned char> raw = inflate(idat, (stride + 1) * d.h);
  REQUIRE(raw.size() == (stride + 1) * d.h);
  std::vector<unsigned char> cur(stride), prev(stride, 0);
  for (int y = 0; y < d.h; ++y) {
    const unsigned char filter = raw[y * (stride + 1)];
    REQUIRE(filter <= 4);
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= static_cast<std::size_t>(d.channels) ? cur[i - d.channels] : 0, b = prev[i],
                c = i >= static_cast<std::size_t>(d.channels) ? prev[i - d.channels] : 0;
      int p = 0;
      if (filter == 1) p = a;
      if (filter == 2) p = b;
      if (filter == 3) p = (a + b) / 2;
      if (filter == 4) {
        const int q = a + b - c, pa = std::abs(q - a), pb = std::abs(q - b), pc = std::abs(q - c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = static_cast<unsigned char>(raw[y * (stride + 1) + 1 + i] + p);
    }
    for (int x = 0; x < d.w; ++x) {
      std::uint32_t c = d.channels == 3 ? 0xFF000000u : 0;
      for (int k = 0; k < d.channels; ++k)
        c |= static_cast<std::uint32_t>(cur[x * d.channels + k]) << (8 * k);
      d.px.push_back(c);
    }
    prev.swap(cur);
  }
  return d;
}

}  // namespace

TEST_CASE("figure PNG: zlib's inflate reads our deflate back, byte for byte, and flat data shrinks") {
  std::vector<unsigned char> data;
  std::uint32_t state = 12345;
  for (int i = 0; i < 70000; ++i) {  // noise, then long runs, then a block repeated from 40 KB back
    state = state * 1664525u + 1013904223u;
    data.push_back(i < 20000 ? static_cast<unsigned char>(state >> 24) : i < 40000 ? (i / 700) & 0xFF : 0);
  }
  for (int i = 0; i < 30000; ++i) data.push_back(data[i + 5000]);
  const std::string z = zlib_compress(data.data(), data.size());
  CHECK(inflate(z, data.size()) == data);
  const std::vector<unsigned char> flat(100000, 7);
  const std::string zf = zlib_compress(flat.data(), flat.size());
  CHECK(inflate(zf, flat.size()) == flat);
  CHECK(zf.size() < 1000);
  const std::string empty = zlib_compress(nullptr, 0);
  CHECK(inflate(empty, 0).empty());
}

TEST_CASE("figure PNG: RGB and RGBA files decode to the pixels given, through every filter") {
  const int w = 37, h = 23;
  std::vector<std::uint32_t> px;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)  // a gradient (Sub, Paeth), flat bands (Up), and edges
      px.push_back(
          IM_COL32((x * 7) & 0xFF, y < 10 ? 40 : (x * y) & 0xFF, x > 20 ? 200 : 10, (x + y) * 5 & 0xFF));
  for (bool alpha : {false, true}) {
    CAPTURE(alpha);
    const Decoded d = decode_png(encode_png(w, h, px.data(), alpha));
    CHECK(d.w == w);
    CHECK(d.h == h);
    CHECK(d.channels == (alpha ? 4 : 3));
    std::vector<std::uint32_t> want = px;
    if (!alpha)
      for (std::uint32_t& c : want) c |= 0xFF000000u;
    CHECK(d.px == want);
  }
}

TEST_CASE("figure: base64 gives RFC 4648's test vectors (section 10)") {
  const std::pair<const char*, const char*> vectors[] = {{"", ""},
                                                         {"f", "Zg=="},
                                                         {"fo", "Zm8="},
                                                         {"foo", "Zm9v"},
                                                         {"foob", "Zm9vYg=="},
                                                         {"fooba", "Zm9vYmE="},
                                                         {"foobar", "Zm9vYmFy"}};
  for (const auto& [in, out] : vectors) CHECK(base64(in) == out);
  CHECK(data_url("image/png", "foo") == "data:image/png;base64,Zm9v");
}

TEST_CASE("figure SVG: text is escaped for XML; characters XML cannot hold are dropped") {
  CHECK(xml_escape("a<b & \"c\" 'd' >") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt;");
  CHECK(xml_escape(std::string("x\x01y\x1Fz\tw\n", 8)) == "xyz\tw\n");
  CHECK(xml_escape("位置 ω_i") == "位置 ω_i");
}

TEST_CASE("posenc.figure answers {error} for a kind other than 'svg' or 'png', the SVG or a PNG data URL") {
  CHECK(figure_kind_json("svg").empty());
  CHECK(figure_kind_json("png").empty());
  for (const char* bad : {"SVG", "", "jpg", "svg "}) {
    CAPTURE(bad);
    CHECK(figure_kind_json(bad).rfind("{\"error\":\"figure(kind): kind must be 'svg' or 'png'", 0) == 0);
  }
  CHECK(figure_json("svg", "<svg/>") == "<svg/>");
  CHECK(figure_json("png", "foo") == "data:image/png;base64,Zm9v");
  CHECK(figure_json("png", "").find("\"error\"") != std::string::npos);
}

TEST_CASE("figure SVG: font-size per ImGui pixel is unitsPerEm / (ascender - descender) of the font file") {
  std::ifstream f(test::kCjkFont, std::ios::binary);
  const std::vector<unsigned char> ttf{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
  REQUIRE(ttf.size() > 1000);
  // fontTools reads WenQuanYi Micro Hei's head.unitsPerEm 2048, hhea.ascent 1918, hhea.descent −483.
  CHECK(ttf_em_ratio(ttf.data(), ttf.size()) == doctest::Approx(2048.0 / (1918 + 483)).epsilon(1e-6));
  CHECK(ttf_em_ratio(ttf.data(), 100) == 0);  // cut short: no tables
  const unsigned char junk[40] = {0, 1, 0, 0, 0, 9};
  CHECK(ttf_em_ratio(junk, sizeof junk) == 0);
}

namespace {
ImDrawVert vert(float x, float y, ImU32 col) { return ImDrawVert{ImVec2(x, y), ImVec2(0, 0), col}; }
}  // namespace

TEST_CASE("figure SVG: ImGui's fans become polygons, counter-clockwise; colours and quads kept apart") {
  const ImU32 red = IM_COL32(255, 0, 0, 255), blue = IM_COL32(0, 0, 255, 128);
  // A pentagon filled as ImGui fills a convex shape (0 1 2)(0 2 3)(0 3 4), clockwise on screen; then two
  // blue rectangles as ImGui's PrimRect writes them (0 1 2)(0 2 3); then a red triangle whose vertices
  // differ (one is blue), and a degenerate one.
  std::vector<ImDrawVert> v = {vert(0, 0, red),   vert(10, 0, red),  vert(12, 8, red),  vert(5, 12, red),
                               vert(-2, 8, red),  vert(20, 0, blue), vert(30, 0, blue), vert(30, 5, blue),
                               vert(20, 5, blue), vert(40, 0, blue), vert(50, 0, blue), vert(50, 5, blue),
                               vert(40, 5, blue), vert(0, 20, red),  vert(9, 20, red),  vert(0, 29, blue),
                               vert(60, 0, red),  vert(61, 1, red),  vert(62, 2, red)};
  std::vector<ImDrawIdx> idx = {0, 1, 2,  0,  2, 3,  0,  3,  4,  5,  6,  7,  5, 7,
                                8, 9, 10, 11, 9, 11, 12, 13, 14, 15, 16, 17, 18};
  const std::vector<SvgPolygon> p = merge_triangles(v.data(), v.size(), idx.data(), idx.size());
  REQUIRE(p.size() == 4);
  CHECK(p[0].col == red);
  CHECK(p[0].points.size() == 5);
  CHECK(p[1].points.size() == 4);
  CHECK(p[2].points.size() == 4);
  CHECK(p[1].col == blue);
  CHECK(p[2].col == blue);
  CHECK(p[2].points[0].x >= 40);  // the second rectangle is not joined to the first
  // The mixed triangle: two red vertices and one half-transparent blue, in their mean colour.
  CHECK(p[3].col == IM_COL32(170, 0, 85, 213));
  for (const SvgPolygon& q : p) {  // y points down: counter-clockwise on screen is a positive shoelace sum
    float a = 0;
    for (std::size_t i = 0; i < q.points.size(); ++i) {
      const ImVec2 &s = q.points[i], &t = q.points[(i + 1) % q.points.size()];
      a += s.x * t.y - t.x * s.y;
    }
    CHECK(a > 0);
  }
}

TEST_CASE(
    "figure SVG: ImGui's anti-aliased lines and fills are cut half way into their fringes: exact edges") {
  test::Headless h;
  h.frame(800, 600);
  const ImU32 col = IM_COL32(10, 20, 30, 255);
  const float pi = 3.14159265f;
  struct Shape {
    const char* what;
    std::function<void(ImDrawList&)> draw;
    float x0, y0, x1, y1, area;
  };
  // (AddLine draws through pixel centres: from (10.5, 10.5) to (50.5, 10.5).)
  const Shape shapes[] = {
      {"a line 2 px wide", [&](ImDrawList& dl) { dl.AddLine(ImVec2(10, 10), ImVec2(50, 10), col, 2); }, 10.5f,
       9.5f, 50.5f, 11.5f, 80},
      {"a line 1 px wide", [&](ImDrawList& dl) { dl.AddLine(ImVec2(10, 20), ImVec2(10, 60), col, 1); }, 10,
       20.5f, 11, 60.5f, 40},
      {"a rounded rectangle",
       [&](ImDrawList& dl) { dl.AddRectFilled(ImVec2(100, 100), ImVec2(140, 120), col, 4); }, 100, 100, 140,
       120, 800 - (4 - pi) * 16},
      {"a disc", [&](ImDrawList& dl) { dl.AddCircleFilled(ImVec2(200, 200), 8, col, 64); }, 192, 192, 208,
       208, 64 * 64 * std::sin(2 * pi / 64) / 2}};
  for (float fringe : {0.5f, 1.0f}) {  // the figure window's fringe at CSS scale 1 and 2 (figure.cpp)
    CAPTURE(fringe);
    for (const Shape& sh : shapes) {
      CAPTURE(std::string(sh.what));
      ImDrawList dl(ImGui::GetDrawListSharedData());
      dl._ResetForNewFrame();
      dl.Flags = ImDrawListFlags_AntiAliasedLines | ImDrawListFlags_AntiAliasedFill;
      dl._FringeScale = fringe;
      dl.PushClipRectFullScreen();
      sh.draw(dl);
      const std::vector<SvgPolygon> p =
          merge_triangles(dl.VtxBuffer.Data, static_cast<std::size_t>(dl.VtxBuffer.Size), dl.IdxBuffer.Data,
                          dl.IdxBuffer.Size);
      REQUIRE(!p.empty());
      float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f, area = 0;
      for (const SvgPolygon& q : p) {
        CHECK(q.col == col);  // all opaque: the fringes were cut, not drawn faded
        for (std::size_t i = 0; i < q.points.size(); ++i) {
          const ImVec2 &a = q.points[i], &b = q.points[(i + 1) % q.points.size()];
          x0 = std::min(x0, a.x), y0 = std::min(y0, a.y), x1 = std::max(x1, a.x), y1 = std::max(y1, a.y);
          area += (a.x * b.y - b.x * a.y) / 2;
        }
      }
      CHECK(x0 == doctest::Approx(sh.x0).epsilon(1e-4));
      CHECK(y0 == doctest::Approx(sh.y0).epsilon(1e-4));
      CHECK(x1 == doctest::Approx(sh.x1).epsilon(1e-4));
      CHECK(y1 == doctest::Approx(sh.y1).epsilon(1e-4));
      CHECK(area == doctest::Approx(sh.area).epsilon(0.02));  // pieces that meet, do not overlap
    }
  }
}

TEST_CASE(
    "figure SVG: a texture is resampled as drawn: magnified cells by the texel, shrunk ones by the mean") {
  // 2 × 2 texels: red, green / blue, white.
  const std::uint32_t tex[4] = {IM_COL32(255, 0, 0, 255), IM_COL32(0, 255, 0, 255), IM_COL32(0, 0, 255, 255),
                                IM_COL32(255, 255, 255, 255)};
  const TexturePixels t{2, 2, tex};
  // Drawn over [0, 8] × [0, 4] as is (u = x / 8, v = y / 4), onto 4 × 2 cells: each texel two cells wide.
  UvMap m;
  m.ux = 1.0f / 8, m.vy = 1.0f / 4;
  std::vector<std::uint32_t> out = resample(t, m, ImVec2(0, 0), ImVec2(8, 4), 4, 2);
  CHECK(out == std::vector<std::uint32_t>{tex[0], tex[0], tex[1], tex[1], tex[2], tex[2], tex[3], tex[3]});
  // Transposed, as heatmaps draw (u runs down the screen, v across).
  UvMap tr;
  tr.uy = 1.0f / 4, tr.vx = 1.0f / 8;
  out = resample(t, tr, ImVec2(0, 0), ImVec2(8, 4), 2, 2);
  CHECK(out == std::vector<std::uint32_t>{tex[0], tex[2], tex[1], tex[3]});
  // Onto one cell: the mean of all four (rounded).
  out = resample(t, m, ImVec2(0, 0), ImVec2(8, 4), 1, 1);
  CHECK(out == std::vector<std::uint32_t>{IM_COL32(128, 128, 128, 255)});
}

namespace {

// One capture frame of a headless app: as the platforms run it (figure.hpp), then the figure's draw lists.
FigureFrame capture_frame(test::Headless& h, float w, float hgt) {
  ImGui::SetCurrentContext(h.ctx);
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(w, hgt);
  io.DeltaTime = 1.0f / 60;
  prepare_capture_frame(h.s);
  ImGui::NewFrame();
  app::draw(h.s, w, hgt);
  ImGui::Render();
  FigureFrame f;
  CHECK(figure_frame(h.s, f));
  return f;
}

// The words drawn inside `r`, each as (text, x − r.x, y − r.y).
std::vector<std::tuple<std::string, float, float>> words_in(const std::vector<test::DrawnWord>& words,
                                                            ImVec2 lo, ImVec2 hi) {
  std::vector<std::tuple<std::string, float, float>> out;
  for (const test::DrawnWord& d : words)
    if (d.x >= lo.x && d.x < hi.x && d.y >= lo.y && d.y < hi.y)
      out.emplace_back(d.text, d.x - lo.x, d.y - lo.y);
  return out;
}

}  // namespace

TEST_CASE(
    "figure: the figure window draws the step's visual as the screen shows it, moved; its SVG has the "
    "words") {
  test::Headless h;
  REQUIRE(go_json(h.s, "sinusoidal", "table").find("\"error\"") == std::string::npos);
  h.frame(1280, 1400);
  h.frame(1280, 1400);
  const std::optional<ui::ItemRect> screen = ui::locate(":figure");
  REQUIRE(screen);
  const std::optional<ui::ItemRect> button = ui::locate("Save figure");
  REQUIRE(button);
  capture_frame(h, 1280, 1400);  // (a new window's tables settle over a few frames: capture_figure waits)
  capture_frame(h, 1280, 1400);
  const FigureFrame g = capture_frame(h, 1280, 1400);
  // The screen's layout does not change in capture frames (the display is taller and wider there), and
  // locate still answers where the learner sees things.
  const std::optional<ui::ItemRect> screen_now = ui::locate(":figure"),
                                    button_now = ui::locate("Save figure");
  REQUIRE(screen_now);
  REQUIRE(button_now);
  CHECK(screen_now->y == screen->y);
  CHECK(screen_now->h == screen->h);
  CHECK(button_now->x == button->x);
  REQUIRE(g.lists.size() >= 1);
  // The figure: the visual's box and the window padding (floored) around it.
  const float margin = std::floor(h.s.figure.padding.x);
  CHECK(g.max.x - g.min.x == doctest::Approx(std::ceil(screen->w) + 2 * margin).epsilon(0.01));
  CHECK(g.max.y - g.min.y == doctest::Approx(screen->h + 2 * margin).epsilon(0.01));
  // Every word of the visual on screen is in the figure, at the same place relative to the visual's top
  // left corner, and no other.
  const std::vector<test::DrawnWord> words = test::drawn_words(h.s.theme);
  const auto on_screen = words_in(words, ImVec2(screen->x, screen->y),
                                  ImVec2(screen->x + screen->w + 1, screen->y + screen->h + 1));
  const auto in_figure = words_in(words, ImVec2(g.min.x + margin, g.min.y + margin), g.max);
  CHECK(on_screen.size() > 20);
  REQUIRE(in_figure.size() == on_screen.size());
  std::size_t exact = 0;
  for (std::size_t i = 0; i < on_screen.size(); ++i) {
    CAPTURE(std::get<0>(on_screen[i]));
    CHECK(std::get<0>(in_figure[i]) == std::get<0>(on_screen[i]));
    // ImGui floors where text starts: a sum that lands on a pixel's edge may floor either way.
    CHECK(std::abs(std::get<1>(in_figure[i]) - std::get<1>(on_screen[i])) <= 1.001f);
    CHECK(std::abs(std::get<2>(in_figure[i]) - std::get<2>(on_screen[i])) <= 1.001f);
    exact += std::abs(std::get<1>(in_figure[i]) - std::get<1>(on_screen[i])) < 0.01f &&
             std::abs(std::get<2>(in_figure[i]) - std::get<2>(on_screen[i])) < 0.01f;
  }
  CHECK(exact >= on_screen.size() * 9 / 10);

  const std::string svg = figure_svg(h.s, g, 1.0f, 0.86f);
  CHECK(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  CHECK(svg.find("viewBox=\"0 0 ") != std::string::npos);
  // The heatmap's axis labels (Lesson::position_rows: "position" down, "dimension" across) as text.
  CHECK(svg.find(">position</text>") != std::string::npos);
  CHECK(svg.find(">dimension</text>") != std::string::npos);
  CHECK(svg.find("<image ") != std::string::npos);  // the heatmap's pixels
  // Text as text: every glyph quad of the figure is a character of a <text>, none is drawn as a path.
  std::size_t glyphs = 0;
  const GlyphsByUv by_uv = glyphs_by_uv(*ImGui::GetIO().Fonts);
  for (const ImDrawList* dl : g.lists)
    for (const ImDrawCmd& cmd : dl->CmdBuffer)
      for (unsigned i = 0; i + 6 <= cmd.ElemCount; ++i) {
        DrawnGlyph d;
        if (cmd.GetTexID() == ImGui::GetIO().Fonts->TexID && glyph_quad(*dl, cmd, i, by_uv, d)) {
          ++glyphs;
          i += 5;
        }
      }
  std::size_t characters = 0;
  const std::regex text("<text[^>]*>([^<]*)</text>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
    for (char c : (*it)[1].str()) characters += c != ' ' && (c & 0xC0) != 0x80;  // code points, not spaces
  CHECK(glyphs > 100);
  CHECK(characters >= glyphs - 5);  // entities (&lt; …) count a few characters more, never fewer
  CHECK(characters <= glyphs + 20);
  // Shapes of one colour merge: far fewer paths than flat triangles.
  std::size_t triangles = 0, paths = 0;
  for (const ImDrawList* dl : g.lists)
    for (const ImDrawCmd& cmd : dl->CmdBuffer)
      if (cmd.GetTexID() == ImGui::GetIO().Fonts->TexID) triangles += cmd.ElemCount / 3;
  triangles -= 2 * glyphs;
  for (std::size_t at = svg.find("<path"); at != std::string::npos; at = svg.find("<path", at + 1)) ++paths;
  MESSAGE(triangles, " flat triangles in ", paths, " paths");
  CHECK(paths > 10);
  CHECK(paths * 2 <= triangles);  // a rectangle's two triangles are one polygon
  end_capture(h.s);
  CHECK_FALSE(h.s.figure.capturing);
  CHECK(ImGui::GetStyle().AntiAliasedLinesUseTex);
}
