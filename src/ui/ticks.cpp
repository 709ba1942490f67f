// Axis ticks and their labels, shared by the line plot and the heatmap.
#include "ticks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "content/document.hpp"

namespace posenc::ui {
namespace {

// m × 10^e, exact for small integer multiples wherever the result is representable.
double scaled_pow10(double m, int e) { return e >= 0 ? m * std::pow(10.0, e) : m / std::pow(10.0, -e); }

// Multiples of m × 10^e inside [lo, hi] (at most `cap`), each computed from its integer index.
std::vector<double> multiples(double lo, double hi, double m, int e, int cap) {
  const double step = scaled_pow10(m, e);
  if (!(step > 0) || !std::isfinite(step)) return {lo};
  std::vector<double> t;
  const double i0 = std::ceil(lo / step - 1e-9), i1 = std::floor(hi / step + 1e-9);
  for (double i = i0; i <= i1 && static_cast<int>(t.size()) < cap; ++i) t.push_back(scaled_pow10(i * m, e));
  return t;
}

// The smallest 1, 2, 5 × 10^k step giving at most max_ticks intervals; one step finer if that leaves a
// single tick (a short range straddling a coarse step).
std::vector<double> linear_ticks(double lo, double hi, int max_ticks) {
  const double raw = (hi - lo) / max_ticks;
  int e = static_cast<int>(std::floor(std::log10(raw)));
  const double norm = raw / scaled_pow10(1, e);
  double m = 1;
  if (norm > 5 * (1 + 1e-9))
    ++e;
  else
    m = norm > 2 * (1 + 1e-9) ? 5 : norm > 1 + 1e-9 ? 2 : 1;
  std::vector<double> t = multiples(lo, hi, m, e, max_ticks + 1);
  if (t.size() >= 2) return t;
  return m == 1 ? multiples(lo, hi, 5, e - 1, max_ticks + 3)
                : multiples(lo, hi, m == 5 ? 2 : 1, e, max_ticks + 3);
}

// Mantissas `mants` × 10^e for every `every`-th exponent e, inside [lo, hi].
std::vector<double> decade_ticks(double lo, double hi, std::initializer_list<double> mants, int every) {
  std::vector<double> t;
  const int e0 = static_cast<int>(std::floor(std::log10(lo))),
            e1 = static_cast<int>(std::ceil(std::log10(hi)));
  for (int e = e0; e <= e1; ++e) {
    if (e % every != 0) continue;
    for (double m : mants) {
      const double v = scaled_pow10(m, e);
      if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) t.push_back(v);
    }
  }
  return t;
}

std::vector<double> log_ticks(double lo, double hi, int max_ticks) {
  const auto fits = [&](const std::vector<double>& t) {
    return t.size() >= 2 && static_cast<int>(t.size()) <= max_ticks + 1;
  };
  if (std::log10(hi / lo) < 3) {
    for (auto t : {decade_ticks(lo, hi, {1, 2, 5}, 1), decade_ticks(lo, hi, {1, 5}, 1)})
      if (fits(t)) return t;
  }
  const int powers = static_cast<int>(decade_ticks(lo, hi, {1}, 1).size());
  const int every = std::max(1, (powers + max_ticks) / (max_ticks + 1));
  std::vector<double> t = decade_ticks(lo, hi, {1}, every);
  return t.size() >= 2 ? t : linear_ticks(lo, hi, max_ticks);  // less than a decade: plain steps
}

}  // namespace

// Compact tick label: "0.02", "10000", "1e5", "2.5e-7" (no '+' or leading zeros in the exponent).
std::string tick_label(double v) {
  if (v == 0) return "0";  // also −0
  char buf[32];
  if (v == std::floor(v) && std::fabs(v) < 1e9) {  // positions and sizes in full: 999936, not 9.9994e5
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.5g", v);
  // Small and large ticks as a reader writes them: 1.5×10⁻⁷, and a power of ten alone: 10⁻⁸.
  std::string s = content::readable_exponents(buf);
  for (const char* one : {"1\xC3\x97", "-1\xC3\x97"})  // "1×" (and "-1×") before a power of ten
    if (s.rfind(one, 0) == 0) s = (one[0] == '-' ? "-" : "") + s.substr(std::strlen(one));
  return s;
}

std::vector<double> nice_ticks(double lo, double hi, int max_ticks, bool log) {
  if (lo > hi) std::swap(lo, hi);
  if (!std::isfinite(lo) || !std::isfinite(hi) || !std::isfinite(hi - lo)) return {};
  max_ticks = std::max(max_ticks, 1);
  if (log) {
    if (!(hi > 0)) return {};
    if (lo <= 0) lo = hi * 1e-3;
  }
  if (lo == hi) return {lo};
  return log ? log_ticks(lo, hi, max_ticks) : linear_ticks(lo, hi, max_ticks);
}

}  // namespace posenc::ui
