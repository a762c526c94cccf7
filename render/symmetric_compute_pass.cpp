#include "render/symmetric_compute_pass.hpp"

#include "render/shader_program.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace stereocl {
namespace {

constexpr const char* kShaderFile = "stereogram_symmetric.comp.glsl";
// The OpenCL kernel's work-items a row (compute/stereogram/symmetric_kernel.cpp): enough to cover a
// 1080p row in a handful of steps; GL guarantees 1024.
constexpr int kLanes = 256;
// The shader's BLOCK_WIDTH: depth pixels per block minimum of separations.
constexpr long long kBlockWidth = 16;
// The scratch buffer's rows run at once at most, and its size: rows too wide for shared memory
// take turns in this many work-groups.
constexpr long long kMaxScratchGroups = 1024;
constexpr long long kScratchBudgetBytes = 64LL << 20;
constexpr int kSharedFlagInts = 3;  // the shader's `pending`

// The shader's row layout: separations and block minima per depth pixel, then an int a linking
// pixel for each of the claims' two buffers and the roots', and for flowing colours the phase links'.
long long row_ints(int width, const SymmetricShaderPlan& plan) {
  const long long w = width;
  const long long buffers = plan.colouring == 2 ? 4 : 3;  // flowing
  return w + (w + kBlockWidth - 1) / kBlockWidth + buffers * w * plan.oversample;
}

// Mesa's llvmpipe ends every loop of a SIMD vector of invocations once the vector has run 65535
// loop iterations in a work-group, all its loops together, and says nothing: there the shader
// reports it (LOOP_BUDGET_FLAG) and run() refuses the picture.
bool loops_have_a_budget() {
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return renderer && std::string(renderer).find("llvmpipe") != std::string::npos;
}

std::string defines(const SymmetricShaderPlan& plan, long long shared_ints, bool loop_budget) {
  std::string text = "#define LANES " + std::to_string(kLanes) + "\n#define OVERSAMPLE " +
                     std::to_string(plan.oversample) + "\n#define SEPARATION_LEVELS " +
                     std::to_string(plan.separations.size()) + "\n#define SEPARATION_FRACTION_BITS " +
                     std::to_string(plan.separation_fraction_bits) + "\n";
  if (shared_ints > 0) text += "#define ROW_INTS " + std::to_string(shared_ints) + "\n";
  if (loop_budget) text += "#define LOOP_BUDGET_FLAG\n";
  return text;
}

}  // namespace

bool SymmetricComputePass::available() { return GLAD_GL_VERSION_4_3 != 0; }

void SymmetricComputePass::use(SymmetricShaderPlan plan) {
  if (plan.separations.empty() || plan.oversample < 1 || plan.pattern_columns < 1)
    throw std::invalid_argument("a symmetric shader plan needs a separation table, oversampling and pattern columns");
  if (!table_ || plan.separations != plan_.separations) {
    if (!table_) table_ = gl::make_buffer();
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, table_.get());
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(plan.separations.size() * sizeof(std::int32_t)),
                 plan.separations.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  }
  plan_ = std::move(plan);
}

bool SymmetricComputePass::runs_in_shared_memory(int width) const {
  if (rows_ == ShaderRowMemory::scratch) return false;
  if (shared_bytes_ < 0) {
    GLint bytes = 0;
    glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &bytes);
    shared_bytes_ = bytes;
  }
  return (row_ints(width, plan_) + kSharedFlagInts) * static_cast<long long>(sizeof(GLint)) <= shared_bytes_;
}

GLuint SymmetricComputePass::program_for(int width) {
  const bool shared = runs_in_shared_memory(width);
  const bool loop_budget = loops_have_a_budget();
  std::string wanted = defines(plan_, shared ? row_ints(width, plan_) : 0, loop_budget);
  if (!program_ || wanted != program_defines_) {
    try {
      program_ = gl::link_compute_program(kShaderFile, wanted);
    } catch (const std::runtime_error&) {
      if (!shared) throw;
      // A driver may keep some of its shared memory for itself: rows this wide take the scratch
      // buffer from now on, which gives the same picture.
      shared_bytes_ = static_cast<int>((row_ints(width, plan_) + kSharedFlagInts) * sizeof(GLint)) - 1;
      return program_for(width);
    }
    program_defines_ = std::move(wanted);
  }
  if (loop_budget && !loop_budget_cut_) {
    const GLint cut = 0;
    loop_budget_cut_ = gl::make_buffer();
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, loop_budget_cut_.get());
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof cut, &cut, GL_DYNAMIC_READ);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  }
  return program_.get();
}

// A slice of scratch per work-group, as many work-groups as the budget holds rows; they take the
// rows in turn.
GLuint SymmetricComputePass::bind_scratch(int width, int height) {
  const long long stride = row_ints(width, plan_);
  const long long row_bytes = stride * static_cast<long long>(sizeof(GLint));
  const long long groups =
      std::clamp(kScratchBudgetBytes / row_bytes, 1LL, std::min<long long>(height, kMaxScratchGroups));
  if (!scratch_ || scratch_ints_ < groups * stride) {
    if (!scratch_) scratch_ = gl::make_buffer();
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, scratch_.get());
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(groups * row_bytes), nullptr, GL_DYNAMIC_COPY);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    scratch_ints_ = groups * stride;
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, scratch_.get());
  glUniform1i(glGetUniformLocation(program_.get(), "row_stride"), static_cast<GLint>(stride));
  return static_cast<GLuint>(groups);
}

void SymmetricComputePass::set_uniforms(GLuint program, int width, int height) const {
  const auto location = [&](const char* name) { return glGetUniformLocation(program, name); };
  glUniform1i(location("depth"), 0);
  glUniform2i(location("size"), width, height);
  glUniform1i(location("eye"), plan_.eye_separation);
  glUniform1i(location("nearest"), plan_.nearest_separation);
  glUniform1i(location("pattern_columns"), plan_.pattern_columns);
  glUniform1f(location("inverse_pattern_columns"), plan_.inverse_pattern_columns);
  glUniform1i(location("colouring"), plan_.colouring);
  glUniform1i(location("dot_rows"), plan_.dot_rows);
  glUniform1i(location("dot_columns"), plan_.dot_columns);
  glUniform1i(location("lanes"), kLanes);
}

Status SymmetricComputePass::run(GLuint depth, GLuint coordinates, int width, int height) {
  if (plan_.separations.empty()) throw std::invalid_argument("the symmetric compute pass runs only after use()");
  if (width < 1 || height < 1)
    throw std::invalid_argument("stereogram size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be at least 1x1");
  glUseProgram(program_for(width));
  set_uniforms(program_.get(), width, height);
  const GLuint groups = runs_in_shared_memory(width) ? static_cast<GLuint>(height) : bind_scratch(width, height);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, table_.get());
  if (loop_budget_cut_) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, loop_budget_cut_.get());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, depth);
  glBindImageTexture(0, coordinates, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
  glDispatchCompute(groups, 1, 1);
  // The coordinates are next read as a texture (the compose, a debug view) or read back.
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
  glBindTexture(GL_TEXTURE_2D, 0);
  for (const GLuint binding : {0u, 1u, 2u}) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, 0);
  glUseProgram(0);
  return check_loop_budget(width);
}

// The flag stays 0 until a run runs out, so it is read after every run and written only to clear it.
Status SymmetricComputePass::check_loop_budget(int width) const {
  if (!loop_budget_cut_) return {};
  GLint cut = 0;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, loop_budget_cut_.get());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof cut, &cut);
  if (cut) {
    const GLint cleared = 0;
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof cleared, &cleared);
  }
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  if (!cut) return {};
  return failure(
      "llvmpipe cut the symmetric stereogram shader's loops short (it allows 65535 loop iterations per "
      "SIMD vector of a work-group), so its picture of rows " +
      std::to_string(width) + " wide at oversample " + std::to_string(plan_.oversample) +
      " would be wrong for this depth: use narrower pictures, less oversampling or another mode");
}

}  // namespace stereocl
