#pragma once
// A 3D model as a depth source: triangles read from OBJ, glTF/GLB, PLY or STL through Assimp,
// or made by code (files/model/built_in_models.hpp). Whatever its origin, a ModelMesh is handed on
// normalised: its bounding box centred at the origin and its bounding sphere of radius 1, so the
// turntable (render/model_renderer.hpp) frames every model alike.
#include "core/result.hpp"

#include <glm/glm.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace stereocl {

struct ModelMesh {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;      // one a position, unit length: Scene mode's lighting
  std::vector<std::uint32_t> indices;  // three a triangle, each below positions.size()

  std::size_t triangle_count() const { return indices.size() / 3; }
};

// What a model file may cost, checked before the work it would cause: the file's size before
// Assimp reads it, the triangles (and the vertices they may bring) from Assimp's counts before
// anything is copied, and the time Assimp may take (it reads in a child process, which is killed
// then: some cut-short files make its readers loop for ever). Tests pass smaller limits rather
// than write files of that size.
struct ModelLimits {
  std::uint64_t max_file_bytes = std::uint64_t{256} << 20;
  std::uint64_t max_triangles = 5'000'000;
  // Nodes placed in the scene graph, each instance counted: far more than any real model has, few
  // enough that walking them costs nothing.
  std::uint64_t max_nodes = 1'000'000;
  // Room for the largest file allowed on a slow core; a reader still busy then is taken for one
  // that never finishes.
  std::chrono::milliseconds time{30000};
  // What Assimp's child may map beyond what it was born with (RLIMIT_AS): a model of the largest
  // size allowed fits, a reader that runs away (a PLY declaring 5e8 vertices took 5.9 GB) stops
  // here, and with what the child shares with the program it stays under 1.5 GB.
  std::uint64_t max_memory_bytes = std::uint64_t{1280} << 20;
  // Vertices that no triangle shares cost as much again: three a triangle is what a file with no
  // shared vertex needs (STL always, OBJ as Assimp reads it).
  std::uint64_t max_vertices() const { return 3 * max_triangles; }
};

// The file extensions load_model() reads, for --help and messages: "OBJ, glTF, GLB, PLY, STL".
const char* model_formats();
// Whether `path` ends in one of their extensions (any case): what a dropped file is tried as.
bool has_model_extension(const std::string& path);

// OBJ, glTF/GLB, PLY or STL, by extension: triangles in model space (node transforms applied,
// polygons triangulated, normals made where the file has none), normalised. Refusals are one
// line naming the file and the rule: "model.obj: 6000000 triangles; at most 5000000". Assimp
// reads in a child process (core/os/isolated_call.hpp), from the model module the first model loads
// (files/model/model_reader_module.hpp): a reader that hangs or crashes is a refusal too, and nothing it
// prints reaches the program's output.
Result<ModelMesh> load_model(const std::string& path, const ModelLimits& limits = {});

// Centres the bounding box at the origin and scales about it so the farthest point is at
// distance 1. A mesh whose points all coincide is only moved to the origin.
ModelMesh normalised(ModelMesh mesh);

// Area-weighted vertex normals of the triangles (a vertex no triangle uses gets +z).
std::vector<glm::vec3> vertex_normals(const std::vector<glm::vec3>& positions,
                                      const std::vector<std::uint32_t>& indices);

}  // namespace stereocl
