#pragma once
// A module of the program's own: a shared object built with it and shipped beside it, loaded the
// first time its work is asked for, for what is large and rarely used. Two: MP4 recording
// (FFmpeg's libraries are some 130 of the program's shared libraries, record/mp4_module.hpp) and
// 3D model files (Assimp's 3.7 MB of relocated pages, files/model/model_reader_module.hpp).
//
// One convention for both. The module defines STEREOCL_MODULE_ENTRY(TableType, table): one entry
// point, `stereocl_module_entry`, that returns its table of functions, whose first member says the
// build that made it. Before the file is mapped, the program checks that it is whole (as long as
// its own ELF headers say) and carries this build's identifier, so a truncated file (mapping it
// gave SIGBUS) or another build's module (one with the right entry name gave SIGSEGV) is refused
// in one line, never run.
#include <cstddef>
#include <string>

namespace stereocl {

// What a module's file holds, and its table begins with, for the program to find: "stereocl
// module build " and the project's version and commit (core/os/module_build.cpp, compiled into the
// program and into each module).
// A function, not a global array: the program exports its symbols to the MP4 module, and two
// globals of one name (the program's and a module's) are an ODR violation AddressSanitizer stops.
// Hidden, so that each binary calls its own: exported, the module's call bound to the program's
// definition, and the entry point's stamp always matched whatever build the module was.
[[gnu::visibility("hidden")]] const char* module_build();

// Every table's first members.
struct ModuleStamp {
  const char* build;       // module_build(), as the module was compiled
  std::size_t table_size;  // sizeof the module's table
};

inline constexpr const char* kModuleEntrySymbol = "stereocl_module_entry";

// `file` (e.g. "stereocl-model.so") beside the program (a build folder) or where the package
// installs it (../lib/stereocl from the program's folder); the tests' executables also look in the
// build folder (tests/program_modules.cpp). No folder is compiled into the program, and none comes
// from the environment. Returns the module's table, or null with why_not: where it was looked for,
// that a place holds it but cannot be read, that it is cut short or another build's, or that
// it does not load.
const void* load_program_module(const char* file, std::size_t table_size, std::string& why_not);

template <class Table>
struct LoadedModule {
  const Table* table = nullptr;
  std::string why_not;  // where table is null
};

template <class Table>
LoadedModule<Table> load_module_table(const char* file) {
  LoadedModule<Table> loaded;
  loaded.table = static_cast<const Table*>(load_program_module(file, sizeof(Table), loaded.why_not));
  return loaded;
}

}  // namespace stereocl

// In the module, once: its entry point, returning `table`, a Table whose first member is
// ModuleStamp{module_build(), sizeof(Table)}.
#define STEREOCL_MODULE_ENTRY(Table, table)                                                        \
  extern "C" [[gnu::visibility("default"), gnu::used]] const void* stereocl_module_entry() {      \
    static_assert(sizeof(Table) > sizeof(stereocl::ModuleStamp));                                \
    return &(table);                                                                              \
  }
