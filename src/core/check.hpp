// Checking a learner's sinusoidal table (lesson 11): compare with the reference of the same shape and
// name the known bug it matches best — layout, sin/cos swapped, exponent i instead of 2i, the
// sequence length in the divisor, another base, positions from 1, float32 precision.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

namespace posenc::core {

struct Candidate {
  std::string id;        // "correct", "half_layout", "swapped", "exponent_i", "length_divisor", "base", "start_at_1", "float32"
  std::string label;     // id, or "base 100" etc. for the other-base hypotheses
  std::string message;   // what the learner's code does, in a sentence
  double error = 0;      // max |table − this candidate|
};

struct CheckResult {
  double max_error = 0;                // against the reference
  std::string verdict;                 // candidate id, or "unknown"
  std::string message;                 // readable explanation of the verdict
  std::vector<Candidate> candidates;   // every hypothesis tried, with its error
  Eigen::MatrixXd diff;                // table − reference
};

// `table` rows are positions 0…len−1, columns the d dimensions; `base` is what the learner meant.
CheckResult check_table(const Eigen::MatrixXd& table, double base = 10000.0);

}  // namespace posenc::core
