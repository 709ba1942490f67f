// Formulas said in words, for the screen-reader mirror: one $…$ run of lesson text (math_layout's
// syntax) parsed the way it is typeset and spoken in English or Chinese — "x^{2i/d}" is "x to the power
// (2i over d)" / "x 的 2i 除以 d 次方", "√(2/(π d))" "square root of (2 over (pi d))" / "根号下 (2 除以 (π
// d))". Pure text handling, no UI.
//
// What is said: x^2 squared / 的平方, x^T and xᵀ transpose / 的转置, a^K (one capital letter, a label)
// superscript / 上标, any other ^ to the power / 的 … 次方; x_i sub / 下标; √ square root of / 根号;
// {a}/{b} and a/b over / 除以; |x| absolute value of / 的绝对值; ‖x‖ norm of / 的范数; Σ_i sum over i of /
// 对 i 求和; operators (· times 乘, − minus 减 or 负, = equals 等于, ≈ approximately 约等于, ≤ at most
// 小于等于, → to 到, …); Greek letters by name in English (θ theta, Δ delta), as written in Chinese. A
// part of more than one token is put in parentheses. Anything else is kept as written.
#pragma once

#include <string>
#include <string_view>

namespace posenc::content {

// `formula` without its $ delimiters; `lang` 0 English, 1 Chinese.
std::string spoken(std::string_view formula, int lang);

}  // namespace posenc::content
