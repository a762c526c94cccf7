#pragma once
// The work a stereogram mode does each frame, after the scene is drawn and before the picture is
// composed or shown: one interface, one implementation per engine (CPU, CPU-readback, GPU).
// pipeline/mode_table.cpp says which mode uses which; the Demo does not care which one runs.
#include "compute/effects/histogram_cpu.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "core/result.hpp"
#include "pipeline/effects.hpp"
#include "pipeline/handover_floor.hpp"
#include "pipeline/interop_sync.hpp"
#include "pipeline/stage_timings.hpp"
#include "core/pattern_sampling.hpp"
#include "render/colour_target.hpp"
#include "render/scene_target.hpp"

#include <functional>
#include <optional>

namespace stereocl {

// A stereogram frame's work after the scene is drawn, for a back-end that does it all behind one
// GL<->CL hand-over (--interop-batch on): offsets, the picture composed from them, the effect (if
// settings.effect) and the histogram of what is shown (if wanted).
struct WholeFrame {
  const SceneTarget& scene;
  const StereogramParams& params;
  PatternSampling sampling;
  const gl::Texture& pattern;  // GL_RGBA8, tiled
  const gl::Texture& picture;  // GL_RGBA8, the compositor's output (written where there is no effect)
  const EffectSettings& effect;
  const gl::Texture* effect_target;  // picture's size; not nullptr where effect.effect is set
  bool histogram;
  // GL work to submit once the OpenCL work is queued and before waiting for it (--pipeline: the
  // next frame's depth), so that the GPU has both at once; may be empty.
  std::function<void()> overlap;
};

// GL buffers a back-end shares with its compute engine in place of textures (GPU (external
// memory) mode): the depth pass writes `depth` (scene width floats a row), and the compose pass
// reads `offsets_texture`, an R32F buffer texture with rows offsets_row_length floats long.
struct SharedGlBuffers {
  GLuint depth = 0;
  GLuint offsets_texture = 0;
  int offsets_row_length = 0;
};

// --pipeline for a back-end that shares buffers: whether this frame draws the next frame's depth
// while the compute engine reads the depth drawn last frame, and whether the frame before was
// such a frame of the same back-end (else the pipeline starts again from this frame's depth).
enum class BufferPipelining { off, starts, continues };

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
  // Whether run_whole_frame() takes this frame (with an effect or without); the caller otherwise
  // calls the steps one by one.
  virtual bool runs_whole_frames(bool /*with_effect*/) const { return false; }
  // All of `frame` in one go; the histogram where frame.histogram asked for it. Fails as
  // compute_offsets does.
  virtual Result<std::optional<Histogram256>> run_whole_frame(const WholeFrame& /*frame*/, StageTimings& /*timings*/) {
    return failure("this mode's back-end runs a frame step by step");
  }
  // Asked each frame before the scene is drawn: the buffers GL should draw depth into and compose
  // from instead of the scene's depth texture and the offsets texture, or nullptr for the
  // textures (every back-end but external memory, and that one where the frame needs the textures:
  // textures_needed, i.e. no scene is drawn or a debug view shows them, or a buffer kernel that
  // did not build). compute_offsets then works on whichever was handed out.
  // With pipelining, `depth` is where GL draws the next frame's depth; compute_offsets() works on
  // the depth drawn last frame, and picture_composed() must follow the compose.
  virtual const SharedGlBuffers* gl_buffers(const SceneTarget& /*scene*/, const StereogramParams& /*params*/,
                                            bool /*textures_needed*/, BufferPipelining /*pipelining*/) {
    return nullptr;
  }
  // Called after the compose pass read the offsets gl_buffers() handed out.
  virtual void picture_composed() {}
  // --bench's hand-over floor (pipeline/handover_floor.hpp), through this back-end's own
  // hand-over code with nothing to do on either side.
  virtual Result<HandoverFloor> handover_floor(int /*frames*/) {
    return failure("this mode hands nothing between GL and OpenCL");
  }
};

}  // namespace stereocl
