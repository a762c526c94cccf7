#include "files/picture/pnm_decode.hpp"

#include "files/picture/decoded_pixels.hpp"

#include <cctype>
#include <vector>

namespace stereocl {
namespace {

struct PnmHeader {
  char kind = 0;  // '5' grey, '6' colour
  std::uint64_t width = 0, height = 0, max_value = 0;
  std::size_t data_at = 0;  // the first byte of the pixel data
};

// The next decimal number after whitespace and # comments; nullopt past the end, on a
// non-digit, or over 9 digits (no netpbm number is larger).
std::optional<std::uint64_t> next_number(std::string_view bytes, std::size_t& at) {
  while (at < bytes.size() && (std::isspace(static_cast<unsigned char>(bytes[at])) || bytes[at] == '#')) {
    if (bytes[at] == '#')
      while (at < bytes.size() && bytes[at] != '\n') ++at;
    else
      ++at;
  }
  std::uint64_t value = 0;
  std::size_t digits = 0;
  for (; at < bytes.size() && std::isdigit(static_cast<unsigned char>(bytes[at])) && digits < 10; ++at, ++digits)
    value = value * 10 + static_cast<std::uint64_t>(bytes[at] - '0');
  if (digits == 0 || digits > 9) return std::nullopt;
  return value;
}

std::optional<PnmHeader> read_header(std::string_view bytes) {
  if (!looks_like_pnm(bytes) || (bytes[1] != '5' && bytes[1] != '6')) return std::nullopt;
  PnmHeader header;
  header.kind = bytes[1];
  std::size_t at = 2;
  const auto width = next_number(bytes, at), height = next_number(bytes, at), max_value = next_number(bytes, at);
  // One whitespace byte ends the header; the samples follow.
  if (!width || !height || !max_value || at >= bytes.size() || !std::isspace(static_cast<unsigned char>(bytes[at])))
    return std::nullopt;
  header.width = *width;
  header.height = *height;
  header.max_value = *max_value;
  header.data_at = at + 1;
  return header;
}

template <class Sample>
std::vector<Sample> scaled_samples(std::string_view data, std::size_t count, std::uint64_t max_value) {
  std::vector<Sample> samples(count);
  const std::uint64_t full = sizeof(Sample) == 1 ? 255 : 65535;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t v = sizeof(Sample) == 1 ? static_cast<unsigned char>(data[i])
                                          : (static_cast<std::uint64_t>(static_cast<unsigned char>(data[2 * i])) << 8) |
                                                static_cast<unsigned char>(data[2 * i + 1]);
    v = std::min(v, max_value);  // a sample above the maximum is out of the format: clamped
    samples[i] = static_cast<Sample>((v * full + max_value / 2) / max_value);
  }
  return samples;
}

}  // namespace

bool looks_like_pnm(std::string_view bytes) {
  return bytes.size() >= 2 && bytes[0] == 'P' && bytes[1] >= '1' && bytes[1] <= '7';
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> pnm_header_size(std::string_view bytes) {
  const auto header = read_header(bytes);
  if (!header || header->width > 0xFFFFFFFFu || header->height > 0xFFFFFFFFu) return std::nullopt;
  return std::pair{static_cast<std::uint32_t>(header->width), static_cast<std::uint32_t>(header->height)};
}

ImageLoad decode_pnm(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget) {
  // decode_image() sends only what looks_like_pnm(); a caller that comes straight here may not.
  if (!looks_like_pnm(bytes))
    return InputFailure{InputFailureKind::not_png, name + ": not a netpbm file (P1..P7 at its start)"};
  if (bytes[1] != '5' && bytes[1] != '6')
    return InputFailure{InputFailureKind::not_png, name + ": a netpbm P" + std::string(1, bytes[1]) +
                                                       " file; binary PGM (P5) and PPM (P6) are read"};
  const auto header = read_header(bytes);
  if (!header || header->max_value < 1 || header->max_value > 65535)
    return InputFailure{InputFailureKind::corrupt, name +
                                                       ": the PGM/PPM header is corrupt (P5 or P6, width, "
                                                       "height, and a maximum of 1..65535)"};
  if (const InputStatus allowed = size_allowed(header->width, header->height, name, budget, "PGM/PPM"); !allowed)
    return allowed.failure();
  const int channels = header->kind == '5' ? 1 : 3;
  const std::size_t count = header->width * header->height * static_cast<std::size_t>(channels);
  const std::size_t sample_bytes = header->max_value > 255 ? 2 : 1;
  if (bytes.size() - header->data_at < count * sample_bytes)
    return InputFailure{InputFailureKind::corrupt,
                        name + ": truncated (" + std::to_string(bytes.size() - header->data_at) +
                            " bytes of pixel data, " + std::to_string(count * sample_bytes) + " needed)"};
  const std::string_view data = bytes.substr(header->data_at);
  const int width = static_cast<int>(header->width), height = static_cast<int>(header->height);
  if (sample_bytes == 1)
    return from_samples(scaled_samples<std::uint8_t>(data, count, header->max_value).data(), width, height, channels,
                        target);
  return from_samples(scaled_samples<std::uint16_t>(data, count, header->max_value).data(), width, height, channels,
                      target);
}

}  // namespace stereocl
