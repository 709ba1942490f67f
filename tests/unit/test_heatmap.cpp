// The heatmap widget's colouring: column by column equals all at once, rows sampled for the texture,
// grey for NaN and ±inf, the colour map's ends for values beyond the range, uploads only on change.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/random.hpp"
#include "ui/colormap.hpp"
#include "ui/heatmap.hpp"

using namespace posenc::ui;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

namespace {

// Keeps the last upload's pixels so tests can read the colours.
class RecordingTextures final : public TextureHost {
 public:
  ImTextureID upload(ImTextureID existing, int w, int h, const std::uint32_t* rgba) override {
    width = w, height = h;
    pixels.assign(rgba, rgba + static_cast<size_t>(w) * h);
    ++uploads;
    return existing ? existing : reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(1));
  }
  void release(ImTextureID) override {}
  int width = 0, height = 0, uploads = 0;
  std::vector<std::uint32_t> pixels;
};

}  // namespace

TEST_CASE("a heatmap coloured column by column equals one coloured at once, and samples the right cells") {
  posenc::core::Random rng(7);
  Eigen::MatrixXd m(5000, 7);  // taller than the texture: rows are sampled
  for (int c = 0; c < m.cols(); ++c)
    for (int r = 0; r < m.rows(); ++r) m(r, c) = 2.5 * rng.gaussian();
  // Texels 0, 1, 2, 3 of a texture row show matrix rows 0, 2, 4, 7 (⌊x·5000/2048⌋).
  m(0, 0) = kNaN;
  m(2, 0) = std::numeric_limits<double>::infinity();
  m(4, 0) = 100;  // beyond the range: the end colour
  m(7, 0) = -100;

  RecordingTextures whole, pieces;
  HeatmapImage a, b;
  a.set(m, 2.0, 2048);
  a.texture(whole);
  b.begin(m, 2.0, 2048);
  for (int c : {3, 0, 6, 1, 5, 2, 4}) b.colour_column(c);  // any order
  b.texture(pieces);
  REQUIRE(whole.width == 2048);  // transposed: texture rows are matrix columns
  REQUIRE(whole.height == 7);
  CHECK(pieces.width == whole.width);
  CHECK(pieces.height == whole.height);
  CHECK(pieces.pixels == whole.pixels);

  const auto colour = [](double t) { return pack_abgr(diverging(t)); };
  const std::uint32_t* row0 = whole.pixels.data();
  CHECK(row0[0] == row0[1]);  // NaN and +inf share the "no value" grey …
  CHECK(row0[0] != colour(1));
  CHECK(row0[0] != colour(-1));
  CHECK(row0[2] == colour(1));  // … while finite values beyond the range clamp to its ends
  CHECK(row0[3] == colour(-1));
  // Texel x shows row ⌊x·5000/2048⌋: its colour is the map's nearest of 1024 steps over [−2, 2].
  for (int c = 0; c < 7; ++c)
    for (int x : {100, 777, 2047}) {
      const int r = static_cast<int>(static_cast<long>(x) * 5000 / 2048);
      const double step = std::round((std::clamp(m(r, c) / 2.0, -1.0, 1.0) + 1) * 1023 / 2);
      CHECK(whole.pixels[static_cast<size_t>(c) * 2048 + x] == colour(-1 + 2 * step / 1023));
    }

  // A second colouring of the same size reuses the buffer and uploads again; without one, no upload.
  b.texture(pieces);
  CHECK(pieces.uploads == 1);
  m *= -1;
  b.set(m, 2.0, 2048);
  b.texture(pieces);
  CHECK(pieces.uploads == 2);
  CHECK(pieces.pixels[static_cast<size_t>(3) * 2048 + 5] != whole.pixels[static_cast<size_t>(3) * 2048 + 5]);
}
