// The platform's texture host: RGBA8 textures in OpenGL ES 3 / WebGL2 (and desktop GL 3). Uploads leave
// their texture bound (the renderer binds what it draws) and read no GL state back.
#pragma once

#include "ui/texture.hpp"

namespace posenc::app {

class GlTextureHost final : public ui::TextureHost {
 public:
  ImTextureID upload(ImTextureID existing, int w, int h, const std::uint32_t* rgba) override;
  void release(ImTextureID id) override;
  int max_size() const override;

 private:
  mutable int max_size_ = 0;
};

}  // namespace posenc::app
