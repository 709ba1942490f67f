// RoPE in real code (lesson 12): the bugs that make a port output fluent garbage, each measured by the
// attention scores it corrupts — the interleaved ↔ rotate_half row permutation of W_q/W_k, a wrong
// base, position_ids with left padding and a KV cache, dynamic NTK against keys already cached, partial
// rotary pairing, and angles formed in low precision. Pure math on Eigen; float64 throughout except
// where a lower precision is the point (check_rope.hpp's rounding).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <utility>
#include <vector>

#include "check_rope.hpp"
#include "relative.hpp"  // positions_from
#include "rope_scaling.hpp"
#include "sinusoidal.hpp"

namespace posenc::core {

// Which columns of a head rotate together and how fast: pair i turns columns cols[i] by pos·inv_freq[i];
// every other column passes through unchanged.
struct RotaryPairs {
  std::vector<std::pair<int, int>> cols;
  Eigen::VectorXd inv_freq;
};

// RoPE as a model applies it: the first rotary_dim columns of a head (all of them when rotary_dim equals
// head_dim), paired by `layout` inside them — interleaved (2i, 2i+1) or rotate_half (i, i + rotary_dim/2)
// — with θ_i = base^(−2i/rotary_dim). rotary_dim even, 2 ≤ rotary_dim ≤ head_dim.
RotaryPairs rotary_pairs(int rotary_dim, double base, Layout layout);
// The same pairing with given frequencies (a scaled model's inv_freq), 2·inv_freq.size() columns.
RotaryPairs rotary_pairs(const Eigen::VectorXd& inv_freq, Layout layout);

// Row r of x rotated by positions[r] (x.rows() == positions.size()).
Eigen::MatrixXd rotate_rows(const Eigen::MatrixXd& x, const std::vector<double>& positions,
                            const RotaryPairs& rot);

// Attention scores of rotated queries and keys: (R q)(R k)ᵀ / √head_dim, head_dim = q.cols().
Eigen::MatrixXd rotary_scores(const Eigen::MatrixXd& q, const std::vector<double>& q_pos,
                              const Eigen::MatrixXd& k, const std::vector<double>& k_pos,
                              const RotaryPairs& rot);

// Row-wise softmax with a causal mask: row i attends to columns 0…i only.
Eigen::MatrixXd causal_softmax(const Eigen::MatrixXd& scores);

// --- 1. the conversion script's permutation -----------------------------------------------------------

// A small attention layer: X (tokens × d_model) and W_q, W_k ((heads·head_dim) × d_model), Gaussian from
// a seed, the weights (drawn first, so they do not depend on `tokens`) with standard deviation 1/√d_model.
struct RopeHead {
  Eigen::MatrixXd x, wq, wk;
  int heads = 1, head_dim = 2;
};
RopeHead random_rope_head(int tokens, int d_model, int heads, int head_dim, std::uint64_t seed);

// The row order of transformers' convert_llama_weights_to_hf.py `permute` for W_q and W_k: row r of the
// converted matrix is row perm[r] of Meta's (within each head, interleaved pair (2j, 2j+1) goes to
// rows j and j + head_dim/2, where rotate_half pairs them).
std::vector<int> hf_permute_rows(int heads, int head_dim);

// Head h's projections X · W[h·head_dim … (h+1)·head_dim − 1]ᵀ (tokens × head_dim).
Eigen::MatrixXd head_projection(const Eigen::MatrixXd& x, const Eigen::MatrixXd& w, int head, int head_dim);

// --- 1b. grouped-query attention: W_k permuted with num_key_value_heads --------------------------------

// The row order the conversion script's permute(w, n_heads, dim1) gives a matrix of dim1 rows, as torch
// runs it: view(n_heads, dim1 // n_heads // 2, 2, dim2), swap axes 1 and 2, flatten — blocks of
// dim1 / n_heads rows, each taken as interleaved pairs and split into halves, whether or not a block is a
// head. hf_permute_rows(n_heads, dim1 / n_heads) when 2·n_heads divides dim1; empty when it does not
// (torch's view raises: the shape does not hold dim1 rows). W_q takes n_heads = num_attention_heads,
// dim1 = heads·head_dim; W_k n_heads = num_key_value_heads, dim1 = key_value_dim = kv_heads·head_dim.
std::vector<int> script_permute_rows(int n_heads, int dim1);

// Grouped-query attention (transformers' repeat_kv, Meta's repeat_kv): each key head serves heads /
// kv_heads consecutive query heads, so query head h reads key head h / (heads / kv_heads). kv_heads
// divides heads.
int kv_head_of(int head, int heads, int kv_heads);

// --- 2. a wrong base ------------------------------------------------------------------------------------

// The score of q at position r against k at position 0, ⟨R_r q, k⟩/√d, for r = 0 … max_dist.
Eigen::VectorXd score_by_distance(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const RotaryPairs& rot,
                                  int max_dist);

// Root mean square of the entries.
double rms(const Eigen::VectorXd& v);

// Where two score curves part: the first r with |a(r) − b(r)| > fraction · rms(a); −1 when they never do.
int parting_distance(const Eigen::VectorXd& a, const Eigen::VectorXd& b, double fraction);

// --- 3. position_ids with left padding, and decoding with a KV cache -----------------------------------

// A row of a left-padded batch: padded − length zeros, then `length` ones.
std::vector<int> left_padding_mask(int length, int padded);
// position_ids as a plain arange: 0 … n − 1, pads counted.
std::vector<int> arange_position_ids(int n);
// position_ids as transformers' generate builds them: cumsum(mask) − 1, pads then set to 1.
std::vector<int> cumsum_position_ids(const std::vector<int>& mask);

// The position a generated token gets (step 1 = the first one) in a row with `pads` left pads and a
// prompt of `prompt` real tokens whose keys were cached at positions 0 … prompt − 1:
//   Correct     real tokens before it: prompt + step − 1 (what cumsum(mask) − 1 gives);
//   PadCounted  its index in the padded row (an arange, or the cache length): pads more;
//   OffByOne    cumsum(mask) without the − 1: one more.
enum class DecodeRule { Correct, PadCounted, OffByOne };
int decode_position(DecodeRule rule, int pads, int prompt, int step);

// Decoding step `step` under `rule`: the new token's scores against every cached key — the prompt's,
// rotated at prefill with positions 0 … prompt − 1, then each generated token's, rotated with the
// position the rule gave it, the new token's own last — minus the same scores under the correct rule.
// q, k: the real tokens' queries and keys (prompt, then generated), at least prompt + step rows.
// Returns prompt + step values.
Eigen::VectorXd decode_score_error(const Eigen::MatrixXd& q, const Eigen::MatrixXd& k, int pads, int prompt,
                                   int step, DecodeRule rule, const RotaryPairs& rot);

// --- 4. dynamic NTK scaling against keys already cached ------------------------------------------------

// Decoding token by token under transformers' dynamic NTK (config c: L0 = max_position_embeddings,
// factor, rope_theta, head_dim; every column rotating, rotate_half): key j was cached when the text was
// j + 1 tokens long, so it was rotated with rope_init(c, j + 1); the newest query (position L − 1) with
// rope_init(c, L). For each L in `lengths`: the largest |score with the cached keys − score with every
// key rotated under the current frequencies| over the L keys, and the root mean square of the latter
// scores (their scale); scores divided by √head_dim. q, k: rows are positions 0 …, at least
// max(lengths) of them, head_dim columns.
struct DynamicCacheError {
  Eigen::VectorXd max_error, score_rms;
};
DynamicCacheError dynamic_cache_error(const Eigen::MatrixXd& q, const Eigen::MatrixXd& k, const RopeConfig& c,
                                      const std::vector<int>& lengths);

// --- 5. partial rotary -----------------------------------------------------------------------------------

// GPT-NeoX-style partial rotary rotates the first rotary_dim columns, rotate_half inside them (Correct);
// two ways to get it wrong: rotate_half over the whole head with the head's frequencies, as if every
// column rotated (WholeHead), or the rotary_dim frequencies applied to columns i and i + head_dim/2
// (AcrossHead).
enum class Pairing { Correct, WholeHead, AcrossHead };
RotaryPairs partial_rotary_pairs(int head_dim, int rotary_dim, double base, Pairing pairing);

// For drawing: column c of a head_dim-wide head holds i + 1 when it is the first column of pair i,
// −(i + 1) when it is the second, 0 when it passes through.
Eigen::RowVectorXd column_map(const RotaryPairs& rot, int head_dim);

// --- 6. precision of the angle ---------------------------------------------------------------------------

// cos(pos·θ) with the product taken exactly (θ as the double it is): the reference.
double exact_cos(double pos, double theta);
// |cos(rounded_angle(pos, θ, p)) − exact_cos(pos, θ)|: the position and θ rounded to p, their product
// rounded to p, its cosine taken exactly. Not finite once the position overflows p.
double angle_cos_error(double pos, double theta, AnglePrecision p);
// The fix: the angle formed in float32 (float32 position, float32 θ, float32 product), its cosine stored
// in bfloat16: |bf16(cos(float32 angle)) − exact_cos(pos, θ)|.
double float32_angle_bf16_cos_error(double pos, double theta);
// The first position p ≥ 1 where p and p + 1 round to the same value in p's type, so every pair gives
// them the same angle (for pair 0, θ = 1 in every type: its angle is the rounded position itself).
long long first_position_collision(AnglePrecision p);
// The first position that rounds to infinity in p's type; 0 when none does below 2^62.
long long first_overflow_position(AnglePrecision p);

}  // namespace posenc::core
