#include "app/device_listing.hpp"

#include "config/users_terms.hpp"
#include "app/window_setup.hpp"
#include "core/os/atomic_file.hpp"
#include "core/input_error.hpp"
#include "pipeline/mode_table.hpp"
#include "ui/panel.hpp"
#include "ui/window.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace stereocl {
namespace {

// The list's last line: which device GPU mode shares GL textures with, as README says it tells.
std::string sharing_line(const std::vector<ClPlatformDescription>& platforms, const GlShareHandles& gl) {
  for (const ClPlatformDescription& platform : platforms)
    for (const ClDeviceDescription& device : platform.devices)
      if (device.shares_gl) return "GPU mode shares GL textures with device " + device.index + "\n";
  return gl.present() ? "no device shares this GL context: GPU mode cannot run here (CPU-readback can)\n"
                      : "no display, so no GL context: which device would share with GL is not known here\n";
}

int list_devices(const Options& options, const GlShareHandles& gl) {
  const auto devices = list_opencl_devices(gl);
  if (!options.list_devices_as_json) {
    std::fputs(describe_opencl_devices(devices).c_str(), stdout);
    if (!devices.empty()) std::fputs(sharing_line(devices, gl).c_str(), stdout);
    return 0;
  }
  const std::string json = describe_opencl_devices_json(devices);
  if (options.json_file.empty()) {
    std::fputs(json.c_str(), stdout);
    return 0;
  }
  if (const Status written = write_atomically(options.json_file, json, input_files(options)); !written) {
    say_on_stderr(written.error());
    return 1;
  }
  return 0;
}

}  // namespace

int list_devices_with_or_without_window(const Options& options) {
  std::optional<Window> window;
  try {
    window.emplace(window_settings_for(options));
  } catch (const std::runtime_error&) {
    // no display: the window stays empty, and so do the GL handles
  }
  return list_devices(options, window ? window->share_handles() : GlShareHandles{});
}

void refuse_unmatched_device(const Options& options, const GlShareHandles& gl) {
  if (options.cl_device.empty()) return;
  if (const Status matched = device_filter_matches(options.cl_device, list_opencl_devices(gl)); !matched)
    throw InputError(matched.error());
}

void say_opencl_choice(const ClSetup& cl) {
  if (cl.skipped.empty()) return;
  const std::string chosen = cl.environment ? "OpenCL on " + cl.environment->device_name + " (" + cl.environment->platform_name + ")"
                                            : "no OpenCL device";
  std::fprintf(stderr, "stereocl: %s; passed over: %s\n", chosen.c_str(), cl.skipped.c_str());
}

void say_what_runs(const Engine& engine) {
  const PanelState gl = PanelState::for_current_context();  // what the panel shows of GL
  std::fprintf(stderr, "stereocl: GL %s on %s\n", gl.gl_version.c_str(), gl.gl_renderer.c_str());
  const ClEnvironment* cl = engine.modes().opencl_environment();
  std::fprintf(stderr, "stereocl: %s\n",
               cl ? ("OpenCL on " + cl->device_name + " (" + cl->platform_name + ")" +
                     (cl->shares_gl ? ", sharing GL textures" : ", no GL sharing")).c_str()
                  : "no OpenCL device");
  for (const ModeRow& row : mode_table()) {
    const auto& reason = engine.modes().availability().reason(row.mode);
    std::fprintf(stderr, "stereocl: %s mode: %s\n", std::string(row.display_name).c_str(),
                 reason ? reason->c_str() : "runs here");
  }
  std::fprintf(stderr, "stereocl: starting in %s mode\n", std::string(mode_display_name(engine.settings().mode)).c_str());
}

}  // namespace stereocl
