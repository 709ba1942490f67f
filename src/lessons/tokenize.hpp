// Splits a sentence into tokens for lesson 1: words at spaces, punctuation on its own, and each CJK
// character as one token ("猫追狗" → 猫 追 狗).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace posenc::lessons {

std::vector<std::string> tokenize(std::string_view text, int max_tokens);

}  // namespace posenc::lessons
