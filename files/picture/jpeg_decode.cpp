#include "files/picture/jpeg_decode.hpp"

#include "files/picture/decoded_pixels.hpp"

#include <turbojpeg.h>

#include <memory>
#include <vector>

namespace stereocl {
namespace {

struct Decompressor {
  void operator()(void* handle) const { tjDestroy(handle); }
};
using TurboJpeg = std::unique_ptr<void, Decompressor>;

struct JpegHeader {
  int width = 0, height = 0, colourspace = 0;
};

std::optional<JpegHeader> read_header(void* handle, std::string_view bytes) {
  JpegHeader header;
  int subsampling = 0;
  if (tjDecompressHeader3(handle, reinterpret_cast<const unsigned char*>(bytes.data()),
                          static_cast<unsigned long>(bytes.size()), &header.width, &header.height, &subsampling,
                          &header.colourspace) != 0 ||
      header.width < 1 || header.height < 1)
    return std::nullopt;
  return header;
}

InputFailure corrupt(const std::string& name, void* handle) {
  return {InputFailureKind::corrupt, name + ": the JPEG data is corrupt (" + std::string(tjGetErrorStr2(handle)) + ")"};
}

// CMYK JPEGs hold their inks inverted (Adobe's convention, which Photoshop and Pillow write):
// 255 is no ink. Without the file's colour profile the plain formula is all there is, the one
// libjpeg-turbo's own tools use: R = C'K'/255 on the stored values.
std::vector<unsigned char> rgb_from_stored_cmyk(const std::vector<unsigned char>& cmyk) {
  std::vector<unsigned char> rgb(cmyk.size() / 4 * 3);
  for (std::size_t from = 0, to = 0; from + 3 < cmyk.size(); from += 4, to += 3) {
    const unsigned k = cmyk[from + 3];
    for (std::size_t i = 0; i < 3; ++i) rgb[to + i] = static_cast<unsigned char>((cmyk[from + i] * k + 127) / 255);
  }
  return rgb;
}

}  // namespace

std::optional<std::pair<std::uint32_t, std::uint32_t>> jpeg_header_size(std::string_view bytes) {
  const TurboJpeg handle(tjInitDecompress());
  const auto header = handle ? read_header(handle.get(), bytes) : std::nullopt;
  if (!header) return std::nullopt;
  return std::pair{static_cast<std::uint32_t>(header->width), static_cast<std::uint32_t>(header->height)};
}

ImageLoad decode_jpeg(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget) {
  const TurboJpeg handle(tjInitDecompress());
  if (!handle) return InputFailure{InputFailureKind::corrupt, name + ": libjpeg-turbo could not start"};
  const auto header = read_header(handle.get(), bytes);
  if (!header) return corrupt(name, handle.get());
  if (const InputStatus allowed = size_allowed(static_cast<std::uint64_t>(header->width),
                                               static_cast<std::uint64_t>(header->height), name, budget, "JPEG");
      !allowed)
    return allowed.failure();
  // A greyscale file decodes to one channel, exactly; colour to RGB, whose luma is ours; CMYK
  // (print workflows save it) to CMYK, which libjpeg-turbo leaves to us.
  const bool grey = header->colourspace == TJCS_GRAY;
  const bool cmyk = header->colourspace == TJCS_CMYK || header->colourspace == TJCS_YCCK;
  const int channels = grey ? 1 : cmyk ? 4 : 3;
  std::vector<unsigned char> samples(static_cast<std::size_t>(header->width) *
                                     static_cast<std::size_t>(header->height) * static_cast<std::size_t>(channels));
  if (tjDecompress2(handle.get(), reinterpret_cast<const unsigned char*>(bytes.data()),
                    static_cast<unsigned long>(bytes.size()), samples.data(), header->width, 0, header->height,
                    grey ? TJPF_GRAY : cmyk ? TJPF_CMYK : TJPF_RGB, TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING) != 0)
    return corrupt(name, handle.get());
  if (cmyk) samples = rgb_from_stored_cmyk(samples);
  return from_samples(samples.data(), header->width, header->height, cmyk ? 3 : channels, target);
}

}  // namespace stereocl
