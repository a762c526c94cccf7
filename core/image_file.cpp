#include "core/image_file.hpp"

#include <stb_image.h>
#include <stb_image_write.h>

#include <memory>

namespace stereocl {
namespace {

constexpr int kMaxSide = 16384;

// BT.601 luma in fixed point; the same weights as the OpenCL luma kernel.
std::uint16_t luma16(std::uint16_t r, std::uint16_t g, std::uint16_t b) {
  return static_cast<std::uint16_t>((19595u * r + 38470u * g + 7471u * b + 32768u) >> 16);
}

}  // namespace

std::variant<LoadedImage, std::string> load_image(const std::string& path) {
  int width = 0, height = 0, channels = 0;
  if (!stbi_info(path.c_str(), &width, &height, &channels)) {
    const char* why = stbi_failure_reason();
    return path + ": cannot read it as an image (" + (why ? why : "unknown reason") +
           "); give a PNG file";
  }
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    return path + ": size " + std::to_string(width) + "x" + std::to_string(height) +
           " is outside 1.." + std::to_string(kMaxSide) + " pixels per side";

  // Loading at 16 bits keeps 16-bit depth maps exact; 8-bit files are widened by stb (x257).
  std::unique_ptr<stbi_us, void (*)(void*)> pixels(
      stbi_load_16(path.c_str(), &width, &height, &channels, 4), stbi_image_free);
  if (!pixels) {
    const char* why = stbi_failure_reason();
    return path + ": the image data is corrupt (" + (why ? why : "unknown reason") + ")";
  }

  LoadedImage loaded;
  loaded.is_grey = channels <= 2;
  loaded.rgba = RgbaImage(width, height);
  loaded.grey = GreyImage(width, height);
  loaded.grey16 = Image<std::uint16_t>(width, height);
  for (std::size_t i = 0; i < loaded.rgba.pixels.size(); ++i) {
    const stbi_us* p = pixels.get() + 4 * i;
    const auto to8 = [](stbi_us v) { return static_cast<std::uint8_t>((v + 128u) / 257u); };
    loaded.rgba.pixels[i] = Rgba8{to8(p[0]), to8(p[1]), to8(p[2]), to8(p[3])};
    loaded.grey16.pixels[i] = loaded.is_grey ? p[0] : luma16(p[0], p[1], p[2]);
    loaded.grey.pixels[i] = to8(loaded.grey16.pixels[i]);
  }
  return loaded;
}

std::string save_png(const std::string& path, const RgbaImage& image) {
  if (image.empty()) return path + ": nothing to save (the image is empty)";
  if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(), image.width * 4))
    return path + ": cannot write the PNG (is the folder there and writable?)";
  return {};
}

}  // namespace stereocl
