// Lesson train, the papers step: what four papers report about length generalisation, each claim beside
// what these runs show on the nearest setting and whether they agree — every cell of the runs computed
// from the runs on screen (teacher-forced token accuracy, each encoding's seeds), never typed. A verdict
// needs the seeds to separate what the claim compares; an encoding with a run stopped by its step cap
// is no evidence; a claim about a setting these runs do not have (a causal model, an encoder, randomised
// positions not trained, no test past the training length) says so instead of a verdict.
//
// The claims, with their sources (read 2026-11-26):
//   Kazemnejad et al. 2023, "The Impact of Positional Encoding on Length Generalization in
//   Transformers", https://arxiv.org/abs/2305.19466 — decoder-only (causal) models, tested up to twice
//   the training length. Abstract: "NoPE outperforms other explicit positional encoding methods"; §4:
//   "T5's Relative Bias outperforms other explicit positional encodings. ALiBi positions itself in the
//   middle of the pack, while APE and Rotary show poor generalization performance."
//   Press et al. 2022, "Train Short, Test Long", https://arxiv.org/abs/2108.12409 — causal language
//   models. §2.1: the sinusoidal model "cannot extrapolate to more than a few dozen tokens beyond L"; §1:
//   ALiBi's "performance peaks at around two times the number of tokens that the model was trained on".
//   Ruoss et al. 2023, "Randomized Positional Encodings Boost Length Generalization of Transformers",
//   https://arxiv.org/abs/2305.16843 — abstract: "increasing test accuracy by 12.0% on average" (their
//   sequences "of unseen length"), "6000 models across 15 algorithmic reasoning tasks", among them
//   reversing and duplicating a string (their repository's tasks/dcf/reverse_string.py and
//   tasks/cs/duplicate_string.py). Their setting, from their code (github.com/google-deepmind/
//   randomized_positional_encodings): an encoder, experiments/example.py line 49 'transformer_encoder',
//   whose mask is bidirectional unless asked (models/transformer.py line 76, encoder_causal_masking =
//   False, "quite unusual"; their randomised relative encoding is "not implemented for causal attention",
//   line 179); the answer written into empty slots after the input (experiments/utils.py lines 32–43,
//   make_model_with_empty_targets), as the bidirectional mask's MASK slots here; randomised versions of
//   the sinusoidal, relative, learned, RoPE and ALiBi encodings (models/positional_encodings.py lines
//   40–44). Here randomised positions randomise the sinusoidal code (core/train_model.hpp), so the row
//   sets them against the sinusoidal code past the training length, with a bidirectional mask.
//   Zhou et al. 2024, "Transformers Can Achieve Length Generalization But Not Robustly",
//   https://arxiv.org/abs/2402.09371 — abstract: length generalisation is "significantly influenced by
//   factors like random weight initialization and training data order, leading to large variances across
//   different random seeds"; §4.2: trials with "perfect in-distribution generalization" differ widely
//   out of distribution.
#include <algorithm>
#include <cmath>
#include <iterator>

#include "train_lesson.hpp"
#include "ui/i18n.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons::train_lesson {

namespace {

constexpr int kNone = 0, kLearned = 1, kSinusoidal = 2, kRope = 3, kAlibi = 4, kT5 = 5;
static_assert(kRandom == static_cast<int>(core::Encoding::Random));
constexpr double kWide = 0.1;  // Zhou's "large variances": a range over seeds this wide or wider

}  // namespace

const char* verdict_key(Verdict v) {
  static const char* const kVerdicts[] = {"agree",
                                          "disagree",
                                          "seeds do not separate",
                                          "not settled: runs stopped by the cap",
                                          "not comparable: turn the causal mask on",
                                          "not run here",
                                          "one seed: no spread to compare",
                                          "not comparable: turn the causal mask off",
                                          "no test past the training length"};
  static_assert(std::size(kVerdicts) == static_cast<size_t>(Verdict::NoLonger) + 1);
  return kVerdicts[static_cast<int>(v)];
}

// The test length nearest to n (its index).
int TrainLesson::length_near(int n) const {
  const auto& lens = config_test_lens();
  int best = 0;
  for (int i = 1; i < static_cast<int>(lens.size()); ++i)
    if (std::abs(lens[i] - n) < std::abs(lens[best] - n)) best = i;
  return best;
}

// "T5 0.52 (0.50–0.55)": an encoding's mean token accuracy and its seeds' range.
std::string TrainLesson::encoding_at(int e, int len) const {
  return std::string(tr(lang_, kRuns[e])) + " " + spread_text(e, len, true);
}

// +1 when every seed of a is above every seed of b, −1 the other way round, 0 when they overlap.
int separated(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.empty() || b.empty()) return 0;
  const auto [a_lo, a_hi] = std::minmax_element(a.begin(), a.end());
  const auto [b_lo, b_hi] = std::minmax_element(b.begin(), b.end());
  return *a_lo > *b_hi ? 1 : *b_lo > *a_hi ? -1 : 0;
}

Verdict above_others(int target, const std::vector<std::vector<double>>& seeds,
                     const std::vector<int>& others, bool settled) {
  if (!settled) return Verdict::Unsettled;
  bool above_all = true, below_one = false;
  for (int e : others) {
    if (e == target) continue;
    const int s = separated(seeds[target], seeds[e]);
    above_all &= s > 0, below_one |= s < 0;
  }
  return above_all ? Verdict::Agree : below_one ? Verdict::Disagree : Verdict::Undecided;
}

Verdict randomised_against_base(bool trained, bool longer, bool causal, const std::vector<double>& random,
                                const std::vector<double>& sinusoidal, bool settled) {
  if (!trained) return Verdict::NotRun;
  if (!longer) return Verdict::NoLonger;
  if (causal) return Verdict::NeedsBidirectional;
  return above_others(0, {random, sinusoidal}, {1}, settled);
}

// Every seed's teacher-forced token accuracy of encoding e at a test length.
std::vector<double> TrainLesson::seeds_at(int e, int len) const {
  std::vector<double> v;
  for (int s = 0; s < p_.seeds; ++s) v.push_back(token(e, s, len));
  return v;
}

std::vector<PaperRow> TrainLesson::paper_rows() const {
  std::vector<PaperRow> rows;
  if (!done()) return rows;
  const int twice = length_near(2 * config_.train_len),
            last = static_cast<int>(config_test_lens().size()) - 1;
  const std::string at_twice = trf(lang_, "at n = %d: ", config_test_lens()[twice]);
  const std::string at_last = trf(lang_, "at n = %d: ", config_test_lens()[last]);
  const auto settled = [this](std::initializer_list<int> encodings) {
    for (int e : encodings)
      if (!converged(e)) return false;
    return true;
  };
  const std::vector<int> explicit_pe = {kLearned, kSinusoidal, kRope, kAlibi, kT5};
  const auto all_seeds = [this](int len) {
    std::vector<std::vector<double>> v;
    for (int e = 0; e < encodings(); ++e) v.push_back(seeds_at(e, len));
    return v;
  };

  // Kazemnejad 2023: no positions beats every explicit encoding (causal, up to 2L).
  {
    PaperRow r{"Kazemnejad et al. 2023", "no positions generalise better than every explicit encoding",
               "causal mask, copy and reverse, up to 2 × L", "", Verdict::NotComparable};
    int best_other = kLearned;
    for (int e : explicit_pe)
      if (spread(e, twice, true).mean > spread(best_other, twice, true).mean) best_other = e;
    r.here = at_twice + encoding_at(kNone, twice) + tr(lang_, "; ") + encoding_at(best_other, twice);
    if (p_.causal)
      r.verdict = above_others(kNone, all_seeds(twice), {kLearned, kSinusoidal, kRope, kAlibi, kT5},
                               settled({kNone, kLearned, kSinusoidal, kRope, kAlibi, kT5}));
    rows.push_back(r);
  }
  // Kazemnejad 2023: T5's bias is the best explicit encoding; RoPE and absolute ones generalise poorly.
  {
    PaperRow r{"Kazemnejad et al. 2023", "T5's bias is the best explicit encoding",
               "causal mask, up to 2 × L", "", Verdict::NotComparable};
    int best_other = kLearned;
    for (int e : explicit_pe)
      if (e != kT5 && spread(e, twice, true).mean > spread(best_other, twice, true).mean) best_other = e;
    r.here = at_twice + encoding_at(kT5, twice) + tr(lang_, "; ") + encoding_at(best_other, twice);
    if (p_.causal)
      r.verdict = above_others(kT5, all_seeds(twice), explicit_pe,
                               settled({kLearned, kSinusoidal, kRope, kAlibi, kT5}));
    rows.push_back(r);
  }
  // Press 2022: ALiBi extrapolates where the sinusoidal code does not (causal language models).
  {
    PaperRow r{"Press et al. 2022", "ALiBi holds up past the training length; the sinusoidal code does not",
               "causal language models; nearest here: k_back", "", Verdict::NotComparable};
    r.here = at_last + encoding_at(kAlibi, last) + tr(lang_, "; ") + encoding_at(kSinusoidal, last);
    if (p_.causal) {
      // Holding up: above the sinusoidal code's seeds and clearly above the baseline, on every seed.
      r.verdict = above_others(kAlibi, all_seeds(last), {kSinusoidal}, settled({kAlibi, kSinusoidal}));
      if (r.verdict == Verdict::Agree && spread(kAlibi, last, true).above < p_.seeds)
        r.verdict = Verdict::Undecided;
    }
    rows.push_back(r);
  }
  // Ruoss 2023: randomised positions raise accuracy on longer inputs; here against the code they
  // randomise, at the longest test.
  {
    PaperRow r{"Ruoss et al. 2023",
               "randomised positions raise accuracy on longer inputs (by 12.0 percent on average)",
               "an encoder (bidirectional mask), 15 tasks incl. reverse and duplicating a string; "
               "nearest here: randomised sinusoidal against sinusoidal",
               "", Verdict::NotRun};
    const bool trained = p_.random, longer = last > train_index();
    r.here = trained ? at_last + encoding_at(kRandom, last) + tr(lang_, "; ") + encoding_at(kSinusoidal, last)
                     : tr(lang_, "not trained: turn on include randomised positions");
    if (trained)
      r.verdict = randomised_against_base(true, longer, p_.causal, seeds_at(kRandom, last),
                                          seeds_at(kSinusoidal, last), settled({kRandom, kSinusoidal}));
    rows.push_back(r);
  }
  // Zhou 2024: seeds that all learned the task differ widely past the training length.
  {
    PaperRow r{"Zhou et al. 2024", "seeds that all learn the task can differ widely on longer inputs",
               "causal, addition; several seeds", "", Verdict::OneSeed};
    int widest = -1;
    double range = -1;
    for (int e = 0; e < encodings(); ++e) {
      const Spread at_train = spread(e, train_index(), true), at_end = spread(e, last, true);
      if (at_train.lo < kGood) continue;  // learned on every seed
      if (at_end.hi - at_end.lo > range) range = at_end.hi - at_end.lo, widest = e;
    }
    if (widest < 0) {
      r.here = tr(lang_, "no encoding learned the task on every seed");
      r.verdict = p_.seeds > 1 ? Verdict::Undecided : Verdict::OneSeed;
    } else {
      r.here = at_last + encoding_at(widest, last);
      r.verdict = p_.seeds == 1        ? Verdict::OneSeed
                  : !settled({widest}) ? Verdict::Unsettled
                  : range >= kWide     ? Verdict::Agree
                                       : Verdict::Disagree;
    }
    rows.push_back(r);
  }
  return rows;
}

void TrainLesson::draw_papers(DrawContext& ctx) {
  if (!need_results(ctx)) return;
  // Worked out once the runs are scored, and again in another language — or when that language's words
  // arrive (the page fetches the Chinese ones on demand: a table made meanwhile would stay in English).
  int words = 0;
  ui::catalogue(&words);
  if (papers_lang_ != lang_ || papers_words_ != words) {
    papers_ = paper_rows();
    papers_lang_ = lang_;
    papers_words_ = words;
  }
  const std::vector<PaperRow>& rows = papers_;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("papers", 4, flags)) {
    ImGui::TableSetupColumn(tr(lang_, "paper"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn(tr(lang_, "reports (its setting)"), ImGuiTableColumnFlags_WidthStretch, 2.2f);
    ImGui::TableSetupColumn(tr(lang_, "these runs"), ImGuiTableColumnFlags_WidthStretch, 2.2f);
    ImGui::TableSetupColumn(tr(lang_, "agree?"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    for (const PaperRow& r : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ui::wrapped(tr(lang_, r.paper), *theme_, theme_->text);
      ImGui::TableNextColumn();
      ui::wrapped(trf(lang_, "%s (%s)", tr(lang_, r.claim), tr(lang_, r.setting)), *theme_, theme_->text);
      ImGui::TableNextColumn();
      ui::wrapped(r.here, *theme_, theme_->text);
      ImGui::TableNextColumn();
      const ImU32 colour = r.verdict == Verdict::Agree      ? theme_->good
                           : r.verdict == Verdict::Disagree ? theme_->warn
                                                            : theme_->muted;
      ui::wrapped(tr(lang_, verdict_key(r.verdict)), *theme_, colour);
    }
    ImGui::EndTable();
  }
  ImGui::Dummy(ImVec2(1, ui::em(0.5f)));
  accuracy_plot(ui::em(14));
}

}  // namespace posenc::lessons::train_lesson
