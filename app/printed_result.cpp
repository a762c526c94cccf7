#include "app/printed_result.hpp"

#include "core/os/standard_streams.hpp"

#include <cstdio>
#include <string>

namespace stereocl {

bool prints_its_result(const Options& options) {
  return (options.list_devices && options.json_file.empty()) || options.bench || options.output_file == kStandardStream;
}

int refuse_closed_stdout() {
  std::fprintf(stderr, "stereocl: standard output is closed, and this command's result goes there\n");
  return 1;
}

int with_stdout_written(int code) {
  const std::string failed = stdout_failure();
  if (failed.empty()) return code;
  std::fprintf(stderr, "stereocl: standard output: %s\n", failed.c_str());
  return code == 0 ? 1 : code;
}

}  // namespace stereocl
