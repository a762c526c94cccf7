// Bytes -> a --config file -> parse_command_line(). It must never throw, crash, take more than
// the fuzzer's memory limit, or answer with more than one short printable line.
#include "fuzz_checks.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (!stereocl::fuzzing::config_text_answer_is_sound(std::string_view(reinterpret_cast<const char*>(data), size)))
    std::abort();
  return 0;
}
