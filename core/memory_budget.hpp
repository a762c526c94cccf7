#pragma once
// How much memory a picture size may cost, said before anything that size is allocated. The
// budget is per pixel of the largest image (the scene with its pattern strip, or a depth map,
// whose size becomes the scene's) plus a fixed base for the program, its libraries and drivers;
// docs/performance.md records the peaks it was set from. A size whose budget the machine cannot
// hold is refused in one line, instead of the kernel's OOM killer ending the run mid-frame.
#include "core/result.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace stereocl {

// The most any mode takes where GL and OpenCL memory is host memory (Mesa llvmpipe and PoCL):
// CPU-readback mode with an effect, its depth, offsets, picture and effect output in GL and in
// OpenCL. On a GPU driver most of it is device memory instead.
inline constexpr std::uint64_t kBudgetBytesPerPixel = 48;
inline constexpr std::uint64_t kBudgetBaseBytes = std::uint64_t{512} << 20;

std::uint64_t memory_budget(std::uint64_t pixels);

// What this process may still take: /proc/meminfo's MemAvailable, and under `ulimit -v` the
// room left below that limit. nullopt where neither can be read.
std::optional<std::uint64_t> memory_available();

// Whether `width` x `height` (what: "--size", "depth.png") can be afforded; if not, why.
// `available` is memory_available() unless a test gives one.
Status memory_allows(const std::string& what, std::uint64_t width, std::uint64_t height,
                     std::optional<std::uint64_t> available = memory_available());

}  // namespace stereocl
