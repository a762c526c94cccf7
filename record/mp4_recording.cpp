#include "record/mp4_recording.hpp"

#include "record/mp4_module.hpp"

#include "core/program_folder.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <system_error>
#include <vector>

#ifndef STEREOCL_MODULE_DIR_FROM_BINARY
#define STEREOCL_MODULE_DIR_FROM_BINARY "../lib/stereocl"
#endif

namespace stereocl {
namespace {

namespace fs = std::filesystem;

struct Mp4Module {
  Mp4Open open = nullptr;
  Mp4EncoderName encoder_name = nullptr;
  std::string why_not;  // where open is null
};

// Beside the program (a build folder), where the package installs it, and the folder
// STEREOCL_MODULE_DIR names (the tests' programs, which live below the build folder). No folder
// is compiled in: a packaged program must not load code from where it was built.
std::vector<fs::path> module_places() {
  std::vector<fs::path> places;
  if (const std::optional<fs::path> folder = program_folder()) {
    places.push_back(*folder / kMp4ModuleFile);
    places.push_back(*folder / STEREOCL_MODULE_DIR_FROM_BINARY / kMp4ModuleFile);
  }
  if (const char* named = std::getenv("STEREOCL_MODULE_DIR"); named && *named) places.push_back(fs::path(named) / kMp4ModuleFile);
  return places;
}

Mp4Module load_module() {
  Mp4Module module;
  for (const fs::path& place : module_places()) {
    std::error_code error;
    if (!fs::is_regular_file(place, error)) continue;
    // Never closed: its encoders' code must outlive every encoder.
    void* handle = dlopen(place.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* why = dlerror();
      module.why_not = place.string() + " does not load (" + (why ? why : "no reason given") + ")";
      return module;
    }
    module.open = reinterpret_cast<Mp4Open>(dlsym(handle, kMp4OpenSymbol));
    module.encoder_name = reinterpret_cast<Mp4EncoderName>(dlsym(handle, kMp4EncoderNameSymbol));
    if (!module.open || !module.encoder_name) {
      module = {};
      module.why_not = place.string() + " is not stereocl's MP4 module";
    }
    return module;
  }
  module.why_not = std::string("its module ") + kMp4ModuleFile + " is neither beside the program nor in " +
                   STEREOCL_MODULE_DIR_FROM_BINARY + " from it";
  return module;
}

const Mp4Module& mp4_module() {
  static const Mp4Module module = load_module();
  return module;
}

}  // namespace

Result<std::unique_ptr<FrameEncoder>> open_mp4_recording(const std::string& path, int quality) {
  const Mp4Module& module = mp4_module();
  if (!module.open) return failure(path + ": cannot record MP4: " + module.why_not + "; record NAME.gif instead");
  Result<std::unique_ptr<FrameEncoder>> opened = failure(path + ": the MP4 module made no encoder");
  module.open(path, quality, opened);
  return opened;
}

std::string mp4_recording_encoder() {
  const Mp4Module& module = mp4_module();
  std::string name;
  if (module.encoder_name) module.encoder_name(name);
  return name;
}

}  // namespace stereocl
