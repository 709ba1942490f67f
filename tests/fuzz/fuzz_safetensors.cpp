// libFuzzer target: a .safetensors cache. Any bytes give two finite tables of one shape within the caps,
// or a message — never a crash, a read past the data or an unbounded allocation.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/safetensors.hpp"

using namespace posenc::core;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const TablePair p = parse_safetensors(data, size);
  if (!p.ok()) {
    if (p.error.english().empty() || p.first.size() || p.second.size()) std::abort();
    return 0;
  }
  if (!p.pair || p.first.rows() != p.second.rows() || p.first.cols() != p.second.cols()) std::abort();
  if (p.first.rows() > kMaxTableRows || p.first.cols() > kMaxTableCols) std::abort();
  if (!p.first.allFinite() || !p.second.allFinite()) std::abort();
  return 0;
}
