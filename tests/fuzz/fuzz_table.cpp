// libFuzzer target: the learner's .npy / .csv upload. Any bytes give a table or a message, never a
// crash, a hang or an allocation beyond the reader's caps; an accepted table goes on to the checker.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/check.hpp"
#include "core/table_file.hpp"

using namespace posenc::core;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const TableFile t = parse_table(data, size);
  if (t.ok()) {
    if (t.data.size() == 0 || !t.data.allFinite()) std::abort();  // accepted means usable
    (void)check_table(t.data, 10000.0);
  }
  return 0;
}
