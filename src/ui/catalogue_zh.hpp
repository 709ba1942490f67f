// The Chinese catalogue is kept in parts by area, each a table of English key → Chinese; catalogue()
// (catalogue_zh.cpp) joins them into the one table every lookup uses.
#pragma once

#include "i18n.hpp"

namespace posenc::ui {

struct CataloguePart {
  const CataloguePair* pairs;
  int count;
};

CataloguePart catalogue_zh_app();      // the interface, notices, file messages (catalogue_zh_app.cpp)
CataloguePart catalogue_zh_lessons();  // the lessons' visuals (catalogue_zh_lessons.cpp)
CataloguePart catalogue_zh_train();    // lesson train's words (catalogue_zh_train.cpp)

}  // namespace posenc::ui
