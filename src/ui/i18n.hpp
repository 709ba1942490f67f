// Every word the program itself shows — the interface, the lessons' visuals, notices and error
// messages — in the learner's language, through one catalogue keyed by the English text. (Lesson prose
// lives in content/<lang>/.) The Chinese for each key sits beside the code that shows it, in a zh.tsv
// file: each lesson's in src/lessons/<id>/zh.tsv, words several lessons share in src/lessons/zh.tsv, the
// interface's in src/app/, the widgets' in src/ui/, core's messages in src/core/. A line holds the English
// exactly as the code writes it, a tab, the Chinese (\n, \t, \\ escaped). A key without an entry shows
// in English. Unit tests fail on a key no code uses, on a format whose printf conversions or {k} slots
// differ between the languages (test_catalogue.cpp), and on any English word Chinese mode draws
// (test_drawn_text.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/message.hpp"

namespace posenc::ui {

// `en` itself for English (lang 0) or when no translation exists; the Chinese otherwise. The returned
// pointer stays valid for the program's life.
const char* tr(int lang, const char* en);

// tr() of a printf format, then filled in: trf(lang, "pair %d", i). The format is the catalogue's key.
std::string trf(int lang, const char* en_format, ...);

// A sentence whose English format holds {0}, {1}… slots: translated through the catalogue (the format
// is the key), then filled. Lets code below the interface (core, parameters) say things in any language.
std::string tr_fill(int lang, std::string_view en_format, const std::vector<std::string>& args);
// A core::Message so: its format translated and filled, each message within it translated on its own.
std::string tr_message(int lang, const core::Message& m);

// Every Chinese entry, concatenated: the CJK font keeps exactly the characters it needs.
std::string catalogue_chinese();

// The catalogue, for tests: English keys and their Chinese, with the file and line each came from.
struct CataloguePair {
  std::string_view en;
  const char* zh;
  std::string_view file;  // "src/lessons/order/zh.tsv"
  int line = 0;
};
const CataloguePair* catalogue(int* count);
// What is malformed in the catalogue's files ("src/ui/zh.tsv:12: want the English, one tab, the Chinese").
const std::vector<std::string>& catalogue_errors();
// The Chinese for `en`, or nullptr.
const char* catalogue_find(std::string_view en);
// The catalogue's files that arrive later (the site fetches them with the Chinese lesson text): the
// entries "@@posenc-file catalogue <path>" of a pack, each read once. Returns how many were new.
int add_catalogue(std::string_view pack);

}  // namespace posenc::ui
