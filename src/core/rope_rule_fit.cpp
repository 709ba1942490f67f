// Step 5 of the RoPE cache checker: candidate rules (default, linear, llama3, yarn) fitted to log θ_j,
// the simplest that fits kept; the base from a log-linear fit over the pairs the scaling leaves alone.
// The scaling formulas themselves are rope_scaling.cpp's (rope_init); nothing here re-derives them.
#include "rope_rule_fit.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/constants.hpp"

namespace posenc::core {
namespace {}  // namespace

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
  } else if (m.type == RopeType::Yarn && m.l0 > 0) {  // the trained length and the default betas
    c.original_max_position_embeddings = m.l0;
    c.max_position_embeddings = m.l0 * m.factor;
    c.truncate = m.truncate;
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

namespace {

void score(FreqModel& m, const Eigen::VectorXd& theta, int rd) {
  m.misfit = misfit(theta, model_theta(m, rd));
}

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
  while (tail > 0 &&
         std::fabs(std::log(ratio[tail - 1]) - sum / sw) <= f.tol_at(tail - 1) + 4 * f.spread[h - 1]) {
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
    for (std::size_t i = 0; i < xs.size(); ++i)
      sx += xs[i], sy += ys[i], sxx += xs[i] * xs[i], sxy += xs[i] * ys[i];
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

// The trained length with which default beta_fast = 32, beta_slow = 1 give these ramp ends — floor/ceil'd
// (truncate, transformers' default) exactly, or as computed (truncate false, as gpt-oss sets it) within
// `tol` pairs — if a power of two does; 0 if none.
double yarn_trained_length(FreqModel& m, int rd, double tol) {
  const auto cd = [&](double l0, double turns) {
    return rd * std::log(l0 / (turns * kTwoPi)) / (2 * std::log(m.base));
  };
  for (int k = 8; k <= 22; ++k) {
    const double l0 = std::ldexp(1.0, k);
    const double lo = std::max(0.0, std::floor(cd(l0, 32))),
                 hi = std::min<double>(rd - 1, std::ceil(cd(l0, 1)));
    if (lo == m.ramp_low && hi == m.ramp_high) return m.truncate = true, l0;
  }
  for (int k = 8; k <= 22; ++k) {
    const double l0 = std::ldexp(1.0, k);
    const double lo = std::max(0.0, cd(l0, 32)), hi = std::min<double>(rd - 1, cd(l0, 1));
    if (std::fabs(lo - m.ramp_low) <= tol && std::fabs(hi - m.ramp_high) <= tol)
      return m.truncate = false, l0;
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
  m.l0 = yarn_trained_length(m, rd, 0.05);
}

}  // namespace

// Step 5: the rule and its parameters from the measured θ (with the base given, when `log_base` is set).
FreqModel fit_rule(const Eigen::VectorXd& theta, const Eigen::VectorXd& spread, int rd, double amp,
                   const double* log_base_given) {
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
  if (models[best].type == RopeType::Llama3 && yarn_mark &&
      models.back().misfit <= models[best].misfit * 1.5 + f.tol)
    best = models.size() - 1;
  return models[best];
}

}  // namespace posenc::core
