#include <doctest/doctest.h>

#include "app/url_state.hpp"
#include "core/random.hpp"

using namespace posenc::app;

TEST_CASE("hash pairs are split and percent-decoded") {
  const HashPairs p = parse_hash("#lesson=order&step=2&text=Tom%20likes+apple&flag&=x&&");
  REQUIRE(p.size() == 5);
  CHECK(p[0] == std::make_pair(std::string("lesson"), std::string("order")));
  CHECK(p[2].second == "Tom likes apple");
  CHECK(p[3] == std::make_pair(std::string("flag"), std::string()));
  CHECK(p[4].first.empty());
}

TEST_CASE("encode then parse is the identity for any bytes") {
  posenc::core::Random r(1);
  for (int trial = 0; trial < 200; ++trial) {
    std::string k, v;
    for (int i = 0, n = r.below(20); i < n; ++i) k += static_cast<char>(1 + r.below(255));
    for (int i = 0, n = r.below(40); i < n; ++i) v += static_cast<char>(1 + r.below(255));
    const HashPairs back = parse_hash(build_hash({{k.empty() ? "k" : k, v}}));
    REQUIRE(back.size() == 1);
    CHECK(back[0].second == v);
  }
}

TEST_CASE("bad percent escapes are kept literally and NULs never appear") {
  CHECK(percent_decode("%zz%4") == "%zz%4");
  CHECK(percent_decode("%") == "%");
  CHECK(percent_decode("a%00b") == "a b");
}

TEST_CASE("parsing is bounded in length and pair count") {
  bool truncated = false;
  std::string huge(100000, 'a');
  CHECK(parse_hash(huge, &truncated).size() == 1);
  CHECK(truncated);
  CHECK(parse_hash(huge)[0].first.size() == kMaxHashBytes);
  std::string many;
  for (int i = 0; i < 500; ++i) many += "k" + std::to_string(i) + "=1&";
  CHECK(parse_hash(many, &truncated).size() == kMaxHashPairs);
  CHECK(truncated);
}

TEST_CASE("regression (fuzz_url): a raw NUL byte decodes like %00, so parse(build(parse(h))) == parse(h)") {
  const char raw[] = "#lesson=sinusoid\x05\x00&step=5&basera=1e%2B04";
  const std::string hash(raw, sizeof raw - 1);  // keeps the NUL inside
  REQUIRE(hash[17] == '\0');
  const HashPairs pairs = parse_hash(hash);
  REQUIRE(pairs.size() == 3);
  CHECK(pairs[0].second == std::string("sinusoid\x05 ", 10));
  CHECK(parse_hash(build_hash(pairs)) == pairs);
  CHECK(parse_hash("a=x%00y") == parse_hash(std::string("a=x\0y", 5)));
}
