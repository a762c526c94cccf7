#pragma once
// The modes as data: one row per mode with its names, its key, what it needs to run and the
// back-end it runs on. The panel, the keys, --mode, --bench (its variants, floors and JSON, which
// stereocl-compare reads the order from) and the tests iterate this table, so a new mode (say,
// another interop path) is one row here and its back-end (docs/design.md).
#include "compute/cl/cl_environment.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "core/notices.hpp"
#include "pipeline/backends/backend.hpp"
#include "pipeline/backends/cl_kernels.hpp"
#include "pipeline/mode.hpp"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace stereocl {

// What the back-ends are made of: the CPU's threads and, where OpenCL set up, its environment and
// kernels (both null otherwise, and no_opencl_reason says why).
struct Engines {
  int cpu_threads = 0;  // 0 = all hardware threads
  ClEnvironment* cl = nullptr;
  ClKernels* kernels = nullptr;
  std::string no_opencl_reason;
  std::string no_sharing_reason;  // why cl->shares_gl is false
  Notices* notices = nullptr;     // where back-ends say what they fall back to; never null once made
  // Whether the GL context runs compute shaders (GL 4.3), and its GL_VERSION, for the reason where not.
  bool gl_compute = false;
  std::string gl_version;
  // OpenCL is not opened yet (pipeline/engine.hpp): its modes count as available, and only the
  // back-ends of modes that run without it are made.
  bool opencl_pending = false;
};

struct ModeRow {
  Mode mode;
  std::string_view cli_name;      // "cpu-readback"
  std::string_view display_name;  // "CPU-readback"
  int key;                        // GLFW key code that picks it (GLFW's digit codes are ASCII)
  std::string_view timing_sources;  // where the panel's stage times come from in this mode
  bool makes_stereogram;          // Scene mode shows the lit scene, and runs only effects
  bool uses_device_images;        // its stereogram lives in OpenCL images, so their size limit applies
  // Whether it shows frame N - 1 while GL draws N unless --pipeline/--no-pipeline or the panel says
  // otherwise: where that measured faster (docs/performance.md, "A z-only depth pass" and
  // "GPU (external memory) mode's effect frames").
  bool pipelines_by_default;
  bool kernels_on_cpu;   // its stereogram, effects and histogram run on the CPU (timed by its clock)
  bool can_pipeline;     // it can show frame N - 1 while drawing N: --bench measures it both ways
  bool interop_choices;  // it offers --interop-sync and --interop-batch: --bench and the panel try each
  bool handover_floor;   // it hands frames GL <-> OpenCL on the device: --bench measures that floor
  // The one algorithm it runs, whatever --algorithm says (GL compute: symmetric): the engine sets
  // it while the mode is on and gives the one chosen before back when it is left. nullopt: any.
  std::optional<StereogramAlgorithm> only_algorithm = std::nullopt;
  // Whether the mode can run with these engines; if not, why (availability_with keeps it as data).
  Status (*runs_with)(const Engines& engines);
  // Its back-end; called only where runs_with() is ok.
  std::unique_ptr<Backend> (*make_backend)(const Engines& engines);
};

std::span<const ModeRow> mode_table();  // in Mode's order, which is the order of the keys and the panel
const ModeRow& mode_row(Mode mode);
ModeAvailability availability_with(const Engines& engines);

}  // namespace stereocl
