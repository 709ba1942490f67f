// GPU textures for widgets, provided by the platform: widgets never call GL themselves.
#pragma once

#include <imgui.h>

#include <cstdint>

namespace posenc::ui {

class TextureHost {
 public:
  virtual ~TextureHost() = default;
  // Creates a texture (existing == 0) or replaces `existing` with w × h RGBA8 pixels (ImGui's
  // IM_COL32 byte order), with mipmaps for minification; returns the id to draw with.
  virtual ImTextureID upload(ImTextureID existing, int w, int h, const std::uint32_t* rgba) = 0;
  virtual void release(ImTextureID id) = 0;
  virtual int max_size() const { return 4096; }
};

// For headless runs and tests: hands out ids and counts uploads, keeps no pixels.
class NullTextureHost final : public TextureHost {
 public:
  ImTextureID upload(ImTextureID existing, int, int, const std::uint32_t*) override {
    ++uploads;
    return existing ? existing : reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(++next_id));
  }
  void release(ImTextureID) override { ++releases; }
  int uploads = 0, releases = 0, next_id = 0;
};

}  // namespace posenc::ui
