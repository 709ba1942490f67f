// Lesson check, the RoPE part's reading and comparing: a cos/sin cache (one file, or a pair paired by
// name or by order) or an example goes through core::check_rope; a config.json or a preset is what it
// is compared with; compare() builds the reference cache and the difference the heatmaps show.
#include <algorithm>
#include <cmath>

#include "check_lesson.hpp"
#include "core/model_config.hpp"
#include "core/rope_match.hpp"
#include "core/table_file.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::check_lesson {

const std::vector<const char*>& rope_example_ids() {
  static const std::vector<const char*> ids = [] {
    std::vector<const char*> v = {"none"};
    for (int e = 0; e < core::kRopeExampleCount; ++e)
      v.push_back(core::rope_example_id(static_cast<core::RopeExample>(e)));
    return v;
  }();
  return ids;
}

const std::vector<const char*>& config_ids() {
  static const std::vector<const char*> ids = [] {
    std::vector<const char*> v = {"default", "llama3-8b"};
    for (const core::ModelPreset& p : core::model_presets()) v.push_back(p.id);
    v.push_back("yours");
    return v;
  }();
  return ids;
}

int yours_option() { return static_cast<int>(config_ids().size()) - 1; }

// A cache file: both tables at once, or one of a pair (by its name, else by order: the first is cos).
core::Messages CheckLesson::receive_cache(const std::string& file, const unsigned char* bytes,
                                          std::size_t size) {
  core::TablePair p = core::parse_cache_file(bytes, size);
  if (!p.ok()) {
    // The verdict on the cache before would stand under a file that was not read: it goes.
    rope_error_ = p.error;
    cache_.have = false;
    ++cache_.serial;
    p_.rope_example = 0;  // the link no longer brings an example back
    return {{"{0}: {1}", {shown(file), ui::tr_message(lang_, p.error)}}};
  }
  if (p.pair) {
    waiting_[0].have = waiting_[1].have = false;
    return set_cache(std::move(p.first), std::move(p.second), file);
  }
  int role = core::cache_role_from_name(file) - 1;                     // 0 cos, 1 sin, −1 unnamed
  if (role < 0) role = waiting_[0].have && !waiting_[1].have ? 1 : 0;  // the first is cos
  waiting_[role] = {file, std::move(p.first), true};
  Half &c = waiting_[0], &s = waiting_[1];
  if (!(c.have && s.have)) {
    rope_error_ = {};
    const Half& h = waiting_[role];
    return {{"{0}: {1} × {2} read as the {3} table; now the {4} table",
             {shown(h.name), std::to_string(h.table.rows()), std::to_string(h.table.cols()),
              role ? "sin" : "cos", role ? "cos" : "sin"}}};
  }
  c.have = s.have = false;
  if (c.table.rows() != s.table.rows() || c.table.cols() != s.table.cols()) {
    waiting_[role].have = true;  // the newer one waits for a partner of its shape
    rope_error_ = {
        "{0} is {1} × {2} but {3} is {4} × {5}: the cos and sin tables of one cache have the same shape",
        {shown(c.name), std::to_string(c.table.rows()), std::to_string(c.table.cols()), shown(s.name),
         std::to_string(s.table.rows()), std::to_string(s.table.cols())}};
    return {rope_error_};
  }
  return set_cache(std::move(c.table), std::move(s.table), c.name + " + " + s.name);
}

core::Messages CheckLesson::set_cache(Eigen::MatrixXd cos, Eigen::MatrixXd sin, const std::string& source,
                                      int example) {
  cache_.cos = std::move(cos);
  cache_.sin = std::move(sin);
  cache_.source = source;
  cache_.example = example;
  cache_.have = true;
  ++cache_.serial;
  rope_error_ = {};
  view_.read_cos.set(cache_.cos, 1.0, kMapRows);
  run_check();
  p_.rope_example = example;
  compare();
  if (example) return {};
  return {{"{0}: {1} × {2} loaded",
           {rope_source(), std::to_string(cache_.cos.rows()), std::to_string(cache_.cos.cols())}}};
}

// check_rope, with what it refuses said in words the catalogue has.
void CheckLesson::run_check() {
  cache_.refused = {};
  const Eigen::MatrixXd &c = cache_.cos, &s = cache_.sin;
  if (c.rows() < 3) {
    cache_.refused = {"the cache has {0} rows; the checker needs at least 3 positions",
                      {std::to_string(c.rows())}};
    return;
  }
  if (c.cols() < 2) {
    cache_.refused = {"the cache has 1 column; a rotation needs a pair of them", {}};
    return;
  }
  const double big = std::max(c.cwiseAbs().maxCoeff(), s.cwiseAbs().maxCoeff());
  if (big > 1.5) {
    cache_.refused = {
        "a value of {0} is no cosine or sine (they lie in [−1, 1], times an attention factor near 1)",
        {ui::short_number(big, 4)}};
    return;
  }
  cache_.check = core::check_rope(c, s);
  if (cache_.check.ok()) return;
  const std::string& e = cache_.check.error;
  cache_.refused =
      e.rfind("Every value is 0", 0) == 0
          ? core::Message{"every value is 0, cos and sin alike: no angle can be read (was the cache filled?)",
                          {}}
      : e.rfind("No column rotates: every angle", 0) == 0
          ? core::Message{"no column rotates: every angle is 0 (cos 1, sin 0 throughout)", {}}
      : e.rfind("No column rotates", 0) == 0
          ? core::Message{"no column rotates: each column holds one value at every position", {}}
          : core::Message{"an odd number of columns rotate, but RoPE rotates pairs of columns", {}};
}

void CheckLesson::load_rope_example() {
  const int e = p_.rope_example;
  waiting_[0].have = waiting_[1].have = false;
  if (e <= 0) {  // "none": the example goes, nothing of the learner's comes back
    cache_ = Cache{{}, 0, {}, {}, false, {}, {}, cache_.serial + 1};
    return;
  }
  core::RopeCache c = core::rope_example_cache(static_cast<core::RopeExample>(e - 1));
  set_cache(std::move(c.cos), std::move(c.sin), {}, e);
}

core::Messages CheckLesson::receive_config(const std::string& file, const unsigned char* bytes,
                                           std::size_t size) {
  const core::ModelConfigResult r =
      core::parse_model_config(std::string_view(reinterpret_cast<const char*>(bytes), size));
  if (!r.ok()) {
    rope_error_ = r.error;
    return {{"{0}: {1}", {shown(file), ui::tr_message(lang_, r.error)}}};
  }
  yours_ = {r.config, r.sets, r.rotation, file, true, yours_.serial + 1};
  rope_error_ = {};
  p_.config = yours_option();
  compare();
  core::Messages said = {{"{0}: read", {shown(file)}}};
  for (const core::Message& m : r.notices)
    said.push_back({"{0}: {1}", {shown(file), ui::tr_message(lang_, m)}});
  return said;
}

// The RoPE sets of the config compared with (false: transformers' defaults).
bool CheckLesson::chosen_sets(std::vector<core::RopeSet>& out, core::RopeRotation& rotation) const {
  const int k = p_.config;
  if (k == kDefaults) return false;
  if (k == yours_option()) {
    if (yours_.have) out = yours_.sets, rotation = yours_.rotation;
    return yours_.have && !out.empty();
  }
  const char* json = k == kExampleModel ? core::kRopeExampleConfig : core::model_presets()[k - 2].json;
  const core::ModelConfigResult r = core::parse_model_config(json);
  if (r.ok()) out = r.sets, rotation = r.rotation;
  return r.ok() && !out.empty();
}

void CheckLesson::compare() {
  if (cmp_.cache_serial == cache_.serial && cmp_.config == p_.config && cmp_.yours_serial == yours_.serial)
    return;
  Eigen::MatrixXd keep_cos = std::move(cmp_.diff_cos),
                  keep_sin = std::move(cmp_.diff_sin);  // reused storage
  cmp_ = Comparison{};
  cmp_.diff_cos = std::move(keep_cos);
  cmp_.diff_sin = std::move(keep_sin);
  cmp_.cache_serial = cache_.serial;
  cmp_.config = p_.config;
  cmp_.yours_serial = yours_.serial;
  const int len = static_cast<int>(cache_.cos.rows()), dim = static_cast<int>(cache_.cos.cols());
  std::vector<core::RopeSet> sets;
  core::RopeRotation rotation = core::RopeRotation::Half;
  cmp_.with_config = chosen_sets(sets, rotation);
  // Sets that build the same cache count once (gpt-oss names one YaRN under both layer types).
  std::vector<std::pair<const core::RopeSet*, core::RopeExpected>> distinct;
  for (const core::RopeSet& s : sets) {
    core::RopeExpected e = core::rope_expected(s.config, len);
    bool same = false;
    for (const auto& d : distinct)
      same = same || (d.second.init.inv_freq.size() == e.init.inv_freq.size() &&
                      d.second.init.inv_freq == e.init.inv_freq &&
                      d.second.init.attention_factor == e.init.attention_factor);
    if (!same) distinct.emplace_back(&s, std::move(e));
  }
  cmp_.sets = std::max<int>(1, static_cast<int>(distinct.size()));
  if (cmp_.with_config) {
    cmp_.expected = distinct.front().second;
    cmp_.set = distinct.front().first->config;
    cmp_.set_type = distinct.front().first->layer_type;
    for (const auto& d : distinct)
      if (d.first->layer_type == "full_attention") cmp_.full_set = d.first->config, cmp_.has_full = true;
  }
  if (!cache_.have || !cache_.refused.empty() || cache_.check.verdict == "not_rotation") return;
  cmp_.differences = core::rope_differences(cache_.check, dim, cmp_.with_config ? &cmp_.expected : nullptr);
  // First the direct test: a cache the model builds (any set, layout its code uses, storage, offset)
  // has nothing to report but where its rows start.
  core::ModelConfigResult model;
  model.sets = sets;
  model.rotation = rotation;
  const core::RopeVerdict v =
      core::rope_verdict(cache_.cos, cache_.sin, cmp_.with_config ? &model : nullptr, &cache_.check);
  cmp_.verdict = v.verdict;
  cmp_.undecided = v.undecided;
  cmp_.doubt = v.doubt;
  cmp_.fix = v.fix;
  if (cmp_.with_config) {
    const core::RopeMatch& m = v.match;
    if (m.matches) {  // (an interleaved layout is the model's own: Llama 4, DeepSeek)
      cmp_.matched = true;
      for (const auto& d : distinct)
        if (d.first->layer_type == m.layer_type) {
          cmp_.expected = d.second;
          cmp_.set = d.first->config;
          cmp_.set_type = d.first->layer_type;
        }
      cmp_.differences.clear();
      if (m.offset != 0)
        cmp_.differences.push_back({core::RopeDifferenceKind::Offset, double(m.offset), 0, 0, {}, {}});
    }
  }
  // With several sets, the one the cache differs from least (fewest differences; the full-attention set
  // on a tie).
  for (std::size_t i = 1; cmp_.with_config && !cmp_.matched && i < distinct.size(); ++i) {
    std::vector<core::RopeDifference> d = core::rope_differences(cache_.check, dim, &distinct[i].second);
    const bool full = distinct[i].first->layer_type == "full_attention";
    if (d.size() < cmp_.differences.size() || (d.size() == cmp_.differences.size() && full)) {
      cmp_.differences = std::move(d);
      cmp_.expected = distinct[i].second;
      cmp_.set = distinct[i].first->config;
      cmp_.set_type = distinct[i].first->layer_type;
    }
  }
  cmp_.fallback = cmp_.with_config && cmp_.expected.init.rotary_dim > dim;
  // The reference is built where the difference goes, then the difference taken in place.
  Eigen::MatrixXd &dc = cmp_.diff_cos, &ds = cmp_.diff_sin;
  const core::RopeCacheCheck& k = cache_.check;
  if (cmp_.with_config && !cmp_.fallback) {
    core::fill_rope_cache(core::rope_expected_spec(cmp_.expected, len, dim), dc, ds);
  } else {  // what the inferred parameters give, with exact angles
    core::RopeCacheSpec spec;
    spec.inv_freq = k.model_inv_freq;
    spec.len = len;
    spec.offset = k.offset;
    spec.dim = dim;
    spec.interleaved = k.layout == "interleaved";
    spec.attention_factor = k.attention_factor;
    core::fill_rope_cache(spec, dc, ds);
    if (k.verdict == "sign" && k.swapped)
      dc.swap(ds);
    else if (k.verdict == "sign")
      ds = -ds;
  }
  dc = cache_.cos - dc;
  ds = cache_.sin - ds;
  Eigen::Index r1, c1, r2, c2;
  const double m1 = cmp_.diff_cos.cwiseAbs().maxCoeff(&r1, &c1),
               m2 = cmp_.diff_sin.cwiseAbs().maxCoeff(&r2, &c2);
  cmp_.worst_in_sin = m2 > m1;
  cmp_.max_diff = std::max(m1, m2);
  cmp_.worst_row = static_cast<int>(cmp_.worst_in_sin ? r2 : r1);
  cmp_.worst_col = static_cast<int>(cmp_.worst_in_sin ? c2 : c1);
  cmp_.valid = true;
  // The per-pair view: what each pair turns by in the cache against the reference's θ_j.
  const Eigen::VectorXd& measured = k.measured_inv_freq;
  const Eigen::VectorXd& reference =
      cmp_.with_config && !cmp_.fallback ? cmp_.expected.init.inv_freq : k.model_inv_freq;
  const Eigen::Index pairs = std::min(measured.size(), reference.size());
  cmp_.pairs.resize(pairs, 4);
  // A pair differs when its θ is off by more than 0.1% and by more than the values' storage lets the
  // angles be read over the cache's rows (a slow pair in bfloat16 turns too little to be measured finely).
  const std::string storage = core::stored_type(cache_.cos, cache_.sin);
  const double angle_error = storage == "bfloat16"  ? 0x1p-7
                             : storage == "float16" ? 0x1p-10
                             : storage == "float32" ? 1e-6
                                                    : 1e-12;
  const double span = std::max<double>(1, static_cast<double>(len - 1));
  for (Eigen::Index j = 0; j < pairs; ++j) {
    const double ratio = reference[j] != 0 ? measured[j] / reference[j] : 0;
    cmp_.pairs.row(j) << double(j), measured[j], reference[j], ratio;
    if (std::fabs(ratio - 1) > 1e-3 && std::fabs(measured[j] - reference[j]) * span > 4 * angle_error) {
      if (cmp_.first_pair_off < 0) cmp_.first_pair_off = static_cast<int>(j);
      ++cmp_.pairs_off;
    }
  }
  // One colour scale for both maps, so the two compare at a glance.
  view_.rope_cos.set(cmp_.diff_cos, cmp_.max_diff, kMapRows);
  view_.rope_sin.set(cmp_.diff_sin, cmp_.max_diff, kMapRows);
}

}  // namespace posenc::lessons::check_lesson
