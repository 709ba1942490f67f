// A frame's digest (app/frame_digest.hpp): frames that look the same share one, so the web build hands
// only changed frames to WebGL; any change to what is drawn, the size, the clear colour or a texture's
// pixels gives another.
#include <doctest/doctest.h>
#include <imgui.h>

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
