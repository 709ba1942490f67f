#include "message.hpp"

namespace posenc::core {

std::string fill(std::string_view format, const std::vector<std::string>& args) {
  std::string out;
  out.reserve(format.size() + 16);
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] == '{' && i + 2 < format.size() && format[i + 1] >= '0' && format[i + 1] <= '9' &&
        format[i + 2] == '}') {
      const size_t k = static_cast<size_t>(format[i + 1] - '0');
      if (k < args.size()) {
        out += args[k];
        i += 2;
        continue;
      }
    }
    out += format[i];
  }
  return out;
}

std::string Message::english() const {
  return fill(format, values([](const Message& m) { return m.english(); }));
}

Message within(std::string format, Message inner) { return {std::move(format), {}, {std::move(inner)}}; }

std::string english(const Messages& all) {
  std::string out;
  for (const Message& m : all)
    if (!m.empty()) out += (out.empty() ? "" : "; ") + m.english();
  return out;
}

}  // namespace posenc::core
