// The Chinese glyphs: every Chinese character the app can show (lesson text, the catalogue, any string
// in the sources) is in the CJK glyph ranges built at start and in the font subset the build produces.
#include <doctest/doctest.h>
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

// stb_truetype, as ImGui ships it, to read the subset font's character map (static: no clash with
// ImGui's own copy).
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <imstb_truetype.h>

#include "app/app.hpp"
#include "app/glyphs.hpp"
#include "content/bundle.hpp"
#include "content/document.hpp"
#include "headless.hpp"
#include "paths.hpp"
#include "ui/matrix_view.hpp"
#include "ui/theme.hpp"

using namespace posenc;
using namespace posenc::app;

namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::vector<unsigned> code_points(std::string_view s) {
  std::vector<unsigned> out;
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : b >> 5 == 6 ? 2 : b >> 4 == 14 ? 3 : b >> 3 == 30 ? 4 : 1;
    unsigned cp = n == 1 ? b : b & (0x7F >> n);
    for (int k = 1; k < n && i + k < s.size(); ++k)
      cp = cp << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += n;
  }
  return out;
}

// Chinese characters and the CJK / full-width punctuation that comes with them (DejaVu has none).
bool is_cjk(unsigned cp) {
  return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
         (cp >= 0xFF00 && cp <= 0xFFEF);
}

// The bytes of every string literal of a C++ source (\xHH escapes decoded), comments skipped.
std::string string_literals(std::string_view src) {
  std::string out;
  for (size_t i = 0; i < src.size(); ++i) {
    if (src.compare(i, 2, "//") == 0) {
      i = src.find('\n', i);
      if (i == std::string_view::npos) break;
    } else if (src.compare(i, 2, "/*") == 0) {
      i = src.find("*/", i + 2);
      if (i == std::string_view::npos) break;
      ++i;
    } else if (src[i] == '\'') {
      while (++i < src.size() && src[i] != '\'')
        if (src[i] == '\\') ++i;
    } else if (src[i] == '"') {
      while (++i < src.size() && src[i] != '"') {
        if (src[i] == '\\' && i + 3 < src.size() && src[i + 1] == 'x') {
          out += static_cast<char>(std::stoi(std::string(src.substr(i + 2, 2)), nullptr, 16));
          i += 3;
        } else if (src[i] == '\\') {
          ++i;
        } else {
          out += src[i];
        }
      }
      out += '\n';
    }
  }
  return out;
}

}  // namespace

TEST_CASE(
    "every Chinese character the app can show is in the CJK glyph ranges and in the built font subset") {
  // What the app can show in Chinese, read from the source tree (not from the bundles cjk_text() uses):
  // the zh lesson files and every string literal in src/ (the label tables, and any literal elsewhere).
  std::map<unsigned, std::string> shown;  // code point → where it is first used
  const std::filesystem::path root = posenc::test::kSourceDir;
  int zh_files = 0;
  for (const auto& e : std::filesystem::directory_iterator(root / "content" / "zh")) {
    if (e.path().extension() != ".md") continue;
    ++zh_files;
    for (unsigned cp : code_points(read_file(e.path())))
      if (is_cjk(cp)) shown.emplace(cp, e.path().filename().string());
  }
  for (const auto& e : std::filesystem::recursive_directory_iterator(root / "src")) {
    if (e.path().extension() != ".cpp" && e.path().extension() != ".hpp") continue;
    for (unsigned cp : code_points(string_literals(read_file(e.path()))))
      if (is_cjk(cp)) shown.emplace(cp, e.path().filename().string());
  }
  CHECK(zh_files >= 11);
  REQUIRE(shown.size() > 500);
  CHECK(shown.count(0x4E2D));  // 中, of the language switch's "中文" (an escaped literal in the shell)

  // The glyph ranges the font atlas is built with, exactly as ui::load_fonts builds them.
  const std::string text = cjk_text();
  ImFontGlyphRangesBuilder builder;
  builder.AddText(text.c_str());
  ImVector<ImWchar> ranges;
  builder.BuildRanges(&ranges);
  const auto in_ranges = [&](unsigned cp) {
    for (int i = 0; i + 1 < ranges.Size && ranges[i]; i += 2)
      if (cp >= ranges[i] && cp <= ranges[i + 1]) return true;
    return false;
  };
  for (const auto& [cp, where] : shown) {
    CAPTURE(cp);
    CAPTURE(where);
    CHECK(in_ranges(cp));
  }

  // The subset font the build produces by the web build's rule (cmake/CjkFont.cmake) has a glyph for
  // every CJK character of cjk_text(): none of them would be drawn as '?'.
  const std::string font = read_file(posenc::test::kCjkFont);
  REQUIRE(font.size() > 10000);
  const auto* data = reinterpret_cast<const unsigned char*>(font.data());
  stbtt_fontinfo info;
  REQUIRE(stbtt_InitFont(&info, data, stbtt_GetFontOffsetForIndex(data, 0)));
  std::set<unsigned> needed;
  for (unsigned cp : code_points(text))
    if (is_cjk(cp)) needed.insert(cp);
  REQUIRE(needed.size() > 500);
  for (unsigned cp : needed) {
    CAPTURE(cp);
    CHECK(stbtt_FindGlyphIndex(&info, static_cast<int>(cp)) != 0);
  }
  CHECK(stbtt_FindGlyphIndex(&info, 0x9F98) == 0);  // 龘, used nowhere: the file is a subset
}

namespace {

std::vector<unsigned char> read_bytes(const char* path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The app with the real fonts and the lessons' Chinese subset merged in (as the platforms start), and
// the platform's part of glyphs.hpp: fetch the whole font when asked, rebuild when told.
struct TypingScreen : test::Headless {
  CjkFonts fonts;
  int fetches = 0;
  TypingScreen() {
    fonts.subset = read_bytes(test::kCjkFont);
    rebuild();
  }
  void rebuild() {
    ImGui::SetCurrentContext(ctx);
    REQUIRE(ui::load_fonts(s.theme,
                           {{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"},
                            {"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"},
                            {}},
                           16.0f, cjk_font(fonts), cjk_glyph_text(s, fonts)));
    unsigned char* px;
    int w, h;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&px, &w, &h);
  }
  // One frame, then what the platform does for the characters noted.
  void step(const std::vector<unsigned char>* whole_font) {
    frame(1280, 800);
    switch (glyph_step(s, fonts)) {
      case GlyphStep::Fetch:
        ++fetches;
        if (whole_font)
          font_arrived(s, fonts, *whole_font);
        else
          font_failed(s, fonts);
        break;
      case GlyphStep::Rebuild:
        rebuild();
        break;
      case GlyphStep::None:
        break;
    }
  }
  bool drawn(unsigned cp) {
    return s.theme.regular->FindGlyphNoFallback(static_cast<ImWchar>(cp)) != nullptr;
  }
};

// Characters of `text` the lessons' subset has not (read from the subset's own character map).
std::vector<unsigned> beyond_subset(std::string_view text) {
  const std::string font = read_file(test::kCjkFont);
  stbtt_fontinfo info;
  REQUIRE(stbtt_InitFont(&info, reinterpret_cast<const unsigned char*>(font.data()), 0));
  std::vector<unsigned> out;
  for (unsigned cp : code_points(text))
    if (cp >= 0x80 && stbtt_FindGlyphIndex(&info, static_cast<int>(cp)) == 0) out.push_back(cp);
  return out;
}

}  // namespace

TEST_CASE("glyphs: what a learner types, pastes or links is drawn with its own glyph, not '?'") {
  const std::vector<unsigned char> whole = read_bytes(test::kCjkAllFont);
  REQUIRE(whole.size() > 1000000);
  const std::string sentence = "他喜欢她，猫追狗";  // everyday words the lessons never use
  const std::vector<unsigned> missing = beyond_subset(sentence);
  REQUIRE(missing.size() >= 3);  // else the test proves nothing: pick rarer characters

  SUBCASE("typed (characters queued as keys or an input method's commit deliver them)") {
    TypingScreen t;
    for (unsigned cp : missing) CHECK_FALSE(t.drawn(cp));
    ImGui::GetIO().AddInputCharactersUTF8(sentence.c_str());
    t.step(&whole);  // noted: the whole font is fetched
    CHECK(t.fetches == 1);
    t.step(&whole);  // arrived: the atlas is rebuilt with them
    for (unsigned cp : missing) CHECK(t.drawn(cp));
    // The lessons' own Chinese is still there, and the language switch's 中文.
    CHECK(t.drawn(0x4F4D));  // 位
    CHECK(t.drawn(0x4E2D));
    CHECK(t.drawn(0x6587));
    // More typing fetches nothing again.
    ImGui::GetIO().AddInputCharactersUTF8("鸟");
    t.step(&whole);
    t.step(&whole);
    CHECK(t.fetches == 1);
    CHECK(t.drawn(0x9E1F));
  }
  SUBCASE("in the English view the Chinese text is not loaded: the switch still says 中文") {
    // The web has no Chinese text before Chinese is shown: the atlas takes only the learner's characters
    // from the whole font, and the language switch's label with them.
    TypingScreen t;
    REQUIRE(ui::load_fonts(t.s.theme,
                           {{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"},
                            {"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"},
                            {}},
                           16.0f, &whole, sentence));
    unsigned char* px;
    int w, h;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    for (unsigned cp : missing) CHECK(t.drawn(cp));
    CHECK(t.drawn(0x4E2D));
    CHECK(t.drawn(0x6587));
  }
  SUBCASE("in a link's lesson text (order's sentence)") {
    TypingScreen t;
    notify(t.s, apply_hash(t.s, "lesson=order&step=0&text=" + sentence));
    t.step(&whole);
    t.step(&whole);
    t.step(&whole);
    for (unsigned cp : missing) CHECK(t.drawn(cp));
  }
  SUBCASE("pasted: the clipboard's text is read through the app") {
    TypingScreen t;
    ImGuiIO& io = ImGui::GetIO();
    static std::string clipboard;
    clipboard = sentence;
    io.GetClipboardTextFn = [](void*) { return clipboard.c_str(); };
    watch_clipboard(t.s);
    CHECK(std::string(io.GetClipboardTextFn(io.ClipboardUserData)) == sentence);
    t.step(&whole);
    t.step(&whole);
    for (unsigned cp : missing) CHECK(t.drawn(cp));
  }
  SUBCASE("the whole font cannot be had: a notice, asked once") {
    TypingScreen t;
    ImGui::GetIO().AddInputCharactersUTF8(sentence.c_str());
    t.step(nullptr);
    t.step(nullptr);
    CHECK(t.fetches == 1);
    REQUIRE_FALSE(t.s.notices.empty());
    CHECK(notice_text(t.s, t.s.notices.back()).find("cjk-all.ttf") != std::string::npos);
  }
}

TEST_CASE("bold Chinese: the bold faces' Han glyphs are thicker than the regular face's, Latin untouched") {
  test::Headless h;  // (its own ImGui context)
  ImGui::SetCurrentContext(h.ctx);
  const std::string cjk = read_file(posenc::test::kCjkFont);
  REQUIRE(cjk.size() > 10000);
  const std::vector<unsigned char> bytes(cjk.begin(), cjk.end());
  REQUIRE(ui::load_fonts(h.s.theme,
                         {{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"},
                          {"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"},
                          {}},
                         16.0f, &bytes, "\xE4\xB8\xAD\xE4\xBD\x8D"));  // 中位
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* px = nullptr;
  int w = 0, hgt = 0;
  io.Fonts->GetTexDataAsAlpha8(&px, &w, &hgt);
  // The ink of a glyph: its coverage summed over its texels, and its quad's width.
  const auto ink = [&](ImFont* f, unsigned cp) {
    const ImFontGlyph* g = f->FindGlyphNoFallback(static_cast<ImWchar>(cp));
    REQUIRE(g != nullptr);
    double sum = 0;
    for (int y = static_cast<int>(g->V0 * hgt + 0.5f); y < static_cast<int>(g->V1 * hgt + 0.5f); ++y)
      for (int x = static_cast<int>(g->U0 * w + 0.5f); x < static_cast<int>(g->U1 * w + 0.5f); ++x)
        sum += px[static_cast<size_t>(y) * w + x];
    return std::make_pair(sum, g->X1 - g->X0);
  };
  for (unsigned cp : {0x4E2Du, 0x4F4Du}) {  // 中 位
    CAPTURE(cp);
    const auto regular = ink(h.s.theme.regular, cp), bold = ink(h.s.theme.bold, cp);
    CHECK(bold.first > regular.first * 1.15);  // visibly heavier
    CHECK(bold.second == doctest::Approx(regular.second + 1));
    CHECK(ink(h.s.theme.title, cp).first > bold.first);  // the title's larger and bold too
  }
  // Latin bold is DejaVu's own bold face: heavier than regular, its quad as the font gives it.
  const ImFontGlyph* a = h.s.theme.bold->FindGlyphNoFallback('A');
  REQUIRE(a != nullptr);
  CHECK(ink(h.s.theme.bold, 'A').first > ink(h.s.theme.regular, 'A').first);
}

TEST_CASE("the DejaVu subsets hold every character numbers are written with at run time") {
  // Numbers are written at run time (ui::short_number, content::readable_exponents) with characters a
  // text need not hold: every exponent of a double, both signs, in both faces (a bold number in a table).
  std::string written;
  for (int e = -330; e <= 330; e += 1) {
    written += ui::short_number(-1.25 * std::pow(10.0, e));
    written += content::readable_exponents(std::to_string(e) + "e" + std::to_string(e));
  }
  written += content::readable_exponents("1e+05 2e-06 3e+07 4e-08 9e+19");
  std::set<unsigned> needed;
  for (unsigned cp : code_points(written))
    if (cp > 0x7E) needed.insert(cp);
  CHECK(needed.count(0x2074));  // ⁴
  CHECK(needed.count(0x207B));  // ⁻
  for (const std::string face : {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"}) {
    CAPTURE(face);
    const std::string font = read_file(std::filesystem::path(test::kLatinFonts) / face);
    REQUIRE(font.size() > 10000);
    const auto* data = reinterpret_cast<const unsigned char*>(font.data());
    stbtt_fontinfo info;
    REQUIRE(stbtt_InitFont(&info, data, stbtt_GetFontOffsetForIndex(data, 0)));
    for (unsigned cp : needed) {
      CAPTURE(cp);
      CHECK(stbtt_FindGlyphIndex(&info, static_cast<int>(cp)) != 0);
    }
  }
}
