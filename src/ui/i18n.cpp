#include "i18n.hpp"

#include <cstdarg>
#include <cstdio>
#include <string>
#include <utility>

#include "core/message.hpp"

namespace posenc::ui {

namespace {

// Chinese filled with a value: the space that keeps "Llama 3 8B 的配置" apart is dropped beside
// full-width punctuation, where it is never written ("（部分旋转） 的配置" → "（部分旋转）的配置").
std::string tidy_spaces(int lang, std::string text) {
  if (lang != 1) return text;
  static const char* const
      kPunct[] = {"\xEF\xBC\x88", "\xEF\xBC\x89", "\xEF\xBC\x8C", "\xE3\x80\x82",
                  "\xEF\xBC\x9A", "\xEF\xBC\x9B", "\xE3\x80\x81", "\xE2\x80\x9C",
                  "\xE2\x80\x9D", "\xEF\xBC\x9F", "\xEF\xBC\x81"};  // （ ） ， 。 ： ； 、 “ ” ？ ！
  const auto punct_at = [&](size_t i) {
    for (const char* p : kPunct)
      if (text.compare(i, 3, p) == 0) return true;
    return false;
  };
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ' ' && ((i >= 3 && punct_at(i - 3)) || (i + 3 <= text.size() && punct_at(i + 1))))
      continue;
    out += text[i];
  }
  return out;
}

}  // namespace

const char* tr(int lang, const char* en) {
  if (lang != 1 || !en) return en;
  const char* zh = catalogue_find(en);
  return zh ? zh : en;
}

std::string trf(int lang, const char* en_format, ...) {
  const char* format = tr(lang, en_format);
  va_list args;
  va_start(args, en_format);
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, format, args);
  va_end(args);
  return tidy_spaces(lang, std::move(out));
}

std::string tr_fill(int lang, std::string_view en_format, const std::vector<std::string>& args) {
  const std::string key(en_format);
  return tidy_spaces(lang, core::fill(tr(lang, key.c_str()), args));
}

std::string tr_message(int lang, const core::Message& m) {
  return tr_fill(lang, m.format, m.values([lang](const core::Message& in) { return tr_message(lang, in); }));
}

std::string catalogue_chinese() {
  std::string all;
  int n = 0;
  const CataloguePair* pairs = catalogue(&n);
  for (int i = 0; i < n; ++i) all += pairs[i].zh;
  return all;
}

}  // namespace posenc::ui
