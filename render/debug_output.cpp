#include "render/debug_output.hpp"

#include <glad/gl.h>

#include <string>

namespace stereocl {

#ifndef NDEBUG
namespace {
void GLAPIENTRY report(GLenum, GLenum type, GLuint id, GLenum severity, GLsizei, const GLchar* message,
                       const void* notices) {
  if (severity == GL_DEBUG_SEVERITY_NOTIFICATION) return;
  static_cast<Notices*>(const_cast<void*>(notices))
      ->log(std::string("GL ") + (type == GL_DEBUG_TYPE_ERROR ? "error " : "warning ") + std::to_string(id) + ": " +
            message);
}
}  // namespace
#endif

GlDebugOutput::GlDebugOutput([[maybe_unused]] Notices& notices) {
#ifndef NDEBUG
  if (!GLAD_GL_KHR_debug && !GLAD_GL_VERSION_4_3) return;
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
  glDebugMessageCallback(report, &notices);
  installed_ = true;
#endif
}

GlDebugOutput::~GlDebugOutput() {
#ifndef NDEBUG
  if (installed_) glDebugMessageCallback(nullptr, nullptr);
#endif
}

}  // namespace stereocl
