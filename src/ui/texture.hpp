// GPU textures for widgets, provided by the platform: widgets never call GL themselves.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <map>

namespace posenc::ui {

class TextureHost {
 public:
  virtual ~TextureHost() = default;
  // Creates a texture (existing == 0) or replaces `existing` with w × h RGBA8 pixels (ImGui's
  // IM_COL32 byte order), with mipmaps for minification; returns the id to draw with.
  virtual ImTextureID upload(ImTextureID existing, int w, int h, const std::uint32_t* rgba) = 0;
  virtual void release(ImTextureID id) = 0;
  virtual int max_size() const { return 4096; }
  // A widget draws texture `id`, whose pixels are now these (w × h RGBA8, as uploaded): for hosts that
  // keep what is shown (RecordingTextureHost). Called every time it is drawn; most hosts ignore it.
  virtual void show(ImTextureID id, int w, int h, const std::uint32_t* rgba) {
    (void)id, (void)w, (void)h, (void)rgba;
  }
};

// Forwards to `host` and notes where the pixels of every texture drawn through it are: "Save figure"
// (src/app/figure.hpp) draws the visual through one and embeds its heatmaps' pixels in the SVG, written
// in the same frame (the pixels belong to the widget: valid until it next changes them).
class RecordingTextureHost final : public TextureHost {
 public:
  struct Pixels {
    int w = 0, h = 0;
    const std::uint32_t* rgba = nullptr;
  };
  TextureHost* host = nullptr;  // set before use
  std::map<ImTextureID, Pixels> shown;

  ImTextureID upload(ImTextureID existing, int w, int h, const std::uint32_t* rgba) override {
    return host->upload(existing, w, h, rgba);
  }
  void release(ImTextureID id) override {
    shown.erase(id);
    host->release(id);
  }
  int max_size() const override { return host->max_size(); }
  void show(ImTextureID id, int w, int h, const std::uint32_t* rgba) override { shown[id] = {w, h, rgba}; }
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
