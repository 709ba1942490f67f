#include "labels.hpp"

#include <unordered_map>

namespace posenc::lessons {
namespace {

// English → Chinese. Keep the English exactly as the lesson code writes it.
constexpr LabelPair kLabels[] = {
    {"Controls", "控件"},
};

}  // namespace

const LabelPair* label_table(int* count) {
  *count = static_cast<int>(std::size(kLabels));
  return kLabels;
}

const char* tr(int lang, const char* en) {
  if (lang != 1 || !en) return en;
  static const std::unordered_map<std::string_view, const char*> zh = [] {
    std::unordered_map<std::string_view, const char*> m;
    for (const LabelPair& p : kLabels) m.emplace(p.en, p.zh);
    return m;
  }();
  const auto it = zh.find(en);
  return it == zh.end() ? en : it->second;
}

std::string chinese_labels() {
  std::string all;
  for (const LabelPair& p : kLabels) all += p.zh;
  return all;
}

}  // namespace posenc::lessons
