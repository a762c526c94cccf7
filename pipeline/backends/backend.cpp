#include "pipeline/backends/backend.hpp"

#include <algorithm>

namespace stereocl {

bool has_pass(std::span<const Pass> passes, Pass pass) { return std::ranges::find(passes, pass) != passes.end(); }

Result<std::optional<Histogram256>> PassBackend::run(std::span<const Pass> passes, const SpanIo& io,
                                                 StageTimings& timings) {
  if (passes.size() > 1) return chain(passes, io, timings);
  std::optional<Histogram256> counted;
  if (passes.empty()) return counted;
  switch (passes.front()) {
    case Pass::stereogram:
      if (Status computed = offsets(io, timings); !computed) return failure(computed.error());
      break;
    case Pass::effect: effect(io, timings); break;
    case Pass::histogram: counted = histogram(io, timings); break;
    case Pass::compose: return failure("a compose pass runs only in a span with the stereogram");
  }
  return counted;
}

Result<std::optional<Histogram256>> PassBackend::chain(std::span<const Pass> passes, const SpanIo&, StageTimings&) {
  return failure("this back-end runs its passes one by one, not " + std::to_string(passes.size()) + " behind one hand-over");
}

}  // namespace stereocl
