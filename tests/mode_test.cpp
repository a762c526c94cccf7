// Mode cycling and picking, without GL: which modes Space and 1-6 reach, and what they say when
// a mode cannot run here.
#include "pipeline/mode.hpp"
#include "pipeline/interop/interop_sync.hpp"
#include "pipeline/mode_table.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

ModeAvailability without_opencl() {
  ModeAvailability availability;
  for (const Mode mode : {Mode::cpu_readback, Mode::gpu, Mode::gpu_extmem}) availability.disable(mode, "no OpenCL platform");
  return availability;
}

// Neither OpenCL nor GL 4.3: what a GL 3.3 context without an OpenCL platform leaves.
ModeAvailability without_opencl_or_gl_compute() {
  ModeAvailability availability = without_opencl();
  availability.disable(Mode::gl_compute, "needs GL 4.3 compute shaders; this GL context is 3.3");
  return availability;
}

TEST(Mode, CyclesThroughAllModesInOrderWhenAllRun) {
  const ModeAvailability all;
  EXPECT_EQ(next_available_mode(Mode::scene, all), Mode::cpu);
  EXPECT_EQ(next_available_mode(Mode::cpu, all), Mode::cpu_readback);
  EXPECT_EQ(next_available_mode(Mode::cpu_readback, all), Mode::gpu);
  EXPECT_EQ(next_available_mode(Mode::gpu, all), Mode::gpu_extmem);
  // GL compute, the reference without OpenCL, comes last, so the other modes keep their order.
  EXPECT_EQ(next_available_mode(Mode::gpu_extmem, all), Mode::gl_compute);
  EXPECT_EQ(next_available_mode(Mode::gl_compute, all), Mode::scene);
}

TEST(Mode, CyclingSkipsModesThatCannotRun) {
  ModeAvailability no_sharing;
  no_sharing.disable(Mode::gpu, "no GL sharing");
  EXPECT_EQ(next_available_mode(Mode::cpu_readback, no_sharing), Mode::gpu_extmem);
  no_sharing.disable(Mode::gpu_extmem, "no Vulkan device exports opaque fds");
  EXPECT_EQ(next_available_mode(Mode::cpu_readback, no_sharing), Mode::gl_compute);
  no_sharing.disable(Mode::gl_compute, "needs GL 4.3 compute shaders; this GL context is 3.3");
  EXPECT_EQ(next_available_mode(Mode::cpu_readback, no_sharing), Mode::scene);

  const ModeAvailability no_cl = without_opencl();  // GL compute needs no OpenCL
  EXPECT_EQ(next_available_mode(Mode::scene, no_cl), Mode::cpu);
  EXPECT_EQ(next_available_mode(Mode::cpu, no_cl), Mode::gl_compute);
  EXPECT_EQ(next_available_mode(Mode::gl_compute, no_cl), Mode::scene);
  EXPECT_EQ(next_available_mode(Mode::cpu, without_opencl_or_gl_compute()), Mode::scene);
}

TEST(Mode, CyclingStaysPutWhenNothingElseRuns) {
  ModeAvailability only_scene = without_opencl_or_gl_compute();
  only_scene.disable(Mode::cpu, "test");
  EXPECT_EQ(next_available_mode(Mode::scene, only_scene), Mode::scene);
}

TEST(Mode, CyclingFromAnUnavailableModeReachesARunnableOne) {
  const ModeAvailability no_cl = without_opencl();
  EXPECT_EQ(next_available_mode(Mode::gpu, no_cl), Mode::gl_compute);
  EXPECT_EQ(next_available_mode(Mode::cpu_readback, no_cl), Mode::gl_compute);
  EXPECT_EQ(next_available_mode(Mode::gpu, without_opencl_or_gl_compute()), Mode::scene);
}

TEST(Mode, RequestGivesTheModeOrTheReason) {
  const ModeAvailability no_cl = without_opencl();
  EXPECT_EQ(*request_mode(Mode::cpu, no_cl), Mode::cpu);
  EXPECT_EQ(request_mode(Mode::gpu, no_cl).error(), "GPU mode is unavailable: no OpenCL platform");
  EXPECT_EQ(request_mode(Mode::cpu_readback, no_cl).error(),
            "CPU-readback mode is unavailable: no OpenCL platform");
}

TEST(Mode, FallbackTakesTheClosestModeThatRuns) {
  const ModeAvailability all;
  EXPECT_EQ(fallback_mode(Mode::gpu, all), Mode::gpu);
  ModeAvailability no_sharing;
  no_sharing.disable(Mode::gpu, "no GL sharing");
  EXPECT_EQ(fallback_mode(Mode::gpu, no_sharing), Mode::cpu_readback);
  EXPECT_EQ(fallback_mode(Mode::gpu, without_opencl()), Mode::cpu);
  EXPECT_EQ(fallback_mode(Mode::cpu_readback, without_opencl()), Mode::cpu);
  EXPECT_EQ(fallback_mode(Mode::scene, without_opencl()), Mode::scene);
  ModeAvailability no_external_memory;
  no_external_memory.disable(Mode::gpu_extmem, "OpenCL import: lacks cl_khr_external_memory_opaque_fd");
  EXPECT_EQ(fallback_mode(Mode::gpu_extmem, no_external_memory), Mode::gpu);
  EXPECT_EQ(fallback_mode(Mode::gpu_extmem, without_opencl()), Mode::cpu);
  // The default mode on llvmpipe and PoCL: neither shares GL nor imports Vulkan memory.
  no_external_memory.disable(Mode::gpu, "no GL sharing");
  EXPECT_EQ(fallback_mode(Mode::gpu_extmem, no_external_memory), Mode::cpu_readback);
}

TEST(Mode, GlComputeFallsBackToTheClosestModeBeforeIt) {
  ModeAvailability no_gl_compute;
  no_gl_compute.disable(Mode::gl_compute, "needs GL 4.3 compute shaders; this GL context is 3.3");
  EXPECT_EQ(fallback_mode(Mode::gl_compute, ModeAvailability{}), Mode::gl_compute);
  EXPECT_EQ(fallback_mode(Mode::gl_compute, no_gl_compute), Mode::gpu_extmem);
  EXPECT_EQ(fallback_mode(Mode::gl_compute, without_opencl_or_gl_compute()), Mode::cpu);
}

// GL compute mode needs a context with compute shaders and nothing of OpenCL; where the context
// has none, the reason names the context's version.
TEST(Mode, GlComputeRunsWhereGlHasComputeShadersWithOrWithoutOpenCl) {
  Engines engines{.no_opencl_reason = "no OpenCL platform is installed", .no_sharing_reason = "no GL context"};
  engines.gl_version = "3.3 (Core Profile) Mesa 22.3.6";
  const ModeRow& row = mode_row(Mode::gl_compute);
  EXPECT_EQ(row.runs_with(engines).error(),
            "needs GL 4.3 compute shaders; this GL context is 3.3 (Core Profile) Mesa 22.3.6");
  EXPECT_EQ(request_mode(Mode::gl_compute, availability_with(engines)).error(),
            "GL compute mode is unavailable: needs GL 4.3 compute shaders; this GL context is 3.3 (Core Profile) Mesa "
            "22.3.6");
  engines.gl_compute = true;
  EXPECT_TRUE(row.runs_with(engines));
  EXPECT_TRUE(availability_with(engines).available(Mode::gl_compute));
  EXPECT_FALSE(availability_with(engines).available(Mode::gpu));
}

// What the row tells the engine, the panel and --bench: a stereogram of the symmetric algorithm
// alone, made in GL (GPU-timed), with nothing handed over and nothing to pipeline.
TEST(Mode, GlComputeIsTheSymmetricAlgorithmInGlAlone) {
  const ModeRow& row = mode_row(Mode::gl_compute);
  EXPECT_EQ(row.cli_name, "gl-compute");
  EXPECT_EQ(row.key, '6');
  EXPECT_TRUE(row.makes_stereogram);
  EXPECT_EQ(row.only_algorithm, StereogramAlgorithm::symmetric);
  EXPECT_FALSE(row.kernels_on_cpu);
  EXPECT_FALSE(row.uses_device_images || row.can_pipeline || row.pipelines_by_default || row.interop_choices ||
               row.handover_floor);
  for (const ModeRow& other : mode_table())
    if (other.mode != Mode::gl_compute) EXPECT_EQ(other.only_algorithm, std::nullopt) << other.cli_name;
}

// Each row says whether it runs with the engines there are; availability_with keeps the reasons.
TEST(Mode, WithoutOpenClEachRowThatNeedsItGivesTheEnginesReason) {
  const Engines none{.no_opencl_reason = "no OpenCL platform is installed", .no_sharing_reason = "no GL context"};
  const ModeAvailability availability = availability_with(none);
  EXPECT_TRUE(availability.available(Mode::scene));
  EXPECT_TRUE(availability.available(Mode::cpu));
  for (const Mode mode : {Mode::cpu_readback, Mode::gpu, Mode::gpu_extmem}) {
    EXPECT_FALSE(mode_row(mode).runs_with(none)) << mode_cli_name(mode);
    EXPECT_EQ(availability.reason(mode), "no OpenCL platform is installed") << mode_cli_name(mode);
  }
}

TEST(InteropSync, EachHandOverSaysWhatItNeeds) {
  EXPECT_EQ(sync_supported(SyncStrategy::finish, nullptr).error(),
            "GPU mode needs an OpenCL device that shares the GL context");
  ClEnvironment sharing;
  sharing.shares_gl = true;
  EXPECT_TRUE(sync_supported(SyncStrategy::finish, &sharing));
  EXPECT_EQ(sync_supported(SyncStrategy::fence, &sharing).error(),
            "the device lacks cl_khr_gl_event, which the fence hand-over needs");
  EXPECT_FALSE(sync_supported(SyncStrategy::implicit, &sharing));
  sharing.gl_events = true;
  for (const SyncStrategy strategy : kAllSyncStrategies) EXPECT_TRUE(sync_supported(strategy, &sharing));
}

TEST(Mode, NamesRoundTrip) {
  for (const ModeRow& row : mode_table()) EXPECT_EQ(parse_mode(mode_cli_name(row.mode)), row.mode);
  EXPECT_EQ(parse_mode("GPU"), std::nullopt);
  EXPECT_EQ(mode_display_name(Mode::cpu_readback), "CPU-readback");
}

}  // namespace
}  // namespace stereocl
