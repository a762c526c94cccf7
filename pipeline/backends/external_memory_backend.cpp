#include "pipeline/backends/external_memory_backend.hpp"

#include "compute/cl/cl_profiling.hpp"
#include "core/stopwatch.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace stereocl {

ExternalMemoryBackend::ExternalMemoryBackend(ClEnvironment& cl, StereogramKernelKind kind,
                                             std::unique_ptr<Backend> on_textures, Notices& notices)
    : cl_(cl),
      notices_(notices),
      stereograms_(cl.programs, kind, StereogramStorage::buffers),
      on_textures_(std::move(on_textures)) {}

Status ExternalMemoryBackend::probe(ClEnvironment& cl, StereogramKernelKind kind) {
  try {
    const ExternalMemoryLink probe(cl, 64, 64);
    const StereogramKernel kernel(cl.programs, kind, StereogramStorage::buffers);
    return {};
  } catch (const std::exception& error) {
    return failure(error.what());
  }
}

ExternalMemoryBackend::~ExternalMemoryBackend() {
  // After a device failure the finish calls can throw again; a destructor that let that out would
  // end the program, where the mode that replaced this one should carry on.
  try {
    drop_link();
  } catch (const std::exception& error) {
    notices_.say(std::string("GPU (external memory) mode's clean-up failed: ") + error.what());
  }
}

void ExternalMemoryBackend::drop_link() {
  if (!link_) return;
  // The memory goes only once neither API can still be using it.
  cl_.queue.finish();
  glFinish();
  link_.reset();
  behind_slot_.reset();
  gl_owes_wait_ = {};
}

void ExternalMemoryBackend::fit_link(int width, int height, int offsets_row_length) {
  const auto depth_floats = static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  const auto offsets_floats = static_cast<std::uint64_t>(offsets_row_length) * static_cast<std::uint64_t>(height);
  if (link_ && link_->depth_floats() >= depth_floats && link_->offsets_floats() >= offsets_floats) return;
  drop_link();
  // Room for the widest pattern, so that the P slider never remakes the link.
  link_.emplace(cl_, depth_floats,
                static_cast<std::uint64_t>(width + kMaxPatternWidth) * static_cast<std::uint64_t>(height));
  link_checked_ = false;
  notices_.log("GPU (external memory): " + std::to_string(width) + "x" + std::to_string(height) +
               " depth and offsets buffers from Vulkan on " + link_->vulkan_device() + ", imported by GL and OpenCL");
}

FramePlan ExternalMemoryBackend::plan(const FrameRequest& request, const SceneTarget& scene,
                                      const StereogramParams& params) {
  FramePlan plan = buffer_or_texture_plan(request, scene, params);
  // Only the frame straight after a pipelined buffer frame composes what that frame computed.
  if (!plan.shared_buffers) behind_slot_.reset();
  return plan;
}

// A pipelined frame draws one slot and composes the other; "the other" below is 1 - slot.
static_assert(ExternalMemoryLink::kSlots == 2);

FramePlan ExternalMemoryBackend::buffer_or_texture_plan(const FrameRequest& request, const SceneTarget& scene,
                                                        const StereogramParams& params) {
  if (request.effect && cl_.shares_gl) {
    FramePlan whole = on_textures_->plan(request, scene, params);
    if (has_chain(whole)) return whole;
  }
  FramePlan plan = step_by_step_plan(request);
  const bool textures_needed = !request.animated || request.debug_view != DebugView::none;
  // A link remade for a new size forgets the slot the last frame left (drop_link).
  if (!request.stereogram || textures_needed || !buffers_ready(scene, params)) return plan;
  plan.shared_buffers = true;
  pipelined_ = plan.picture_behind = request.pipelining;
  const std::optional<int> behind = std::exchange(behind_slot_, std::nullopt);
  const bool continues = pipelined_ && request.continues && behind;
  // Never the slot OpenCL may still be reading: the one whose offsets GL has not waited for.
  draw_slot_ = continues ? 1 - *behind : (gl_owes_wait_[0] ? 1 : 0);
  compose_slot_ = continues ? *behind : draw_slot_;
  buffers_ = {link_->gl_depth(draw_slot_), link_->offsets_texture(compose_slot_), buffers_.offsets_row_length};
  return plan;
}

bool ExternalMemoryBackend::buffers_ready(const SceneTarget& scene, const StereogramParams& params) {
  const std::pair size{scene.width(), scene.height()};
  if (size == failed_size_ || !buffer_kernel_ready(params)) return false;
  const int row_length = scene.width() + stereogram_strip_width(params);
  try {
    fit_link(scene.width(), scene.height(), row_length);
  } catch (const std::exception& error) {
    // Say so once per size, and make this frame through the textures rather than fail it.
    notices_.say("GPU (external memory) mode at " + std::to_string(scene.width()) + "x" + std::to_string(scene.height()) +
                 ": " + error.what() + "; using the texture path");
    drop_link();
    failed_size_ = size;
    return false;
  }
  buffers_.offsets_row_length = row_length;
  return true;
}

Result<std::optional<Histogram256>> ExternalMemoryBackend::run(std::span<const Pass> passes, const SpanIo& io,
                                                               StageTimings& timings) {
  if (io.buffers && passes.size() == 1 && passes.front() == Pass::stereogram) {
    if (Status computed = offsets_through_buffers(io, timings); !computed) return failure(computed.error());
    return std::optional<Histogram256>{};
  }
  return on_textures_->run(passes, io, timings);
}

bool ExternalMemoryBackend::buffer_kernel_ready(const StereogramParams& params) {
  if (unbuildable_.count(params.algorithm)) return false;
  try {
    // Parameters the kernel cannot take go to the texture path, which says what is wrong with them.
    return stereograms_[params.algorithm].prepare(params).ok();
  } catch (const KernelBuildError& error) {
    notices_.say(std::string("GPU (external memory): the ") + stereogram_algorithm_name(params.algorithm) +
                 " buffer kernel does not build (" + error.what() + "); using the texture path");
    unbuildable_.insert(params.algorithm);
    return false;
  }
}

Result<cl::Event> ExternalMemoryBackend::enqueue_kernel(const SceneTarget& scene, const StereogramParams& params,
                                                        int slot) {
  return stereograms_[params.algorithm].enqueue(cl_.queue, link_->cl_depth(slot), link_->cl_offsets(slot),
                                                scene.width(), scene.height(), params);
}

Status ExternalMemoryBackend::offsets_through_buffers(const SpanIo& io, StageTimings& timings) {
  for (const double ms : profiles_.take_done(kMostFramesInFlight)) timings.add(Stage::stereogram, ms);
  Stopwatch clock;
  // A stopped pipeline's last offsets are never shown, but their signal must still be taken.
  for (int slot = 0; slot < ExternalMemoryLink::kSlots; ++slot)
    if (slot != compose_slot_ && std::exchange(gl_owes_wait_[slot], false)) link_->wait_in_gl(slot);
  link_->hand_depth_to_cl(cl_.queue, draw_slot_);
  Status enqueued;
  if (Result<cl::Event> kernel = enqueue_kernel(io.scene, io.params, draw_slot_)) profiles_.add({*kernel});
  else enqueued = failure(kernel.error());
  link_->signal_from_cl(cl_.queue, draw_slot_);  // also after a failure: the semaphores stay paired
  gl_owes_wait_[draw_slot_] = true;
  // Pipelined, this waits for the offsets OpenCL computed last frame, long done: GL goes on to
  // compose them and to draw the next depth while OpenCL computes this frame's.
  if (std::exchange(gl_owes_wait_[compose_slot_], false)) link_->wait_in_gl(compose_slot_);
  timings.add(Stage::transfer, clock.lap());  // enqueueing only: no side waits for the other
  if (!enqueued) return enqueued;
  if (pipelined_) behind_slot_ = draw_slot_;
  check_link_once();
  return {};
}

// A GL call on imported memory that fails does so silently; say it once, where it first shows.
void ExternalMemoryBackend::check_link_once() {
  if (std::exchange(link_checked_, true)) return;
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    char code[16];
    std::snprintf(code, sizeof code, "0x%x", error);
    notices_.say(std::string("GPU (external memory): GL error ") + code + " in the first frame's depth pass or hand-over");
  }
}

Result<HandoverFloor> ExternalMemoryBackend::handover_floor(int frames, SyncStrategy /*sync: semaphores have one*/) {
  std::optional<ExternalMemoryLink> link;
  Result<HandoverFloor> floor = failure("not measured");
  try {
    link.emplace(cl_, 64, 64);
    const auto gl_work = [&](int value) {
      const float depth = static_cast<float>(value);
      glClearNamedBufferSubData(link->gl_depth(0), GL_R32F, 0, sizeof depth, GL_RED, GL_FLOAT, &depth);
    };
    const auto hand_over = [&] {
      link->hand_depth_to_cl(cl_.queue, 0);
      cl_.queue.enqueueCopyBuffer(link->cl_depth(0), link->cl_offsets(0), 0, 0, sizeof(float));
      link->hand_offsets_to_gl(cl_.queue, 0);
    };
    const auto check = [&](int last) -> Status {
      float copied = -1;
      glGetNamedBufferSubData(link->gl_offsets(0), 0, sizeof copied, &copied);
      if (copied == static_cast<float>(last)) return {};
      return failure("GL read " + std::to_string(copied) + " where OpenCL copied " + std::to_string(last) +
                     ": the semaphores did not order GL and OpenCL");
    };
    floor = time_handover_floor(frames, gl_work, hand_over, check);
  } catch (const std::exception& error) {
    floor = failure(error.what());
  }
  // The memory goes only once neither API can still be using it.
  try {
    cl_.queue.finish();
  } catch (const cl::Error&) {
  }
  glFinish();
  if (!floor) return failure("GPU (external memory) hand-over floor: " + floor.error());
  return floor;
}

}  // namespace stereocl
