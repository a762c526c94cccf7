#include "ui/viewport_limit.hpp"

#include <glad/gl.h>

namespace stereocl {

ViewportLimit query_viewport_limit() {
  GLint dims[2] = {0, 0};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
  return {dims[0], dims[1]};
}

Status viewport_allows(int width, int height, ViewportLimit limit) {
  if (width <= limit.width && height <= limit.height) return {};
  return failure("the window is " + std::to_string(width) + "x" + std::to_string(height) +
                 " pixels, over this GL driver's GL_MAX_VIEWPORT_DIMS " + std::to_string(limit.width) + "x" +
                 std::to_string(limit.height) + "; not drawing until it is smaller");
}

}  // namespace stereocl
