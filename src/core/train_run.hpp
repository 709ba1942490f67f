// One run of lesson train from start to end, as a page's worker, a desktop thread or compute('train')
// runs it: train until the run converges or its step cap (TrainConfig::steps) is reached, then score
// it on the fixed test sets. The record it leaves (RunRecord) is what every screen, export and the
// PyTorch script's JSON share.
//
// Converged (the plateau rule, checked every kEvalEvery steps on a held-out set at train_len drawn from
// a stream of its own, teacher-forced token accuracy):
//   solved — every held-out target right at two checks in a row; or
//   flat   — over the last max(kFlatMin, half the steps so far) steps neither the held-out accuracy rose
//            more than kFlatAccuracy above its best before them nor the training loss (mean of the last
//            kEvalEvery steps) fell by more than kFlatLoss of its value then.
// Either stops the run early. A run that reaches its cap without either is not converged, and is never
// evidence about its encoding.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "train.hpp"

namespace posenc::core {

struct Plateau {
  static constexpr int kEvalEvery = 50;
  static constexpr int kFlatMin = 600;
  static constexpr double kFlatAccuracy = 0.01;
  static constexpr double kFlatLoss = 0.05;
  static constexpr int kHeldOut = 64;  // held-out sequences at train_len
};

// Per test length: teacher-forced and free-running (greedy) scores. For causal copy and reverse the
// greedy model writes its own earlier answers into the slots; elsewhere nothing feeds back and greedy
// equals teacher-forced.
struct RunScores {
  std::vector<double> token;     // share of answer tokens right
  std::vector<double> sequence;  // share of sequences with every answer token right
  std::vector<double> greedy_token;
  std::vector<double> greedy_sequence;
};

struct RunRecord {
  TrainConfig config;             // the setup; config.steps is the cap
  std::string source = "posenc";  // or "pytorch" (loaded from the script's JSON)
  std::vector<float> losses;      // every step's training loss
  int steps = 0;                  // steps run (≤ config.steps)
  bool converged = false;         // the plateau rule held (at step converged_at)
  int converged_at = 0;           // 0: never
  std::string stop;               // why it converged ("solved", "flat"), else "cap" (or "cancelled")
  double seconds = 0;             // the time this run's own work took (training and scoring), as if alone
  std::vector<int> test_lens;
  RunScores scores;
  std::vector<float> weights;  // every tensor's values in Model::tensors() order, column-major (may be empty)
};

// One run, resumable: train(n) runs up to n more steps (checking the plateau rule every kEvalEvery),
// score_next() scores one more test length once training is done. train_run and the in-frame pool both
// drive one, so a run's record does not depend on how it was sliced.
struct PlateauCheck {
  int step;
  double accuracy;  // held-out token accuracy
  double loss;      // mean training loss of the kEvalEvery steps before
};

class RunStepper {
 public:
  // `config` must pass check_train_config. stop_early false: the plateau rule is checked (and the record
  // says when it held) but training goes on to the cap.
  explicit RunStepper(const TrainConfig& config, bool stop_early = true);
  ~RunStepper();
  RunStepper(RunStepper&&) noexcept;

  int train(int n);  // steps run
  bool training_done() const { return trainer_->finished() || (stop_early_ && record_.converged); }
  bool score_next();  // true while more test lengths remain
  bool done() const;
  const Trainer& trainer() const { return *trainer_; }
  const std::vector<PlateauCheck>& checks() const { return checks_; }
  // The record so far (scores as far as scored; seconds: the time spent in this run's own calls, so a
  // run sliced among others still reports its time alone).
  RunRecord record() const;

 private:
  std::unique_ptr<Trainer> trainer_;
  std::vector<Example> held_out_;
  std::vector<PlateauCheck> checks_;
  RunRecord record_;
  bool stop_early_ = true;
  double seconds_ = 0;
};

// Progress callback: steps done so far and the losses of the steps since the last call. Returning
// false stops the run (the record is then marked stop = "cancelled" and holds no scores).
using RunProgress = std::function<bool(int steps_done, const float* new_losses, int count)>;

// `config` must pass check_train_config. Calls `progress` about every `report_every` steps.
RunRecord train_run(const TrainConfig& config, const RunProgress& progress = {}, int report_every = 25,
                    bool stop_early = true);

// A model holding a record's weights (for the page's attention map and table); empty weights or a size
// that does not match leave the seeded initial weights and return false.
bool load_weights(Model<float>& model, const std::vector<float>& weights);
std::vector<float> model_weights(const Model<float>& model);

// JSON, the one format for a run's setup and its record (docs/train-runs.md):
//   setup: {"task", "pe", "causal", "start_token", "layers", "heads", "d_model", "d_ff", "vocab", "k",
//           "train_len", "min_len", "test_lens", "max_steps", "batch", "lr", "warmup", "clip",
//           "test_examples", "seed"}
//   record: the setup's members and {"source", "steps", "converged", "stop", "converged_at", "seconds",
//           "loss", "token_accuracy", "sequence_accuracy", "greedy_token_accuracy",
//           "greedy_sequence_accuracy"} (+ "weights" when asked)
//   a file of runs: {"format": "posenc-train-runs", "version": 1, "runs": [record, …]}
// The setup's members in that order, each as text (numbers as the JSON writes them, test_lens the lengths
// apart by spaces), for the writers of the JSON and of lesson train's CSV: one list of what a setup is.
struct SetupField {
  enum Kind { Text, Number, Flag, Numbers } kind;
  const char* name;
  std::string value;
};
std::vector<SetupField> setup_fields(const TrainConfig& config);
std::string setup_json(const TrainConfig& config);
std::string record_json(const RunRecord& record, bool with_weights);
std::string runs_file_json(const std::vector<RunRecord>& records);
// Read back (errors name the member; every value checked as check_train_config checks it).
std::string read_setup_json(std::string_view json, TrainConfig& config);
std::string read_record_json(std::string_view json, RunRecord& record);
std::string read_runs_file(std::string_view json, std::vector<RunRecord>& records);

// The `train` compute kind's request, as numbers arrive from JavaScript (checked here: NaN, fractions,
// huge or negative values give an error naming the argument and its range).
struct TrainRequest {
  std::string task = "reverse";
  std::string pe = "rope";
  bool causal = false;
  bool start_token = false;
  double layers = 2, heads = 4, d_model = 32, train_len = 8;
  std::vector<double> test_lens;  // empty: the default lengths
  double steps = 900, batch = 32, seed = 1, lr = 3e-3;
  double vocab = 10, k = 2, min_len = 1, warmup = 50;
  bool stop_early = false;  // true: stop once converged (the plateau rule); false: every step asked for
};

struct TrainResult {
  std::string error;             // non-empty: nothing was trained
  RunRecord record;              // its scores per test length; weights dropped
  std::vector<double> baseline;  // the position-blind baseline of each test set (an expectation)
  double ms = 0;
};

// The configuration a request asks for, or an error (TrainResult::error's text).
std::string read_train_request(const TrainRequest& request, TrainConfig& config);

// Checks the request, trains (to the end, or until converged with stop_early), evaluates.
TrainResult train_to_end(const TrainRequest& request);

}  // namespace posenc::core
