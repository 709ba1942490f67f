// The RoPE cache checker's first half (check_rope_infer.cpp): everything measured from the two tables
// and the parameters inferred from them, before any verdict. check_rope.cpp verifies the inference with
// the direct test (rope_match.cpp) and decides the verdict; check_rope_words.cpp words the fields.
// Internal to the core.
#pragma once

#include <Eigen/Core>

#include "check_rope.hpp"
#include "rope_rule_fit.hpp"

namespace posenc::core {

struct RopeInference {
  // error, or verdict "not_rotation" with its message, or the inferred fields (layout, base, offset,
  // rotary_dim, rope_type, factor, attention_factor, original_max_position, high_freq_factor, precision,
  // max_error against the cache those give, measured_inv_freq, model_inv_freq); no verdict otherwise
  RopeCacheCheck check;
  FreqModel rule;        // the frequency rule fitted (check.rope_type "unknown" when it does not fit)
  bool known = false;    // the rule explains the measured θ_j
  bool flipped = false;  // the angles run backwards
  bool swapped = false;  // … because cos and sin are swapped
  AnglePrecision precision = AnglePrecision::Float64;  // the angle type whose rebuild fits best
  Eigen::VectorXd spread;                              // each measured θ_j's relative uncertainty
  int dim = 0;
  double pass_amp = 1;  // the non-rotating columns' cos (1, or the attention factor)
};

RopeInference infer_rope(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin);

// Why the tables cannot be checked ("" when they can): shapes, sizes, a NaN or infinity, |value| > 1.5.
std::string validate_rope_tables(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin);

// The sentences the checked fields give (check_rope_words.cpp): what differs from transformers' defaults,
// for a cache of `dim` columns whose angles run backwards when `sign_flipped`.
Messages describe_rope_check(const RopeCacheCheck& r, bool sign_flipped, int dim);
// `message` from `sentences`, in English, one after another.
void set_rope_message(RopeCacheCheck& r);

}  // namespace posenc::core
