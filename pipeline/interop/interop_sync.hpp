#pragma once
// How GPU mode hands the shared textures between GL and CL. Drivers differ most here, so the
// strategy is a benchmark dimension (--interop-sync) rather than a fixed choice.
#include "compute/cl/cl_environment.hpp"
#include "core/result.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace stereocl {

enum class SyncStrategy {
  finish,    // glFinish before acquire, clFinish after release: works everywhere, stalls both sides
  fence,     // GL fence -> clCreateEventFromGLsyncKHR -> acquire waits on it; release event waited for
  implicit,  // cl_khr_gl_event: acquire/release order themselves against GL; the CPU only flushes
};
// The one default, for the command line, the settings and GPU mode's back-end alike: where the
// driver has cl_khr_gl_event it costs the CPU least (docs/performance.md, "One hand-over per frame").
inline constexpr SyncStrategy kDefaultSyncStrategy = SyncStrategy::implicit;
// One hand-over a frame (GPU mode composes in OpenCL): the default of --interop-batch and what
// the engine runs where --bench's `all` left it open.
inline constexpr bool kDefaultInteropBatch = true;
inline constexpr std::array<SyncStrategy, 3> kAllSyncStrategies = {SyncStrategy::finish, SyncStrategy::fence,
                                                                   SyncStrategy::implicit};

std::string_view sync_strategy_name(SyncStrategy strategy);  // "fence", as on the command line
std::optional<SyncStrategy> parse_sync_strategy(std::string_view text);

// Whether `environment` can run `strategy` in GPU mode; if not, why (for the skip line).
Status sync_supported(SyncStrategy strategy, const ClEnvironment* environment);

}  // namespace stereocl
