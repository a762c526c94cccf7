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
inline constexpr std::array<SyncStrategy, 3> kAllSyncStrategies = {SyncStrategy::finish, SyncStrategy::fence,
                                                                   SyncStrategy::implicit};

std::string_view sync_strategy_name(SyncStrategy strategy);  // "fence", as on the command line
std::optional<SyncStrategy> parse_sync_strategy(std::string_view text);

// Whether `environment` can run `strategy` in GPU mode; if not, why (for the skip line).
Status sync_supported(SyncStrategy strategy, const ClEnvironment* environment);

// The older form of sync_supported(), nullopt where it is ok: only for the callers being
// rewritten now (pipeline/engine.cpp, ui/panel_measure.cpp). It goes once they call sync_supported().
inline std::optional<std::string> sync_unsupported_reason(SyncStrategy strategy, const ClEnvironment* environment) {
  const Status supported = sync_supported(strategy, environment);
  if (supported) return std::nullopt;
  return supported.error();
}

}  // namespace stereocl
