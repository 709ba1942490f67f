#include "train_script.hpp"

#include "train_run.hpp"

namespace posenc::core {
namespace {

#include "train_torch_py.inc"  // generated (cmake/EmbedFile.cmake): kTrainTorchPy

// SETUPS = json.loads(r""" … """): the list sits on the lines between these two.
constexpr std::string_view kOpen = "SETUPS = json.loads(r\"\"\"\n";
constexpr std::string_view kClose = "\n\"\"\")";

}  // namespace

std::string_view pytorch_script_template() { return kTrainTorchPy; }

std::string_view pytorch_script_setups(std::string_view script) {
  const size_t open = script.find(kOpen);
  if (open == std::string_view::npos) return {};
  const size_t first = open + kOpen.size(), close = script.find(kClose, first);
  if (close == std::string_view::npos) return {};
  return script.substr(first, close - first);
}

std::string pytorch_script(const std::vector<TrainConfig>& runs) {
  const std::string_view text = kTrainTorchPy;
  const std::string_view old = pytorch_script_setups(text);
  if (old.data() == nullptr) return std::string(text);  // no SETUPS list (the tests check there is one)
  // setup_json writes names and numbers only: no '"""' or backslash can end the raw string early.
  std::string list = "[";
  for (size_t i = 0; i < runs.size(); ++i) list += (i ? ",\n  " : "\n  ") + setup_json(runs[i]);
  list += runs.empty() ? "]" : "\n]";
  const size_t at = static_cast<size_t>(old.data() - text.data());
  return std::string(text.substr(0, at)) + list + std::string(text.substr(at + old.size()));
}

}  // namespace posenc::core
