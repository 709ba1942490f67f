#include "i18n.hpp"

#include <cstdarg>
#include <cstdio>

#include "core/message.hpp"

namespace posenc::ui {

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
  return out;
}

std::string tr_fill(int lang, std::string_view en_format, const std::vector<std::string>& args) {
  const std::string key(en_format);
  return core::fill(tr(lang, key.c_str()), args);
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
