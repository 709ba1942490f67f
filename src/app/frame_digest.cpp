#include "frame_digest.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <cstring>

namespace posenc::app {
namespace {

// A word-at-a-time multiplicative hash (the mixing step of wyhash-style hashes, written here): fast in
// WebAssembly, where the vertex arrays of a frame run to a few hundred kilobytes.
struct Digest {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;

  void word(std::uint64_t w) {
    h ^= w + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  void bytes(const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, c + i, 8);
      word(w);
    }
    std::uint64_t tail = n;  // the length too, so trailing zero bytes count
    if (i < n) std::memcpy(&tail, c + i, n - i), tail ^= static_cast<std::uint64_t>(n) << 56;
    word(tail);
  }
  void real(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    word(u);
  }
};

}  // namespace

std::uint64_t frame_digest(const ImDrawData& data, int fb_w, int fb_h, std::uint32_t clear_rgba,
                           std::uint64_t texture_generation) {
  Digest d;
  d.word(static_cast<std::uint64_t>(static_cast<std::uint32_t>(fb_w)) << 32 |
         static_cast<std::uint32_t>(fb_h));
  d.word(clear_rgba);
  d.word(texture_generation);
  d.real(data.DisplayPos.x), d.real(data.DisplayPos.y), d.real(data.DisplaySize.x),
      d.real(data.DisplaySize.y);
  d.real(data.FramebufferScale.x), d.real(data.FramebufferScale.y);
  d.word(static_cast<std::uint64_t>(data.CmdListsCount));
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    d.bytes(list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    d.bytes(list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    d.word(static_cast<std::uint64_t>(list.CmdBuffer.Size));
    for (const ImDrawCmd& c : list.CmdBuffer) {
      d.real(c.ClipRect.x), d.real(c.ClipRect.y), d.real(c.ClipRect.z), d.real(c.ClipRect.w);
      d.word(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.TextureId)));
      d.word(static_cast<std::uint64_t>(c.VtxOffset) << 32 | c.IdxOffset);
      d.word(c.ElemCount);
      d.word(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.UserCallback)));
    }
  }
  return d.h;
}

bool imgui_settling() {
  for (const ImGuiWindow* w : GImGui->Windows)
    if (w->Active && w->Hidden) return true;
  return false;
}

}  // namespace posenc::app
