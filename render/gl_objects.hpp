#pragma once
// Move-only owners of GL object names: the name is deleted exactly once, when its owner goes.
#include <glad/gl.h>

#include <utility>

namespace stereocl::gl {

template <class Deleter>
class Object {
 public:
  Object() = default;
  explicit Object(GLuint name) : name_(name) {}
  Object(Object&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
  Object& operator=(Object&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0);
    }
    return *this;
  }
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  ~Object() { reset(); }

  GLuint get() const { return name_; }
  explicit operator bool() const { return name_ != 0; }
  void reset() {
    if (name_) Deleter{}(name_);
    name_ = 0;
  }

 private:
  GLuint name_ = 0;
};

struct TextureDeleter { void operator()(GLuint n) const { glDeleteTextures(1, &n); } };
struct FramebufferDeleter { void operator()(GLuint n) const { glDeleteFramebuffers(1, &n); } };
struct RenderbufferDeleter { void operator()(GLuint n) const { glDeleteRenderbuffers(1, &n); } };
struct BufferDeleter { void operator()(GLuint n) const { glDeleteBuffers(1, &n); } };
struct VertexArrayDeleter { void operator()(GLuint n) const { glDeleteVertexArrays(1, &n); } };
struct ProgramDeleter { void operator()(GLuint n) const { glDeleteProgram(n); } };
struct ShaderDeleter { void operator()(GLuint n) const { glDeleteShader(n); } };
struct QueryDeleter { void operator()(GLuint n) const { glDeleteQueries(1, &n); } };

using Texture = Object<TextureDeleter>;
using Framebuffer = Object<FramebufferDeleter>;
using Renderbuffer = Object<RenderbufferDeleter>;
using Buffer = Object<BufferDeleter>;
using VertexArray = Object<VertexArrayDeleter>;
using Program = Object<ProgramDeleter>;
using Shader = Object<ShaderDeleter>;
using Query = Object<QueryDeleter>;

inline Texture make_texture() { GLuint n = 0; glGenTextures(1, &n); return Texture(n); }
inline Framebuffer make_framebuffer() { GLuint n = 0; glGenFramebuffers(1, &n); return Framebuffer(n); }
inline Renderbuffer make_renderbuffer() { GLuint n = 0; glGenRenderbuffers(1, &n); return Renderbuffer(n); }
inline Buffer make_buffer() { GLuint n = 0; glGenBuffers(1, &n); return Buffer(n); }
inline VertexArray make_vertex_array() { GLuint n = 0; glGenVertexArrays(1, &n); return VertexArray(n); }
inline Query make_query() { GLuint n = 0; glGenQueries(1, &n); return Query(n); }

// A 2D texture with immutable-size semantics: re-create it to resize. Nearest filtering and edge
// clamping unless the caller changes them, because most of ours hold data, not pictures.
Texture make_texture_2d(GLenum internal_format, int width, int height, GLenum format, GLenum type,
                        const void* pixels = nullptr);

}  // namespace stereocl::gl
