#include "pipeline/mode_backends.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/algorithm_table.hpp"
#include "pipeline/backends/cpu_backend.hpp"
#include "pipeline/interop/interop_sync.hpp"
#include "render/symmetric_compute_pass.hpp"

#include <utility>

namespace stereocl {

ModeBackends::ModeBackends(const Settings& options, Notices& notices, ClOpener open_cl)
    : options_(options), notices_(notices), open_cl_(std::move(open_cl)) {}

void ModeBackends::start(std::optional<ClSetup> cl, DemoSettings& settings) {
  if (cl) {
    set_up_opencl(std::move(*cl));
    fit_sync(settings, options_.interop_sync);
  } else {
    Engines engines = engines_before_opencl();
    engines.opencl_pending = true;
    anywhere_ = availability_ = availability_with(engines);
    for (const ModeRow& row : mode_table())
      if (row.kernels_on_cpu) backends_[static_cast<std::size_t>(row.mode)] = row.make_backend(engines);
  }
  settings.mode = fallback_mode(options_.mode, anywhere_);
  if (settings.mode != options_.mode && options_.mode_given) {  // on stderr, and on the panel as a notice
    refused_ = {options_.mode, settings.mode};
    notices_.say(request_mode(options_.mode, anywhere_).error() + "; running " +
                 std::string(mode_display_name(settings.mode)) + " mode instead");
  }
}

// What every back-end is made of, OpenCL or not: the CPU's threads, the notices, GL's compute.
Engines ModeBackends::engines_before_opencl() const {
  Engines engines;
  engines.cpu_threads = options_.cpu_threads;
  engines.notices = &notices_;
  engines.gl_compute = SymmetricComputePass::available();
  engines.gl_version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  return engines;
}

void ModeBackends::open_opencl(DemoSettings& settings, DemoSettings& applied, StereogramSize size) {
  if (cl_) return;
  ClSetup none;
  none.no_opencl_reason = "no way to open OpenCL was given";
  set_up_opencl(open_cl_ ? open_cl_() : std::move(none));
  fit_sync(settings, options_.interop_sync);
  fit_to_size(settings, applied, size);  // the device's image limit is known only now
}

void ModeBackends::set_up_opencl(ClSetup cl) {
  cl_ = std::move(cl);
  Engines engines = engines_before_opencl();
  engines.no_opencl_reason = cl_->no_opencl_reason;
  engines.no_sharing_reason = cl_->no_sharing_reason;
  if (cl_->environment) {
    ClEnvironment& environment = *cl_->environment;
    try {
      environment.programs.break_sources_on_purpose(options_.break_kernels);
      kernels_.emplace(environment.programs,
                       options_.fast_stereogram_kernel ? StereogramKernelKind::fast : StereogramKernelKind::classic);
      engines.cl = &environment;
      engines.kernels = &*kernels_;
    } catch (const KernelBuildError& error) {
      notices_.log(error.what());
      engines.no_opencl_reason = "OpenCL kernel " + error.file() + " failed to build on " + environment.device_name +
                                 " (the build log is on stderr)";
    } catch (const std::exception& error) {
      engines.no_opencl_reason = std::string("OpenCL set-up failed: ") + error.what();
    }
  }
  anywhere_ = availability_ = availability_with(engines);
  if (engines.cl)
    image_limit_ = {static_cast<long long>(engines.cl->device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>()),
                    static_cast<long long>(engines.cl->device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>())};
  for (const ModeRow& row : mode_table())
    if (anywhere_.available(row.mode)) backends_[static_cast<std::size_t>(row.mode)] = row.make_backend(engines);
}

void ModeBackends::fit_sync(DemoSettings& settings, std::optional<SyncStrategy> asked) {
  if (const Status why = sync_supported(settings.sync(), opencl_environment()); !why && gl_sharing()) {
    // finish always works where GL is shared; "all" (--bench) checks each strategy itself.
    if (asked)
      notices_.log("interop_sync " + std::string(sync_strategy_name(*asked)) + ": " + why.error() + "; using finish");
    settings.interop_sync = SyncStrategy::finish;
  }
}

void ModeBackends::fit_to_size(DemoSettings& settings, DemoSettings& applied, StereogramSize size) {
  availability_ = availability_at_size(anywhere_, image_limit_, size);
  if (availability_.available(settings.mode)) return;
  const Mode wanted = settings.mode;
  notices_.say(leave(settings, applied, fallback_mode(wanted, availability_), request_mode(wanted, availability_).error()));
}

std::string ModeBackends::leave(DemoSettings& settings, DemoSettings& applied, Mode replacement, const std::string& why) {
  refused_ = {settings.mode, replacement};
  if (applied.mode == settings.mode) applied.mode = replacement;
  settings.mode = replacement;
  return why + "; running " + std::string(mode_display_name(replacement)) + " mode instead";
}

void ModeBackends::ask_for(Mode wanted, DemoSettings& settings) {
  settings.mode = fallback_mode(wanted, availability_);
  if (settings.mode == wanted) return;
  refused_ = {wanted, settings.mode};
  notices_.say(request_mode(wanted, availability_).error() + "; running " +
               std::string(mode_display_name(settings.mode)) + " mode instead");
}

std::optional<Mode> ModeBackends::unavailable(Mode running) const {
  if (refused_ && refused_->first != running && refused_->second == running) return refused_->first;
  return std::nullopt;
}

std::string ModeBackends::opencl_description() const {
  if (!cl_) return "OpenCL opens when a mode first needs it";
  if (!cl_->environment) return cl_->no_opencl_reason;
  return cl_->environment->platform_name + " / " + cl_->environment->device_name;
}

void ModeBackends::reconcile(DemoSettings& settings, DemoSettings& applied, StereogramSize size) {
  // A mode picked on the panel that cannot run keeps the last one; a size the current mode cannot
  // hold leaves it for one that can. The first mode that needs OpenCL opens it, and only then is
  // it known whether that mode runs: where not, the user is told, and the best mode that runs takes over.
  if (!cl_ && !mode_row(settings.mode).kernels_on_cpu) {
    open_opencl(settings, applied, size);
    if (const Mode wanted = settings.mode; !availability_.available(wanted))
      notices_.say(leave(settings, applied, fallback_mode(wanted, availability_), request_mode(wanted, availability_).error()));
  }
  if (!availability_.available(settings.mode)) settings.mode = applied.mode;
  fit_to_size(settings, applied, size);
  reconcile_algorithm(settings);
  if (!sync_supported(settings.sync(), opencl_environment())) settings.interop_sync = applied.interop_sync;
}

// A mode that runs one algorithm only (GL compute: symmetric) runs it whatever the setting says,
// and the algorithm chosen before comes back when the mode is left. The setting itself changes,
// so that the strip, the sampling, the panel and the saved pictures' metadata all follow it.
void ModeBackends::reconcile_algorithm(DemoSettings& settings) {
  const std::optional<StereogramAlgorithm> only = mode_row(settings.mode).only_algorithm;
  if (!only) {
    if (chosen_algorithm_) settings.look.stereogram.algorithm = *std::exchange(chosen_algorithm_, std::nullopt);
    return;
  }
  if (settings.look.stereogram.algorithm == *only) return;
  // Entering the mode, or a choice made in it (a preset): the last one comes back.
  chosen_algorithm_ = settings.look.stereogram.algorithm;
  notices_.say(std::string(mode_display_name(settings.mode)) + " mode runs the " + stereogram_algorithm_name(*only) +
               " algorithm only; " + stereogram_algorithm_name(*chosen_algorithm_) + " comes back when you leave it");
  settings.look.stereogram.algorithm = *only;
}

Status ModeBackends::leave_failing(DemoSettings& settings, DemoSettings& applied, const std::string& what_failed) {
  const Mode failed = settings.mode;
  if (!mode_row(failed).makes_stereogram) {
    // Scene mode used OpenCL only for its effect and histogram (a picture over the device's
    // limits, say): it stays, and the CPU runs those from now on.
    backends_[static_cast<std::size_t>(failed)] = std::make_unique<CpuBackend>(options_.cpu_threads);
    return failure(std::string(mode_display_name(failed)) + " mode's effects and histogram failed in OpenCL: " +
                   what_failed + "; the CPU runs them from now on");
  }
  const Mode replacement = last_good_ != failed ? last_good_ : Mode::cpu;
  const std::string why = std::string(mode_display_name(failed)) + " mode failed: " + what_failed;
  return failure(leave(settings, applied, replacement, why));  // the caller shows it
}

Result<HandoverFloor> ModeBackends::handover_floor(Mode mode, std::optional<SyncStrategy> sync, SyncStrategy usual,
                                                   int frames) {
  if (const auto reason = availability_.reason(mode)) return failure(*reason);
  Backend* backend = backends_[static_cast<std::size_t>(mode)].get();
  if (!backend) return failure(std::string(mode_row(mode).display_name) + " has no back-end here");
  if (sync)
    if (const Status supported = sync_supported(*sync, opencl_environment()); !supported) return failure(supported.error());
  return backend->handover_floor(frames, sync.value_or(usual));
}

}  // namespace stereocl
