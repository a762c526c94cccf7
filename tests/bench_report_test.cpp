// Which hand-over floor --bench pairs with a mode's frames. The rule lives only in
// floor_of_frames(); the table and scripts/stereocl-compare read the name it writes into the JSON.
// Without GL sharing or Vulkan (CI) no mode and floor ever pair, so the rule is tested here.
#include "bench/bench_report.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

HandoverFloor measured(double round_trip_ms) { return HandoverFloor{round_trip_ms, 0.02, 100}; }

std::vector<BenchFloor> every_floor() {
  return {{Mode::gpu, SyncStrategy::fence, measured(0.5), {}},
          {Mode::gpu, SyncStrategy::implicit, measured(0.4), {}},
          {Mode::gpu, SyncStrategy::finish, std::nullopt, "finish: not measured"},
          {Mode::gpu_extmem, std::nullopt, measured(0.3), {}}};
}

BenchModeResult frames_of(Mode mode, std::optional<SyncStrategy> sync, std::optional<bool> batch = true,
                          std::optional<bool> pipeline = false) {
  BenchModeResult result;
  result.mode = mode;
  result.sync = sync;
  result.batch = batch;
  result.pipeline = pipeline;
  return result;
}

TEST(BenchFloorPairing, GpuModeFramesTakeTheFloorOfTheirOwnSyncStrategyPipelinedOrNot) {
  const auto floors = every_floor();
  const DemoSettings settings;
  for (const bool pipelined : {false, true}) {
    const BenchFloor* floor = floor_of_frames(frames_of(Mode::gpu, SyncStrategy::implicit, true, pipelined), floors, settings);
    ASSERT_NE(floor, nullptr);
    EXPECT_EQ(floor, &floors[1]);
  }
  EXPECT_EQ(floor_of_frames(frames_of(Mode::gpu, SyncStrategy::fence), floors, settings), &floors[0]);
}

TEST(BenchFloorPairing, StepByStepFramesHandOverPerStepAndPairWithNoFloor) {
  EXPECT_EQ(floor_of_frames(frames_of(Mode::gpu, SyncStrategy::fence, false), every_floor(), DemoSettings{}), nullptr);
}

TEST(BenchFloorPairing, AFloorThatWasNotMeasuredPairsWithNothing) {
  EXPECT_EQ(floor_of_frames(frames_of(Mode::gpu, SyncStrategy::finish), every_floor(), DemoSettings{}), nullptr);
}

TEST(BenchFloorPairing, ModesWithoutAHandOverPairWithNoFloor) {
  for (const Mode mode : {Mode::scene, Mode::cpu, Mode::cpu_readback})
    EXPECT_EQ(floor_of_frames(frames_of(mode, std::nullopt, std::nullopt, std::nullopt), every_floor(), DemoSettings{}),
              nullptr)
        << mode_cli_name(mode);
}

TEST(BenchFloorPairing, ExternalMemoryFramesPairWithTheirSemaphoresOnlyOnTheSceneWithoutAnEffect) {
  const auto floors = every_floor();
  const BenchModeResult extmem = frames_of(Mode::gpu_extmem, std::nullopt);
  EXPECT_EQ(floor_of_frames(extmem, floors, DemoSettings{}), &floors[3]);

  DemoSettings with_effect;
  with_effect.look.effect.effect = find_effect("sobel");
  ASSERT_NE(with_effect.look.effect.effect, nullptr);
  EXPECT_EQ(floor_of_frames(extmem, floors, with_effect), nullptr);  // GPU mode's hand-over ran instead

  DemoSettings on_a_depth_image;
  on_a_depth_image.depth_source = DepthSource::image;
  EXPECT_EQ(floor_of_frames(extmem, floors, on_a_depth_image), nullptr);
}

}  // namespace
}  // namespace stereocl

namespace stereocl {
namespace {

// GPU work and GPU idle add up the stages each mode times on the GPU: CPU mode's stereogram and
// compose run on the host, the other modes' in GL or OpenCL.
TEST(BenchStageSides, CpuModeComposesOnTheHostAndEveryOtherModeOnTheGpu) {
  EXPECT_FALSE(stage_is_gpu_side(Mode::cpu, Stage::compose));
  EXPECT_FALSE(stage_is_gpu_side(Mode::cpu, Stage::stereogram));
  EXPECT_TRUE(stage_is_gpu_side(Mode::cpu, Stage::render));
  for (Mode mode : {Mode::cpu_readback, Mode::gpu, Mode::gpu_extmem, Mode::gl_compute}) {
    EXPECT_TRUE(stage_is_gpu_side(mode, Stage::compose)) << mode_cli_name(mode);
    EXPECT_TRUE(stage_is_gpu_side(mode, Stage::stereogram)) << mode_cli_name(mode);
    EXPECT_FALSE(stage_is_gpu_side(mode, Stage::transfer)) << mode_cli_name(mode);
  }
}

}  // namespace
}  // namespace stereocl
