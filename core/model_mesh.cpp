#include "core/model_mesh.hpp"

#include "core/isolated_call.hpp"
#include "core/model_folder_io.hpp"
#include "core/printable_text.hpp"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>
#include <utility>

namespace stereocl {
namespace {

constexpr const char* kExtensions[] = {".obj", ".gltf", ".glb", ".ply", ".stl"};

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// Before Assimp opens anything: the file is there, a regular file, of an allowed size and format.
std::optional<std::string> file_refusal(const std::string& path, const ModelLimits& limits) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return std::string("cannot open it: ") + std::strerror(errno);
  if (!S_ISREG(info.st_mode)) return std::string("not a regular file");
  const auto bytes = static_cast<std::uint64_t>(info.st_size);
  if (bytes > limits.max_file_bytes)
    return std::to_string(bytes) + " bytes; at most " + std::to_string(limits.max_file_bytes);
  if (!has_model_extension(path))
    return std::string("not a model stereocl reads (") + model_formats() + ", by extension)";
  return std::nullopt;
}

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

glm::vec3 unit_or(glm::vec3 v, glm::vec3 otherwise) {
  const float length = glm::length(v);
  return std::isfinite(length) && length > 0.f ? v / length : otherwise;
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
  std::string kind = lower(std::filesystem::path(path).extension().string());
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

std::size_t largest_answer(const ModelLimits& limits) {
  return 1 + 3 * sizeof(std::uint64_t) + limits.max_vertices() * 2 * sizeof(glm::vec3) +
         3 * limits.max_triangles * sizeof(std::uint32_t);
}

template <class T>
void take_array(std::string_view& bytes, std::vector<T>& values, std::uint64_t count) {
  if (count == 0) return;  // memcpy into an empty vector's null data() is undefined, even of nothing
  values.resize(count);
  std::memcpy(values.data(), bytes.data(), count * sizeof(T));
  bytes.remove_prefix(count * sizeof(T));
}

// The child's answer, held to the same rules as if it came from a file: counts within the
// limits, the exact length they imply, every index inside the vertices.
Result<ModelMesh> parsed(std::string_view bytes, const ModelLimits& limits) {
  if (!bytes.empty() && bytes.front() == 'E') return failure(std::string(bytes.substr(1)));
  std::uint64_t counts[3] = {};
  if (bytes.size() < 1 + sizeof counts || bytes.front() != 'M') return failure("Assimp's reader gave no answer");
  std::memcpy(counts, bytes.data() + 1, sizeof counts);
  bytes.remove_prefix(1 + sizeof counts);
  const std::uint64_t vertices = counts[0], indices = counts[1], has_normals = counts[2];
  const bool fits = vertices <= limits.max_vertices() && indices <= 3 * limits.max_triangles && indices % 3 == 0 &&
                    has_normals <= 1 &&
                    bytes.size() == vertices * (1 + has_normals) * sizeof(glm::vec3) + indices * sizeof(std::uint32_t);
  if (!fits) return failure("Assimp's reader gave an answer of the wrong size");
  ModelMesh mesh;
  take_array(bytes, mesh.positions, vertices);
  take_array(bytes, mesh.normals, has_normals * vertices);
  take_array(bytes, mesh.indices, indices);
  if (std::any_of(mesh.indices.begin(), mesh.indices.end(), [&](std::uint32_t i) { return i >= vertices; }))
    return failure("a face names a vertex the model does not have");
  return mesh;
}

Status check_extent(const ModelMesh& mesh) {
  glm::vec3 low(INFINITY), high(-INFINITY);
  for (const glm::vec3& p : mesh.positions) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
      return failure("a vertex is not a finite number");
    low = glm::min(low, p);
    high = glm::max(high, p);
  }
  if (low == high) return failure("every vertex is at one point; a model needs extent");
  return Status{};
}

// In the parent: what the child copied, checked, lit and normalised.
Result<ModelMesh> finished(ModelMesh mesh) {
  if (mesh.indices.empty()) return failure("no triangles; a model needs at least one");
  if (Status extent = check_extent(mesh); !extent) return failure(extent.error());
  if (mesh.normals.size() != mesh.positions.size()) mesh.normals = vertex_normals(mesh.positions, mesh.indices);
  for (glm::vec3& normal : mesh.normals) normal = unit_or(normal, {0.f, 0.f, 1.f});
  return normalised(std::move(mesh));
}

Result<ModelMesh> import_model(const std::string& path, const ModelLimits& limits) {
  const Result<std::string> answer =
      run_isolated([&] { return serialised(import_scene(path, limits)); },
                   {limits.time, largest_answer(limits), limits.max_memory_bytes});
  if (!answer) return failure("Assimp's reader " + answer.error());
  Result<ModelMesh> mesh = parsed(*answer, limits);
  if (!mesh) return mesh;
  return finished(std::move(*mesh));
}

}  // namespace

bool has_model_extension(const std::string& path) {
  const std::string name = lower(path);
  return std::any_of(std::begin(kExtensions), std::end(kExtensions), [&](const char* extension) {
    const std::size_t length = std::strlen(extension);
    return name.size() > length && name.compare(name.size() - length, length, extension) == 0;
  });
}

const char* model_formats() { return "OBJ, glTF, GLB, PLY, STL"; }

Result<ModelMesh> load_model(const std::string& path, const ModelLimits& limits) {
  const std::string name = printable(path, 160);
  if (auto refused = file_refusal(path, limits)) return failure(name + ": " + *refused);
  Result<ModelMesh> mesh = import_model(path, limits);
  if (!mesh) return failure(name + ": " + mesh.error());
  return mesh;
}

ModelMesh normalised(ModelMesh mesh) {
  if (mesh.positions.empty()) return mesh;
  // In double: a file's coordinates may be near float's limits, where their differences are not.
  glm::dvec3 low(mesh.positions.front()), high(mesh.positions.front());
  for (const glm::vec3& p : mesh.positions) {
    low = glm::min(low, glm::dvec3(p));
    high = glm::max(high, glm::dvec3(p));
  }
  const glm::dvec3 centre = 0.5 * (low + high);
  double radius = 0.0;
  for (const glm::vec3& p : mesh.positions) radius = std::max(radius, glm::length(glm::dvec3(p) - centre));
  const double scale = radius > 0.0 ? 1.0 / radius : 1.0;
  for (glm::vec3& p : mesh.positions) p = glm::vec3((glm::dvec3(p) - centre) * scale);
  return mesh;
}

std::vector<glm::vec3> vertex_normals(const std::vector<glm::vec3>& positions,
                                      const std::vector<std::uint32_t>& indices) {
  std::vector<glm::vec3> normals(positions.size(), glm::vec3(0.f));
  for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
    const glm::vec3 a = positions[indices[i]], b = positions[indices[i + 1]], c = positions[indices[i + 2]];
    const glm::vec3 twice_area_normal = glm::cross(b - a, c - a);  // longer for larger triangles
    for (std::size_t k = 0; k < 3; ++k) normals[indices[i + k]] += twice_area_normal;
  }
  for (glm::vec3& normal : normals) normal = unit_or(normal, {0.f, 0.f, 1.f});
  return normals;
}

}  // namespace stereocl
