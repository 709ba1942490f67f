// Reading a model's config.json (the whole file, as downloaded from a model hub) into a RopeConfig,
// as transformers would: the head width, partial rotary, rope_theta and the rope_scaling block (legacy
// "type" keys, DeepSeek's qk_rope_head_dim, GPT-NeoX's rotary_pct, multimodal text_config). Every
// problem is a Message naming the key; nothing throws, input size is capped. Also the presets: real
// models' configs, each with the source it was read from.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "message.hpp"
#include "rope_scaling.hpp"

namespace posenc::core {

constexpr std::size_t kMaxConfigBytes = 256 * 1024;  // hub configs are a few KB
constexpr int kMaxRotaryDim = 4096;

struct ModelConfigResult {
  RopeConfig config;
  Message error;     // empty: config is usable by rope_init
  Messages notices;  // things read in a way worth saying (legacy keys, defaults taken)
  bool ok() const { return error.empty(); }
};

ModelConfigResult parse_model_config(std::string_view json_text);

struct ModelPreset {
  const char* id;      // e.g. "llama3.1-8b"
  const char* label;   // e.g. "Llama 3.1 8B"
  const char* source;  // where the numbers were read
  const char* json;    // the config.json fields that matter, values as published
};

const std::vector<ModelPreset>& model_presets();
// The preset with this id, or nullptr.
const ModelPreset* find_model_preset(std::string_view id);

}  // namespace posenc::core
