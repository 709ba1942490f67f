// Lesson beyond-1d: positions without an encoding, and positions in two and three dimensions.
//   - A causal mask alone breaks lesson 1's permutation symmetry, and a head attending uniformly to every
//     earlier token of a sequence that opens with a start token writes 1/(i+1) at position i: a position
//     signal out of nothing (Kazemnejad et al. 2023, "The Impact of Positional Encoding on Length
//     Generalization in Transformers", NeurIPS 2023, arXiv:2305.19466, Theorem 1: a NoPE decoder's first
//     layer can recover absolute positions). A second layer reads the position back from it.
//   - Axial 2-D RoPE for image patches: half of the pairs turn with the row, half with the column.
//   - M-RoPE (Qwen2-VL): the pairs split into (time, height, width) sections; position ids follow
//     transformers' Qwen2VLModel.get_rope_index (models/qwen2_vl/modeling_qwen2_vl.py).
#pragma once

#include <Eigen/Core>
#include <array>
#include <vector>

#include "attention.hpp"
#include "permutation.hpp"

namespace posenc::core {

// ---- no encoding, but a causal mask ------------------------------------------------------------------

// One head as self_attention() computes it, with every score of a later key (j > i) masked out before
// the softmax: token i mixes tokens 0…i only.
AttentionResult causal_self_attention(const Eigen::MatrixXd& x, const AttentionWeights& w);

// Lesson 1's experiment under both masks: the reordered input P·X against P·Attn(X).
struct CausalExperiment {
  Eigen::MatrixXd perm_matrix;        // P
  AttentionResult original;           // causal Attn(X)
  AttentionResult permuted;           // causal Attn(P X)
  Eigen::MatrixXd p_times_out;        // P · causal Attn(X)
  double causal_residual = 0;         // max |Attn(P X) − P·Attn(X)| with the causal mask
  double bidirectional_residual = 0;  // the same without a mask (lesson 1: ≈ 1e-16)
};
CausalExperiment run_causal_experiment(const Eigen::MatrixXd& content, const AttentionWeights& w,
                                       const Permutation& perm);

// The counting construction. Token 0 is a start token: its input is (1, 1), every other token's (0, 1).
// Layer 1 has W_Q = W_K = 0 (every allowed score 0: uniform over tokens 0…i) and a value that keeps the
// first feature, so it writes h_i = 1/(i+1). Layer 2 turns h into p = 1/h − 1 (what an MLP would
// approximate; exact here) and, from the features (p, p², 1), a causal head whose score
// −λ·(p_j − (p_i − 1))² (up to a constant per row) is a dot product of q_i = λ(2(p_i − 1), −1, 0) with
// k_j = (p_j, p_j², 0): it looks one token back, and its value copies p.
struct CountingHeads {
  Eigen::MatrixXd input;       // n × 2
  AttentionResult layer1;      // out.col(0) = h
  Eigen::VectorXd h;           // 1/(i+1), computed
  Eigen::VectorXd position;    // p = 1/h − 1
  AttentionResult layer2;      // weights: mass on j = i − 1; out.col(0) ≈ p_i − 1
  double h_error = 0;          // max |h_i − 1/(i+1)|
  double position_error = 0;   // max |p_i − i|
  double previous_weight = 0;  // the smallest weight layer 2 puts on j = i − 1 (i ≥ 1; 1 when n = 1)
  double read_error = 0;       // max over i ≥ 1 of |layer-2 output − (i − 1)|
};
CountingHeads counting_heads(int n, double sharpness);

// ---- 2-D: axial RoPE for a grid of patches -------------------------------------------------------------

// Pair i of an axial 2-D RoPE of width dim (a multiple of 4): pairs 0…dim/4 − 1 (coordinates 0…dim/2 − 1)
// turn with the row, pairs dim/4…dim/2 − 1 (the rest) with the column; each half is a 1-D RoPE of width
// dim/2 (interleaved), so its frequencies are base^(−2k/(dim/2)), k = 0…dim/4 − 1.
struct AxialPair {
  int axis = 0;      // 0: row, 1: column
  int k = 0;         // index within its half
  double theta = 0;  // its frequency
};
AxialPair axial_pair(int i, int dim, double base);

// x rotated by the patch at (row, col).
Eigen::VectorXd rope_2d(const Eigen::VectorXd& x, double row, double col, double base);
double rope_2d_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double qrow, double qcol,
                     double krow, double kcol, double base);

// The raster (row-major) index of a patch and the 1-D distance between two patches in that order.
int raster_index(int row, int col, int cols);
int raster_distance(int r1, int c1, int r2, int c2, int cols);

// ---- 3-D: M-RoPE (Qwen2-VL) ----------------------------------------------------------------------------

// A run of text tokens, or an image / video as the language model sees it: a grid of t × h × w tokens
// (h and w already divided by the vision encoder's spatial_merge_size).
struct MropeSegment {
  bool vision = false;
  int text = 0;  // text tokens (vision == false)
  int t = 1, h = 1, w = 1;
};

// 3 × N position ids (rows: time, height, width), by the rule of transformers' Qwen2-VL get_rope_index:
// every segment starts at s = (largest id so far) + 1, 0 for the first; text token k of a segment gets
// s + k in all three rows; vision token (ti, hi, wi), in t-major, then h, then w order, gets
// (s + ti, s + hi, s + wi). So the text after a t × h × w grid continues at s + max(t, h, w).
Eigen::MatrixXi mrope_position_ids(const std::vector<MropeSegment>& segments);

// Which section (0 time, 1 height, 2 width) frequency pair j belongs to, for `sections` pair counts
// (Qwen2-VL's mrope_section): the first sections[0] pairs, then the next sections[1], then the rest.
int mrope_section_of(int j, const std::array<int, 3>& sections);

// x (width 2·Σsections, the rotate_half layout transformers uses) rotated pair by pair: pair j (coordinates
// j and j + dim/2, frequency base^(−2j/dim)) by the position id of its section.
Eigen::VectorXd mrope_rotate(const Eigen::VectorXd& x, const std::array<double, 3>& ids,
                             const std::array<int, 3>& sections, double base);

// The cos (or sin) table a Qwen2-VL attention layer multiplies by, one row per token: column c (and
// c + dim/2) = cos (sin) of ids(section(c), token) · base^(−2c/dim).
Eigen::MatrixXd mrope_table(const Eigen::MatrixXi& ids, const std::array<int, 3>& sections, double base,
                            bool sine);

}  // namespace posenc::core
