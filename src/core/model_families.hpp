// What transformers v5 does per model family when it builds a model from config.json, beyond the shared
// RoPE parameters: class defaults a file may leave out, how the list of layer types is derived, which
// layers apply no RoPE, a second RoPE set, the softmax scale, M-RoPE and the rotation's layout. One row
// per model_type (of the language model: text_config's in multimodal files). Internal to model_config.
//
// Read from huggingface/transformers main as mirrored in github.com/zucchini-nlp/transformers
// @ decba1d2ea4ed3cbf0495d1828abad4b2dba1846 (2026-08-19), src/transformers/models/<family>/
// configuration_<family>.py and modeling_<family>.py; the line of each rule is cited in the table.
#pragma once

#include <string_view>

namespace posenc::core {

// How layer_types is derived when the file has none (i counts layers from 0; p is the pattern).
enum class LayerRule {
  AllFull,          // every layer "full_attention"
  SlidingButEach,   // "full_attention" where (i + 1) % p == 0, else "sliding_attention" (Gemma 3, gpt-oss)
  FullEach,         // "full_attention" where i % p == 0, else "sliding_attention" (ModernBERT)
  LinearButEach,    // "full_attention" where (i + 1) % p == 0, else "linear_attention" (Qwen3-Next)
  NoRopeLayers,     // from no_rope_layers: Llama 4 "chunked_attention" / "full_attention"; SmolLM3 all full
  SlidingIfWindow,  // every layer "sliding_attention" when sliding_window is set (Mistral, Phi-3)
  QwenWindow,       // "sliding_attention" from layer max_window_layers on when use_sliding_window (Qwen2/3)
  FirstAndEach,     // "full_attention" at layer 0 and where (i + 1) % p == 0, else sliding (MiMo-V2-Flash)
  Compression,      // DeepSeek-V4: from compress_ratios (0 / 4 / 128), else 2 heavily compressed, then
                    // compressed_sparse / heavily_compressed in turn
};

// Which layers apply no RoPE.
enum class NoRope {
  None,
  NoRopeLayers,  // no_rope_layers[i] == 0 (Llama 4, SmolLM3: 1 means "uses RoPE")
  ExaoneFull,    // EXAONE 4: the full-attention layers when sliding_window is set
  SlidingOnly,   // Cohere 2: only sliding-attention layers, and only when sliding_window is set
};

struct ModelFamily {
  const char* model_type = "";
  double theta = 10000;       // default_theta (RotaryEmbeddingConfigMixin: 10 000)
  double max_positions = 0;   // the class's max_position_embeddings (0: the file must say)
  double partial = 0;         // a partial_rotary_factor the class sets when the file is silent
  bool partial_wins = false;  // …and it overrides rope_parameters' own (kwargs.setdefault, GLM)
  double original = 0;        // a class original_max_position_embeddings (Phi-3: 4096)
  // A second RoPE set for sliding-window layers (Gemma 3, ModernBERT, OLMo 3): its default base and key
  // (none: always the default, as OLMo 3's second pop of rope_theta finds nothing).
  bool two_sets = false;
  double local_theta = 0;
  const char* local_key = nullptr;
  const char* global_key = nullptr;  // the full set's own key for the base (ModernBERT global_rope_theta)
  bool scaling_both = false;         // rope_scaling goes to both sets (ModernBERT), else the full one
  LayerRule layers = LayerRule::AllFull;
  int pattern = 0;                    // the rule's default p
  const char* pattern_key = nullptr;  // the file's key for p
  bool last_full = false;             // Gemma 4 forces the last layer to full attention
  NoRope no_rope = NoRope::None;
  int no_rope_interval = 0;              // Llama 4 / SmolLM3: every n-th layer has no RoPE by default
  bool no_rope_empty_default = false;    // Llama 4: an empty no_rope_layers list means the default too
  bool temperature = false;              // Llama 4 attention temperature tuning
  bool deepseek = false;                 // qk_rope_head_dim; softmax × mscale(f, mscale_all_dim)²
  bool interleaved = false;              // interleaved (complex) rotation
  const char* interleave_key = nullptr;  // a key that can turn it off (DeepSeek-V3 rope_interleave)
  int mrope = 0;  // 0: none; 1: contiguous sections (Qwen2-VL); 2: interleaved (Qwen3-VL)
  const char* mrope_default = nullptr;    // the rotary class's mrope_section when the file has none
  const char* default_params = nullptr;   // rope_parameters the class writes when the file has none (JSON)
  const char* global_head_key = nullptr;  // the full layers' own head width (Gemma 4 global_head_dim)
  int global_head = 0;
  bool query_scaling = false;       // Ministral 3 llama_4_scaling_beta
  bool phi3_types = false;          // Phi-3 reads rope_type "su" and "yarn" as "longrope"
  bool legacy_layer_names = false;  // Qwen3-Next maps "attention" → full, "mamba"/"conv" → linear
  // Whether the default (unscaled) RoPE reads partial_rotary_factor: Llama-style rotary classes turn the
  // whole head (modeling_llama.py compute_default_rope_parameters); GLM, Phi-3, GPT-NeoX, Qwen3-Next and
  // unknown model types honour it.
  bool default_partial = false;
  bool known = true;               // false for the fallback of an unknown model_type
  int head_dim = 0;                // the class's head_dim when the file has none (0: hidden / heads)
  int num_layers = 0;              // the class's num_hidden_layers, where the file gives none
  bool needs_head_dim = false;     // Ministral leaves head_dim None: the model cannot be built without
  bool frozen = false;             // no dynamic_rope_update on the rotary class (Qwen2-VL, Qwen2.5-VL)
  bool neox_keys = false;          // GPT-NeoX reads rotary_emb_base / rotary_pct, not rope_theta
  const char* absolute = nullptr;  // models without RoPE: what they use instead
  const char* all_name = "full_attention";  // the one layer type of LayerRule::AllFull (DeepSeek-V3.2:
                                            // "deepseek_sparse_attention")
  bool no_conversion = false;  // the class writes its rope_parameters itself and reads no top-level
                               // rope_theta / partial_rotary_factor into them (Gemma 4, MiMo-V2-Flash)
  bool deepseek_v4 = false;    // two sets by rope label: "main" for sliding layers, "compress" (the file's
                               // scaling at compress_rope_theta) for the compressed ones
  bool needs_text_config = false;  // the wrapper builds its language model from text_config only (Step-3.7)
};

// The family of a model_type; an unknown one gets the defaults above (one RoPE set for all layers).
const ModelFamily& model_family(std::string_view model_type);
// The family a model's remote code builds, from its first architecture (Kimi K2's model_type "kimi_k2"
// is not one transformers knows; its code is DeepSeek-V3's), or nullptr.
const ModelFamily* architecture_family(std::string_view architecture);

}  // namespace posenc::core
