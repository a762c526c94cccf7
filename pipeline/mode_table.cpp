#include "pipeline/mode_table.hpp"

#include "pipeline/backends/cl_readback_backend.hpp"
#include "pipeline/backends/cl_shared_backend.hpp"
#include "pipeline/backends/cpu_backend.hpp"
#include "pipeline/backends/external_memory_backend.hpp"
#include "pipeline/backends/gl_compute_backend.hpp"

#include <algorithm>

namespace stereocl {
namespace {

Status always_runs(const Engines&) { return {}; }

Status needs_opencl(const Engines& engines) {
  if (engines.opencl_pending) return {};
  if (!engines.kernels) return failure(engines.no_opencl_reason);
  return {};
}

Status needs_gl_sharing(const Engines& engines) {
  if (engines.opencl_pending) return {};
  if (!engines.kernels) return failure(engines.no_opencl_reason);
  if (!engines.cl->shares_gl) return failure(engines.no_sharing_reason);
  return {};
}

std::unique_ptr<Backend> make_cpu(const Engines& engines) { return std::make_unique<CpuBackend>(engines.cpu_threads); }

std::unique_ptr<Backend> make_cl_readback(const Engines& engines) {
  return std::make_unique<ClReadbackBackend>(*engines.cl, *engines.kernels);
}

std::unique_ptr<Backend> make_cl_shared(const Engines& engines) {
  return std::make_unique<ClSharedBackend>(*engines.cl, *engines.kernels);
}

// Scene mode makes no stereogram; its effects run on the best engine there is.
std::unique_ptr<Backend> make_best(const Engines& engines) {
  if (!engines.kernels) return make_cpu(engines);
  if (needs_gl_sharing(engines)) return make_cl_shared(engines);
  return make_cl_readback(engines);
}

Status needs_external_memory(const Engines& engines) {
  if (engines.opencl_pending) return {};
  if (!engines.kernels) return failure(engines.no_opencl_reason);
  return ExternalMemoryBackend::probe(*engines.cl, engines.kernels->lookup_kernel());
}

std::unique_ptr<Backend> make_external_memory(const Engines& engines) {
  return std::make_unique<ExternalMemoryBackend>(*engines.cl, engines.kernels->lookup_kernel(), make_best(engines),
                                                 *engines.notices);
}

Status needs_gl_compute(const Engines& engines) {
  if (!engines.gl_compute) return failure("needs GL 4.3 compute shaders; this GL context is " + engines.gl_version);
  return {};
}

// Its effects and histogram run where Scene mode's do: its point is the stereogram without OpenCL.
std::unique_ptr<Backend> make_gl_compute(const Engines& engines) {
  return std::make_unique<GlComputeBackend>(make_best(engines));
}

constexpr ModeRow kModes[] = {
    {.mode = Mode::scene, .cli_name = "scene", .display_name = "Scene", .key = '1',
     .timing_sources = "GL timer queries; effects by the best engine here", .makes_stereogram = false,
     .uses_device_images = false, .pipelines_by_default = false, .kernels_on_cpu = false, .can_pipeline = false,
     .interop_choices = false, .handover_floor = false, .runs_with = always_runs, .make_backend = make_best},
    {.mode = Mode::cpu, .cli_name = "cpu", .display_name = "CPU", .key = '2',
     .timing_sources = "GL timer queries for render, CPU clock for the rest", .makes_stereogram = true,
     .uses_device_images = false, .pipelines_by_default = false, .kernels_on_cpu = true, .can_pipeline = false,
     .interop_choices = false, .handover_floor = false, .runs_with = always_runs, .make_backend = make_cpu},
    {.mode = Mode::cpu_readback, .cli_name = "cpu-readback", .display_name = "CPU-readback", .key = '3',
     .timing_sources = "GL timer queries, OpenCL event profiling, CPU clock for transfers", .makes_stereogram = true,
     .uses_device_images = true, .pipelines_by_default = true, .kernels_on_cpu = false, .can_pipeline = true,
     .interop_choices = false, .handover_floor = false, .runs_with = needs_opencl, .make_backend = make_cl_readback},
    {.mode = Mode::gpu, .cli_name = "gpu", .display_name = "GPU", .key = '4',
     .timing_sources = "GL timer queries, OpenCL event profiling; transfer = the CPU's wait in the GL<->CL hand-over",
     .makes_stereogram = true, .uses_device_images = true, .pipelines_by_default = true, .kernels_on_cpu = false,
     .can_pipeline = true, .interop_choices = true, .handover_floor = true, .runs_with = needs_gl_sharing,
     .make_backend = make_cl_shared},
    {.mode = Mode::gpu_extmem, .cli_name = "gpu-extmem", .display_name = "GPU (external memory)", .key = '5',
     .timing_sources = "GL timer queries, OpenCL event profiling (a frame late); transfer = the CPU's time to enqueue the "
                       "semaphore hand-overs, or with an effect (GPU mode's frame) its wait in the GL<->CL hand-over",
     .makes_stereogram = true, .uses_device_images = true, .pipelines_by_default = true, .kernels_on_cpu = false,
     .can_pipeline = true, .interop_choices = false, .handover_floor = true, .runs_with = needs_external_memory,
     .make_backend = make_external_memory},
    {.mode = Mode::gl_compute, .cli_name = "gl-compute", .display_name = "GL compute", .key = '6',
     .timing_sources = "GL timer queries (the stereogram is a GL compute shader; the symmetric algorithm only); "
                       "effects by the best engine here",
     .makes_stereogram = true, .uses_device_images = false, .pipelines_by_default = false, .kernels_on_cpu = false,
     .can_pipeline = false, .interop_choices = false, .handover_floor = false,
     .only_algorithm = StereogramAlgorithm::symmetric, .runs_with = needs_gl_compute, .make_backend = make_gl_compute},
};

static_assert(std::size(kModes) == kModeCount);
static_assert(std::ranges::all_of(kModes,
                                  [](const ModeRow& row) {
                                    return row.runs_with && row.make_backend &&
                                           static_cast<std::size_t>(row.mode) < kModeCount &&
                                           (&row - kModes == static_cast<std::ptrdiff_t>(row.mode));
                                  }),
              "one complete row per mode, in Mode's order");

}  // namespace

std::span<const ModeRow> mode_table() { return kModes; }

const ModeRow& mode_row(Mode mode) { return kModes[static_cast<std::size_t>(mode)]; }

ModeAvailability availability_with(const Engines& engines) {
  ModeAvailability availability;
  for (const ModeRow& row : kModes)
    if (const Status runs = row.runs_with(engines); !runs) availability.disable(row.mode, runs.error());
  return availability;
}

}  // namespace stereocl
