// core::RopeSettings, a RoPE config as lesson scaling's parameters hold it: settings go to a RopeConfig
// and back unchanged for every rope_type, and every preset's config read through the settings gives
// the frequencies and attention factor of the config itself.
#include <doctest/doctest.h>

#include <sstream>

#include "core/model_config.hpp"
#include "core/rope_scaling.hpp"

using namespace posenc::core;

namespace doctest {
template <>
struct StringMaker<RopeSettings> {  // what differs, when a round trip fails
  static String convert(const RopeSettings& s) {
    std::ostringstream o;
    o << rope_type_name(s.type) << " head_dim " << s.head_dim << " rotary " << s.rotary << " base " << s.base
      << " original " << s.original << " target " << s.target << " factor " << s.factor << " beta "
      << s.beta_fast << "/" << s.beta_slow << " freq " << s.low_freq << "/" << s.high_freq << " mscale "
      << s.mscale << "/" << s.mscale_all_dim << " attention " << s.attention << " nope " << s.nope
      << " factors " << s.short_factor.size() << "/" << s.long_factor.size();
    return o.str().c_str();
  }
};
}  // namespace doctest

TEST_CASE("rope settings: to a RopeConfig and back, unchanged, for every rope_type") {
  for (RopeType t : {RopeType::Default, RopeType::Linear, RopeType::Dynamic, RopeType::Yarn,
                     RopeType::LongRope, RopeType::Llama3}) {
    CAPTURE(std::string(rope_type_name(t)));
    RopeSettings s;
    s.head_dim = 96, s.rotary = 0.5, s.base = 20000, s.type = t;
    // The target is what rope_settings derives where a type names no longer length: L0 × factor.
    s.original = 2048, s.factor = t == RopeType::Default ? 4 : 16, s.target = s.original * int(s.factor);
    s.beta_fast = 24, s.beta_slow = 2, s.low_freq = 2, s.high_freq = 8, s.mscale = 0.7,
    s.mscale_all_dim = 0.7;
    s.attention = 1.25, s.nope = 32;
    s.short_factor.assign(24, 1.5);  // rotary_dim / 2 = 24 pairs
    s.long_factor.assign(24, 3.0);
    const RopeConfig c = rope_config(s, t);
    CHECK(rope_head_dim(c) == 96);
    CHECK(rope_rotary_dim(c) == 48);
    CHECK(c.rope_type == t);
    REQUIRE(c.attention_factor.has_value());  // the type's own
    CHECK(*c.attention_factor == 1.25);
    CHECK(rope_settings(c) == s);
    // Another type, for comparison: the explicit attention factor stays with the settings' type.
    const RopeType other = t == RopeType::Yarn ? RopeType::Linear : RopeType::Yarn;
    CHECK_FALSE(rope_config(s, other).attention_factor.has_value());
    RopeSettings changed = s;
    changed.long_factor.back() = 3.5;
    CHECK(changed != s);
  }
}

TEST_CASE("rope settings: every preset's config, read through the settings, gives the same RoPE") {
  for (const ModelPreset& p : model_presets()) {
    CAPTURE(std::string(p.id));
    const ModelConfigResult r = parse_model_config(p.json);
    REQUIRE(r.ok());
    const RopeSettings s = rope_settings(r.config);
    CHECK(s.type == r.config.rope_type);
    CHECK(s.original >= RopeSettingsLimits::min_length);
    CHECK(s.target >= s.original);
    const RopeConfig back = rope_config(s, s.type);
    CHECK(rope_settings(back) == s);
    for (double len : {0.0, double(s.original), double(s.target)}) {
      CAPTURE(len);
      const RopeInit want = rope_init(r.config, len), got = rope_init(back, len);
      CHECK(got.rotary_dim == want.rotary_dim);
      CHECK(got.attention_factor == doctest::Approx(want.attention_factor).epsilon(1e-12));
      REQUIRE(got.inv_freq.size() == want.inv_freq.size());
      CHECK((got.inv_freq - want.inv_freq).cwiseAbs().maxCoeff() <=
            1e-12 * want.inv_freq.cwiseAbs().maxCoeff());
    }
  }
}
