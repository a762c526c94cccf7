// Bytes -> parse_command_line(), split into arguments at NUL bytes. It must never throw or crash.
#include "fuzz_checks.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (!stereocl::fuzzing::command_line_answer_is_sound(std::string_view(reinterpret_cast<const char*>(data), size)))
    std::abort();
  return 0;
}
