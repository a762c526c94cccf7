#pragma once
// Links embedded GLSL files into a program. Failures throw std::runtime_error with the driver's
// log and the file name: a shader that does not compile is a bug in this binary, reported loudly.
#include "render/gl_objects.hpp"

#include <string_view>

namespace stereocl::gl {

Program link_program(std::string_view vertex_file, std::string_view fragment_file);

}  // namespace stereocl::gl
