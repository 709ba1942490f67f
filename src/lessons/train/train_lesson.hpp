// Lesson train's class, shared by the files of its folder only: the results the text quotes, worked out
// once the six runs are tested (results.cpp), the result steps' plots (plots.cpp), and the lesson that
// ties them: settings, the runs and their progress (train.cpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/train.hpp"
#include "core/train_bench.hpp"
#include "lessons/lesson.hpp"

namespace posenc::lessons::train_lesson {

// The runs' names on screen (catalogue keys), in core::all_encodings()'s order.
extern const std::vector<const char*> kRuns;
constexpr double kGood = 0.9;  // "learned the task": the accuracy the text's lists use

struct Params {
  int task = 1;  // reverse
  bool causal = false;
  int layers = 2, heads = 4, d_model = 32;
  int train_len = 8;
  int test_x = 4;  // test lengths up to test_x × train_len
  int steps = 900;
  int seed = 1;
  // What the result steps show (not part of a run).
  int run = 3;  // RoPE
  int layer = 0, head = 0;
  int ex_len = 8, example = 0;
};

using Phase = core::TrainBench::Phase;

struct Results {                   // worked out once the runs are tested
  Eigen::MatrixXd accuracy;        // test lengths × runs (export: first column the length)
  Eigen::MatrixXd loss;            // steps × runs
  double bag_bound = 0;            // best accuracy a bag of tokens allows on the test set at train_len
  std::vector<double> bag_bounds;  // … on the test set of each test length
  Eigen::MatrixXd table;           // the learned run's position table (rows × d_model)
  core::Components pcs;            // … its first two principal components over the trained rows
};

struct View {
  ui::HeatmapImage attention, table;
};

std::string num(double x, int digits = 3);

class TrainLesson final : public Lesson {
  Params p_;
  Params seen_;
  bool computed_ = false;
  core::TrainConfig config_;  // what Train would run (every run but its encoding)
  std::string config_error_;  // why it cannot run ("" when it can)
  // The six runs, from Train until a change discards them (none: not trained). What the screen shows of
  // a training in progress is the bench's progress(), refreshed about ten times a second rather than
  // after every slice: a frame that looks like the last one is not handed to WebGL, which leaves the
  // time to training steps.
  std::unique_ptr<core::TrainBench> bench_;
  Results r_;  // worked out once the bench is done
  Eigen::MatrixXd attention_;
  core::Example example_;
  std::vector<int> predicted_;
  View view_;

 public:
  TrainLesson();
  void visit(ParamVisitor& v) override;
  core::Messages update() override;
  bool work(double budget_ms) override;
  std::vector<Export> exports(std::string_view step) const override;

 private:
  bool running() const { return bench_ && !bench_->done(); }
  bool done() const { return bench_ && bench_->done(); }  // and its results worked out (finish())
  int top_len() const { return p_.train_len * p_.test_x; }
  int shortest() const { return p_.task == 2 ? config_.k + 1 : 1; }  // k_back needs k + 1 tokens

  // ---- settings, the runs and their progress (train.cpp) ----
  void say_settings();  // their placeholders
  std::vector<int> test_lens_for(const Params& p, int shortest) const;
  const std::vector<int>& config_test_lens() const { return config_.test_lens; }
  int train_index() const;
  void make_config(core::Messages& notice);
  long parameter_count() const;
  void reset();
  void start();
  void run_bar(DrawContext& ctx);
  bool need_results(DrawContext& ctx);
  void draw_setup(DrawContext& ctx);

  // ---- the results (results.cpp) ----
  void say_results();  // their placeholders
  void finish();
  double bag_bound(const std::vector<core::Example>& set) const;
  void update_view();
  int example_right() const;
  double acc(int run, int len) const;
  template <class F>
  int count(F f) const;
  template <class F>
  std::string names(F f) const;
  int best_index(int len) const;
  std::string best_run(int len) const;
  double best_acc(int len) const;

  // ---- the result steps' plots (plots.cpp) ----
  void loss_plot(float height);
  ui::Series run_dots(int i) const;
  ui::LinePlotOptions accuracy_options(const char* title, const char* x_label) const;
  void accuracy_plot(float height);
  void draw_bag(DrawContext& ctx);
  void draw_length(DrawContext& ctx);
  void draw_attention(DrawContext& ctx);
  void draw_table(DrawContext& ctx);
};

}  // namespace posenc::lessons::train_lesson
