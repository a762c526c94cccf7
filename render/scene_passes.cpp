#include "render/scene_passes.hpp"

#include "render/shader_program.hpp"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cmath>

namespace stereocl {
namespace {

constexpr float kCameraDistanceToFront = 3.0f;

void set_camera_uniforms(GLuint program, const SceneCamera& camera, bool invert_depth) {
  const auto location = [&](const char* name) { return glGetUniformLocation(program, name); };
  glUniformMatrix4fv(location("view"), 1, GL_FALSE, glm::value_ptr(camera.view));
  glUniformMatrix4fv(location("projection"), 1, GL_FALSE, glm::value_ptr(camera.projection));
  glUniform3fv(location("light_position"), 1, glm::value_ptr(camera.light_position));
  glUniform3fv(location("camera_position"), 1, glm::value_ptr(camera.position));
  glUniform2fv(location("depth_range"), 1, glm::value_ptr(camera.depth_range));
  glUniform1i(location("invert_depth"), invert_depth ? 1 : 0);
}

}  // namespace

SceneCamera frame_box(glm::vec3 half, float aspect) {
  const glm::vec3 camera(0.f, 0.f, half.z + kCameraDistanceToFront);
  // Frame the open front of the box: fit its height, or its width on narrow targets.
  const float half_view = std::max(half.y, half.x / aspect) * 1.02f;
  const float fov_y = 2.0f * std::atan(half_view / kCameraDistanceToFront);
  const glm::vec2 depth_range(kCameraDistanceToFront, kCameraDistanceToFront + 2.0f * half.z);
  const glm::vec2 clip_planes(0.5f * kCameraDistanceToFront, depth_range.y + 1.0f);
  const glm::mat4 projection = glm::perspective(fov_y, aspect, clip_planes.x, clip_planes.y);
  const glm::mat4 view = glm::lookAt(camera, glm::vec3(0.f), glm::vec3(0.f, 1.f, 0.f));
  const glm::vec3 light(-0.6f, half.y * 0.8f, half.z + 1.5f);
  return {camera, light, depth_range, clip_planes, projection, view};
}

SceneMesh upload_mesh(const std::vector<float>& data, const std::vector<std::uint32_t>& indices) {
  SceneMesh mesh{gl::make_vertex_array(), gl::make_buffer(), {}, static_cast<GLsizei>(data.size() / 6), false};
  glBindVertexArray(mesh.vertex_array.get());
  glBindBuffer(GL_ARRAY_BUFFER, mesh.vertices.get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), reinterpret_cast<void*>(3 * sizeof(float)));
  if (!indices.empty()) {
    mesh.indices = gl::make_buffer();
    mesh.indexed = true;
    mesh.count = static_cast<GLsizei>(indices.size());
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh.indices.get());  // recorded in the vertex array
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)),
                 indices.data(), GL_STATIC_DRAW);
  }
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return mesh;
}

void draw_mesh(GLuint program, const SceneMesh& mesh, const Surface& surface) {
  const auto location = [&](const char* name) { return glGetUniformLocation(program, name); };
  glUniformMatrix4fv(location("model"), 1, GL_FALSE, glm::value_ptr(surface.model));
  glUniform3fv(location("base_colour"), 1, glm::value_ptr(surface.colour));
  glUniform1i(location("checkered"), surface.checkered ? 1 : 0);
  glBindVertexArray(mesh.vertex_array.get());
  if (mesh.indexed)
    glDrawElements(GL_TRIANGLES, mesh.count, GL_UNSIGNED_INT, nullptr);
  else
    glDrawArrays(GL_TRIANGLES, 0, mesh.count);
}

ScenePasses::ScenePasses()
    : program_(gl::link_program("scene.vert.glsl", "scene.frag.glsl")),
      depth_program_(gl::link_program("scene.vert.glsl", "scene_depth.frag.glsl")) {}

bool ScenePasses::z_only_available() { return GLAD_GL_VERSION_4_3 != 0; }

GLuint ScenePasses::begin(SceneTarget& target, const SceneCamera& camera, bool invert_depth,
                          std::optional<DepthPass> depth_only, GLuint depth_buffer, std::optional<PixelRect> moving) {
  if (depth_only == DepthPass::z_only && !z_only_available()) depth_only = DepthPass::shaded;
  pass_ = Pass{&target, camera, invert_depth, depth_only == DepthPass::z_only, depth_buffer};
  // A draw into a shared depth buffer leaves the target's colour alone: a lit draw may have just
  // made it for the same frame (draw_passes in pipeline/sources/depth_sources.cpp).
  if (!depth_buffer) target.want_colour(!depth_only);
  target.want_depth_buffer(true);  // a target that showed a still depth map has none
  glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer());
  glViewport(0, 0, target.width(), target.height());
  // The z-only pass draws into the depth buffer as ever: only its linearising writes the buffer.
  const GLuint program = depth_buffer && !pass_.z_only ? bind_depth_buffer() : bind_and_clear(depth_only, moving);
  set_camera_uniforms(program, camera, invert_depth);
  return program;
}

GLuint ScenePasses::bind_depth_buffer() {
  // No attachment is written and no depth test runs: the shader's atomics keep the nearest.
  const float far_plane[] = {pass_.invert_depth ? 0.f : 1.f, 0.f, 0.f, 0.f};
  const GLenum nothing[] = {GL_NONE, GL_NONE};
  glDrawBuffers(2, nothing);
  glClearNamedBufferData(pass_.depth_buffer, GL_R32F, GL_RED, GL_FLOAT, far_plane);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, pass_.depth_buffer);
  if (!depth_buffer_program_)
    depth_buffer_program_ = gl::link_program("scene.vert.glsl", "scene_depth.frag.glsl", "#define DEPTH_IN_BUFFER\n");
  glUseProgram(depth_buffer_program_.get());
  glUniform1i(glGetUniformLocation(depth_buffer_program_.get(), "row_length"), pass_.target->width());
  return depth_buffer_program_.get();
}

std::optional<PixelRect> ScenePasses::redrawn_region(std::optional<PixelRect> moving) {
  SceneTarget& target = *pass_.target;
  const auto last = std::find_if(drawn_.begin(), drawn_.end(), [&](const DrawnDepth& drawn) {
    return drawn.version == target.depth_buffer_version();
  });
  std::optional<PixelRect> region;
  if (last != drawn_.end()) {
    if (moving && last->projection == pass_.camera.projection && last->view == pass_.camera.view)
      region = PixelRect{std::max(std::min(last->moving.x0, moving->x0), 0),
                         std::max(std::min(last->moving.y0, moving->y0), 0),
                         std::min(std::max(last->moving.x1, moving->x1), target.width()),
                         std::min(std::max(last->moving.y1, moving->y1), target.height())};
    drawn_.erase(last);
  }
  target.new_depth_buffer_version();
  if (moving) {
    drawn_.insert(drawn_.begin(),
                  DrawnDepth{target.depth_buffer_version(), pass_.camera.projection, pass_.camera.view, *moving});
    if (drawn_.size() > kTargetsRemembered) drawn_.pop_back();
  }
  return region;
}

GLuint ScenePasses::bind_and_clear(std::optional<DepthPass> depth_only, std::optional<PixelRect> moving) {
  glEnable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  if (pass_.z_only) {
    const GLenum nothing[] = {GL_NONE, GL_NONE};
    glDrawBuffers(2, nothing);
    if (const std::optional<PixelRect> region = redrawn_region(moving)) {
      // The scissor bounds the clear and every draw of the pass; end() lifts it.
      glEnable(GL_SCISSOR_TEST);
      glScissor(region->x0, region->y0, std::max(region->x1 - region->x0, 0), std::max(region->y1 - region->y0, 0));
    }
    glClear(GL_DEPTH_BUFFER_BIT);
    if (!z_only_program_) z_only_program_ = gl::link_program("scene.vert.glsl", "z_only.frag.glsl");
    glUseProgram(z_only_program_.get());
    return z_only_program_.get();
  }
  const float background[] = {0.05f, 0.05f, 0.07f, 1.f};
  const float far_plane[] = {pass_.invert_depth ? 0.f : 1.f, 0.f, 0.f, 0.f};
  const GLenum colour_and_depth[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  const GLenum depth_alone[] = {GL_NONE, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, depth_only ? depth_alone : colour_and_depth);
  if (!depth_only) glClearBufferfv(GL_COLOR, 0, background);
  glClearBufferfv(GL_COLOR, 1, far_plane);
  glClear(GL_DEPTH_BUFFER_BIT);
  pass_.target->new_depth_buffer_version();
  const GLuint program = depth_only ? depth_program_.get() : program_.get();
  glUseProgram(program);
  return program;
}

void ScenePasses::end() {
  glBindVertexArray(0);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  if (pass_.z_only) linearise();
  if (pass_.depth_buffer) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);  // a 3.3 context has no such target
  pass_.target->set_draw_buffers();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  pass_ = Pass{};
}

void ScenePasses::linearise() {
  const GLuint depth_buffer = pass_.depth_buffer;
  gl::Program& program = depth_buffer ? linear_depth_to_buffer_program_ : linear_depth_program_;
  if (!program)
    program = gl::link_compute_program("linear_depth.comp.glsl", depth_buffer ? "#define DEPTH_IN_BUFFER\n" : "");
  glUseProgram(program.get());
  const auto location = [&](const char* name) { return glGetUniformLocation(program.get(), name); };
  glUniform2fv(location("clip_planes"), 1, glm::value_ptr(pass_.camera.clip_planes));
  glUniform2fv(location("depth_range"), 1, glm::value_ptr(pass_.camera.depth_range));
  glUniform1i(location("invert_depth"), pass_.invert_depth ? 1 : 0);
  const SceneTarget& target = *pass_.target;
  glUniform2i(location("size"), target.width(), target.height());
  glUniform1i(location("window_depth"), 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, target.window_depth_texture().get());
  if (depth_buffer) {
    glUniform1i(location("row_length"), target.width());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, depth_buffer);
  } else {
    glBindImageTexture(0, target.depth_texture().get(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
  }
  constexpr int kGroupWidth = 32, kGroupHeight = 8;  // the shader's local size
  glDispatchCompute(static_cast<GLuint>((target.width() + kGroupWidth - 1) / kGroupWidth),
                    static_cast<GLuint>((target.height() + kGroupHeight - 1) / kGroupHeight), 1);
  // Whoever reads the depth next (a texture fetch, a pixel read-back, OpenCL behind a fence or
  // semaphore) must see these stores; one barrier a frame costs nothing next to the pass.
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  if (!depth_buffer) glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace stereocl
