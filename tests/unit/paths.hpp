// Where the tests find the source tree and the built Chinese font subset. The build writes them into one
// small generated file (paths.cpp, tests/CMakeLists.txt), so no other test's compile line holds an absolute
// path: a clean clone elsewhere compiles every test file from the compiler cache.
#pragma once

namespace posenc::test {

extern const char* const kSourceDir;   // the source tree's root
extern const char* const kCjkFont;     // the WenQuanYi Micro Hei subset the build made (cmake/Fonts.cmake)
extern const char* const kCjkAllFont;  // every character of WenQuanYi Micro Hei (cjk-all.ttf)
extern const char* const kLatinFonts;  // the folder of the DejaVu subsets the build made (cmake/Fonts.cmake)
extern const char* const kCheckProgram;  // the posenc-check program the build made

}  // namespace posenc::test
