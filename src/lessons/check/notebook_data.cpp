// Lesson check's notebook "data" cell (content/notebooks/check.py reads it): what the page had loaded —
// the learner's sinusoidal table and RoPE cache, and the config's RoPE sets the cache is compared with —
// as Python. A RoPE example is not written: the recipe rebuilds it from `params`. Numbers read back
// exactly; a table of more than kNotebookValues numbers is left out, the cell saying how to load it.
#include <cmath>

#include "check_lesson.hpp"
#include "core/json_writer.hpp"
#include "core/utf8.hpp"

namespace posenc::lessons::check_lesson {
namespace {

// Numbers written per table (cos and sin together): at most ~200 KB of text each.
constexpr Eigen::Index kNotebookValues = 8192;

// A Python string literal (JSON's escapes are Python's too); bytes that are no UTF-8 read as U+FFFD.
std::string text(std::string_view s) {
  std::string clean;
  for (size_t i = 0; i < s.size();) {
    unsigned cp = 0;
    int n = core::utf8_at(s, i, cp);
    bool ok = (n > 1 || cp < 0x80) && cp < 0x110000 && (cp < 0xD800 || cp > 0xDFFF);
    for (int k = 1; k < n; ++k) ok = ok && (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    core::append_utf8(clean, ok ? cp : 0xFFFD);
    i += ok ? n : 1;
  }
  core::Json j;
  j.str(clean);
  return j.text();
}

std::string number(double v) {
  if (std::isnan(v)) return "np.nan";
  if (std::isinf(v)) return v > 0 ? "np.inf" : "-np.inf";
  return core::exact_number(v);
}

std::string matrix(const Eigen::MatrixXd& m) {
  std::string out = "np.array([\n";
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    out += "    [";
    for (Eigen::Index c = 0; c < m.cols(); ++c) out += (c ? ", " : "") + number(m(r, c));
    out += "],\n";
  }
  return out + "])";
}

std::string numbers(const std::vector<double>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + number(v[i]);
  return out + "]";
}

// One RoPE set as the recipe's rope_config() fields (src/core/rope_scaling.hpp: RopeConfig).
std::string rope_set(const core::RopeSet& s) {
  const core::RopeConfig& c = s.config;
  const auto n = [](const char* key, double v) { return std::string(", \"") + key + "\": " + number(v); };
  return "    {\"layer_type\": " + text(s.layer_type) +
         ", \"config\": {\"rope_type\": " + text(core::rope_type_name(c.rope_type)) +
         n("head_dim", c.head_dim) + n("hidden_size", c.hidden_size) +
         n("num_attention_heads", c.num_attention_heads) + n("rope_theta", c.rope_theta) +
         n("partial_rotary_factor", c.partial_rotary_factor) +
         n("max_position_embeddings", c.max_position_embeddings) +
         n("original_max_position_embeddings", c.original_max_position_embeddings) + n("factor", c.factor) +
         n("low_freq_factor", c.low_freq_factor) + n("high_freq_factor", c.high_freq_factor) +
         n("beta_fast", c.beta_fast) + n("beta_slow", c.beta_slow) + n("mscale", c.mscale) +
         n("mscale_all_dim", c.mscale_all_dim) +
         ", \"attention_factor\": " + (c.attention_factor ? number(*c.attention_factor) : "None") +
         ", \"truncate\": " + (c.truncate ? "True" : "False") +
         ", \"frozen\": " + (c.frozen ? "True" : "False") + ", \"short_factor\": " + numbers(c.short_factor) +
         ", \"long_factor\": " + numbers(c.long_factor) + "}},\n";
}

}  // namespace

std::string CheckLesson::notebook_data() const {
  std::string out =
      "# What lesson check had loaded when this notebook was written. Check other numbers by loading them\n"
      "# here (table: rows = positions from 0; rope.npy: shape (2, len, dim), cos then sin), then run all "
      "cells:\n#   table_source, table = \"pe.npy\", np.load(\"pe.npy\")\n"
      "#   rope_source, rope_cos, rope_sin = \"rope.npy\", *np.load(\"rope.npy\")\nimport numpy as np\n\n";
  // A table too large to write: the cell names it and how to load it instead.
  const auto too_large = [&](const std::string& name, const Eigen::MatrixXd& m, const char* load) {
    return "# " +
           trf(lang_, "%s is %d × %d: more numbers than this notebook holds (at most %d). Load it here:",
               name.c_str(), static_cast<int>(m.rows()), static_cast<int>(m.cols()),
               static_cast<int>(kNotebookValues)) +
           "\n#   " + load + "\n";
  };
  const bool table = d_.have && d_.table.size() <= kNotebookValues;
  if (d_.have && !table) out += too_large(source(), d_.table, "table = np.load(\"pe.npy\")");
  out += "table_source = " + (d_.have ? text(source()) : "None") + "\n";
  out += "table = " + (table ? matrix(d_.table) : "None") + "\n\n";
  const bool own = cache_.have && cache_.example == 0;
  const bool cache = own && 2 * cache_.cos.size() <= kNotebookValues;
  if (own && !cache)
    out += too_large(rope_source(), cache_.cos, "rope_cos, rope_sin = np.load(\"rope.npy\")");
  if (cache_.have && !own)
    out += "# rope_example = " + text(rope_example_ids()[cache_.example]) +
           ": the recipe builds that example's cache itself\n";
  out += "rope_source = " + (own ? text(rope_source()) : "None") + "\n";
  out += "rope_cos = " + (cache ? matrix(cache_.cos) : "None") + "\n";
  out += "rope_sin = " + (cache ? matrix(cache_.sin) : "None") + "\n\n";
  // The model the cache is compared with: its RoPE sets as posenc read its config.json.
  std::vector<core::RopeSet> sets;
  core::RopeRotation rotation = core::RopeRotation::Half;
  const bool config = chosen_sets(sets, rotation);
  out += "config_name = " + (config ? text(config_label(p_.config)) : "None") + "\n";
  out += "config_rotation = \"" +
         std::string(rotation == core::RopeRotation::Interleaved ? "interleaved" : "half") +
         "\"\nconfig_sets = [\n";
  for (const core::RopeSet& s : config ? sets : std::vector<core::RopeSet>{}) out += rope_set(s);
  return out + "]\n";
}

}  // namespace posenc::lessons::check_lesson
