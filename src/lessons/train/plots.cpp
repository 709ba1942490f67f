// Lesson train, the plots: the loss curves of the runs (also while they train), their accuracy at
// the training length against the bag-of-tokens bound and against input length, a run's attention map
// on an example, and the learned position table with its principal components.
#include <algorithm>
#include <cmath>

#include "train_lesson.hpp"
#include "ui/controls.hpp"
#include "ui/locate.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons::train_lesson {

// Every run's loss (the runs of one encoding in its colour; the legend names each encoding once): the
// mean of each stretch of steps, at most ~300 points a run.
void TrainLesson::refresh_loss_curves() {
  const int n = pool_ ? pool_->runs() : 0;
  loss_curves_.resize(n);
  for (int i = 0; i < n; ++i) {
    const std::vector<float>& loss = done() ? r_.runs[i].losses : pool_->status(i).losses;
    const size_t per = std::max<size_t>(1, static_cast<size_t>(config_.steps) / 300);
    ui::Series& c = loss_curves_[i];
    if (c.x.size() == loss.size() / per) continue;  // no new stretch of steps
    c.x.clear(), c.y.clear();
    for (size_t a = 0; a + per <= loss.size(); a += per) {
      double sum = 0;
      for (size_t b = a; b < a + per; ++b) sum += loss[b];
      c.x.push_back(a + per / 2.0);
      c.y.push_back(sum / per);
    }
  }
}

void TrainLesson::loss_plot(float height) {
  std::vector<ui::Series> s = loss_curves_;  // worked out as the losses arrive (refresh_loss_curves)
  for (size_t i = 0; i < s.size(); ++i) {
    const int e = static_cast<int>(i) / p_.seeds;
    s[i].label = tr(lang_, kRuns[e]);
    s[i].color = ui::palette(e);
    s[i].thickness = p_.seeds > 1 ? 1.5f : 2.0f;
    s[i].in_legend = static_cast<int>(i) % p_.seeds == 0;
  }
  ui::LinePlotOptions o;
  o.title = tr(lang_, "Training loss of every run (cross-entropy, log scale)");
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

// Encoding e's dots (x, y and whiskers to fill), in its colour of every plot.
ui::Series TrainLesson::encoding_dots(int e) const {
  ui::Series c;
  c.label = tr(lang_, kRuns[e]);
  c.color = ui::palette(e);  // set: on a plot whose first series is not a run, still the run's colour
  c.points = true;
  return c;
}

// A plot of accuracy, 0 to 1 with room above, against whole numbers; the first and last dots whole, off
// the plot's edges.
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

// The title of a plot of the chosen metric.
static const char* metric_title(const Params& p) {
  if (p.metric == 0)
    return p.greedy
               ? "Token accuracy, free-running, against input length (mean; bars: lowest to highest seed)"
               : "Token accuracy against input length (mean; bars: lowest to highest seed)";
  return p.greedy ? "Whole-sequence accuracy, free-running, against input length (mean; bars: lowest to "
                    "highest seed)"
                  : "Whole-sequence accuracy against input length (mean; bars: lowest to highest seed)";
}

void TrainLesson::accuracy_plot(float height) {
  std::vector<ui::Series> s;
  const auto& lens = config_test_lens();
  // The baseline is for teacher-forced token accuracy: drawn only with that metric. It depends on the
  // length (a longer input repeats its most frequent token less): a wide pale band under the runs.
  // Above it, where "clearly above" starts: the baseline plus the test set's own noise (3 standard errors).
  if (p_.metric == 0 && !p_.greedy) {
    const auto line = [&](const char* label, unsigned alpha, float thickness, double noise) {
      ui::Series l;
      l.label = tr(lang_, label);
      l.color = (theme_->muted & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, alpha);
      l.thickness = thickness;
      for (size_t i = 0; i < lens.size() && i < b().baseline.size(); ++i) {
        l.x.push_back(lens[i]);
        l.y.push_back(b().baseline[i] + noise * b().margin[i]);
      }
      s.push_back(std::move(l));
    };
    line("position-blind baseline", 110, 6.0f, 0);
    line("clearly above it from here", 160, 1.0f, 1);
  }
  for (int e = 0; e < encodings(); ++e) {
    ui::Series c = encoding_dots(e);
    for (size_t l = 0; l < lens.size(); ++l) {
      const Spread sp = spread(e, static_cast<int>(l), false);
      c.x.push_back(lens[l]);
      c.y.push_back(sp.mean);
      if (p_.seeds > 1) c.lo.push_back(sp.lo), c.hi.push_back(sp.hi);
    }
    s.push_back(std::move(c));
  }
  ui::LinePlotOptions o = accuracy_options(metric_title(p_), "input length n");
  o.height = height;
  o.bands.push_back({static_cast<double>(std::max(shortest(), p_.min_len)), static_cast<double>(p_.train_len),
                     0, tr(lang_, "trained")});
  ui::line_plot("accuracy", s, o, *theme_);
}

void TrainLesson::draw_bag(DrawContext& ctx) {
  if (!need_results(ctx)) return;
  // Token accuracy at the training length, one point per encoding (mean; bars: its seeds), against the
  // baseline.
  std::vector<ui::Series> s;
  for (int e = 0; e < encodings(); ++e) {
    const Spread sp = spread(e, train_index(), true);
    s.push_back(encoding_dots(e));
    s.back().x = {double(e)};
    s.back().y = {sp.mean};
    if (p_.seeds > 1) s.back().lo = {sp.lo}, s.back().hi = {sp.hi};
  }
  ui::LinePlotOptions o = accuracy_options(
      p_.seeds > 1 ? "Token accuracy at the training length (mean; bars: lowest to highest seed)"
                   : "Token accuracy at the training length, run by run",
      "encoding");
  o.height = ui::em(14);
  o.y_markers.push_back({b().baseline[train_index()], tr(lang_, "position-blind baseline"), 0});
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
  const std::string title =
      trf(lang_, "Attention of %s (seed %d), layer %d, head %d (row: query, column: key)",
          tr(lang_, kRuns[p_.run]), p_.seed + p_.shown_seed, p_.layer, p_.head);
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
    return t == spec.sep()                         ? std::string("|")
           : t == spec.mask()                      ? std::string("_")
           : spec.start_token && t == spec.start() ? std::string("^")
                                                   : std::to_string(t);
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
  if (!example_.positions.empty()) {  // randomised positions: where the tokens were placed
    std::string at;
    for (int q : example_.positions) at += std::to_string(q) + " ";
    ui::wrapped(trf(lang_, "positions (drawn from 0 to %d): %s",
                    core::model_config(r_.runs[run_index(p_.run, p_.shown_seed)].config).position_range - 1,
                    at.c_str()),
                *theme_, theme_->muted);
  }
}

void TrainLesson::draw_table(DrawContext& ctx) {
  if (!need_results(ctx)) return;
  ui::HeatmapOptions o =
      position_rows("Learned position table (rows past the training lengths never trained)");
  o.height = ui::em(13);
  o.mark_row = trained_rows() - 1;
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

// Every run, one row: encoding, seed, where it trained, steps run, how it stopped, its time, and the chosen
// score at its training length and its longest test; the page's runs, then those read from a runs file
// (the PyTorch script's); sortable by any column (click a header). The export has every score at every
// length and the whole setup.
void TrainLesson::draw_runs(DrawContext& ctx) {
  run_bar(ctx);
  if (const char* open = "Open a runs file\xE2\x80\xA6"; ImGui::Button(tr(lang_, open))) ctx.open_file = open;
  ui::remember(tr(lang_, "Open a runs file\xE2\x80\xA6"));
  if (!imported_.empty()) {
    ImGui::SameLine();
    if (ImGui::Button(tr(lang_, "Forget the runs read"))) {
      imported_.clear();
      imported_from_.clear();
      order_.clear();
    }
  }
  const std::vector<const core::RunRecord*> rows = table_runs();
  if (rows.empty()) {
    ui::wrapped(
        tr(lang_, "The table fills once every run has trained, or once a runs file is read (drop it here)."),
        *theme_, theme_->muted);
    return;
  }
  if (!imported_.empty())
    ui::caption(imported_.size() == 1 ? trf(lang_, "1 run read from %s", imported_from_.c_str()).c_str()
                                      : trf(lang_, "%d runs read from %s", static_cast<int>(imported_.size()),
                                            imported_from_.c_str())
                                            .c_str(),
                *theme_);
  // A record's score at its own training length and longest test.
  const auto at = [&](const core::RunRecord& r, bool longest) {
    const std::vector<double>& v = metric_of(r);
    const auto& lens = r.test_lens;
    const size_t i =
        longest ? lens.size() - 1
                : static_cast<size_t>(std::find(lens.begin(), lens.end(), r.config.train_len) - lens.begin());
    return std::pair<double, int>(i < v.size() ? v[i] : NAN, i < lens.size() ? lens[i] : 0);
  };
  const int page_train = config_.train_len, page_last = config_test_lens().back();
  const std::string at_train = trf(lang_, "at %d", page_train);
  const std::string at_last = trf(lang_, "at %d", page_last);
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  const float height = std::min(ImGui::GetContentRegionAvail().y, ui::em(1.6f) * (rows.size() + 1.5f));
  if (!ImGui::BeginTable("runs", 8, flags, ImVec2(0, std::max(height, ui::em(8))))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  // Widths in proportion to what the columns hold.
  const auto column = [](const char* name, float weight, ImGuiTableColumnFlags flags = 0) {
    ImGui::TableSetupColumn(name, flags | ImGuiTableColumnFlags_WidthStretch, weight);
  };
  column(tr(lang_, "encoding"), 1.3f, ImGuiTableColumnFlags_DefaultSort);
  column(tr(lang_, "seed"), 0.7f);
  column(tr(lang_, "trained by"), 1.2f);
  column(tr(lang_, "steps"), 0.8f);
  column(tr(lang_, "stopped"), 1.2f);
  column(tr(lang_, "time, s"), 1.0f);
  column(at_train.c_str(), 0.8f);
  column(at_last.c_str(), 0.8f);
  ImGui::TableHeadersRow();
  if (ImGuiTableSortSpecs* sort = ImGui::TableGetSortSpecs();
      sort && (sort->SpecsDirty || order_.size() != rows.size())) {
    order_.resize(rows.size());
    for (size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
    if (sort->SpecsCount > 0) {
      const ImGuiTableColumnSortSpecs& spec = sort->Specs[0];
      const auto key = [&](int i) -> double {
        const core::RunRecord& r = *rows[i];
        switch (spec.ColumnIndex) {
          case 0:
            return static_cast<double>(r.config.pe);
          case 1:
            return static_cast<double>(r.config.seed);
          case 2:
            return r.source == "posenc" ? 0 : 1;
          case 3:
            return r.steps;
          case 4:
            return r.converged ? 0 : 1;
          case 5:
            return r.seconds;
          case 6:
            return at(r, false).first;
          default:
            return at(r, true).first;
        }
      };
      std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
        return spec.SortDirection == ImGuiSortDirection_Descending ? key(a) > key(b) : key(a) < key(b);
      });
    }
    sort->SpecsDirty = false;
  }
  // A score at another length than the column's (a run read from a file with other settings) says which.
  const auto cell = [&](std::pair<double, int> v, int column_len) {
    std::string t = std::isfinite(v.first) ? num(v.first) : std::string("\xE2\x80\x94");
    if (v.second != column_len) t += trf(lang_, " (at %d)", v.second);
    ImGui::TextUnformatted(t.c_str());
  };
  for (int i : order_) {
    const core::RunRecord& r = *rows[i];
    const int e = static_cast<int>(r.config.pe);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushStyleColor(ImGuiCol_Text, ui::palette(e));
    ImGui::TextWrapped("%s", tr(lang_, kRuns[e]));  // "randomised positions" takes two lines
    ImGui::PopStyleColor();
    ImGui::TableNextColumn();
    ImGui::Text("%d", static_cast<int>(r.config.seed));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.source == "posenc"    ? tr(lang_, "this page")
                           : r.source == "pytorch" ? "PyTorch"
                                                   : r.source.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d", r.steps);
    ImGui::TableNextColumn();
    if (r.converged)
      ImGui::TextUnformatted(tr(lang_, r.stop == "solved" ? "solved" : "plateau"));
    else
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme_->warn), "%s", tr(lang_, "step cap"));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(num(r.seconds, 2).c_str());
    ImGui::TableNextColumn();
    cell(at(r, false), page_train);
    ImGui::TableNextColumn();
    cell(at(r, true), page_last);
  }
  ImGui::EndTable();
}

}  // namespace posenc::lessons::train_lesson
