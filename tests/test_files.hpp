#pragma once
// Scratch files for tests: a fresh folder per test binary run, and small PNG makers.
#include "core/image.hpp"
#include "files/picture/image_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace stereocl::testing {

inline std::filesystem::path scratch_dir() {
  static const std::filesystem::path dir = [] {
    auto path = std::filesystem::temp_directory_path() / ("stereocl-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path);
    return path;
  }();
  return dir;
}

inline std::string scratch_file(const std::string& name) { return (scratch_dir() / name).string(); }

inline std::string write_png(const std::string& name, const RgbaImage& image) {
  const std::string path = scratch_file(name);
  const Status saved = save_png(path, image);
  EXPECT_TRUE(saved) << saved.error();
  return path;
}

// The picture in a PNG the test (or the program) wrote; an empty image and a test failure if
// it cannot be read.
inline RgbaImage read_png(const std::string& path) {
  auto loaded = load_image(path, PixelTarget::rgba8);
  if (!loaded) {
    ADD_FAILURE() << loaded.error();
    return {};
  }
  return loaded->rgba;
}

inline std::string write_grey_png(const std::string& name, int width, int height, std::uint8_t grey) {
  return write_png(name, RgbaImage(width, height, Rgba8{grey, grey, grey, 255}));
}

// Black at the left edge to white at the right: every depth in one picture.
inline std::string write_ramp_png(const std::string& name, int width, int height) {
  RgbaImage ramp(width, height);
  for (int y = 0; y < ramp.height; ++y)
    for (int x = 0; x < ramp.width; ++x) {
      const auto v = static_cast<std::uint8_t>((x * 255) / (ramp.width - 1));
      ramp.at(x, y) = Rgba8{v, v, v, 255};
    }
  return write_png(name, ramp);
}

inline std::string write_bytes(const std::string& name, const std::string& bytes) {
  const std::string path = scratch_file(name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

}  // namespace stereocl::testing
