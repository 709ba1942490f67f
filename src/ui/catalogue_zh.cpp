// The Chinese catalogue: its parts (catalogue_zh_app.cpp, catalogue_zh_lessons.cpp) joined into one
// table of English key → Chinese, for everything the program shows besides lesson prose (see i18n.hpp).
#include "catalogue_zh.hpp"

#include <vector>

namespace posenc::ui {

const CataloguePair* catalogue(int* count) {
  static const std::vector<CataloguePair> all = [] {
    std::vector<CataloguePair> v;
    for (const CataloguePart& part : {catalogue_zh_app(), catalogue_zh_lessons(), catalogue_zh_train()})
      v.insert(v.end(), part.pairs, part.pairs + part.count);
    return v;
  }();
  *count = static_cast<int>(all.size());
  return all.data();
}

}  // namespace posenc::ui
