// Lesson train's runs as one self-contained PyTorch script, for setups too large for a page: the
// template content/scripts/train_torch.py (embedded at build time) with its SETUPS list holding the runs'
// setups (setup_json, one object per line). The script trains the same model on the same tasks, with the
// same budgets, stopping rule and metrics, and writes a runs file that read_runs_file reads back
// (docs/train-runs.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "train.hpp"

namespace posenc::core {

// The script for these runs (each should pass check_train_config).
std::string pytorch_script(const std::vector<TrainConfig>& runs);

// The template as embedded: SETUPS is an empty list.
std::string_view pytorch_script_template();

// The JSON list a script's SETUPS holds (its text between the markers), or empty when the script has no
// SETUPS list.
std::string_view pytorch_script_setups(std::string_view script);

}  // namespace posenc::core
