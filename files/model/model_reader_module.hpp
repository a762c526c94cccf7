#pragma once
// Model files are read by Assimp in a module of their own, stereocl-model.so (files/model/model_reader.cpp),
// which the program loads on its first model and calls in load_model()'s child process
// (files/model/model_mesh.cpp): Assimp and its Draco are 3.7 MB of every start's memory (relocated
// pages), and a still of a depth map or the ball never reads a model.
#include "core/os/program_module.hpp"
#include "files/model/model_mesh.hpp"

#include <string>

namespace stereocl {

// Reads `path` within `limits` and writes what crosses back to the program into `answer`:
// 'E' and a refusal (one line), or 'M', three uint64 counts (positions, indices, 1 where there
// are normals) and the arrays (positions, normals where counted, indices), in the host's layout.
// Triangles in model space, not yet checked or normalised: the program does that.
using ModelRead = void (*)(const std::string& path, const ModelLimits& limits, std::string& answer);

// The module's table (core/os/program_module.hpp).
struct ModelTable {
  ModuleStamp stamp;
  ModelRead read;
};

inline constexpr const char* kModelModuleFile = "stereocl-model.so";

}  // namespace stereocl
