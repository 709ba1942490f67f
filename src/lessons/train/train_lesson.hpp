// Lesson train's class, shared by the files of its folder only: the results the text quotes, worked out
// once every run is scored (results.cpp), the result steps' plots and the runs table (plots.cpp), and the
// lesson that ties them: settings, the runs and their progress (train.cpp).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/train_pool.hpp"
#include "core/train_run.hpp"
#include "lessons/lesson.hpp"

namespace posenc::lessons::train_lesson {

// The encodings' names on screen (catalogue keys), in core::all_encodings()'s order.
extern const std::vector<const char*> kRuns;
constexpr int kEncodings = 7;  // all of them; randomised positions (the last) only when asked for
constexpr int kRandom = 6;     // core::Encoding::Random
constexpr double kGood = 0.9;  // "learned the task": the accuracy the text's lists use
// How often the page looks at runs that train elsewhere (workers, threads): it takes in their progress
// four times a second, and a frame in between (a hover, the frame after a change) shows the same
// progress and time, so it draws nothing new. On a 2-core machine the page's frames share the cores with
// the two workers (in headless Chromium every pixel drawn is the CPU's). Measured 2026-11-26, default
// comparison, canvas drawn only where it changed: taken in ten times a second (and in every frame),
// ~14 frames drawn a second, a run 1.18–1.52× its time alone, 22–23 s in all; four times a second,
// ~4 drawn a second, every one of the 18 runs 1.00–1.26×, 20–21 s (BENCHMARKS.md).
constexpr double kProgressEvery = 0.25;
// The learning rates the page offers (a choice, so a link holds an index).
extern const std::vector<double> kRates;

struct Params {
  int task = 1;  // reverse
  bool causal = true;
  bool start = false;   // a start token opens every sequence
  bool random = false;  // train randomised positions too (a seventh encoding; off: the comparison's time)
  int layers = 2, heads = 4, d_model = 32;
  int vocab = 10, k = 2;
  int train_len = 6, min_len = 1;
  int test_x = 4;    // test lengths up to test_x × train_len
  int steps = 2000;  // the cap: a run stops earlier once it converges
  int rate = 2;      // kRates[2] = 1e-2
  int batch = 32, warmup = 50;
  int seeds = 3;  // runs per encoding: seeds seed, seed + 1, …
  int seed = 1;
  // What the result steps show (not part of a run).
  int metric = 0;  // 0 token, 1 whole sequence; teacher-forced
  bool greedy = false;
  int run = 3;         // RoPE
  int shown_seed = 0;  // which of the seeds (0 … seeds − 1)
  int layer = 0, head = 0;
  int ex_len = 6, example = 0;
};

// One encoding's runs at one test length: the chosen metric over its seeds.
struct Spread {
  double mean = 0, lo = 0, hi = 0;
  int above = 0;  // seeds clearly above the baseline (teacher-forced token accuracy only)
};

struct Results {                      // worked out once every run is scored
  std::vector<core::RunRecord> runs;  // encoding-major: run e · seeds + s
  Eigen::MatrixXd accuracy;           // export: length, then every run's chosen metric
  Eigen::MatrixXd loss;               // export: steps × runs (NaN after a run stopped)
  Eigen::MatrixXd table;              // the shown seed's learned run's position table
  core::Components pcs;               // … its first two principal components over the trained rows
};

// The position-blind baseline of the fixed test sets (known before any run: it depends on the sets only).
struct Baselines {
  std::vector<double> baseline;          // per test length, for the mask in use (an expectation)
  std::vector<double> margin;            // … and what "clearly above it" adds: the test set's own noise
  double causal = 0, bidirectional = 0;  // at the training length, for either mask
};

// A row of the papers step: a paper's claim in its setting, what these runs show on the nearest one, and
// whether they agree.
enum class Verdict {
  Agree,
  Disagree,
  Undecided,
  Unsettled,
  NotComparable,  // a causal model's claim, runs with a bidirectional mask
  NotRun,         // randomised positions not trained
  OneSeed,
  NeedsBidirectional,  // an encoder's claim (a bidirectional mask), runs with a causal one
  NoLonger,            // a claim about longer inputs, no test past the training length
};
// A verdict as the table says it (a catalogue key).
const char* verdict_key(Verdict v);
struct PaperRow {
  const char* paper;  // catalogue keys
  const char* claim;
  const char* setting;
  std::string here;  // computed from the runs, in the learner's language
  Verdict verdict;
};

// +1 when every seed of a is above every seed of b, −1 the other way round, 0 when they overlap.
int separated(const std::vector<double>& a, const std::vector<double>& b);
// Whether encoding `target`'s seeds are above those of each of `others` (seeds[e]: encoding e's seeds):
// Agree when above every one, Disagree when one is above it, else Undecided; Unsettled when a run of
// theirs stopped at its cap (not `settled`).
Verdict above_others(int target, const std::vector<std::vector<double>>& seeds,
                     const std::vector<int>& others, bool settled);

// Ruoss et al. 2023 on these runs: randomised positions against the encoding they randomise here (the
// sinusoidal code), each one's seeds at a length past the training length, in their setting (an encoder: a
// bidirectional mask). NotRun, NoLonger or NeedsBidirectional where these runs cannot say; else as
// above_others (settled: every run of both converged).
Verdict randomised_against_base(bool trained, bool longer, bool causal, const std::vector<double>& random,
                                const std::vector<double>& sinusoidal, bool settled);

struct View {
  ui::HeatmapImage attention, table;
};

std::string num(double x, int digits = 3);

class TrainLesson final : public Lesson {
  Params p_;
  Params seen_;
  bool computed_ = false;
  core::TrainConfig config_;  // what Train would run (every run but its encoding and seed)
  std::string config_error_;  // why it cannot run ("" when it can)
  // The runs, from Train until a change discards them (none: not trained), trained wherever the
  // platform's pool trains them (workers, threads, or slices between frames).
  std::unique_ptr<core::TrainPool> pool_;
  bool finished_ = false;  // every run scored and the results worked out
  long params_ = 0;        // the model's parameters without positions (the text's {{params}})
  // When the runs' progress was last taken in (pool_->seconds()), and the time then shown; whether a
  // record came in (the pool reads one a call: another may wait, read in the next frame).
  double read_at_ = -1, shown_seconds_ = 0;
  bool record_read_ = false;
  // The baselines of the settings shown: worked out when first asked for (the text or a plot of this
  // lesson), not when the app starts — the core's training code is in the module loaded later.
  mutable std::optional<Baselines> baselines_;
  Results r_;
  Eigen::MatrixXd attention_;
  core::Example example_;
  std::vector<int> predicted_;
  View view_;
  std::vector<int> order_;               // the runs table's rows, sorted as its header asks
  std::vector<ui::Series> loss_curves_;  // each run's loss, averaged over stretches of steps
  std::vector<PaperRow> papers_;         // the papers table, in language papers_lang_ (−1: not yet)
  int papers_lang_ = -1;
  int papers_words_ = -1;  // … and the catalogue's size then (the Chinese words arrive on demand)
  // Runs read from a runs file (the PyTorch script's, or an export): shown in the runs table beside the
  // page's own, kept when the settings change (they carry their own setups).
  std::vector<core::RunRecord> imported_;
  // The runs table's rows and what its exports hold: this page's runs (once all trained), then those read
  // from a file.
  std::vector<const core::RunRecord*> table_runs() const;
  std::string imported_from_stem() const;
  std::string imported_from_;

 public:
  TrainLesson();
  void visit(ParamVisitor& v) override;
  core::Messages update() override;
  bool work(double budget_ms) override;
  double work_every() const override { return running() && !pool_->trains_here() ? kProgressEvery : 0; }
  std::vector<Export> exports(std::string_view step) const override;
  bool accepts_files() const override { return true; }
  bool takes_file(std::string_view name, const unsigned char* bytes, std::size_t size) const override;
  core::Messages receive_file(std::string_view name, const unsigned char* bytes, std::size_t size) override;
  std::string_view step_for_file() const override { return "runs"; }
  // The runs (as the runs export writes them) and the shown runs' weights, for the notebook (notebook.cpp).
  std::string notebook_data() const override;
  // The papers table's rows as the papers step shows them (none before every run is scored).
  std::vector<PaperRow> papers() const { return paper_rows(); }

 private:
  bool running() const { return pool_ && !finished_; }
  bool done() const { return pool_ && finished_; }
  int top_len() const { return p_.train_len * p_.test_x; }
  int shortest() const { return p_.task == 2 ? p_.k + 1 : 1; }  // k_back needs k + 1 tokens
  // The encodings trained: the first six, and randomised positions when asked for.
  int encodings() const { return p_.random ? kEncodings : kRandom; }
  int runs() const { return encodings() * p_.seeds; }
  int run_index(int encoding, int seed) const { return encoding * p_.seeds + seed; }
  // The learned table's rows a training sequence reaches.
  int trained_rows() const { return core::sequence_length(core::task_spec(config_), config_.train_len); }

  // ---- settings, the runs and their progress (train.cpp) ----
  void say_settings();  // their placeholders
  std::vector<int> test_lens_for(const Params& p, int shortest) const;
  const std::vector<int>& config_test_lens() const { return config_.test_lens; }
  int train_index() const;
  void make_config(core::Messages& notice);
  std::vector<core::TrainConfig> run_configs() const;
  void reset();
  const Baselines& b() const;
  void start();
  void run_bar(DrawContext& ctx);
  bool need_results(DrawContext& ctx);
  void draw_setup(DrawContext& ctx);

  // ---- the results (results.cpp) ----
  void say_results();  // their placeholders
  void finish();
  void update_view();
  int example_right() const;
  const std::vector<double>& metric_of(const core::RunRecord& r) const;
  double value(int encoding, int seed, int len) const;  // the chosen metric
  double token(int encoding, int seed, int len) const;  // teacher-forced token accuracy
  Spread spread(int encoding, int len, bool token_accuracy) const;
  std::string spread_text(int encoding, int len, bool token_accuracy) const;
  struct Best {
    enum Kind { None, Clear, Tied } kind = None;
    int top = -1, runner = -1;
  };
  Best best(int len) const;
  bool converged(int encoding) const;  // every seed
  int converged_runs() const;
  template <class F>
  int count(F f) const;
  template <class F>
  std::string names(F f) const;

  // ---- the result steps' plots and the runs table (plots.cpp) ----
  void refresh_loss_curves();  // as losses arrive: the loss plot draws them
  void loss_plot(float height);
  ui::Series encoding_dots(int e) const;
  ui::LinePlotOptions accuracy_options(const char* title, const char* x_label) const;
  void accuracy_plot(float height);
  void draw_bag(DrawContext& ctx);
  void draw_length(DrawContext& ctx);
  void draw_attention(DrawContext& ctx);
  void draw_table(DrawContext& ctx);
  void draw_runs(DrawContext& ctx);
  std::string runs_csv() const;

  // ---- the papers step (papers.cpp) ----
  int length_near(int n) const;
  std::string encoding_at(int encoding, int len) const;
  std::vector<double> seeds_at(int encoding, int len) const;
  std::vector<PaperRow> paper_rows() const;
  void draw_papers(DrawContext& ctx);
};

}  // namespace posenc::lessons::train_lesson
