#include "gl_renderer.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "app/gl.hpp"

namespace posenc::app {

namespace {

// Attribute locations, bound before linking. Projection and TextureKind are never arrays: their values
// are set with glVertexAttrib4f and hold for every vertex of the following draws.
enum Attribute : GLuint { kPosition = 0, kUV = 1, kColor = 2, kProjection = 3, kTextureKind = 4 };

constexpr const char* kVertexShader = R"(
in vec2 Position;
in vec2 UV;
in vec4 Color;
in vec4 Projection;   // scale.xy, offset.xy: pixels to clip space
in vec4 TextureKind;  // x = 1: a one-channel coverage texture (the font atlas)
out vec2 Frag_UV;
out vec4 Frag_Color;
out float Frag_Coverage;
void main() {
  Frag_UV = UV;
  Frag_Color = Color;
  Frag_Coverage = TextureKind.x;
  gl_Position = vec4(Position * Projection.xy + Projection.zw, 0.0, 1.0);
}
)";

constexpr const char* kFragmentShader = R"(
#ifdef GL_ES
precision mediump float;
#endif
uniform sampler2D Texture;
in highp vec2 Frag_UV;
in vec4 Frag_Color;
in float Frag_Coverage;
out vec4 Out_Color;
void main() {
  vec4 t = texture(Texture, Frag_UV);
  Out_Color = Frag_Color * mix(t, vec4(1.0, 1.0, 1.0, t.r), Frag_Coverage);
}
)";

GLuint compile(GLenum kind, const char* header, const char* body) {
  const GLuint shader = glCreateShader(kind);
  const GLchar* parts[] = {header, body};
  glShaderSource(shader, 2, parts, nullptr);
  glCompileShader(shader);
  return shader;
}

GLuint texture_name(ImTextureID id) { return static_cast<GLuint>(reinterpret_cast<std::intptr_t>(id)); }

template <typename Get, typename Log>
std::string log_of(GLuint object, Get get, Log log) {
  GLint length = 0;
  get(object, GL_INFO_LOG_LENGTH, &length);
  if (length <= 1) return {};
  std::string text(static_cast<size_t>(length), '\0');
  log(object, length, nullptr, text.data());
  text.resize(text.find('\0') == std::string::npos ? text.size() : text.find('\0'));
  return text;
}

}  // namespace

GlRenderer::GlRenderer(const char* glsl_header) {
  vertex_shader_ = compile(GL_VERTEX_SHADER, glsl_header, kVertexShader);
  fragment_shader_ = compile(GL_FRAGMENT_SHADER, glsl_header, kFragmentShader);
  program_ = glCreateProgram();
  glAttachShader(program_, vertex_shader_);
  glAttachShader(program_, fragment_shader_);
  glBindAttribLocation(program_, kPosition, "Position");
  glBindAttribLocation(program_, kUV, "UV");
  glBindAttribLocation(program_, kColor, "Color");
  glBindAttribLocation(program_, kProjection, "Projection");
  glBindAttribLocation(program_, kTextureKind, "TextureKind");
  glLinkProgram(program_);

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vertices_);
  glGenBuffers(1, &indices_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vertices_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_);  // recorded in the vertex array
  glEnableVertexAttribArray(kPosition);
  glEnableVertexAttribArray(kUV);
  glEnableVertexAttribArray(kColor);
  glBindVertexArray(0);

  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "posenc_gl";
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // large lists: any offset, 16-bit indices
}

GlRenderer::~GlRenderer() {
  if (font_texture_) glDeleteTextures(1, &font_texture_);
  glDeleteBuffers(1, &vertices_);
  glDeleteBuffers(1, &indices_);
  glDeleteVertexArrays(1, &vao_);
  glDeleteProgram(program_);
  glDeleteShader(vertex_shader_);
  glDeleteShader(fragment_shader_);
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->SetTexID(ImTextureID{});
  io.BackendRendererName = nullptr;
  io.BackendFlags &= ~ImGuiBackendFlags_RendererHasVtxOffset;
}

void GlRenderer::upload_fonts() {
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  atlas.GetTexDataAsAlpha8(&pixels, &w, &h);
  if (!font_texture_) glGenTextures(1, &font_texture_);
  glBindTexture(GL_TEXTURE_2D, font_texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // rows of one byte per pixel
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, w, h, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  atlas.SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(font_texture_)));
}

void GlRenderer::point_attributes(unsigned vertex_offset) {
  const std::uintptr_t base = vertex_offset * sizeof(ImDrawVert);
  const auto at = [base](size_t field) { return reinterpret_cast<const void*>(base + field); };
  glVertexAttribPointer(kPosition, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), at(offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(kUV, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), at(offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(kColor, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ImDrawVert),
                        at(offsetof(ImDrawVert, col)));
}

void GlRenderer::render(const ImDrawData& data, int fb_w, int fb_h, const PixelRect* limit) {
  if (fb_w <= 0 || fb_h <= 0 || data.DisplaySize.x <= 0 || data.DisplaySize.y <= 0) return;
  glViewport(0, 0, fb_w, fb_h);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glUseProgram(program_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vertices_);
  glActiveTexture(GL_TEXTURE0);

  const float l = data.DisplayPos.x, r = l + data.DisplaySize.x;
  const float t = data.DisplayPos.y, b = t + data.DisplaySize.y;
  glVertexAttrib4f(kProjection, 2.0f / (r - l), 2.0f / (t - b), (r + l) / (l - r), (t + b) / (b - t));
  const ImVec2 scale = data.FramebufferScale;
  const PixelRect all{0, 0, fb_w, fb_h};
  const PixelRect& in = limit ? *limit : all;
  const GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;

  GLuint bound = ~0u;
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list.VtxBuffer.Size) * sizeof(ImDrawVert),
                 list.VtxBuffer.Data, GL_STREAM_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list.IdxBuffer.Size) * sizeof(ImDrawIdx),
                 list.IdxBuffer.Data, GL_STREAM_DRAW);
    unsigned pointed = ~0u;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(&list, &cmd);
        continue;
      }
      // The clip rectangle in framebuffer pixels (GL's origin is the bottom left), cut to the framebuffer
      // and the limit.
      const float x0 = std::max(static_cast<float>(in.x0), (cmd.ClipRect.x - l) * scale.x);
      const float y0 = std::max(static_cast<float>(in.y0), (cmd.ClipRect.y - t) * scale.y);
      const float x1 = std::min(static_cast<float>(in.x1), (cmd.ClipRect.z - l) * scale.x);
      const float y1 = std::min(static_cast<float>(in.y1), (cmd.ClipRect.w - t) * scale.y);
      if (x1 <= x0 || y1 <= y0 || cmd.ElemCount == 0) continue;
      glScissor(static_cast<GLint>(x0), static_cast<GLint>(fb_h - y1), static_cast<GLsizei>(x1 - x0),
                static_cast<GLsizei>(y1 - y0));
      if (cmd.VtxOffset != pointed) {
        point_attributes(cmd.VtxOffset);
        pointed = cmd.VtxOffset;
      }
      const GLuint texture = texture_name(cmd.GetTexID());
      if (texture != bound) {
        glBindTexture(GL_TEXTURE_2D, texture);
        glVertexAttrib4f(kTextureKind, texture == font_texture_ ? 1.0f : 0.0f, 0, 0, 0);
        bound = texture;
      }
      glDrawElements(
          GL_TRIANGLES, static_cast<GLsizei>(cmd.ElemCount), index_type,
          reinterpret_cast<const void*>(static_cast<std::uintptr_t>(cmd.IdxOffset) * sizeof(ImDrawIdx)));
    }
  }
  glBindVertexArray(0);
  glDisable(GL_SCISSOR_TEST);
}

std::string GlRenderer::errors() const {
  std::string out;
  GLint ok = 0;
  for (GLuint shader : {vertex_shader_, fragment_shader_}) {
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok)
      out += (shader == vertex_shader_ ? "vertex shader: " : "fragment shader: ") +
             log_of(shader, glGetShaderiv, glGetShaderInfoLog) + "\n";
  }
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  if (!ok) out += "link: " + log_of(program_, glGetProgramiv, glGetProgramInfoLog) + "\n";
  return out;
}

}  // namespace posenc::app
