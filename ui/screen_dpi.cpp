#include "ui/screen_dpi.hpp"

#include <GLFW/glfw3.h>

#include <cstdio>

namespace stereocl {

double screen_dpi() {
  constexpr double kFallback = PhysicalGeometry{}.dpi;
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  if (!monitor) return kFallback;
  int width_mm = 0, height_mm = 0;
  glfwGetMonitorPhysicalSize(monitor, &width_mm, &height_mm);
  const GLFWvidmode* mode = glfwGetVideoMode(monitor);
  if (!mode || width_mm <= 0) return kFallback;
  const double dpi = mode->width * 25.4 / width_mm;
  return dpi >= kMinDpi && dpi <= kMaxDpi ? dpi : kFallback;
}

Result<Options> with_screen_dpi(Options options, double dpi) {
  options.screen_dpi = dpi;
  if (!options.look.stereogram.units || options.dpi_given) return options;
  options.look.stereogram.units->dpi = dpi;
  const auto resolved = resolve_units(options.look.stereogram, options.size.width);
  if (!resolved) {
    char where[64];
    std::snprintf(where, sizeof where, "at the monitor's %.0f dpi (no --dpi given), ", dpi);
    return failure(where + resolved.error());
  }
  options.look.stereogram = *resolved;
  return options;
}

}  // namespace stereocl
