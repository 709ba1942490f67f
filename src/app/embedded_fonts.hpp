// The fonts compiled into the program (cmake/EmbedFonts.cmake writes the definitions from the subsets
// cmake/Fonts.cmake makes): DejaVu Sans and DejaVu Sans Bold in both builds; the Chinese subset
// (WenQuanYi Micro Hei) in the desktop build only — the web fetches it as cjk.ttf when Chinese is shown.
#pragma once

namespace posenc::app {

extern const unsigned char kFontRegular[];
extern const unsigned kFontRegularSize;
extern const unsigned char kFontBold[];
extern const unsigned kFontBoldSize;
extern const unsigned char kFontZhLabel[];  // "中文" alone: the language switch before the Chinese font
extern const unsigned kFontZhLabelSize;
extern const unsigned char kFontCjk[];  // desktop build only
extern const unsigned kFontCjkSize;

}  // namespace posenc::app
