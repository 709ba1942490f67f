// App-measured CPU time per frame over the most recent frames (p50 / p95 / max), for posenc.stats().
#pragma once

#include <array>
#include <cstdint>

namespace posenc::app {

class FrameStats {
 public:
  void add(double ms);
  std::uint64_t frames() const { return frames_; }
  struct Summary {
    double p50 = 0, p95 = 0, max = 0, last = 0;
  };
  Summary summary() const;

 private:
  static constexpr int kWindow = 240;
  std::array<double, kWindow> ring_{};
  std::uint64_t frames_ = 0;
};

}  // namespace posenc::app
