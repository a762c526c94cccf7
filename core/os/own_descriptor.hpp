#pragma once
// An output path that names a file this program already holds open as stdout or stderr
// (/dev/stdout, /dev/stderr, /dev/fd/1, /proc/self/fd/2, or the redirected file by its own name).
// Such a path is the stream, not a file to replace: `-o /dev/stdout >> log.bin` renamed a new
// file over log.bin and lost what the shell meant to append to.
#include <string>

namespace stereocl {

// STDOUT_FILENO or STDERR_FILENO when `path` is the same file (device and inode) as that
// descriptor, else -1. A terminal or /dev/null counts too: writing to the descriptor is what
// opening it by name would have done.
int own_descriptor_for(const std::string& path);

// "stdout" or "stderr", for messages.
const char* descriptor_name(int fd);

}  // namespace stereocl
