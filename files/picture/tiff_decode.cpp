#include "files/picture/tiff_decode.hpp"

#include "files/picture/decoded_pixels.hpp"

#include <tiffio.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

namespace stereocl {
namespace {

// libtiff reads through these from the bytes in memory; it never writes.
struct MemoryFile {
  std::string_view bytes;
  toff_t at = 0;
};

tsize_t read_from(thandle_t handle, tdata_t buffer, tsize_t size) {
  auto& file = *static_cast<MemoryFile*>(handle);
  const auto count = static_cast<tsize_t>(
      std::min<toff_t>(static_cast<toff_t>(size), file.bytes.size() - std::min<toff_t>(file.at, file.bytes.size())));
  if (count > 0) std::memcpy(buffer, file.bytes.data() + file.at, static_cast<std::size_t>(count));
  file.at += static_cast<toff_t>(count);
  return count;
}
tsize_t write_nothing(thandle_t, tdata_t, tsize_t) { return 0; }
toff_t seek_to(thandle_t handle, toff_t offset, int whence) {
  auto& file = *static_cast<MemoryFile*>(handle);
  const toff_t base = whence == SEEK_CUR ? file.at : whence == SEEK_END ? file.bytes.size() : 0;
  file.at = base + offset;
  return file.at;
}
int close_nothing(thandle_t) { return 0; }
toff_t size_of(thandle_t handle) { return static_cast<MemoryFile*>(handle)->bytes.size(); }
int map_nothing(thandle_t, tdata_t*, toff_t*) { return 0; }
void unmap_nothing(thandle_t, tdata_t, toff_t) {}

struct TiffClose {
  void operator()(TIFF* tiff) const { TIFFClose(tiff); }
};
using Tiff = std::unique_ptr<TIFF, TiffClose>;

Tiff open_tiff(MemoryFile& file) {
  // Silenced process-wide: a hostile file's complaints would otherwise flood stderr.
  TIFFSetWarningHandler(nullptr);
  TIFFSetErrorHandler(nullptr);
  return Tiff(TIFFClientOpen("memory", "rm", &file, read_from, write_nothing, seek_to, close_nothing, size_of,
                             map_nothing, unmap_nothing));
}

InputFailure corrupt(const std::string& name) {
  return {InputFailureKind::corrupt, name + ": the TIFF data is corrupt or uses a layout libtiff cannot read"};
}

// One-channel 8- or 16-bit grey, in strips: read row by row, exactly.
template <class Sample>
std::optional<LoadedImage> read_grey_rows(TIFF* tiff, int width, int height, bool white_is_zero, PixelTarget target) {
  std::vector<Sample> samples(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  if (static_cast<std::size_t>(TIFFScanlineSize(tiff)) != static_cast<std::size_t>(width) * sizeof(Sample))
    return std::nullopt;
  for (int y = 0; y < height; ++y)
    if (TIFFReadScanline(tiff, samples.data() + static_cast<std::size_t>(y) * width, static_cast<std::uint32_t>(y)) < 0)
      return std::nullopt;
  if (white_is_zero)
    for (Sample& s : samples) s = static_cast<Sample>(~s);
  return from_samples(samples.data(), width, height, 1, target);
}

std::optional<LoadedImage> read_rgba(TIFF* tiff, int width, int height, PixelTarget target) {
  std::vector<std::uint32_t> raster(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  if (!TIFFReadRGBAImageOriented(tiff, static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height),
                                 raster.data(), ORIENTATION_TOPLEFT, 1))  // a strip that fails reading fails the file
    return std::nullopt;
  std::vector<std::uint8_t> samples(raster.size() * 4);
  for (std::size_t i = 0; i < raster.size(); ++i) {
    const std::uint32_t p = raster[i];
    samples[4 * i] = static_cast<std::uint8_t>(TIFFGetR(p));
    samples[4 * i + 1] = static_cast<std::uint8_t>(TIFFGetG(p));
    samples[4 * i + 2] = static_cast<std::uint8_t>(TIFFGetB(p));
    samples[4 * i + 3] = static_cast<std::uint8_t>(TIFFGetA(p));
  }
  return from_samples(samples.data(), width, height, 4, target);
}

// Grey in strips, rows top first: read as it is, exactly. Anything else (colour, tiled, another
// orientation, other bit depths) through libtiff's RGBA reader, which turns and scales it.
std::optional<LoadedImage> read_pixels(TIFF* tiff, int width, int height, PixelTarget target) {
  std::uint16_t bits = 1, channels = 1, photometric = 0, orientation = ORIENTATION_TOPLEFT;
  TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &channels);
  TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &photometric);
  TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &orientation);
  const bool white_is_zero = photometric == PHOTOMETRIC_MINISWHITE;
  const bool grey = channels == 1 && orientation == ORIENTATION_TOPLEFT && !TIFFIsTiled(tiff) &&
                    (photometric == PHOTOMETRIC_MINISBLACK || white_is_zero);
  if (grey && bits == 8) return read_grey_rows<std::uint8_t>(tiff, width, height, white_is_zero, target);
  if (grey && bits == 16) return read_grey_rows<std::uint16_t>(tiff, width, height, white_is_zero, target);
  return read_rgba(tiff, width, height, target);
}

}  // namespace

std::optional<std::pair<std::uint32_t, std::uint32_t>> tiff_header_size(std::string_view bytes) {
  MemoryFile file{bytes};
  const Tiff tiff = open_tiff(file);
  std::uint32_t width = 0, height = 0;
  if (!tiff || !TIFFGetField(tiff.get(), TIFFTAG_IMAGEWIDTH, &width) ||
      !TIFFGetField(tiff.get(), TIFFTAG_IMAGELENGTH, &height))
    return std::nullopt;
  return std::pair{width, height};
}

ImageLoad decode_tiff(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget) {
  MemoryFile file{bytes};
  const Tiff tiff = open_tiff(file);
  std::uint32_t width = 0, height = 0;
  if (!tiff || !TIFFGetField(tiff.get(), TIFFTAG_IMAGEWIDTH, &width) ||
      !TIFFGetField(tiff.get(), TIFFTAG_IMAGELENGTH, &height))
    return corrupt(name);
  if (const InputStatus allowed = size_allowed(width, height, name, budget, "TIFF"); !allowed) return allowed.failure();
  std::uint16_t format = SAMPLEFORMAT_UINT;
  TIFFGetFieldDefaulted(tiff.get(), TIFFTAG_SAMPLEFORMAT, &format);
  if (format != SAMPLEFORMAT_UINT)
    return InputFailure{InputFailureKind::corrupt, name +
                                                       ": TIFF samples that are not unsigned integers "
                                                       "(signed or floating point); save it as 8- or 16-bit unsigned"};
  std::optional<LoadedImage> loaded =  // not const: the pixels are moved out, not copied
      read_pixels(tiff.get(), static_cast<int>(width), static_cast<int>(height), target);
  if (!loaded) return corrupt(name);
  return std::move(*loaded);
}

}  // namespace stereocl
