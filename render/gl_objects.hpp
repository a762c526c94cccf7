#pragma once
// Move-only owners of GL object names: the name is deleted exactly once, when its owner goes.
#include <glad/gl.h>

#include <map>
#include <memory>
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

// A texture, and the views other APIs made of it (an OpenCL image of it, one per CL context and
// access). The views go first whenever the texture goes -- destroyed, or replaced by moving another
// texture in -- so no view outlives what it views, and a reused GL name never meets a stale view.
// The views are type-erased: GL code knows nothing of OpenCL.
class Texture {
 public:
  Texture() = default;
  explicit Texture(GLuint name) : name_(name) {}
  Texture(Texture&&) noexcept = default;
  Texture& operator=(Texture&& other) noexcept {
    if (this != &other) {
      views_.clear();
      name_ = std::move(other.name_);
      views_ = std::move(other.views_);
    }
    return *this;
  }
  ~Texture() { views_.clear(); }

  GLuint get() const { return name_.get(); }
  explicit operator bool() const { return static_cast<bool>(name_); }
  // The slot for the view that `owner` (e.g. a CL context handle) made with `access`; empty until
  // the owner fills it. Views are the owner's cache, so filling one does not change the texture.
  std::shared_ptr<void>& view(const void* owner, unsigned access) const { return views_[{owner, access}]; }

 private:
  Object<TextureDeleter> name_;  // declared first, so destroyed after the views
  mutable std::map<std::pair<const void*, unsigned>, std::shared_ptr<void>> views_;
};
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
