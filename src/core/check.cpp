#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <iterator>
#include <limits>

#include "enum_names.hpp"
#include "metrics.hpp"
#include "precision.hpp"
#include "sinusoidal.hpp"

namespace posenc::core {
namespace {

// A table built like the reference, but with a different frequency, pairing or position offset.
Eigen::MatrixXd variant(int len, int dim, const std::function<double(int i)>& omega, double offset,
                        bool swap) {
  Eigen::MatrixXd t(len, dim);
  for (int i = 0; i < frequency_count(dim); ++i) {
    const double w = omega(i);
    for (int r = 0; r < len; ++r) {
      const double a = (offset + r) * w;
      t(r, 2 * i) = swap ? std::cos(a) : std::sin(a);
      if (2 * i + 1 < dim) t(r, 2 * i + 1) = swap ? std::sin(a) : std::cos(a);
    }
  }
  return t;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

Eigen::MatrixXd buggy_table(BugKind bug, const BugSpec& spec) {
  const int len = spec.len, dim = spec.dim;
  const double base = spec.base;
  switch (bug) {
    case BugKind::HalfLayout:
      return sinusoidal({len, dim, base, Layout::Half, 0.0});
    case BugKind::Swapped:
      return variant(
          len, dim, [&](int i) { return frequency(i, dim, base); }, 0, true);
    case BugKind::ExponentI:
      return variant(
          len, dim, [&](int i) { return std::pow(base, -static_cast<double>(i) / dim); }, 0, false);
    case BugKind::LengthDivisor:
      return variant(
          len, dim, [&](int i) { return std::pow(base, -2.0 * i / len); }, 0, false);
    case BugKind::StartAt1:
      return sinusoidal({len, dim, base, Layout::Interleaved, 1.0});
    case BugKind::OtherBase:
      return sinusoidal({len, dim, spec.other_base, Layout::Interleaved, 0.0});
    case BugKind::Float32:
      return sinusoidal_float32(len, dim, base, 0.0);
    case BugKind::SavedFloat32:
      return sinusoidal({len, dim, base, Layout::Interleaved, 0.0}).cast<float>().cast<double>();
    case BugKind::LastColumnEmpty: {
      Eigen::MatrixXd t = sinusoidal({len, dim, base, Layout::Interleaved, 0.0});
      if (dim > 0) t.col(dim - 1).setZero();
      return t;
    }
    case BugKind::Transposed:
      return sinusoidal({dim, len, base, Layout::Interleaved, 0.0}).transpose();
    case BugKind::None:
      break;
  }
  return sinusoidal({len, dim, base, Layout::Interleaved, 0.0});
}

namespace {
// By BugKind, in its order.
constexpr const char* kBugIds[] = {"correct",        "half_layout",       "swapped",   "exponent_i",
                                   "length_divisor", "start_at_1",        "base",      "float32",
                                   "saved_float32",  "last_column_empty", "transposed"};
constexpr const char* kBugNames[] = {"reference",         "halves layout",      "sin/cos swapped",
                                     "exponent i/d",      "length in divisor",  "positions from 1",
                                     "another base",      "float32 arithmetic", "saved as float32",
                                     "last column empty", "transposed"};
static_assert(std::size(kBugIds) == enum_count(BugKind::Transposed));
static_assert(std::size(kBugNames) == enum_count(BugKind::Transposed));
}  // namespace

const char* bug_id(BugKind bug) { return enum_name(kBugIds, bug); }

const char* bug_name(BugKind bug) { return enum_name(kBugNames, bug); }

// <code id="check_table">
CheckResult check_table(const Eigen::MatrixXd& table, double base) {
  CheckResult out;
  const int len = static_cast<int>(table.rows()), dim = static_cast<int>(table.cols());
  const BugSpec spec{len, dim, base};
  const Eigen::MatrixXd reference = buggy_table(BugKind::None, spec);
  out.diff = table - reference;
  out.max_error = max_abs_diff(table, reference);
  auto add = [&](BugKind bug, std::string message, const Eigen::MatrixXd& m, std::string label = {}) {
    std::string id = bug_id(bug);
    if (label.empty()) label = bug_name(bug);
    out.candidates.push_back({std::move(id), std::move(label), std::move(message), max_abs_diff(table, m)});
  };
  auto add_bug = [&](BugKind bug, std::string message) {
    add(bug, std::move(message), buggy_table(bug, spec));
  };
  add(BugKind::None, "matches the reference (interleaved sin/cos, ω_i = base^(−2i/d), positions from 0)",
      reference);
  add_bug(BugKind::HalfLayout,
          "puts all sines first and all cosines after (the halves layout) instead of interleaving them");
  add_bug(BugKind::Swapped, "swaps sin and cos: cos in the even columns, sin in the odd ones");
  add_bug(BugKind::ExponentI, "uses the exponent i/d instead of 2i/d (the pair index without the factor 2)");
  add_bug(BugKind::LengthDivisor, "divides the exponent by the sequence length instead of d_model (2i/len)");
  add_bug(BugKind::StartAt1, "numbers positions from 1 instead of 0");
  for (double other : {10.0, 100.0, 1000.0, 10000.0, 100000.0, 500000.0, 1000000.0}) {
    if (other == base) continue;
    add(BugKind::OtherBase, "uses base " + number(other) + " instead of " + number(base),
        buggy_table(BugKind::OtherBase, {len, dim, base, other}), "base " + number(other));
  }
  // The last column is a cosine when d is even and a lone sine when d is odd: different loops leave it.
  add_bug(BugKind::LastColumnEmpty,
          dim % 2 == 0
              ? "leaves the last column, the last pair's cosine, at zero (a loop or a guard that stops one "
                "column early, such as if 2i + 1 < d − 1)"
              : "leaves the last column at zero: with odd d it is a lone sine, which a loop over the d // 2 "
                "pairs never reaches");
  // A square table is checked too: PE[p, j] is not PE[j, p].
  add_bug(BugKind::Transposed, "is transposed: dimensions in rows and positions in columns (pe.T was saved)");
  add_bug(BugKind::SavedFloat32,
          "is right, stored in float32: the numbers were computed correctly, then saved in single precision");
  add_bug(BugKind::Float32, "is right up to float32 rounding: angles or values computed in single precision");

  // Exact matches first: a reference error at rounding level is "correct"; otherwise the hypothesis
  // that explains the table to rounding. float32 needs its own tolerance.
  const double exact = 1e-9;
  const Candidate* best = nullptr;
  for (const Candidate& c : out.candidates) {
    const double tol = c.id == "float32" ? 1e-5 : exact;
    if (c.error <= tol && (!best || c.error < best->error)) best = &c;
  }
  if (out.max_error <= exact) best = &out.candidates.front();
  // Single precision drifts with the size of the angle: about one float ulp of pos · ω per entry.
  const double float_bound = 1e-6 + 2.5e-7 * len;
  if (!best && out.max_error <= float_bound) best = &out.candidates.back();
  if (best) {
    out.verdict = best->id;
    out.best = static_cast<int>(best - out.candidates.data());
    // Some mistakes give identical numbers (exponent i/d with base b equals 2i/d with base √b): say so.
    for (const Candidate& c : out.candidates)
      if (&c != best && c.id != "float32" && c.error <= exact && best->id != "correct")
        out.equivalent.push_back(static_cast<int>(&c - out.candidates.data()));
  } else {
    // The closest guess: the first hypothesis within float rounding of the smallest error (so the
    // reference, listed first, beats its own float32-rounded copy).
    double least = std::numeric_limits<double>::infinity();
    for (const Candidate& c : out.candidates) least = std::min(least, c.error);
    const auto closest = std::find_if(out.candidates.begin(), out.candidates.end(),
                                      [&](const Candidate& c) { return c.error <= least + 1e-6; });
    out.verdict = "unknown";
    out.closest = static_cast<int>(closest - out.candidates.begin());
  }
  out.message = verdict_sentence(out, {}, [](const Candidate& c) { return c.message; });
  return out;
}
// </code>

std::string verdict_sentence(const CheckResult& r, const VerdictWords& words,
                             const std::function<std::string(const Candidate&)>& describe) {
  // Fills each %s of `frame` in turn from `parts`.
  const auto fill = [](std::string frame, std::initializer_list<std::string> parts) {
    size_t at = 0;
    for (const std::string& p : parts) {
      at = frame.find("%s", at);
      if (at == std::string::npos) break;
      frame.replace(at, 2, p);
      at += p.size();
    }
    return frame;
  };
  const int n = static_cast<int>(r.candidates.size());
  if (r.best >= 0 && r.best < n) {
    std::string out = fill(words.found, {describe(r.candidates[r.best])});
    for (int i : r.equivalent)
      if (i >= 0 && i < n) out += fill(words.equivalent, {describe(r.candidates[i])});
    return out;
  }
  if (r.closest >= 0 && r.closest < n) {
    if (r.candidates[r.closest].id == "correct")
      return fill(words.unknown_near_reference, {number(r.max_error)});
    return fill(words.unknown, {number(r.max_error), describe(r.candidates[r.closest]),
                                number(r.candidates[r.closest].error)});
  }
  return {};
}

bool looks_like_position_table(const Eigen::MatrixXd& table) {
  if (table.rows() < 1 || table.cols() < 2) return false;
  long zeros = 0, ones = 0;
  for (Eigen::Index k = 0; k < table.cols(); ++k) {
    zeros += std::fabs(table(0, k)) < 1e-3;
    ones += std::fabs(table(0, k) - 1) < 1e-3;
  }
  // Half sin 0, half cos 0 (an odd d has one more sin column); a cache table's row 0 is one or the other.
  const long half = table.cols() / 2;
  return zeros >= half && ones >= half && zeros + ones == table.cols();
}

}  // namespace posenc::core
