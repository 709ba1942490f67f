// The Chinese catalogue, part 3: lesson train's words (train.cpp) — its controls, runs, plots and notices.
// Keep the English exactly as the code writes it.
#include <iterator>

#include "catalogue_zh.hpp"

namespace posenc::ui {
namespace {

constexpr CataloguePair kPairs[] = {
    // the tasks and the runs
    {"copy", "复制"},
    {"reverse", "倒序"},
    {"k_back", "回看 k 个"},
    {"learned", "可学习表"},
    {"T5", "T5 偏置"},
    {" and ", "和"},
    {", ", "、"},
    {"none of them", "一个也没有"},
    {"the run without positions", "没有位置编码的模型"},
    // controls
    {"task", "任务"},
    {"causal mask", "因果掩码"},
    {"layers", "层数"},
    {"training length", "训练长度"},
    {"test up to \xC3\x97", "测试长度上限 ×"},
    {"steps", "训练步数"},
    {"run shown", "显示的模型"},
    {"layer", "层"},
    {"example length", "样例长度"},
    {"example", "样例"},
    // the run bar
    {"Train", "开始训练"},
    {"Train again", "重新训练"},
    {"Stop", "停止"},
    {"testing", "正在测试"},
    {"%d / %d steps, about %s s left", "%d / %d 步，约剩 %s 秒"},
    {"done: 6 runs of %d steps in %s s", "完成：6 个模型各 %d 步，用时 %s 秒"},
    {"not trained yet", "尚未训练"},
    {"The results appear here once the six runs have trained and been tested.",
     "六个模型训练并测试完之后，结果显示在这里。"},
    // plots
    {"Training loss of the six runs (cross-entropy, log scale)", "六个模型的训练损失（交叉熵，对数坐标）"},
    {"step", "步"},
    {"no run yet", "还没有训练"},
    {"Token accuracy against input length (shaded: lengths trained on)",
     "逐 token 准确率随输入长度的变化（阴影：训练过的长度）"},
    {"input length n", "输入长度 n"},
    {"trained", "训练过"},
    {"bag-of-tokens bound", "词袋上限"},
    {"Token accuracy at the training length, run by run", "训练长度上各模型的逐 token 准确率"},
    {"run", "模型"},
    {"Attention of %s, layer %d, head %d (row: query, column: key)",
     "%s 的注意力，第 %d 层，第 %d 个头（行：查询，列：键）"},
    {"key position", "键的位置"},
    {"query position", "查询的位置"},
    {"tokens: %s", "输入：%s"},
    {"targets: %s", "答案：%s"},
    {"predicted: %s", "预测：%s"},
    {"Learned position table (rows past the training lengths never trained)",
     "可学习位置表（超出训练长度的行从未训练）"},
    {"component %d (%s%% of the variance)", "第 %d 主成分（占方差 %s%%）"},
    {"First principal components of the trained rows, against position",
     "训练过的行的前两个主成分，随位置变化"},
    // notices
    {"d_model: RoPE rotates pairs; using {0}", "d_model：RoPE 按坐标对旋转，改用 {0}"},
    {"heads: d_model / heads must be a whole even number; using {0}",
     "头数：d_model / 头数必须是偶数，改用 {0}"},
    {"steps: this model size allows at most {0} steps per run; using {0}",
     "训练步数：这个模型规模每次最多 {0} 步，改用 {0}"},
    {"Settings changed: training stopped. Press Train to run again.",
     "设置已改变，训练已停止。按“开始训练”重新训练。"},
    {"Settings changed: the results were for the old settings. Press Train to run again.",
     "设置已改变，原来的结果属于旧设置。按“开始训练”重新训练。"},
    {"Training stopped.", "训练已停止。"},
    {"training length: k_back needs inputs longer than k; using {0}",
     "训练长度：回看 k 个要求输入比 k 长，改用 {0}"},
};

}  // namespace

CataloguePart catalogue_zh_train() { return {kPairs, static_cast<int>(std::size(kPairs))}; }

}  // namespace posenc::ui
