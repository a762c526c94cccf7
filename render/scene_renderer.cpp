#include "render/scene_renderer.hpp"

#include "render/shader_program.hpp"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace stereocl {
namespace {

constexpr float kCameraDistanceToFront = 3.0f;

void push_vertex(std::vector<float>& out, glm::vec3 p, glm::vec3 n) {
  out.insert(out.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
}

// The five inner faces of the box (no front), normals pointing inwards at the viewer.
std::vector<float> box_faces(glm::vec3 h) {
  std::vector<float> out;
  const auto quad = [&](glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, glm::vec3 n) {
    for (glm::vec3 p : {a, b, c, a, c, d}) push_vertex(out, p, n);
  };
  quad({-h.x, -h.y, -h.z}, {h.x, -h.y, -h.z}, {h.x, h.y, -h.z}, {-h.x, h.y, -h.z}, {0, 0, 1});   // back
  quad({-h.x, -h.y, h.z}, {h.x, -h.y, h.z}, {h.x, -h.y, -h.z}, {-h.x, -h.y, -h.z}, {0, 1, 0});   // floor
  quad({-h.x, h.y, -h.z}, {h.x, h.y, -h.z}, {h.x, h.y, h.z}, {-h.x, h.y, h.z}, {0, -1, 0});      // ceiling
  quad({-h.x, -h.y, h.z}, {-h.x, -h.y, -h.z}, {-h.x, h.y, -h.z}, {-h.x, h.y, h.z}, {1, 0, 0});   // left
  quad({h.x, -h.y, -h.z}, {h.x, -h.y, h.z}, {h.x, h.y, h.z}, {h.x, h.y, -h.z}, {-1, 0, 0});      // right
  return out;
}

std::vector<float> unit_sphere(int slices, int stacks) {
  std::vector<float> out;
  const auto point = [&](int slice, int stack) {
    const float theta = glm::two_pi<float>() * static_cast<float>(slice) / static_cast<float>(slices);
    const float phi = glm::pi<float>() * static_cast<float>(stack) / static_cast<float>(stacks);
    return glm::vec3(std::sin(phi) * std::cos(theta), std::cos(phi), std::sin(phi) * std::sin(theta));
  };
  for (int stack = 0; stack < stacks; ++stack)
    for (int slice = 0; slice < slices; ++slice) {
      const glm::vec3 a = point(slice, stack), b = point(slice + 1, stack);
      const glm::vec3 c = point(slice + 1, stack + 1), d = point(slice, stack + 1);
      for (glm::vec3 p : {a, c, b, a, d, c}) push_vertex(out, p, p);
    }
  return out;
}

struct Camera {
  glm::vec3 position;
  glm::vec2 depth_range;  // the box's front and back, as distances from the camera
  glm::vec2 clip_planes;
  glm::mat4 projection;
  glm::mat4 view;
};

Camera frame_box(glm::vec3 half, float aspect) {
  const glm::vec3 camera(0.f, 0.f, half.z + kCameraDistanceToFront);
  // Frame the open front of the box: fit its height, or its width on narrow targets.
  const float half_view = std::max(half.y, half.x / aspect) * 1.02f;
  const float fov_y = 2.0f * std::atan(half_view / kCameraDistanceToFront);
  const glm::vec2 depth_range(kCameraDistanceToFront, kCameraDistanceToFront + 2.0f * half.z);
  const glm::vec2 clip_planes(0.5f * kCameraDistanceToFront, depth_range.y + 1.0f);
  const glm::mat4 projection = glm::perspective(fov_y, aspect, clip_planes.x, clip_planes.y);
  const glm::mat4 view = glm::lookAt(camera, glm::vec3(0.f), glm::vec3(0.f, 1.f, 0.f));
  return {camera, depth_range, clip_planes, projection, view};
}

void set_camera_uniforms(GLuint program, const Camera& camera, glm::vec3 half, bool invert_depth) {
  const auto location = [&](const char* name) { return glGetUniformLocation(program, name); };
  glUniformMatrix4fv(location("view"), 1, GL_FALSE, glm::value_ptr(camera.view));
  glUniformMatrix4fv(location("projection"), 1, GL_FALSE, glm::value_ptr(camera.projection));
  glUniform3f(location("light_position"), -0.6f, half.y * 0.8f, half.z + 1.5f);
  glUniform3fv(location("camera_position"), 1, glm::value_ptr(camera.position));
  glUniform2fv(location("depth_range"), 1, glm::value_ptr(camera.depth_range));
  glUniform1i(location("invert_depth"), invert_depth ? 1 : 0);
}

void draw_mesh(GLuint program, const glm::mat4& model, glm::vec3 colour, bool checkered, GLuint vertex_array,
               GLsizei vertex_count) {
  const auto location = [&](const char* name) { return glGetUniformLocation(program, name); };
  glUniformMatrix4fv(location("model"), 1, GL_FALSE, glm::value_ptr(model));
  glUniform3f(location("base_colour"), colour.x, colour.y, colour.z);
  glUniform1i(location("checkered"), checkered ? 1 : 0);
  glBindVertexArray(vertex_array);
  glDrawArrays(GL_TRIANGLES, 0, vertex_count);
}

}  // namespace

SceneRenderer::SceneRenderer()
    : program_(gl::link_program("scene.vert.glsl", "scene.frag.glsl")),
      depth_program_(gl::link_program("scene.vert.glsl", "scene_depth.frag.glsl")),
      box_(upload(box_faces(BoxBounds{}.half_extent))),
      ball_(upload(unit_sphere(48, 24))) {}

SceneRenderer::Mesh SceneRenderer::upload(const std::vector<float>& data) {
  Mesh mesh{gl::make_vertex_array(), gl::make_buffer(), static_cast<GLsizei>(data.size() / 6)};
  glBindVertexArray(mesh.vertex_array.get());
  glBindBuffer(GL_ARRAY_BUFFER, mesh.vertices.get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), reinterpret_cast<void*>(3 * sizeof(float)));
  glBindVertexArray(0);
  return mesh;
}

bool SceneRenderer::z_only_available() { return GLAD_GL_VERSION_4_3 != 0; }

void SceneRenderer::render(const BallPhysics& physics, bool invert_depth, SceneTarget& target,
                           std::optional<DepthPass> depth_only, GLuint depth_buffer) {
  if (depth_only == DepthPass::z_only && !z_only_available()) depth_only = DepthPass::shaded;
  const bool z_only = depth_only == DepthPass::z_only;
  const glm::vec3 half = physics.box.half_extent;
  const float aspect = static_cast<float>(target.width()) / static_cast<float>(target.height());
  const Camera camera = frame_box(half, aspect);

  const GLuint program = begin_pass(target, invert_depth, depth_only, z_only ? 0 : depth_buffer);
  set_camera_uniforms(program, camera, half, invert_depth);
  const glm::mat4 identity(1.f);
  draw_mesh(program, identity, glm::vec3(0.55f, 0.62f, 0.72f), true, box_.vertex_array.get(), box_.vertex_count);
  const glm::mat4 ball_model = glm::scale(glm::translate(identity, physics.state.position), glm::vec3(physics.radius));
  draw_mesh(program, ball_model, glm::vec3(0.95f, 0.35f, 0.2f), false, ball_.vertex_array.get(), ball_.vertex_count);

  glBindVertexArray(0);
  glDisable(GL_DEPTH_TEST);
  if (z_only) linearise(target, invert_depth, camera.clip_planes, camera.depth_range, depth_buffer);
  if (depth_buffer) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);  // a 3.3 context has no such target
  const GLenum colour_and_depth[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, colour_and_depth);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

GLuint SceneRenderer::begin_pass(SceneTarget& target, bool invert_depth, std::optional<DepthPass> depth_only,
                                 GLuint depth_buffer) {
  glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer());
  glViewport(0, 0, target.width(), target.height());
  const float background[] = {0.05f, 0.05f, 0.07f, 1.f};
  const float far_plane[] = {invert_depth ? 0.f : 1.f, 0.f, 0.f, 0.f};
  if (depth_buffer) {
    // No attachment is written and no depth test runs: the shader's atomics keep the nearest.
    const GLenum nothing[] = {GL_NONE, GL_NONE};
    glDrawBuffers(2, nothing);
    glClearNamedBufferData(depth_buffer, GL_R32F, GL_RED, GL_FLOAT, far_plane);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, depth_buffer);
    if (!depth_buffer_program_)
      depth_buffer_program_ = gl::link_program("scene.vert.glsl", "scene_depth.frag.glsl", "#define DEPTH_IN_BUFFER\n");
    glUseProgram(depth_buffer_program_.get());
    glUniform1i(glGetUniformLocation(depth_buffer_program_.get(), "row_length"), target.width());
    return depth_buffer_program_.get();
  }
  glEnable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  if (depth_only == DepthPass::z_only) {
    const GLenum nothing[] = {GL_NONE, GL_NONE};
    glDrawBuffers(2, nothing);
    glClear(GL_DEPTH_BUFFER_BIT);
    if (!z_only_program_) z_only_program_ = gl::link_program("scene.vert.glsl", "z_only.frag.glsl");
    glUseProgram(z_only_program_.get());
    return z_only_program_.get();
  }
  const GLenum colour_and_depth[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  const GLenum depth_alone[] = {GL_NONE, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, depth_only ? depth_alone : colour_and_depth);
  if (!depth_only) glClearBufferfv(GL_COLOR, 0, background);
  glClearBufferfv(GL_COLOR, 1, far_plane);
  glClear(GL_DEPTH_BUFFER_BIT);
  const GLuint program = depth_only ? depth_program_.get() : program_.get();
  glUseProgram(program);
  return program;
}

void SceneRenderer::linearise(const SceneTarget& target, bool invert_depth, glm::vec2 clip_planes,
                              glm::vec2 depth_range, GLuint depth_buffer) {
  gl::Program& program = depth_buffer ? linear_depth_to_buffer_program_ : linear_depth_program_;
  if (!program)
    program = gl::link_compute_program("linear_depth.comp.glsl", depth_buffer ? "#define DEPTH_IN_BUFFER\n" : "");
  glUseProgram(program.get());
  const auto location = [&](const char* name) { return glGetUniformLocation(program.get(), name); };
  glUniform2fv(location("clip_planes"), 1, glm::value_ptr(clip_planes));
  glUniform2fv(location("depth_range"), 1, glm::value_ptr(depth_range));
  glUniform1i(location("invert_depth"), invert_depth ? 1 : 0);
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
