// The RoPE cache checker. The order of inference follows what each step needs:
//   1. angles φ = atan2(sin, cos) and amplitudes √(cos² + sin²) per entry (the amplitude is YaRN's
//      attention factor; it must be one number for the whole cache);
//   2. rotary width: trailing columns whose angle stays 0 (no trend beyond noise) do not rotate;
//   3. layout: which columns hold the same angle, (j, j + d/2) or (2j, 2j + 1);
//   4. θ_j per pair by phase tracking: the median increment of the first rows seeds it, then windows
//      that double refine it (the residual wrap(φ_r − φ_0 − r·θ) / r, medianed) — robust to aliasing
//      (θ up to π per row) and to rows whose angles a low precision has destroyed;
//   5. the frequency rule: candidate models (default, linear, llama3, yarn) fitted to log θ_j, the
//      simplest that fits kept; the base from a log-linear fit over the pairs the scaling leaves alone;
//   6. the offset from row 0's angles, slow pairs first (they do not wrap), faster ones sharpening it;
//   7. the discrete rest — round-number bases near the fit, the angle precision — by rebuilding rows
//      of the cache for each candidate and keeping the closest (preferring the plainer answer on ties).
// The scaling formulas themselves are rope_scaling.cpp's (rope_init); nothing here re-derives them.
#include "check_rope.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include "rope_scaling.hpp"

namespace posenc::core {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kTwoPi = 2 * kPi;

// std::nearbyint in the default rounding mode (to nearest, ties to even), inline: below 2^51 adding
// and subtracting 1.5·2^52 rounds the fraction away; copysign keeps nearbyint's sign of a zero result.
double round_even(double q) {
  constexpr double kMagic = 6755399441055744.0;  // 1.5 · 2^52
  if (!(std::fabs(q) < 2251799813685248.0)) return std::nearbyint(q);  // from 2^51 on, inf, NaN: the call
  return std::copysign((q + kMagic) - kMagic, q);
}

double wrap(double a) { return a - kTwoPi * round_even(a / kTwoPi); }

// The element of rank n/2, as std::nth_element finds it. A long vector is narrowed first (Floyd and
// Rivest's select): a sorted, evenly spread sample gives two values that bracket the median, one
// branch-free pass counts what lies below and copies what lies between, and only that band is selected
// in. Should the bracket miss (or a NaN be there), or the median be a zero while the vector holds both
// +0 and −0 (they compare equal: which one nth_element lands on is its own business), the plain
// nth_element on the whole vector decides, so the answer is always, bit for bit, the one it gives.
double median(std::vector<double>& v) {
  if (v.empty()) return 0;
  const std::size_t n = v.size(), k = n / 2;
  if (n >= 512) {
    constexpr std::size_t kSample = 128, kReach = 16;
    double sample[kSample];
    for (std::size_t i = 0; i < kSample; ++i) sample[i] = v[(2 * i + 1) * n / (2 * kSample)];
    std::sort(sample, sample + kSample);
    const std::size_t ks = k * kSample / n;
    const double lo = sample[ks >= kReach ? ks - kReach : 0], hi = sample[std::min(ks + kReach, kSample - 1)];
    std::vector<double> band(n);
    std::size_t below = 0, above = 0, nb = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double x = v[i];
      band[nb] = x;
      nb += (x >= lo) & (x <= hi);
      below += x < lo;
      above += x > hi;
    }
    if (below + nb + above == n && below <= k && k < below + nb) {
      const auto mid = band.begin() + static_cast<std::ptrdiff_t>(k - below);
      std::nth_element(band.begin(), mid, band.begin() + static_cast<std::ptrdiff_t>(nb));
      if (*mid != 0) return *mid;
      std::size_t zeros = 0, negative_zeros = 0;
      for (const double x : v) zeros += x == 0, negative_zeros += x == 0 && std::signbit(x);
      if (negative_zeros == 0) return 0.0;
      if (negative_zeros == zeros) return -0.0;
    }
  }
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(k);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

std::string number(double v, int digits = 6) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

// x rounded to nearest-even with `mant` fraction bits and smallest normal exponent `emin` (subnormals
// keep the spacing of the smallest normal binade). In the type's normal range that is the double's own
// fraction cut to `mant` bits, nearest-even, on its bit pattern (a carry out of the fraction steps the
// exponent, as rounding up to the next binade should); below it, a multiple of 2^(emin − mant).
double round_bits(double x, int mant, int emin, double max_finite) {
  if (x == 0 || !std::isfinite(x)) return x;
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  const int exp = static_cast<int>((u >> 52) & 0x7FF) - 1023;  // |x| in [2^exp, 2^(exp+1)) for a normal double
  double r;
  if (exp >= emin) {
    const int drop = 52 - mant;
    u += ((std::uint64_t{1} << (drop - 1)) - 1) + ((u >> drop) & 1);
    u &= ~((std::uint64_t{1} << drop) - 1);
    std::memcpy(&r, &u, sizeof r);
  } else {
    const double ulp = std::ldexp(1.0, emin - mant);
    r = std::nearbyint(x / ulp) * ulp;
  }
  return std::fabs(r) > max_finite ? std::copysign(std::numeric_limits<double>::infinity(), r) : r;
}

std::string validate(const Eigen::MatrixXd& c, const Eigen::MatrixXd& s) {
  if (c.rows() != s.rows() || c.cols() != s.cols())
    return "cos is " + std::to_string(c.rows()) + " × " + std::to_string(c.cols()) + " but sin is " +
           std::to_string(s.rows()) + " × " + std::to_string(s.cols()) + ": they must have the same shape.";
  if (c.rows() < 3) return "The cache needs at least 3 rows (positions) to measure how fast each column turns.";
  if (c.cols() < 2) return "The cache needs at least 2 columns (one rotating pair).";
  if (c.rows() > kMaxRopeCheckRows || c.cols() > kMaxRopeCheckCols)
    return "The cache is " + std::to_string(c.rows()) + " × " + std::to_string(c.cols()) + "; the checker takes at most " +
           std::to_string(kMaxRopeCheckRows) + " rows × " + std::to_string(kMaxRopeCheckCols) + " columns.";
  // One branch-free pass says whether every value is fine (a NaN fails the comparison too); only then
  // is the first bad one looked for.
  bool fine = true;
  for (const Eigen::MatrixXd* m : {&c, &s}) {
    const double* v = m->data();
    for (Eigen::Index i = 0; i < m->size(); ++i) fine &= std::fabs(v[i]) <= 1.5;
  }
  if (fine) return {};
  for (const Eigen::MatrixXd* m : {&c, &s}) {
    const char* name = m == &c ? "cos" : "sin";
    for (Eigen::Index j = 0; j < m->cols(); ++j)
      for (Eigen::Index i = 0; i < m->rows(); ++i) {
        const double v = (*m)(i, j);
        if (std::isfinite(v) && std::fabs(v) <= 1.5) continue;
        const std::string at = std::string(name) + "[" + std::to_string(i) + ", " + std::to_string(j) + "]";
        if (!std::isfinite(v)) return at + " is not a finite number.";
        return at + " = " + number(v) + ": cos and sin values lie in [−1, 1] (times an attention factor near 1).";
      }
  }
  return {};
}

// Everything measured from the two tables, shared by the steps below.
struct Measured {
  int len = 0, dim = 0, rd = 0, half = 0;
  bool interleaved = false;
  Eigen::MatrixXd phi;    // len × dim angles
  Eigen::MatrixXd pairs;  // len × half: each pair's angle (the mean of its two columns)
  double amp = 1;         // the attention factor
  double pass_amp = 1;    // the amplitude of the non-rotating columns (1, or amp)
  Eigen::VectorXd theta;  // measured θ_j
  Eigen::VectorXd spread; // its relative uncertainty (log θ_j ± spread_j)
};

int column_a(const Measured& m, int j) { return m.interleaved ? 2 * j : j; }
int column_b(const Measured& m, int j) { return m.interleaved ? 2 * j + 1 : j + m.half; }

// A column that does not rotate: every angle near 0 and no trend above the scatter (noise of stored
// values leaves a non-rotating column at ±1e-7; a slowly rotating one drifts steadily).
bool still_column(const Eigen::MatrixXd& phi, int c) {
  const int n = static_cast<int>(phi.rows());
  if (phi.col(c).cwiseAbs().maxCoeff() > 1e-3) return false;
  const double rm = (n - 1) / 2.0;
  double mean = phi.col(c).mean(), sxy = 0, sxx = 0;
  for (int r = 0; r < n; ++r) {
    sxy += (r - rm) * (phi(r, c) - mean);
    sxx += (r - rm) * (r - rm);
  }
  const double slope = sxy / sxx;
  double ss = 0;
  for (int r = 0; r < n; ++r) ss += std::pow(phi(r, c) - mean - slope * (r - rm), 2);
  const double rms = std::sqrt(ss / n);
  return std::fabs(slope) * (n - 1) <= 6 * rms * std::sqrt(12.0 / n) + 1e-13;
}

// How much the columns that a layout pairs disagree, relative to the angles' size (0: they agree).
// `pairs` gets each pair's angle under that layout (the mean of its two columns), from the same pass.
double pairing_mismatch(const Eigen::MatrixXd& phi, int rd, bool interleaved, Eigen::MatrixXd& pairs) {
  const int h = rd / 2;
  const Eigen::Index n = phi.rows();
  pairs.resize(n, h);
  double diff = 0, size = 1e-300;
  for (int j = 0; j < h; ++j) {
    const int a = interleaved ? 2 * j : j, b = interleaved ? 2 * j + 1 : j + h;
    const double *pa = &phi(0, a), *pb = &phi(0, b);
    double* out = &pairs(0, j);
    for (Eigen::Index r = 0; r < n; ++r) {
      const double d = wrap(pb[r] - pa[r]);  // |wrap(b − a)| = |wrap(a − b)|: wrap is odd
      diff += std::fabs(d);
      size += std::fabs(pa[r]) + std::fabs(pb[r]);
      out[r] = pa[r] + d / 2;
    }
  }
  return diff / size;
}

// θ of one pair's angle series: see step 4 at the top. `sd`: its uncertainty, from the scatter of the
// angles about the tracked line (robust: the median absolute residual).
double track_rate(const double* phi, int n, std::vector<double>& scratch, double& sd) {
  scratch.clear();
  for (int r = 0; r + 1 < std::min(n, 17); ++r) scratch.push_back(wrap(phi[r + 1] - phi[r]));
  double theta = median(scratch);
  for (int w = 32, last = 0; last < 2; w *= 2) {
    const int m = std::min(w, n);
    if (m == n) ++last;  // the full length twice: the median settles
    scratch.clear();
    for (int r = 1; r < m; ++r) scratch.push_back(wrap(phi[r] - phi[0] - r * theta) / r);
    theta += median(scratch);
  }
  scratch.clear();
  for (int r = 1; r < n; ++r) scratch.push_back(std::fabs(wrap(phi[r] - phi[0] - r * theta)));
  sd = 4 * 1.4826 * median(scratch) / n;
  return theta;
}

// ---- frequency rules ------------------------------------------------------------------------------

struct FreqModel {
  RopeType type = RopeType::Default;
  double base = 10000;
  double factor = 1;
  double l0 = 0;          // llama3: L0 (low_freq_factor 1); yarn: the reported trained length (0: none)
  double high = 4;        // llama3: high_freq_factor
  double ramp_low = 0, ramp_high = 0;  // yarn: the ramp's ends in pair indices
  double misfit = std::numeric_limits<double>::infinity();  // max |log θ̂ − log θ|
};

// θ_j of a rule, through rope_init (rope_scaling.cpp holds the formulas).
Eigen::VectorXd model_theta(const FreqModel& m, int rd) {
  RopeConfig c;
  c.head_dim = rd;
  c.rope_theta = m.base;
  c.rope_type = m.type;
  c.factor = m.factor;
  if (m.type == RopeType::Llama3) {
    c.original_max_position_embeddings = m.l0;
    c.max_position_embeddings = m.l0;
    c.low_freq_factor = 1.0;
    c.high_freq_factor = m.high;
  } else if (m.type == RopeType::Yarn) {
    // Any trained length works once beta_fast / beta_slow are chosen to put the ramp's ends at
    // ramp_low / ramp_high exactly (no truncation: the fitted ends are used as they are).
    const double l0 = 4096;
    c.original_max_position_embeddings = l0;
    c.max_position_embeddings = l0 * m.factor;
    const auto turns = [&](double pair) { return l0 / (kTwoPi * std::pow(m.base, 2.0 * pair / rd)); };
    c.beta_fast = turns(m.ramp_low);
    c.beta_slow = turns(m.ramp_high);
    c.truncate = false;
  }
  return rope_init(c, 0).inv_freq;
}

double misfit(const Eigen::VectorXd& measured, const Eigen::VectorXd& model) {
  double worst = 0;
  for (Eigen::Index j = 0; j < measured.size(); ++j) {
    if (!(measured[j] > 0) || !(model[j] > 0)) return std::numeric_limits<double>::infinity();
    worst = std::max(worst, std::fabs(std::log(measured[j] / model[j])));
  }
  return worst;
}

void score(FreqModel& m, const Eigen::VectorXd& theta, int rd) { m.misfit = misfit(theta, model_theta(m, rd)); }

// What the fits below share: log θ̂_j, each pair's uncertainty (spread) and a common tolerance.
struct Fit {
  Eigen::VectorXd lt, spread;
  int rd = 0;
  double tol = 0.01;
  double tol_at(int j) const { return tol + 4 * spread[j]; }
};

// log θ_j = −x_j·log b with x_j = 2j/d, fitted over pairs 1 … k (through θ_0 = 1): the longest prefix
// whose residuals all stay within tolerance.
double prefix_log_base(const Fit& f, int& prefix_end) {
  const int h = static_cast<int>(f.lt.size());
  double sxy = 0, sxx = 0, best = 0;
  prefix_end = 0;
  for (int k = 1; k < h; ++k) {
    const double x = 2.0 * k / f.rd, w = 1 / (1e-12 + f.spread[k]);
    sxy += w * x * f.lt[k];
    sxx += w * x * x;
    const double log_base = -sxy / sxx;
    bool fits = std::fabs(f.lt[0]) <= f.tol_at(0);
    for (int j = 1; j <= k && fits; ++j) fits = std::fabs(f.lt[j] + 2.0 * j / f.rd * log_base) <= f.tol_at(j);
    if (!fits) break;
    best = log_base;
    prefix_end = k;
  }
  if (prefix_end == 0) best = h > 1 ? -f.lt[1] * f.rd / 2.0 : std::log(10000.0);
  return best;
}

// The scatter of the prefix about the fit: 8 × its rms, within [floor, 0.01].
double prefix_tol(const Fit& f, double log_base, int end, double floor) {
  double ss = f.lt[0] * f.lt[0];
  for (int j = 1; j <= end; ++j) ss += std::pow(f.lt[j] + 2.0 * j / f.rd * log_base, 2);
  return std::clamp(8 * std::sqrt(ss / (end + 1)), floor, 0.01);
}

// A factor close to a whole number is that number (scaling factors are written as 4, 8, 32, 40 …).
double snap_factor(double s, double tol) {
  const double r = std::nearbyint(s);
  return r >= 1 && std::fabs(s - r) <= std::max(1e-9, 3 * tol) * s ? r : s;
}

// Linear: a line with intercept −log s.
FreqModel fit_linear(const Fit& f) {
  const int h = static_cast<int>(f.lt.size());
  double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int j = 0; j < h; ++j) {
    const double x = 2.0 * j / f.rd, w = 1 / (1e-12 + f.spread[j]);
    sw += w, sx += w * x, sy += w * f.lt[j], sxx += w * x * x, sxy += w * x * f.lt[j];
  }
  FreqModel m;
  m.type = RopeType::Linear;
  const double det = sw * sxx - sx * sx;
  const double slope = det > 0 ? (sw * sxy - sx * sy) / det : 0, icept = sw > 0 ? (sy - slope * sx) / sw : 0;
  m.base = std::exp(-slope);
  m.factor = snap_factor(std::exp(-icept), f.tol + 4 / sw);
  return m;
}

// llama3 and yarn share a shape: the fast pairs untouched, the slow ones divided by s, a blend between.
// `ratio` = θ̂ / default θ; the blend pairs are those neither 1 nor 1/s (within tolerance).
struct Blend {
  double s = 1;
  int first = 0, last = -1;  // blend pairs first … last (may be empty)
  int last_unscaled = -1;
};

Blend find_blend(const Eigen::VectorXd& ratio, const Fit& f) {
  const int h = static_cast<int>(ratio.size());
  Blend b;
  // the plateau of the slowest pairs, weighted by how well each is measured
  int tail = h - 1;
  double sw = 1 / (1e-12 + f.spread[tail]), sum = sw * std::log(ratio[tail]);
  while (tail > 0 && std::fabs(std::log(ratio[tail - 1]) - sum / sw) <= f.tol_at(tail - 1) + 4 * f.spread[h - 1]) {
    --tail;
    const double w = 1 / (1e-12 + f.spread[tail]);
    sw += w, sum += w * std::log(ratio[tail]);
  }
  b.s = snap_factor(std::exp(-sum / sw), f.tol + 4 / sw);  // 1/sw: the plateau's combined spread
  int head = 0;
  while (head + 1 < tail && std::fabs(std::log(ratio[head + 1])) <= f.tol_at(head + 1)) ++head;
  b.last_unscaled = head;
  b.first = head + 1;
  b.last = tail - 1;
  return b;
}

// Llama 3.1: smooth = (L0/λ − 1)/(high − 1) on the blend pairs, linear in 1/λ = θ/2π.
FreqModel fit_llama3(const Eigen::VectorXd& ratio, const Eigen::VectorXd& dflt, const Blend& b, double base) {
  FreqModel m;
  m.type = RopeType::Llama3;
  m.base = base;
  m.factor = b.s;
  const double inv_s = 1.0 / b.s;
  std::vector<double> xs, ys;
  for (int j = b.first; j <= b.last; ++j) {
    xs.push_back(dflt[j] / kTwoPi);
    ys.push_back((ratio[j] - inv_s) / (1 - inv_s));
  }
  if (xs.size() >= 2) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    const double n = static_cast<double>(xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) sx += xs[i], sy += ys[i], sxx += xs[i] * xs[i], sxy += xs[i] * ys[i];
    const double a = (n * sxy - sx * sy) / (n * sxx - sx * sx), c = (sy - a * sx) / n;
    if (c < 0) {
      m.high = 1 - 1 / c;
      m.l0 = a * (m.high - 1);
    }
  }
  if (!(m.l0 > 0) || !(m.high > 1)) {
    m.high = 4;  // Meta's default: one blend pair (or none) pins only L0
    if (!xs.empty()) {
      m.l0 = (3 * ys[0] + 1) / xs[0];
    } else {  // a step: L0 anywhere between the last kept wavelength × 4 and the first divided one
      const int next = std::min<int>(b.last + 1, static_cast<int>(dflt.size()) - 1);
      const double lo = 4 * kTwoPi / dflt[std::max(0, b.last_unscaled)], hi = kTwoPi / dflt[next];
      m.l0 = std::sqrt(lo * std::max(lo, hi));
    }
  }
  return m;
}

// YaRN: ramp = (j − low)/(high − low) on the blend pairs, linear in the pair index.
FreqModel fit_yarn(const Eigen::VectorXd& ratio, const Blend& b, double base) {
  FreqModel m;
  m.type = RopeType::Yarn;
  m.base = base;
  m.factor = b.s;
  const double inv_s = 1.0 / b.s;
  double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
  for (int j = b.first; j <= b.last; ++j) {
    const double ramp = (1 - ratio[j]) / (1 - inv_s);
    sx += j, sy += ramp, sxx += double(j) * j, sxy += j * ramp, n += 1;
  }
  if (n >= 2) {
    const double k = (n * sxy - sx * sy) / (n * sxx - sx * sx), c = (sy - k * sx) / n;
    m.ramp_low = -c / k;
    m.ramp_high = (1 - c) / k;
  } else {  // one blend pair or a step: the ramp starts at the last pair kept
    m.ramp_low = b.last_unscaled;
    m.ramp_high = b.last + 1;
    const double t = n == 1 ? (1 - ratio[b.first]) / (1 - inv_s) : 0;  // the one pair's ramp value
    if (t > 1e-3) m.ramp_high = m.ramp_low + 1 / t;
  }
  return m;
}

// The trained length default beta_fast = 32, beta_slow = 1 give these (truncated) ramp ends with, if a
// power of two does; 0 if none.
double yarn_trained_length(const FreqModel& m, int rd) {
  const auto cd = [&](double l0, double turns) { return rd * std::log(l0 / (turns * kTwoPi)) / (2 * std::log(m.base)); };
  for (int k = 8; k <= 22; ++k) {
    const double l0 = std::ldexp(1.0, k);
    const double lo = std::max(0.0, std::floor(cd(l0, 32))), hi = std::min<double>(rd - 1, std::ceil(cd(l0, 1)));
    if (lo == m.ramp_low && hi == m.ramp_high) return l0;
  }
  return 0;
}

// Rounder values of a fitted parameter, plainest first (then the fit itself): the first whose misfit is
// within reach of the best wins, so exact data keeps its round numbers and noise does not invent digits.
void polish(FreqModel& m, const Eigen::VectorXd& theta, int rd, double tol, std::vector<FreqModel> variants) {
  variants.push_back(m);
  for (FreqModel& v : variants) score(v, theta, rd);
  double least = std::numeric_limits<double>::infinity();
  for (const FreqModel& v : variants) least = std::min(least, v.misfit);
  for (const FreqModel& v : variants)
    if (v.misfit <= 1.5 * least + tol * 0.1) {
      m = v;
      return;
    }
}

void polish_llama3(FreqModel& m, const Eigen::VectorXd& theta, int rd, double tol) {
  std::vector<FreqModel> v;
  const double p2 = std::ldexp(1.0, static_cast<int>(std::lround(std::log2(m.l0))));
  for (double high : {std::nearbyint(m.high), m.high})
    for (double l0 : {p2, std::nearbyint(m.l0)}) {
      FreqModel c = m;
      c.high = high, c.l0 = l0;
      if (std::fabs(l0 / m.l0 - 1) < 0.05 && std::fabs(high / m.high - 1) < 0.1 && high > 1) v.push_back(c);
    }
  polish(m, theta, rd, tol, v);
}

void polish_yarn(FreqModel& m, const Eigen::VectorXd& theta, int rd, double tol) {
  FreqModel c = m;
  c.ramp_low = std::max(0.0, std::nearbyint(m.ramp_low));  // transformers truncates the ends by default
  c.ramp_high = std::nearbyint(m.ramp_high);
  std::vector<FreqModel> v;
  if (c.ramp_high > c.ramp_low) v.push_back(c);
  polish(m, theta, rd, tol, v);
  m.l0 = yarn_trained_length(m, rd);
}

// Step 5: the rule and its parameters from the measured θ (with the base given, when `log_base` is set).
FreqModel fit_rule(const Eigen::VectorXd& theta, const Eigen::VectorXd& spread, int rd, double amp, const double* log_base_given) {
  const int h = static_cast<int>(theta.size());
  Fit f;
  f.rd = rd;
  f.spread = spread;
  f.lt.resize(h);
  for (int j = 0; j < h; ++j) f.lt[j] = std::log(std::max(theta[j], 1e-300));
  // Unscaled prefix: a loose pass, then passes at the scatter the previous one shows.
  int end = 0;
  double log_base = prefix_log_base(f, end);
  for (int pass = 0; pass < 2; ++pass) {
    f.tol = prefix_tol(f, log_base, end, 1e-10);
    log_base = prefix_log_base(f, end);
  }
  f.tol = prefix_tol(f, log_base, end, 1e-9);
  if (log_base_given) log_base = *log_base_given;

  std::vector<FreqModel> models;
  FreqModel dflt;
  dflt.base = std::exp(log_base);
  models.push_back(dflt);
  if (!log_base_given) {  // default over every pair (a dynamic-NTK cache is this with its grown base)
    double sxy = 0, sxx = 0;
    for (int j = 1; j < h; ++j) {
      const double x = 2.0 * j / rd, w = 1 / (1e-12 + spread[j]);
      sxy += w * x * f.lt[j], sxx += w * x * x;
    }
    FreqModel all;
    all.base = sxx > 0 ? std::exp(-sxy / sxx) : dflt.base;
    models.push_back(all);
  }
  FreqModel lin = fit_linear(f);
  if (log_base_given) {  // the intercept alone, with the slope the base gives
    double sw = 0, sum = 0;
    for (int j = 0; j < h; ++j) {
      const double w = 1 / (1e-12 + spread[j]);
      sw += w, sum += w * (f.lt[j] + 2.0 * j / rd * log_base);
    }
    lin.base = dflt.base;
    lin.factor = snap_factor(std::exp(-sum / sw), f.tol + 4 / sw);
  }
  models.push_back(lin);
  if (h >= 3) {
    const Eigen::VectorXd def = rope_default_inv_freq(rd, dflt.base);
    const Eigen::VectorXd ratio = theta.cwiseQuotient(def);
    const Blend b = find_blend(ratio, f);
    if (b.s > 1 + f.tol && b.last_unscaled >= 0) {
      models.push_back(fit_llama3(ratio, def, b, dflt.base));
      models.push_back(fit_yarn(ratio, b, dflt.base));
    }
  }
  for (FreqModel& m : models) score(m, theta, rd);
  for (FreqModel& m : models) {
    if (m.type == RopeType::Llama3) polish_llama3(m, theta, rd, f.tol);
    if (m.type == RopeType::Yarn) polish_yarn(m, theta, rd, f.tol);
  }
  // Plainest first; a later model must fit clearly better to win. llama3 and yarn tie when their
  // blends coincide (two blend pairs fit either): the attention factor, YaRN's mark, decides.
  std::size_t best = 0;
  for (std::size_t i = 1; i < models.size(); ++i)
    if (models[i].misfit < models[best].misfit / 1.5 - 1e-13) best = i;
  const bool yarn_mark = std::fabs(amp - 1) > 1e-4;
  if (models[best].type == RopeType::Llama3 && yarn_mark && models.back().misfit <= models[best].misfit * 1.5 + f.tol)
    best = models.size() - 1;
  return models[best];
}

// ---- offset, precision, rebuilding ----------------------------------------------------------------

// Step 6. `phase`: a constant angle added to every column (−π/2 when cos and sin were swapped).
long long estimate_offset(const Measured& m, const Eigen::VectorXd& theta, double phase) {
  const int h = m.half;
  std::vector<int> order(h);
  for (int j = 0; j < h; ++j) order[j] = j;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return theta[a] < theta[b]; });
  std::vector<double> y(h);
  for (int j = 0; j < h; ++j) y[j] = wrap(m.pairs(0, j) - phase);
  std::vector<long long> cands = {0, 1};
  double o = y[order[0]] / theta[order[0]];
  for (int j : order) {
    const double k = std::nearbyint((o * theta[j] - y[j]) / kTwoPi);
    const double oj = (y[j] + kTwoPi * k) / theta[j];
    if (std::fabs(oj) < 1e15) {
      cands.push_back(static_cast<long long>(std::llround(oj)));
      o = oj;
    }
  }
  long long best = 0;
  double best_score = std::numeric_limits<double>::infinity();
  for (long long c : cands) {
    double sc = 0;
    for (int j = 0; j < h; ++j) sc += std::min(1.0, std::fabs(wrap(y[j] - static_cast<double>(c) * theta[j])));
    if (sc < best_score - 1e-12 || (sc <= best_score + 1e-12 && std::llabs(c) < std::llabs(best))) {
      best_score = sc;
      best = c;
    }
  }
  return best;
}

struct Rebuild {
  Eigen::VectorXd theta;
  long long offset = 0;
  AnglePrecision precision = AnglePrecision::Float64;
  double sign = 1, phase = 0;
};

// max |cache − rebuilt| over the given rows (every row when `rows` is empty), starting from `start` (a
// max already known over some of them). Gives up, returning infinity, once the max passes `abort_above`
// (checked after each pair): a candidate that far off can be neither the closest nor within reach of it.
// Each position and θ_j is rounded once; rows whose rounded positions agree (bfloat16 and float16 hold
// 256 and 2048 integers exactly, then every 2nd, 4th … one) share one angle, so one cos and sin.
double rebuild_error(const Eigen::MatrixXd& c, const Eigen::MatrixXd& s, const Measured& m, const Rebuild& rb,
                     const std::vector<int>& rows, double abort_above = std::numeric_limits<double>::infinity(),
                     double start = 0) {
  const double inf = std::numeric_limits<double>::infinity();
  const int n = rows.empty() ? m.len : static_cast<int>(rows.size());
  const AnglePrecision p = rb.precision;
  std::vector<double> pos(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k)
    pos[k] = round_to_precision(static_cast<double>(rb.offset + (rows.empty() ? k : rows[k])), p);
  double worst = start;
  for (int j = 0; j < m.half; ++j) {
    const int a = column_a(m, j), b = column_b(m, j);
    const double *ca = &c(0, a), *sa = &s(0, a), *cb = &c(0, b), *sb = &s(0, b);
    const double t = round_to_precision(rb.theta[j], p);
    for (int k = 0, end = 0; k < n; k = end) {
      const double prod = pos[k] * t;
      const double ang = rb.sign * (p == AnglePrecision::Float64 ? prod : round_to_precision(prod, p)) + rb.phase;
      if (!std::isfinite(ang)) return inf;  // float16 beyond 65504
      const double cv = m.amp * std::cos(ang), sv = m.amp * std::sin(ang);
      for (end = k + 1; end < n && pos[end] == pos[k];) ++end;
      for (int q = k; q < end; ++q) {  // the rows of one angle
        const int r = rows.empty() ? q : rows[q];
        const double d1 = std::fabs(ca[r] - cv), d2 = std::fabs(sa[r] - sv), d3 = std::fabs(cb[r] - cv), d4 = std::fabs(sb[r] - sv);
        const double d12 = d1 < d2 ? d2 : d1, d34 = d3 < d4 ? d4 : d3, d = d12 < d34 ? d34 : d12;
        worst = worst < d ? d : worst;  // std::max
      }
    }
    if (worst > abort_above) return inf;
  }
  if (!(worst < inf)) worst = inf;
  return worst;
}

double pass_error(const Eigen::MatrixXd& c, const Eigen::MatrixXd& s, const Measured& m) {
  if (m.rd >= m.dim) return 0;
  const auto rest = m.dim - m.rd;
  return std::max((c.rightCols(rest).array() - m.pass_amp).abs().maxCoeff(), s.rightCols(rest).cwiseAbs().maxCoeff());
}

// Round-number bases near a fitted one (1, 2, 3, 4 significant digits, then the fit), plainest first.
std::vector<double> base_candidates(double fitted) {
  std::vector<double> out;
  if (!(fitted > 0) || !std::isfinite(fitted)) return {fitted};
  for (int digits = 1; digits <= 4; ++digits) {
    const double scale = std::pow(10.0, std::floor(std::log10(fitted)) - (digits - 1));
    const double v = std::nearbyint(fitted / scale) * scale;
    if (std::fabs(v / fitted - 1) < 0.05 && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  out.push_back(fitted);
  return out;
}

std::string percent(double share) { return number(100 * share, 3) + "%"; }

// ---- the message ----------------------------------------------------------------------------------

std::string describe(const RopeCacheCheck& r, bool sign_flipped, bool swapped, int dim) {
  std::string out;
  const auto say = [&](const std::string& s) { out += (out.empty() ? "" : " ") + s; };
  if (sign_flipped)
    say(swapped ? "cos and sin are swapped: the angles run backwards from π/2 (−pos·θ + π/2)."
                : "The angles run backwards (−pos·θ): sin is negated.");
  if (r.layout == "interleaved")
    say("Pairs are interleaved (columns 2j and 2j+1 share an angle, as in GPT-J and Meta's original code), not transformers' rotate_half halves (j and j + " +
        std::to_string(r.rotary_dim / 2) + ").");
  if (r.offset == 1) say("Rows start at position 1, not 0.");
  else if (r.offset != 0)
    say("Rows start at position " + std::to_string(r.offset) + ", not 0 (right for a KV-cache slice, wrong for a fresh sequence).");
  if (r.rotary_dim < dim)
    say("Only the first " + std::to_string(r.rotary_dim) + " of " + std::to_string(dim) + " columns rotate (partial rotary, " +
        percent(double(r.rotary_dim) / dim) + "); the rest hold angle 0.");
  if (r.rope_type != "unknown" && std::fabs(r.base - 10000) > 1e-9 * r.base) {
    say("The base is " + number(r.base, 10) + ", not transformers' default 10000.");
    if (r.rope_type == "default" && r.base != std::nearbyint(r.base))
      say("(A dynamic-NTK cache looks exactly like this: only its grown base shows.)");
  }
  if (r.rope_type == "linear")
    say("Every frequency is divided by " + number(r.factor) + " (linear scaling, position interpolation).");
  else if (r.rope_type == "llama3")
    say("Llama 3 scaling, factor " + number(r.factor) + ": wavelengths above " + number(r.original_max_position) +
        " positions are divided by it, those below " + number(r.original_max_position / r.high_freq_factor) + " kept, a blend between.");
  else if (r.rope_type == "yarn")
    say("YaRN scaling, factor " + number(r.factor) + ": fast pairs kept, slow ones divided by it, a ramp over the pairs between" +
        (r.original_max_position > 0 ? " (trained length " + number(r.original_max_position) + ")." : "."));
  else if (r.rope_type == "unknown")
    say("The frequencies follow none of the known rules (default, linear, llama3, yarn).");
  if (std::fabs(r.attention_factor - 1) > 1e-9)
    say("cos and sin are multiplied by " + number(r.attention_factor) + " (cos² + sin² = " + number(r.attention_factor * r.attention_factor) + ").");
  if (r.precision == "bfloat16" || r.precision == "float16")
    say("The angles pos·θ were rounded to " + r.precision + " before cos and sin, so the later rows turn by the wrong amounts.");
  if (r.max_error > 1e-3)
    say("Even so, the cache differs from the one these parameters give by up to " + number(r.max_error, 3) + ".");
  if (out.empty())
    say("This is transformers' standard RoPE cache: rotate_half layout, base 10000, positions from 0, every column rotating, no scaling.");
  return out;
}

}  // namespace

const char* angle_precision_name(AnglePrecision p) {
  switch (p) {
    case AnglePrecision::Float64: return "float64";
    case AnglePrecision::Float32: return "float32";
    case AnglePrecision::BFloat16: return "bfloat16";
    case AnglePrecision::Float16: return "float16";
  }
  return "float64";
}

double round_to_precision(double x, AnglePrecision p) {
  switch (p) {
    case AnglePrecision::Float64: return x;
    case AnglePrecision::Float32: return static_cast<double>(static_cast<float>(x));
    case AnglePrecision::BFloat16: return round_bits(x, 7, -126, 3.3895313892515355e38);
    case AnglePrecision::Float16: return round_bits(x, 10, -14, 65504.0);
  }
  return x;
}

double rounded_angle(double pos, double theta, AnglePrecision p) {
  if (p == AnglePrecision::Float64) return pos * theta;
  return round_to_precision(round_to_precision(pos, p) * round_to_precision(theta, p), p);
}

// <code id="check_rope">
RopeCacheCheck check_rope(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin) {
  RopeCacheCheck out;
  out.error = validate(cos, sin);
  if (!out.ok()) return out;
  Measured m;
  m.len = static_cast<int>(cos.rows());
  m.dim = static_cast<int>(cos.cols());
  // 1–2. angles and the rotary width: the trailing columns first, back to the first that rotates (the
  // width needs only theirs)
  m.phi.resize(m.len, m.dim);
  const auto bits = [](double v) {
    std::uint64_t u;
    std::memcpy(&u, &v, sizeof u);
    return u;
  };
  // A row that repeats the row above bit for bit (low-precision angles repeat) repeats its angle.
  const auto angles = [&](int c) {
    const double *cc = &cos(0, c), *sc = &sin(0, c);
    double* ph = &m.phi(0, c);
    ph[0] = std::atan2(sc[0], cc[0]);
    for (int r = 1; r < m.len; ++r)
      ph[r] = bits(cc[r]) == bits(cc[r - 1]) && bits(sc[r]) == bits(sc[r - 1]) ? ph[r - 1] : std::atan2(sc[r], cc[r]);
  };
  m.rd = m.dim;
  angles(m.dim - 1);
  while (m.rd > 0 && still_column(m.phi, m.rd - 1))
    if (--m.rd > 0) angles(m.rd - 1);
  if (m.rd == 0) {
    out.error = "No column rotates: every angle is 0 (cos = 1, sin = 0 throughout).";
    return out;
  }
  if (m.rd % 2) {
    out.error = "The first " + std::to_string(m.rd) + " columns rotate — an odd number, but RoPE rotates pairs of columns.";
    return out;
  }
  m.half = m.rd / 2;
  out.rotary_dim = m.rd;
  // 1 (the rest). the other rotating columns' angles and the amplitude, column by column. An entry that
  // equals, bit for bit, the row above or the entry of a column it may share its angle with (2j and
  // 2j+1, or j and j + rd/2) takes that angle instead of another atan2: in a clean cache half the angles
  // are copies, and more when the angles were rounded. Amplitudes over the rotating columns: their
  // extremes are the roots of the extremes of cos² + sin² (a correctly rounded root is monotonic), and
  // rows strided into the median so a large cache costs little.
  {
    std::vector<double> amps;
    const int stride = std::max(1, m.len * m.rd / 65536);
    amps.reserve(static_cast<std::size_t>(m.rd) * static_cast<std::size_t>(m.len / stride + 1));
    double qlo = std::numeric_limits<double>::infinity(), qhi = 0;
    for (int c = 0; c < m.rd; ++c) {
      const double *cc = &cos(0, c), *sc = &sin(0, c);
      double* ph = &m.phi(0, c);
      if (c < m.rd - 1) {  // column rd − 1 has its angles from step 2
        const int p1 = c % 2 ? c - 1 : -1, p2 = c >= m.half ? c - m.half : -1;
        const double *c1 = p1 >= 0 ? &cos(0, p1) : nullptr, *s1 = p1 >= 0 ? &sin(0, p1) : nullptr;
        const double *c2 = p2 >= 0 ? &cos(0, p2) : nullptr, *s2 = p2 >= 0 ? &sin(0, p2) : nullptr;
        const double *f1 = p1 >= 0 ? &m.phi(0, p1) : nullptr, *f2 = p2 >= 0 ? &m.phi(0, p2) : nullptr;
        for (int r = 0; r < m.len; ++r) {
          const std::uint64_t x = bits(cc[r]), y = bits(sc[r]);
          if (r > 0 && bits(cc[r - 1]) == x && bits(sc[r - 1]) == y) ph[r] = ph[r - 1];
          else if (c1 && bits(c1[r]) == x && bits(s1[r]) == y) ph[r] = f1[r];
          else if (c2 && bits(c2[r]) == x && bits(s2[r]) == y) ph[r] = f2[r];
          else ph[r] = std::atan2(sc[r], cc[r]);
        }
      }
      for (int r = 0; r < m.len; ++r) {
        const double q = cc[r] * cc[r] + sc[r] * sc[r];
        qlo = q < qlo ? q : qlo, qhi = qhi < q ? q : qhi;  // std::min, std::max
      }
      for (int r = 0; r < m.len; r += stride) amps.push_back(std::sqrt(cc[r] * cc[r] + sc[r] * sc[r]));
    }
    const double lo = std::sqrt(qlo), hi = std::sqrt(qhi);
    m.amp = median(amps);
    if (std::fabs(m.amp - 1) < 1e-4) m.amp = 1;
    if (hi - lo > 0.05 * m.amp || m.amp < 0.1) {
      out.verdict = "not_rotation";
      out.message = "cos² + sin² is not one constant (√ of it runs from " + number(lo, 3) + " to " + number(hi, 3) +
                    "): the two tables are not the cosine and sine of the same angles.";
      return out;
    }
    m.pass_amp = 1;
    if (m.rd < m.dim && std::fabs(cos(0, m.dim - 1) - m.amp) < std::fabs(cos(0, m.dim - 1) - 1)) m.pass_amp = m.amp;
  }
  // 3. layout (each layout's pair angles come from the same pass)
  Eigen::MatrixXd pairs_half, pairs_inter;
  const double mis_half = pairing_mismatch(m.phi, m.rd, false, pairs_half);
  const double mis_inter = pairing_mismatch(m.phi, m.rd, true, pairs_inter);
  m.interleaved = mis_inter < mis_half;  // one pair: the same columns either way, called "half"
  out.layout = m.interleaved ? "interleaved" : "half";
  if (std::min(mis_half, mis_inter) > 0.02) {
    out.verdict = "not_rotation";
    out.message = "The columns do not come in pairs of one angle (neither j with j + " + std::to_string(m.half) +
                  " nor 2j with 2j+1 agree): apply_rotary needs each angle twice.";
    return out;
  }
  m.pairs = std::move(m.interleaved ? pairs_inter : pairs_half);
  // 4. θ per pair; angles running backwards are turned round first
  m.theta.resize(m.half);
  std::vector<double> scratch;
  scratch.reserve(m.len);
  m.spread.resize(m.half);
  for (int j = 0; j < m.half; ++j) {
    double sd = 0;
    m.theta[j] = track_rate(m.pairs.col(j).data(), m.len, scratch, sd);
    m.spread[j] = sd / std::max(std::fabs(m.theta[j]), 1e-300);
  }
  const bool flipped = (m.theta.array() < 0).count() * 2 > m.half;
  if (flipped) {
    m.pairs = -m.pairs;
    m.theta = -m.theta;
  }
  out.measured_inv_freq = m.theta;
  // 5. the rule
  FreqModel rule = fit_rule(m.theta, m.spread, m.rd, m.amp, nullptr);
  // 6. offset (and, for backwards angles, whether a quarter turn — swapped cos/sin — fits row 0 better)
  Rebuild rb;
  rb.theta = model_theta(rule, m.rd);
  rb.sign = flipped ? -1 : 1;
  rb.offset = estimate_offset(m, rb.theta, 0);
  bool swapped = false;
  if (flipped) {
    const long long o2 = estimate_offset(m, rb.theta, -kPi / 2);
    double e1 = 0, e2 = 0;
    for (int j = 0; j < m.half; ++j) {
      e1 += std::fabs(wrap(m.pairs(0, j) - rb.offset * rb.theta[j]));
      e2 += std::fabs(wrap(m.pairs(0, j) + kPi / 2 - o2 * rb.theta[j]));
    }
    if (e2 < e1) {
      swapped = true;
      rb.offset = o2;
      rb.phase = kPi / 2;  // the cache's angle: π/2 − pos·θ
    }
  }
  // 7. round bases and the precision, on a sample of rows (the last included: rounding grows there)
  std::vector<int> rows;
  const int sample = std::min(m.len, 256);
  for (int k = 0; k < sample; ++k) rows.push_back(static_cast<int>((static_cast<long long>(k) * (m.len - 1)) / std::max(1, sample - 1)));
  const std::vector<int> tail(rows.end() - std::min<std::ptrdiff_t>(16, static_cast<std::ptrdiff_t>(rows.size())), rows.end());
  const AnglePrecision types[] = {AnglePrecision::Float64, AnglePrecision::Float32, AnglePrecision::BFloat16, AnglePrecision::Float16};
  const std::vector<double> bases = base_candidates(rule.base);
  std::vector<FreqModel> rules(bases.size());
  std::vector<double> err_base(bases.size());
  std::vector<AnglePrecision> type_base(bases.size());
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const double log_base = std::log(bases[i]);
    rules[i] = i + 1 == bases.size() ? rule : fit_rule(m.theta, m.spread, m.rd, m.amp, &log_base);
    rules[i].base = bases[i];  // exactly (exp(log b) may differ in the last bit)
    Rebuild trial = rb;
    trial.theta = model_theta(rules[i], m.rd);
    // The last few sampled rows first, every type: lower bounds of each type's error. Then the types
    // in the order of those bounds, each given up once it is past 1.5 × the best finished one (it could
    // be neither the least nor picked below), so usually one type is rebuilt in full.
    double low[4], errs[4];
    for (int t = 0; t < 4; ++t) {
      trial.precision = types[t];
      low[t] = rebuild_error(cos, sin, m, trial, tail);
    }
    int order[4] = {0, 1, 2, 3};
    std::stable_sort(order, order + 4, [&](int x, int y) { return low[x] < low[y]; });
    double done = std::numeric_limits<double>::infinity();
    for (int t : order) {
      trial.precision = types[t];
      errs[t] = low[t] == std::numeric_limits<double>::infinity()
                    ? low[t]  // a non-finite angle among the rows: the whole rebuild is infinite too
                    : rebuild_error(cos, sin, m, trial, rows, 1.5 * done + 1e-12, low[t]);
      done = std::min(done, errs[t]);
    }
    const double least = *std::min_element(errs, errs + 4);
    int pick = 0;
    while (errs[pick] > 1.5 * least + 1e-12) ++pick;  // the plainest type within reach of the best
    err_base[i] = errs[pick];
    type_base[i] = types[pick];
  }
  const double least = *std::min_element(err_base.begin(), err_base.end());
  std::size_t pick = 0;
  while (err_base[pick] > 1.5 * least + 1e-12) ++pick;
  rule = rules[pick];
  if (rule.type == RopeType::Yarn && std::fabs(m.amp - yarn_get_mscale(rule.factor)) < 1e-4 * m.amp)
    m.amp = yarn_get_mscale(rule.factor);
  rb.theta = model_theta(rule, m.rd);
  rb.precision = type_base[pick];
  out.model_inv_freq = rb.theta;
  out.max_error = std::max(rebuild_error(cos, sin, m, rb, {}), pass_error(cos, sin, m));

  out.base = rule.base;
  out.offset = rb.offset;
  out.factor = rule.factor;
  out.attention_factor = m.amp;
  out.precision = angle_precision_name(rb.precision);
  const bool known = misfit(m.theta, rb.theta) < 0.02 || out.max_error < 1e-2;
  out.rope_type = known ? rope_type_name(rule.type) : "unknown";
  if (rule.type == RopeType::Llama3 || rule.type == RopeType::Yarn) out.original_max_position = rule.l0;
  if (rule.type == RopeType::Llama3) out.high_freq_factor = rule.high;
  // verdict, most serious first
  out.swapped = swapped;
  if (flipped) out.verdict = "sign";
  else if (!known) out.verdict = "unknown";
  else if (out.offset == 1) out.verdict = "off_by_one";
  else if (out.offset != 0) out.verdict = "offset";
  else if (rb.precision == AnglePrecision::BFloat16 || rb.precision == AnglePrecision::Float16) out.verdict = "low_precision";
  else if (out.max_error > 1e-2) out.verdict = "mismatch";
  else out.verdict = "matches";
  out.message = describe(out, flipped, swapped, m.dim);
  return out;
}
// </code>

RopeCacheCheck check_rope(const std::vector<long long>& shape, const std::vector<double>& cos,
                          const std::vector<double>& sin) {
  RopeCacheCheck out;
  if (shape.size() != 2) {
    out.error = "shape must be [len, dim] (two numbers), not " + std::to_string(shape.size()) + " of them.";
    return out;
  }
  const long long len = shape[0], dim = shape[1];
  if (len < 3 || dim < 2) {
    out.error = "shape [" + std::to_string(len) + ", " + std::to_string(dim) + "]: the cache needs at least 3 rows and 2 columns.";
    return out;
  }
  if (len > kMaxRopeCheckRows || dim > kMaxRopeCheckCols) {
    out.error = "shape [" + std::to_string(len) + ", " + std::to_string(dim) + "]: the checker takes at most " +
                std::to_string(kMaxRopeCheckRows) + " rows × " + std::to_string(kMaxRopeCheckCols) + " columns.";
    return out;
  }
  const auto want = static_cast<std::size_t>(len * dim);
  if (cos.size() != want || sin.size() != want) {
    out.error = "shape [" + std::to_string(len) + ", " + std::to_string(dim) + "] needs " + std::to_string(want) +
                " values each; cos has " + std::to_string(cos.size()) + " and sin " + std::to_string(sin.size()) + ".";
    return out;
  }
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const Eigen::MatrixXd c = Eigen::Map<const RowMajor>(cos.data(), len, dim);
  const Eigen::MatrixXd s = Eigen::Map<const RowMajor>(sin.data(), len, dim);
  return check_rope(c, s);
}

}  // namespace posenc::core
