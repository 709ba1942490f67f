// The web build's fonts, compiled into the module (cmake/EmbedFonts.cmake writes the definitions from
// the subset DejaVu Sans and DejaVu Sans Bold).
#pragma once

namespace posenc::app {

extern const unsigned char kFontRegular[];
extern const unsigned kFontRegularSize;
extern const unsigned char kFontBold[];
extern const unsigned kFontBoldSize;

}  // namespace posenc::app
