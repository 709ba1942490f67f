#include "strings.hpp"

namespace posenc::ui {

const char* text(Text id, int lang) {
  const bool zh = lang == 1;
  switch (id) {
    case Text::Tagline: return zh ? "位置编码，一步一步" : "positional encoding, step by step";
    case Text::Lessons: return zh ? "课程" : "Lessons";
    case Text::Lesson: return zh ? "第 %d 课" : "Lesson %d";
    case Text::Prev: return zh ? "上一步" : "Prev";
    case Text::Next: return zh ? "下一步" : "Next";
    case Text::StepOf: return zh ? "第 %d 步，共 %d 步" : "step %d of %d";
    case Text::Controls: return zh ? "控件" : "Controls";
    case Text::Language: return zh ? "中文" : "EN";
    case Text::LoadingFont: return zh ? "正在加载中文字体……" : "loading the Chinese font…";
  }
  return "";
}

}  // namespace posenc::ui
