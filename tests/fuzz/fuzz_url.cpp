// libFuzzer target: the URL hash. Parsing must never fail or grow without bound, building a hash from
// the parsed pairs must parse back to the same pairs, and applying any hash to the app must leave a
// state whose own hash restores exactly that state.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/app.hpp"
#include "app/url_state.hpp"

using namespace posenc::app;

namespace {

AppState& app() {
  static AppState* s = [] {
    auto* a = new AppState();
    init(*a);
    return a;
  }();
  return *s;
}

void require(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view hash(reinterpret_cast<const char*>(data), size);
  bool truncated = false;
  const HashPairs pairs = parse_hash(hash, &truncated);
  require(pairs.size() <= kMaxHashPairs);
  require(parse_hash(build_hash(pairs)) == pairs);

  AppState& s = app();
  apply_hash(s, hash);
  const std::string first = current_hash(s);
  apply_hash(s, first);
  require(current_hash(s) == first);
  return 0;
}
