#pragma once
// Which modes run here, the back-ends that run them and the OpenCL under them. The engine asks
// it for a mode's back-end each frame; OpenCL is opened the first time a mode needs it, since
// loading the drivers and building the kernels was most of a CPU-mode run's start. Apart from
// the engine so that a mode's fallback can be tested without drawing a frame.
#include "compute/cl/cl_environment.hpp"
#include "core/notices.hpp"
#include "core/result.hpp"
#include "pipeline/backends/backend.hpp"
#include "pipeline/backends/cl_kernels.hpp"
#include "pipeline/backends/image_limit.hpp"
#include "pipeline/demo_settings.hpp"
#include "pipeline/mode_table.hpp"

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace stereocl {

// Opens OpenCL for the engine (app/: open_opencl() with the window's GL handles).
using ClOpener = std::function<ClSetup()>;

// Whether this mode shows frame N - 1 while GL draws N: the setting, else the mode's default.
inline bool pipelines(const DemoSettings& settings) {
  return settings.passes.pipeline.value_or(mode_row(settings.mode).pipelines_by_default);
}

class ModeBackends {
 public:
  // Nothing is opened yet; start() makes the back-ends. The settings change where a mode cannot
  // run: `settings` is what the user asked for, `applied` what the last frame ran.
  ModeBackends(const Settings& options, Notices& notices, ClOpener open_cl);
  // With `cl` (what open_opencl() found) the modes it cannot serve are disabled with the reason;
  // without, the OpenCL modes count as available until one is first switched to. Then fits the
  // mode and the sync asked for to what runs, saying so where --mode or --interop-sync was given.
  void start(std::optional<ClSetup> cl, DemoSettings& settings);
  // Opens OpenCL now if it is not yet (-v and --bench report on every mode).
  void open_opencl(DemoSettings& settings, DemoSettings& applied, StereogramSize size);

  const ModeAvailability& availability() const { return availability_; }
  // The mode last asked for (command line, preset, key) or left (a size, a failure) that cannot
  // run, while `running`, the mode run in its place, is still on; nullopt otherwise.
  std::optional<Mode> unavailable(Mode running) const;
  void note_refused(Mode asked, Mode running) { refused_ = {asked, running}; }
  // "<platform> / <device>" as OpenCL names them, or why there is no OpenCL.
  std::string opencl_description() const;
  bool opencl_opened() const { return cl_.has_value(); }
  const ClEnvironment* opencl_environment() const { return cl_ && cl_->environment ? &*cl_->environment : nullptr; }
  bool gl_sharing() const { return cl_ && cl_->environment && cl_->environment->shares_gl; }

  // A frame's mode step: opens OpenCL for the first mode that needs it, keeps the applied mode
  // where the one asked for cannot run, leaves one a size cannot hold, gives a mode that runs
  // one algorithm only its algorithm, and keeps the sync the device can serve.
  void reconcile(DemoSettings& settings, DemoSettings& applied, StereogramSize size);
  // Greys the modes whose device images cannot hold `size`, and leaves one of them for the best
  // mode that can, saying why.
  void fit_to_size(DemoSettings& settings, DemoSettings& applied, StereogramSize size);
  // A look's mode (a preset), or the best that runs, said where it is not the one asked for.
  void ask_for(Mode wanted, DemoSettings& settings);
  Backend& backend(Mode mode) { return *backends_[static_cast<std::size_t>(mode)]; }
  void worked(Mode mode) { last_good_ = mode; }
  // Leaves the mode whose OpenCL work failed (what_failed says how) for the last mode that
  // worked; the failure says what happened.
  Status leave_failing(DemoSettings& settings, DemoSettings& applied, const std::string& what_failed);
  // --bench: the hand-over floor (pipeline/interop/handover_floor.hpp) of `mode`'s back-end.
  Result<HandoverFloor> handover_floor(Mode mode, std::optional<SyncStrategy> sync, SyncStrategy usual, int frames);

 private:
  Engines engines_before_opencl() const;
  void set_up_opencl(ClSetup cl);
  void fit_sync(DemoSettings& settings, std::optional<SyncStrategy> asked);
  std::string leave(DemoSettings& settings, DemoSettings& applied, Mode replacement, const std::string& why);
  void reconcile_algorithm(DemoSettings& settings);

  Settings options_;  // the threads, the kernel kind, --break-kernels, --interop-sync as asked
  Notices& notices_;
  ClOpener open_cl_;
  std::optional<ClSetup> cl_;  // empty until OpenCL is opened
  std::optional<ClKernels> kernels_;
  std::array<std::unique_ptr<Backend>, kModeCount> backends_;  // made for the modes that can run
  ModeAvailability anywhere_;     // what the engines allow at any size
  ModeAvailability availability_;  // ... and at the current size
  ImageLimit image_limit_;
  Mode last_good_ = Mode::cpu;                     // the mode of the last frame that worked
  std::optional<std::pair<Mode, Mode>> refused_;  // a mode asked for, and the one run instead
  // The algorithm chosen before a mode that runs one of its own (ModeRow::only_algorithm) took
  // over; nullopt outside such a mode, and where it took over nothing.
  std::optional<StereogramAlgorithm> chosen_algorithm_;
};

}  // namespace stereocl
