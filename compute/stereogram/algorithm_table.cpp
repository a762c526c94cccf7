#include "compute/stereogram/algorithm_table.hpp"

#include "compute/stereogram/lookup_engines.hpp"
#include "compute/stereogram/symmetric_engines.hpp"
#include "compute/stereogram/symmetric_params.hpp"

#include <algorithm>
#include <array>

namespace stereocl {

namespace {

Status nothing_more(const StereogramParams&) { return {}; }

Status symmetric_geometry(const StereogramParams& params) { return validate(symmetric_params_of(params)); }

// In the order of the enum, so that a row is found by its index; the default first, as lists show it.
const std::array<AlgorithmRow, 2> kRows = {{
    {StereogramAlgorithm::symmetric, "symmetric", "linked pairs with hidden surfaces removed, no echoes, W wide", false,
     true, true, symmetric_geometry, [] { return std::unique_ptr<CpuStereogram>(new SymmetricCpu); },
     [](ProgramBuilder& programs, StereogramKernelKind, StereogramStorage storage) {
       return std::unique_ptr<ClStereogram>(new SymmetricCl(programs, storage));
     }},
    {StereogramAlgorithm::lookup, "lookup", "the article's: each pixel copies the one a separation to its left; the picture is the scene's width plus P "
     "(for a 1920 px screen at 1:1, --size (1920 - P)xH)",
     true, false, false, nothing_more, [] { return std::unique_ptr<CpuStereogram>(new LookupCpu); },
     [](ProgramBuilder& programs, StereogramKernelKind kind, StereogramStorage storage) {
       return std::unique_ptr<ClStereogram>(new LookupCl(programs, kind, storage));
     }},
}};

}  // namespace

std::span<const AlgorithmRow> algorithm_rows() { return kRows; }

const AlgorithmRow& algorithm_row(StereogramAlgorithm algorithm) { return kRows.at(static_cast<std::size_t>(algorithm)); }

const AlgorithmRow* algorithm_named(std::string_view name) {
  const auto row = std::find_if(kRows.begin(), kRows.end(), [&](const AlgorithmRow& r) { return name == r.name; });
  return row == kRows.end() ? nullptr : &*row;
}

std::vector<std::string> algorithm_names() {
  std::vector<std::string> names;
  for (const AlgorithmRow& row : kRows) names.emplace_back(row.name);
  return names;
}

Status validate_for_algorithm(const StereogramParams& params) {
  if (Status valid = validate(params); !valid) return valid;
  return algorithm_row(params.algorithm).validate(params);
}

}  // namespace stereocl
