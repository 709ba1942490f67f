#include "gl_textures.hpp"

#include <cstdint>

#include "app/gl.hpp"

namespace posenc::app {

ImTextureID GlTextureHost::upload(ImTextureID existing, int w, int h, const std::uint32_t* rgba) {
  GLuint tex = static_cast<GLuint>(reinterpret_cast<std::intptr_t>(existing));
  ++generation_;
  if (!tex) glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);  // many cells per pixel
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);               // crisp cells
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(tex));
}

void GlTextureHost::release(ImTextureID id) {
  const GLuint tex = static_cast<GLuint>(reinterpret_cast<std::intptr_t>(id));
  ++generation_;
  if (tex) glDeleteTextures(1, &tex);
}

int GlTextureHost::max_size() const {
  if (max_size_ == 0) {  // asked once: a synchronous round trip in a browser
    GLint n = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &n);
    max_size_ = n > 0 ? n : 2048;
  }
  return max_size_;
}

}  // namespace posenc::app
