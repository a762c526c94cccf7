#include "app/interop_sync.hpp"

namespace stereocl {

std::string_view sync_strategy_name(SyncStrategy strategy) {
  switch (strategy) {
    case SyncStrategy::finish: return "finish";
    case SyncStrategy::fence: return "fence";
    case SyncStrategy::implicit: return "implicit";
  }
  return "?";
}

std::optional<SyncStrategy> parse_sync_strategy(std::string_view text) {
  for (SyncStrategy strategy : kAllSyncStrategies)
    if (sync_strategy_name(strategy) == text) return strategy;
  return std::nullopt;
}

std::optional<std::string> sync_unsupported_reason(SyncStrategy strategy, const ClEnvironment* environment) {
  if (!environment || !environment->shares_gl) return std::string("GPU mode needs an OpenCL device that shares the GL context");
  if (strategy != SyncStrategy::finish && !environment->gl_events)
    return std::string("the device lacks cl_khr_gl_event, which the ") + std::string(sync_strategy_name(strategy)) +
           " hand-over needs";
  return std::nullopt;
}

}  // namespace stereocl
