#include "labels.hpp"

#include <cstdarg>
#include <cstdio>
#include <unordered_map>

namespace posenc::lessons {
namespace {

// English → Chinese. Keep the English exactly as the lesson code writes it.
constexpr LabelPair kLabels[] = {
    {"Controls", "控件"},
    // order.cpp
    {"Tokens", "token 序列"},
    {"X: one embedding row per token", "X：每个 token 一行嵌入向量"},
    {"dim", "维度"},
    {"position", "位置"},
    {"query", "查询"},
    {"key", "键"},
    {"original token", "原 token"},
    {"Attention weights softmax(Q K\xE1\xB5\x80 / \xE2\x88\x9A" "d)", "注意力权重 softmax(Q Kᵀ / √d)"},
    {"Each row sums to 1: how much each token (row) draws from every token (column).", "每行之和为 1：每个 token（行）从各个 token（列）取用多少。"},
    {"Output Attn(X) = weights \xC2\xB7 V", "输出 Attn(X) = 权重 · V"},
    {"Reordered sentence (click two tokens to swap them)", "重排后的句子（先后点击两个 token 可对调）"},
    {"Shuffle", "打乱"},
    {"Reverse", "倒序"},
    {"Original order", "原始顺序"},
    {"difference", "差值"},
    {"P (row i has a 1 in the column of the token now at i)", "P（第 i 行的 1 位于现居第 i 位的 token 原来那一列）"},
    {"mean of Attn(X) rows: \"%s\"", "Attn(X) 各行均值：“%s”"},
    {"mean of Attn(P X) rows: \"%s\"", "Attn(P X) 各行均值：“%s”"},
    {"max |difference of the pooled vectors| =", "max |两个池化向量之差| ="},
    {"add position encoding PE(pos) to the inputs", "在输入上加位置编码 PE(pos)"},
    {"without PE", "不加 PE"},
    {"with PE", "加 PE"},
    {"max |pooled difference|", "max |池化向量之差|"},
    {"PE: the same rows for both sentences (one per position)", "PE：两个句子用相同的行（每个位置一行）"},
    {"sentence", "句子"},
    {"dimension", "维度"},
    {"seed", "随机种子"},
    {"add position encoding", "加位置编码"},
    // naive.cpp
    {"Size of the position code relative to a word vector", "位置编码相对词向量的大小"},
    {"|code| / |word|", "|编码| / |词向量|"},
    {"raw index: code = pos in every dimension", "原始索引：每个维度都取 pos"},
    {"sinusoidal (lesson 3)", "正弦编码（第 3 课）"},
    {"length %d", "长度 %d"},
    {"code = pos / (length − 1)", "编码 = pos / (长度 − 1)"},
    {"code", "编码"},
    {"position %d", "位置 %d"},
    {"Binary digits of each position (least significant bit first)", "各位置的二进制位（最低位在前）"},
    {"bit", "二进制位"},
    {"Distance between the codes of neighbouring positions", "相邻位置编码之间的距离"},
    {"position p (distance from p to p + 1)", "位置 p（p 到 p + 1 的距离）"},
    {"binary digits", "二进制编码"},
    {"sinusoidal", "正弦编码"},
    {"bounded", "有界"},
    {"same at any length", "与长度无关"},
    {"neighbours close", "相邻位置接近"},
    {"yes", "是"},
    {"no", "否"},
    {"raw index", "原始索引"},
    {"index / length", "索引 / 长度"},
    {"length", "序列长度"},
    // sinusoidal.cpp
    {"pair i = %d (%s)\nω_i = %.6g\nangle pos·ω_i = %.6g rad", "维度对 i = %d（%s）\\nω_i = %.6g\\n角度 pos·ω_i = %.6g rad"},
    {"PE: one row per position, one column per dimension (click a cell)", "PE：每个位置一行，每个维度一列（可点击单元格）"},
    {"row: the code of position %s", "行：位置 %s 的编码"},
    {"column %d: one wave over the positions", "第 %d 列：沿各位置的一条波"},
    {"Frequencies ω_i (log scale)", "频率 ω_i（对数刻度）"},
    {"pair i", "维度对 i"},
    {"max relative |ω power form − ω exp form| =", "max 相对 |ω 幂形式 − ω 指数形式| ="},
    {"max |PE difference| at the last position =", "最后一个位置 max |PE 之差| ="},
    {"%s (shown)", "%s（当前）"},
    {"interleaved", "交错"},
    {"half", "前后两半"},
    {"max |interleaved − half| =", "max |交错 − 前后两半| ="},
    {"after moving the columns back =", "把列移回原位后 ="},
    {"first position", "起始位置"},
    {"max |float32 − double| here =", "此处 max |float32 − double| ="},
    {"near position 1,000,000 =", "位置 1,000,000 附近 ="},
    {"base", "底数 base"},
    {"layout", "排布"},
    // frequencies.cpp
    {"dim %d (i = %d)", "维度 %d（i = %d）"},
    {"sin(pos · ω_i) for a few pairs i", "几个维度对 i 的 sin(pos · ω_i)"},
    {"dim %d (the pair slider)", "维度 %d（滑块所选维度对）"},
    {"the pair you choose", "你选的维度对"},
    {"this setting: d = %d, base %s", "当前设置：d = %d，底数 %s"},
    {"the paper: d = 512, base 10000", "论文：d = 512，底数 10000"},
    {"Wavelength 2π · base^(2i/d) of each pair (log scale)", "各维度对的波长 2π · base^(2i/d)（对数刻度）"},
    {"pair index as a fraction of the way, 2i/d", "维度对序号所处的比例 2i/d"},
    {"positions per turn", "转一圈经过的位置数"},
    {"binary digits (±1), fastest bit first", "二进制位（±1），变化最快的位在前"},
    {"sinusoidal code, first 16 dims", "正弦编码，前 16 维"},
    // clock.cpp
    {"ω = %s, turn every %s", "ω = %s，每 %s 个位置转一圈"},
    {"pair 0: (sin, cos) of pos · ω_0", "维度对 0：pos · ω_0 的 (sin, cos)"},
    {"pair %d", "维度对 %d"},
    {"distance between PE(p) and PE(p + k)", "PE(p) 与 PE(p + k) 的距离"},
    {"How far apart are the codes of two positions k apart?", "相隔 k 的两个位置，编码相距多远？"},
    {"offset k", "偏移量 k"},
    {"closest other position", "最近的其他位置"},
    {"smallest distance between different positions =", "不同位置间的最小距离 ="},
    {"Pause", "暂停"},
    {"Play", "播放"},
    {"Step +1", "前进 +1"},
    {"Reset", "重置"},
    {"speed", "速度"},
    {"range", "范围"},
    // offsets.cpp
    {"PE(p) · PE(q) for every pair of positions", "每一对位置的 PE(p) · PE(q)"},
    {"position q", "位置 q"},
    {"position p", "位置 p"},
    {"offset q − p = %d", "偏移量 q − p = %d"},
    {"max |D(p, q) − D(p+1, q+1)| (Toeplitz) =", "max |D(p, q) − D(p+1, q+1)|（Toeplitz）="},
    {"max |closed form Σ cos(ω_i (p−q)) − direct product| =", "max |闭式 Σ cos(ω_i (p−q)) − 直接内积| ="},
    {"PE(p) · PE(p + offset)", "PE(p) · PE(p + 偏移量)"},
    {"One curve describes the whole matrix", "一条曲线就描述了整个矩阵"},
    {"offset q − p", "偏移量 q − p"},
    {"M_k: block-diagonal 2 × 2 rotations by k · ω_i", "M_k：由 2 × 2 旋转（角度 k · ω_i）组成的分块对角矩阵"},
    {"column", "列"},
    {"row", "行"},
    {"outside the 2 × 2 blocks: 0", "2 × 2 块之外：0"},
    {"pair i = %d, angle k·ω_i = %s", "维度对 i = %d，角度 k·ω_i = %s"},
    {"max |M_k · PE(p) − PE(p + k)| over all p shown =", "图中所有 p 上 max |M_k · PE(p) − PE(p + k)| ="},
    {"shift k", "平移 k"},
    // sum_vs_concat.cpp
    {"share of word × position pairs", "词 × 位置组合的占比"},
    {"cos(word, PE(pos)) for 128 random words × 128 positions", "128 个随机词 × 128 个位置的 cos(词向量, PE(pos))"},
    {"cosine", "余弦"},
    {"mean |cos| =", "|cos| 均值 ="},
    {"theory √(2/(π d)) =", "理论值 √(2/(π d)) ="},
    {"measured mean |cos|", "实测 |cos| 均值"},
    {"Word and position vectors become nearly orthogonal", "词向量与位置向量趋于正交"},
    {"dimension d", "维度 d"},
    {"your d", "你的 d"},
    {"sum w + PE", "相加 w + PE"},
    {"concatenation [w; PE]", "拼接 [w; PE]"},
    {"Which word was it? Nearest word to the input (100 random samples)", "是哪个词？离输入最近的词（100 个随机样本）"},
    {"correct, %", "正确率，%"},
    {"At d = %d with %d words: sum %s correct, concatenation %s.", "d = %d、%d 个词时：相加 %s 正确，拼接 %s。"},
    {"variance of the column over the first positions", "该列在前若干位置上的方差"},
    {"How much each PE dimension changes along the sequence", "PE 各维度沿序列变化的幅度"},
    {"per layer", "每层"},
    {"sum (width d)", "相加（宽度 d）"},
    {"concat (width 2d)", "拼接（宽度 2d）"},
    {"width", "宽度"},
    {"weights", "权重数"},
    {"multiply-adds", "乘加次数"},
    {"vocabulary", "词表大小"},
    {"positions", "位置数"},
    {"tokens", "token 数"},
    // relative.cpp
    {"Which learned vector w_clip(j − i, k) each pair (i, j) uses", "每对 (i, j) 用哪个学到的向量 w_clip(j − i, k)"},
    {"key position j", "键位置 j"},
    {"query position i", "查询位置 i"},
    {"offset j − i = %d → w_%d (table row %d)", "偏移量 j − i = %d → w_%d（表中第 %d 行）"},
    {"content: q_i · k_j / √d_z", "内容：q_i · k_j / √d_z"},
    {"position: q_i · a^K_ij / √d_z", "位置：q_i · a^K_ij / √d_z"},
    {"e_ij = content + position", "e_ij = 内容 + 位置"},
    {"α = softmax of each row", "α = 每行做 softmax"},
    {"a^K table (2k+1 rows)", "a^K 表（2k+1 行）"},
    {"shift by", "平移量"},
    {"e_ij at positions 0…5", "位置 0…5 处的 e_ij"},
    {"e_ij at positions %s…", "位置 %s… 处的 e_ij"},
    {"relative: max |e(shifted) − e| =", "相对位置：max |e(平移后) − e| ="},
    {"absolute PE added to x: max |change of the logits| =", "绝对 PE 加到 x 上：max |logits 的变化| ="},
    {"position parameters", "位置参数"},
    {"count", "数量"},
    {"relative, a^K and a^V shared by all heads", "相对位置，所有头共享 a^K 和 a^V"},
    {"relative, separate tables per head", "相对位置，每个头各用一张表"},
    {"absolute learned table (max_len × d)", "绝对位置，学习得到的表（max_len × d）"},
    {"BLEU, newstest2013 (Shaw et al. 2018)", "BLEU，newstest2013（Shaw 等，2018）"},
    {"Clipping costs nothing: BLEU against k (plotted at k + 1)", "截断几乎没有代价：BLEU 随 k 的变化（画在 k + 1 处）"},
    {"clip k", "截断 k"},
    {"heads", "头数"},
    // rope.cpp
    {"pair %d of q and k as 2-D vectors", "q 与 k 的维度对 %d（二维向量）"},
    {"q turned by m·θ = %s, k by n·θ = %s; between them: (m − n)·θ plus their own angle", "q 旋转 m·θ = %s，k 旋转 n·θ = %s；二者夹角：(m − n)·θ 加上原有夹角"},
    {"q at m", "q（m）"},
    {"k at n", "k（n）"},
    {";  positions + ", "；位置都加 "},
    {"shift both", "同时平移"},
    {"|score − shifted score| =", "|分数 − 平移后分数| ="},
    {"With m − n changed by one instead, the score becomes %s.", "若改为让 m − n 变化 1，分数变为 %s。"},
    {"RoFormer bound (1/(d/2))·Σ|S_j|, relative to r = 0", "RoFormer 上界 (1/(d/2))·Σ|S_j|，相对于 r = 0"},
    {"score of q with itself, r apart (relative)", "q 与相隔 r 的自身的分数（相对值）"},
    {"score of q with a random k", "q 与随机 k 的分数"},
    {"Long-term decay: far-apart tokens interact less", "远程衰减：相距越远的 token 相互作用越弱"},
    {"relative distance r = m − n", "相对距离 r = m − n"},
    {"Permutation from interleaved to half coordinates (first 16)", "从交错坐标到前后两半坐标的置换（前 16 个）"},
    {"half coordinate", "前后两半坐标"},
    {"interleaved coordinate", "交错坐标"},
    {"half layout with permuted q, k: |score difference| =", "前后两半排布，q、k 已置换：|分数差| ="},
    {"half layout on interleaved q, k (no permutation) =", "前后两半排布用于交错的 q、k（未置换）="},
    {"R_m: the rotation as a d × d matrix (mostly zeros)", "R_m：写成 d × d 矩阵的旋转（大多为 0）"},
    {"max |R_m q − elementwise rotation of q| =", "max |R_m q − 逐元素旋转后的 q| ="},
    {"query pos m", "查询位置 m"},
    {"key pos n", "键位置 n"},
    {"max distance", "最大距离"},
    // extrapolation.cpp
    {"beyond training", "超出训练长度"},
    {"fastest pair (dim 0)", "最快的维度对（维度 0）"},
    {"a middle pair", "中间的维度对"},
    {"a slow pair", "较慢的维度对"},
    {"slowest pair", "最慢的维度对"},
    {"Sine columns of the code, with the positions past L_train shaded", "编码的正弦列（超过 L_train 的位置带阴影）"},
    {"largest angle seen in training", "训练中见过的最大角度"},
    {"needed at the target length", "目标长度所需的角度"},
    {"position interpolation", "位置插值"},
    {"NTK-aware base", "NTK-aware 底数"},
    {"Largest RoPE angle each pair reaches (radians, log scale)", "各维度对达到的最大 RoPE 角度（弧度，对数刻度）"},
    {"Pairs below 2π never completed a turn in training; past it every angle has been seen.", "低于 2π 的维度对在训练中从未转满一圈；超过 2π 的，每个角度都已见过。"},
    {"ALiBi bias −m·(i − j) for one head (grey: masked future keys)", "一个头的 ALiBi 偏置 −m·(i − j)（灰色：被遮盖的未来键）"},
    {"key j", "键 j"},
    {"query i", "查询 i"},
    {"slope m of each head", "各头的斜率 m"},
    {"Head slopes (log scale)", "各头的斜率（对数刻度）"},
    {"head", "头"},
    {"bucket id", "桶编号"},
    {"T5: relative position (key − query) → bucket", "T5：相对位置（键 − 查询）→ 桶"},
    {"relative position", "相对位置"},
    {"target length", "目标长度"},
    {"ALiBi heads", "ALiBi 头数"},
    {"head shown", "显示的头"},
    {"causal", "因果"},
    {"T5 buckets", "T5 桶数"},
    {"bidirectional", "双向"},
    // check.cpp
    {"No table yet: drop a file on the page, open one, paste numbers, or load an example.", "还没有表格：把文件拖到页面上、打开文件、粘贴数字，或载入示例。"},
    {"base you used", "你用的底数"},
    {"Open a .npy or .csv file\xE2\x80\xA6", "打开 .npy 或 .csv 文件…"},
    {"Load an example", "载入示例"},
    {"correct", "正确"},
    {"half layout", "前后两半排布"},
    {"sin/cos swapped", "sin/cos 对调"},
    {"exponent i", "指数用 i"},
    {"length in divisor", "除以序列长度"},
    {"positions from 1", "位置从 1 开始"},
    {"base 500000", "底数 500000"},
    {"or paste numbers with Ctrl+V anywhere on this page, or type them, one row per line:", "或在本页任意处按 Ctrl+V 粘贴数字，也可直接输入，每行对应表格一行："},
    {"Check the pasted numbers", "检查粘贴的数字"},
    {"max |yours − reference| =", "max |你的 − 参考| ="},
    {"hypothesis", "假设"},
    {"max difference", "最大差值"},
    {"half_layout", "前后两半排布"},
    {"swapped", "sin/cos 对调"},
    {"exponent_i", "指数用 i/d"},
    {"length_divisor", "指数除以序列长度"},
    {"start_at_1", "位置从 1 开始"},
    {"float32", "float32 精度"},
    {"yours − reference", "你的 − 参考"},
    {"yours %s, reference %s", "你的 %s，参考 %s"},
    {"%s: %d × %d loaded", "%s：已载入 %d × %d"},
    {"pasted text", "粘贴的文本"},
    // The verdict sentence (frames from core::VerdictWords, messages from core::check_table).
    {"Your table %s.", "你的表%s。"},
    {" Equivalently, it %s.", "等价地说，它%s。"},
    {"No known bug explains the difference (largest %s). Closest guess: it %s (off by %s).",
     "没有已知错误能解释这个差异（最大差 %s）。最接近的猜测：它%s（相差 %s）。"},
    {"matches the reference (interleaved sin/cos, \xCF\x89_i = base^(\xE2\x88\x92" "2i/d), positions from 0)",
     "与参考表一致（sin/cos 交错排列，ω_i = base^(−2i/d)，位置从 0 开始）"},
    {"puts all sines first and all cosines after (the halves layout) instead of interleaving them",
     "把所有正弦放在前、所有余弦放在后（前后两半排布），而不是交错排列"},
    {"swaps sin and cos: cos in the even columns, sin in the odd ones", "把 sin 和 cos 对调了：偶数列是 cos，奇数列是 sin"},
    {"uses the exponent i/d instead of 2i/d (the pair index without the factor 2)",
     "指数用了 i/d 而不是 2i/d（成对下标少乘了 2）"},
    {"divides the exponent by the sequence length instead of d_model (2i/len)",
     "指数除以的是序列长度而不是 d_model（2i/len）"},
    {"numbers positions from 1 instead of 0", "位置从 1 开始编号，而不是从 0"},
    {"uses base %s instead of %s", "用的底数是 %s，而不是 %s"},
    {"is right up to float32 rounding: angles or values computed in single precision",
     "在 float32 舍入范围内是对的：角度或数值是用单精度算的"},
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

std::string chinese_labels() {
  std::string all;
  for (const LabelPair& p : kLabels) all += p.zh;
  return all;
}

}  // namespace posenc::lessons
