// The Chinese catalogue, part 1: the interface, notices, the .npy/.csv reader's messages and the desktop
// dialogs (see i18n.hpp; the lessons' words are in catalogue_zh_lessons.cpp). Keep the English exactly
// as the code writes it.
#include <iterator>

#include "catalogue_zh.hpp"

namespace posenc::ui {
namespace {

constexpr CataloguePair kPairs[] = {
    // The interface (shell, navigation, predictions, export bar)
    {"positional encoding, step by step", "位置编码，一步一步"},
    {"posenc — positional encoding, step by step", "posenc——位置编码，一步一步"},
    {"posenc interactive walkthrough", "posenc 交互式讲解"},
    {"Lessons", "课程"},
    {"Lesson %d", "第 %d 课"},
    {"Prev", "上一步"},
    {"Next", "下一步"},
    {"step %d of %d", "第 %d 步，共 %d 步"},
    {"loading the Chinese font…", "正在加载中文字体……"},
    {"Predict first", "先预测"},
    {"Lock in my prediction", "确定我的预测"},
    {"Right!", "预测正确！"},
    {"Not quite. The answer:", "不对。答案是："},
    {"Just show me", "直接看答案"},
    {"Skipped. The answer:", "已跳过预测。答案是："},
    {"Ask me again", "重新预测"},
    {"Make your prediction first: this visual then shows the answer.", "先做出你的预测，这里的图随后揭晓答案。"},
    {"Keyboard: Tab moves between the parts of the page, ↑ ↓ between controls and paragraphs, ← → move a slider (Shift: ten times as far), Space or Enter activates; Esc gives the arrows back to the steps.",
     "键盘模式：Tab 键在页面各部分之间切换，↑ ↓ 在控件和段落之间移动，← → 拖动滑块（按住 Shift 一次走十倍），空格键或回车键激活；Esc 键让方向键重新用于翻页。"},
    {"</> Code", "</> 代码"},
    {"Hide code", "隐藏代码"},
    {"Copy CSV", "复制 CSV"},
    {"Copy", "复制"},
    {"copied {0}", "已复制 {0}"},
    {"copied {0} ({1} × {2}) as CSV", "已复制 {0}（{1} × {2}），格式为 CSV"},
    // Notices: links and posenc.set (lessons/params.cpp, app/app.cpp) and lessons adjusting a parameter
    {"{0}: '{1}' is not a number; kept {2}", "{0}：“{1}”不是数字，保留 {2}"},
    {"{0}: clamped to {1} (allowed {2}–{3})", "{0}：已限制为 {1}（允许范围 {2}–{3}）"},
    {"{0}: rounded to a whole number", "{0}：已取整"},
    {"{0}: '{1}' is not 0/1 or true/false; kept {2}", "{0}：“{1}”不是 0/1 或 true/false，保留 {2}"},
    {"{0}: shortened to {1} bytes", "{0}：已截短到 {1} 字节"},
    {"{0}: not an order of 0…{1}; kept the current order", "{0}：不是 0…{1} 的一个排列，保留当前顺序"},
    {"{0}: '{1}' is not one of {2}; kept {3}", "{0}：“{1}”不在 {2} 之中，保留 {3}"},
    {"lesson {0} does not exist", "第 {0} 课不存在"},
    {"step clamped to {0} (this lesson has steps 0–{1})", "步骤已限制为 {0}（本课的步骤为 0–{1}）"},
    {"step: '{0}' is neither a number nor a step of this lesson; showing step 0", "step：“{0}”既不是数字，也不是本课的步骤，显示第 0 步"},
    {"unknown lesson '{0}'; showing {1}", "没有名为“{0}”的课程，显示 {1}"},
    {"the link was too long; extra parts were ignored", "链接太长，多出的部分已忽略"},
    {"lang: '{0}' is not available (en, zh); kept {1}", "lang：没有“{0}”这种语言（可选 en、zh），保留 {1}"},
    {"this lesson is not yet translated into '{0}'; showing English", "本课还没有“{0}”译文，显示英文"},
    {"no lesson takes files", "没有课程接收文件"},
    {"text: needs at least two tokens; using the default sentence", "句子：至少需要两个 token，改用默认句子"},
    {"text: only the first {0} tokens are used", "句子：只使用前 {0} 个 token"},
    {"probe: moved inside the sequence", "位置：已移到序列之内"},
    {"pair: this d_model has pairs 0–{0}", "频率对 i：当前的 d_model 只有频率对 0–{0}"},
    {"dim: the clock needs (sin, cos) pairs; using {0}", "d_model：时钟需要成对的 (sin, cos)，改用 {0}"},
    {"dim: the identities hold for (sin, cos) pairs; using {0}", "d_model：这些恒等式对成对的 (sin, cos) 成立，改用 {0}"},
    {"dim: RoPE rotates pairs; using {0}", "d：RoPE 按对旋转，改用 {0}"},
    {"max_distance: must exceed the exact buckets; using {0}", "最大距离 max_distance：必须大于精确桶的范围，改用 {0}"},
    // The .npy/.csv reader (core/table_file.cpp)
    {".npy: not a NumPy file (bad magic bytes)", ".npy：不是 NumPy 文件（文件头标识不对）"},
    {".npy: unsupported format version {0}", ".npy：不支持的格式版本 {0}"},
    {".npy: truncated header", ".npy：文件头不完整"},
    {".npy: truncated or oversized header", ".npy：文件头不完整或过大"},
    {".npy: the header lacks descr, fortran_order or shape", ".npy：文件头缺少 descr、fortran_order 或 shape"},
    {".npy: dtype '{0}' is not float32 or float64; save with .astype(np.float64)", ".npy：dtype“{0}”不是 float32 或 float64，请先用 .astype(np.float64) 转换再保存"},
    {".npy: fortran_order must be True or False", ".npy：fortran_order 必须是 True 或 False"},
    {".npy: shape ({0}) must be two whole numbers: a len × d table", ".npy：shape ({0}) 必须是两个整数，即 len × d 的表"},
    {".npy: shape too large", ".npy：shape 太大"},
    {".npy: shape ({0}) must have two dimensions: a len × d table", ".npy：shape ({0}) 必须是二维的，即 len × d 的表"},
    {".npy: truncated data ({0} bytes, the shape needs {1})", ".npy：数据不完整（只有 {0} 字节，shape 需要 {1} 字节）"},
    {"text, line {0}: not a number list", "文本第 {0} 行：不是一列数字"},
    {"text, line {0}: {1} values, but the first row has {2}", "文本第 {0} 行：有 {1} 个数，但第一行有 {2} 个"},
    {"text: no numbers found", "文本：没有找到数字"},
    {"text: file too large (at most 64 MB)", "文本：文件太大（最多 64 MB）"},
    {".npy: the table is empty", ".npy：表是空的"},
    {".npy: too many rows ({0}; at most 8192)", ".npy：行数太多（{0} 行，最多 8192 行）"},
    {".npy: too many columns ({0}; at most 4096)", ".npy：列数太多（{0} 列，最多 4096 列）"},
    {".npy: too many values ({0}; at most 4194304)", ".npy：数值太多（{0} 个，最多 4194304 个）"},
    {".npy: value at row {0}, column {1} is NaN; a position table has only finite values", ".npy：第 {0} 行第 {1} 列的值是 NaN；位置编码表里只能有有限数值"},
    {".npy: value at row {0}, column {1} is infinite; a position table has only finite values", ".npy：第 {0} 行第 {1} 列的值是无穷大；位置编码表里只能有有限数值"},
    {"text: the table is empty", "文本：表是空的"},
    {"text: too many rows ({0}; at most 8192)", "文本：行数太多（{0} 行，最多 8192 行）"},
    {"text: too many columns ({0}; at most 4096)", "文本：列数太多（{0} 列，最多 4096 列）"},
    {"text: too many values ({0}; at most 4194304)", "文本：数值太多（{0} 个，最多 4194304 个）"},
    {"text: value at row {0}, column {1} is NaN; a position table has only finite values", "文本：第 {0} 行第 {1} 列的值是 NaN；位置编码表里只能有有限数值"},
    {"text: value at row {0}, column {1} is infinite; a position table has only finite values", "文本：第 {0} 行第 {1} 列的值是无穷大；位置编码表里只能有有限数值"},
    // The desktop app's open-file dialog and export notices (the browser has its own)
    {"Open a .npy or .csv file", "打开 .npy 或 .csv 文件"},
    {"Type or paste the file's path, or drop the file onto the window:", "输入或粘贴文件路径，也可以把文件拖到窗口上："},
    {"Open", "打开"},
    {"Cancel", "取消"},
    {"no such file: {0}", "找不到文件：{0}"},
    {"cannot read {0}: {1}", "无法读取 {0}：{1}"},
    {"{0} is over {1} MB, not read", "{0} 超过 {1} MB，未读取"},
    {"saved {0}", "已保存 {0}"},
    {"could not save {0}: {1}", "无法保存 {0}：{1}"},
    {"Controls", "控件"},
    // The widgets' own words (hover readouts)
    {"value", "值"},
    {"col", "列"},
    {"hand %d", "指针 %d"},
    {"%s: %.4f rad = %.1f\xC2\xB0", "%s：%.4f 弧度 = %.1f\xC2\xB0"},
    {"n/a", "无"},
};

}  // namespace

CataloguePart catalogue_zh_app() { return {kPairs, static_cast<int>(std::size(kPairs))}; }

}  // namespace posenc::ui
