// Lesson `train`'s model: a tiny pre-LayerNorm Transformer with a hand-written backward pass, one class
// for float (training) and double (the tests' finite-difference checks).
//
//   x⁰_t = E[token_t] (+ P[t] for learned, + PE(t) for sinusoidal)
//   per layer:  x += MHA(LN₁(x)) · W_o        MHA: per head softmax(q kᵀ/√d_h + bias + mask) v
//               x += ReLU(LN₂(x) · W₁ + b₁) · W₂ + b₂
//   logits = LN_f(x) · W_out + b_out          (at target positions only)
//
// Encodings: none; learned (an absolute table P, one row per position up to the longest test length);
// sinusoidal (core::sinusoidal added to the embeddings); rope (q and k rotated per head by
// core::rope_pair's pairs and the sinusoidal table's angles); alibi (−m_h·|i − j| with
// core::alibi_slopes); t5 (a learned bias per head and core::t5_bucket bucket, shared by all layers, as
// in T5); random (Ruoss et al. 2023's randomised positions on the sinusoidal code: the sinusoidal table,
// position_range rows, added to the embeddings at the positions each Example carries — drawn at random
// by whoever builds the data, see core::random_positions — instead of 0 … len − 1). Only `random` reads
// Example::positions; every other encoding puts token i at position i. The mask is causal (key ≤ query)
// or bidirectional. No dropout, no biases in q, k, v, o.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "train_tasks.hpp"

namespace posenc::core {

// Random comes last: the others keep the numbers they had before it (the page's links and tables).
enum class Encoding { None, Learned, Sinusoidal, Rope, Alibi, T5, Random };

// "none", "learned", "sinusoidal", "rope", "alibi", "t5", "random".
const char* encoding_name(Encoding pe);
std::optional<Encoding> encoding_from_name(std::string_view name);
// "none, learned, …, random": the names, for messages.
std::string encoding_names(const char* quote = "");
// All seven, in the lesson's order.
std::vector<Encoding> all_encodings();

struct ModelConfig {
  Encoding pe = Encoding::Rope;
  bool causal = false;
  int layers = 2;
  int heads = 2;
  int d_model = 32;        // divisible by heads; d_model / heads even for rope
  int d_ff = 64;           // the MLP's hidden width
  int vocab_in = 12;       // token kinds read (content + SEP + MASK)
  int vocab_out = 10;      // classes predicted
  int max_positions = 64;  // the longest sequence; the learned table's rows
  int position_range = 0;  // random: positions lie in 0 … position_range − 1 (at least max_positions)
  double rope_base = 10000.0;
  double sinusoidal_base = 10000.0;
  int t5_buckets = 32;
  int t5_max_distance = 128;
};

// One parameter tensor and its gradient (same shape).
template <class S>
struct Tensor {
  using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
  std::string name;
  Mat value, grad;
};

template <class S>
class Model {
 public:
  using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

  // Weights drawn from core::Random(seed) (in double, then rounded to S: a float and a double model
  // with one seed hold the same numbers up to rounding).
  Model(const ModelConfig& config, std::uint64_t seed);
  ~Model();
  Model(Model&&) noexcept;
  Model& operator=(Model&&) noexcept;

  const ModelConfig& config() const { return cfg_; }
  std::vector<Tensor<S>>& tensors() { return tensors_; }
  const std::vector<Tensor<S>>& tensors() const { return tensors_; }
  long parameter_count() const;
  // The positions a token may be at: position_range for random, max_positions otherwise.
  int position_rows() const;

  // The functions below take sequences of at most max_positions tokens in 0 … vocab_in−1 with targets
  // in −1 … vocab_out−1, and positions (if any) one per token in 0 … position_rows()−1; a batch with any
  // other gives NaN or an empty result.

  // Mean softmax cross-entropy over every target of the batch. With `gradient`, every tensor's grad is
  // overwritten with d loss / d value.
  S loss(const std::vector<Example>& batch, bool gradient);

  // The arg-max prediction at each target, example by example in position order.
  std::vector<int> predict(const std::vector<Example>& batch) const;

  // The class probabilities at each target (rows in the order of predict()).
  Mat probabilities(const std::vector<Example>& batch) const;

  // Attention weights of one layer and head on one sequence: len × len, row = query, column = key
  // (empty for a layer or head that does not exist).
  Mat attention(const Example& example, int layer, int head) const;

  // The learned position table (max_positions × d_model); empty for the other encodings.
  Mat position_table() const;

 private:
  struct Pass;
  struct LayerIx {
    int ln1_g, ln1_b, wq, wk, wv, wo, ln2_g, ln2_b, w1, b1, w2, b2;
  };

  int add(const char* name, int rows, int cols);
  const Mat& W(int i) const { return tensors_[i].value; }
  Mat& G(int i) { return tensors_[i].grad; }
  void forward(Pass& p) const;
  void backward(Pass& p);
  void rotate(Mat& m, const Pass& p, bool inverse) const;
  bool fits(const std::vector<Example>& batch) const;

  ModelConfig cfg_;
  std::vector<Tensor<S>> tensors_;
  std::vector<LayerIx> ix_;
  int tok_ = -1, pos_ = -1, t5_ = -1, lnf_g_ = -1, lnf_b_ = -1, wout_ = -1, bout_ = -1;
  Mat sinusoidal_;           // max_positions × d_model (sinusoidal); position_range × d_model (random)
  Mat rope_cos_, rope_sin_;  // max_positions × d_head/2 (rope)
  // Per head, max_positions × max_positions: the mask (−∞ above the diagonal when causal) plus ALiBi's
  // bias; a sequence of length len uses the top-left len × len block (both depend on i and j only).
  std::vector<Mat> fixed_bias_;
  Eigen::MatrixXi buckets_;     // t5: the bucket of (query i, key j), max_positions²
  std::unique_ptr<Pass> pass_;  // reused by every call (so a model serves one thread at a time)
};

extern template class Model<float>;
extern template class Model<double>;

}  // namespace posenc::core
