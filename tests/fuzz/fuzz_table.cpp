// libFuzzer target: the learner's .npy / .csv upload. Any bytes give a table or a message, never a
// crash, a hang or an allocation beyond the reader's caps; an accepted table goes on to the checker.
// The same bytes read as a RoPE cache (a (2, len, dim) .npy, two blocks of text, or one table) go on to
// check_rope and the comparison with the defaults.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/check.hpp"
#include "core/check_rope.hpp"
#include "core/rope_cache.hpp"
#include "core/table_file.hpp"

using namespace posenc::core;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const TableFile t = parse_table(data, size);
  if (t.ok()) {
    if (t.data.size() == 0 || !t.data.allFinite()) std::abort();  // accepted means usable
    (void)check_table(t.data, 10000.0);
  }
  const TablePair p = parse_cache_file(data, size);
  if (p.ok()) {
    if (p.first.size() == 0 || !p.first.allFinite()) std::abort();
    if (p.pair &&
        (p.second.rows() != p.first.rows() || p.second.cols() != p.first.cols() || !p.second.allFinite()))
      std::abort();
    if (p.first.size() + p.second.size() > kMaxTableCells) std::abort();  // the caps hold for the whole input
    const RopeCacheCheck c = check_rope(p.first, p.pair ? p.second : Eigen::MatrixXd(p.first * 0.5));
    (void)rope_differences(c, static_cast<int>(p.first.cols()), nullptr);
  }
  return 0;
}
