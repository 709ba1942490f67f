// Lesson train's notebook data: what its recipe (content/notebooks/train.py) reads beyond the settings —
// the runs, as the runs table's JSON export writes them, and the weights of the two runs its attention and
// table steps show, so that the notebook computes those pictures again instead of copying them. Bounded:
// past kMostChars the runs lose their loss curves (then runs read from a file are left out), and a run's
// weights are left out; the cell says so, and how to read the whole file instead.
#include "core/json_writer.hpp"
#include "train_lesson.hpp"

namespace posenc::lessons::train_lesson {
namespace {

constexpr std::size_t kMostChars = 4'000'000;  // per block: the runs, each run's weights

// A JSON string literal is a Python one too (core::Json escapes only ", \ and control characters).
std::string python_text(std::string_view text) {
  core::Json j;
  j.str(text);
  return j.text();
}

}  // namespace

std::string TrainLesson::notebook_data() const {
  std::vector<core::RunRecord> runs;
  for (const core::RunRecord* r : table_runs()) runs.push_back(*r);
  const int own = done() ? static_cast<int>(r_.runs.size()) : 0;
  std::string out = "import json\n\n# " +
                    std::string(tr(lang_,
                                   "To read a runs file instead (the page's "
                                   "\xE2\x86\x93 .json, or the PyTorch script's):")) +
                    "\n#   runs_file = json.load(open(\"runs.json\", encoding=\"utf-8\")); trained = "
                    "len(runs_file[\"runs\"])\n";
  if (runs.empty()) {
    out += "# " +
           std::string(tr(lang_,
                          "Nothing trained at these settings yet: press Train on the page, then "
                          "download the notebook again.")) +
           "\nruns_file, trained, wall_seconds, weights = None, 0, None, {}\n";
    return out;
  }
  std::string json = core::runs_file_json(runs);
  if (json.size() > kMostChars) {
    for (core::RunRecord& r : runs) r.losses.clear();
    if (core::runs_file_json(runs).size() > kMostChars) runs.resize(own);
    json = core::runs_file_json(runs);
    out += "# " +
           std::string(tr(lang_,
                          "Left out, too large for a notebook: the loss of every step (and runs "
                          "read from a file). The page's runs export holds them.")) +
           "\n";
  }
  out += "# " +
         std::string(tr(lang_,
                        "The runs, as the runs table's JSON export writes them: first the "
                        "page's own at these settings (trained), then those read from a file.")) +
         "\nruns_file = json.loads(" + python_text(json) + ")\ntrained = " + std::to_string(own) +
         "\nwall_seconds = " + (own ? core::exact_number(pool_->seconds()) : std::string("None")) + "  # " +
         tr(lang_, "the page's clock: how long the runs took to train together") + "\n# " +
         tr(lang_,
            "The weights of the runs the attention and table steps show (every tensor in turn, as a "
            "runs file holds them):") +
         "\nweights = {}\n";
  if (!own) return out;
  std::vector<int> shown = {p_.run};  // the run shown, and the learned table's run
  if (p_.run != 1) shown.push_back(1);
  for (const int e : shown) {
    const core::RunRecord& r = r_.runs[run_index(e, p_.shown_seed)];
    core::Json w;
    w.begin_array();
    for (float v : r.weights) w.num(v);
    w.end_array();
    const std::string key =
        "(\"" + std::string(core::encoding_name(r.config.pe)) + "\", " + std::to_string(r.config.seed) + ")";
    if (w.text().size() > kMostChars)
      out += "# " + std::string(tr(lang_, "Left out, too large for a notebook:")) + " weights[" + key + "]\n";
    else
      out += "weights[" + key + "] = json.loads(" + python_text(w.text()) + ")\n";
  }
  return out;
}

}  // namespace posenc::lessons::train_lesson
