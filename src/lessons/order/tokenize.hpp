// Splits a sentence into tokens for lesson 1: words at spaces, punctuation on its own, and each CJK
// character as one token ("猫追狗" → 猫 追 狗); and joins tokens back into a sentence as it is written.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace posenc::lessons {

std::vector<std::string> tokenize(std::string_view text, int max_tokens);

// Tokens joined with spaces, except before punctuation and between CJK characters: "狗追猫",
// "Tom hates apple, but likes orange", "我爱 NLP。".
std::string join_tokens(const std::vector<std::string>& tokens);

}  // namespace posenc::lessons
