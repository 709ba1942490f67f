// The families of model_families.hpp. Paths are under src/transformers/models/ at the commit named
// there; "cfg" is the family's configuration_*.py, "mdl" its modeling_*.py.
#include "model_families.hpp"

#include <array>
#include <utility>
#include <vector>

namespace posenc::core {
namespace {

ModelFamily family(const char* type) {
  ModelFamily f;
  f.model_type = type;
  return f;
}

// A family whose default RoPE turns only the partial_rotary_factor share of the head.
ModelFamily partial_family(const char* type) {
  ModelFamily f = family(type);
  f.default_partial = true;
  return f;
}

std::vector<ModelFamily> make_families() {
  std::vector<ModelFamily> all;
  // llama cfg:71 (max_position_embeddings 2048); the shared defaults; mdl:93–109 the default RoPE over
  // the whole head.
  ModelFamily f = family("llama");
  f.max_positions = 2048;
  all.push_back(f);
  // mistral, ministral, ministral3 and phi3 without layer_types: every layer slides when sliding_window
  // is set (mistral mdl:364 create_sliding_window_causal_mask; ministral cfg:92–95).
  for (const char* type : {"mistral", "ministral"}) {
    f = family(type);
    f.max_positions = 32768, f.layers = LayerRule::SlidingIfWindow;
    f.needs_head_dim = std::string_view(type) == "ministral";  // ministral cfg:72, mdl:145
    all.push_back(f);
  }
  // qwen2 / qwen3 cfg:86–97: sliding from max_window_layers on, only with use_sliding_window.
  for (const char* type : {"qwen2", "qwen3", "qwen3_moe"}) {
    f = family(type);
    f.max_positions = 32768, f.layers = LayerRule::QwenWindow, f.pattern = 28;
    f.head_dim = std::string_view(type) == "qwen3" ? 128 : 0;  // qwen3 cfg:68
    f.pattern_key = "max_window_layers";
    all.push_back(f);
  }

  // gemma3 cfg:85, 102 (default_theta global 1e6, local 1e4), 109 (sliding_window_pattern 6, sliding
  // unless (i + 1) % 6 == 0), 140–160 (rope_scaling to the full set only, rope_local_base_freq the
  // sliding set's base).
  f = family("gemma3_text");
  f.max_positions = 131072, f.theta = 1e6, f.local_theta = 1e4, f.local_key = "rope_local_base_freq";
  f.layers = LayerRule::SlidingButEach, f.pattern = 6, f.pattern_key = "sliding_window_pattern";
  f.two_sets = true, f.head_dim = 256;  // cfg:83
  all.push_back(f);
  // gemma3n cfg:104 (head_dim 256), 120, 143–146 (every 5th layer full); the two sets as Gemma 3.
  f.model_type = "gemma3n_text", f.pattern = 5, f.pattern_key = nullptr;
  all.push_back(f);

  // olmo3 cfg:84 (default_theta 500 000), 93–96 (every 4th layer full), 101–122 (two sets; rope_scaling
  // to the full one; rope_theta popped for the full set, so the sliding set always gets 500 000).
  f = family("olmo3");
  f.theta = 5e5, f.two_sets = true, f.local_theta = 5e5, f.layers = LayerRule::SlidingButEach, f.pattern = 4;
  all.push_back(f);

  // cohere2 cfg:96–102 (sliding unless (i + 1) % sliding_window_pattern == 0, default 4); mdl:150–155,
  // 229–230 (RoPE on sliding layers only, and only with a sliding_window), 89 (interleaved rotation).
  f = family("cohere2");
  f.layers = LayerRule::SlidingButEach, f.pattern = 4, f.pattern_key = "sliding_window_pattern";
  f.no_rope = NoRope::SlidingOnly, f.interleaved = true;
  all.push_back(f);

  // modernbert cfg:77 (global 160 000, local 10 000), 85, 115–119 (full where i % n == 0,
  // global_attn_every_n_layers 3), 124–151 (rope_scaling to both sets; global_rope_theta / local_rope_theta).
  f = family("modernbert");
  f.max_positions = 8192, f.theta = 160000, f.global_key = "global_rope_theta", f.two_sets = true;
  f.local_theta = 1e4, f.local_key = "local_rope_theta", f.scaling_both = true;
  f.layers = LayerRule::FullEach, f.pattern = 3, f.pattern_key = "global_attn_every_n_layers";
  all.push_back(f);

  // llama4 cfg:111 (default_theta 500 000), 148, 179–200 (no_rope_layers: 1 = RoPE, default every 4th
  // layer without, an empty list also the default; layer types chunked where RoPE, else full);
  // mdl:326 (use_rope), 367–374 (temperature tuning on the layers without RoPE), 233–240 (complex rotation).
  f = family("llama4_text");
  f.max_positions = 131072, f.theta = 500000, f.layers = LayerRule::NoRopeLayers, f.head_dim = 128;
  f.no_rope = NoRope::NoRopeLayers, f.no_rope_interval = 4, f.no_rope_empty_default = true;
  f.temperature = true, f.interleaved = true;
  all.push_back(f);

  // smollm3 cfg:55 (default_theta 2e6), 79, 101–113 (no_rope_layers default every 4th layer without;
  // all full attention unless use_sliding_window); mdl:200, 222 (use_rope).
  f = family("smollm3");
  f.max_positions = 32768, f.theta = 2e6, f.layers = LayerRule::NoRopeLayers;
  f.no_rope = NoRope::NoRopeLayers, f.no_rope_interval = 4;
  all.push_back(f);

  // deepseek_v3 cfg:104, 114 (rope_interleave True), 124 (head_dim = qk_rope_head_dim); mdl:279–286
  // (softmax scale × mscale(factor, mscale_all_dim)² unless rope_type default), 454 (interleaved).
  // kimi_k2: Kimi K2.5's wrapper builds a text_config of model_type kimi_k2 as deepseek_v3
  // (kimi_k25 cfg:82–88).
  f = family("deepseek_v3");
  f.max_positions = 4096, f.deepseek = true, f.interleaved = true, f.interleave_key = "rope_interleave";
  all.push_back(f);
  f.model_type = "kimi_k2";
  all.push_back(f);
  // deepseek_v32 cfg:133 (head_dim = qk_rope_head_dim), 139–140 (every layer deepseek_sparse_attention);
  // mdl:302–309, 400 (softmax × mscale²), 312–348, 444 (interleaved always). glm_moe_dsa the same
  // (cfg:138–149, mdl:232: its indexer interleaved too).
  for (const char* type : {"deepseek_v32", "glm_moe_dsa"}) {
    f = family(type);
    f.max_positions = 4096, f.deepseek = true, f.interleaved = true, f.all_name = "deepseek_sparse_attention";
    all.push_back(f);
  }
  // deepseek_v4 cfg:28–32 (compress ratio 0 / 4 / 128 → sliding / compressed_sparse / heavily_compressed),
  // 139–191 (head_dim 512, θ 10 000, compress_rope_theta 160 000, max 1 048 576), 246–321 (two sets; the
  // rotated share qk_rope_head_dim / head_dim, else 64 / 512; YaRN's attention factor set to 1); mdl:326–350
  // (interleaved pairs), 775 (softmax head_dim^−0.5, no mscale).
  f = family("deepseek_v4");
  f.max_positions = 1048576, f.deepseek_v4 = true, f.interleaved = true, f.layers = LayerRule::Compression;
  f.head_dim = 512;
  all.push_back(f);
  // deepseek_v2 cfg:83, 113; mdl:224, 272 (complex rotation always).
  f = family("deepseek_v2");
  f.max_positions = 2048, f.deepseek = true, f.interleaved = true;
  all.push_back(f);

  // gpt_neox cfg:70, 90–99 (rotary_emb_base, rotary_pct default 0.25).
  f = partial_family("gpt_neox");
  f.max_positions = 2048, f.partial = 0.25, f.neox_keys = true;
  all.push_back(f);

  // glm / glm4 / glm4_moe cfg:77, 77, 123 (partial_rotary_factor 0.5 unless given); max 131072; glm and
  // glm4 head_dim 128 (cfg:62) and interleaved rotation (mdl: rotate_half on even/odd columns).
  for (const char* type : {"glm", "glm4", "glm4_moe"}) {
    f = partial_family(type);
    f.max_positions = 131072, f.partial = 0.5, f.partial_wins = true;
    f.interleaved = std::string_view(type) != "glm4_moe";
    f.head_dim = f.interleaved ? 128 : 0;
    all.push_back(f);
  }

  // phi3 cfg:71–72 (original_max_position_embeddings 4096 a field, so it overrides rope_scaling's own),
  // 102–104 (rope_type "su" or "yarn" read as "longrope").
  f = partial_family("phi3");
  f.max_positions = 4096, f.original = 4096, f.phi3_types = true, f.layers = LayerRule::SlidingIfWindow;
  all.push_back(f);

  // gpt_oss cfg:29 (default_theta 150 000), 56, 75–78 (sliding unless (i + 1) % 2 == 0), 80–88 (yarn
  // factor 32 over 4096, truncate false, when the file has no rope block).
  f = family("gpt_oss");
  f.max_positions = 131072, f.theta = 150000, f.layers = LayerRule::SlidingButEach, f.pattern = 2;
  f.head_dim = 64;  // cfg:49
  f.default_params =
      R"({"rope_type": "yarn", "factor": 32.0, "beta_fast": 32.0, "beta_slow": 1.0, "truncate": false,
          "original_max_position_embeddings": 4096})";
  all.push_back(f);

  // ministral3 cfg:82, 95–107 (yarn ×16 over 16 384, θ 1e6, mscale 1 / 1, llama_4_scaling_beta 0.1);
  // mdl:105–107, 146–150 (queries × 1 + β·log(1 + floor(pos / original_max_position_embeddings))).
  f = family("ministral3");
  f.max_positions = 262144, f.query_scaling = true, f.layers = LayerRule::SlidingIfWindow;
  f.head_dim = 128;  // cfg:80
  f.default_params =
      R"({"type": "yarn", "rope_theta": 1000000.0, "factor": 16.0, "original_max_position_embeddings": 16384,
          "beta_fast": 32.0, "beta_slow": 1.0, "mscale_all_dim": 1.0, "mscale": 1.0,
          "llama_4_scaling_beta": 0.1})";
  all.push_back(f);

  // qwen2_vl cfg:90, 128–129 and qwen2_5_vl cfg:113, 151–152 (legacy type "mrope" is the default RoPE);
  // qwen2_vl mdl:180–216 (sections of cos/sin taken from t, h, w in turn, contiguous).
  f = family("qwen2_vl_text");
  f.max_positions = 32768, f.mrope = 1, f.theta = 1e6;  // cfg:65 (qwen2_5_vl cfg:88) default_theta
  f.frozen = true;  // mdl:488: the rotary forward has no @dynamic_rope_update
  all.push_back(f);
  f.model_type = "qwen2_5_vl_text";
  all.push_back(f);
  // qwen3_vl cfg:89; mdl:326 (mrope_section default [24, 20, 20]), 365, 372–390 (always interleaved).
  f = family("qwen3_vl_text");
  f.frozen = false;
  f.max_positions = 128000, f.mrope = 2, f.mrope_default = "[24, 20, 20]";
  f.theta = 5e5, f.head_dim = 128;  // cfg:78, 87
  all.push_back(f);
  f.model_type = "qwen3_vl_moe_text", f.head_dim = 0;  // qwen3_vl_moe cfg:105, 107
  all.push_back(f);

  // qwen3_next cfg:100, 129 (partial 0.25 unless given), 131–138 (linear attention unless
  // (i + 1) % full_attention_interval == 0, default 4; legacy names remapped); linear layers have no RoPE.
  f = partial_family("qwen3_next");
  f.max_positions = 32768, f.partial = 0.25, f.partial_wins = true;
  f.layers = LayerRule::LinearButEach, f.pattern = 4, f.pattern_key = "full_attention_interval";
  f.legacy_layer_names = true, f.head_dim = 256;  // cfg:108
  all.push_back(f);

  // qwen3_5 cfg:56, 89, 108–119 (as Qwen3-Next: partial 0.25, linear attention but every 4th layer);
  // mdl:101 (mrope_section default [11, 11, 10]), 142 (always interleaved).
  f.model_type = "qwen3_5_text";
  f.mrope = 2, f.mrope_default = "[11, 11, 10]";
  all.push_back(f);
  f.model_type = "qwen3_5_moe_text";
  all.push_back(f);

  // mimo_v2_flash cfg:113–117 (full at layer 0 and every 6th), 122–126 (its own sets: full θ 5e6,
  // sliding θ 1e4, partial 0.334 each), 133–134 (no conversion: the file's rope_theta, swa_rope_theta and
  // partial_rotary_factor are never read into them); mdl:92–117 (the default RoPE honours the partial).
  f = partial_family("mimo_v2_flash");
  f.layers = LayerRule::FirstAndEach, f.pattern = 6, f.no_conversion = true;
  f.default_params =
      R"({"full_attention": {"rope_type": "default", "rope_theta": 5000000.0,
                             "partial_rotary_factor": 0.334},
          "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0,
                                "partial_rotary_factor": 0.334}})";
  all.push_back(f);

  // step3p7 cfg:324–337: the language model comes from text_config only; a flat file gets the class's
  // default text model, not the one it describes.
  f = family("step3p7");
  f.needs_text_config = true, f.head_dim = 128, f.num_layers = 45, f.max_positions = 128000;  // text cfg
  all.push_back(f);

  // exaone4 cfg:86, 97–110 (sliding unless (i + 1) % sliding_window_pattern == 0, default 4; no
  // sliding_window: no pattern); mdl:240–242 (RoPE only when sliding_window is None or on sliding layers).
  f = family("exaone4");
  f.max_positions = 2048, f.layers = LayerRule::SlidingButEach, f.pattern = 4;
  f.pattern_key = "sliding_window_pattern", f.no_rope = NoRope::ExaoneFull;
  all.push_back(f);

  // gemma4 cfg:280 (text: max 131 072), 185–201 (sliding unless (i + 1) % 6 == 0, the last layer full),
  // 203–208 (sliding: default θ 1e4; full: proportional, partial 0.25, θ 1e6), 210–222 (full layers'
  // head width global_head_dim, default 512).
  f = family("gemma4_text");
  f.max_positions = 131072, f.layers = LayerRule::SlidingButEach, f.pattern = 6, f.last_full = true;
  f.global_head_key = "global_head_dim", f.global_head = 512, f.head_dim = 256;  // cfg:158
  f.no_conversion = true;  // cfg:240–242: convert_rope_params_to_dict returns at once
  f.default_params =
      R"({"sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
          "full_attention": {"rope_type": "proportional", "partial_rotary_factor": 0.25,
                             "rope_theta": 1000000.0}})";
  all.push_back(f);
  return all;
}

// Models that encode positions without RoPE (bert, gpt2 …: learned absolute positions; t5: relative
// buckets; bloom, mpt: ALiBi), by model_type.
struct Absolute {
  const char* model_type;
  const char* how;
};
constexpr Absolute kAbsolute[] = {
    {"bert", "learned absolute position embeddings"},
    {"roberta", "learned absolute position embeddings"},
    {"distilbert", "learned absolute position embeddings"},
    {"gpt2", "learned absolute position embeddings"},
    {"opt", "learned absolute position embeddings"},
    {"gpt_neo", "learned absolute position embeddings"},
    {"xlm-roberta", "learned absolute position embeddings"},
    {"electra", "learned absolute position embeddings"},
    {"t5", "T5's relative position buckets"},
    {"bloom", "ALiBi"},
    {"mpt", "ALiBi"},
    // nemotron_h mdl:764, 844–878, 1029–1037: no rotary module; Mamba-2 blocks carry the order.
    {"nemotron_h", "its Mamba-2 layers (its attention layers use no position encoding)"},
};

}  // namespace

const ModelFamily& model_family(std::string_view model_type) {
  static const std::vector<ModelFamily> families = make_families();
  static const ModelFamily unknown = [] {
    ModelFamily f;
    f.default_partial = true, f.known = false;
    return f;
  }();
  static std::array<ModelFamily, std::size(kAbsolute)> absolute = [] {
    std::array<ModelFamily, std::size(kAbsolute)> a{};
    for (std::size_t i = 0; i < a.size(); ++i) {
      a[i].model_type = kAbsolute[i].model_type;
      a[i].absolute = kAbsolute[i].how;
    }
    return a;
  }();
  // A multimodal wrapper written without text_config (Qwen2-VL's older files) names the wrapper.
  for (const ModelFamily& f : families) {
    const std::string_view t = f.model_type;
    if (model_type == t ||
        (t.size() > 5 && t.substr(t.size() - 5) == "_text" && model_type == t.substr(0, t.size() - 5)))
      return f;
  }
  for (const ModelFamily& f : absolute)
    if (model_type == f.model_type) return f;
  return unknown;
}

const ModelFamily* architecture_family(std::string_view architecture) {
  constexpr std::pair<std::string_view, std::string_view> kArchitectures[] = {
      {"DeepseekV3ForCausalLM", "deepseek_v3"}, {"DeepseekV2ForCausalLM", "deepseek_v2"}};
  for (const auto& [arch, type] : kArchitectures)
    if (architecture == arch) return &model_family(type);
  return nullptr;
}

}  // namespace posenc::core
