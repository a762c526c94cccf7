// Depth maps and patterns in the formats people have: the same picture saved by another tool
// (Pillow, tests/fixtures/images) as PNG, TIFF, PGM/PPM, WebP and JPEG decodes to the same
// pixels (JPEG within its loss), and every cut-short, oversized or unread file is refused in
// one line naming it.
#include "core/os/input_file.hpp"
#include "files/picture/image_decode.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace stereocl {
namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(STEREOCL_FIXTURES_DIR) + "/images/" + name, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  if (bytes.str().empty()) throw std::runtime_error("missing fixture " + name);
  return bytes.str();
}

LoadedImage decoded(const std::string& name, PixelTarget target) {
  ImageLoad result = decode_image(fixture(name), name, target);
  if (!result) throw std::runtime_error(result.error());
  return std::move(*result);
}

TEST(ImageDecode, SixteenBitGreyIsExactInPngTiffAndPgm) {
  const LoadedImage png = decoded("grey16.png", PixelTarget::grey16);
  ASSERT_EQ(png.grey16.width, 37);
  ASSERT_EQ(png.grey16.height, 23);
  for (const char* name : {"grey16.tif", "grey16.pgm"}) {
    const LoadedImage other = decoded(name, PixelTarget::grey16);
    EXPECT_EQ(other.grey16.pixels, png.grey16.pixels) << name;
    EXPECT_TRUE(other.is_grey && other.looks_grey) << name;
  }
}

// A valid CMYK JPEG (Pillow's, Adobe-inverted inks) was "the JPEG data is corrupt".
TEST(ImageDecode, CmykJpegDecodesToItsColours) {
  const LoadedImage cmyk = decoded("cmyk.jpg", PixelTarget::rgba8);
  ASSERT_EQ(cmyk.rgba.width, 16);
  ASSERT_EQ(cmyk.rgba.height, 16);
  // White (no ink), cyan, red (magenta and yellow), black: one 8x8 block each.
  const std::pair<std::pair<int, int>, Rgba8> blocks[] = {{{4, 4}, {255, 255, 255, 255}},
                                                          {{12, 4}, {0, 255, 255, 255}},
                                                          {{4, 12}, {255, 0, 0, 255}},
                                                          {{12, 12}, {0, 0, 0, 255}}};
  for (const auto& [at, expected] : blocks) {
    const Rgba8 got = cmyk.rgba.at(at.first, at.second);
    EXPECT_NEAR(got.r, expected.r, 6) << at.first << "," << at.second;
    EXPECT_NEAR(got.g, expected.g, 6) << at.first << "," << at.second;
    EXPECT_NEAR(got.b, expected.b, 6) << at.first << "," << at.second;
  }
  EXPECT_FALSE(cmyk.looks_grey);
}

TEST(ImageDecode, EightBitGreyIsExactInLosslessFormatsAndCloseInJpeg) {
  const LoadedImage png = decoded("grey8.png", PixelTarget::grey16);
  for (const char* name : {"grey8.tif", "grey8.webp"})
    EXPECT_EQ(decoded(name, PixelTarget::grey16).grey16.pixels, png.grey16.pixels) << name;
  const LoadedImage jpeg = decoded("grey8.jpg", PixelTarget::grey16);
  ASSERT_EQ(jpeg.grey16.pixels.size(), png.grey16.pixels.size());
  double error = 0;
  for (std::size_t i = 0; i < png.grey16.pixels.size(); ++i)
    error += std::abs(static_cast<double>(jpeg.grey16.pixels[i]) - png.grey16.pixels[i]) / 257.0;
  EXPECT_LT(error / png.grey16.pixels.size(), 6.0) << "mean error in 8-bit steps";
  EXPECT_TRUE(jpeg.looks_grey);
}

TEST(ImageDecode, ColourIsExactInPpmWebpAndTiffAndNotGrey) {
  const LoadedImage png = decoded("colour.png", PixelTarget::rgba8);
  for (const char* name : {"colour.ppm", "colour.webp", "colour.tif"}) {
    const LoadedImage other = decoded(name, PixelTarget::rgba8);
    EXPECT_EQ(other.rgba.pixels, png.rgba.pixels) << name;
    EXPECT_FALSE(other.looks_grey) << name;
    EXPECT_EQ(decoded(name, PixelTarget::grey16).grey16.pixels,
              decoded("colour.png", PixelTarget::grey16).grey16.pixels)
        << name << ": the same luma";
  }
}

TEST(ImageDecode, TheHeaderSizeOfEveryFormatIsReadWithoutDecoding) {
  for (const char* name : {"grey16.png", "grey16.tif", "grey16.pgm", "grey8.jpg", "grey8.webp", "colour.ppm"})
    EXPECT_EQ(image_header_size(fixture(name)), (std::pair<std::uint32_t, std::uint32_t>{37, 23})) << name;
}

TEST(ImageDecode, CutShortFilesAreRefusedInOneLineNamingThem) {
  for (const char* name : {"grey16.tif", "grey16.pgm", "grey8.jpg", "grey8.webp", "colour.ppm", "grey8.tif"}) {
    const std::string bytes = fixture(name);
    for (const std::size_t keep : {bytes.size() / 2, std::size_t{20}}) {
      const ImageLoad result = decode_image(bytes.substr(0, keep), name, PixelTarget::grey16);
      if (result) continue;  // a JPEG cut short may still decode (grey); what matters is no crash
      EXPECT_EQ(result.error().rfind(std::string(name) + ": ", 0), 0u) << result.error();
      EXPECT_EQ(result.error().find('\n'), std::string::npos) << result.error();
    }
  }
  const ImageLoad pgm = decode_image(fixture("grey16.pgm").substr(0, 200), "cut.pgm", PixelTarget::grey16);
  ASSERT_FALSE(pgm);
  EXPECT_NE(pgm.error().find("cut.pgm: truncated ("), std::string::npos);
}

TEST(ImageDecode, SizesBeyondTheBudgetAreRefusedFromTheHeader) {
  const ImageLoad huge = decode_image("P5\n20000 10\n255\n", "huge.pgm", PixelTarget::grey16);
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error(), "huge.pgm: the PGM/PPM header says 20000x10 pixels; images must be 1..16384 pixels per side");
  DecodeBudget narrow;
  narrow.max_width = 20;
  narrow.width_rule = "too wide for a pattern";
  const ImageLoad wide = decode_image(fixture("grey8.webp"), "p.webp", PixelTarget::rgba8, narrow);
  ASSERT_FALSE(wide);
  EXPECT_EQ(wide.error(), "p.webp: 37 pixels wide; too wide for a pattern");
  EXPECT_EQ(wide.failure().kind, InputFailureKind::too_large);
  const ImageLoad plain = decode_image("P2\n2 2\n255\n0 1 2 3\n", "plain.pgm", PixelTarget::grey16);
  ASSERT_FALSE(plain);
  EXPECT_NE(plain.error().find("binary PGM (P5) and PPM (P6) are read"), std::string::npos);
  const ImageLoad gif = decode_image("GIF89a....", "x.gif", PixelTarget::grey16);
  ASSERT_FALSE(gif);
  EXPECT_NE(gif.error().find("looks like a GIF image; PNG, JPEG"), std::string::npos);
}

}  // namespace
}  // namespace stereocl
