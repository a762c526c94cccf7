#pragma once
// What every fuzz input must give, shared by the libFuzzer targets and the test that replays
// their corpus (tests/fuzz_corpus_test.cpp), so both hold the code to the same promise.
#include "config/options.hpp"
#include "files/picture/jpeg_decode.hpp"
#include "files/picture/tiff_decode.hpp"
#include "files/picture/webp_decode.hpp"
#include "files/model/model_mesh.hpp"
#include "files/picture/png_codec.hpp"
#include "files/picture/pnm_decode.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl::fuzzing {

// One decoder the fuzzers reach straight, past the format sniffing of files/picture/image_decode.hpp.
using Decoder = ImageLoad (*)(std::string_view bytes, const std::string& name, PixelTarget target,
                              const DecodeBudget& budget);
struct DecoderTarget {
  const char* name;  // the fuzz target's, and its corpus folder's: tests/fuzz/corpus/<name>/
  Decoder decode;
};
inline constexpr DecoderTarget kDecoderTargets[] = {{"png_decode", decode_png},
                                                    {"jpeg_decode", decode_jpeg},
                                                    {"webp_decode", decode_webp},
                                                    {"tiff_decode", decode_tiff},
                                                    {"pnm_decode", decode_pnm}};

inline Decoder decoder_named(std::string_view name) {
  for (const DecoderTarget& target : kDecoderTargets)
    if (target.name == name) return target.decode;
  return nullptr;
}

// A picture of consistent size in the one form asked for, or a one-line refusal that names the file.
// The decoder's own time budget is kept under the fuzzer's 10 s timeout, so a slow input (a 16k
// seed under the sanitizers) must be given up on soundly, not hang.
// RGBA8 is what patterns are decoded into, and a pattern is at most 1024 wide (pipeline/image_roles).
inline bool decode_answer_is_sound(Decoder decode, std::string_view bytes, PixelTarget target) {
  DecodeBudget budget;
  budget.time = std::chrono::milliseconds(4000);
  if (target == PixelTarget::rgba8) {
    budget.max_width = 1024;
    budget.width_rule = "a pattern is at most 1024 wide";
  }
  const ImageLoad result = decode(bytes, "fuzz.img", target, budget);
  if (!result) return result.error().rfind("fuzz.img: ", 0) == 0 && result.error().find('\n') == std::string::npos;
  const LoadedImage& image = *result;
  const bool grey = target == PixelTarget::grey16;
  const int width = grey ? image.grey16.width : image.rgba.width,
            height = grey ? image.grey16.height : image.rgba.height;
  const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  return pixels > 0 && (grey ? image.grey16.pixels.size() : image.rgba.pixels.size()) == pixels &&
         (grey ? image.rgba.pixels.empty() : image.grey16.pixels.empty());
}

inline bool decode_answer_is_sound(Decoder decode, std::string_view bytes) {
  return decode_answer_is_sound(decode, bytes, PixelTarget::grey16) &&
         decode_answer_is_sound(decode, bytes, PixelTarget::rgba8);
}

// The bytes split into arguments at NUL bytes, so any option can meet any value.
inline std::vector<std::string> split_arguments(std::string_view bytes) {
  std::vector<std::string> arguments(1);
  for (char c : bytes) {
    if (c == '\0') arguments.emplace_back();
    else arguments.back() += c;
  }
  return arguments;
}

// Options, or a request to exit; a refusal (code 2) must say why. Throwing fails the caller.
inline bool command_line_answer_is_sound(std::string_view bytes) {
  const auto parsed = parse_command_line(split_arguments(bytes));
  const auto* exit = parsed.ok() ? nullptr : &parsed.failure();
  return !exit || exit->code == 0 || !exit->message.empty();
}

// The bytes as a --config file: Options, or a refusal of one short printable line. The file
// lives in memory (memfd), so the fuzzer is not bound by a disk.
inline bool config_text_answer_is_sound(std::string_view bytes) {
  const int fd = ::memfd_create("fuzz.toml", MFD_CLOEXEC);
  if (fd < 0) return false;
  bool written = true;
  for (std::size_t done = 0; done < bytes.size() && written;) {
    const ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
    written = wrote > 0;
    done += wrote > 0 ? static_cast<std::size_t>(wrote) : 0;
  }
  const auto parsed = parse_command_line({"--config", "/proc/self/fd/" + std::to_string(fd)});
  ::close(fd);
  if (!written) return false;
  const auto* exit = parsed.ok() ? nullptr : &parsed.failure();
  if (!exit) return true;
  const std::string& message = exit->message;
  return exit->code == 2 && !message.empty() && message.size() < 1024 && message.find('\n') == std::string::npos &&
         std::none_of(message.begin(), message.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
}

// A folder of this process's own for the model files, removed when the process ends.
class ScratchFolder {
 public:
  ScratchFolder() : path_(std::filesystem::temp_directory_path() / ("stereocl-fuzz-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The bytes as a model file: a first line naming a format (obj, gltf, glb, ply or stl) picks the
// extension, by which load_model() picks Assimp's reader, and the rest is the file; without
// one, all of it is an OBJ file. Written where load_model() reads it, as --model FILE would.
inline std::string write_model_file(std::string_view bytes) {
  static const ScratchFolder folder;
  std::string extension = "obj";
  const std::size_t newline = bytes.find('\n');
  const std::string_view head = bytes.substr(0, newline == std::string_view::npos ? 0 : newline);
  for (const std::string_view format : {"obj", "gltf", "glb", "ply", "stl"})
    if (head == format) {
      extension = format;
      bytes.remove_prefix(newline + 1);
    }
  const std::string path = (folder.path() / ("fuzz." + extension)).string();
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return path;
}

// What the turntable may assume of any model: triangles, indices inside the vertices, a unit
// normal a vertex, and every point finite and inside the unit sphere about the box's centre.
inline bool model_is_sound(const ModelMesh& mesh) {
  bool sound =
      mesh.triangle_count() > 0 && mesh.indices.size() % 3 == 0 && mesh.normals.size() == mesh.positions.size();
  for (const std::uint32_t index : mesh.indices) sound = sound && index < mesh.positions.size();
  glm::vec3 low(INFINITY), high(-INFINITY);
  for (const glm::vec3& p : mesh.positions) {
    sound = sound && std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z) && glm::length(p) <= 1.0001f;
    low = glm::min(low, p);
    high = glm::max(high, p);
  }
  for (const glm::vec3& n : mesh.normals) sound = sound && std::abs(glm::length(n) - 1.f) < 1e-3f;
  return sound && glm::length(low + high) < 1e-4f;
}

// A normalised model, or a one-line refusal that starts with the file's name. Assimp's time is
// kept well under the fuzzer's 10 s timeout, so a reader that never finishes is given up on
// soundly, and short, since mutated PLY headers often make it loop: each such input costs that.
inline bool model_load_answer_is_sound(std::string_view bytes) {
  const std::string path = write_model_file(bytes);
  ModelLimits limits;
  limits.time = std::chrono::milliseconds(1500);
  const Result<ModelMesh> mesh = load_model(path, limits);
  std::filesystem::remove(path);
  if (!mesh) return mesh.error().rfind(path + ": ", 0) == 0 && mesh.error().find('\n') == std::string::npos;
  return model_is_sound(*mesh);
}

}  // namespace stereocl::fuzzing
