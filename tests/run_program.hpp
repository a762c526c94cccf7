#pragma once
// Runs the stereocl binary as a user would and captures what it says.
#include "test_files.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace stereocl::testing {

struct ProgramResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string read_text(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

inline std::string shell_quote(const std::string& word) {
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// `environment` is prefixed to the command, e.g. "STEREOCL_BREAK_KERNELS=1".
inline ProgramResult run_stereocl(const std::vector<std::string>& arguments, const std::string& environment = "") {
  static int counter = 0;
  const std::string out = scratch_file("stdout-" + std::to_string(counter));
  const std::string err = scratch_file("stderr-" + std::to_string(counter++));
  // STEREOCL_TEST_BINARY lets a prebuilt copy be tested elsewhere (the lent GPU machine).
  const char* binary = std::getenv("STEREOCL_TEST_BINARY");
  std::string command = environment + " " + shell_quote(binary ? binary : STEREOCL_BINARY);
  for (const auto& argument : arguments) command += " " + shell_quote(argument);
  command += " >" + shell_quote(out) + " 2>" + shell_quote(err) + " </dev/null";
  const int status = std::system(command.c_str());
  ProgramResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_text(out);
  result.err = read_text(err);
  return result;
}

// The program copied into `folder` with nothing else (no modules beside it); returns its path.
inline std::string copy_program_to(const std::filesystem::path& folder) {
  namespace fs = std::filesystem;
  fs::create_directories(folder);
  fs::copy_file(STEREOCL_BINARY, folder / "stereocl", fs::copy_options::overwrite_existing);
  return (folder / "stereocl").string();
}

}  // namespace stereocl::testing
