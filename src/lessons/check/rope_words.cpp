// Lesson check, the RoPE part's words: the one sentence saying what differs between the cache and the
// config it is compared with (or transformers' defaults), one clause a difference, and the names and
// placeholders (rope_*) the text and the visuals use.
#include "check_lesson.hpp"
#include "core/model_config.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::check_lesson {
namespace {

std::string percent(double share) { return ui::short_number(100 * share, 3) + "%"; }

}  // namespace

std::string scaling_text(int lang, const std::string& type, double factor) {
  if (type == "default") return tr(lang, "none");
  if (type == "dynamic" || type == "longrope" || type == "unknown")
    return type == "unknown" ? tr(lang, "no known rule") : type;
  return trf(lang, "%s \xC3\x97%s", type.c_str(), ui::short_number(factor, 4).c_str());  // "linear ×4"
}

void CheckLesson::say_rope() {
  const auto ok = [this] { return cache_.have && cmp_.valid; };
  const auto waiting = [this]() -> const Half& { return waiting_[0].have ? waiting_[0] : waiting_[1]; };
  say("rope_loaded", [this] { return cache_.have; });
  say("rope_ok", ok);
  say("rope_source", [this] { return cache_.have ? rope_source() : tr(lang_, "nothing loaded"); });
  say("rope_shape", [this] { return shape(cache_.have, cache_.cos); });
  say("rope_waiting", [=] { return waiting().have; });
  say("rope_waiting_file", [=] { return waiting().have ? shown(waiting().name) : "–"; });
  say("rope_waiting_part", [this] { return waiting_[1].have ? "sin" : "cos"; });
  say("rope_waiting_other", [this] { return waiting_[1].have ? "cos" : "sin"; });
  say("rope_sentence", [this] { return rope_sentence(); });
  say("rope_compared", [this] { return compared_name(); });
  say("rope_config", [this] { return cmp_.with_config; });
  say("rope_fallback", [=] { return ok() && cmp_.fallback; });
  say("rope_ref_config", [=] { return ok() && cmp_.with_config && !cmp_.fallback; });
  say("rope_ref_inferred", [=] { return ok() && !cmp_.with_config; });
  say("rope_base", [=] { return ok() ? ui::short_number(cache_.check.base, 9) : "–"; });
  say("rope_max_diff", [=] { return ok() ? ui::short_number(cmp_.max_diff) : "–"; });
  say("rope_worst_row", [=] { return ok() ? std::to_string(cmp_.worst_row) : "–"; });
  say("rope_worst_col", [=] { return ok() ? std::to_string(cmp_.worst_col) : "–"; });
  say("rope_worst_table", [this] { return cmp_.worst_in_sin ? "sin" : "cos"; });
  say("rope_bf16", [=] { return ok() && cache_.check.precision == "bfloat16"; });
  // The verdict's doubt and fix (core::rope_verdict), in the learner's language.
  say("rope_undecided", [=] { return ok() && cmp_.undecided && !cmp_.doubt.empty(); });
  say("rope_doubt",
      [this] { return cmp_.doubt.empty() ? std::string("–") : ui::tr_message(lang_, cmp_.doubt); });
  say("rope_has_fix", [=] { return ok() && !cmp_.fix.empty(); });
  say("rope_fix", [this] { return cmp_.fix.empty() ? std::string("–") : ui::tr_message(lang_, cmp_.fix); });
  // The per-pair view under the table.
  say("rope_pairs_off", [this] { return cmp_.pairs_off; });
  say("rope_first_pair", [this] { return cmp_.first_pair_off; });
  say("rope_some_pairs_off", [=] { return ok() && cmp_.pairs_off > 0; });
  say("rope_pairs_agree", [=] { return ok() && cmp_.pairs.rows() > 1 && cmp_.pairs_off == 0; });
  say("rope_reference", [this] {
    return cmp_.with_config && !cmp_.fallback
               ? trf(lang_, "the cache %s gives", compared_name().c_str())
               : std::string(tr(lang_, "the cache the inferred parameters give"));
  });
}

std::string CheckLesson::rope_source() const {
  if (cache_.example > 0) {
    const auto e = static_cast<core::RopeExample>(cache_.example - 1);
    return trf(lang_, "example: %s", tr(lang_, core::rope_example_label(e)));
  }
  return shown(cache_.source);
}

// What the cache is compared with, as a name in a sentence.
std::string CheckLesson::compared_name() const {
  if (!cmp_.with_config) return tr(lang_, "transformers' defaults");
  return config_label(p_.config);
}

std::string CheckLesson::config_label(int k) const {
  if (k == kDefaults) return tr(lang_, "transformers' defaults");
  if (k == kExampleModel) return tr(lang_, "Llama 3 8B's config (the examples' model)");
  if (k == yours_option()) {
    if (!yours_.have) return tr(lang_, "your config.json (none loaded yet)");
    return yours_.name == "pasted text" ? std::string(tr(lang_, "your pasted config"))
                                        : trf(lang_, "your %s", yours_.name.c_str());
  }
  return trf(lang_, "%s's config", tr(lang_, core::model_presets()[k - 2].label));
}

// A file-name-safe id of the reference, for exports.
std::string CheckLesson::reference_id() const {
  return cmp_.with_config && !cmp_.fallback ? config_ids()[p_.config] : "inferred";
}

std::string CheckLesson::clause(const core::RopeDifference& d) const {
  using K = core::RopeDifferenceKind;
  const auto n = [](double x) { return ui::short_number(x, 6); };
  const bool config = cmp_.with_config;
  switch (d.kind) {
    case K::Sign:
      return tr(lang_, "its angles run backwards (sin is negated)");
    case K::Swapped:
      return tr(lang_, "cos and sin are swapped");
    case K::Layout:
      return trf(lang_,
                 "its pairs are interleaved (columns 2j and 2j+1) where transformers' rotate_half pairs "
                 "column j with j + %d",
                 static_cast<int>(d.want));
    case K::Offset:
      return d.have == 1 ? std::string(tr(lang_, "its rows start at position 1, not 0"))
                         : trf(lang_,
                               "its rows start at position %s, not 0 (right for a slice of a KV cache, "
                               "wrong for a fresh sequence)",
                               n(d.have).c_str());
    case K::Width:
      return trf(lang_, "it has %d columns where the config's heads have %d (%d of them rotating)",
                 static_cast<int>(d.have), static_cast<int>(d.want), static_cast<int>(d.want2));
    case K::Rotary:
      if (config)
        return trf(lang_, "%d of its columns rotate where the config rotates %d", static_cast<int>(d.have),
                   static_cast<int>(d.want));
      return trf(lang_, "only %d of its %d columns rotate (partial rotary, %s)", static_cast<int>(d.have),
                 static_cast<int>(d.want), percent(d.have / d.want).c_str());
    case K::Base:
      return trf(lang_, "its base is %s where the config's rope_theta is %s", n(d.have).c_str(),
                 n(d.want).c_str());
    case K::Scaling: {
      const std::string have = scaling_text(lang_, d.have_name, d.have),
                        want = scaling_text(lang_, d.want_name, d.want);
      if (d.have_name == "default")
        return trf(lang_, "it has no scaling where the config has %s", want.c_str());
      if (d.want_name == "default") return trf(lang_, "it is scaled: %s", have.c_str());
      return trf(lang_, "it uses %s scaling where the config has %s", have.c_str(), want.c_str());
    }
    case K::Factor:
      return trf(lang_, "its %s factor is %s where the config's is %s", d.have_name.c_str(),
                 n(d.have).c_str(), n(d.want).c_str());
    case K::Frequencies:
      return trf(lang_, "its frequencies differ from the config's by up to %s", percent(d.have).c_str());
    case K::Unknown:
      return tr(lang_, "its frequencies follow none of the known rules (default, linear, llama3, yarn)");
    case K::Attention:
      if (config)
        return trf(lang_, "cos and sin are multiplied by %s where the config implies %s", n(d.have).c_str(),
                   n(d.want).c_str());
      return trf(lang_, "cos and sin are multiplied by %s (an attention factor)", n(d.have).c_str());
    case K::Precision:
      return trf(lang_, "its angles were rounded to %s before cos and sin", d.have_name.c_str());
    case K::Mismatch:
      return trf(lang_, "even so, its numbers differ by up to %s from the cache these parameters give",
                 ui::short_number(d.have).c_str());
  }
  return {};
}

// One RoPE set as a name in a sentence: its layer type, base and scaling ("the sliding-attention layers
// (θ = 10000)").
std::string CheckLesson::set_name(const std::string& layer_type, const core::RopeConfig& c) const {
  const std::string kind = layer_type == "full_attention"      ? tr(lang_, "the full-attention layers")
                           : layer_type == "sliding_attention" ? tr(lang_, "the sliding-attention layers")
                           : layer_type == "chunked_attention"
                               ? tr(lang_, "the chunked-attention layers")
                               : trf(lang_, "the %s layers", layer_type.c_str());
  const std::string theta = ui::short_number(c.rope_theta, 9);
  if (c.rope_type == core::RopeType::Default) return trf(lang_, "%s (θ = %s)", kind.c_str(), theta.c_str());
  return trf(lang_, "%s (θ = %s, %s)", kind.c_str(), theta.c_str(),
             scaling_text(lang_, core::rope_type_name(c.rope_type), c.factor).c_str());
}

// A model with several RoPE sets: which one the cache matches (or is closest to), and what the
// full-attention layers use when the cache was built with another set.
std::string CheckLesson::set_sentence(const std::string& list) const {
  const std::string mine = set_name(cmp_.set_type, cmp_.set);
  if (!list.empty())
    return trf(lang_, "Of the %d RoPE sets of %s, it matches none of them; it is closest to %s: %s.",
               cmp_.sets, compared_name().c_str(), mine.c_str(), list.c_str());
  const std::string matched =
      trf(lang_,
          "Of the %d RoPE sets of %s, it matches %s: the same frequencies, pairs and positions (largest "
          "difference %s).",
          cmp_.sets, compared_name().c_str(), mine.c_str(), ui::short_number(cmp_.max_diff).c_str());
  if (cmp_.set_type == "full_attention" || !cmp_.has_full) return matched;
  // Two sentences in one: a space between them in English, none in Chinese.
  return trf(lang_, "%s A cache for %s must differ: built with this set, it would be wrong there.",
             matched.c_str(), set_name("full_attention", cmp_.full_set).c_str());
}

// The one sentence: what differs from the config (or the defaults), built from the check's fields.
std::string CheckLesson::rope_sentence() const {
  if (!cache_.have) return "–";
  if (!cache_.refused.empty()) return ui::tr_message(lang_, cache_.refused);
  if (cache_.check.verdict == "not_rotation")
    return tr(lang_,
              "These are not the cos and sin of RoPE rotations: cos² + sin² changes from entry to entry, "
              "or the columns do not come in pairs that share an angle.");
  std::string list;
  for (const core::RopeDifference& d : cmp_.differences)
    list += (list.empty() ? "" : tr(lang_, "; ")) + clause(d);
  if (cmp_.with_config && cmp_.sets > 1) return set_sentence(list);
  if (cmp_.with_config && list.empty())
    return trf(lang_, "It matches %s: the same frequencies, pairs and positions (largest difference %s).",
               compared_name().c_str(), ui::short_number(cmp_.max_diff).c_str());
  if (cmp_.with_config) return trf(lang_, "Compared with %s: %s.", compared_name().c_str(), list.c_str());
  if (list.empty())
    return tr(lang_,
              "Nothing differs from transformers' defaults (rotate_half pairs, positions from 0, every "
              "column rotating, no scaling, angles in float32 or better).");
  return trf(lang_,
             "Compared with transformers' defaults (rotate_half pairs, positions from 0, every column "
             "rotating, no scaling, angles in float32 or better): %s.",
             list.c_str());
}

}  // namespace posenc::lessons::check_lesson
