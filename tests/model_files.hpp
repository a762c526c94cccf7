#pragma once
// Tiny model files in every format the loader reads, written byte by byte: the loader's tests
// and the model fuzzer's seeds (tests/fuzz/corpus/model_load/) are these files.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace stereocl::testing {

// A unit cube of six quads: 12 triangles once triangulated.
inline std::string obj_cube() {
  return "# a cube\n"
         "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
         "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n";
}

// A square pyramid, its base a quad: 6 triangles.
inline std::string ply_pyramid() {
  return "ply\nformat ascii 1.0\nelement vertex 5\nproperty float x\nproperty float y\nproperty float z\n"
         "element face 5\nproperty list uchar int vertex_indices\nend_header\n"
         "0 0 0\n2 0 0\n2 2 0\n0 2 0\n1 1 3\n"
         "4 0 3 2 1\n3 0 1 4\n3 1 2 4\n3 2 3 4\n3 3 0 4\n";
}

// The tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1): 4 triangles.
inline const float* tetrahedron_corners() {
  static const float corners[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  return corners;
}
inline const std::uint16_t* tetrahedron_faces() {
  static const std::uint16_t faces[] = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
  return faces;
}

inline std::string stl_ascii_tetrahedron() {
  std::string text = "solid tetrahedron\n";
  for (int f = 0; f < 4; ++f) {
    text += " facet normal 0 0 0\n  outer loop\n";
    for (int k = 0; k < 3; ++k) {
      const float* p = tetrahedron_corners() + 3 * tetrahedron_faces()[3 * f + k];
      text += "   vertex " + std::to_string(p[0]) + " " + std::to_string(p[1]) + " " + std::to_string(p[2]) + "\n";
    }
    text += "  endloop\n endfacet\n";
  }
  return text + "endsolid tetrahedron\n";
}

template <class T>
void append_raw(std::string& bytes, const T& value) {
  bytes.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Binary STL: an 80-byte header, a count, then 50 bytes a facet (normal, corners, attribute).
inline std::string stl_binary_tetrahedron() {
  std::string bytes(80, ' ');
  append_raw(bytes, std::uint32_t{4});
  for (int f = 0; f < 4; ++f) {
    for (int i = 0; i < 3; ++i) append_raw(bytes, 0.f);
    for (int k = 0; k < 3; ++k)
      for (int i = 0; i < 3; ++i) append_raw(bytes, tetrahedron_corners()[3 * tetrahedron_faces()[3 * f + k] + i]);
    append_raw(bytes, std::uint16_t{0});
  }
  return bytes;
}

// The glTF buffer: the corners (4 x VEC3 float) then the faces (12 x unsigned short).
inline std::string tetrahedron_buffer() {
  std::string bytes(reinterpret_cast<const char*>(tetrahedron_corners()), 12 * sizeof(float));
  bytes.append(reinterpret_cast<const char*>(tetrahedron_faces()), 12 * sizeof(std::uint16_t));
  return bytes;
}

inline std::string base64(const std::string& bytes) {
  static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t left = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (std::size_t k = 0; k < 3; ++k) group = group << 8 | (k < left ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= left ? digits[(group >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

// The tetrahedron placed by a node that stretches it 3 times along z: the loader must apply it.
// `twice`: placed again by a second node, beside the first.
inline std::string gltf_json(const std::string& buffer_uri, bool twice = false) {
  const std::string uri = buffer_uri.empty() ? "" : R"(,"uri":")" + buffer_uri + "\"";
  const std::string nodes =
      twice ? R"("scenes":[{"nodes":[0,1]}],"nodes":[{"mesh":0,"translation":[5,0,0],"scale":[1,1,3]},)"
              R"({"mesh":0,"translation":[-5,0,0],"scale":[1,1,3]}],)"
            : R"("scenes":[{"nodes":[0]}],"nodes":[{"mesh":0,"translation":[5,0,0],"scale":[1,1,3]}],)";
  return R"({"asset":{"version":"2.0"},"scene":0,)" + nodes +
         R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],)"
         R"("buffers":[{"byteLength":72)" +
         uri +
         R"(}],)"
         R"("bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":48,"target":34962},)"
         R"({"buffer":0,"byteOffset":48,"byteLength":24,"target":34963}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3","min":[0,0,0],"max":[1,1,1]},)"
         R"({"bufferView":1,"componentType":5123,"count":12,"type":"SCALAR"}]})";
}

inline std::string gltf_tetrahedron(bool twice = false) {
  return gltf_json("data:application/octet-stream;base64," + base64(tetrahedron_buffer()), twice);
}

// GLB: a 12-byte header, then a JSON chunk (padded with spaces) and a BIN chunk, each 4-aligned.
inline std::string glb_tetrahedron() {
  std::string json = gltf_json("");
  json.append((4 - json.size() % 4) % 4, ' ');
  std::string bin = tetrahedron_buffer();
  bin.append((4 - bin.size() % 4) % 4, '\0');
  std::string bytes = "glTF";
  append_raw(bytes, std::uint32_t{2});
  append_raw(bytes, static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + bin.size()));
  append_raw(bytes, static_cast<std::uint32_t>(json.size()));
  bytes += "JSON" + json;
  append_raw(bytes, static_cast<std::uint32_t>(bin.size()));
  bytes += std::string("BIN\0", 4) + bin;
  return bytes;
}

}  // namespace stereocl::testing
