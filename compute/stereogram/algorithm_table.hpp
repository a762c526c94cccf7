#pragma once
// The stereogram algorithms, one row each: what the command line, the panel, the compositor and
// the back-ends need to know, so that none of them switches on the algorithm. A new algorithm is
// an enum value (stereogram_params.hpp), a row in algorithm_table.cpp and its engines
// (stereogram_engine.hpp).
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/lookup_kernel.hpp"
#include "compute/stereogram/stereogram_engine.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "compute/stereogram/stereogram_storage.hpp"
#include "core/result.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl {

struct AlgorithmRow {
  StereogramAlgorithm algorithm;
  const char* name;     // --algorithm, config files, the bench JSON
  const char* summary;  // --help and the panel's tooltip
  // The picture carries a pattern strip P wide on its left, so it is P wider than the depth.
  bool pattern_strip;
  // Its output names whole pattern pixels (sampled nearest); else it lands between them (linear).
  bool whole_pattern_pixels;
  bool oversamples;  // --oversample means something to it
  // What it needs of P, M and the units beyond validate(StereogramParams).
  Status (*validate)(const StereogramParams&);
  std::unique_ptr<CpuStereogram> (*make_cpu)();
  // Throws KernelBuildError where the engine builds its kernel at once and the build fails.
  std::unique_ptr<ClStereogram> (*make_cl)(ProgramBuilder& programs, StereogramKernelKind lookup_kernel,
                                           StereogramStorage storage);
};

std::span<const AlgorithmRow> algorithm_rows();
const AlgorithmRow& algorithm_row(StereogramAlgorithm algorithm);
// nullptr for a name no row has.
const AlgorithmRow* algorithm_named(std::string_view name);
std::vector<std::string> algorithm_names();

// As --algorithm spells it.
inline const char* stereogram_algorithm_name(StereogramAlgorithm algorithm) { return algorithm_row(algorithm).name; }

// How much wider than the depth the algorithm's picture is.
inline int stereogram_strip_width(const StereogramParams& params) {
  return algorithm_row(params.algorithm).pattern_strip ? params.pattern_width : 0;
}

// validate(params) and what params.algorithm needs besides.
Status validate_for_algorithm(const StereogramParams& params);

}  // namespace stereocl
