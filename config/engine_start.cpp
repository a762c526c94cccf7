#include "config/engine_start.hpp"

namespace stereocl {

Look look_of(const Options& options) {
  return {.mode = options.mode,
          .mode_given = options.mode_given,
          .settings = options.look,
          .pattern_file = options.pattern_file,
          .depth_file = options.depth_file,
          .text = options.text};
}

EngineStart engine_start_of(const Options& options) {
  return {look_of(options),
          EngineSetup{.size = options.size,
                      .size_given = options.size_given,
                      .fit = options.fit,
                      .model = options.model,
                      .font_file = options.font_file,
                      .screen_dpi = options.screen_dpi,
                      .histogram = !options.histogram_file.empty(),  // --histogram writes the last frame's
                      .interop_sync = options.interop_sync,
                      .interop_batch = options.interop_batch,
                      .passes = options.passes,
                      .cpu_threads = options.cpu_threads,
                      .fast_stereogram_kernel = options.fast_stereogram_kernel,
                      .break_kernels = options.break_kernels,
                      .stage = options.stage}};
}

}  // namespace stereocl
