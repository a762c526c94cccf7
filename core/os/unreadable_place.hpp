#pragma once
// A file or folder the program looks for where it ships (a module, the presets) can be there and
// still not be readable: a folder of mode 700 that another user owns, a link that loops. Saying
// "neither beside the program nor in ../lib/stereocl" of a file that is there sent the user to
// look for a missing install.
#include <filesystem>
#include <string>

namespace stereocl {

// "" where `place` can be read (a folder: listed and entered) or is simply absent (ENOENT,
// ENOTDIR); else "PLACE cannot be read: strerror", the path made printable.
std::string unreadable_place(const std::filesystem::path& place);

}  // namespace stereocl
