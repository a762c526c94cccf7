#pragma once
// What every fuzz input must give, shared by the libFuzzer targets and the test that replays
// their corpus (tests/fuzz_corpus_test.cpp), so both hold the code to the same promise.
#include "app/options.hpp"
#include "core/png_codec.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl::fuzzing {

// A picture of consistent size, or a one-line refusal that names the file.
inline bool png_decode_answer_is_sound(std::string_view bytes) {
  const auto result = decode_png(bytes, "fuzz.png");
  if (const auto* failure = std::get_if<InputFailure>(&result))
    return failure->message.rfind("fuzz.png: ", 0) == 0 && failure->message.find('\n') == std::string::npos;
  const auto& image = std::get<LoadedImage>(result);
  const std::size_t pixels = static_cast<std::size_t>(image.rgba.width) * static_cast<std::size_t>(image.rgba.height);
  return pixels > 0 && image.rgba.pixels.size() == pixels && image.grey16.pixels.size() == pixels &&
         image.grey.pixels.size() == pixels;
}

// The bytes split into arguments at NUL bytes, so any option can meet any value.
inline std::vector<std::string> split_arguments(std::string_view bytes) {
  std::vector<std::string> arguments(1);
  for (char c : bytes) {
    if (c == '\0') arguments.emplace_back();
    else arguments.back() += c;
  }
  return arguments;
}

// Options, or a request to exit; a refusal (code 2) must say why. Throwing fails the caller.
inline bool command_line_answer_is_sound(std::string_view bytes) {
  const auto parsed = parse_command_line(split_arguments(bytes));
  const auto* exit = std::get_if<ExitRequest>(&parsed);
  return !exit || exit->code == 0 || !exit->message.empty();
}

}  // namespace stereocl::fuzzing
