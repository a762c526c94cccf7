// Bytes -> a model file -> load_model(): what --model FILE and a dropped model go through.
#include "fuzz_checks.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (!stereocl::fuzzing::model_load_answer_is_sound(std::string_view(reinterpret_cast<const char*>(data), size)))
    std::abort();
  return 0;
}
