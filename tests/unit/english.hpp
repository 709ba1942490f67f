// English in a Chinese text: the ASCII words a Chinese learner sees on purpose (symbols, code names, units,
// proper names), and the runs of a text that are English words otherwise — for the tests that read what
// Chinese mode draws (test_drawn_text.cpp) and that check the catalogue (test_catalogue.cpp).
#pragma once

#include <set>
#include <string>
#include <vector>

namespace posenc::test {

// ASCII words a Chinese learner sees on purpose: math and code names, units, proper names. Keep it short;
// anything else English on a Chinese screen is a string that missed the catalogue (src/ui/i18n.hpp).
// clang-format off
inline const std::set<std::string> kShownOnPurpose = {
    // the subject's own names, as Chinese technical writing keeps them
    "RoPE", "ALiBi", "PE", "NTK", "aware" /* NTK-aware */, "Transformer", "RoFormer", "token", "softmax",
    "logit", "logits", "Attn", "BLEU", "newstest2013", "Toeplitz",
    // people, models, libraries
    "Vaswani", "Shaw", "Uszkoreit", "Press", "GPT" /* GPT-J, GPT-NeoX */, "NeoX", "LLaMA", "PyTorch", "NumPy",
    "tensor2tensor", "Fortran" /* NumPy's Fortran order */, "transformers" /* Hugging Face's library */,
    "Llama" /* Llama 2, Llama 3.1 */, "YaRN", "LongRoPE", "DeepSeek", "Qwen2" /* Qwen2.5 */, "Instruct",
    "Mistral", "Gemma", "Phi", "mini" /* Phi-3.5-mini */, "BERT", "Hugging", "Face" /* Hugging Face */,
    "Kazemnejad", "NeurIPS", "ICLR", "ACL", "NoPE", "Adam", "Ruoss",
    "Zhou" /* lesson train: the papers it cites, the optimiser */,
    // functions and symbols in labels and plots, the names the shown code gives its variables, and the
    // code names next to their Chinese labels ("最长 max_len"); d_model and L_train pass as subscripts
    "sin", "cos", "max", "pos", "base", "len", "pe", "max_len", "max_distance", "NaN",
    // file formats, number types, keys, units
    "npy", "csv", "CSV", "py", "ipynb", "JSON", "CPU", "GPU", "float32", "float64", "double", "Ctrl", "Tab",
    "Esc", "MB", "rad", "config", "json", "iframe" /* HTML's element: the embed code */,
    // config.json's keys and rope_type's values as the file writes them: lesson 11 reads them back, and its
    // controls are labelled by them so the learner finds each in their own file
    "head_dim", "rotary_dim", "partial_rotary_factor", "rope_theta", "rope_type", "factor",
    "attention_factor", "beta_fast", "beta_slow", "low_freq_factor", "high_freq_factor", "mscale",
    "mscale_all_dim", "short_factor", "long_factor", "default", "linear", "dynamic", "yarn", "longrope",
    "llama3", "proportional", "rope_scaling", "rope_parameters",
    "max_position_embeddings", "original_max_position_embeddings", "hidden_size", "num_attention_heads",
    "qk_nope_head_dim", "rotary_pct", "rotary_emb_base" /* GPT-NeoX's names */,
    // …and the layer-by-layer keys of today's models, with the attention types as transformers names them
    // the code an engineer's port has, named in the checker's fixes
    "position_ids", "inv_freq", "seq_len", "arange", "autocast", "attention_scaling", "ln", "truncate",
    "rotate_half", "apply_rotary_emb", "freqs_cis", "freqs", "emb", "find_correction_dim", "HF", "permute",
    "layer_types", "num_hidden_layers", "no_rope_layers", "sliding_window", "attention_chunk_size",
    "rope_local_base_freq", "global_rope_theta", "local_rope_theta", "mrope_section", "mrope_interleaved",
    "qk_rope_head_dim", "full_attention", "sliding_attention", "chunked_attention", "linear_attention",
    "llama_4_scaling_beta", "floor_scale", "attn_scale", "model_type",
    "JSON", "null", "true", "false" /* the reader's own terms */,
    // lesson 12: the code it names (transformers' rotate_half, position_ids as arange or cumsum), the company
    // whose checkpoints the conversion script reads, the KV cache, and the float types by their names
    "rotate_half", "arange", "cumsum", "Meta", "KV", "bfloat16", "float16",
    // …grouped-query attention's key count and torch's view it passes through, and the models it names
    "num_key_value_heads", "torch", "view", "GLM", "Cohere", "Scout", "Qwen3", "gpt", "oss" /* gpt-oss */,
    "SmolLM3", "Ministral",
    // lesson beyond-1d: the paper and model it cites, NoPE (no position encoding), the MLP it names, and the
    // config key and function of Qwen2-VL it follows
    "NoPE", "Kazemnejad", "MLP", "VL", "arXiv", "mrope_section", "get_rope_index",
    // the program's own name, and the language switch's English side
    "posenc", "EN",
};
// clang-format on

// A letter with a subscript written out (h_i, S_j, W_Q): a symbol, not a word.
inline bool is_subscripted_symbol(const std::string& run) {
  return run.size() > 2 && run[1] == '_' && run.find('_', 2) == std::string::npos;
}

inline bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The English words of `text`: runs of ASCII letters, digits and '_' holding two letters or more that
// are not shown on purpose, a byte written 0xFF, or a subscripted symbol.
inline std::vector<std::string> english_runs(const std::string& text) {
  std::vector<std::string> found;
  for (size_t i = 0; i < text.size();) {
    if (!is_word_char(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    int letters = 0;
    for (; j < text.size() && is_word_char(text[j]); ++j)
      letters += text[j] != '_' && (text[j] < '0' || text[j] > '9');
    const std::string run = text.substr(i, j - i);
    const bool hex = run.size() > 2 && run[0] == '0' && run[1] == 'x';  // a byte, as 0xFF
    if (letters >= 2 && !hex && !kShownOnPurpose.count(run) && !is_subscripted_symbol(run))
      found.push_back(run);
    i = j;
  }
  return found;
}

}  // namespace posenc::test
