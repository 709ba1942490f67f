// RopeSettings, a RoPE configuration as lesson scaling's controls set it, to and from a RopeConfig
// (model_config.hpp).
#include <algorithm>
#include <tuple>

#include "model_config.hpp"

namespace posenc::core {
namespace {

// The types that extend a trained length: they read it from original_max_position_embeddings, and
// max_position_embeddings is the longer one; the others (dynamic and linear too) take
// max_position_embeddings as the trained length.
bool extends(RopeType t) { return t == RopeType::Yarn || t == RopeType::LongRope || t == RopeType::Llama3; }

auto fields(const RopeSettings& s) {
  return std::tie(s.head_dim, s.rotary, s.base, s.type, s.original, s.target, s.factor, s.beta_fast,
                  s.beta_slow, s.low_freq, s.high_freq, s.mscale, s.mscale_all_dim, s.truncate, s.attention,
                  s.nope, s.short_factor, s.long_factor);
}

}  // namespace

bool operator==(const RopeSettings& a, const RopeSettings& b) { return fields(a) == fields(b); }

RopeConfig rope_config(const RopeSettings& s, RopeType type) {
  RopeConfig c;
  c.head_dim = s.head_dim;
  c.nope_head_dim = s.nope;
  c.partial_rotary_factor = s.rotary;
  c.rope_theta = s.base;
  c.rope_type = type;
  c.max_position_embeddings = extends(type) ? s.target : s.original;
  c.original_max_position_embeddings = s.original;
  c.factor = s.factor;
  c.beta_fast = s.beta_fast, c.beta_slow = s.beta_slow;
  c.low_freq_factor = s.low_freq, c.high_freq_factor = s.high_freq;
  c.mscale = s.mscale, c.mscale_all_dim = s.mscale_all_dim;
  c.truncate = s.truncate;
  if (s.attention > 0 && type == s.type) c.attention_factor = s.attention;
  c.short_factor = s.short_factor, c.long_factor = s.long_factor;
  return c;
}

RopeSettings rope_settings(const RopeConfig& c) {
  using L = RopeSettingsLimits;
  RopeSettings s;
  s.head_dim = rope_head_dim(c);
  s.rotary = c.partial_rotary_factor;
  s.base = c.rope_theta;
  s.type = c.rope_type;
  const double trained = extends(c.rope_type) && c.original_max_position_embeddings > 0
                             ? c.original_max_position_embeddings
                             : c.max_position_embeddings;
  s.original = static_cast<int>(
      std::clamp(trained > 0 ? trained : 4096.0, double(L::min_length), double(L::max_original)));
  // No scaling: a four times longer text, so that there is something to stretch.
  s.factor =
      c.rope_type == RopeType::Default ? 4.0 : std::clamp(c.factor > 0 ? c.factor : 1.0, 1.0, L::max_factor);
  // The extended length the config names (Llama 3.2: 131072 with factor 32 over 8192), else L0·s.
  // (L0 is the length RoPE was set up for, not necessarily all that training saw: Llama 3.1's
  // long-context pre-training after its 8K stage is described in "The Llama 3 Herd of Models", Meta 2024.)
  const bool named = extends(c.rope_type) && c.max_position_embeddings > s.original;
  s.target = static_cast<int>(std::clamp(named ? c.max_position_embeddings : s.original * s.factor,
                                         double(L::min_length), double(L::max_target)));
  s.beta_fast = c.beta_fast != 0 ? c.beta_fast : 32;
  s.beta_slow = c.beta_slow != 0 ? c.beta_slow : 1;
  s.low_freq = c.low_freq_factor, s.high_freq = c.high_freq_factor;
  s.mscale = c.mscale, s.mscale_all_dim = c.mscale_all_dim;
  s.truncate = c.truncate;
  s.attention = c.attention_factor ? *c.attention_factor : 0;
  s.nope = c.nope_head_dim;
  s.short_factor = c.short_factor, s.long_factor = c.long_factor;
  return s;
}

}  // namespace posenc::core
