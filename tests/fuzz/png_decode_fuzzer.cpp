// Bytes -> decode_png(): what a dropped or --depth file goes through once it has been read.
#include "fuzz_checks.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (!stereocl::fuzzing::png_decode_answer_is_sound(std::string_view(reinterpret_cast<const char*>(data), size)))
    std::abort();
  return 0;
}
