// Checking a learner's sinusoidal table (lesson check): compare with the reference of the same shape and
// name the known bug it matches best — layout, sin/cos swapped, exponent i instead of 2i, the
// sequence length in the divisor, another base, positions from 1, float32 precision.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

namespace posenc::core {

// The classic mistakes in sinusoidal code (lesson check's examples and the checker's hypotheses).
enum class BugKind {
  None,             // the reference: interleaved sin/cos, ω_i = base^(−2i/d), positions from 0
  HalfLayout,       // all sines first, then all cosines
  Swapped,          // cos in the even columns, sin in the odd ones
  ExponentI,        // ω_i = base^(−i/d): the pair index without the factor 2
  LengthDivisor,    // ω_i = base^(−2i/len): the sequence length where d_model belongs
  StartAt1,         // positions 1 … len instead of 0 … len−1
  OtherBase,        // another base than the one meant
  Float32,          // angles and values in single precision
  SavedFloat32,     // the reference, right, but stored in float32 (the file's rounding, not the maths')
  LastColumnEmpty,  // the last column left at zero (a loop stopping at 2i+1 < d, with odd d)
  Transposed,       // dimensions in rows, positions in columns (pe.T saved)
};

struct BugSpec {
  int len = 0;                   // rows (positions)
  int dim = 0;                   // columns (d_model); odd d: the last sine has no cosine partner
  double base = 10000.0;         // the base the code means to use
  double other_base = 500000.0;  // the base it uses instead (BugKind::OtherBase only)
};

// The len × dim table that code meaning the reference sinusoidal table (with spec.base) produces when
// it has `bug`. BugKind::None gives the reference itself.
Eigen::MatrixXd buggy_table(BugKind bug, const BugSpec& spec);

// The checker's id of a bug ("correct", "half_layout", "swapped", "exponent_i", "length_divisor",
// "start_at_1", "base", "float32", "saved_float32", "last_column_empty", "transposed"): for the JS API
// and tests, never shown to the learner.
const char* bug_id(BugKind bug);
// Its short name for people ("halves layout", …; an English catalogue key).
const char* bug_name(BugKind bug);

struct Candidate {
  std::string id;       // "correct", "half_layout", "swapped", "exponent_i", "length_divisor", "base",
                        // "start_at_1", "float32"
  std::string label;    // bug_name, or "base 100" etc. for the other-base hypotheses
  std::string message;  // what the learner's code does, in a sentence
  double error = 0;     // max |table − this candidate|
};

struct CheckResult {
  double max_error = 0;               // against the reference
  std::string verdict;                // candidate id, or "unknown"
  std::string message;                // readable explanation of the verdict (English; see verdict_sentence)
  std::vector<Candidate> candidates;  // every hypothesis tried, with its error
  int best = -1;                      // index of the verdict's candidate, or −1 ("unknown")
  std::vector<int> equivalent;        // other candidates that explain the table as exactly as `best`
  int closest = -1;                   // with no verdict: the candidate with the smallest error
  Eigen::MatrixXd diff;               // table − reference
};

// The sentence frames of a verdict, so that an interface can say it in its own language. `%s` stands
// for a candidate's message (and, in `unknown`, for the largest error, the message and its error).
struct VerdictWords {
  const char* found = "Your table %s.";
  const char* equivalent = " Equivalently, it %s.";
  const char* unknown =
      "No known bug explains the difference (largest %s). Closest guess: it %s (off by %s).";
  // When the closest hypothesis is the reference itself ("it matches the reference" would contradict
  // "no known bug explains it").
  const char* unknown_near_reference =
      "No known bug explains the difference (largest %s): it is nearest the correct table, and none of the "
      "classic mistakes comes closer.";
};

// The verdict as a sentence, with `describe(candidate)` giving each candidate's message.
std::string verdict_sentence(const CheckResult& r, const VerdictWords& words,
                             const std::function<std::string(const Candidate&)>& describe);

// `table` rows are positions 0…len−1, columns the d dimensions; `base` is what the learner meant.
CheckResult check_table(const Eigen::MatrixXd& table, double base = 10000.0);

// Whether a table reads as a sinusoidal position table rather than one half of a RoPE cos/sin cache, from
// its contents (a file's name can say "sin" either way: sin_table.npy, pe_cos.npy). Row 0 of a
// sinusoidal table (position 0) holds sin 0 = 0 in half its columns and cos 0 = 1 in the other half; row
// 0 of a cache's cos table is all 1 and of its sin table all 0 (any base, layout or rotary width). A
// table whose row 0 is neither (a cache slice, a transposed table) is not claimed: false.
bool looks_like_position_table(const Eigen::MatrixXd& table);

}  // namespace posenc::core
