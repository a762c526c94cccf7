#pragma once
// A module of the program's own (a shared object built with it and shipped beside it), loaded the
// first time its work is asked for, so that every start does not pay to load the libraries only
// it needs: MP4 recording (FFmpeg's, record/mp4_module.hpp) and 3D model files (Assimp's,
// core/model_reader_module.hpp).
#include <string>

namespace stereocl {

struct ProgramModule {
  void* handle = nullptr;  // dlopen's; never closed: what the module made must outlive it
  std::string why_not;     // where handle is null: what was looked for where, or why it did not load
};

// `file` (e.g. "stereocl-model.so") beside the program (a build folder), where the package
// installs it (../lib/stereocl from the program's folder), or in the folder STEREOCL_MODULE_DIR
// names (the tests' programs, which live below the build folder). No folder is compiled in: a
// packaged program must not load code from where it was built.
ProgramModule load_program_module(const char* file);

// The module's entry point `name` as type `Entry`, or nullptr where it has none.
void* program_module_symbol(const ProgramModule& module, const char* name);
template <class Entry>
Entry program_module_entry(const ProgramModule& module, const char* name) {
  return reinterpret_cast<Entry>(program_module_symbol(module, name));
}

}  // namespace stereocl
