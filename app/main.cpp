// stereocl, the front program: a still of a depth map or text is made here, on the CPU, by the
// engine CPU mode runs, with no GL, window system or Vulkan mapped (a depth map's still then holds
// about its pictures' memory, docs/performance.md). Everything else -- the window, --bench,
// --list-devices, a still GL draws -- is the window's program, exec'd with the same arguments
// (app/window_program.hpp, app/window_main.cpp).
#include "app/passive_waits.hpp"
#include "app/program_entry.hpp"
#include "app/still_picture.hpp"
#include "app/window_program.hpp"

using namespace stereocl;

namespace {

bool made_here(const Options& options) {
  return !options.output_file.empty() && !options.list_devices && !still_needs_gl(options);
}

int make_still(const Options& options) { return run_still(options, StillGl{}); }

}  // namespace

int main(int argc, char** argv) {
  exec_with_passive_waits(argv);
  const ProgramStart start = start_program(argc, argv);
  if (!start.options) return start.exit_code;
  if (!made_here(*start.options)) return run_window_program(argv, start.streams);
  return run_checked(*start.options, start.streams, make_still);
}
