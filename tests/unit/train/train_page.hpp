// Lesson train's runs trained as a learner trains them: Train pressed on the page, frames drawn until every
// run is scored (natively the runs train in slices between frames). For the tests that read what the
// page shows once trained: its text, its papers table, its notebook.
#pragma once

#include <doctest/doctest.h>

#include "headless.hpp"

namespace posenc::test {

inline void train_in_page(Headless& h, int most_frames = 40000) {
  h.frame(1280, 800);
  const std::optional<ui::ItemRect> r = ui::locate("Train");
  REQUIRE(r);
  h.click(*r);
  lessons::Lesson& l = app::current_lesson(h.s);
  for (int n = 0; l.placeholder("done") != "1" && n < most_frames; ++n) h.frame(1280, 800);
  REQUIRE(l.placeholder("done") == "1");
}

}  // namespace posenc::test
