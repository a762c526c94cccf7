#pragma once
// The work a stereogram mode does each frame, after the scene is drawn and before the picture is
// composed or shown: one interface, one implementation per engine (CPU, CPU-readback, GPU).
// pipeline/mode_table.cpp says which mode uses which; the Demo does not care which one runs.
#include "compute/effects/histogram_cpu.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "core/result.hpp"
#include "pipeline/effects.hpp"
#include "pipeline/interop_sync.hpp"
#include "pipeline/stage_timings.hpp"
#include "render/colour_target.hpp"
#include "render/scene_target.hpp"

namespace stereocl {

// GL buffers a back-end shares with its compute engine in place of textures (GPU (external
// memory) mode): the depth pass writes `depth` (scene width floats a row), and the compose pass
// reads `offsets_texture`, an R32F buffer texture with rows offsets_row_length floats long.
struct SharedGlBuffers {
  GLuint depth = 0;
  GLuint offsets_texture = 0;
  int offsets_row_length = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  // scene.depth_texture() -> offsets, a GL_R32F texture (scene width + P) x scene height.
  // Fails when the depth cannot be read.
  virtual Status compute_offsets(const SceneTarget& scene, const StereogramParams& params, const gl::Texture& offsets,
                                 StageTimings& timings) = 0;
  // source -> destination (same size), with settings.effect, which is not nullptr.
  virtual void apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                            StageTimings& timings) = 0;
  // 256-bin histogram of the image's 8-bit luma
  virtual Histogram256 histogram(const DisplayImage& image, StageTimings& timings) = 0;
  // How GL and CL hand textures over (--interop-sync); only a back-end that shares textures
  // between them has a hand-over to choose. The caller checks sync_unsupported_reason() first.
  virtual void set_interop_sync(SyncStrategy /*strategy*/) {}
  // Asked each frame before the scene is drawn: the buffers GL should draw depth into and compose
  // from instead of the scene's depth texture and the offsets texture, or nullptr for the
  // textures (every back-end but external memory, and that one where the frame needs the textures:
  // textures_needed, i.e. no scene is drawn or a debug view shows them, or an algorithm without a
  // buffer kernel). compute_offsets then works on whichever was handed out.
  virtual const SharedGlBuffers* gl_buffers(const SceneTarget& /*scene*/, const StereogramParams& /*params*/,
                                            bool /*textures_needed*/) {
    return nullptr;
  }
};

}  // namespace stereocl
