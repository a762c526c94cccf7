#pragma once
// A PNG dropped onto the window: a grey one becomes the depth map, a colour one the pattern. The
// GLFW drop callback and the tests both come through here, so the tests cover what users get.
#include "pipeline/engine.hpp"
#include "files/picture/image_file.hpp"

#include <optional>
#include <string>

namespace stereocl {

enum class FileRole { depth_map, pattern };
const char* role_name(FileRole role);  // "depth map", "pattern"

// What was loaded and in which role, for the panel's "Loaded depth.png as depth map [Use as pattern]".
struct LoadedFile {
  std::string path;
  FileRole role;
};

struct DropResult {
  std::optional<LoadedFile> loaded;  // nullopt: the file could not be used and nothing changed
  std::string message;               // one line for the panel either way
};

DropResult handle_dropped_file(Engine& engine, const std::string& path);

// The second half of handle_dropped_file(), for an image loaded elsewhere (on a worker thread,
// pipeline/sources/background_image_load.hpp): a grey one becomes the depth map, a colour one the pattern.
DropResult use_dropped_image(Engine& engine, const std::string& path, const ImageLoad& loaded);

// Loads `file` again in its other role and, once that worked, undoes the old one (the ball comes
// back, or the random pattern). On failure nothing changes and the message says why.
DropResult swap_role(Engine& engine, const LoadedFile& file);

}  // namespace stereocl
