// The URL hash: "#lesson=<id>&step=<n>&<param>=<value>&lang=<en|zh>". Parsing is bounded (length
// and pair count) and never fails; applying it to the app clamps values and reports notices.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace posenc::app {

using HashPairs = std::vector<std::pair<std::string, std::string>>;

constexpr size_t kMaxHashBytes = 4096;
constexpr size_t kMaxHashPairs = 64;

// Splits "a=1&b=x%20y" (leading '#' optional) into decoded pairs. Input beyond the caps is dropped;
// `truncated` (optional) reports that it happened.
HashPairs parse_hash(std::string_view hash, bool* truncated = nullptr);

std::string percent_decode(std::string_view s);
std::string percent_encode(std::string_view s);  // keeps A–Z a–z 0–9 - _ . ~ , unescaped

std::string build_hash(const HashPairs& pairs);  // without the leading '#'

}  // namespace posenc::app
