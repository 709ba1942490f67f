// The platform's texture host: RGBA8 textures in OpenGL ES 3 / WebGL2 (and desktop GL 3). Uploads leave
// their texture bound (the renderer binds what it draws) and read no GL state back.
#pragma once

#include <cstdint>

#include "ui/texture.hpp"

namespace posenc::app {

class GlTextureHost final : public ui::TextureHost {
 public:
  ImTextureID upload(ImTextureID existing, int w, int h, const std::uint32_t* rgba) override;
  void release(ImTextureID id) override;
  int max_size() const override;
  // Bumped by every upload and release: a frame's pixels may differ although its draw lists do not.
  std::uint64_t generation() const { return generation_; }

 private:
  mutable int max_size_ = 0;
  std::uint64_t generation_ = 0;
};

}  // namespace posenc::app
