#include "frame_digest.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

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

// What decides every pixel at once: the framebuffer's size, the clear colour, the textures' pixels, and
// where the draw data's display lies on it.
Digest whole_frame(const ImDrawData& data, int fb_w, int fb_h, std::uint32_t clear_rgba,
                   std::uint64_t texture_generation) {
  Digest d;
  d.word(static_cast<std::uint64_t>(static_cast<std::uint32_t>(fb_w)) << 32 |
         static_cast<std::uint32_t>(fb_h));
  d.word(clear_rgba);
  d.word(texture_generation);
  d.real(data.DisplayPos.x), d.real(data.DisplayPos.y), d.real(data.DisplaySize.x),
      d.real(data.DisplaySize.y);
  d.real(data.FramebufferScale.x), d.real(data.FramebufferScale.y);
  return d;
}

}  // namespace

std::uint64_t frame_digest(const ImDrawData& data, int fb_w, int fb_h, std::uint32_t clear_rgba,
                           std::uint64_t texture_generation) {
  Digest d = whole_frame(data, fb_w, fb_h, clear_rgba, texture_generation);
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

PixelRect FrameDamage::update(const ImDrawData& data, int fb_w, int fb_h, std::uint32_t clear_rgba,
                              std::uint64_t texture_generation) {
  const PixelRect whole{0, 0, std::max(0, fb_w), std::max(0, fb_h)};
  const Digest w = whole_frame(data, fb_w, fb_h, clear_rgba, texture_generation);
  bool all = !shown_ || w.h != whole_;
  whole_ = w.h;
  shown_ = true;

  // This frame's pieces: runs of a draw command's triangles that can colour a pixel, with where they
  // can. ImGui draws a whole window's body as one command: a piece per command would make a button's
  // hover colour redraw its window. A run ends where a triangle's first corner hashes to a chosen value
  // (so after text inserted or removed the runs fall into step again), within kFewest…kMost triangles,
  // or where a triangle would stretch the run's box to more than twice their areas (kNear² of slack).
  constexpr unsigned kFewest = 8, kMost = 256;
  constexpr float kNear = 24;  // display units
  next_.clear();
  const ImVec2 at = data.DisplayPos, scale = data.FramebufferScale;
  const auto px = [](float v, float origin, float s, int add, int limit) {
    const float f = add < 0 ? std::floor((v - origin) * s) : std::ceil((v - origin) * s);
    return static_cast<int>(std::clamp(f + add, 0.0f, static_cast<float>(limit)));
  };
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    for (const ImDrawCmd& c : list.CmdBuffer) {
      if (c.UserCallback) {
        if (c.UserCallback != ImDrawCallback_ResetRenderState) all = true;  // draws what it likes
        continue;
      }
      const ImDrawIdx* idx = list.IdxBuffer.Data + c.IdxOffset;
      const ImDrawVert* vtx = list.VtxBuffer.Data + c.VtxOffset;
      for (unsigned begin = 0; begin < c.ElemCount;) {
        Digest d;
        d.word(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.TextureId)));
        d.real(c.ClipRect.x), d.real(c.ClipRect.y), d.real(c.ClipRect.z), d.real(c.ClipRect.w);
        float x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
        unsigned i = begin;
        for (unsigned triangles = 0; i < c.ElemCount; ++triangles) {
          const ImDrawVert* v[3];
          const unsigned corners = std::min(3u, c.ElemCount - i);
          float tx0 = INFINITY, ty0 = INFINITY, tx1 = -INFINITY, ty1 = -INFINITY;
          for (unsigned k = 0; k < corners; ++k) {
            v[k] = &vtx[idx[i + k]];
            tx0 = std::min(tx0, v[k]->pos.x), ty0 = std::min(ty0, v[k]->pos.y);
            tx1 = std::max(tx1, v[k]->pos.x), ty1 = std::max(ty1, v[k]->pos.y);
          }
          // A triangle that would more than double the run's box starts a run of its own (a window's
          // scrollbar after a button, the next line of text, a control across the window).
          const float joined =
              (std::max(x1, tx1) - std::min(x0, tx0)) * (std::max(y1, ty1) - std::min(y0, ty0));
          if (triangles > 0 &&
              joined > 2 * ((x1 - x0) * (y1 - y0) + (tx1 - tx0) * (ty1 - ty0)) + kNear * kNear)
            break;
          std::uint64_t first = 0;
          for (unsigned k = 0; k < corners; ++k) {
            std::uint64_t pos, uv;
            std::memcpy(&pos, &v[k]->pos, 8);
            std::memcpy(&uv, &v[k]->uv, 8);
            if (k == 0) first = pos;
            d.word(pos);
            d.word(uv ^ (static_cast<std::uint64_t>(v[k]->col) << 17));
          }
          i += corners;
          x0 = std::min(x0, tx0), y0 = std::min(y0, ty0), x1 = std::max(x1, tx1), y1 = std::max(y1, ty1);
          if (triangles + 1 >= kMost ||
              (triangles + 1 >= kFewest && (first * 0x9E3779B97F4A7C15ull) >> 58 == 0))
            break;
        }
        d.word(i - begin);
        begin = i;
        // Where it can colour a pixel, in framebuffer pixels: a pixel more each way than its vertices'
        // box (rounding), within its clip rectangle and the framebuffer.
        x0 = std::max(x0, c.ClipRect.x), y0 = std::max(y0, c.ClipRect.y);
        x1 = std::min(x1, c.ClipRect.z), y1 = std::min(y1, c.ClipRect.w);
        if (!(x1 > x0 && y1 > y0)) continue;  // outside its clip rectangle: draws nothing
        const PixelRect r{px(x0, at.x, scale.x, -1, whole.x1), px(y0, at.y, scale.y, -1, whole.y1),
                          px(x1, at.x, scale.x, 1, whole.x1), px(y1, at.y, scale.y, 1, whole.y1)};
        if (!r.empty()) next_.push_back({d.h, r});
      }
    }
  }

  PixelRect out;
  const auto add = [&out](const PixelRect& r) {
    out = out.empty() ? r
                      : PixelRect{std::min(out.x0, r.x0), std::min(out.y0, r.y0), std::max(out.x1, r.x1),
                                  std::max(out.y1, r.y1)};
  };
  if (!all) {
    // Pieces in one frame only mark their place; the pieces in both must come in one order.
    // The pieces of `in` also in `other` (as many times as there), in order; the others' places added.
    const auto kept = [&add](const std::vector<Piece>& in, const std::vector<Piece>& other) {
      std::unordered_map<std::uint64_t, int> count;
      for (const Piece& p : other) ++count[p.digest];
      std::vector<std::uint64_t> out;
      for (const Piece& p : in) {
        auto it = count.find(p.digest);
        if (it != count.end() && it->second > 0)
          --it->second, out.push_back(p.digest);
        else
          add(p.rect);
      }
      return out;
    };
    const std::vector<std::uint64_t> kept_before = kept(pieces_, next_), kept_after = kept(next_, pieces_);
    if (kept_before != kept_after) all = true;
  }
  std::swap(pieces_, next_);
  return all ? whole : out;
}

bool imgui_settling() {
  for (const ImGuiWindow* w : GImGui->Windows)
    if (w->Active && w->Hidden) return true;
  return false;
}

}  // namespace posenc::app
