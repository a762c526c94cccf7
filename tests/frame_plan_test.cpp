// The frames the modes plan, as data: no GL or OpenCL is needed to check what runs where and
// behind how many hand-overs.
#include "pipeline/plan/frame_plan.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

FrameRequest stereogram_frame() { return {.stereogram = true, .animated = true}; }

TEST(FramePlan, StepByStepRunsEachPassBetweenGlSteps) {
  FrameRequest request = stereogram_frame();
  request.effect = true;
  request.histogram = true;
  EXPECT_EQ(describe(step_by_step_plan(request)),
            "draw_depth, on_engine[stereogram], compose, on_engine[effect], on_engine[histogram]");
}

TEST(FramePlan, CpuModeComposesOnTheHostWithItsStereogramAndCountsApart) {
  FrameRequest request = stereogram_frame();
  request.effect = true;
  request.histogram = true;
  request.pipelining = true;  // CPU mode has no next frame to overlap with: its engine is the host
  const FramePlan plan = host_compose_plan(request);
  EXPECT_EQ(describe(plan), "draw_depth, on_engine[stereogram, compose], on_engine[effect], on_engine[histogram]");
  EXPECT_FALSE(pipelines(plan));
  EXPECT_TRUE(makes_picture(plan));
  request.debug_view = DebugView::offsets;  // shown from GL's offsets texture, so GL composes
  EXPECT_EQ(host_compose_plan(request), step_by_step_plan(request));
  request.debug_view = DebugView::none;
  request.stereogram = false;
  EXPECT_EQ(host_compose_plan(request), step_by_step_plan(request));
}

TEST(FramePlan, AStillDepthMapIsNotDrawn) {
  FrameRequest request = stereogram_frame();
  request.animated = false;
  request.pipelining = true;
  EXPECT_EQ(describe(step_by_step_plan(request)), "on_engine[stereogram], compose");
  const FramePlan whole = one_handover_plan(request);
  EXPECT_EQ(describe(whole), "on_engine[stereogram, compose]");
  EXPECT_FALSE(whole.depth_ahead) << "a still map has no next frame to draw";
}

TEST(FramePlan, SceneModeRunsOnlyItsEffectAndHistogram) {
  FrameRequest request = stereogram_frame();
  request.stereogram = false;
  request.effect = true;
  request.histogram = true;
  request.debug_view = DebugView::offsets;  // there are no offsets to show
  EXPECT_EQ(describe(step_by_step_plan(request)), "draw_depth, on_engine[effect], on_engine[histogram]");
  EXPECT_EQ(one_handover_plan(request), step_by_step_plan(request));
  request.debug_view = DebugView::depth;
  EXPECT_EQ(describe(step_by_step_plan(request)),
            "draw_depth, debug_view, on_engine[effect], on_engine[histogram]");
}

TEST(FramePlan, OneHandoverPutsEveryDevicePassInOneSpan) {
  FrameRequest request = stereogram_frame();
  request.effect = true;
  request.histogram = true;
  const FramePlan plan = one_handover_plan(request);
  EXPECT_EQ(describe(plan), "draw_depth, on_engine[stereogram, compose, effect, histogram]");
  EXPECT_TRUE(has_chain(plan));
  EXPECT_FALSE(pipelines(plan));
  request.pipelining = true;
  EXPECT_TRUE(one_handover_plan(request).depth_ahead);
  EXPECT_TRUE(pipelines(one_handover_plan(request)));
}

TEST(FramePlan, ADebugViewOrBatchOffGoesStepByStep) {
  FrameRequest request = stereogram_frame();
  request.pipelining = true;
  request.debug_view = DebugView::offsets;
  EXPECT_EQ(describe(one_handover_plan(request)), "draw_depth, on_engine[stereogram], compose, debug_view");
  EXPECT_FALSE(has_chain(one_handover_plan(request)));
  request.debug_view = DebugView::none;
  request.one_handover = false;
  EXPECT_EQ(one_handover_plan(request), step_by_step_plan(request));
  EXPECT_FALSE(pipelines(step_by_step_plan(request))) << "only a plan with depth ahead or its picture behind pipelines";
}

TEST(FramePlan, APictureBehindItsDepthPipelines) {
  FramePlan plan = step_by_step_plan(stereogram_frame());
  plan.shared_buffers = true;
  EXPECT_FALSE(pipelines(plan));
  plan.picture_behind = true;
  EXPECT_TRUE(pipelines(plan));
  EXPECT_EQ(describe(plan), "draw_depth, on_engine[stereogram], compose (shared buffers) (picture behind)");
}

}  // namespace
}  // namespace stereocl
