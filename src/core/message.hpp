// A sentence for the learner from code that knows no languages (core, parameters): an English format
// with {0}, {1}… slots and the values that fill them. The interface translates the format through its
// catalogue (the format is the key) and fills it after, so numbers and names stay as computed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace posenc::core {

struct Message {
  std::string format;  // English, with {0}, {1}… (empty: nothing to say)
  std::vector<std::string> args;

  bool empty() const { return format.empty(); }
  std::string english() const;
};

// Several, in the order they arose (e.g. every value a link had clamped).
using Messages = std::vector<Message>;

// All of them in English, joined with "; " (for the JS API and logs).
std::string english(const Messages& all);

// `format` with each {k} replaced by args[k] ({k} without an argument stays as written).
std::string fill(std::string_view format, const std::vector<std::string>& args);

}  // namespace posenc::core
