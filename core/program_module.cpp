#include "core/program_module.hpp"

#include "core/program_folder.hpp"
#include "core/unreadable_place.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <optional>
#include <system_error>
#include <utility>
#include <vector>

#ifndef STEREOCL_MODULE_DIR_FROM_BINARY
#define STEREOCL_MODULE_DIR_FROM_BINARY "../lib/stereocl"
#endif

// The tests' executables live below the build folder, away from the modules, and name it by
// defining this (tests/program_modules.cpp). The program defines none: an environment variable
// let an installed stereocl load a module from whatever folder it named, the current one included.
extern "C" {
[[gnu::weak]] const char* stereocl_tests_module_folder();
}

namespace stereocl {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> module_places(const char* file) {
  std::vector<fs::path> places;
  if (const std::optional<fs::path> folder = program_folder()) {
    places.push_back(*folder / file);
    places.push_back(*folder / STEREOCL_MODULE_DIR_FROM_BINARY / file);
  }
  if (stereocl_tests_module_folder)
    if (const char* tests = stereocl_tests_module_folder(); tests && *tests) places.push_back(fs::path(tests) / file);
  return places;
}

// The module at `place` with every one of `entries`, or why not.
ProgramModule load_from(const fs::path& place, const char* file, std::initializer_list<const char*> entries) {
  ProgramModule module;
  module.handle = dlopen(place.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!module.handle) {
    const char* why = dlerror();
    module.why_not = place.string() + " does not load (" + (why ? why : "no reason given") + ")";
    return module;
  }
  for (const char* entry : entries) {
    if (dlsym(module.handle, entry)) continue;
    dlclose(std::exchange(module.handle, nullptr));  // nothing of it was used
    module.why_not = place.string() + " is not stereocl's " + file + " (it has no " + entry + ")";
    break;
  }
  return module;
}

}  // namespace

ProgramModule load_program_module(const char* file, std::initializer_list<const char*> entries) {
  std::string unreadable;  // the first place that holds something this user cannot read
  for (const fs::path& place : module_places(file)) {
    std::error_code error;
    if (fs::is_regular_file(place, error)) return load_from(place, file, entries);
    if (unreadable.empty()) unreadable = unreadable_place(place);
  }
  ProgramModule module;
  module.why_not = !unreadable.empty() ? std::string("its module ") + file + ": " + unreadable
                                        : std::string("its module ") + file + " is neither beside the program nor in " +
                                              STEREOCL_MODULE_DIR_FROM_BINARY + " from it";
  return module;
}

void* program_module_symbol(const ProgramModule& module, const char* name) {
  return module.handle ? dlsym(module.handle, name) : nullptr;
}

}  // namespace stereocl
