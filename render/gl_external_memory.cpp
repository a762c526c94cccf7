#include "render/gl_external_memory.hpp"

#include <stdexcept>

namespace stereocl {
namespace {

std::string gl_error_name(GLenum error) {
  switch (error) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    default: return "GL error " + std::to_string(error);
  }
}

}  // namespace

Status gl_imports_external_memory() {
  // 4.5: storage buffers in the depth pass (4.3) and the direct-state calls the extension's
  // buffer entry point belongs with (glNamedBufferStorageMemEXT, glClearNamedBufferData).
  if (!GLAD_GL_VERSION_4_5) {
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    return failure("the GL context is " + std::to_string(major) + "." + std::to_string(minor) +
                   "; external memory needs 4.5");
  }
  const struct { int present; const char* name; } extensions[] = {
      {GLAD_GL_EXT_memory_object, "GL_EXT_memory_object"},
      {GLAD_GL_EXT_memory_object_fd, "GL_EXT_memory_object_fd"},
      {GLAD_GL_EXT_semaphore, "GL_EXT_semaphore"},
      {GLAD_GL_EXT_semaphore_fd, "GL_EXT_semaphore_fd"}};
  for (const auto& extension : extensions)
    if (!extension.present)
      return failure(std::string("the GL driver (") + reinterpret_cast<const char*>(glGetString(GL_RENDERER)) +
                     ") lacks " + extension.name);
  return {};
}

void throw_on_gl_error(const std::string& call) {
  const GLenum error = glGetError();
  if (error != GL_NO_ERROR) throw std::runtime_error(call + " failed: " + gl_error_name(error));
}

GlImportedBuffer::GlImportedBuffer(int fd, std::uint64_t allocation_size, std::uint64_t bytes) {
  while (glGetError() != GL_NO_ERROR) {
  }  // errors of earlier calls are not this import's
  GLuint memory = 0;
  glCreateMemoryObjectsEXT(1, &memory);
  memory_ = gl::Object<MemoryObjectDeleter>(memory);
  glImportMemoryFdEXT(memory, allocation_size, GL_HANDLE_TYPE_OPAQUE_FD_EXT, fd);
  throw_on_gl_error("glImportMemoryFdEXT (" + std::to_string(allocation_size) + " bytes)");
  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  buffer_ = gl::Buffer(buffer);
  glNamedBufferStorageMemEXT(buffer, static_cast<GLsizeiptr>(bytes), memory, 0);
  throw_on_gl_error("glNamedBufferStorageMemEXT (" + std::to_string(bytes) + " bytes)");
}

// The buffer goes before the memory under it.
GlImportedBuffer::~GlImportedBuffer() { buffer_.reset(); }

GlImportedSemaphore::GlImportedSemaphore(int fd) {
  while (glGetError() != GL_NO_ERROR) {
  }
  GLuint semaphore = 0;
  glGenSemaphoresEXT(1, &semaphore);
  semaphore_ = gl::Object<SemaphoreDeleter>(semaphore);
  glImportSemaphoreFdEXT(semaphore, GL_HANDLE_TYPE_OPAQUE_FD_EXT, fd);
  throw_on_gl_error("glImportSemaphoreFdEXT");
}

void GlImportedSemaphore::signal(std::initializer_list<GLuint> buffers) const {
  glSignalSemaphoreEXT(semaphore_.get(), static_cast<GLuint>(buffers.size()), buffers.begin(), 0, nullptr, nullptr);
}

void GlImportedSemaphore::wait(std::initializer_list<GLuint> buffers) const {
  glWaitSemaphoreEXT(semaphore_.get(), static_cast<GLuint>(buffers.size()), buffers.begin(), 0, nullptr, nullptr);
}

gl::Texture make_float_buffer_texture(GLuint buffer, std::uint64_t floats) {
  GLint max_texels = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels);
  if (floats > static_cast<std::uint64_t>(max_texels))
    throw std::runtime_error(std::to_string(floats) + " floats exceed this GL driver's buffer textures (" +
                             std::to_string(max_texels) + ", GL_MAX_TEXTURE_BUFFER_SIZE)");
  GLuint texture = 0;
  glCreateTextures(GL_TEXTURE_BUFFER, 1, &texture);
  gl::Texture result(texture);
  glTextureBuffer(texture, GL_R32F, buffer);
  throw_on_gl_error("glTextureBuffer (GL_R32F)");
  return result;
}

}  // namespace stereocl
