#pragma once
#include <string_view>

namespace stereocl {
// The GLSL text of shaders/<file_name> embedded at build time; empty if there is no such file.
std::string_view shader_source(std::string_view file_name);
}  // namespace stereocl
