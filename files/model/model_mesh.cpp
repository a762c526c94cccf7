#include "files/model/model_mesh.hpp"

#include "core/os/isolated_call.hpp"
#include "core/os/program_module.hpp"
#include "core/printable_text.hpp"
#include "files/model/model_reader_module.hpp"

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

glm::vec3 unit_or(glm::vec3 v, glm::vec3 otherwise) {
  const float length = glm::length(v);
  return std::isfinite(length) && length > 0.f ? v / length : otherwise;
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

// The child's answer (its layout: files/model/model_reader_module.hpp), held to the same rules as if it came from a file: counts within the
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

// Loaded once, by the first model read and not before: a still of a depth map or the ball never
// maps Assimp. In the program, not in the reading child: the dynamic loader is not safe to call
// after a fork in a program with threads (the window's loader thread forks).
const LoadedModule<ModelTable>& model_reader() {
  static const LoadedModule<ModelTable> reader = load_module_table<ModelTable>(kModelModuleFile);
  return reader;
}

Result<ModelMesh> import_model(const std::string& path, const ModelLimits& limits) {
  const LoadedModule<ModelTable>& reader = model_reader();
  if (!reader.table) return failure("cannot read model files here: " + reader.why_not);
  const auto read_in_child = [&] {
    std::string bytes;
    reader.table->read(path, limits, bytes);
    return bytes;
  };
  const Result<std::string> answer =
      run_isolated(read_in_child, {limits.time, largest_answer(limits), limits.max_memory_bytes});
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
