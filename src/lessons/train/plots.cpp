// Lesson train, the plots: the loss curves of the six runs (also while they train), their accuracy at
// the training length against the bag-of-tokens bound and against input length, a run's attention map
// on an example, and the learned position table with its principal components.
#include <algorithm>

#include "train_lesson.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons::train_lesson {

void TrainLesson::loss_plot(float height) {
  std::vector<ui::Series> s;
  for (int i = 0; i < (bench_ ? bench_->runs() : 0); ++i) {
    const auto& loss = bench_->run(i).losses();
    ui::Series c;
    c.label = tr(lang_, kRuns[i]);
    // At most ~300 points: the mean of each stretch of steps (while training, of the steps shown).
    const size_t n = bench_->phase() == Phase::Training
                         ? std::min(loss.size(), static_cast<size_t>(bench_->progress().steps[i]))
                         : loss.size();
    const size_t per = std::max<size_t>(1, n / 300);
    for (size_t a = 0; a + per <= n; a += per) {
      double sum = 0;
      for (size_t b = a; b < a + per; ++b) sum += loss[b];
      c.x.push_back(a + per / 2.0);
      c.y.push_back(sum / per);
    }
    s.push_back(std::move(c));
  }
  ui::LinePlotOptions o;
  o.title = tr(lang_, "Training loss of the six runs (cross-entropy, log scale)");
  o.x_label = tr(lang_, "step");
  o.log_y = true;
  o.height = height;
  if (s.empty()) {
    ui::Series empty;
    empty.label = tr(lang_, "no run yet");
    s.push_back(empty);
  }
  ui::line_plot("loss", s, o, *theme_);
}

// Run i's dots (x and y to fill), in its colour of every plot.
ui::Series TrainLesson::run_dots(int i) const {
  ui::Series c;
  c.label = tr(lang_, kRuns[i]);
  c.color = ui::palette(i);  // set: on a plot whose first series is not a run, still the run's colour
  c.points = true;
  return c;
}

// A plot of token accuracy, 0 to 1 with room above, against whole numbers; the first and last dots
// whole, off the plot's edges.
ui::LinePlotOptions TrainLesson::accuracy_options(const char* title, const char* x_label) const {
  ui::LinePlotOptions o;
  o.title = tr(lang_, title);
  o.x_label = tr(lang_, x_label);
  o.integer_x = true;
  o.x_pad = 0.5;
  o.fix_y = true;
  o.y_min = 0;
  o.y_max = 1.05;
  return o;
}

void TrainLesson::accuracy_plot(float height) {
  std::vector<ui::Series> s;
  const auto& lens = config_test_lens();
  // The bound depends on the length (a longer input repeats its most frequent token less): one value
  // per test set, a wide pale band under the runs (the run without positions rides on it), named in the
  // legend.
  ui::Series bound;
  bound.label = tr(lang_, "bag-of-tokens bound");
  bound.color = (theme_->muted & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 110);
  bound.thickness = 6.0f;
  for (size_t l = 0; l < lens.size() && l < r_.bag_bounds.size(); ++l) {
    bound.x.push_back(lens[l]);
    bound.y.push_back(r_.bag_bounds[l]);
  }
  s.push_back(std::move(bound));
  for (int i = 0; i < 6; ++i) {
    ui::Series c = run_dots(i);
    for (size_t l = 0; l < lens.size(); ++l) {
      c.x.push_back(lens[l]);
      c.y.push_back(acc(i, static_cast<int>(l)));
    }
    s.push_back(std::move(c));
  }
  ui::LinePlotOptions o =
      accuracy_options("Token accuracy against input length (shaded: lengths trained on)", "input length n");
  o.height = height;
  o.bands.push_back(
      {static_cast<double>(shortest()), static_cast<double>(p_.train_len), 0, tr(lang_, "trained")});
  ui::line_plot("accuracy", s, o, *theme_);
}

void TrainLesson::draw_bag(DrawContext& ctx) {
  if (!need_results(ctx)) return;
  // Accuracy at the training length, one point per run (the legend names them), against the bound.
  std::vector<ui::Series> s;
  for (int i = 0; i < 6; ++i) {
    s.push_back(run_dots(i));
    s.back().x = {double(i)};
    s.back().y = {acc(i, train_index())};
  }
  ui::LinePlotOptions o = accuracy_options("Token accuracy at the training length, run by run", "run");
  o.height = ui::em(14);
  o.y_markers.push_back({r_.bag_bound, tr(lang_, "bag-of-tokens bound"), 0});
  ui::line_plot("bars", s, o, *theme_);
  loss_plot(ui::em(11));
}

void TrainLesson::draw_length(DrawContext& ctx) {
  if (!need_results(ctx)) return;
  accuracy_plot(ui::em(17));
}

void TrainLesson::draw_attention(DrawContext& ctx) {
  if (!need_results(ctx)) return;
  ui::HeatmapOptions o;
  const std::string title = trf(lang_, "Attention of %s, layer %d, head %d (row: query, column: key)",
                                tr(lang_, kRuns[p_.run]), p_.layer, p_.head);
  o.title = title.c_str();
  o.x_label = tr(lang_, "key position");
  o.y_label = tr(lang_, "query position");
  o.x_name = tr(lang_, "key");
  o.y_name = tr(lang_, "query");
  o.height = std::min(ImGui::GetContentRegionAvail().x * 0.8f, ui::em(18));
  o.non_negative = true;  // softmax weights
  ui::heatmap("attention", view_.attention, o, *theme_, *ctx.textures);
  // The example's tokens, targets and the run's predictions.
  std::string in, target, out;
  const core::TaskSpec spec = core::task_spec(config_);
  const auto token = [&](int t) {
    return t == spec.sep() ? std::string("|") : t == spec.mask() ? std::string("_") : std::to_string(t);
  };
  size_t k = 0;
  for (size_t i = 0; i < example_.tokens.size(); ++i) {
    in += token(example_.tokens[i]) + " ";
    if (example_.targets[i] >= 0) {
      target += token(example_.targets[i]) + " ";
      out += (k < predicted_.size() ? token(predicted_[k]) : std::string("?")) + " ";
      ++k;
    }
  }
  ui::wrapped(trf(lang_, "tokens: %s", in.c_str()), *theme_, theme_->muted);
  ui::wrapped(trf(lang_, "targets: %s", target.c_str()), *theme_, theme_->muted);
  ui::wrapped(trf(lang_, "predicted: %s", out.c_str()), *theme_, theme_->muted);
}

void TrainLesson::draw_table(DrawContext& ctx) {
  if (!need_results(ctx)) return;
  ui::HeatmapOptions o =
      position_rows("Learned position table (rows past the training lengths never trained)");
  o.height = ui::em(13);
  o.mark_row = bench_->run(1).trained_positions() - 1;
  ui::heatmap("table", view_.table, o, *theme_, *ctx.textures);
  std::vector<ui::Series> s;
  for (int k = 0; k < r_.pcs.coords.cols(); ++k)
    s.push_back(ui::series(
        trf(lang_, "component %d (%s%% of the variance)", k + 1, num(100 * r_.pcs.explained(k)).c_str()),
        r_.pcs.coords.col(k)));
  ui::LinePlotOptions lo;
  lo.title = tr(lang_, "First principal components of the trained rows, against position");
  lo.x_label = tr(lang_, "position");
  lo.integer_x = true;
  lo.height = ui::em(11);
  if (!s.empty()) ui::line_plot("pcs", s, lo, *theme_);
}

}  // namespace posenc::lessons::train_lesson
