// RoPE as today's LLMs configure it: the inverse frequencies and attention factor a model's config
// implies, for every `rope_type` of Hugging Face transformers' ROPE_INIT_FUNCTIONS (default, linear,
// dynamic NTK, YaRN, LongRoPE, Llama 3.1), in float64. Pure math: reading config.json is
// model_config.hpp's job; this takes the fields already parsed and checked.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace posenc::core {

enum class RopeType { Default, Linear, Dynamic, Yarn, LongRope, Llama3, Proportional };

// transformers' name of each type ("default", "linear", "dynamic", "yarn", "longrope", "llama3",
// "proportional").
const char* rope_type_name(RopeType t);
// The type named `name`; false for a name transformers does not know.
bool parse_rope_type(std::string_view name, RopeType& out);

// The fields of a config.json that RoPE reads. Zero means "not given" where noted; the parser
// (model_config.hpp) checks ranges and fills what transformers would derive.
struct RopeConfig {
  int head_dim = 0;       // 0: hidden_size / num_attention_heads (integer division)
  int nope_head_dim = 0;  // DeepSeek's multi-head latent attention: the q/k columns beside the rotary
                          // ones that carry no position (qk_nope_head_dim); informational
  int hidden_size = 0;
  int num_attention_heads = 0;
  double rope_theta = 10000.0;
  double partial_rotary_factor = 1.0;  // rotary_dim = int(head_dim · partial_rotary_factor); proportional
                                       // (Gemma 4) turns int(factor · head_dim / 2) pairs with exponents
                                       // over the whole head_dim and leaves the other pairs still
  double max_position_embeddings = 0;
  double original_max_position_embeddings = 0;  // 0: max_position_embeddings (yarn, longrope, llama3)
  RopeType rope_type = RopeType::Default;
  double factor = 0;                       // 0: not given (yarn, longrope: max_pos / original)
  double low_freq_factor = 1.0;            // llama3
  double high_freq_factor = 4.0;           // llama3
  double beta_fast = 0;                    // yarn; 0: 32 (transformers reads `or 32`)
  double beta_slow = 0;                    // yarn; 0: 1
  std::optional<double> attention_factor;  // yarn, longrope: given instead of derived
  double mscale = 0;                       // yarn (DeepSeek): 0 = not given
  double mscale_all_dim = 0;
  bool truncate = true;              // yarn: floor/ceil the correction range
  std::vector<double> short_factor;  // longrope, rotary_dim/2 each
  std::vector<double> long_factor;
  bool frozen = false;  // the model computes its frequencies once, at init: dynamic and longrope never
                        // follow the length (Qwen2-VL's rotary class has no dynamic_rope_update)
};

// The head width RoPE sees and how much of it rotates (0 when the config gives no width).
int rope_head_dim(const RopeConfig& c);
int rope_rotary_dim(const RopeConfig& c);

struct RopeInit {
  Eigen::VectorXd inv_freq;       // rotary_dim / 2 values θ_i, pair 0 (fastest) first; proportional:
                                  // head_dim / 2, the pairs past rotary_dim / 2 at 0
  double attention_factor = 1.0;  // multiplies cos and sin (so the logits by its square)
  int rotary_dim = 0;
  RopeType rope_type = RopeType::Default;
};

// inv_freq and attention factor for a checked config at the current length `seq_len` (used by
// dynamic and longrope only; ≤ 0 means "no length yet", as transformers' seq_len=None).
RopeInit rope_init(const RopeConfig& c, double seq_len);

// The unscaled frequencies θ_i = base^(−2i/d), i = 0 … d/2−1.
Eigen::VectorXd rope_default_inv_freq(int rotary_dim, double base);

// YaRN's get_mscale: 1 for scale ≤ 1, else 0.1·mscale·ln(scale) + 1.
double yarn_get_mscale(double scale, double mscale = 1.0);

// Per pair: the wavelength 2π/θ_i in positions (how far a pair goes for one full turn).
Eigen::VectorXd rope_wavelengths(const Eigen::VectorXd& inv_freq);

// Per pair: new θ_i / old θ_i (1 = untouched, 1/s = interpolated by s). Sizes must match.
Eigen::VectorXd rope_scale_factors(const Eigen::VectorXd& scaled, const Eigen::VectorXd& original);

// Attention entropy against context length, for a random query over random keys. A query's logits
// against independent isotropic Gaussian keys are independent N(0, spread²) draws (rotating such keys
// by any RoPE angle leaves their distribution unchanged, so no positions enter); each is multiplied by
// `scale` (an attention factor a applied to cos and sin multiplies the logits by a²). Entry (k, j): the
// softmax entropy in nats over the first lengths[k] keys under scales[j], averaged over `runs` seeded
// draws of max(lengths) logits (prefix sums: one pass per draw). lengths ascending, each ≥ 1; at most
// kMaxEntropyKeys keys per draw (longer lengths are clamped).
constexpr int kMaxEntropyKeys = 1 << 20;
Eigen::MatrixXd attention_entropy(const std::vector<double>& lengths, double spread,
                                  const std::vector<double>& scales, int runs, std::uint64_t seed);

}  // namespace posenc::core
