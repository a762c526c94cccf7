#include "app/window_program.hpp"

#include "app/passive_waits.hpp"

#include "core/printable_text.hpp"
#include "core/program_folder.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

#ifndef STEREOCL_LIBEXEC_FROM_BINARY
#define STEREOCL_LIBEXEC_FROM_BINARY "../libexec"
#endif

namespace stereocl {
namespace {

namespace fs = std::filesystem;

std::optional<fs::path> window_program() {
  const std::optional<fs::path> folder = program_folder();
  if (!folder) return std::nullopt;
  for (const fs::path& place : {*folder / kWindowProgramFile, *folder / STEREOCL_LIBEXEC_FROM_BINARY / kWindowProgramFile}) {
    std::error_code error;
    if (fs::is_regular_file(place, error)) return place;
  }
  return std::nullopt;
}

}  // namespace

int run_window_program(char** argv, const StandardStreams& streams) {
  const std::optional<fs::path> program = window_program();
  if (!program) {
    std::fprintf(stderr, "stereocl: the window's program %s is neither beside this program nor in %s from it\n",
                 kWindowProgramFile, STEREOCL_LIBEXEC_FROM_BINARY);
    return 1;
  }
  std::fflush(nullptr);
  let_go_of_held_descriptors(streams);
  forget_front_wait_policy();
  ::execv(program->c_str(), argv);
  const int error = errno;
  std::fprintf(stderr, "stereocl: cannot run %s: %s\n", printable_words(program->string()).c_str(), std::strerror(error));
  return 1;
}

}  // namespace stereocl
