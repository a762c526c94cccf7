// Bytes -> one image decoder (STEREOCL_FUZZ_DECODER names its row of fuzz_checks.hpp's table):
// what a dropped, --depth or --pattern file goes through once it has been read and recognised.
#include "fuzz_checks.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const stereocl::fuzzing::Decoder decode = stereocl::fuzzing::decoder_named(STEREOCL_FUZZ_DECODER);
  if (!decode ||
      !stereocl::fuzzing::decode_answer_is_sound(decode, std::string_view(reinterpret_cast<const char*>(data), size)))
    std::abort();
  return 0;
}
