// The model module (files/model/model_reader_module.hpp): Assimp reads the file, the limits are checked
// from Assimp's own counts before the work they bound, and the triangles are copied into the
// answer the program parses. It runs in load_model()'s child process.
#include "files/model/model_reader_module.hpp"

#include "core/printable_text.hpp"
#include "files/model/model_folder_io.hpp"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace stereocl {
namespace {

// What the scene would become, counted from Assimp's own numbers before anything is copied: a
// polygon of n corners is n - 2 triangles, and a mesh counts once for every node that places it.
struct SceneCounts {
  std::uint64_t triangles = 0;
  std::uint64_t vertices = 0;
};

std::uint64_t triangles_of(const aiMesh& mesh) {
  std::uint64_t triangles = 0;
  for (unsigned i = 0; i < mesh.mNumFaces; ++i)
    if (mesh.mFaces[i].mNumIndices >= 3) triangles += mesh.mFaces[i].mNumIndices - 2;
  return triangles;
}

// Calls `visit(node, transform)` for every node under the root, parents first, without recursion
// (a hostile file's hierarchy may be deep). Stops, returning false, past `max_nodes` placed
// nodes: a node placed under many parents counts each time, so a shared subtree cannot multiply.
template <class Visit>
bool for_each_node(const aiScene& scene, std::uint64_t max_nodes, Visit&& visit) {
  std::vector<std::pair<const aiNode*, aiMatrix4x4>> stack{{scene.mRootNode, scene.mRootNode->mTransformation}};
  for (std::uint64_t placed = 1; !stack.empty();) {
    const auto [node, transform] = stack.back();
    stack.pop_back();
    visit(*node, transform);
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
      if (!node->mChildren[i]) continue;
      if (++placed > max_nodes) return false;
      stack.emplace_back(node->mChildren[i], transform * node->mChildren[i]->mTransformation);
    }
  }
  return true;
}

Result<SceneCounts> count_scene(const aiScene& scene, const ModelLimits& limits) {
  std::vector<std::uint64_t> mesh_triangles(scene.mNumMeshes);
  for (unsigned i = 0; i < scene.mNumMeshes; ++i) mesh_triangles[i] = triangles_of(*scene.mMeshes[i]);
  SceneCounts counts;
  bool bad_mesh_index = false;
  const bool whole = for_each_node(scene, limits.max_nodes, [&](const aiNode& node, const aiMatrix4x4&) {
    for (unsigned i = 0; i < node.mNumMeshes; ++i) {
      const unsigned mesh = node.mMeshes[i];
      bad_mesh_index = bad_mesh_index || mesh >= scene.mNumMeshes;
      if (mesh >= scene.mNumMeshes) continue;
      counts.triangles += mesh_triangles[mesh];
      counts.vertices += scene.mMeshes[mesh]->mNumVertices;
    }
  });
  if (bad_mesh_index) return failure("a node names a mesh the file does not have");
  if (!whole)
    return failure("over " + std::to_string(limits.max_nodes) + " nodes; at most " + std::to_string(limits.max_nodes));
  return counts;
}

std::optional<std::string> count_refusal(const SceneCounts& counts, const ModelLimits& limits) {
  if (counts.triangles == 0) return std::string("no triangles; a model needs at least one");
  if (counts.triangles > limits.max_triangles)
    return std::to_string(counts.triangles) + " triangles; at most " + std::to_string(limits.max_triangles);
  if (counts.vertices > limits.max_vertices())
    return std::to_string(counts.vertices) + " vertices; at most " + std::to_string(limits.max_vertices());
  return std::nullopt;
}

glm::vec3 to_vec3(const aiVector3D& v) { return {v.x, v.y, v.z}; }

// The normal matrix of a node's transform: its 3x3 part, inverted and transposed.
aiMatrix3x3 normal_matrix(const aiMatrix4x4& transform) {
  aiMatrix3x3 matrix(transform);
  return matrix.Inverse().Transpose();
}

// One placed mesh appended: its triangles (faces of other sizes, points and lines, are left
// out), its points in model space, and its normals where the file has them.
Status append_mesh(const aiMesh& mesh, const aiMatrix4x4& transform, ModelMesh& out) {
  const auto base = static_cast<std::uint32_t>(out.positions.size());
  for (unsigned i = 0; i < mesh.mNumFaces; ++i) {
    const aiFace& face = mesh.mFaces[i];
    if (face.mNumIndices != 3) continue;
    for (unsigned k = 0; k < 3; ++k) {
      if (face.mIndices[k] >= mesh.mNumVertices) return failure("a face names a vertex the mesh does not have");
      out.indices.push_back(base + face.mIndices[k]);
    }
  }
  for (unsigned i = 0; i < mesh.mNumVertices; ++i) out.positions.push_back(to_vec3(transform * mesh.mVertices[i]));
  if (!mesh.mNormals) return Status{};
  const aiMatrix3x3 to_model = normal_matrix(transform);
  for (unsigned i = 0; i < mesh.mNumVertices; ++i) out.normals.push_back(to_vec3(to_model * mesh.mNormals[i]));
  return Status{};
}

// Every placed mesh, in model space. Normals only where every mesh has them: the parent makes
// them from the triangles otherwise, for all meshes alike.
Result<ModelMesh> copy_scene(const aiScene& scene, const SceneCounts& counts, const ModelLimits& limits) {
  ModelMesh out;
  out.positions.reserve(counts.vertices);
  out.indices.reserve(3 * counts.triangles);
  Status copied;
  bool every_mesh_has_normals = true;
  (void)for_each_node(scene, limits.max_nodes, [&](const aiNode& node, const aiMatrix4x4& transform) {
    for (unsigned i = 0; i < node.mNumMeshes && copied; ++i) {
      const aiMesh& mesh = *scene.mMeshes[node.mMeshes[i]];
      every_mesh_has_normals = every_mesh_has_normals && mesh.mNormals;
      copied = append_mesh(mesh, transform, out);
    }
  });
  if (!copied) return failure(copied.error());
  if (!every_mesh_has_normals || out.normals.size() != out.positions.size()) out.normals.clear();
  return out;
}

// Why Assimp read nothing, in our words: it says nothing for some cut-short files and "No
// suitable reader found" for a broken one whose extension it knows.
std::string reader_failure(const std::string& said, const std::string& refused, const std::string& path,
                           const ModelLimits& limits) {
  if (!refused.empty()) return "it names " + refused;
  if (said.find("bad_alloc") != std::string::npos)
    return "reading it needed more than the " + std::to_string(limits.max_memory_bytes >> 20) +
           " MiB of memory a model may take";
  std::string kind = std::filesystem::path(path).extension().string();
  kind = kind.empty() ? "model" : kind.substr(1);
  std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return std::toupper(c); });
  if (said.empty()) return "it is not a whole " + kind + " file (cut short or damaged; the reader gave no detail)";
  if (said.find("No suitable reader found") != std::string::npos)
    return "it is not a valid " + kind + " file: no reader recognises its content";
  return "it is not a model the reader can use: " + printable(said, 160);
}

// In the child: reads, counts, then triangulates and copies: the limits hold before the work
// they bound.
Result<ModelMesh> import_scene(const std::string& path, const ModelLimits& limits) {
  Assimp::Importer importer;  // Assimp logs nothing unless a logger is made (DefaultLogger::create): none is
  auto* files = new ModelFolderIo(path, limits.max_file_bytes);
  importer.SetIOHandler(files);  // the importer owns it
  const aiScene* scene = importer.ReadFile(path, 0);
  if (!scene || !scene->mRootNode)
    return failure(reader_failure(importer.GetErrorString(), files->refused(), path, limits));
  const Result<SceneCounts> counts = count_scene(*scene, limits);
  if (!counts) return failure(counts.error());
  if (auto refused = count_refusal(*counts, limits)) return failure(*refused);
  scene = importer.ApplyPostProcessing(aiProcess_Triangulate);
  if (!scene) return failure("Assimp cannot triangulate it: " + printable(importer.GetErrorString(), 160));
  return copy_scene(*scene, *counts, limits);
}

// --- What crosses from the child: 'E' and a refusal, or 'M', the counts and the arrays.

template <class T>
void append_array(std::string& bytes, const std::vector<T>& values) {
  bytes.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

std::string serialised(const Result<ModelMesh>& mesh) {
  if (!mesh) return "E" + mesh.error();
  const std::uint64_t counts[] = {mesh->positions.size(), mesh->indices.size(), mesh->normals.empty() ? 0u : 1u};
  std::string bytes = "M";
  bytes.append(reinterpret_cast<const char*>(counts), sizeof counts);
  append_array(bytes, mesh->positions);
  append_array(bytes, mesh->normals);
  append_array(bytes, mesh->indices);
  return bytes;
}

}  // namespace
}  // namespace stereocl

namespace stereocl {
namespace {

void read_model(const std::string& path, const ModelLimits& limits, std::string& answer) {
  answer = serialised(import_scene(path, limits));
}

const ModelTable kTable{{module_build(), sizeof(ModelTable)}, read_model};

}  // namespace
}  // namespace stereocl

STEREOCL_MODULE_ENTRY(stereocl::ModelTable, stereocl::kTable)
