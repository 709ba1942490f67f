// Every word the program itself shows — the interface, the lessons' visuals, notices and error
// messages — in the learner's language, through one catalogue keyed by the English text. (Lesson prose
// lives in content/<lang>/.) catalogue_zh_app.cpp and catalogue_zh_lessons.cpp hold the Chinese for each
// key; a key without an entry shows in English, and a unit test (test_drawn_text.cpp) reads back every
// word Chinese mode draws and lists any English one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace posenc::ui {

// `en` itself for English (lang 0) or when no translation exists; the Chinese otherwise. The returned
// pointer stays valid for the program's life.
const char* tr(int lang, const char* en);

// tr() of a printf format, then filled in: trf(lang, "pair %d", i). The format is the catalogue's key.
std::string trf(int lang, const char* en_format, ...);

// A sentence whose English format holds {0}, {1}… slots: translated through the catalogue (the format
// is the key), then filled. Lets code below the interface (core, parameters) say things in any language.
std::string tr_fill(int lang, std::string_view en_format, const std::vector<std::string>& args);

// Every Chinese entry, concatenated: the CJK font keeps exactly the characters it needs.
std::string catalogue_chinese();

// The catalogue, for tests: English keys and their Chinese.
struct CataloguePair {
  std::string_view en;
  const char* zh;
};
const CataloguePair* catalogue(int* count);

}  // namespace posenc::ui
