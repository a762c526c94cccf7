#pragma once
// The symmetric stereogram as a GL compute shader (shaders/stereogram_symmetric.comp.glsl): an
// R32F depth texture in, an R32F texture of pattern coordinates out, with the numbers of
// compute/stereogram/symmetric_cpu.hpp to the bit. GL compute mode's stereogram step: no OpenCL
// and no hand-over. Needs GL 4.3.
#include "core/result.hpp"
#include "render/gl_objects.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace stereocl {

// What the shader needs of the symmetric algorithm's plan (SymmetricPlan in
// compute/stereogram/symmetric_params.hpp, which render/ does not see): pipeline/ copies it in.
struct SymmetricShaderPlan {
  int oversample = 1;
  int pattern_columns = 1;
  float inverse_pattern_columns = 1.f;
  // GroupColour's values, in its order: 0 hashed, 1 anchored, 2 flowing.
  int colouring = 0;
  int dot_rows = 1;     // hashed: rows that share a dot
  int dot_columns = 1;  // hashed: linking pixels of roots that share a dot
  int eye_separation = 2;
  int nearest_separation = 1;
  std::vector<std::int32_t> separations;  // by depth level, in 1/2^separation_fraction_bits pixel
  int separation_fraction_bits = 8;
  friend bool operator==(const SymmetricShaderPlan&, const SymmetricShaderPlan&) = default;
};

// Where a row's working set lives: shared memory where the row fits, else a scratch buffer; the
// forced choice lets tests run the scratch path at any width.
enum class ShaderRowMemory { automatic, scratch };

class SymmetricComputePass {
 public:
  explicit SymmetricComputePass(ShaderRowMemory rows = ShaderRowMemory::automatic) : rows_(rows) {}

  // Whether this context runs compute shaders (GL 4.3).
  static bool available();

  // Takes the plan for the next runs and uploads its table where it changed: P and M build
  // nothing. The next run builds the shader again only where what it compiles in changed (the
  // oversampling, and a shared-memory row's size). Throws std::invalid_argument for a plan with no
  // table, or an oversampling or pattern width below 1.
  void use(SymmetricShaderPlan plan);
  const SymmetricShaderPlan& plan() const { return plan_; }

  // `depth` (GL_R32F, at least width x height) -> `coordinates` (GL_R32F, the same), each row on
  // its own. Throws std::invalid_argument for sizes below 1x1 or before use(). On llvmpipe only,
  // waits for the shader and fails where it cut its loops short (the picture would be wrong).
  Status run(GLuint depth, GLuint coordinates, int width, int height);

  // Whether a row of this width works in shared memory here (else in a scratch buffer).
  bool runs_in_shared_memory(int width) const;

 private:
  // The program for rows this wide (in shared memory or the scratch buffer), built where its
  // defines are not the last program's; a shared variant the driver will not link falls back to
  // the scratch buffer.
  GLuint program_for(int width);
  // Binds the scratch buffer, grown where it is too small; returns the work-groups it holds rows for.
  GLuint bind_scratch(int width, int height);
  void set_uniforms(GLuint program, int width, int height) const;
  Status check_loop_budget(int width) const;

  ShaderRowMemory rows_;
  SymmetricShaderPlan plan_;
  gl::Buffer table_;
  gl::Program program_;
  std::string program_defines_;
  gl::Buffer scratch_;
  long long scratch_ints_ = 0;
  gl::Buffer loop_budget_cut_;  // one int, only where loops have a budget (llvmpipe)
  // GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, asked once; lowered where a shared variant did not link.
  mutable int shared_bytes_ = -1;
};

}  // namespace stereocl
