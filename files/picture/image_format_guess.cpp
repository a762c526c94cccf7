#include "files/picture/image_format_guess.hpp"

#include <array>
#include <cctype>

namespace stereocl {
namespace {

using namespace std::string_view_literals;

struct Magic {
  std::string_view prefix;
  std::string_view name;
};

constexpr std::array kMagics{
    Magic{"\xFF\xD8\xFF"sv, "a JPEG image"},         Magic{"GIF87a"sv, "a GIF image"},
    Magic{"GIF89a"sv, "a GIF image"},                Magic{"#?RADIANCE"sv, "a Radiance HDR image"},
    Magic{"#?RGBE"sv, "a Radiance HDR image"},       Magic{"BM"sv, "a BMP image"},
    Magic{"II*\0"sv, "a TIFF image"},                Magic{"MM\0*"sv, "a TIFF image"},
    Magic{"qoif"sv, "a QOI image"},                  Magic{"8BPS"sv, "a Photoshop (PSD) image"},
    Magic{"\x8AMNG"sv, "an MNG animation"},          Magic{"\0\0\0\x0CjP  "sv, "a JPEG 2000 image"},
};

bool is_pnm(std::string_view bytes) {
  return bytes.size() >= 3 && bytes[0] == 'P' && bytes[1] >= '1' && bytes[1] <= '7' &&
         std::isspace(static_cast<unsigned char>(bytes[2]));
}

bool is_webp(std::string_view bytes) {
  return bytes.size() >= 12 && bytes.substr(0, 4) == "RIFF" && bytes.substr(8, 4) == "WEBP";
}

bool has_tga_footer(std::string_view bytes) {
  constexpr std::string_view footer("TRUEVISION-XFILE.\0", 18);
  return bytes.size() >= footer.size() && bytes.substr(bytes.size() - footer.size()) == footer;
}

bool is_tga_type(unsigned char type) {
  return type == 1 || type == 2 || type == 3 || type == 9 || type == 10 || type == 11;
}

bool is_tga_bits(unsigned char bits) { return bits == 8 || bits == 15 || bits == 16 || bits == 24 || bits == 32; }

// TGA has no magic number: a v2 file ends with a footer, and a v1 header has a narrow set of
// colour-map and image-type values, which is as much as stb looked at when it accepted one.
bool is_tga(std::string_view bytes) {
  if (has_tga_footer(bytes)) return true;
  if (bytes.size() < 18) return false;
  const auto colour_map = static_cast<unsigned char>(bytes[1]);
  const auto type = static_cast<unsigned char>(bytes[2]);
  const auto bits = static_cast<unsigned char>(bytes[16]);
  return colour_map <= 1 && is_tga_type(type) && is_tga_bits(bits);
}

}  // namespace

std::optional<std::string> guess_image_format(std::string_view bytes) {
  for (const Magic& magic : kMagics)
    if (bytes.substr(0, magic.prefix.size()) == magic.prefix) return std::string(magic.name);
  if (is_pnm(bytes)) return "a PNM (PBM/PGM/PPM/PAM) image";
  if (is_webp(bytes)) return "a WebP image";
  if (is_tga(bytes)) return "a TGA image";
  return std::nullopt;
}

bool looks_like_jpeg(std::string_view bytes) { return bytes.size() >= 3 && bytes.substr(0, 3) == "\xFF\xD8\xFF"; }

bool looks_like_webp(std::string_view bytes) {
  return bytes.size() >= 12 && bytes.substr(0, 4) == "RIFF" && bytes.substr(8, 4) == "WEBP";
}

bool looks_like_tiff(std::string_view bytes) {
  return bytes.size() >= 4 &&
         (bytes.substr(0, 4) == std::string_view("II*\0", 4) || bytes.substr(0, 4) == std::string_view("MM\0*", 4));
}

}  // namespace stereocl
