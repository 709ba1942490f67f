// Draws ImGui's draw data with OpenGL ES 3 / WebGL2 (and desktop OpenGL 3), in place of ImGui's own
// OpenGL3 backend. The app owns the whole GL context, so this renderer never reads GL state back: in a
// browser every glGet* is a synchronous round trip to the GPU process (10–80 ms each before the first
// frame in headless Chromium), and ImGui's backend makes about twenty per frame to save and restore
// state. Attribute locations are bound before linking, the projection arrives as a constant vertex
// attribute (no uniform lookup), and shader errors are read once, when the caller asks (errors()).
// The font atlas is uploaded as one byte per pixel.
#pragma once

#include <imgui.h>

#include <string>

#include "app/frame_digest.hpp"

namespace posenc::app {

class GlRenderer {
 public:
  // `glsl_header` starts both shaders: "#version 300 es\n" on the web, "#version 130\n" on the desktop.
  explicit GlRenderer(const char* glsl_header);
  ~GlRenderer();
  GlRenderer(const GlRenderer&) = delete;
  GlRenderer& operator=(const GlRenderer&) = delete;

  // Builds ImGui's font atlas (if needed) and uploads it, replacing the previous font texture.
  void upload_fonts();
  // Draws into the bound framebuffer of `fb_w` × `fb_h` pixels; only within `limit` when one is given
  // (the rest of the framebuffer is left as it is).
  void render(const ImDrawData& data, int fb_w, int fb_h, const PixelRect* limit = nullptr);
  // Compile and link logs when the program does not work, else empty. Reads GL state (synchronous in a
  // browser): ask after the first frame is on screen.
  std::string errors() const;

 private:
  void point_attributes(unsigned vertex_offset);

  unsigned program_ = 0, vertex_shader_ = 0, fragment_shader_ = 0;
  unsigned vao_ = 0, vertices_ = 0, indices_ = 0;
  unsigned font_texture_ = 0;
};

}  // namespace posenc::app
