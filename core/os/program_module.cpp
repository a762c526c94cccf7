#include "core/os/program_module.hpp"

#include "core/os/program_folder.hpp"
#include "core/os/unreadable_place.hpp"

#include <dlfcn.h>
#include <elf.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>
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

// A module is a few hundred KiB; anything far larger is not one of ours, and is not read whole.
constexpr std::uintmax_t kLargestModule = 64u << 20;

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

template <class Record>
std::optional<Record> record_at(const std::string& bytes, std::uint64_t offset) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(Record)) return std::nullopt;
  Record record;
  std::memcpy(&record, bytes.data() + offset, sizeof(Record));
  return record;
}

// How many bytes the file's own ELF headers say it holds: its section table's end and every
// loaded segment's; nothing where it is no 64-bit ELF file of this machine.
std::optional<std::uint64_t> elf_extent(const std::string& bytes) {
  const std::optional<Elf64_Ehdr> header = record_at<Elf64_Ehdr>(bytes, 0);
  if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_ident[EI_CLASS] != ELFCLASS64)
    return std::nullopt;
  std::uint64_t extent = header->e_shoff + std::uint64_t{header->e_shnum} * header->e_shentsize;
  for (std::uint64_t i = 0; i < header->e_phnum; ++i) {
    const std::optional<Elf64_Phdr> segment = record_at<Elf64_Phdr>(bytes, header->e_phoff + i * header->e_phentsize);
    if (!segment) return std::nullopt;  // the program headers themselves are cut off
    if (segment->p_type == PT_LOAD) extent = std::max(extent, segment->p_offset + segment->p_filesz);
  }
  return extent;
}

// Why the file at `place` must not be mapped, or nothing where it is whole and this build's.
std::optional<std::string> refusal(const fs::path& place) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(place, error);
  if (error) return place.string() + " cannot be read (" + error.message() + ")";
  if (size > kLargestModule) return place.string() + " is not stereocl's module (" + std::to_string(size) + " bytes)";
  std::ifstream in(place, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!in.eof() && !in) return place.string() + " cannot be read";
  const std::optional<std::uint64_t> extent = elf_extent(bytes);
  if (!extent) return place.string() + " is not a shared library of this machine";
  if (*extent > bytes.size())
    return place.string() + " is cut short (" + std::to_string(bytes.size()) + " of its " + std::to_string(*extent) +
           " bytes); reinstall stereocl";
  const std::string stamp(module_build(), std::strlen(module_build()) + 1);  // with its terminating zero
  if (bytes.find(stamp) == std::string::npos)
    return place.string() + " is another build's module, not this program's; reinstall stereocl";
  return std::nullopt;
}

// The table of the module at `place`, checked first, or null with why.
const void* load_from(const fs::path& place, std::size_t table_size, std::string& why_not) {
  if (std::optional<std::string> refused = refusal(place)) {
    why_not = *refused;
    return nullptr;
  }
  // Never closed: what the module made must outlive it.
  void* handle = dlopen(place.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    why_not = place.string() + " does not load (" + (why ? why : "no reason given") + ")";
    return nullptr;
  }
  const auto entry = reinterpret_cast<const void* (*)()>(dlsym(handle, kModuleEntrySymbol));
  const void* table = entry ? entry() : nullptr;
  ModuleStamp stamp{};
  if (table) std::memcpy(&stamp, table, sizeof stamp);
  if (!table || !stamp.build || std::strcmp(stamp.build, module_build()) != 0 || stamp.table_size != table_size) {
    why_not = place.string() + " is not this program's module (its entry point differs)";
    return nullptr;
  }
  return table;
}

}  // namespace

const void* load_program_module(const char* file, std::size_t table_size, std::string& why_not) {
  std::string unreadable;  // the first place that holds something this user cannot read
  for (const fs::path& place : module_places(file)) {
    std::error_code error;
    if (fs::is_regular_file(place, error)) return load_from(place, table_size, why_not);
    if (unreadable.empty()) unreadable = unreadable_place(place);
  }
  why_not = !unreadable.empty() ? std::string("its module ") + file + ": " + unreadable
                                : std::string("its module ") + file + " is neither beside the program nor in " +
                                      STEREOCL_MODULE_DIR_FROM_BINARY + " from it";
  return nullptr;
}

}  // namespace stereocl
