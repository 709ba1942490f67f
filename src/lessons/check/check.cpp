// Lesson 15 — check: load your own sinusoidal table (a .npy or .csv file, or pasted numbers), compare
// it with the reference of the same shape, see where it differs, and get the known bug it matches.
// Then the same for a RoPE cos/sin cache (steps rope-*): core::check_rope infers what built it, the
// lesson says in one sentence what differs from a model's config (or transformers' defaults), and a
// heatmap shows the cache minus the config's (or the inferred parameters') exact cache.
#include "core/check.hpp"

#include <algorithm>
#include <cmath>

#include "core/check_rope.hpp"
#include "core/model_config.hpp"
#include "core/rope_cache.hpp"
#include "core/sinusoidal.hpp"
#include "core/table_file.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace {

constexpr int kPasteBytes = 1 << 16;
// The RoPE maps colour at most this many rows (a long cache is sampled for the picture, ~4× less work
// on load at 4096 rows; hovering reads every row).
constexpr int kMapRows = 1024;

const std::vector<const char*> kExamples = {"correct",    "half layout",       "sin/cos swapped",
                                            "exponent i", "length in divisor", "positions from 1",
                                            "base 500000"};

// The options of `rope_example`: "none" (the learner's own cache, or nothing), then core's examples.
const std::vector<const char*>& rope_example_ids() {
  static const std::vector<const char*> ids = [] {
    std::vector<const char*> v = {"none"};
    for (int e = 0; e < core::kRopeExampleCount; ++e)
      v.push_back(core::rope_example_id(static_cast<core::RopeExample>(e)));
    return v;
  }();
  return ids;
}
constexpr int kBFloat16Example = 1 + static_cast<int>(core::RopeExample::BFloat16);

// The options of `config`, what the cache is compared with: transformers' defaults, the examples'
// model (Llama 3 8B), lesson scaling's presets, the learner's own config.json.
constexpr int kDefaults = 0, kExampleModel = 1;
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

struct Params {
  double base = 10000;
  int rope_example = 0;    // index into rope_example_ids()
  int config = kDefaults;  // index into config_ids()
};

struct Derived {
  std::string source;   // where the table came from: a file's name, or "pasted text"
  int example = -1;     // … or the example loaded (index into kExamples)
  core::Message error;  // parse error, if the last input failed
  Eigen::MatrixXd table;
  bool have = false;
  double checked_base = 0;  // the base `result` was computed with
  core::CheckResult result;
};

// The RoPE cache being checked: the learner's or an example.
struct Cache {
  std::string source;  // "cos.npy + sin.npy", "rope.npy", "pasted text"; empty for an example
  int example = 0;     // its rope_example option (0: the learner's own)
  Eigen::MatrixXd cos, sin;
  bool have = false;
  core::RopeCacheCheck check;
  core::Message refused;  // why the checker could not read it (empty: it could)
  int serial = 0;         // counts the caches loaded (the comparison keys on it)
};

// Half of a pair given as two files: the table that came first, waiting for its partner.
struct Half {
  std::string name;
  Eigen::MatrixXd table;
  bool have = false;
};

// The learner's config.json, when one was given on the RoPE steps.
struct Yours {
  core::RopeConfig config;
  std::string name;
  bool have = false;
  int serial = 0;
};

// The cache against its reference: the config's cache, or (no config) the inferred parameters' one.
struct Comparison {
  int cache_serial = -1, config = -1, yours_serial = -1;  // what it was computed for
  bool with_config = false;                               // the reference is a config's cache
  bool fallback = false;  // a config was chosen, but its heads are wider than the cache: inferred instead
  bool valid = false;     // a reference exists (not for a refused cache or one that is no rotation)
  core::RopeExpected expected;
  std::vector<core::RopeDifference> differences;
  Eigen::MatrixXd diff_cos, diff_sin;  // yours − reference
  double max_diff = 0;
  int worst_row = 0, worst_col = 0;
  bool worst_in_sin = false;
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage diff, read_cos, rope_cos, rope_sin;
};

std::string percent(double share) { return ui::short_number(100 * share, 3) + "%"; }

// A scaling as the learner's config would write it: "linear ×4", "yarn ×4", "llama3 ×8"; "none".
std::string scaling_text(int lang, const std::string& type, double factor) {
  if (type == "default") return tr(lang, "none");
  if (type == "dynamic" || type == "longrope" || type == "unknown")
    return type == "unknown" ? tr(lang, "no known rule") : type;
  return type + " \xC3\x97" + ui::short_number(factor, 4);
}

class CheckLesson final : public Lesson {
  Params p_;
  Derived d_;
  std::string paste_;
  View view_;
  // RoPE part
  Cache cache_;
  Half waiting_[2];  // cos, sin
  Yours yours_;
  Comparison cmp_;
  core::Message rope_error_;  // the last cache or config that could not be read
  bool on_rope_ = false;      // the walkthrough is at one of the rope-* steps
  std::string_view go_to_;    // after receive_file: the step that shows what came in ("" to stay)
  mutable Eigen::MatrixXd ref_cos_, ref_sin_;  // the reference, built for an export only

 public:
  CheckLesson() : paste_(kPasteBytes, '\0') {
    // Arriving at a step says which part files go to (no parameter changes: false).
    const auto sinusoidal = [this] {
      on_rope_ = false;
      return false;
    };
    const auto rope = [this] {
      on_rope_ = true;
      return false;
    };
    step(
        "load", [this](DrawContext& c) { draw_step(c, false); }, {"base"}, sinusoidal);
    step(
        "verdict", [this](DrawContext& c) { draw_step(c, false); }, {"base"}, sinusoidal);
    step(
        "diff", [this](DrawContext& c) { draw_step(c, true); }, {"base"}, sinusoidal);
    step(
        "rope-load", [this](DrawContext& c) { draw_rope_load(c); }, {}, rope);
    step(
        "rope-verdict", [this](DrawContext& c) { draw_rope_verdict(c); }, {}, rope);
    // The question there is about a bfloat16 cache: with nothing loaded, that example is.
    step(
        "rope-diff", [this](DrawContext& c) { draw_rope_diff(c); }, {},
        [this] {
          on_rope_ = true;
          if (cache_.have || waiting_[0].have || waiting_[1].have) return false;
          p_.rope_example = kBFloat16Example;
          if (p_.config == kDefaults) p_.config = kExampleModel;  // the examples are ports of that model
          return true;
        });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.real({"base", "base you used", 2, 1e7, Scale::Log, "%.0f"}, p_.base);
    v.choice({"rope_example"}, p_.rope_example, rope_example_ids());
    v.choice({"config"}, p_.config, config_ids());
  }

  core::Messages update() override {
    if (d_.have && d_.checked_base != p_.base) {
      d_.result = core::check_table(d_.table, p_.base);
      d_.checked_base = p_.base;
      view_.diff.set(d_.result.diff);
    }
    if (p_.rope_example != cache_.example && (p_.rope_example > 0 || cache_.example > 0)) load_rope_example();
    compare();
    return {};
  }

  bool accepts_files() const override { return true; }
  // A config.json comes here on the RoPE steps only (else to lesson scaling, which comes earlier in the
  // table: a JSON file reaches this lesson only while it is the current one).
  bool takes_file(std::string_view name, const unsigned char* bytes, std::size_t size) const override {
    return on_rope_ || !looks_like_json(name, bytes, size);
  }
  std::string_view step_for_file() const override { return go_to_; }

  core::Messages receive_file(std::string_view name, const unsigned char* bytes, std::size_t size) override {
    go_to_ = {};
    const std::string file(name.substr(0, 80));  // api.js names pastes "pasted text"
    // A RoPE cache: on the RoPE steps anything; elsewhere a (2, len, dim) .npy or a file named cos/sin.
    const bool rope = on_rope_ || core::npy_rank(bytes, size) == 3 || core::cache_role_from_name(file) != 0;
    if (on_rope_ && looks_like_json(name, bytes, size)) return receive_config(file, bytes, size);
    if (rope) {
      core::Messages said = receive_cache(file, bytes, size);
      if (!on_rope_)
        go_to_ = cache_.have && !waiting_[0].have && !waiting_[1].have ? "rope-verdict" : "rope-load";
      return said;
    }
    const core::TableFile f = core::parse_table(bytes, size);
    if (!f.ok()) {
      d_.error = f.error;  // the table loaded before, if any, stays
      return {{"{0}: {1}", {shown(file), ui::tr_message(lang_, f.error)}}};
    }
    d_.source = file;
    d_.example = -1;
    d_.error = {};
    d_.table = f.data;
    d_.have = true;
    d_.checked_base = 0;
    update();
    return {{"{0}: {1} × {2} loaded",
             {source(), std::to_string(d_.table.rows()), std::to_string(d_.table.cols())}}};
  }

  std::vector<Export> exports(std::string_view step) const override {
    if (step == "rope-diff") {
      if (!cmp_.valid) return {};
      const std::string stem = "_" + reference_id() + "_len" + std::to_string(cache_.cos.rows()) + "_d" +
                               std::to_string(cache_.cos.cols());
      return {{"cos_yours_minus_reference" + stem, &cmp_.diff_cos},
              {"sin_yours_minus_reference" + stem, &cmp_.diff_sin},
              {"cos_reference" + stem,
               [this]() -> const Eigen::MatrixXd& { return ref_cos_ = cache_.cos - cmp_.diff_cos; }},
              {"sin_reference" + stem,
               [this]() -> const Eigen::MatrixXd& { return ref_sin_ = cache_.sin - cmp_.diff_sin; }}};
    }
    if (step.substr(0, 5) == "rope-" || !d_.have) return {};
    return {{"your_table_minus_reference", &d_.result.diff}};
  }

  std::string value(std::string_view n) const override {
    if (n.substr(0, 5) == "rope_") return rope_value(n.substr(5));
    if (n == "loaded") return d_.have ? "1" : "0";
    if (n == "shape")
      return d_.have ? std::to_string(d_.table.rows()) + " × " + std::to_string(d_.table.cols())
                     : tr(lang_, "none yet");
    if (n == "source") return d_.have ? source() : tr(lang_, "nothing loaded");
    if (n == "max_error") return d_.have ? ui::short_number(d_.result.max_error) : "–";
    if (n == "verdict") return d_.have ? verdict() : "–";  // the sentence the visual shows, never an id
    return {};
  }

 protected:
  void begin_frame(DrawContext& ctx) override { on_rope_ = ctx.step_id.substr(0, 5) == "rope-"; }

 private:
  std::string shown(const std::string& file) const {
    return file == "pasted text" ? tr(lang_, "pasted text") : file;
  }

  // Where the table came from, in the learner's language.
  std::string source() const {
    if (d_.example >= 0) return trf(lang_, "example: %s", tr(lang_, kExamples[d_.example]));
    return shown(d_.source);
  }

  // ---- the sinusoidal part ------------------------------------------------------------------------

  // Every step: the inputs, then the verdict or the difference heatmap once a table is in.
  void draw_step(DrawContext& ctx, bool diff) {
    const ui::Theme& t = *theme_;
    draw_inputs(ctx, t);
    ImGui::Spacing();
    if (!d_.have)
      ui::caption(
          tr(lang_, "No table yet: drop a file on the page, open one, paste numbers, or load an example."),
          t);
    else if (diff)
      draw_diff(ctx, t);
    else
      draw_verdict(t);
  }

  void load_example(int which) {
    using B = core::BugKind;  // in the order of kExamples
    constexpr B kBugs[] = {B::None,          B::HalfLayout, B::Swapped,  B::ExponentI,
                           B::LengthDivisor, B::StartAt1,   B::OtherBase};
    const Eigen::MatrixXd m = core::buggy_table(kBugs[which], {50, 16, p_.base, 500000.0});
    d_.table = m;
    d_.have = true;
    d_.error = {};
    d_.source.clear();
    d_.example = which;
    d_.checked_base = 0;
    update();
  }

  void draw_inputs(DrawContext& ctx, const ui::Theme& t) {
    if (ImGui::Button(tr(lang_, "Open a .npy or .csv file\xE2\x80\xA6"))) ctx.open_file = true;
    if (ImGui::GetContentRegionAvail().x > ui::em(26)) ImGui::SameLine();  // on phones: its own line
    ImGui::SetNextItemWidth(ui::em(11));
    if (ImGui::BeginCombo("##example", tr(lang_, "Load an example"))) {
      for (int i = 0; i < static_cast<int>(kExamples.size()); ++i)
        if (ImGui::Selectable(tr(lang_, kExamples[i]))) {
          load_example(i);
          ctx.edited = true;
        }
      ImGui::EndCombo();
    }
    paste_box(
        ctx, paste_.data(), paste_.size(),
        "or paste numbers with Ctrl+V anywhere on this page, or type them, one row per line:",
        "On a touch screen, open a file with the button above; pasting or typing numbers needs a keyboard:",
        "Check the pasted numbers", 5);
    if (!d_.error.empty()) {
      ui::wrapped(ui::tr_message(lang_, d_.error), t, t.warn);
    }
  }

  // The verdict in the learner's language: core's sentence frames and candidate messages through the
  // label table (the other-base message is rebuilt with its numbers).
  std::string verdict() const {
    const core::VerdictWords words{
        tr(lang_, "Your table %s."), tr(lang_, " Equivalently, it %s."),
        tr(lang_, "No known bug explains the difference (largest %s). Closest guess: it %s (off by %s).")};
    return core::verdict_sentence(d_.result, words, [this](const core::Candidate& c) {
      if (lang_ == 0) return c.message;
      if (c.id == "base")
        return trf(lang_, "uses base %s instead of %s", c.label.substr(5).c_str(),
                   ui::short_number(p_.base, 9).c_str());
      return std::string(tr(lang_, c.message.c_str()));
    });
  }

  void draw_verdict(const ui::Theme& t) {
    const int rows = static_cast<int>(d_.table.rows()), cols = static_cast<int>(d_.table.cols());
    ImGui::TextUnformatted(trf(lang_, "%s: %d × %d", source().c_str(), rows, cols).c_str());
    ui::residual(tr(lang_, "max |yours − reference| ="), d_.result.max_error, 1e-9, t);
    ui::wrapped(verdict(), t, t.strong, 0, t.bold);
    if (!ImGui::BeginTable("candidates", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp))
      return;
    ImGui::TableSetupColumn(tr(lang_, "hypothesis"));
    ImGui::TableSetupColumn(tr(lang_, "max difference"));
    ImGui::TableHeadersRow();
    std::vector<core::Candidate> sorted = d_.result.candidates;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.error < b.error; });
    for (const core::Candidate& c : sorted) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      // Candidate labels are core's names ("halves layout", "base 100"), said through the catalogue.
      const std::string label = c.label.rfind("base ", 0) == 0
                                    ? trf(lang_, "base %s", c.label.substr(5).c_str())
                                    : tr(lang_, c.label.c_str());
      ImGui::TextUnformatted(label.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ui::short_number(c.error).c_str());
    }
    ImGui::EndTable();
  }

  void draw_diff(DrawContext& ctx, const ui::Theme& t) {
    ui::HeatmapOptions o = position_rows("yours − reference");
    o.height = std::min(ImGui::GetContentRegionAvail().x * 0.7f, ui::em(18));
    o.hover_extra = [this](int r, int c) {
      return trf(lang_, "yours %s, reference %s", ui::short_number(d_.table(r, c), 6).c_str(),
                 ui::short_number(d_.table(r, c) - d_.result.diff(r, c), 6).c_str());
    };
    ui::heatmap("diff", view_.diff, o, t, *ctx.textures);
  }

  // ---- the RoPE part: reading ---------------------------------------------------------------------

  // A cache file: both tables at once, or one of a pair (by its name, else by order: the first is cos).
  core::Messages receive_cache(const std::string& file, const unsigned char* bytes, std::size_t size) {
    core::TablePair p = core::parse_cache_file(bytes, size);
    if (!p.ok()) {
      rope_error_ = p.error;
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

  core::Messages set_cache(Eigen::MatrixXd cos, Eigen::MatrixXd sin, const std::string& source,
                           int example = 0) {
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
  void run_check() {
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
    cache_.refused =
        cache_.check.error.rfind("No column rotates", 0) == 0
            ? core::Message{"no column rotates: every angle is 0 (cos 1, sin 0 throughout)", {}}
            : core::Message{"an odd number of columns rotate, but RoPE rotates pairs of columns", {}};
  }

  void load_rope_example() {
    const int e = p_.rope_example;
    waiting_[0].have = waiting_[1].have = false;
    if (e <= 0) {  // "none": the example goes, nothing of the learner's comes back
      cache_ = Cache{{}, 0, {}, {}, false, {}, {}, cache_.serial + 1};
      return;
    }
    core::RopeCache c = core::rope_example_cache(static_cast<core::RopeExample>(e - 1));
    set_cache(std::move(c.cos), std::move(c.sin), {}, e);
  }

  core::Messages receive_config(const std::string& file, const unsigned char* bytes, std::size_t size) {
    const core::ModelConfigResult r =
        core::parse_model_config(std::string_view(reinterpret_cast<const char*>(bytes), size));
    if (!r.ok()) {
      rope_error_ = r.error;
      return {{"{0}: {1}", {shown(file), ui::tr_message(lang_, r.error)}}};
    }
    yours_ = {r.config, file, true, yours_.serial + 1};
    rope_error_ = {};
    p_.config = yours_option();
    compare();
    core::Messages said = {{"{0}: read", {shown(file)}}};
    for (const core::Message& m : r.notices)
      said.push_back({"{0}: {1}", {shown(file), ui::tr_message(lang_, m)}});
    return said;
  }

  // ---- the RoPE part: comparing -------------------------------------------------------------------

  // The config compared with (false: transformers' defaults).
  bool chosen_config(core::RopeConfig& out) const {
    const int k = p_.config;
    if (k == kDefaults) return false;
    if (k == yours_option()) {
      if (yours_.have) out = yours_.config;
      return yours_.have;
    }
    const char* json = k == kExampleModel ? core::kRopeExampleConfig : core::model_presets()[k - 2].json;
    const core::ModelConfigResult r = core::parse_model_config(json);
    if (r.ok()) out = r.config;
    return r.ok();
  }

  void compare() {
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
    core::RopeConfig config;
    cmp_.with_config = chosen_config(config);
    if (cmp_.with_config) cmp_.expected = core::rope_expected(config, len);
    if (!cache_.have || !cache_.refused.empty() || cache_.check.verdict == "not_rotation") return;
    cmp_.differences = core::rope_differences(cache_.check, dim, cmp_.with_config ? &cmp_.expected : nullptr);
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
    // One colour scale for both maps, so the two compare at a glance.
    view_.rope_cos.set(cmp_.diff_cos, cmp_.max_diff, kMapRows);
    view_.rope_sin.set(cmp_.diff_sin, cmp_.max_diff, kMapRows);
  }

  // ---- the RoPE part: words -----------------------------------------------------------------------

  std::string rope_source() const {
    if (cache_.example > 0) {
      const auto e = static_cast<core::RopeExample>(cache_.example - 1);
      return trf(lang_, "example: %s", tr(lang_, core::rope_example_label(e)));
    }
    return shown(cache_.source);
  }

  // What the cache is compared with, as a name in a sentence.
  std::string compared_name() const {
    if (!cmp_.with_config) return tr(lang_, "transformers' defaults");
    return config_label(p_.config);
  }

  std::string config_label(int k) const {
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
  std::string reference_id() const {
    return cmp_.with_config && !cmp_.fallback ? config_ids()[p_.config] : "inferred";
  }

  std::string clause(const core::RopeDifference& d) const {
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

  // The one sentence: what differs from the config (or the defaults), built from the check's fields.
  std::string rope_sentence() const {
    if (!cache_.have) return "–";
    if (!cache_.refused.empty()) return ui::tr_message(lang_, cache_.refused);
    if (cache_.check.verdict == "not_rotation")
      return tr(lang_,
                "These are not the cos and sin of RoPE rotations: cos² + sin² changes from entry to entry, "
                "or the columns do not come in pairs that share an angle.");
    std::string list;
    for (const core::RopeDifference& d : cmp_.differences)
      list += (list.empty() ? "" : tr(lang_, "; ")) + clause(d);
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

  std::string rope_value(std::string_view n) const {
    const bool have = cache_.have;
    const bool ok = have && cmp_.valid;
    const Half& w = waiting_[0].have ? waiting_[0] : waiting_[1];
    if (n == "loaded") return have ? "1" : "0";
    if (n == "ok") return ok ? "1" : "0";
    if (n == "source") return have ? rope_source() : tr(lang_, "nothing loaded");
    if (n == "shape")
      return have ? std::to_string(cache_.cos.rows()) + " × " + std::to_string(cache_.cos.cols())
                  : tr(lang_, "none yet");
    if (n == "waiting") return w.have ? "1" : "0";
    if (n == "waiting_file") return w.have ? shown(w.name) : "–";
    if (n == "waiting_part") return waiting_[1].have ? "sin" : "cos";
    if (n == "waiting_other") return waiting_[1].have ? "cos" : "sin";
    if (n == "sentence") return rope_sentence();
    if (n == "compared") return compared_name();
    if (n == "config") return cmp_.with_config ? "1" : "0";
    if (n == "fallback") return ok && cmp_.fallback ? "1" : "0";
    if (n == "ref_config") return ok && cmp_.with_config && !cmp_.fallback ? "1" : "0";
    if (n == "ref_inferred") return ok && !cmp_.with_config ? "1" : "0";
    if (n == "base") return ok ? ui::short_number(cache_.check.base, 9) : "–";
    if (n == "max_diff") return ok ? ui::short_number(cmp_.max_diff) : "–";
    if (n == "worst_row") return ok ? std::to_string(cmp_.worst_row) : "–";
    if (n == "worst_col") return ok ? std::to_string(cmp_.worst_col) : "–";
    if (n == "worst_table") return cmp_.worst_in_sin ? "sin" : "cos";
    if (n == "bf16") return ok && cache_.check.precision == "bfloat16" ? "1" : "0";
    if (n == "reference")
      return cmp_.with_config && !cmp_.fallback
                 ? trf(lang_, "the cache %s gives", compared_name().c_str())
                 : std::string(tr(lang_, "the cache the inferred parameters give"));
    return {};
  }

  // ---- the RoPE part: drawing ---------------------------------------------------------------------

  // The example picker and the config picker (every RoPE step); with `full`, the paste box and the
  // state of a pair given as two files (the load step).
  void draw_rope_inputs(DrawContext& ctx, bool full) {
    const ui::Theme& t = *theme_;
    if (ImGui::Button(tr(lang_, "Open a .npy, .csv or config.json\xE2\x80\xA6"))) ctx.open_file = true;
    if (ImGui::GetContentRegionAvail().x > ui::em(30)) ImGui::SameLine();  // on phones: its own line
    ImGui::SetNextItemWidth(ui::em(13));
    const std::vector<const char*>& ids = rope_example_ids();
    if (ImGui::BeginCombo("##rope_example", tr(lang_, "Load an example"))) {
      for (int i = 1; i < static_cast<int>(ids.size()); ++i)
        if (ImGui::Selectable(tr(lang_, core::rope_example_label(static_cast<core::RopeExample>(i - 1))),
                              cache_.example == i)) {
          p_.rope_example = i;
          if (p_.config == kDefaults) p_.config = kExampleModel;  // the examples are ports of that model
          edited(ctx);
        }
      ImGui::EndCombo();
    }
    ImGui::SetNextItemWidth(
        ui::label_column(tr(lang_, "Compare with"), 22));  // long names: a phone's whole line
    if (ImGui::BeginCombo("##config", config_label(p_.config).c_str())) {
      for (int k = 0; k <= yours_option(); ++k) {
        if (k == yours_option() && !yours_.have) break;  // "yours" once the learner has given one
        if (ImGui::Selectable(config_label(k).c_str(), k == p_.config) && k != p_.config) {
          p_.config = k;
          edited(ctx);
        }
      }
      ImGui::EndCombo();
    }
    if (full) {
      paste_box(ctx, paste_.data(), paste_.size(),
                "or paste with Ctrl+V anywhere on this page: the cos rows, a blank line, the sin rows (or a "
                "config.json):",
                "On a touch screen, open the files with the button above; pasting needs a keyboard:",
                "Check the pasted cache", 4);
      const Half& w = waiting_[0].have ? waiting_[0] : waiting_[1];
      if (w.have)
        ui::wrapped(
            trf(lang_, "Waiting for the %s table: %s (%d × %d) is in as the %s table.",
                waiting_[1].have ? "cos" : "sin", shown(w.name).c_str(), static_cast<int>(w.table.rows()),
                static_cast<int>(w.table.cols()), waiting_[1].have ? "sin" : "cos"),
            t, t.accent);
    }
    if (!rope_error_.empty())
      ui::wrapped(ui::tr_message(lang_, rope_error_), t, t.warn);
    ImGui::Spacing();
  }

  bool draw_nothing_yet() {
    if (cache_.have) return false;
    ui::caption(tr(lang_, "No cache yet: drop or open a file, paste one, or load an example."), *theme_);
    return true;
  }

  void draw_rope_load(DrawContext& ctx) {
    draw_rope_inputs(ctx, true);
    if (draw_nothing_yet()) return;
    const ui::Theme& t = *theme_;
    ImGui::TextUnformatted(trf(lang_, "%s: cos and sin, %d × %d each", rope_source().c_str(),
                               static_cast<int>(cache_.cos.rows()), static_cast<int>(cache_.cos.cols()))
                               .c_str());
    ui::wrapped(rope_sentence(), t, t.strong, 0, t.bold);
    ui::HeatmapOptions o = position_rows("your cos table, as read");
    o.height = std::min(ImGui::GetContentRegionAvail().x * 0.5f, ui::em(12));
    ui::heatmap("read_cos", view_.read_cos, o, t, *ctx.textures);
  }

  void draw_rope_verdict(DrawContext& ctx) {
    draw_rope_inputs(ctx, false);
    if (draw_nothing_yet()) return;
    const ui::Theme& t = *theme_;
    ui::wrapped(rope_sentence(), t, t.strong, 0, t.bold);
    if (!cache_.check.ok() || !cache_.refused.empty() || cache_.check.verdict == "not_rotation") return;
    ImGui::Spacing();
    draw_parameter_table(t);
  }

  // Inferred against expected, one row a parameter; the rows that differ in the warning colour.
  void draw_parameter_table(const ui::Theme& t) {
    if (!ImGui::BeginTable("inferred", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame))
      return;
    ImGui::TableSetupColumn(tr(lang_, "parameter"));
    ImGui::TableSetupColumn(tr(lang_, "your cache"));
    ImGui::TableSetupColumn(cmp_.with_config ? tr(lang_, "the config") : tr(lang_, "the defaults"));
    ImGui::TableHeadersRow();
    using K = core::RopeDifferenceKind;
    const auto differs = [&](std::initializer_list<K> kinds) {
      for (const core::RopeDifference& d : cmp_.differences)
        for (K k : kinds)
          if (d.kind == k) return true;
      return false;
    };
    // Cells wrap (a phone's columns are narrow), the learner's values in the warning colour where they
    // differ.
    const auto row = [&](const char* name, const std::string& have, const std::string& want, bool bad) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ui::wrapped(tr(lang_, name), t, 0, 0, nullptr, 1.2f);
      ImGui::TableNextColumn();
      ui::wrapped(have, t, bad ? t.warn : 0, 0, nullptr, 1.2f);
      ImGui::TableNextColumn();
      ui::wrapped(want, t, 0, 0, nullptr, 1.2f);
    };
    const core::RopeCacheCheck& k = cache_.check;
    const core::RopeExpected& e = cmp_.expected;
    const bool c = cmp_.with_config;
    const int dim = static_cast<int>(cache_.cos.cols());
    const std::string half =
        "rotate_half (j, j + " + std::to_string(k.rotary_dim / 2) + ")";  // code, in every language
    row("pairs", k.layout == "interleaved" ? tr(lang_, "interleaved (2j, 2j+1)") : half, "rotate_half",
        differs({K::Layout, K::Sign, K::Swapped}));
    row("base", ui::short_number(k.base, 9),
        c ? ui::short_number(e.base, 9) : tr(lang_, "(the model's choice)"), differs({K::Base, K::Unknown}));
    row("row 0 is position", std::to_string(k.offset), "0", differs({K::Offset}));
    row("rotating columns", trf(lang_, "%d of %d", k.rotary_dim, dim),
        std::to_string(c ? e.init.rotary_dim : dim), differs({K::Rotary, K::Width}));
    row("scaling", scaling_text(lang_, k.rope_type, k.factor),
        c ? scaling_text(lang_, core::rope_type_name(e.init.rope_type), e.factor) : tr(lang_, "none"),
        differs({K::Scaling, K::Factor, K::Frequencies}));
    row("attention factor", ui::short_number(k.attention_factor, 6),
        ui::short_number(c ? e.init.attention_factor : 1.0, 6), differs({K::Attention}));
    row("angles formed in", k.precision, tr(lang_, "float32 or better"), differs({K::Precision}));
    row("left unexplained (max)", ui::short_number(k.max_error), "", differs({K::Mismatch}));
    ImGui::EndTable();
  }

  void draw_rope_diff(DrawContext& ctx) {
    draw_rope_inputs(ctx, false);
    if (draw_nothing_yet()) return;
    const ui::Theme& t = *theme_;
    if (!cmp_.valid) {
      ui::wrapped(rope_sentence(), t, t.warn);
      return;
    }
    ui::residual(tr(lang_, "max |yours − reference| ="), cmp_.max_diff, 1e-6, t);
    const float h = std::min(ImGui::GetContentRegionAvail().x * 0.45f, ui::em(narrow_ ? 11 : 13));
    const auto map = [&](const char* id, const char* title, ui::HeatmapImage& img,
                         const Eigen::MatrixXd& yours, const Eigen::MatrixXd& diff, bool sin) {
      ui::HeatmapOptions o = position_rows(title);
      o.height = h;
      if (cmp_.worst_in_sin == sin) o.mark_row = cmp_.worst_row, o.mark_col = cmp_.worst_col;
      o.hover_extra = [this, &yours, &diff](int r, int c) {
        return trf(lang_, "yours %s, reference %s", ui::short_number(yours(r, c), 6).c_str(),
                   ui::short_number(yours(r, c) - diff(r, c), 6).c_str());
      };
      ui::heatmap(id, img, o, t, *ctx.textures);
    };
    map("rope_cos", "cos: yours − reference", view_.rope_cos, cache_.cos, cmp_.diff_cos, false);
    map("rope_sin", "sin: yours − reference", view_.rope_sin, cache_.sin, cmp_.diff_sin, true);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_check() { return std::make_unique<CheckLesson>(); }

}  // namespace posenc::lessons
