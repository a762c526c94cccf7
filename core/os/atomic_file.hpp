#pragma once
// Writes an output file so that it is either wholly the new content or untouched: the bytes go to
// a temporary file in the target's directory, every write is checked, the data is fsync'ed, and
// only then is it renamed over the target. A full disk, a file size limit or an interrupted run
// therefore never leaves a truncated picture, and never loses the one that was there before.
//
// A target that exists and is not a regular file (/dev/stdout, /dev/full, a pipe) cannot be
// renamed over; it is written in place, still with every write checked.
#include "core/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace stereocl {

// A path naming the file already open as our stdout or stderr (/dev/stdout, /dev/fd/2, ...) is
// written to that descriptor, as "-" is, at its offset (appending after `>>`), never renamed over.
// A failure is one line "PATH: what failed: strerror". Refuses, before writing anything, a
// target that is the same file (device and inode) as one of `inputs`.
// "-" is standard output (write_standard_output), which no input can be.
Status write_atomically(const std::string& path, std::string_view bytes, const std::vector<std::string>& inputs = {});

// Standard output: the bytes written to descriptor 1, every write checked, nothing renamed.
Status write_standard_output(std::string_view bytes);

// The same for any open descriptor; a failure names "stdout" or "stderr".
Status write_descriptor(int fd, std::string_view bytes);

}  // namespace stereocl
