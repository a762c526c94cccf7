#pragma once
// What every fuzz input must give, shared by the libFuzzer targets and the test that replays
// their corpus (tests/fuzz_corpus_test.cpp), so both hold the code to the same promise.
#include "config/options.hpp"
#include "core/png_codec.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl::fuzzing {

// A picture of consistent size in the one form asked for, or a one-line refusal that names the file.
// The decoder's own time budget is kept under the fuzzer's 10 s timeout, so a slow input (a 16k
// seed under the sanitizers) must be given up on soundly, not hang.
// RGBA8 is what patterns are decoded into, and a pattern is at most 1024 wide (app/image_roles).
inline bool png_decode_answer_is_sound(std::string_view bytes, PixelTarget target) {
  DecodeBudget budget;
  budget.time = std::chrono::milliseconds(4000);
  if (target == PixelTarget::rgba8) {
    budget.max_width = 1024;
    budget.width_rule = "a pattern is at most 1024 wide";
  }
  const ImageLoad result = decode_png(bytes, "fuzz.png", target, budget);
  if (!result) return result.error().rfind("fuzz.png: ", 0) == 0 && result.error().find('\n') == std::string::npos;
  const LoadedImage& image = *result;
  const bool grey = target == PixelTarget::grey16;
  const int width = grey ? image.grey16.width : image.rgba.width, height = grey ? image.grey16.height : image.rgba.height;
  const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  return pixels > 0 && (grey ? image.grey16.pixels.size() : image.rgba.pixels.size()) == pixels &&
         (grey ? image.rgba.pixels.empty() : image.grey16.pixels.empty());
}

inline bool png_decode_answer_is_sound(std::string_view bytes) {
  return png_decode_answer_is_sound(bytes, PixelTarget::grey16) && png_decode_answer_is_sound(bytes, PixelTarget::rgba8);
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

// The bytes as a --config file: Options, or a refusal of one short printable line. The file
// lives in memory (memfd), so the fuzzer is not bound by a disk.
inline bool config_text_answer_is_sound(std::string_view bytes) {
  const int fd = ::memfd_create("fuzz.toml", MFD_CLOEXEC);
  if (fd < 0) return false;
  bool written = true;
  for (std::size_t done = 0; done < bytes.size() && written;) {
    const ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
    written = wrote > 0;
    done += wrote > 0 ? static_cast<std::size_t>(wrote) : 0;
  }
  const auto parsed = parse_command_line({"--config", "/proc/self/fd/" + std::to_string(fd)});
  ::close(fd);
  if (!written) return false;
  const auto* exit = std::get_if<ExitRequest>(&parsed);
  if (!exit) return true;
  const std::string& message = exit->message;
  return exit->code == 2 && !message.empty() && message.size() < 1024 && message.find('\n') == std::string::npos &&
         std::none_of(message.begin(), message.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
}

}  // namespace stereocl::fuzzing
