// Axis ticks: "nice" positions for linear and log axes, and compact labels. Pure, tested natively.
#pragma once

#include <string>
#include <vector>

namespace posenc::ui {

// Tick positions for an axis from lo to hi: "nice" steps (1, 2, 5 × 10^k) for linear axes, powers of
// ten (and 2×, 5× when few decades) for log axes. At most about `max_ticks`.
std::vector<double> nice_ticks(double lo, double hi, int max_ticks, bool log);

// Compact tick label: "0.02", "10000", "1e5", "2.5e-7".
std::string tick_label(double v);

}  // namespace posenc::ui
