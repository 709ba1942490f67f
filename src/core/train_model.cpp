#include "train_model.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <type_traits>

#include "enum_names.hpp"
#include "extrapolation.hpp"
#include "rope.hpp"
#include "sinusoidal.hpp"
#include "small_gemm.hpp"

namespace posenc::core {

namespace {
// By Encoding, in the lesson's order.
constexpr const char* kEncodingNames[] = {"none", "learned", "sinusoidal", "rope", "alibi", "t5", "random"};
static_assert(std::size(kEncodingNames) == enum_count(Encoding::Random));
}  // namespace

const char* encoding_name(Encoding pe) { return enum_name(kEncodingNames, pe); }

std::string encoding_names(const char* quote) {
  std::string s;
  for (const char* name : kEncodingNames) s += (s.empty() ? "" : ", ") + std::string(quote) + name + quote;
  return s;
}

std::vector<Encoding> all_encodings() {
  std::vector<Encoding> all;
  for (std::size_t i = 0; i < std::size(kEncodingNames); ++i) all.push_back(static_cast<Encoding>(i));
  return all;
}

std::optional<Encoding> encoding_from_name(std::string_view name) {
  return enum_from_name<Encoding>(kEncodingNames, name);
}

namespace {

template <class S>
using MatT = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
template <class S>
using ColT = Eigen::Matrix<S, Eigen::Dynamic, 1>;

// y = LN(x)·g + b row by row; keeps x̂ and 1/σ for the backward pass.
template <class S>
void layer_norm(const MatT<S>& x, const MatT<S>& g, const MatT<S>& b, MatT<S>& xhat, ColT<S>& rstd,
                MatT<S>& y) {
  const ColT<S> mean = x.rowwise().mean();
  xhat = x.colwise() - mean;
  rstd = (xhat.array().square().rowwise().mean() + S(1e-5)).rsqrt();
  xhat.array().colwise() *= rstd.array();
  y = (xhat.array().rowwise() * g.row(0).array()).rowwise() + b.row(0).array();
}

// Adds d loss / d x of layer_norm (from dy) to dx, and d loss / d g, d loss / d b to dg, db. gy is
// scratch space (kept by the caller so that a training step allocates nothing new).
template <class S>
void layer_norm_back(const MatT<S>& dy, const MatT<S>& xhat, const ColT<S>& rstd, const MatT<S>& g,
                     MatT<S>& dg, MatT<S>& db, MatT<S>& gy, MatT<S>& dx) {
  dg.row(0) += dy.cwiseProduct(xhat).colwise().sum();
  db.row(0) += dy.colwise().sum();
  gy = dy.array().rowwise() * g.row(0).array();  // d loss / d x̂
  const ColT<S> mean_gy = gy.rowwise().mean();
  const ColT<S> mean_gy_xhat = gy.cwiseProduct(xhat).rowwise().mean();
  dx.array() += ((gy.colwise() - mean_gy).array() - xhat.array().colwise() * mean_gy_xhat.array()).colwise() *
                rstd.array();
}

// dst = a·b, or dst += a·b when `add` (dst a matrix, which is resized, or a block of one). In the page the
// float model multiplies through core::gemm (wasm SIMD: Eigen 3.4 has none, and its scalar kernels made a
// training step ~2× slower); natively, and in double, Eigen does.
template <class S, class Dst, class A, class B>
void product(Dst&& dst, const A& a, const B& b, bool add, std::vector<float>& scratch) {
#if defined(__wasm_simd128__)
  if constexpr (std::is_same_v<S, float>) {
    if constexpr (std::is_same_v<std::decay_t<Dst>, MatT<S>>)
      if (!add) dst.resize(a.rows(), b.cols());
    gemm::multiply(dst.data(), dst.outerStride(), gemm::operand(a), gemm::operand(b), add, scratch);
    return;
  }
#endif
  (void)scratch;
  if (add)
    dst.noalias() += a * b;
  else
    dst.noalias() = a * b;
}

// Row-wise softmax in place; −∞ entries (masked keys) become 0.
template <class S>
void softmax_rows_inplace(MatT<S>& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    const S top = m.row(i).maxCoeff();
    m.row(i) = (m.row(i).array() - top).exp();
    m.row(i) /= m.row(i).sum();
  }
}

}  // namespace

// The batch packed into rows (one per token, sequences one after another), what the forward pass keeps
// for the backward pass, and the backward pass's scratch. The model keeps one and reuses it: a step of
// the same shape as the last allocates nothing.
template <class S>
struct Model<S>::Pass {
  std::vector<int> tokens, pos;  // per row
  std::vector<int> offset, len;  // per sequence
  std::vector<int> target_rows, target_ids;
  Mat cos, sin;  // rope: per row, the angle of each pair
  struct Layer {
    Mat xhat1, a, q, k, v, o, xhat2, b, h;
    ColT<S> rstd1, rstd2;
    std::vector<Mat> probs;  // [sequence · heads + head]
  };
  std::vector<Layer> layers;
  Mat x, xt, xhatf, f, logits;
  ColT<S> rstdf;
  Mat dz, df, dx, dxt, dq, dk, dv, dhid, db, dout, da, gy, dp, ds;  // backward
  std::vector<float> scratch;                                       // core::gemm's packed operand

  int rows() const { return static_cast<int>(tokens.size()); }

  void pack(const std::vector<Example>& batch, bool read_positions) {
    for (auto* v : {&tokens, &pos, &offset, &len, &target_rows, &target_ids}) v->clear();
    for (const Example& e : batch) {
      const int n = static_cast<int>(e.tokens.size());
      offset.push_back(rows());
      len.push_back(n);
      for (int i = 0; i < n; ++i) {
        if (e.targets[i] >= 0) {
          target_rows.push_back(rows());
          target_ids.push_back(e.targets[i]);
        }
        tokens.push_back(e.tokens[i]);
        pos.push_back(read_positions && !e.positions.empty() ? e.positions[i] : i);
      }
    }
  }
};

template <class S>
int Model<S>::add(const char* name, int rows, int cols) {
  tensors_.push_back({name, Mat::Zero(rows, cols), Mat::Zero(rows, cols)});
  return static_cast<int>(tensors_.size()) - 1;
}

template <class S>
Model<S>::Model(const ModelConfig& config, std::uint64_t seed)
    : cfg_(config), pass_(std::make_unique<Pass>()) {
  const int d = cfg_.d_model, ff = cfg_.d_ff, heads = cfg_.heads, dh = d / heads, L = cfg_.layers;
  const int P = cfg_.max_positions;
  Random rng(seed);
  const auto gaussian = [&](int i, double stddev) {
    Mat& m = tensors_[i].value;
    for (Eigen::Index c = 0; c < m.cols(); ++c)
      for (Eigen::Index r = 0; r < m.rows(); ++r) m(r, c) = static_cast<S>(stddev * rng.gaussian());
  };
  const auto ones = [&](int i) { tensors_[i].value.setOnes(); };
  const double proj = 1.0 / std::sqrt(2.0 * L);  // residual branches scaled down with depth (GPT-2)

  tok_ = add("embedding", cfg_.vocab_in, d);
  gaussian(tok_, 1.0);
  if (cfg_.pe == Encoding::Learned) {
    // Rows for every position up to the longest test sequence. Only rows that training sequences
    // reach get gradients; the rest stay at these initial random values, which is what a learned
    // table shows past the training length.
    // From a stream of its own (#35): the shared weights below are then the same for every encoding
    // at one seed, so runs that differ in their encoding differ in nothing else.
    pos_ = add("positions", P, d);
    Random table_rng(mix_seed(seed, 0x7461626c65ull));  // "table"
    Mat& table = tensors_[pos_].value;
    for (Eigen::Index c = 0; c < table.cols(); ++c)
      for (Eigen::Index r = 0; r < table.rows(); ++r) table(r, c) = static_cast<S>(table_rng.gaussian());
  }
  if (cfg_.pe == Encoding::T5) t5_ = add("t5_bias", cfg_.t5_buckets, heads);  // zeros, as T5 starts
  for (int l = 0; l < L; ++l) {
    LayerIx x;
    x.ln1_g = add("ln1.gain", 1, d), ones(x.ln1_g);
    x.ln1_b = add("ln1.bias", 1, d);
    x.wq = add("attn.wq", d, d), gaussian(x.wq, 1.0 / std::sqrt(d));
    x.wk = add("attn.wk", d, d), gaussian(x.wk, 1.0 / std::sqrt(d));
    x.wv = add("attn.wv", d, d), gaussian(x.wv, 1.0 / std::sqrt(d));
    x.wo = add("attn.wo", d, d), gaussian(x.wo, proj / std::sqrt(d));
    x.ln2_g = add("ln2.gain", 1, d), ones(x.ln2_g);
    x.ln2_b = add("ln2.bias", 1, d);
    x.w1 = add("mlp.w1", d, ff), gaussian(x.w1, 1.0 / std::sqrt(d));
    x.b1 = add("mlp.b1", 1, ff);
    x.w2 = add("mlp.w2", ff, d), gaussian(x.w2, proj / std::sqrt(ff));
    x.b2 = add("mlp.b2", 1, d);
    for (int i = x.ln1_g; i <= x.b2; ++i)
      tensors_[i].name = "layer" + std::to_string(l) + "." + tensors_[i].name;
    ix_.push_back(x);
  }
  lnf_g_ = add("final_ln.gain", 1, d), ones(lnf_g_);
  lnf_b_ = add("final_ln.bias", 1, d);
  wout_ = add("out.w", d, cfg_.vocab_out), gaussian(wout_, 1.0 / std::sqrt(d));
  bout_ = add("out.b", 1, cfg_.vocab_out);

  if (cfg_.pe == Encoding::Sinusoidal || cfg_.pe == Encoding::Random)
    sinusoidal_ =
        sinusoidal({position_rows(), d, cfg_.sinusoidal_base, Layout::Interleaved, 0.0}).template cast<S>();
  if (cfg_.pe == Encoding::Rope) {
    // The sinusoidal table of width d_h holds sin and cos of pos·θ_i, θ_i = base^(−2i/d_h), in its
    // columns 2i and 2i + 1: RoPE's angles (the same table core::rope_rotate_rows uses).
    const Eigen::MatrixXd t = sinusoidal({P, dh, cfg_.rope_base, Layout::Interleaved, 0.0});
    rope_sin_.resize(P, dh / 2);
    rope_cos_.resize(P, dh / 2);
    for (int i = 0; i < dh / 2; ++i) {
      rope_sin_.col(i) = t.col(2 * i).cast<S>();
      rope_cos_.col(i) = t.col(2 * i + 1).cast<S>();
    }
  }
  if (cfg_.causal || cfg_.pe == Encoding::Alibi) {
    const std::vector<double> slopes = alibi_slopes(heads);
    for (int h = 0; h < heads; ++h)  // slope 0: the causal mask alone (or nothing)
      fixed_bias_.push_back(
          alibi_bias(P, cfg_.pe == Encoding::Alibi ? slopes[h] : 0.0, cfg_.causal).cast<S>());
  }
  if (cfg_.pe == Encoding::T5) {
    buckets_.resize(P, P);
    for (int i = 0; i < P; ++i)
      for (int j = 0; j < P; ++j)
        buckets_(i, j) = t5_bucket(j - i, !cfg_.causal, cfg_.t5_buckets, cfg_.t5_max_distance);
  }
}

template <class S>
int Model<S>::position_rows() const {
  return cfg_.pe == Encoding::Random ? std::max(cfg_.position_range, cfg_.max_positions) : cfg_.max_positions;
}

template <class S>
long Model<S>::parameter_count() const {
  long n = 0;
  for (const auto& t : tensors_) n += static_cast<long>(t.value.size());
  return n;
}

// Rotates each head's (u, v) coordinate pairs of every row by the row's angle (inverse: by minus it).
// <code id="train_rope">
template <class S>
void Model<S>::rotate(Mat& m, const Pass& p, bool inverse) const {
  const int N = static_cast<int>(m.rows()), dh = cfg_.d_model / cfg_.heads;
  for (int h = 0; h < cfg_.heads; ++h)
    for (int i = 0; i < dh / 2; ++i) {
      const auto [u, v] = rope_pair(i, dh, Layout::Interleaved);
      S* x = m.col(h * dh + u).data();
      S* y = m.col(h * dh + v).data();
      const S* cos = p.cos.col(i).data();
      const S* sin = p.sin.col(i).data();
      const S sign = inverse ? S(-1) : S(1);  // the inverse (= transposed) rotation turns back
      for (int r = 0; r < N; ++r) {
        const S a = x[r], b = y[r], s = sign * sin[r];
        x[r] = a * cos[r] - b * s;  // (x_u + i x_v) · e^{±i·pos·θ_i}
        y[r] = a * s + b * cos[r];
      }
    }
}
// </code>

template <class S>
void Model<S>::forward(Pass& p) const {
  const int N = p.rows(), d = cfg_.d_model, H = cfg_.heads, dh = d / H, seqs = static_cast<int>(p.len.size());
  const S scale = static_cast<S>(1.0 / std::sqrt(static_cast<double>(dh)));
  Mat& x = p.x;
  x.resize(N, d);
  for (int r = 0; r < N; ++r) {
    x.row(r) = W(tok_).row(p.tokens[r]);
    if (cfg_.pe == Encoding::Learned) x.row(r) += W(pos_).row(p.pos[r]);
    if (cfg_.pe == Encoding::Sinusoidal || cfg_.pe == Encoding::Random) x.row(r) += sinusoidal_.row(p.pos[r]);
  }
  if (cfg_.pe == Encoding::Rope) {
    p.cos.resize(N, dh / 2);
    p.sin.resize(N, dh / 2);
    for (int r = 0; r < N; ++r) {
      p.cos.row(r) = rope_cos_.row(p.pos[r]);
      p.sin.row(r) = rope_sin_.row(p.pos[r]);
    }
  }
  p.layers.resize(cfg_.layers);
  for (int l = 0; l < cfg_.layers; ++l) {
    const LayerIx& w = ix_[l];
    typename Pass::Layer& c = p.layers[l];
    layer_norm<S>(x, W(w.ln1_g), W(w.ln1_b), c.xhat1, c.rstd1, c.a);
    product<S>(c.q, c.a, W(w.wq), false, p.scratch);
    product<S>(c.k, c.a, W(w.wk), false, p.scratch);
    product<S>(c.v, c.a, W(w.wv), false, p.scratch);
    if (cfg_.pe == Encoding::Rope) {
      rotate(c.q, p, false);
      rotate(c.k, p, false);
    }
    c.o.resize(N, d);
    c.probs.resize(static_cast<size_t>(seqs) * H);
    for (int s = 0; s < seqs; ++s) {
      const int off = p.offset[s], T = p.len[s];
      for (int h = 0; h < H; ++h) {
        Mat& sc = c.probs[static_cast<size_t>(s) * H + h];  // scores, then (in place) weights
        sc.resize(T, T);
        product<S>(sc, c.q.block(off, h * dh, T, dh), c.k.block(off, h * dh, T, dh).transpose(), false,
                   p.scratch);
        sc *= scale;
        if (!fixed_bias_.empty()) sc += fixed_bias_[h].topLeftCorner(T, T);
        if (cfg_.pe == Encoding::T5)
          for (int j = 0; j < T; ++j)
            for (int i = 0; i < T; ++i) sc(i, j) += W(t5_)(buckets_(i, j), h);
        softmax_rows_inplace<S>(sc);
        product<S>(c.o.block(off, h * dh, T, dh), sc, c.v.block(off, h * dh, T, dh), false, p.scratch);
      }
    }
    product<S>(x, c.o, W(w.wo), true, p.scratch);
    layer_norm<S>(x, W(w.ln2_g), W(w.ln2_b), c.xhat2, c.rstd2, c.b);
    product<S>(c.h, c.b, W(w.w1), false, p.scratch);
    c.h = (c.h.rowwise() + W(w.b1).row(0)).cwiseMax(S(0));
    product<S>(x, c.h, W(w.w2), true, p.scratch);
    x.rowwise() += W(w.b2).row(0);
  }
  const int M = static_cast<int>(p.target_rows.size());
  p.xt.resize(M, d);
  for (int i = 0; i < M; ++i) p.xt.row(i) = x.row(p.target_rows[i]);
  layer_norm<S>(p.xt, W(lnf_g_), W(lnf_b_), p.xhatf, p.rstdf, p.f);
  product<S>(p.logits, p.f, W(wout_), false, p.scratch);
  p.logits.rowwise() += W(bout_).row(0);
}

// Expects p.logits to hold the probabilities (loss() turns them into those).
template <class S>
void Model<S>::backward(Pass& p) {
  const int N = p.rows(), d = cfg_.d_model, H = cfg_.heads, dh = d / H, seqs = static_cast<int>(p.len.size());
  const int M = static_cast<int>(p.target_rows.size());
  const S scale = static_cast<S>(1.0 / std::sqrt(static_cast<double>(dh)));
  for (auto& t : tensors_) t.grad.setZero();

  // softmax cross-entropy: d loss / d z = (p − onehot) / M
  p.dz = p.logits;
  for (int i = 0; i < M; ++i) p.dz(i, p.target_ids[i]) -= S(1);
  p.dz /= static_cast<S>(M);
  product<S>(G(wout_), p.f.transpose(), p.dz, true, p.scratch);
  G(bout_).row(0) += p.dz.colwise().sum();
  product<S>(p.df, p.dz, W(wout_).transpose(), false, p.scratch);
  p.dxt.setZero(M, d);
  layer_norm_back<S>(p.df, p.xhatf, p.rstdf, W(lnf_g_), G(lnf_g_), G(lnf_b_), p.gy, p.dxt);
  Mat& dx = p.dx;
  dx.setZero(N, d);
  for (int i = 0; i < M; ++i) dx.row(p.target_rows[i]) += p.dxt.row(i);

  p.dq.resize(N, d), p.dk.resize(N, d), p.dv.resize(N, d);
  for (int l = cfg_.layers - 1; l >= 0; --l) {
    const LayerIx& w = ix_[l];
    typename Pass::Layer& c = p.layers[l];
    // x += ReLU(b·W₁ + b₁)·W₂ + b₂
    G(w.b2).row(0) += dx.colwise().sum();
    product<S>(G(w.w2), c.h.transpose(), dx, true, p.scratch);
    product<S>(p.dhid, dx, W(w.w2).transpose(), false, p.scratch);
    p.dhid = (c.h.array() > S(0)).select(p.dhid, S(0));
    product<S>(G(w.w1), c.b.transpose(), p.dhid, true, p.scratch);
    G(w.b1).row(0) += p.dhid.colwise().sum();
    product<S>(p.db, p.dhid, W(w.w1).transpose(), false, p.scratch);
    layer_norm_back<S>(p.db, c.xhat2, c.rstd2, W(w.ln2_g), G(w.ln2_g), G(w.ln2_b), p.gy, dx);
    // x += MHA(a)·W_o
    product<S>(G(w.wo), c.o.transpose(), dx, true, p.scratch);
    product<S>(p.dout, dx, W(w.wo).transpose(), false, p.scratch);
    for (int s = 0; s < seqs; ++s) {
      const int off = p.offset[s], T = p.len[s];
      for (int h = 0; h < H; ++h) {
        const Mat& pr = c.probs[static_cast<size_t>(s) * H + h];
        const auto doh = p.dout.block(off, h * dh, T, dh);
        p.dp.resize(T, T);
        product<S>(p.dp, doh, c.v.block(off, h * dh, T, dh).transpose(), false, p.scratch);
        product<S>(p.dv.block(off, h * dh, T, dh), pr.transpose(), doh, false, p.scratch);
        // softmax: d score = P ∘ (dP − rowsum(P ∘ dP)); masked keys have P = 0
        const ColT<S> row = pr.cwiseProduct(p.dp).rowwise().sum();
        p.ds = (pr.array() * (p.dp.colwise() - row).array()).matrix();
        if (cfg_.pe == Encoding::T5)
          for (int j = 0; j < T; ++j)
            for (int i = 0; i < T; ++i) G(t5_)(buckets_(i, j), h) += p.ds(i, j);
        p.ds *= scale;
        product<S>(p.dq.block(off, h * dh, T, dh), p.ds, c.k.block(off, h * dh, T, dh), false, p.scratch);
        product<S>(p.dk.block(off, h * dh, T, dh), p.ds.transpose(), c.q.block(off, h * dh, T, dh), false,
                   p.scratch);
      }
    }
    if (cfg_.pe == Encoding::Rope) {  // q and k were rotated after the projection: rotate the gradients back
      rotate(p.dq, p, true);
      rotate(p.dk, p, true);
    }
    product<S>(G(w.wq), c.a.transpose(), p.dq, true, p.scratch);
    product<S>(G(w.wk), c.a.transpose(), p.dk, true, p.scratch);
    product<S>(G(w.wv), c.a.transpose(), p.dv, true, p.scratch);
    product<S>(p.da, p.dq, W(w.wq).transpose(), false, p.scratch);
    product<S>(p.da, p.dk, W(w.wk).transpose(), true, p.scratch);
    product<S>(p.da, p.dv, W(w.wv).transpose(), true, p.scratch);
    layer_norm_back<S>(p.da, c.xhat1, c.rstd1, W(w.ln1_g), G(w.ln1_g), G(w.ln1_b), p.gy, dx);
  }
  for (int r = 0; r < N; ++r) {
    G(tok_).row(p.tokens[r]) += dx.row(r);
    if (cfg_.pe == Encoding::Learned) G(pos_).row(p.pos[r]) += dx.row(r);
  }
}

template <class S>
bool Model<S>::fits(const std::vector<Example>& batch) const {
  for (const Example& e : batch) {
    if (e.tokens.empty() || e.tokens.size() != e.targets.size() ||
        e.tokens.size() > static_cast<size_t>(cfg_.max_positions) ||
        (!e.positions.empty() && e.positions.size() != e.tokens.size()))
      return false;
    for (int at : e.positions)
      if (at < 0 || at >= position_rows()) return false;
    for (size_t i = 0; i < e.tokens.size(); ++i)
      if (e.tokens[i] < 0 || e.tokens[i] >= cfg_.vocab_in || e.targets[i] < -1 ||
          e.targets[i] >= cfg_.vocab_out)
        return false;
  }
  return true;
}

template <class S>
S Model<S>::loss(const std::vector<Example>& batch, bool gradient) {
  if (!fits(batch)) return std::numeric_limits<S>::quiet_NaN();
  Pass& p = *pass_;
  p.pack(batch, cfg_.pe == Encoding::Random);
  forward(p);
  const int M = static_cast<int>(p.target_rows.size());
  if (M == 0) {
    if (gradient)
      for (auto& t : tensors_) t.grad.setZero();
    return S(0);
  }
  // −log p(target) = log Σ exp(z − max) − (z_target − max), never log 0; the logits become the
  // probabilities backward() expects.
  Mat& z = p.logits;
  double total = 0;
  for (int i = 0; i < M; ++i) {
    const S top = z.row(i).maxCoeff(), target = z(i, p.target_ids[i]) - top;
    z.row(i) = (z.row(i).array() - top).exp();
    const S sum = z.row(i).sum();
    z.row(i) /= sum;
    total += std::log(static_cast<double>(sum)) - target;
  }
  if (gradient) backward(p);
  return static_cast<S>(total / M);
}

template <class S>
typename Model<S>::Mat Model<S>::probabilities(const std::vector<Example>& batch) const {
  if (!fits(batch)) return Mat();
  Pass& p = *pass_;
  p.pack(batch, cfg_.pe == Encoding::Random);
  forward(p);
  Mat z = p.logits;
  softmax_rows_inplace<S>(z);
  return z;
}

template <class S>
std::vector<int> Model<S>::predict(const std::vector<Example>& batch) const {
  if (!fits(batch)) return {};
  Pass& p = *pass_;
  p.pack(batch, cfg_.pe == Encoding::Random);
  forward(p);
  std::vector<int> out(p.logits.rows());
  for (Eigen::Index i = 0; i < p.logits.rows(); ++i) p.logits.row(i).maxCoeff(&out[i]);
  return out;
}

template <class S>
typename Model<S>::Mat Model<S>::attention(const Example& example, int layer, int head) const {
  if (!fits({example}) || layer < 0 || layer >= cfg_.layers || head < 0 || head >= cfg_.heads) return Mat();
  Pass& p = *pass_;
  p.pack({example}, cfg_.pe == Encoding::Random);
  forward(p);
  return p.layers.at(layer).probs.at(head);
}

template <class S>
typename Model<S>::Mat Model<S>::position_table() const {
  return pos_ >= 0 ? W(pos_) : Mat();
}

template <class S>
Model<S>::~Model() = default;
template <class S>
Model<S>::Model(Model&&) noexcept = default;
template <class S>
Model<S>& Model<S>::operator=(Model&&) noexcept = default;

template class Model<float>;
template class Model<double>;

}  // namespace posenc::core
