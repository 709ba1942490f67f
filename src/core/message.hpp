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
  // Messages said inside this one (".npy: {0}" around "the table is empty"): each is translated and filled
  // on its own, then fills the next slot after `args`. So every format stays one sentence of the catalogue.
  std::vector<Message> inner;

  Message() = default;
  Message(std::string f, std::vector<std::string> a = {}, std::vector<Message> in = {})
      : format(std::move(f)), args(std::move(a)), inner(std::move(in)) {}
  Message(const char* f, std::vector<std::string> a = {}, std::vector<Message> in = {})
      : Message(std::string(f), std::move(a), std::move(in)) {}

  bool empty() const { return format.empty(); }
  std::string english() const;
  // The slots' values: `args`, then each inner message rendered by `say` (a Message → its text).
  template <class Say>
  std::vector<std::string> values(Say&& say) const {
    std::vector<std::string> all = args;
    for (const Message& m : inner) all.push_back(say(m));
    return all;
  }
};

// `inner` said within `format` (whose next free slot it fills), e.g. within(".npy: {0}", e).
Message within(std::string format, Message inner);

// Several, in the order they arose (e.g. every value a link had clamped).
using Messages = std::vector<Message>;

// All of them in English, joined with "; " (for the JS API and logs).
std::string english(const Messages& all);

// `format` with each {k} replaced by args[k] ({k} without an argument stays as written).
std::string fill(std::string_view format, const std::vector<std::string>& args);

}  // namespace posenc::core
