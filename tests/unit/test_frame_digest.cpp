// A frame's digest (app/frame_digest.hpp): frames that look the same share one, so the web build hands
// only changed frames to WebGL; any change to what is drawn, the size, the clear colour or a texture's
// pixels gives another. Below, FrameDamage: where a frame differs from the last.
#include <doctest/doctest.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "app/frame_digest.hpp"
#include "headless.hpp"
#include "lessons/lesson.hpp"

namespace posenc {

using test::Headless;

namespace {
std::uint64_t digest_now(int w = 1280, int h = 800, std::uint32_t clear = 0xFFF5F5F5u,
                         std::uint64_t gen = 0) {
  return app::frame_digest(*ImGui::GetDrawData(), w, h, clear, gen);
}
}  // namespace

TEST_CASE("frame digest: the same state twice gives one digest; a change to the picture gives another") {
  Headless h;
  CHECK(app::apply_hash(h.s, "#lesson=order&step=0").empty());
  for (int i = 0; i < 3; ++i) h.frame(1280, 800);  // layout settled
  const std::uint64_t a = digest_now();
  h.frame(1280, 800);
  CHECK(digest_now() == a);
  // Everything outside the draw lists that decides the pixels.
  CHECK(digest_now(1281, 800) != a);
  CHECK(digest_now(1280, 801) != a);
  CHECK(digest_now(1280, 800, 0xFF000000u) != a);
  CHECK(digest_now(1280, 800, 0xFFF5F5F5u, 1) != a);  // a texture re-uploaded under its old id
  // A parameter that changes the visual (the embedding width) changes the frame.
  lessons::set_param(app::current_lesson(h.s), "dim", "12");
  h.frame(1280, 800);
  h.frame(1280, 800);
  const std::uint64_t b = digest_now();
  CHECK(b != a);
  lessons::set_param(app::current_lesson(h.s), "dim", "8");
  h.frame(1280, 800);
  h.frame(1280, 800);
  CHECK(digest_now() == a);  // back to the first picture
}

TEST_CASE("frame digest: one vertex moved by a pixel, or one colour changed, changes it") {
  Headless h;
  h.frame(640, 480);
  ImDrawData& data = *ImGui::GetDrawData();
  REQUIRE(data.CmdListsCount > 0);
  ImDrawList& list = *data.CmdLists[data.CmdListsCount - 1];
  REQUIRE(list.VtxBuffer.Size > 0);
  const std::uint64_t a = app::frame_digest(data, 640, 480, 0, 0);
  ImDrawVert& v = list.VtxBuffer[list.VtxBuffer.Size / 2];
  v.pos.x += 1;
  const std::uint64_t moved = app::frame_digest(data, 640, 480, 0, 0);
  v.pos.x -= 1;
  CHECK(app::frame_digest(data, 640, 480, 0, 0) == a);
  v.col ^= 0x00000100u;
  const std::uint64_t recoloured = app::frame_digest(data, 640, 480, 0, 0);
  v.col ^= 0x00000100u;
  CHECK(moved != a);
  CHECK(recoloured != a);
  CHECK(moved != recoloured);
  ImDrawCmd& c = list.CmdBuffer[0];
  c.ClipRect.z -= 1;
  CHECK(app::frame_digest(data, 640, 480, 0, 0) != a);
  c.ClipRect.z += 1;
}

}  // namespace posenc

// FrameDamage: where a frame must be drawn again when the canvas keeps the last one's pixels. Checked
// against a stand-in for the GPU written here: every triangle mixes a digest of its three vertices and
// its texture into each pixel whose centre it covers, within its clip rectangle — order-sensitive, so
// two pictures agree on a pixel only when the same triangles cover it in the same order. A frame drawn
// only within the damage, over the last frame's pixels, must equal the frame drawn whole.
namespace posenc {
namespace {

struct Canvas {
  int w = 0, h = 0;
  std::vector<std::uint32_t> px;
};

void raster(const ImDrawData& d, Canvas& c, const app::PixelRect& limit, std::uint32_t clear) {
  for (int y = limit.y0; y < limit.y1; ++y)
    for (int x = limit.x0; x < limit.x1; ++x) c.px[static_cast<std::size_t>(y) * c.w + x] = clear;
  const ImVec2 o = d.DisplayPos, sc = d.FramebufferScale;
  for (int n = 0; n < d.CmdListsCount; ++n) {
    const ImDrawList& list = *d.CmdLists[n];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      const float cx0 = std::max<float>(limit.x0, (cmd.ClipRect.x - o.x) * sc.x);
      const float cy0 = std::max<float>(limit.y0, (cmd.ClipRect.y - o.y) * sc.y);
      const float cx1 = std::min<float>(limit.x1, (cmd.ClipRect.z - o.x) * sc.x);
      const float cy1 = std::min<float>(limit.y1, (cmd.ClipRect.w - o.y) * sc.y);
      for (unsigned t = 0; t + 2 < cmd.ElemCount; t += 3) {
        ImVec2 p[3];
        std::uint32_t mix = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(cmd.TextureId));
        for (int k = 0; k < 3; ++k) {
          const ImDrawVert& v = list.VtxBuffer[cmd.VtxOffset + list.IdxBuffer[cmd.IdxOffset + t + k]];
          p[k] = ImVec2((v.pos.x - o.x) * sc.x, (v.pos.y - o.y) * sc.y);
          std::uint32_t bits[4];
          std::memcpy(bits, &v.pos, 8);
          std::memcpy(bits + 2, &v.uv, 8);
          for (std::uint32_t b : bits) mix = (mix ^ b) * 16777619u;
          mix = (mix ^ v.col) * 16777619u;
        }
        const float area = (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[1].y - p[0].y) * (p[2].x - p[0].x);
        if (area == 0) continue;
        const float bx0 = std::max(cx0, std::min({p[0].x, p[1].x, p[2].x}));
        const float by0 = std::max(cy0, std::min({p[0].y, p[1].y, p[2].y}));
        const float bx1 = std::min(cx1, std::max({p[0].x, p[1].x, p[2].x}));
        const float by1 = std::min(cy1, std::max({p[0].y, p[1].y, p[2].y}));
        for (int y = std::max(0, static_cast<int>(std::floor(by0 - 0.5f))); y < std::min<float>(c.h, by1);
             ++y)
          for (int x = std::max(0, static_cast<int>(std::floor(bx0 - 0.5f))); x < std::min<float>(c.w, bx1);
               ++x) {
            const float fx = x + 0.5f, fy = y + 0.5f;
            if (fx < cx0 || fx >= cx1 || fy < cy0 || fy >= cy1) continue;
            bool inside = true;
            for (int k = 0; k < 3 && inside; ++k) {
              const ImVec2 a = p[k], b = p[(k + 1) % 3];
              const float e = (b.x - a.x) * (fy - a.y) - (b.y - a.y) * (fx - a.x);
              inside = area > 0 ? e >= 0 : e <= 0;
            }
            if (inside) {
              std::uint32_t& q = c.px[static_cast<std::size_t>(y) * c.w + x];
              q = q * 0x9E3779B1u + mix;
            }
          }
      }
    }
  }
}

Canvas whole(const ImDrawData& d, int w, int h) {
  Canvas c{w, h, std::vector<std::uint32_t>(static_cast<std::size_t>(w) * h)};
  raster(d, c, {0, 0, w, h}, 7);
  return c;
}

// Draws the headless app's current frame onto `shown` within what `damage` says (the first call gives the
// whole frame) and checks it equals the frame drawn whole; the share of the canvas drawn.
double draw_and_compare(app::FrameDamage& damage, Canvas& shown) {
  const ImDrawData& d = *ImGui::GetDrawData();
  const int w = static_cast<int>(d.DisplaySize.x * d.FramebufferScale.x);
  const int h = static_cast<int>(d.DisplaySize.y * d.FramebufferScale.y);
  const app::PixelRect r = damage.update(d, w, h, 7, 0);
  if (shown.w != w || shown.h != h) {
    CHECK(r.area() == static_cast<long long>(w) * h);  // a new size: the whole frame
    shown = Canvas{w, h, std::vector<std::uint32_t>(static_cast<std::size_t>(w) * h)};
  }
  if (!r.empty()) raster(d, shown, r, 7);
  const Canvas full = whole(d, w, h);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < full.px.size(); ++i) wrong += full.px[i] != shown.px[i];
  CHECK(wrong == 0);
  return static_cast<double>(r.area()) / (static_cast<double>(w) * h);
}

}  // namespace

TEST_CASE("frame damage: drawn only where it differs, a frame equals the frame drawn whole") {
  Headless h;
  app::FrameDamage damage;
  Canvas shown;
  CHECK(app::apply_hash(h.s, "#lesson=sinusoidal&step=0").empty());
  for (int i = 0; i < 3; ++i) h.frame(800, 600);
  CHECK(draw_and_compare(damage, shown) == 1.0);  // the first frame: whole
  h.frame(800, 600);
  CHECK(draw_and_compare(damage, shown) == 0.0);  // the same picture: nothing
  // A setting that changes the figure: part of the canvas, the picture right.
  lessons::set_param(app::current_lesson(h.s), "dim", "12");
  h.frame(800, 600);
  const double setting = draw_and_compare(damage, shown);
  CHECK(setting > 0.0);
  CHECK(setting < 0.9);
  h.frame(800, 600);
  draw_and_compare(damage, shown);
  // The mouse over a control, and away again.
  ImGui::GetIO().MousePos = ImVec2(700, 300);
  for (int i = 0; i < 2; ++i) h.frame(800, 600), draw_and_compare(damage, shown);
  ImGui::GetIO().MousePos = ImVec2(-1, -1);
  for (int i = 0; i < 2; ++i) h.frame(800, 600), draw_and_compare(damage, shown);
  // Other steps, another lesson, another size, and back: right each time.
  for (const char* hash : {"#lesson=sinusoidal&step=2", "#lesson=rope&step=1", "#lesson=train&step=setup",
                           "#lesson=train&step=runs&lang=zh", "#lesson=sinusoidal&step=0"})
    for (float w : {800.f, 640.f}) {
      CHECK(app::apply_hash(h.s, hash).empty());
      for (int i = 0; i < 3; ++i) h.frame(w, 600), draw_and_compare(damage, shown);
    }
  // Another clear colour or texture pixels: the whole frame.
  h.frame(640, 600);
  const ImDrawData& d = *ImGui::GetDrawData();
  CHECK(damage.update(d, 640, 600, 7, 0).empty());
  CHECK(damage.update(d, 640, 600, 8, 0).area() == 640 * 600);
  CHECK(damage.update(d, 640, 600, 8, 1).area() == 640 * 600);
  CHECK(damage.update(d, 640, 600, 8, 1).empty());
  damage.forget();
  CHECK(damage.update(d, 640, 600, 8, 1).area() == 640 * 600);
}

namespace {

// A draw list of one solid quad per rectangle (x0, y0, x1, y1) with colour `col`, each its own command.
struct Quads {
  ImDrawList list{nullptr};
  void add(float x0, float y0, float x1, float y1, ImU32 col, ImVec4 clip = {0, 0, 100, 100}) {
    const auto base = static_cast<ImDrawIdx>(list.VtxBuffer.Size);
    for (ImVec2 p : {ImVec2(x0, y0), ImVec2(x1, y0), ImVec2(x1, y1), ImVec2(x0, y1)})
      list.VtxBuffer.push_back(ImDrawVert{p, ImVec2(0, 0), col});
    ImDrawCmd c;
    c.ClipRect = clip;
    c.IdxOffset = static_cast<unsigned>(list.IdxBuffer.Size);
    c.ElemCount = 6;
    for (int k : {0, 1, 2, 0, 2, 3}) list.IdxBuffer.push_back(static_cast<ImDrawIdx>(base + k));
    list.CmdBuffer.push_back(c);
  }
};

struct Frame {
  std::vector<ImDrawList*> lists;
  ImDrawData data;
  explicit Frame(std::vector<ImDrawList*> l, float scale = 1) : lists(std::move(l)) {
    data.Valid = true;
    data.CmdLists = lists.data();
    data.CmdListsCount = static_cast<int>(lists.size());
    data.DisplayPos = ImVec2(0, 0);
    data.DisplaySize = ImVec2(100, 100);
    data.FramebufferScale = ImVec2(scale, scale);
  }
};

bool same(const app::PixelRect& a, const app::PixelRect& b) {
  return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1;
}

}  // namespace

TEST_CASE("frame damage: a changed quad's box a pixel wider each way, cut to its clip and the canvas") {
  for (float scale : {1.0f, 2.0f}) {
    const int s = static_cast<int>(scale), size = 100 * s;
    Quads a, b;
    a.add(0, 0, 100, 100, 0xFF000000u);
    a.add(10, 20, 30.5f, 40, 0xFF0000FFu);
    b.add(0, 0, 100, 100, 0xFF000000u);
    b.add(10, 20, 30.5f, 40, 0xFF00FF00u);  // recoloured
    app::FrameDamage damage;
    CHECK(damage.update(Frame({&a.list}, scale).data, size, size, 0, 0).area() == size * size);
    CHECK(same(damage.update(Frame({&b.list}, scale).data, size, size, 0, 0),
               {10 * s - 1, 20 * s - 1, static_cast<int>(std::ceil(30.5f * scale)) + 1, 40 * s + 1}));
    // A quad added past the canvas's edge, cut to it; one moved: where it was and where it is.
    Quads c;
    c.add(0, 0, 100, 100, 0xFF000000u);
    c.add(10, 20, 30.5f, 40, 0xFF00FF00u);
    c.add(90, 95, 120, 130, 0xFFFFFFFFu, ImVec4(0, 0, 200, 200));
    CHECK(same(damage.update(Frame({&c.list}, scale).data, size, size, 0, 0),
               {90 * s - 1, 95 * s - 1, size, size}));
    Quads m;
    m.add(0, 0, 100, 100, 0xFF000000u);
    m.add(50, 20, 70.5f, 40, 0xFF00FF00u);
    m.add(90, 95, 120, 130, 0xFFFFFFFFu, ImVec4(0, 0, 200, 200));
    CHECK(same(damage.update(Frame({&m.list}, scale).data, size, size, 0, 0),
               {10 * s - 1, 20 * s - 1, static_cast<int>(std::ceil(70.5f * scale)) + 1, 40 * s + 1}));
    // A clip rectangle cuts the box; a quad wholly outside its clip draws nothing and changes nothing.
    Quads k;  // m, its second quad partly recoloured and clipped
    k.add(0, 0, 100, 100, 0xFF000000u);
    k.add(50, 20, 70.5f, 40, 0xFF00FF00u);
    k.add(90, 95, 120, 130, 0xFFFFFFFFu, ImVec4(0, 0, 200, 200));
    k.list.VtxBuffer[4].col = k.list.VtxBuffer[5].col = 0xFF0000FFu;
    k.list.CmdBuffer[1].ClipRect = ImVec4(60, 0, 100, 30);
    CHECK(same(damage.update(Frame({&k.list}, scale).data, size, size, 0, 0),
               {50 * s - 1, 20 * s - 1, static_cast<int>(std::ceil(70.5f * scale)) + 1, 40 * s + 1}));
    k.add(10, 10, 20, 20, 0xFFFFFFFFu, ImVec4(50, 50, 60, 60));
    CHECK(damage.update(Frame({&k.list}, scale).data, size, size, 0, 0).empty());
    // The same pieces in another order: the whole frame (what lies on top changed).
    Quads p1, p2;
    p1.add(10, 10, 30, 30, 0xFF0000FFu);
    p2.add(20, 20, 40, 40, 0xFF00FF00u);
    CHECK(damage.update(Frame({&p1.list, &p2.list}, scale).data, size, size, 0, 0).area() == size * size);
    CHECK(damage.update(Frame({&p1.list, &p2.list}, scale).data, size, size, 0, 0).empty());
    CHECK(damage.update(Frame({&p2.list, &p1.list}, scale).data, size, size, 0, 0).area() == size * size);
  }
}

}  // namespace posenc
