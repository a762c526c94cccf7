#include "render/shader_program.hpp"

#include "render/shader_sources.hpp"

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace stereocl::gl {
namespace {

// The driver's message for a shader or program (glGetShaderInfoLog / glGetProgramInfoLog).
template <class GetLog>
std::string info_log(GLuint object, GetLog get_log) {
  std::string log(4096, '\0');
  GLsizei written = 0;
  get_log(object, static_cast<GLsizei>(log.size()), &written, log.data());
  log.resize(static_cast<std::size_t>(written));
  return log;
}

Shader compile(GLenum stage, std::string_view file, std::string_view defines) {
  const std::string_view text = shader_source(file);
  if (text.empty()) throw std::runtime_error("shader " + std::string(file) + " is not embedded in this binary");
  Shader shader(glCreateShader(stage));
  const std::size_t after_version = std::min(text.find('\n'), text.size() - 1) + 1;
  const char* sources[] = {text.data(), defines.empty() ? "" : defines.data(), text.data() + after_version};
  const GLint lengths[] = {static_cast<GLint>(after_version), static_cast<GLint>(defines.size()),
                           static_cast<GLint>(text.size() - after_version)};
  glShaderSource(shader.get(), 3, sources, lengths);
  glCompileShader(shader.get());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (!ok)
    throw std::runtime_error("shader " + std::string(file) + " failed to compile:\n" +
                             info_log(shader.get(), glGetShaderInfoLog));
  return shader;
}

// Links the compiled stages into a program; the names are for the message of a failed link.
Program link(std::initializer_list<GLuint> shaders, const std::string& names) {
  Program program(glCreateProgram());
  for (GLuint shader : shaders) glAttachShader(program.get(), shader);
  glLinkProgram(program.get());
  GLint ok = GL_FALSE;
  glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
  if (!ok) throw std::runtime_error("program " + names + " failed to link:\n" + info_log(program.get(), glGetProgramInfoLog));
  for (GLuint shader : shaders) glDetachShader(program.get(), shader);
  return program;
}

}  // namespace

Program link_program(std::string_view vertex_file, std::string_view fragment_file, std::string_view fragment_defines) {
  const Shader vertex = compile(GL_VERTEX_SHADER, vertex_file, {});
  const Shader fragment = compile(GL_FRAGMENT_SHADER, fragment_file, fragment_defines);
  return link({vertex.get(), fragment.get()}, std::string(vertex_file) + " + " + std::string(fragment_file));
}

Program link_compute_program(std::string_view compute_file, std::string_view defines) {
  const Shader compute = compile(GL_COMPUTE_SHADER, compute_file, defines);
  return link({compute.get()}, std::string(compute_file));
}

}  // namespace stereocl::gl
