// The RoPE cache checker's sentences: what the checked fields say, one Message a sentence, so the
// interface can translate each (the verdict's own doubts are worded where they arise, check_rope.cpp).
#include <cmath>

#include "check_rope_infer.hpp"

namespace posenc::core {
namespace {

std::string percent(double share) { return rope_number(100 * share, 3) + "%"; }

Message scaling_words(const RopeCacheCheck& r) {
  if (r.rope_type == "linear")
    return {"Every frequency is divided by {0} (linear scaling, position interpolation).",
            {rope_number(r.factor)}};
  if (r.rope_type == "llama3")
    return {
        "Llama 3 scaling, factor {0}: wavelengths above {1} positions are divided by it, those below {2} "
        "kept, a blend between.",
        {rope_number(r.factor), rope_number(r.original_max_position),
         rope_number(r.original_max_position / r.high_freq_factor)}};
  if (r.rope_type == "yarn" && r.original_max_position > 0 && !r.truncate)
    return {
        "YaRN scaling, factor {0}: fast pairs kept, slow ones divided by it, a ramp over the pairs between "
        "(trained length {1}, truncate: false — the ramp's ends not rounded).",
        {rope_number(r.factor), rope_number(r.original_max_position)}};
  if (r.rope_type == "yarn" && r.original_max_position > 0)
    return {
        "YaRN scaling, factor {0}: fast pairs kept, slow ones divided by it, a ramp over the pairs between "
        "(trained length {1}).",
        {rope_number(r.factor), rope_number(r.original_max_position)}};
  if (r.rope_type == "yarn")
    return {
        "YaRN scaling, factor {0}: fast pairs kept, slow ones divided by it, a ramp over the pairs between.",
        {rope_number(r.factor)}};
  if (r.rope_type == "longrope" && !r.preset.empty())
    return {"LongRoPE scaling: each pair's frequency divided by its own factor."};
  if (r.rope_type == "dynamic") return {"Dynamic NTK scaling, factor {0}.", {rope_number(r.factor)}};
  if (r.rope_type == "unknown")
    return {"The frequencies follow none of the known rules (default, linear, llama3, yarn)."};
  return {};
}

}  // namespace

Messages describe_rope_check(const RopeCacheCheck& r, bool sign_flipped, int dim) {
  Messages out;
  const auto say = [&](Message m) {
    if (!m.empty()) out.push_back(std::move(m));
  };
  if (sign_flipped)
    say(r.swapped ? Message{"cos and sin are swapped: the angles run backwards from π/2 (−pos·θ + π/2)."}
                  : Message{"The angles run backwards (−pos·θ): sin is negated."});
  if (!r.preset.empty())
    say(r.preset_set.empty() || r.preset_set == "full_attention" || r.preset_set == "default"
            ? Message{"These are the frequencies of the RoPE of {0}.", {r.preset}}
            : Message{"These are the frequencies of the RoPE of {0} (its {1} layers).",
                      {r.preset, r.preset_set}});
  if (r.layout == "interleaved")
    say(
        {"Pairs are interleaved (columns 2j and 2j+1 share an angle, as in GPT-J and Meta's original code), "
         "not transformers' rotate_half halves (j and j + {0}).",
         {std::to_string(r.rotary_dim / 2)}});
  if (r.offset == 1)
    say({"Rows start at position 1, not 0."});
  else if (r.offset != 0)
    say({"Rows start at position {0}, not 0 (right for a KV-cache slice, wrong for a fresh sequence).",
         {std::to_string(r.offset)}});
  if (r.rotary_dim < dim)
    say({"Only the first {0} of {1} columns rotate (partial rotary, {2}); the rest hold angle 0.",
         {std::to_string(r.rotary_dim), std::to_string(dim), percent(double(r.rotary_dim) / dim)}});
  if (r.rope_type != "unknown" && std::fabs(r.base - 10000) > 1e-9 * r.base) {
    say({"The base is {0}, not transformers' default 10000.",
         {rope_number(r.base, r.base == std::nearbyint(r.base) ? 10 : 6)}});
    if (r.rope_type == "default" && r.base != std::nearbyint(r.base))
      say({"(A dynamic-NTK cache looks exactly like this: only its grown base shows.)"});
  }
  say(scaling_words(r));
  if (std::fabs(r.attention_factor - 1) > 1e-9)
    say({"cos and sin are multiplied by {0} (cos² + sin² = {1}).",
         {rope_number(r.attention_factor), rope_number(r.attention_factor * r.attention_factor)}});
  if (r.precision == "float16" && r.offset + r.rows > 2048)
    say(
        {"The angles pos·θ were rounded to float16 before cos and sin, so the later rows turn by the wrong "
         "amounts (float16 counts positions exactly only up to 2048: position_ids in half precision, from "
         "model.half() or autocast around the rotary embedding)."});
  else if (r.precision == "bfloat16" || r.precision == "float16")
    say(
        {"The angles pos·θ were rounded to {0} before cos and sin, so the later rows turn by the wrong "
         "amounts.",
         {r.precision}});
  return out;
}

void set_rope_message(RopeCacheCheck& r) {
  r.message.clear();
  for (const Message& m : r.sentences) r.message += (r.message.empty() ? "" : " ") + m.english();
}

}  // namespace posenc::core
