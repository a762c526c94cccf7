#pragma once
// Links embedded GLSL files into a program. Failures throw std::runtime_error with the driver's
// log and the file name: a shader that does not compile is a bug in this binary, reported loudly.
#include "render/gl_objects.hpp"

#include <string_view>

namespace stereocl::gl {

// `fragment_defines` ("#define DEPTH_IN_BUFFER\n", or shared functions such as
// stereogram_colour.glsl's) go right after the fragment shader's #version line: one file serves
// variants of a pass, and two passes one function, without a copy of either.
Program link_program(std::string_view vertex_file, std::string_view fragment_file, std::string_view fragment_defines = {});
// A compute shader alone (GL 4.3), its defines placed the same way.
Program link_compute_program(std::string_view compute_file, std::string_view defines = {});

}  // namespace stereocl::gl
