#include "pipeline/interop/interop_sync.hpp"

namespace stereocl {

namespace {
// In the order of the enum; the names are the command line's and the JSON's.
constexpr std::array<std::string_view, kAllSyncStrategies.size()> kSyncStrategyNames = {"finish", "fence", "implicit"};
}  // namespace

std::string_view sync_strategy_name(SyncStrategy strategy) {
  return kSyncStrategyNames.at(static_cast<std::size_t>(strategy));
}

std::optional<SyncStrategy> parse_sync_strategy(std::string_view text) {
  for (SyncStrategy strategy : kAllSyncStrategies)
    if (sync_strategy_name(strategy) == text) return strategy;
  return std::nullopt;
}

Status sync_supported(SyncStrategy strategy, const ClEnvironment* environment) {
  if (!environment || !environment->shares_gl)
    return failure("GPU mode needs an OpenCL device that shares the GL context");
  if (strategy != SyncStrategy::finish && !environment->gl_events)
    return failure("the device lacks cl_khr_gl_event, which the " + std::string(sync_strategy_name(strategy)) +
                   " hand-over needs");
  return {};
}

}  // namespace stereocl
