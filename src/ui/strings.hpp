// The interface's own words in each language (lesson text lives in content/<lang>/). The Chinese
// strings here also feed the build's CJK font subset.
#pragma once

namespace posenc::ui {

enum class Text {
  Tagline, Lessons, Lesson, Prev, Next, StepOf, Controls, Language, LoadingFont,
  Predict, LockIn, Right, NotQuite, ShowAnswer, Skipped, AskAgain, PredictFirst, KeyboardFocus,
  ShowCode, HideCode, CopyCsv, Copied,
  // the desktop app's open-file dialog and export notices (the browser has its own)
  OpenTitle, OpenPrompt, Open, Cancel, FileMissing, FileUnreadable, FileTooBig, Saved, SaveFailed,
  Count  // not a string: the number of ids
};

// `lang` is an index into app::kLanguages: 0 English, 1 Chinese.
const char* text(Text id, int lang);

}  // namespace posenc::ui
