#include "app/affordable_size.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "core/input_error.hpp"
#include "core/memory_budget.hpp"

#include <cstdint>
#include <string>

namespace stereocl {

void refuse_unaffordable_size(const Options& options) {
  const Size size = options.size;
  const std::string what = "--size " + std::to_string(size.width) + "x" + std::to_string(size.height);
  const Status allowed = memory_allows(
      what,
      static_cast<std::uint64_t>(size.width) + static_cast<std::uint64_t>(stereogram_strip_width(options.look.stereogram)),
      static_cast<std::uint64_t>(size.height));
  if (!allowed) throw InputError(allowed.error());
}

}  // namespace stereocl
