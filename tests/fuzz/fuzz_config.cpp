// libFuzzer target: a pasted config.json. Any bytes give a RopeConfig or a message, never a crash,
// a throw or an unbounded allocation; an accepted config gives finite frequencies of the width it says.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/model_config.hpp"
#include "core/rope_scaling.hpp"

using namespace posenc::core;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ModelConfigResult r = parse_model_config(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!r.ok()) {
    if (r.error.english().empty()) std::abort();  // a refusal always says why
    return 0;
  }
  for (double seq_len : {0.0, 1e3, 1e6}) {
    const RopeInit init = rope_init(r.config, seq_len);
    if (init.rotary_dim < 2 || init.rotary_dim > kMaxRotaryDim || init.inv_freq.size() != init.rotary_dim / 2)
      std::abort();  // accepted means usable
    if (!init.inv_freq.allFinite() || !std::isfinite(init.attention_factor)) std::abort();
  }
  return 0;
}
