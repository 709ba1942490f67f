// Step 5 of the RoPE cache checker (check_rope.cpp): which frequency rule — default, linear, llama3,
// yarn — built the measured θ_j, and its parameters. Internal to the core.
#pragma once

#include <Eigen/Core>
#include <limits>

#include "rope_scaling.hpp"

namespace posenc::core {

struct FreqModel {
  RopeType type = RopeType::Default;
  double base = 10000;
  double factor = 1;
  double l0 = 0;    // llama3: L0 (low_freq_factor 1); yarn: the trained length (0: none gives the ramp)
  double high = 4;  // llama3: high_freq_factor
  double ramp_low = 0, ramp_high = 0;  // yarn: the ramp's ends in pair indices
  bool truncate = true;  // yarn with l0: the ends floor/ceil'd (transformers' default) or left as computed
  double misfit = std::numeric_limits<double>::infinity();  // max |log θ̂ − log θ|
};

// θ_j of a rule, through rope_init (rope_scaling.cpp holds the formulas).
Eigen::VectorXd model_theta(const FreqModel& m, int rd);

// max_j |log(measured_j / model_j)|: how far a rule's θ_j are from the measured ones (∞ when either
// holds a θ that is not positive).
double misfit(const Eigen::VectorXd& measured, const Eigen::VectorXd& model);

// The rule and its parameters from the measured θ_j (their spread: how far each may be off), over `rd`
// rotary columns, with the cache's amplitude `amp`; with the base given when `log_base_given` is set.
FreqModel fit_rule(const Eigen::VectorXd& theta, const Eigen::VectorXd& spread, int rd, double amp,
                   const double* log_base_given);

}  // namespace posenc::core
