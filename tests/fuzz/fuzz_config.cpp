// libFuzzer target: a pasted config.json. Any bytes give a model's RoPE, layer by layer, or a message,
// never a crash, a throw or an unbounded allocation; an accepted config gives every set finite
// frequencies of the width it says. Seeds include today's models (per-layer-type rope_parameters,
// layer_types, no_rope_layers, M-RoPE sections).
// The JSON reader under it refuses with a "line L, column C: …" message and never nests past its cap.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/json.hpp"
#include "core/model_config.hpp"
#include "core/rope_scaling.hpp"

using namespace posenc::core;

namespace {

int depth(const JsonValue& v) {
  int deepest = 0;
  for (const JsonValue& e : v.items) deepest = std::max(deepest, depth(e));
  for (const JsonMember& m : v.members) deepest = std::max(deepest, depth(m.value));
  return (v.is_array() || v.is_object()) + deepest;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const JsonParse j = parse_json(text);
  if (j.ok() ? depth(j.value) > kMaxJsonDepth : j.error.english().rfind("line ", 0) != 0) std::abort();
  const ModelConfigResult r = parse_model_config(text);
  if (!r.ok()) {
    if (r.error.english().empty()) std::abort();  // a refusal always says why
    return 0;
  }
  // Accepted means usable, layer by layer: every set gives finite frequencies of the width it says, every
  // layer with RoPE has its set, the scales are finite.
  if (r.sets.empty() || r.layer_types.size() > static_cast<std::size_t>(kMaxLayers)) std::abort();
  for (const std::string& t : r.layer_types)
    if (t != "none" && !r.set(t)) std::abort();
  if (!std::isfinite(r.softmax_scale) || !(r.softmax_scale > 0)) std::abort();
  if (!std::isfinite(r.temperature.at(1e6)) || !std::isfinite(r.query_scaling.at(1e6))) std::abort();
  for (const RopeSet& s : r.sets) {
    for (double seq_len : {0.0, 1e3, 1e6}) {
      const RopeInit init = rope_init(s.config, seq_len);
      const bool padded = init.rope_type == RopeType::Proportional;  // zeros past the turning pairs
      if (init.rotary_dim > kMaxRotaryDim || (!padded && init.rotary_dim < 2) ||
          (padded ? init.inv_freq.size() < init.rotary_dim / 2 : init.inv_freq.size() != init.rotary_dim / 2))
        std::abort();
      if (!init.inv_freq.allFinite() || !std::isfinite(init.attention_factor)) std::abort();
    }
  }
  return 0;
}
