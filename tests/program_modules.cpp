// The program's modules (core/os/program_module.hpp: 3D models, image codecs, MP4) are loaded from
// beside the program; the tests' executables live in a folder below the build folder, where the
// modules are, so every test executable names it by defining the hook the program leaves
// undefined. A folder set beforehand in STEREOCL_MODULE_DIR wins (scripts/gpu-run.sh's); only these
// executables read that variable, never the installed program.
#include <cstdlib>

extern "C" const char* stereocl_tests_module_folder() {
  const char* named = std::getenv("STEREOCL_MODULE_DIR");
  return named && *named ? named : STEREOCL_BUILD_DIR;
}
