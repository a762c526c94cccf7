#pragma once
// A back-end's engines: one per row of the algorithm table, made up front, each keeping its own
// caches, so switching algorithms keeps what either built.
#include "compute/stereogram/algorithm_table.hpp"

#include <memory>
#include <vector>

namespace stereocl {

class CpuStereograms {
 public:
  CpuStereograms() {
    for (const AlgorithmRow& row : algorithm_rows()) engines_.push_back(row.make_cpu());
  }
  CpuStereogram& operator[](StereogramAlgorithm algorithm) { return *engines_.at(static_cast<std::size_t>(algorithm)); }

 private:
  std::vector<std::unique_ptr<CpuStereogram>> engines_;
};

class ClStereograms {
 public:
  // Throws KernelBuildError where an engine builds its kernel at once and the build fails.
  ClStereograms(ProgramBuilder& programs, StereogramKernelKind lookup_kernel, StereogramStorage storage) {
    for (const AlgorithmRow& row : algorithm_rows()) engines_.push_back(row.make_cl(programs, lookup_kernel, storage));
  }
  ClStereogram& operator[](StereogramAlgorithm algorithm) { return *engines_.at(static_cast<std::size_t>(algorithm)); }

 private:
  std::vector<std::unique_ptr<ClStereogram>> engines_;
};

}  // namespace stereocl
