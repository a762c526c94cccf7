// The program's modules (core/program_module.hpp: 3D models, image codecs, MP4) are loaded from
// beside the program; the tests' executables live in a folder below the build folder, where the modules
// are, so every test executable names it. A folder set beforehand wins (scripts/gpu-run.sh's).
#include <cstdlib>

namespace {

[[maybe_unused]] const bool kModulesFound = setenv("STEREOCL_MODULE_DIR", STEREOCL_BUILD_DIR, 0) == 0;

}  // namespace
