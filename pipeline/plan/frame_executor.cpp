#include "pipeline/plan/frame_executor.hpp"

#include "core/scene_pattern.hpp"

#include <algorithm>
#include <utility>

namespace stereocl {

void FrameExecutor::collect_gl_times(StageTimings& timings) {
  gl_timer_.collect([&](int stage, double ms) { timings.add(static_cast<Stage>(stage), ms); });
}

Status FrameExecutor::run(const FramePlan& plan, Backend& backend, const FrameInputs& inputs,
                          std::optional<SceneTarget>& scene, StageTimings& timings) {
  if (!plan.depth_ahead) previous_scene_.reset();  // a pipeline that starts again starts from the frame it is in
  release_unused(plan);
  const SharedGlBuffers* buffers = plan.shared_buffers ? backend.shared_buffers() : nullptr;
  const DisplayImage lit{scene->framebuffer(), &scene->colour_texture(), scene->width(), scene->height()};
  Frame frame{plan, backend, inputs, plan.depth_ahead ? depth_drawn_last_frame(*scene, inputs) : *scene, *scene,
              buffers, lit};
  Status status;
  for (const Step& step : plan.steps)
    if (status = run_step(step, frame, timings); !status) break;
  // A plan with depth ahead draws this frame's depth with its engine span; one without a span still draws it.
  if (plan.depth_ahead && !frame.overlapped) draw_depth(frame, frame.drawn, inputs.seconds);
  // Before the swap, while frame.depth still names the target the picture was computed from.
  if (status && inputs.reveal > 0.f)
    frame.image = reveal_.blend(frame.image, frame.depth.colour_texture(), frame.depth.width(), inputs.reveal);
  pipelined_by_ = status && pipelines(plan) ? &backend : nullptr;
  if (plan.depth_ahead) std::swap(scene, previous_scene_);  // this frame's depth is the next one computed
  if (status) shown_ = frame.image;
  return status;
}

Status FrameExecutor::run_step(const Step& step, Frame& frame, StageTimings& timings) {
  switch (step.kind) {
    case StepKind::draw_depth:
      // Depth ahead: the engine computes last frame's depth, and this one's goes with its span.
      if (!frame.plan.depth_ahead) draw_depth(frame, frame.drawn, frame.inputs.seconds);
      return {};
    case StepKind::compose: compose(frame); return {};
    case StepKind::debug_view: frame.image = debug_view(frame); return {};
    case StepKind::on_engine: return run_span(step.passes, frame, timings);
  }
  return {};
}

Status FrameExecutor::run_span(const std::vector<Pass>& passes, Frame& frame, StageTimings& timings) {
  const FrameInputs& in = frame.inputs;
  const bool composes = has_pass(passes, Pass::compose);
  if (composes) cut_scene_pattern(frame);
  const DisplayImage picture = compositor_.output();
  const DisplayImage source = composes ? picture : frame.image;
  ColourTarget* target =
      in.effect.effect && has_pass(passes, Pass::effect) ? &effect_target(source.width, source.height) : nullptr;
  std::function<void()> overlap;
  if (frame.plan.depth_ahead && !std::exchange(frame.overlapped, true))
    overlap = [&] { draw_depth(frame, frame.drawn, in.seconds); };
  const SpanIo io{frame.depth,
                  in.params,
                  in.sampling,
                  compositor_.offsets_texture(),
                  compositor_.pattern_texture(),
                  *picture.texture,
                  source,
                  in.effect,
                  target,
                  in.sync,
                  frame.buffers,
                  std::move(overlap),
                  &gl_timer_};
  Result<std::optional<Histogram256>> ran = frame.backend.run(passes, io, timings);
  if (!ran) return failure(ran.error());
  if (*ran) histogram_ = **ran;
  if (target) frame.image = target->display();
  else if (composes) frame.image = picture;
  return {};
}

void FrameExecutor::draw_depth(Frame& frame, SceneTarget& target, double seconds) {
  timed_draw(frame.inputs, target, frame.buffers ? frame.buffers->depth : 0, seconds);
}

void FrameExecutor::timed_draw(const FrameInputs& inputs, SceneTarget& target, GLuint depth_buffer, double seconds) {
  gl_timer_.begin(static_cast<int>(Stage::render));
  inputs.draw_depth(target, depth_buffer, seconds);
  gl_timer_.end();
}

void FrameExecutor::cut_scene_pattern(const Frame& frame) {
  if (!frame.inputs.scene_pattern) return;
  const SceneTarget& scene = frame.depth;
  const int width = frame.inputs.params.pattern_width;
  compositor_.set_pattern_from_scene(scene.framebuffer(), scene.width(), scene.height(), width,
                                     scene_window_start(scene.width(), width, scene.subject_x));
}

void FrameExecutor::compose(Frame& frame) {
  cut_scene_pattern(frame);
  const SharedGlBuffers* buffers = frame.buffers;
  gl_timer_.begin(static_cast<int>(Stage::compose));
  compositor_.compose(frame.inputs.sampling, buffers ? buffers->offsets_texture : 0,
                      buffers ? buffers->offsets_row_length : 0);
  gl_timer_.end();
  frame.image = compositor_.output();
}

DisplayImage FrameExecutor::debug_view(const Frame& frame) {
  if (frame.inputs.debug_view == DebugView::depth)
    return debug_viewer_.show_depth(frame.depth.depth_texture().get(), frame.depth.width(), frame.depth.height());
  return debug_viewer_.show_offsets(compositor_.offsets_texture().get(), compositor_.output_width(),
                                    compositor_.output_height());
}

SceneTarget& FrameExecutor::depth_drawn_last_frame(const SceneTarget& scene, const FrameInputs& inputs) {
  if (previous_scene_ && previous_scene_->width() == scene.width() && previous_scene_->height() == scene.height())
    return *previous_scene_;
  // The pipeline starts with the depth of the source as it stands, so after K frames the picture
  // is what step-by-step plans show after K - 1.
  previous_scene_.emplace(scene.width(), scene.height(), scene.has_colour());
  timed_draw(inputs, *previous_scene_, 0, 0.0);
  return *previous_scene_;
}

void FrameExecutor::release_unused(const FramePlan& plan) {
  // Where GL and OpenCL memory is host memory each of these is bytes a pixel of RSS: a frame that
  // does not use them frees them (docs/performance.md, "Memory a pixel by mode").
  const bool composes_in_gl =
      std::ranges::any_of(plan.steps, [](const Step& step) { return step.kind == StepKind::compose; });
  compositor_.use(makes_picture(plan), composes_in_gl && !plan.shared_buffers);
  if (!runs_pass(plan, Pass::effect)) effect_target_ = {};
}

ColourTarget& FrameExecutor::effect_target(int width, int height) {
  if (effect_target_.width() != width || effect_target_.height() != height) effect_target_ = ColourTarget(width, height);
  return effect_target_;
}

}  // namespace stereocl
