// libFuzzer target: the lesson content parser. Any text parses (errors are reported as file:line, not
// thrown or crashed on), and every step's plain text can be produced with any placeholder values.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "content/document.hpp"

using namespace posenc::content;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ParseResult r = parse_document(text, "fuzz.md");
  for (const Step& step : r.doc.steps)
    (void)plain_text(step.blocks, [](std::string_view name) { return std::string(name.size() % 3, '7'); });
  (void)placeholders(r.doc);
  return 0;
}
