// A frame's fingerprint: a 64-bit digest of everything that decides its pixels — ImGui's draw lists
// (vertices, indices, commands with their clip rectangles and textures), the display and framebuffer
// size, the clear colour, and a count the platform bumps whenever a texture's pixels change (a texture
// keeps its id when it is re-uploaded). Two frames with one digest look the same, so the second need not
// be handed to the GPU: the canvas (or window) keeps the first one's pixels.
#pragma once

#include <cstdint>
#include <vector>

struct ImDrawData;

namespace posenc::app {

std::uint64_t frame_digest(const ImDrawData& data, int fb_w, int fb_h, std::uint32_t clear_rgba,
                           std::uint64_t texture_generation);

// A rectangle of framebuffer pixels, origin at the top left, x1 and y1 past the last column and row.
struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  long long area() const { return empty() ? 0 : static_cast<long long>(x1 - x0) * (y1 - y0); }
};

// What must be drawn again for a frame to show, given that the last frame passed in is on screen (a canvas
// that keeps its pixels): the union of the places where the two frames' pieces differ. A piece is a run
// of one draw command's triangles (frame_digest.cpp says where runs end), known by a digest of what
// decides its pixels — texture, clip rectangle and every vertex its indices name (so the same picture
// found at another offset of the buffers is the same piece) — and covering its vertices' bounding box
// cut to the clip rectangle, one pixel wider each way. A piece only in one of the two frames marks where
// it covers; a pixel outside every such place is covered by the same pieces in both frames, so it keeps
// its colour — provided those pieces come in the same order, which is checked (otherwise the whole
// frame). The whole frame also when the size, display, clear colour or a texture's pixels changed, for
// the first frame, after forget(), or when a command calls back into the renderer. Not a frame at all
// when nothing differs: empty.
class FrameDamage {
 public:
  PixelRect update(const ImDrawData& data, int fb_w, int fb_h, std::uint32_t clear_rgba,
                   std::uint64_t texture_generation);
  // The canvas lost what it showed (it was cleared, or something else drew on it): the next update
  // gives the whole frame.
  void forget() { shown_ = false; }

 private:
  struct Piece {
    std::uint64_t digest;
    PixelRect rect;
  };
  std::vector<Piece> pieces_, next_;
  std::uint64_t whole_ = 0;  // a digest of what decides every pixel at once
  bool shown_ = false;
};

// Whether ImGui held a window back this frame (a tooltip or popup measuring itself before it appears):
// the next frame differs although this one may not have. Call after ImGui::Render().
bool imgui_settling();

}  // namespace posenc::app
