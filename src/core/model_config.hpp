// Reading a model's config.json (the whole file, as downloaded from a model hub) into a RopeConfig,
// as transformers would: the head width, partial rotary, rope_theta and the rope_scaling block (legacy
// "type" keys, DeepSeek's qk_rope_head_dim, GPT-NeoX's rotary_pct, multimodal text_config). Every
// problem is a Message naming the key; nothing throws, input size is capped. Also the presets: real
// models' configs, each with the source it was read from; and RopeSettings, a RopeConfig as a learner
// sets it (lesson scaling's parameters), to and from a RopeConfig.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "message.hpp"
#include "rope_scaling.hpp"

namespace posenc::core {

// Hub configs are a few KB; quantised checkpoints list their layers and reach ~3 MB (MiniMax-M3 NVFP4).
constexpr std::size_t kMaxConfigBytes = 4 * 1024 * 1024;
constexpr int kMaxRotaryDim = 4096;
constexpr int kMaxLayers = 4096;            // num_hidden_layers, entries of layer_types / no_rope_layers
constexpr double kMaxRopeTheta = 1e12;      // published bases are at most ~1e8
constexpr double kMaxRopeFactor = 1 << 20;  // published factors are at most ~64

// One RoPE set of a model: the layers of one attention type and the RoPE they apply.
struct RopeSet {
  std::string layer_type;  // as transformers names it: "full_attention", "sliding_attention", …
  RopeConfig config;
};

// Who the config is: as the file names it (empty when it does not).
struct ModelIdentity {
  std::string name_or_path;  // _name_or_path
  std::string model_type;    // of the language model (text_config's when nested), else the file's
  std::vector<std::string> architectures;
};

// How q and k are turned: rotate_half pairs column j with j + d/2 (transformers' default); the
// interleaved (complex) form pairs 2i with 2i + 1 (Meta's Llama 4 code, DeepSeek's rope_interleave).
enum class RopeRotation { Half, Interleaved };

// Llama 4's attention temperature tuning on its no-RoPE layers (modeling_llama4.py): the queries are
// multiplied by log1p(floor((pos + 1) / floor_scale)) · attn_scale + 1. Off when floor_scale is 0.
struct AttentionTemperature {
  double floor_scale = 0, attn_scale = 0;
  bool on() const { return floor_scale > 0; }
  double at(double position) const;
};

// Ministral 3's llama_4_scaling_beta (modeling_ministral3.py get_llama_4_attn_scale): on top of YaRN,
// the queries are multiplied by 1 + beta · log(1 + floor(pos / length)). Off when beta is 0.
struct QueryScaling {
  double beta = 0, length = 0;
  bool on() const { return beta != 0 && length > 0; }
  double at(double position) const;
};

struct ModelConfigResult {
  RopeConfig config;          // the full-attention set (or the only one)
  std::vector<RopeSet> sets;  // every set, one per layer type that applies RoPE; config is one of them
  std::vector<std::string> layer_types;  // one per decoder layer; "none" where the layer has no RoPE.
                                         // Empty when the file gives no num_hidden_layers.
  double softmax_scale = 1;        // what the model multiplies its softmax scale by (DeepSeek's mscale²)
  std::vector<int> mrope_section;  // Qwen-VL: pairs per (t, h, w) position id; empty: one position id
  bool mrope_interleaved = false;  // Qwen3-VL: t, h, w take turns pair by pair
  RopeRotation rotation = RopeRotation::Half;
  AttentionTemperature temperature;  // Llama 4 no-RoPE layers
  QueryScaling query_scaling;        // Ministral 3
  ModelIdentity identity;
  Message error;     // empty: config is usable by rope_init
  Messages notices;  // things read in a way worth saying (legacy keys, defaults taken), and every key
                     // read but not modelled
  bool ok() const { return error.empty(); }
  // The set of a layer type, or nullptr.
  const RopeSet* set(std::string_view layer_type) const;
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
// Why `id` names no preset: "model must be one of 'llama2-7b', …, got 'id'" (the id cut to 40 bytes).
std::string unknown_model_preset(std::string_view id);

// A RoPE configuration as a learner sets it, one value a control: a RopeConfig's fields with nothing
// left "not given" but the attention factor, and the two lengths named for what they are. The defaults
// are Llama 3.1 8B's.
struct RopeSettings {
  int head_dim = 128;
  double rotary = 1.0;   // partial_rotary_factor
  double base = 500000;  // rope_theta
  RopeType type = RopeType::Llama3;
  int original = 8192;  // L0, the length RoPE was set up for (original_max_position_embeddings)
  int target = 131072;  // the length the model is run at
  double factor = 8;
  double beta_fast = 32, beta_slow = 1;           // yarn
  double low_freq = 1, high_freq = 4;             // llama3
  double mscale = 0, mscale_all_dim = 0;          // yarn (DeepSeek)
  bool truncate = true;                           // yarn: false in gpt-oss
  double attention = 0;                           // an attention_factor the config gives (0: derived)
  int nope = 0;                                   // qk_nope_head_dim (DeepSeek), 0: none
  std::vector<double> short_factor, long_factor;  // longrope: rotary_dim / 2 each
};
bool operator==(const RopeSettings& a, const RopeSettings& b);
inline bool operator!=(const RopeSettings& a, const RopeSettings& b) { return !(a == b); }

// The ranges rope_settings() brings the lengths and the factor into.
struct RopeSettingsLimits {
  static constexpr int min_length = 64, max_original = 1 << 20, max_target = 1 << 22;
  static constexpr double max_factor = 128;
};

// The config the settings describe with rope_type `type`: s.type, or another type to compare it with
// (an explicit attention factor, s.attention, is s.type's alone). yarn, longrope and llama3 get the
// original length as original_max_position_embeddings and the target as max_position_embeddings; the
// other types, which read max_position_embeddings as the trained length, the original length there.
RopeConfig rope_config(const RopeSettings& s, RopeType type);
// The settings a parsed config implies: transformers' defaults filled in (beta_fast 32, beta_slow 1),
// the original length max_position_embeddings where the type names none, the target length the one the
// config names beyond it, else original × factor; without scaling a factor of 4, so that there is
// something to stretch. Lengths and factor within RopeSettingsLimits.
RopeSettings rope_settings(const RopeConfig& c);

}  // namespace posenc::core
