#include "sinusoidal.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace posenc::core {

int frequency_count(int dim) { return (dim + 1) / 2; }

// <code id="frequency">
double frequency(int i, int dim, double base) { return 1.0 / std::pow(base, 2.0 * i / dim); }
// </code>

Eigen::VectorXd frequencies(int dim, double base) {
  Eigen::VectorXd w(frequency_count(dim));
  for (int i = 0; i < w.size(); ++i) w(i) = frequency(i, dim, base);
  return w;
}

double frequency_exp_form(int i, int dim, double base) { return std::exp(-2.0 * i * std::log(base) / dim); }

int sine_column(int i, int dim, Layout layout) {
  (void)dim;
  return layout == Layout::Interleaved ? 2 * i : i;
}

int cosine_column(int i, int dim, Layout layout) {
  const int col = layout == Layout::Interleaved ? 2 * i + 1 : frequency_count(dim) + i;
  return col < dim ? col : -1;
}

// <code id="sinusoidal_row">
Eigen::RowVectorXd sinusoidal_row(double pos, int dim, double base, Layout layout) {
  Eigen::RowVectorXd row(dim);
  const int pairs = frequency_count(dim);
  for (int i = 0; i < pairs; ++i) {
    const double angle = pos * frequency(i, dim, base);
    row(sine_column(i, dim, layout)) = std::sin(angle);
    const int c = cosine_column(i, dim, layout);
    if (c >= 0) row(c) = std::cos(angle);
  }
  return row;
}
// </code>

namespace {

// The table is filled one frequency ω (one pair of columns) at a time: the matrix is column-major, so
// every write is sequential. Calling std::sin and std::cos for each of the len·dim entries is what costs
// (and writing row by row strides across columns); instead rows are taken in blocks of kBlock and, for
// the exact real angle θ = pos·ω and a block starting at θ0,
//   sin(θ0 + jω) = sin θ0 · cos jω + cos θ0 · sin jω,   cos(θ0 + jω) = cos θ0 · cos jω − sin θ0 · sin jω
// with libm values at the block starts and at the in-block steps jω: len/kBlock + kBlock sin/cos calls
// per frequency instead of len. Each entry is a single rotation of libm values — no recurrence, so no
// error growth. The table holds sin/cos of the *rounded* angle fl(pos·ω), as sinusoidal_row and the
// formula element by element do, so each entry is moved from θ to fl(θ) using the exact rounding error
// e = θ − fl(θ): sin(θ − e) = sin θ − e·cos θ, cos(θ − e) = cos θ + e·sin θ (|e| ≤ ½ ulp(θ), e² is far
// below double precision while |θ| < 2^24). Result: within a few 1e-16 of std::sin / std::cos of
// fl(pos·ω); the block-start rows are libm's values exactly. Positions must be exact (offset + r
// representable) and angles below 2^24; otherwise the plain per-element loop is used.
constexpr int kBlock = 64;

// A double and its Veltkamp split into two halves of at most 26 significant bits, whose products are
// exact (so FMA contraction cannot change them either).
struct Split {
  double v, hi, lo;
  explicit Split(double a) : v(a) {
    const double t = 134217729.0 * a;  // 2^27 + 1
    hi = t - (t - a);
    lo = a - hi;
  }
};

// The exact rounding error of a product: a·b = p + product_error(…) with p = fl(a·b) (Dekker's
// two-product; a single fma where the hardware has one). a is given as value and halves.
inline double product_error(double a, double a_hi, double a_lo, const Split& b, double p) {
#ifdef FP_FAST_FMA
  (void)a_hi, (void)a_lo;
  return std::fma(a, b.v, -p);
#else
  (void)a;
  return ((a_hi * b.hi - p) + a_hi * b.lo + a_lo * b.hi) + a_lo * b.lo;
#endif
}

// Positions as structure-of-arrays, so the inner loop can vectorise.
struct Positions {
  std::vector<double> v, hi, lo;
};

void fill_plain(const std::vector<double>& pos, double w, double* sines, double* cosines) {
  for (size_t r = 0; r < pos.size(); ++r) {
    const double angle = pos[r] * w;
    sines[r] = std::sin(angle);
    cosines[r] = std::cos(angle);
  }
}

void fill_blocked(const Positions& pos, double omega, double* __restrict sines, double* __restrict cosines) {
  const int len = static_cast<int>(pos.v.size());
  const Split w(omega);
  // sin and cos of the exact angle jω, j = 0 … kBlock − 1.
  double step_sin[kBlock], step_cos[kBlock];
  for (int j = 0; j < std::min(kBlock, len); ++j) {
    const Split js(j);
    const double a = js.v * w.v, e = product_error(js.v, js.hi, js.lo, w, a);
    const double s = std::sin(a), c = std::cos(a);
    step_sin[j] = s + e * c;
    step_cos[j] = c - e * s;
  }
  for (int r0 = 0; r0 < len; r0 += kBlock) {
    const double a0 = pos.v[r0] * w.v;
    const double s0 = std::sin(a0), c0 = std::cos(a0);
    const double e0 = product_error(pos.v[r0], pos.hi[r0], pos.lo[r0], w, a0);
    const double sa = s0 + e0 * c0, ca = c0 - e0 * s0;  // of the exact angle θ0
    const int n = std::min(kBlock, len - r0);
    const double* __restrict v = pos.v.data() + r0;
    const double* __restrict hi = pos.hi.data() + r0;
    const double* __restrict lo = pos.lo.data() + r0;
    double* __restrict so = sines + r0;
    double* __restrict co = cosines + r0;
    for (int j = 0; j < n; ++j) {
      const double s = sa * step_cos[j] + ca * step_sin[j];  // of the exact angle θ0 + jω
      const double c = ca * step_cos[j] - sa * step_sin[j];
      const double rounded = v[j] * w.v, e = product_error(v[j], hi[j], lo[j], w, rounded);
      so[j] = s - e * c;
      co[j] = c + e * s;
    }
    so[0] = s0;  // the block start: libm's values themselves
    co[0] = c0;
  }
}

}  // namespace

Eigen::MatrixXd sinusoidal(const SinusoidalSpec& spec) {
  Eigen::MatrixXd table;
  sinusoidal_into(table, spec);
  return table;
}

void sinusoidal_into(Eigen::MatrixXd& table, const SinusoidalSpec& spec,
                     const std::function<void(int column)>& filled) {
  table.resize(std::max(spec.len, 0), std::max(spec.dim, 0));
  if (spec.len <= 0 || spec.dim <= 0) return;

  // Positions offset + r, and whether every one is exact (two-sum error 0), so that row r0 + j is
  // exactly j positions after row r0, as the blocked fill assumes.
  std::vector<double> pos(spec.len);
  bool exact = std::isfinite(spec.offset);
  double max_pos = 0;
  for (int r = 0; r < spec.len; ++r) {
    const double a = spec.offset, b = r, s = a + b, bb = s - a;
    pos[r] = s;
    exact = exact && (a - (s - bb)) + (b - bb) == 0.0;
    max_pos = std::max(max_pos, std::fabs(s));
  }
  Positions split;
  if (exact) {
    split.v = pos;
    split.hi.resize(pos.size());
    split.lo.resize(pos.size());
    for (size_t r = 0; r < pos.size(); ++r) {
      const Split sp(pos[r]);
      split.hi[r] = sp.hi;
      split.lo[r] = sp.lo;
    }
  }

  std::vector<double> no_cosine;  // odd dim: the last sine has no cosine column; its values land here
  for (int i = 0; i < frequency_count(spec.dim); ++i) {
    const double w = frequency(i, spec.dim, spec.base);
    double* sines = table.col(sine_column(i, spec.dim, spec.layout)).data();
    const int c = cosine_column(i, spec.dim, spec.layout);
    if (c < 0) no_cosine.resize(spec.len);
    double* cosines = c >= 0 ? table.col(c).data() : no_cosine.data();
    // Moderate angles only: below 2^24 the rounding error e is at most 2^-29, so the neglected e²/2 is
    // under 2e-18 (it grows with the angle: ~1e-9 near 1e12).
    if (exact && std::isfinite(w) && std::fabs(w) * (max_pos + kBlock) < 0x1p24)
      fill_blocked(split, w, sines, cosines);
    else
      fill_plain(pos, w, sines, cosines);
    if (filled) {
      filled(sine_column(i, spec.dim, spec.layout));
      if (c >= 0) filled(c);
    }
  }
}

// sin and cos of one angle with one argument reduction where the C library offers sincos (glibc, musl).
static void sin_cos(double a, double* s, double* c) {
#if defined(__GLIBC__) || defined(__EMSCRIPTEN__)
  ::sincos(a, s, c);
#else
  *s = std::sin(a);
  *c = std::cos(a);
#endif
}

void sinusoidal_rows_into(Eigen::MatrixXd& table, const SinusoidalSpec& spec, const std::vector<int>& rows,
                          const std::function<void(int column)>& filled) {
  if (spec.len <= 0 || spec.dim <= 0 || table.rows() != spec.len || table.cols() != spec.dim) return;
  std::vector<double> pos;
  std::vector<int> at;
  for (int r : rows)
    if (r >= 0 && r < spec.len) {
      at.push_back(r);
      pos.push_back(spec.offset + r);
    }
  for (int i = 0; i < frequency_count(spec.dim); ++i) {
    const double w = frequency(i, spec.dim, spec.base);
    const int sc = sine_column(i, spec.dim, spec.layout), cc = cosine_column(i, spec.dim, spec.layout);
    double* sines = table.col(sc).data();
    double* cosines = cc >= 0 ? table.col(cc).data() : nullptr;
    for (size_t k = 0; k < at.size(); ++k) {
      double sn = 0, cs = 0;
      sin_cos(pos[k] * w, &sn, &cs);
      sines[at[k]] = sn;
      if (cosines) cosines[at[k]] = cs;
    }
    if (filled) {
      filled(sc);
      if (cc >= 0) filled(cc);
    }
  }
}

}  // namespace posenc::core
