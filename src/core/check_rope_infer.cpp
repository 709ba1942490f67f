// The RoPE cache checker's inference (check_rope.cpp then verifies it and words the verdict). The order
// of inference follows what each step needs:
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
#include "check_rope_infer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include "core/constants.hpp"
#include "rope_rule_fit.hpp"
#include "rope_scaling.hpp"

namespace posenc::core {
namespace {

// std::nearbyint in the default rounding mode (to nearest, ties to even), inline: below 2^51 adding
// and subtracting 1.5·2^52 rounds the fraction away; copysign keeps nearbyint's sign of a zero result.
double round_even(double q) {
  constexpr double kMagic = 6755399441055744.0;                        // 1.5 · 2^52
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

}  // namespace

std::string validate_rope_tables(const Eigen::MatrixXd& c, const Eigen::MatrixXd& s) {
  if (c.rows() != s.rows() || c.cols() != s.cols())
    return "cos is " + std::to_string(c.rows()) + " × " + std::to_string(c.cols()) + " but sin is " +
           std::to_string(s.rows()) + " × " + std::to_string(s.cols()) + ": they must have the same shape.";
  if (c.rows() < 3)
    return "The cache needs at least 3 rows (positions) to measure how fast each column turns.";
  if (c.cols() < 2) return "The cache needs at least 2 columns (one rotating pair).";
  if (c.rows() > kMaxRopeCheckRows || c.cols() > kMaxRopeCheckCols)
    return "The cache is " + std::to_string(c.rows()) + " × " + std::to_string(c.cols()) +
           "; the checker takes at most " + std::to_string(kMaxRopeCheckRows) + " rows × " +
           std::to_string(kMaxRopeCheckCols) + " columns.";
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
        return at + " = " + number(v) +
               ": cos and sin values lie in [−1, 1] (times an attention factor near 1).";
      }
  }
  return {};
}

namespace {

// Everything measured from the two tables, shared by the steps below.
struct Measured {
  int len = 0, dim = 0, rd = 0, half = 0;
  bool interleaved = false;
  Eigen::MatrixXd phi;     // len × dim angles
  Eigen::MatrixXd pairs;   // len × half: each pair's angle (the mean of its two columns)
  double amp = 1;          // the attention factor
  double pass_amp = 1;     // the amplitude of the non-rotating columns (1, or amp)
  Eigen::VectorXd theta;   // measured θ_j
  Eigen::VectorXd spread;  // its relative uncertainty (log θ_j ± spread_j)
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
    for (int j = 0; j < h; ++j)
      sc += std::min(1.0, std::fabs(wrap(y[j] - static_cast<double>(c) * theta[j])));
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
                     const std::vector<int>& rows,
                     double abort_above = std::numeric_limits<double>::infinity(), double start = 0) {
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
      const double ang =
          rb.sign * (p == AnglePrecision::Float64 ? prod : round_to_precision(prod, p)) + rb.phase;
      if (!std::isfinite(ang)) return inf;  // float16 beyond 65504
      const double cv = m.amp * std::cos(ang), sv = m.amp * std::sin(ang);
      for (end = k + 1; end < n && pos[end] == pos[k];) ++end;
      for (int q = k; q < end; ++q) {  // the rows of one angle
        const int r = rows.empty() ? q : rows[q];
        const double d1 = std::fabs(ca[r] - cv), d2 = std::fabs(sa[r] - sv), d3 = std::fabs(cb[r] - cv),
                     d4 = std::fabs(sb[r] - sv);
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
  return std::max((c.rightCols(rest).array() - m.pass_amp).abs().maxCoeff(),
                  s.rightCols(rest).cwiseAbs().maxCoeff());
}

// Round-number bases near a fitted one (1, 2, 3, 4 significant digits, then the fit), plainest first.
std::vector<double> base_candidates(double fitted) {
  std::vector<double> out;
  if (!(fitted > 0) || !std::isfinite(fitted)) return {fitted};
  for (int digits = 1; digits <= 4; ++digits) {
    const double scale = std::pow(10.0, std::floor(std::log10(fitted)) - (digits - 1));
    const double v = std::nearbyint(fitted / scale) * scale;
    if (std::fabs(v / fitted - 1) < 0.05 && std::find(out.begin(), out.end(), v) == out.end())
      out.push_back(v);
  }
  out.push_back(fitted);
  return out;
}

}  // namespace

std::string rope_number(double v, int digits) { return number(v, digits); }

RopeInference infer_rope(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin) {
  RopeInference inf;
  RopeCacheCheck& out = inf.check;
  out.error = validate_rope_tables(cos, sin);
  if (!out.ok()) return inf;
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
      ph[r] = bits(cc[r]) == bits(cc[r - 1]) && bits(sc[r]) == bits(sc[r - 1]) ? ph[r - 1]
                                                                               : std::atan2(sc[r], cc[r]);
  };
  m.rd = m.dim;
  angles(m.dim - 1);
  while (m.rd > 0 && still_column(m.phi, m.rd - 1))
    if (--m.rd > 0) angles(m.rd - 1);
  if (m.rd == 0) {
    // Say what the values are: a cache of zeros (never filled) is not one whose angles are all 0.
    const bool zeros = cos.isZero(0) && sin.isZero(0);
    const bool identity = (cos.array() - 1).abs().maxCoeff() < 1e-6 && sin.cwiseAbs().maxCoeff() < 1e-6;
    out.error = zeros ? "Every value is 0, cos and sin alike: no angle can be read (was the cache filled?)."
                : identity ? "No column rotates: every angle is 0 (cos = 1, sin = 0 throughout)."
                           : "No column rotates: each column holds one value in every row, the same at every "
                             "position, so no angle grows with the position.";
    return inf;
  }
  if (m.rd % 2) {
    out.error = "The first " + std::to_string(m.rd) +
                " columns rotate — an odd number, but RoPE rotates pairs of columns.";
    return inf;
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
          if (r > 0 && bits(cc[r - 1]) == x && bits(sc[r - 1]) == y)
            ph[r] = ph[r - 1];
          else if (c1 && bits(c1[r]) == x && bits(s1[r]) == y)
            ph[r] = f1[r];
          else if (c2 && bits(c2[r]) == x && bits(s2[r]) == y)
            ph[r] = f2[r];
          else
            ph[r] = std::atan2(sc[r], cc[r]);
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
      out.sentences = {
          {"cos² + sin² is not one constant (√ of it runs from {0} to {1}): the two tables are "
           "not the cosine and sine of the same angles.",
           {number(lo, 3), number(hi, 3)}}};
      set_rope_message(out);
      return inf;
    }
    m.pass_amp = 1;
    if (m.rd < m.dim && std::fabs(cos(0, m.dim - 1) - m.amp) < std::fabs(cos(0, m.dim - 1) - 1))
      m.pass_amp = m.amp;
  }
  // 3. layout (each layout's pair angles come from the same pass)
  Eigen::MatrixXd pairs_half, pairs_inter;
  const double mis_half = pairing_mismatch(m.phi, m.rd, false, pairs_half);
  const double mis_inter = pairing_mismatch(m.phi, m.rd, true, pairs_inter);
  m.interleaved = mis_inter < mis_half;  // one pair: the same columns either way, called "half"
  out.layout = m.interleaved ? "interleaved" : "half";
  if (std::min(mis_half, mis_inter) > 0.02) {
    out.verdict = "not_rotation";
    out.sentences = {
        {"The columns do not come in pairs of one angle (neither j with j + {0} nor 2j with "
         "2j+1 agree): apply_rotary needs each angle twice.",
         {std::to_string(m.half)}}};
    set_rope_message(out);
    return inf;
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
  for (int k = 0; k < sample; ++k)
    rows.push_back(static_cast<int>((static_cast<long long>(k) * (m.len - 1)) / std::max(1, sample - 1)));
  const std::vector<int> tail(
      rows.end() - std::min<std::ptrdiff_t>(16, static_cast<std::ptrdiff_t>(rows.size())), rows.end());
  // float32 first: transformers' own pipeline is the plainest answer when the cache cannot tell it from
  // float64 (short caches, float32 storage)
  const AnglePrecision types[] = {AnglePrecision::Float32, AnglePrecision::Float64, AnglePrecision::BFloat16,
                                  AnglePrecision::Float16};
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
  inf.rule = rule;
  inf.known = known;
  inf.flipped = flipped;
  inf.swapped = swapped;
  inf.precision = rb.precision;
  inf.spread = m.spread;
  inf.dim = m.dim;
  inf.pass_amp = m.pass_amp;
  return inf;
}

}  // namespace posenc::core
