#pragma once
// Memory and semaphores another API exported as opaque fds, seen from GL (GL_EXT_memory_object_fd,
// GL_EXT_semaphore_fd): GPU (external memory) mode's depth and offsets buffers, and the two
// semaphores that hand them between GL and OpenCL without the CPU waiting.
#include "core/result.hpp"
#include "render/gl_objects.hpp"

#include <cstdint>
#include <initializer_list>
#include <string>

namespace stereocl {

// Whether this context can import; if not, why (too old a GL, an extension missing).
Status gl_imports_external_memory();

// A GL buffer whose storage is the imported memory. Throws std::runtime_error naming the GL call
// and its error.
class GlImportedBuffer {
 public:
  // `fd` is owned by GL once this succeeds. `allocation_size` is the exporter's, `bytes` <= it.
  GlImportedBuffer(int fd, std::uint64_t allocation_size, std::uint64_t bytes);
  GlImportedBuffer(GlImportedBuffer&&) noexcept = default;
  GlImportedBuffer& operator=(GlImportedBuffer&&) noexcept = default;
  ~GlImportedBuffer();

  GLuint get() const { return buffer_.get(); }

 private:
  struct MemoryObjectDeleter { void operator()(GLuint n) const { glDeleteMemoryObjectsEXT(1, &n); } };
  gl::Object<MemoryObjectDeleter> memory_;
  gl::Buffer buffer_;
};

// A binary semaphore GL signals after its commands so far, or makes its later commands wait for.
class GlImportedSemaphore {
 public:
  explicit GlImportedSemaphore(int fd);  // owns fd once this succeeds; throws like GlImportedBuffer

  // Both name the buffers whose contents cross over, as the extension asks.
  void signal(std::initializer_list<GLuint> buffers) const;
  void wait(std::initializer_list<GLuint> buffers) const;

 private:
  struct SemaphoreDeleter { void operator()(GLuint n) const { glDeleteSemaphoresEXT(1, &n); } };
  gl::Object<SemaphoreDeleter> semaphore_;
};

// A GL_R32F buffer texture over `buffer`: how a fragment shader reads floats from a buffer
// (texelFetch on a samplerBuffer) in a 3.3 shader. Throws where the buffer holds more texels than
// GL_MAX_TEXTURE_BUFFER_SIZE.
gl::Texture make_float_buffer_texture(GLuint buffer, std::uint64_t floats);

// Throws std::runtime_error("`call` failed: GL_INVALID_VALUE") where glGetError reports one.
void throw_on_gl_error(const std::string& call);

}  // namespace stereocl
