#include "files/picture/decoded_pixels.hpp"

#include <string>

namespace stereocl {

InputStatus size_allowed(std::uint64_t width, std::uint64_t height, const std::string& name, const DecodeBudget& budget,
                         std::string_view format) {
  if (width < 1 || height < 1 || width > budget.max_side || height > budget.max_side)
    return InputFailure{InputFailureKind::too_large, name + ": the " + std::string(format) + " header says " +
                                                         std::to_string(width) + "x" + std::to_string(height) +
                                                         " pixels; images must be 1.." +
                                                         std::to_string(budget.max_side) + " pixels per side"};
  if (width > budget.max_width)
    return InputFailure{InputFailureKind::too_large,
                        name + ": " + std::to_string(width) + " pixels wide; " + budget.width_rule};
  return {};
}

}  // namespace stereocl
