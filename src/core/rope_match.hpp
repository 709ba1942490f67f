// Does this cos/sin cache come from this model? The direct test, before any diagnosis: for each RoPE set
// of the model (and each layout its code may use), the position of row 0 is found from the angles and the
// set's own frequencies, the cache transformers builds at those positions is rebuilt, and the two are
// compared entry by entry against the rounding a correct pipeline leaves — float32 angles from a float32
// inv_freq (a 1-ulp difference in θ_j grows with the position), float32 cos/sin, and the rounding of the
// float type the values were stored in (bfloat16 and float16 are told apart from the values themselves).
// A correct cache is always within those bounds, whatever its base, scaling (LongRoPE's per-pair factors
// included), layer type, storage or distance into the context; a classic bug is far outside them.
#pragma once

#include <Eigen/Core>
#include <string>
#include <string_view>

#include "message.hpp"
#include "model_config.hpp"

namespace posenc::core {

struct RopeMatch {
  bool matches = false;       // within the roundings of a correct pipeline, for `layer_type`'s set
  std::string layer_type;     // the set matched, or the closest ("" when no set fits the cache's width)
  long long offset = 0;       // the position of row 0 found for that set (> 0: a slice of a longer text)
  bool interleaved = false;   // the layout that set was compared in
  std::string storage;        // the float type the values were stored in: float64, float32, float16, bfloat16
  double max_error = 0;       // max |cache − the set's cache| over every entry
  double max_excess = 0;      // max |cache − the set's cache| / the rounding bound there (≤ 1: matches)
  double bound_at_worst = 0;  // the rounding bound at the entry of max_excess
};

// The float type the values were stored in: the narrowest of bfloat16, float16, float32 that holds every
// value of both tables exactly (float64 when none does).
std::string stored_type(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin);

// `cos`, `sin`: len × dim, as a learner's code uses them (rows are positions). The model as
// parse_model_config read it. Layouts tried: rotate_half's, and the interleaved one too where the model's
// code turns pairs (2i, 2i + 1) itself (Llama 4, DeepSeek). Positions up to 2^24 are searched.
RopeMatch match_rope_cache(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin,
                           const ModelConfigResult& model);

// What the direct test found, as a sentence: the set matched, where the rows start, the storage; or the
// closest set and by how much it differs.
Message rope_match_message(const RopeMatch& m);

// What to change for a check_rope verdict, in the words of the code an engineer has (empty for
// "matches"): the verdict ids of check_rope.hpp, and "mismatch" for a cache the model does not build.
Message rope_fix(std::string_view verdict);

}  // namespace posenc::core
