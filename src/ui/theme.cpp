#include "theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "content/utf8.hpp"

namespace posenc::ui {
namespace {

bool file_exists(const char* path) {
  if (std::FILE* f = std::fopen(path, "rb")) {
    std::fclose(f);
    return true;
  }
  return false;
}

ImFont* add_font(const FontSource& src, float px, const ImWchar* ranges, int oversample) {
  ImFontConfig cfg;
  cfg.OversampleH = oversample;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = false;
  if (src.data && src.size > 0) {
    cfg.FontDataOwnedByAtlas = false;  // the caller keeps the bytes
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(src.data),
                                                      static_cast<int>(src.size), px, &cfg, ranges);
  }
  if (!src.path || !file_exists(src.path)) return nullptr;
  return ImGui::GetIO().Fonts->AddFontFromFileTTF(src.path, px, &cfg, ranges);
}

// Merges the CJK glyphs into the font added just before.
void merge_cjk(const std::vector<unsigned char>& data, float px, const ImWchar* ranges,
               const FontSource* src = nullptr) {
  ImFontConfig cfg;
  cfg.MergeMode = true;
  cfg.FontDataOwnedByAtlas = false;  // the platform keeps the bytes
  cfg.OversampleH = 1;
  cfg.OversampleV = 1;
  const unsigned char* bytes = src ? src->data : data.data();
  const int size = src ? static_cast<int>(src->size) : static_cast<int>(data.size());
  ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(bytes), size, px, &cfg, ranges);
}

// Bold Han. The CJK font has no bold face, and Latin bold beside regular Han reads as two weights: the
// bold faces' CJK glyphs are thickened in the atlas once, as FreeType's synthetic emboldening does — each
// row's coverage smeared `strength` texels to the right, into the glyph's own packing padding, and the
// glyph's quad widened by as much (its advance kept, as Han glyphs have room on their right).
void embolden_cjk(ImFontAtlas* atlas, ImFont* font, int strength) {
  unsigned char* px = atlas->TexPixelsAlpha8;
  if (!px || !font || strength <= 0) return;
  const int w = atlas->TexWidth, h = atlas->TexHeight;
  std::vector<unsigned char> row;
  for (ImFontGlyph& g : font->Glyphs) {
    if (!g.Visible || !content::is_cjk(g.Codepoint)) continue;
    const int x0 = static_cast<int>(std::lround(g.U0 * w)), x1 = static_cast<int>(std::lround(g.U1 * w));
    const int y0 = static_cast<int>(std::lround(g.V0 * h)), y1 = static_cast<int>(std::lround(g.V1 * h));
    if (x0 < 0 || y0 < 0 || x1 + strength > w || y1 > h || x1 <= x0) continue;
    for (int y = y0; y < y1; ++y) {
      unsigned char* line = px + static_cast<size_t>(y) * w;
      row.assign(line + x0, line + x1 + strength);
      for (int x = x0; x < x1 + strength; ++x) {
        unsigned char v = 0;
        for (int k = 0; k <= strength; ++k)
          if (x - k >= x0 && x - k < x1) v = std::max(v, row[x - k - x0]);
        line[x] = v;
      }
    }
    g.U1 = static_cast<float>(x1 + strength) / w;
    g.X1 += static_cast<float>(strength) * (g.X1 - g.X0) / static_cast<float>(x1 - x0);
  }
}

}  // namespace

// The blocks the interface draws from. The web build ships font subsets holding only the characters the
// lessons, interface and shown code use (plus Latin-1 and Greek whole), so glyphs absent there are skipped.
const ImWchar* latin_greek_math_ranges() {
  static const ImWchar ranges[] = {
      0x0020, 0x00FF,  // Basic Latin, Latin-1
      0x0370, 0x03FF,  // Greek
      0x1D00, 0x1DBF,  // Phonetic extensions (modifier letters such as ᵀ)
      0x2000, 0x206F,  // General punctuation
      0x2070, 0x209F,  // Super- and subscripts
      0x2190, 0x21FF,  // Arrows
      0x2200, 0x22FF,  // Mathematical operators
      0x2300, 0x23FF,  // Miscellaneous technical
      0x25A0, 0x25FF,  // Geometric shapes
      0x2630, 0x2630,  // ☰ (menu)
      0x2713, 0x2717,  // ✓ ✗ (predictions)
      0x27E8, 0x27E9,  // Angle brackets ⟨ ⟩
      0,
  };
  return ranges;
}

// Lesson titles are words and punctuation (a test holds every title to this); the large face holds only
// these glyphs, drawn without horizontal oversampling (it is large enough not to need it): about a
// third of the atlas work of the full ranges.
const ImWchar* title_ranges() {
  static const ImWchar ranges[] = {
      0x0020, 0x007E,  // Basic Latin
      0x2000, 0x206F,  // General punctuation
      0,
  };
  return ranges;
}

bool load_fonts(Theme& theme, const FontFiles& files, float px, const std::vector<unsigned char>* cjk,
                const std::string& cjk_text) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  atlas->Clear();
  theme.has_cjk = cjk && !cjk->empty();
  if (theme.has_cjk) {
    ImFontGlyphRangesBuilder builder;
    builder.AddText(cjk_text.c_str());
    builder.AddText(kZhLabelText);  // the language switch, whatever else is taken
    builder.AddText(kZhLoadingText);
    theme.cjk_ranges.clear();
    builder.BuildRanges(&theme.cjk_ranges);
  }
  auto with_cjk = [&](ImFont* f, float size) {
    if (f && theme.has_cjk) merge_cjk(*cjk, size, theme.cjk_ranges.Data);
    return f;
  };
  theme.regular = with_cjk(add_font(files.regular, px, latin_greek_math_ranges(), 2), px);
  if (theme.regular && !theme.has_cjk && files.zh_label.data && files.zh_label.size > 0) {
    static const ImVector<ImWchar> zh_label = [] {
      ImFontGlyphRangesBuilder builder;
      builder.AddText(kZhLabelText);
      builder.AddText(kZhLoadingText);
      ImVector<ImWchar> ranges;
      builder.BuildRanges(&ranges);
      return ranges;
    }();
    merge_cjk(std::vector<unsigned char>(), px, zh_label.Data, &files.zh_label);
  }
  theme.bold = with_cjk(add_font(files.bold, px, latin_greek_math_ranges(), 2), px);
  theme.title = with_cjk(add_font(files.bold, px * 1.35f, title_ranges(), 1), px * 1.35f);
  const bool ok = theme.regular && theme.bold && theme.title;
  // A texel of thickening per 16 px of text, each glyph padded for it.
  const auto strength = [](float size) { return std::max(1, static_cast<int>(std::lround(size / 16))); };
  if (theme.has_cjk && ok) {
    atlas->TexGlyphPadding = std::max(strength(px), strength(px * 1.35f)) + 1;
    atlas->Build();
    embolden_cjk(atlas, theme.bold, strength(px));
    embolden_cjk(atlas, theme.title, strength(px * 1.35f));
  }
  if (!theme.regular) {
    ImFontConfig cfg;
    cfg.SizePixels = px;
    theme.regular = atlas->AddFontDefault(&cfg);
  }
  if (!theme.bold) theme.bold = theme.regular;
  if (!theme.title) theme.title = theme.bold;
  ImGui::GetIO().FontDefault = theme.regular;
  return ok;
}

void apply_style(Theme& t, float scale) {
  t.scale = scale;
  t.page = IM_COL32(247, 246, 242, 255);
  t.panel = IM_COL32(255, 255, 255, 255);
  t.border = IM_COL32(222, 219, 210, 255);
  t.text = IM_COL32(38, 41, 46, 255);
  t.muted = IM_COL32(104, 110, 120, 255);
  t.strong = IM_COL32(17, 19, 22, 255);
  t.accent = IM_COL32(37, 99, 200, 255);
  t.accent_soft = IM_COL32(225, 235, 252, 255);
  t.code = IM_COL32(160, 52, 18, 255);
  t.math = IM_COL32(92, 44, 170, 255);
  t.value = IM_COL32(12, 94, 72, 255);
  t.value_bg = IM_COL32(220, 243, 234, 255);
  t.note_bg = IM_COL32(255, 248, 225, 255);
  t.note_bar = IM_COL32(232, 180, 40, 255);
  t.warn = IM_COL32(190, 60, 20, 255);
  t.good = IM_COL32(20, 130, 70, 255);

  ImGuiStyle style;  // fresh default, then scaled once: ScaleAllSizes is not idempotent
  ImGui::StyleColorsLight(&style);
  style.WindowRounding = 0;
  style.ChildRounding = 6;
  style.FrameRounding = 5;
  style.GrabRounding = 5;
  style.PopupRounding = 6;
  style.ScrollbarRounding = 6;
  style.ScrollbarSize = 12;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 7);
  style.WindowPadding = ImVec2(14, 12);
  style.WindowBorderSize = 0;
  style.ChildBorderSize = 1;
  style.GrabMinSize = 14;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImGui::ColorConvertU32ToFloat4(t.page);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = ImGui::ColorConvertU32ToFloat4(t.panel);
  c[ImGuiCol_Text] = ImGui::ColorConvertU32ToFloat4(t.text);
  c[ImGuiCol_TextDisabled] = ImGui::ColorConvertU32ToFloat4(t.muted);
  c[ImGuiCol_Border] = ImGui::ColorConvertU32ToFloat4(t.border);
  c[ImGuiCol_Button] = ImVec4(0.90f, 0.92f, 0.96f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.80f, 0.86f, 0.97f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.68f, 0.78f, 0.96f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.92f, 0.92f, 0.90f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.86f, 0.89f, 0.95f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.80f, 0.85f, 0.95f, 1.0f);
  // The slider's value is written across its track, over the grab: a light, translucent grab keeps
  // the number readable wherever the grab stands.
  c[ImGuiCol_SliderGrab] = ImGui::ColorConvertU32ToFloat4((t.accent & 0x00FFFFFF) | (0x66u << 24));
  c[ImGuiCol_SliderGrabActive] = ImGui::ColorConvertU32ToFloat4((t.accent & 0x00FFFFFF) | (0x99u << 24));
  c[ImGuiCol_CheckMark] = ImGui::ColorConvertU32ToFloat4(t.accent);
  c[ImGuiCol_Header] = ImGui::ColorConvertU32ToFloat4(t.accent_soft);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.84f, 0.89f, 0.98f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.76f, 0.84f, 0.97f, 1.0f);
  c[ImGuiCol_Separator] = ImGui::ColorConvertU32ToFloat4(t.border);
  c[ImGuiCol_NavHighlight] = ImVec4(0.85f, 0.35f, 0.05f, 1.0f);  // keyboard focus: orange, unlike any control
  c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

bool item_tapped() {
  const ImGuiIO& io = ImGui::GetIO();
  const float slop = em(0.6f);
  return ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
         io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] <= slop * slop;
}

}  // namespace posenc::ui
