// A frame's fingerprint: a 64-bit digest of everything that decides its pixels — ImGui's draw lists
// (vertices, indices, commands with their clip rectangles and textures), the display and framebuffer
// size, the clear colour, and a count the platform bumps whenever a texture's pixels change (a texture
// keeps its id when it is re-uploaded). Two frames with one digest look the same, so the second need not
// be handed to the GPU: the canvas (or window) keeps the first one's pixels.
#pragma once

#include <cstdint>

struct ImDrawData;

namespace posenc::app {

std::uint64_t frame_digest(const ImDrawData& data, int fb_w, int fb_h, std::uint32_t clear_rgba,
                           std::uint64_t texture_generation);

// Whether ImGui held a window back this frame (a tooltip or popup measuring itself before it appears):
// the next frame differs although this one may not have. Call after ImGui::Render().
bool imgui_settling();

}  // namespace posenc::app
