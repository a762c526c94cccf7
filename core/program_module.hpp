#pragma once
// A module of the program's own (a shared object built with it and shipped beside it), loaded the
// first time its work is asked for, so that every start does not pay to load the libraries only
// it needs: MP4 recording (FFmpeg's, record/mp4_module.hpp), 3D model files (Assimp's,
// core/model_reader_module.hpp), JPEG, WebP and TIFF files (core/codec_module.hpp) and --text's
// letters (core/text_module.hpp).
#include <initializer_list>
#include <string>

namespace stereocl {

struct ProgramModule {
  void* handle = nullptr;  // dlopen's; never closed: what the module made must outlive it
  // Where handle is null: what was looked for where, why it did not load, or the entry point it lacks.
  std::string why_not;
};

// `file` (e.g. "stereocl-model.so") beside the program (a build folder), where the package
// installs it (../lib/stereocl from the program's folder), or, in the tests' executables only, in
// the build folder (tests/program_modules.cpp). No folder is compiled into the program: a
// packaged program must not load code from where it was built, nor from a folder the
// environment names. A file that lacks one of `entries` is not this program's module, and is not
// used. A place that holds the file but cannot be read is said so, not called missing.
ProgramModule load_program_module(const char* file, std::initializer_list<const char*> entries);

// The module's entry point `name` as type `Entry`, or nullptr where it has none.
void* program_module_symbol(const ProgramModule& module, const char* name);
template <class Entry>
Entry program_module_entry(const ProgramModule& module, const char* name) {
  return reinterpret_cast<Entry>(program_module_symbol(module, name));
}

// A module whose one entry point, `entry`, returns a table of its functions: the table, or why
// there is none (where the module does not load or lacks the entry).
template <class Table>
struct ModuleTable {
  const Table* table = nullptr;
  std::string why_not;  // where table is null
};
template <class Table>
ModuleTable<Table> load_module_table(const char* file, const char* entry) {
  const ProgramModule module = load_program_module(file, {entry});
  const auto table_of = program_module_entry<const Table* (*)()>(module, entry);
  return {table_of ? table_of() : nullptr, module.why_not};
}

}  // namespace stereocl
