// Words inside the lessons' visuals — plot titles, axis names, legends, buttons, slider names — in the
// learner's language. The English text is the key; labels.cpp holds the Chinese for each. A label
// without an entry shows in English (a unit test lists the table's own problems: duplicates, blanks).
#pragma once

#include <string>
#include <string_view>

namespace posenc::lessons {

// `en` itself for English (lang 0) or when no translation exists; the Chinese otherwise. The returned
// pointer stays valid for the program's life.
const char* tr(int lang, const char* en);

// tr() of a printf format, then filled in: trf(lang, "pair %d", i). The format is the table's key.
std::string trf(int lang, const char* en_format, ...);

// Every Chinese label, concatenated: the CJK font keeps exactly the characters it needs.
std::string chinese_labels();

// The table, for tests: English keys and their Chinese.
struct LabelPair {
  std::string_view en;
  const char* zh;
};
const LabelPair* label_table(int* count);

}  // namespace posenc::lessons
