#include "render/debug_output.hpp"

#include <glad/gl.h>

#include <cstdio>

namespace stereocl {

#ifndef NDEBUG
namespace {
void GLAPIENTRY report(GLenum, GLenum type, GLuint id, GLenum severity, GLsizei, const GLchar* message, const void*) {
  if (severity == GL_DEBUG_SEVERITY_NOTIFICATION) return;
  std::fprintf(stderr, "GL %s %u: %s\n", type == GL_DEBUG_TYPE_ERROR ? "error" : "warning", id, message);
}
}  // namespace
#endif

void install_debug_output() {
#ifndef NDEBUG
  if (!GLAD_GL_KHR_debug && !GLAD_GL_VERSION_4_3) return;
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
  glDebugMessageCallback(report, nullptr);
#endif
}

}  // namespace stereocl
