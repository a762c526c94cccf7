#pragma once
// Reads a whole input file into memory, ONCE, through one descriptor: so a pipe such as
// `--depth <(cat x.png)` works, and the checks made on the descriptor hold for the bytes read.
//
// What is read, and why:
// - a regular file: up to `max_bytes`, refused beforehand by its size if larger;
// - an anonymous pipe (process substitution `<(...)`, /dev/fd/N, /dev/stdin from a pipe): read
//   with the same size cap, waiting for a slow writer as pamstereogram does (a caller that must
//   go on, the window's file drop, gives a time budget);
// - whatever the kind, a caller may check the first bytes (an image's format) before the rest is
//   read: `yes | stereocl --depth -` read 1 GiB before it was refused.
// - a named pipe (mkfifo) is refused without reading: it can wait forever for a writer, and a
//   user who means it can give `<(cat FIFO)` instead;
// - directories, devices and sockets are refused as "not a regular file";
// - "-" is standard input (`stereocl --depth - < map.png`, or a pipe into it), read like a file or
//   a pipe of its kind (a FIFO redirected into it too: the shell has already opened it), and
//   named "stdin" in messages; a terminal is refused, as nobody types an image.
#include "core/result.hpp"

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace stereocl {

// One kind per thing a user can do about it; the decoder (files/picture/png_codec.hpp) adds the last two.
enum class InputFailureKind {
  missing, permission_denied, not_regular_file, too_large, timed_out, read_error, not_png, corrupt
};

struct InputFailure {
  InputFailureKind kind;
  std::string message;  // one line naming the path, e.g. "x.png: is a directory, not a file"
};

// What a check of an input file returns: fine, or the failure with its kind.
using InputStatus = Result<void, InputFailure>;

// How many bytes a start check sees (fewer where the input is shorter).
inline constexpr std::size_t kStartBytes = 32;

struct ReadBudget {
  std::size_t max_bytes = std::size_t{1} << 30;
  std::optional<std::chrono::milliseconds> pipe_timeout;  // none: wait for the writer
  // Judges the first kStartBytes before the rest is read; an input shorter than that is left to its reader.
  InputStatus (*check_start)(std::string_view start, const std::string& name) = nullptr;
};

// The path that means standard input (as an input) or standard output (as an output).
inline constexpr std::string_view kStandardStream = "-";
// How messages name an input path: "stdin" for "-", else the path.
std::string input_name(const std::string& path);

// The file's bytes, or why they cannot be read.
Result<std::string, InputFailure> read_input_file(const std::string& path, const ReadBudget& budget = {});

}  // namespace stereocl
