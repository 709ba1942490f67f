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
    case Text::Predict: return zh ? "先预测" : "Predict first";
    case Text::LockIn: return zh ? "确定我的预测" : "Lock in my prediction";
    case Text::Right: return zh ? "预测正确！" : "Right!";
    case Text::NotQuite: return zh ? "不对。答案是：" : "Not quite. The answer:";
    case Text::ShowAnswer: return zh ? "直接看答案" : "Just show me";
    case Text::Skipped: return zh ? "已跳过预测。答案是：" : "Skipped. The answer:";
    case Text::AskAgain: return zh ? "重新预测" : "Ask me again";
    case Text::PredictFirst:
      return zh ? "先做出你的预测，这里的图随后揭晓答案。" : "Make your prediction first: this visual then shows the answer.";
    case Text::KeyboardFocus:
      return zh ? "键盘模式：Tab 键在页面各部分之间切换，方向键在控件之间移动，空格键或回车键激活；Esc 键让方向键重新用于翻页。"
                : "Keyboard: Tab moves between the parts of the page, the arrows between controls, Space or Enter "
                  "activates; Esc gives the arrows back to the steps.";
    case Text::ShowCode: return zh ? "</> 代码" : "</> Code";
    case Text::HideCode: return zh ? "隐藏代码" : "Hide code";
    case Text::CopyCsv: return zh ? "复制 CSV" : "Copy CSV";
    case Text::Copied: return zh ? "已复制 %s（%d × %d），格式为 CSV" : "copied %s (%d × %d) as CSV";
    case Text::OpenTitle: return zh ? "打开 .npy 或 .csv 文件" : "Open a .npy or .csv file";
    case Text::OpenPrompt: return zh ? "输入或粘贴文件路径，也可以把文件拖到窗口上：" : "Type or paste the file's path, or drop the file onto the window:";
    case Text::Open: return zh ? "打开" : "Open";
    case Text::Cancel: return zh ? "取消" : "Cancel";
    case Text::FileMissing: return zh ? "找不到文件：%s" : "no such file: %s";
    case Text::FileUnreadable: return zh ? "无法读取 %s：%s" : "cannot read %s: %s";
    case Text::FileTooBig: return zh ? "%s 超过 %d MB，未读取" : "%s is over %d MB, not read";
    case Text::Saved: return zh ? "已保存 %s" : "saved %s";
    case Text::SaveFailed: return zh ? "无法保存 %s：%s" : "could not save %s: %s";
    case Text::Count: break;
  }
  return "";
}

}  // namespace posenc::ui
