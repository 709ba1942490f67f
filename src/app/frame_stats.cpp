#include "frame_stats.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace posenc::app {

void FrameStats::add(double ms) { ring_[frames_++ % kWindow] = ms; }

FrameStats::Summary FrameStats::summary() const {
  const int n = static_cast<int>(std::min<std::uint64_t>(frames_, kWindow));
  if (n == 0) return {};
  std::vector<double> v(ring_.begin(), ring_.begin() + n);
  std::sort(v.begin(), v.end());
  auto pct = [&](double p) { return v[std::min(n - 1, static_cast<int>(std::ceil(p * n)) - 1)]; };
  return {pct(0.50), pct(0.95), v.back(), ring_[(frames_ - 1) % kWindow]};
}

}  // namespace posenc::app
