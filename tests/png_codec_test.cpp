// The PNG decoder and encoder (files/picture/png_codec) on every colour type and depth, and on the hostile
// files of issue 9: other formats under a PNG name, lying headers, decompression bombs, damage.
#include "files/picture/png_codec.hpp"
#include "png_bytes.hpp"
#include "random_images.hpp"

#include <gtest/gtest.h>
#include <spng.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

namespace stereocl {
namespace {

using testing::png_chunk;
using testing::png_file;
using testing::png_header;

LoadedImage decoded_or_fail(ImageLoad result) {
  if (!result) {
    ADD_FAILURE() << result.error();
    return {};
  }
  return std::move(*result);
}

InputFailure failure_of(const ImageLoad& result) {
  if (!result) return result.failure();
  ADD_FAILURE() << "decoded, but should have been refused";
  return {InputFailureKind::corrupt, ""};
}

// One sample per channel, `depth` bits each, packed big-endian into rows with filter byte 0.
std::string pack_rows(const std::vector<std::uint32_t>& samples, int width, int height, int channels, int depth) {
  std::string rows;
  std::size_t next = 0;
  for (int y = 0; y < height; ++y) {
    rows += '\0';
    std::uint32_t bits = 0;
    int filled = 0;
    for (int i = 0; i < width * channels; ++i) {
      const std::uint32_t sample = samples[next++];
      if (depth == 16) {
        rows += static_cast<char>(sample >> 8);
        rows += static_cast<char>(sample);
        continue;
      }
      bits = bits << depth | sample;
      filled += depth;
      if (filled == 8) rows += static_cast<char>(bits), bits = 0, filled = 0;
    }
    if (filled) rows += static_cast<char>(bits << (8 - filled));
  }
  return rows;
}

struct Format {
  int colour_type;  // 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
  int depth;
};

int channels_of(int colour_type) { return colour_type == 2 ? 3 : colour_type == 4 ? 2 : colour_type == 6 ? 4 : 1; }

// The 16-bit value a sample means: full scale is 65535 whatever the depth.
std::uint32_t to16(std::uint32_t sample, int depth) { return sample * 65535u / ((1u << depth) - 1u); }
std::uint8_t to8(std::uint32_t value16) { return static_cast<std::uint8_t>(std::lround(value16 / 257.0)); }

class EveryFormat : public ::testing::TestWithParam<Format> {};

// A PNG of random samples in one format and size, and what it was made from.
struct RandomPng {
  Format format{};
  int width = 0, height = 0;
  std::vector<std::uint32_t> samples;
  std::string palette, alphas;  // colour type 3 only
  std::string bytes;
};

RandomPng random_png(Format format, int width, int height) {
  const auto [colour_type, depth] = format;
  RandomPng png;
  png.format = format;
  png.width = width;
  png.height = height;
  const int channels = channels_of(colour_type);
  std::mt19937 random(static_cast<unsigned>(colour_type * 100 + depth + width));
  png.samples.resize(static_cast<std::size_t>(width * height * channels));
  const std::uint32_t top = colour_type == 3 ? std::min(255u, (1u << depth) - 1u) : (1u << depth) - 1u;
  for (auto& s : png.samples) s = std::uniform_int_distribution<std::uint32_t>(0, top)(random);
  for (std::uint32_t i = 0; i <= top && colour_type == 3; ++i) {
    for (int c = 0; c < 3; ++c) png.palette += static_cast<char>(random());
    png.alphas += static_cast<char>(random());
  }
  const std::string extra = colour_type == 3 ? png_chunk("PLTE", png.palette) + png_chunk("tRNS", png.alphas) : "";
  png.bytes =
      png_file(width, height, depth, colour_type, pack_rows(png.samples, width, height, channels, depth), extra);
  return png;
}

struct Rgba16 {
  std::uint32_t r, g, b, a;
};

// What pixel i's samples mean, at 16 bits a channel.
Rgba16 meaning_of_pixel(const RandomPng& png, int i) {
  const int channels = channels_of(png.format.colour_type);
  const int depth = png.format.depth;
  const std::uint32_t* s = png.samples.data() + i * channels;
  std::uint32_t r, g, b, a = 65535;
  if (png.format.colour_type == 3) {
    const auto entry = [&](const std::string& table, int at) { return static_cast<std::uint8_t>(table[at]) * 257u; };
    r = entry(png.palette, 3 * s[0]), g = entry(png.palette, 3 * s[0] + 1), b = entry(png.palette, 3 * s[0] + 2);
    a = entry(png.alphas, static_cast<int>(s[0]));
  } else if (channels <= 2) {
    r = g = b = to16(s[0], depth);
    if (channels == 2) a = to16(s[1], depth);
  } else {
    r = to16(s[0], depth), g = to16(s[1], depth), b = to16(s[2], depth);
    if (channels == 4) a = to16(s[3], depth);
  }
  return {r, g, b, a};
}

// all_grey: whether every pixel checked had equal red, green and blue.
void check_pixels(const RandomPng& png, const LoadedImage& image, const LoadedImage& grey, bool& all_grey) {
  for (int i = 0; i < png.width * png.height; ++i) {
    const auto [r, g, b, a] = meaning_of_pixel(png, i);
    const Rgba8 expected{to8(r), to8(g), to8(b), to8(a)};
    ASSERT_EQ(image.rgba.pixels[i], expected) << "pixel " << i << " of " << png.width << "x" << png.height;
    const double luma = 0.299 * r + 0.587 * g + 0.114 * b;
    ASSERT_NEAR(grey.grey16.pixels[i], image.is_grey ? r : luma, image.is_grey ? 0 : 2) << "pixel " << i;
    all_grey = all_grey && r == g && g == b;
  }
}

void check_decodes(const RandomPng& png) {
  const LoadedImage image = decoded_or_fail(decode_png(png.bytes, "t.png", PixelTarget::rgba8));
  const LoadedImage grey = decoded_or_fail(decode_png(png.bytes, "t.png", PixelTarget::grey16));
  ASSERT_EQ(image.rgba.width, png.width);
  ASSERT_EQ(image.rgba.height, png.height);
  ASSERT_EQ(grey.grey16.width, png.width);
  ASSERT_EQ(grey.grey16.height, png.height);
  EXPECT_TRUE(image.grey16.pixels.empty() && grey.rgba.pixels.empty());  // one form each, never both
  EXPECT_EQ(image.is_grey, png.format.colour_type == 0 || png.format.colour_type == 4);
  bool all_grey = true;
  check_pixels(png, image, grey, all_grey);
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_EQ(image.looks_grey, all_grey);
  EXPECT_EQ(grey.looks_grey, all_grey);
}

TEST_P(EveryFormat, DecodesToTheValuesTheSamplesMean) {
  for (const auto [width, height] : {std::pair{1, 1}, std::pair{17, 3}, std::pair{64, 9}}) {
    check_decodes(random_png(GetParam(), width, height));
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(
    ColourTypesAndDepths, EveryFormat,
    ::testing::Values(Format{0, 1}, Format{0, 2}, Format{0, 4}, Format{0, 8}, Format{0, 16}, Format{4, 8},
                      Format{4, 16}, Format{2, 8}, Format{2, 16}, Format{6, 8}, Format{6, 16}, Format{3, 1},
                      Format{3, 2}, Format{3, 4}, Format{3, 8}),
    [](const auto& info) {
      return "type" + std::to_string(info.param.colour_type) + "_" + std::to_string(info.param.depth) + "bit";
    });

TEST(PngCodec, SixteenBitGreyKeepsEveryValueExactly) {
  std::vector<std::uint32_t> samples(65536);
  for (std::uint32_t v = 0; v < samples.size(); ++v) samples[v] = v;
  const auto bytes = png_file(256, 256, 16, 0, pack_rows(samples, 256, 256, 1, 16));
  const LoadedImage image = decoded_or_fail(decode_png(bytes, "ramp.png", PixelTarget::grey16));
  ASSERT_EQ(image.grey16.pixels.size(), samples.size());
  for (std::uint32_t v = 0; v < samples.size(); ++v) ASSERT_EQ(image.grey16.pixels[v], v);
}

TEST(PngCodec, WhatItWritesReadsBackExactlyAtAwkwardSizes) {
  for (const auto [width, height] : {std::pair{1, 1}, std::pair{17, 3}, std::pair{1921, 1081}}) {
    const RgbaImage original = testing::random_rgba(width, height, 7);
    const Result<std::string> png = encode_png(original);
    ASSERT_TRUE(png) << png.error();
    const LoadedImage back = decoded_or_fail(decode_png(*png, "round.png", PixelTarget::rgba8));
    EXPECT_EQ(back.rgba.width, width);
    EXPECT_TRUE(back.rgba.pixels == original.pixels) << width << "x" << height;
  }
}

// Grey dots need one channel and an opaque picture three: the PNG's colour type (byte 25) is the
// smallest that holds the pixels, and they read back exactly from each.
TEST(PngCodec, GreyAndOpaquePicturesAreWrittenWithTheChannelsTheyNeed) {
  RgbaImage grey = testing::random_rgba(37, 11, 3), opaque = grey, translucent = grey;
  for (Rgba8& pixel : grey.pixels) pixel = {pixel.r, pixel.r, pixel.r, 255};
  for (Rgba8& pixel : opaque.pixels) pixel.a = 255;
  translucent.pixels[5].a = 254;
  const std::pair<const RgbaImage*, int> cases[] = {{&grey, 0}, {&opaque, 2}, {&translucent, 6}};
  for (const auto& [image, colour_type] : cases) {
    const Result<std::string> png = encode_png(*image);
    ASSERT_TRUE(png) << png.error();
    EXPECT_EQ(static_cast<unsigned char>((*png)[25]), colour_type);
    const LoadedImage back = decoded_or_fail(decode_png(*png, "channels.png", PixelTarget::rgba8));
    EXPECT_TRUE(back.rgba.pixels == image->pixels) << "colour type " << colour_type;
  }
  EXPECT_LT(encode_png(grey)->size(), encode_png(translucent)->size());
}

// Each row's filter byte, read back through zlib from the file's IDAT chunks.
std::vector<int> row_filters(const std::string& png, int width, int height, int channels) {
  std::string stream;
  for (std::size_t at = 8; at + 8 <= png.size();) {  // length, type, data, CRC
    const std::size_t length = static_cast<std::size_t>(static_cast<unsigned char>(png[at])) << 24 |
                               static_cast<std::size_t>(static_cast<unsigned char>(png[at + 1])) << 16 |
                               static_cast<std::size_t>(static_cast<unsigned char>(png[at + 2])) << 8 |
                               static_cast<unsigned char>(png[at + 3]);
    if (png.compare(at + 4, 4, "IDAT") == 0) stream += png.substr(at + 8, length);
    at += 12 + length;
  }
  std::vector<unsigned char> rows(static_cast<std::size_t>(height) * (1 + width * channels));
  uLongf size = rows.size();
  EXPECT_EQ(uncompress(rows.data(), &size, reinterpret_cast<const Bytef*>(stream.data()), stream.size()), Z_OK);
  std::vector<int> filters;
  for (int y = 0; y < height; ++y) filters.push_back(rows[static_cast<std::size_t>(y) * (1 + width * channels)]);
  return filters;
}

// Dots are written unfiltered (no neighbour predicts a dot; filtering cost time and size), smooth
// pictures with libspng's choice of filters, which pays there.
TEST(PngCodec, DotsAreWrittenUnfilteredAndSmoothPicturesFiltered) {
  RgbaImage dots = testing::random_rgba(301, 40, 5), ramp(301, 40);
  for (Rgba8& pixel : dots.pixels) pixel = {pixel.r, pixel.r, pixel.r, 255};
  for (int y = 0; y < ramp.height; ++y)
    for (int x = 0; x < ramp.width; ++x) {
      const auto v = static_cast<std::uint8_t>((x + 2 * y) / 3);
      ramp.at(x, y) = {v, v, v, 255};
    }
  const std::vector<int> dot_filters = row_filters(*encode_png(dots), dots.width, dots.height, 1);
  EXPECT_EQ(std::count(dot_filters.begin(), dot_filters.end(), 0), dots.height) << "every dot row unfiltered";
  const std::vector<int> ramp_filters = row_filters(*encode_png(ramp), ramp.width, ramp.height, 1);
  EXPECT_GT(std::count_if(ramp_filters.begin(), ramp_filters.end(), [](int f) { return f != 0; }), ramp.height / 2);
  const LoadedImage back = decoded_or_fail(decode_png(*encode_png(dots), "dots.png", PixelTarget::rgba8));
  EXPECT_TRUE(back.rgba.pixels == dots.pixels);
}

TEST(PngCodec, AnInterlacedFileDecodesLikeThePlainOne) {
  const RgbaImage original = testing::random_rgba(37, 23, 3);
  spng_ctx* encoder = spng_ctx_new(SPNG_CTX_ENCODER);
  spng_set_option(encoder, SPNG_ENCODE_TO_BUFFER, 1);
  spng_ihdr header{37, 23, 8, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, 0, 0, SPNG_INTERLACE_ADAM7};
  spng_set_ihdr(encoder, &header);
  ASSERT_EQ(spng_encode_image(encoder, original.pixels.data(), original.size_bytes(), SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE), 0);
  std::size_t length = 0;
  int error = 0;
  void* buffer = spng_get_png_buffer(encoder, &length, &error);
  const std::string bytes(static_cast<const char*>(buffer), length);
  std::free(buffer);
  spng_ctx_free(encoder);
  const LoadedImage back = decoded_or_fail(decode_png(bytes, "adam7.png", PixelTarget::rgba8));
  EXPECT_TRUE(back.rgba.pixels == original.pixels);
  // Depth maps arrive interlaced too: each pass fills only its own pixels of the grey picture.
  const LoadedImage grey = decoded_or_fail(decode_png(bytes, "adam7.png", PixelTarget::grey16));
  const LoadedImage plain = decoded_or_fail(decode_png(encode_png(original).value(), "plain.png", PixelTarget::grey16));
  EXPECT_TRUE(grey.grey16.pixels == plain.grey16.pixels);
  EXPECT_EQ(grey.grey16.width, 37);
  EXPECT_EQ(grey.grey16.height, 23);
}

// Rows of random bytes behind every filter type in turn, for png_file().
std::string random_scanlines(std::mt19937& random, std::uint32_t width, std::uint32_t height, int bits_a_pixel) {
  std::string scanlines;
  for (std::uint32_t y = 0; y < height; ++y) {
    scanlines += static_cast<char>(y % 5);
    for (std::uint32_t i = 0; i < (width * bits_a_pixel + 7) / 8; ++i) scanlines += static_cast<char>(random());
  }
  return scanlines;
}

// 1-, 8- and 16-bit grey, grey with alpha, RGB and palette files of awkward sizes.
std::vector<std::pair<std::string, std::string>> awkward_pngs(std::mt19937& random) {
  std::string palette;
  for (int i = 0; i < 256; ++i) palette += {static_cast<char>(i), static_cast<char>(255 - i), static_cast<char>(i * 7)};
  return {{"grey1", testing::png_file(37, 5, 1, 0, random_scanlines(random, 37, 5, 1))},
          {"grey8", testing::png_file(61, 17, 8, 0, random_scanlines(random, 61, 17, 8))},
          {"grey16", testing::png_file(1, 9, 16, 0, random_scanlines(random, 1, 9, 16))},
          {"grey-alpha8", testing::png_file(23, 3, 8, 4, random_scanlines(random, 23, 3, 16))},
          {"rgb16", testing::png_file(19, 7, 16, 2, random_scanlines(random, 19, 7, 48))},
          {"palette", testing::png_file(29, 11, 8, 3, random_scanlines(random, 29, 11, 8), testing::png_chunk("PLTE", palette))}};
}

// A still of a depth map reads its rows one at a time (PngGreyRows): each row is decode_png's
// grey16 row to the bit, for 1-, 8- and 16-bit grey, grey with alpha, RGB and palette files of
// awkward sizes; an interlaced file is refused (it arrives pass by pass) and a cut one named
// corrupt where it ends, as the whole decode says.
TEST(PngCodec, RowsOneAtATimeAreTheWholeDecodesRows) {
  std::mt19937 random(11);
  const auto raw = [&](std::uint32_t width, std::uint32_t height, int bits) { return random_scanlines(random, width, height, bits); };
  const std::vector<std::pair<std::string, std::string>> files = awkward_pngs(random);
  for (const auto& [name, bytes] : files) {
    SCOPED_TRACE(name);
    const LoadedImage whole = decoded_or_fail(decode_png(bytes, name, PixelTarget::grey16));
    Result<PngGreyRows, InputFailure> rows = PngGreyRows::open(bytes, name);
    ASSERT_TRUE(rows) << rows.error();
    ASSERT_EQ(rows->width(), whole.grey16.width);
    ASSERT_EQ(rows->height(), whole.grey16.height);
    std::vector<std::uint16_t> row(static_cast<std::size_t>(rows->width()));
    for (int y = 0; y < rows->height(); ++y) {
      ASSERT_TRUE(rows->next(row.data()));
      EXPECT_TRUE(std::equal(row.begin(), row.end(), whole.grey16.pixels.begin() + static_cast<std::ptrdiff_t>(y) * rows->width()))
          << "row " << y;
    }
  }
  const std::string interlaced = testing::png_header(8, 8, 8, 0, 1) + testing::png_chunk("IDAT", testing::zlib_compress(std::string(200, '\0'))) +
                                 testing::png_chunk("IEND", "");
  EXPECT_FALSE(PngGreyRows::open(interlaced, "adam7.png"));
  const std::string cut_bytes = testing::png_file(64, 64, 16, 6, raw(64, 1, 64));
  Result<PngGreyRows, InputFailure> cut = PngGreyRows::open(cut_bytes, "cut.png");
  ASSERT_TRUE(cut) << cut.error();
  std::vector<std::uint16_t> row(64);
  std::string failure;
  for (int y = 0; y < 64 && failure.empty(); ++y)
    if (const auto read = cut->next(row.data()); !read) failure = read.error();
  EXPECT_EQ(failure, "cut.png: the PNG data is corrupt (IDAT stream too short)");
}

// Issue 29, case 3: a 16384-wide pattern was decoded whole (4 GB, 17 s) before its width was
// refused; the width is in the header.
TEST(HostilePng, AWidthRuleIsCheckedFromTheHeaderBeforeDecoding) {
  DecodeBudget budget;
  budget.max_width = 1024;
  budget.width_rule = "a pattern is at most 1024";
  // A header alone: decoding would fail as corrupt, so a too_large answer came from the header.
  const InputFailure failure = failure_of(decode_png(png_header(16384, 16, 8, 2), "wide.png", PixelTarget::rgba8, budget));
  EXPECT_EQ(failure.kind, InputFailureKind::too_large);
  EXPECT_EQ(failure.message, "wide.png: 16384 pixels wide; a pattern is at most 1024");
  EXPECT_EQ(failure_of(decode_png(png_header(1024, 16, 8, 2), "fits.png", PixelTarget::rgba8, budget)).kind,
            InputFailureKind::corrupt);
}

// Issue 29, case 15: a text chunk over the limit is not damage, and was reported as "corrupt".
TEST(HostilePng, MetadataOverTheChunkLimitsIsSaidToBeThat) {
  const std::string pixels = testing::zlib_compress(std::string(2, '\0'));
  // Each chunk within the 16 MiB a chunk may have, five of them over the 64 MiB of all of them.
  std::string texts;
  for (int i = 0; i < 5; ++i) texts += png_chunk("tEXt", "Comment" + std::string(1, '\0') + std::string(15 << 20, 'x'));
  const std::string bytes = png_header(1, 1, 8, 0) + texts + png_chunk("IDAT", pixels) + png_chunk("IEND", "");
  const InputFailure failure = failure_of(decode_png(bytes, "notes.png", PixelTarget::grey16));
  EXPECT_EQ(failure.kind, InputFailureKind::too_large);
  EXPECT_NE(failure.message.find("metadata chunks (text, ICC profile, EXIF) are over the 16 MiB"), std::string::npos)
      << failure.message;
  EXPECT_EQ(failure.message.find("corrupt"), std::string::npos) << failure.message;
}

TEST(PngCodec, WritesPhysAndTextChunks) {
  PngMetadata metadata;
  metadata.dots_per_inch = 300;
  metadata.text = {{"Software", "stereocl"}, {"Parameters", "P=85 M=0.3"}};
  const Result<std::string> png = encode_png(RgbaImage(3, 2, Rgba8{1, 2, 3, 255}), metadata);
  ASSERT_TRUE(png) << png.error();
  spng_ctx* decoder = spng_ctx_new(0);
  spng_set_png_buffer(decoder, png->data(), png->size());
  spng_phys phys{};
  ASSERT_EQ(spng_get_phys(decoder, &phys), 0);
  EXPECT_EQ(phys.ppu_x, 11811u);  // 300 / 0.0254
  EXPECT_EQ(phys.unit_specifier, 1);
  std::uint32_t count = 0;
  ASSERT_EQ(spng_get_text(decoder, nullptr, &count), 0);
  std::vector<spng_text> texts(count);
  ASSERT_EQ(spng_get_text(decoder, texts.data(), &count), 0);
  ASSERT_EQ(count, 2u);
  EXPECT_STREQ(texts[1].keyword, "Parameters");
  EXPECT_EQ(std::string(texts[1].text, texts[1].length), "P=85 M=0.3");
  spng_ctx_free(decoder);
}

TEST(PngCodec, ABadTextKeywordIsRefusedNotWritten) {
  PngMetadata metadata;
  metadata.text = {{std::string(80, 'k'), "v"}};
  EXPECT_EQ(encode_png(RgbaImage(1, 1), metadata).error(),
            "PNG text keyword \"" + std::string(80, 'k') + "\": must be 1 to 79 characters");
  EXPECT_EQ(encode_png(RgbaImage()).error(), "nothing to save (the image is empty)");
}

// Finding 1 and 7: other formats named .png were decoded by stb (and a 16-bit PGM over-read the
// heap); now each is refused by what it is.
TEST(HostilePng, OtherFormatsAreRefusedByName) {
  std::mt19937 random(1);
  std::string noise(32000, '\0');
  for (char& c : noise) c = static_cast<char>(random());
  const std::vector<std::pair<std::string, std::string>> files = {
      {"P5\n4000 4000\n65535\n" + noise, "PNM"},
      {"P6 16000 16384 255\n", "PNM"},
      {"\xFF\xD8\xFF\xE0" + noise, "JPEG"},
      {"GIF89a" + noise, "GIF"},
      {"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 4 +X 4\n\x02\x02\x00\x04", "Radiance HDR"},
      {std::string("\0\0\x0A\0\0\0\0\0\0\0\0\0\x18\x18\x18\x18\x18\0", 18) + std::string(53, '\xFF'), "TGA"},
      {"BM" + noise, "BMP"},
      {"just some text", "not a PNG"},
      {"", "empty"},
  };
  for (const auto& [bytes, what] : files) {
    const InputFailure failure = failure_of(decode_png(bytes, "x.png", PixelTarget::rgba8));
    EXPECT_EQ(failure.kind, InputFailureKind::not_png) << what;
    EXPECT_NE(failure.message.find(what), std::string::npos) << failure.message;
    EXPECT_NE(failure.message.find("PNG, JPEG, WebP, TIFF and PGM/PPM images are read"), std::string::npos)
        << failure.message;
    EXPECT_EQ(failure.message.rfind("x.png: ", 0), 0u) << failure.message;
  }
}

// Finding 7: a header of 100000x100000 said "unknown image type".
TEST(HostilePng, AnOversizedHeaderNamesTheSizeAndTheRule) {
  const InputFailure failure = failure_of(decode_png(png_header(100000, 100000, 8, 0), "big.png", PixelTarget::rgba8));
  EXPECT_EQ(failure.kind, InputFailureKind::too_large);
  EXPECT_NE(failure.message.find("100000x100000"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("16384"), std::string::npos) << failure.message;
  EXPECT_EQ(failure_of(decode_png(png_header(0, 5, 8, 0), "zero.png", PixelTarget::rgba8)).kind, InputFailureKind::too_large);
}

// Finding 7: a 16384x16384 RGBA16 file said "corrupt (no SOI)", a JPEG reason. It is within the
// limits; its fault is having far too little data for its size, which is checked before the
// 2 GiB it claims are taken.
TEST(HostilePng, ALargeFileWithTooLittleDataIsCorruptForAPngReason) {
  const std::string bytes = png_file(16384, 16384, 16, 6, std::string(1000, '\0'));
  const auto started = std::chrono::steady_clock::now();
  const InputFailure failure = failure_of(decode_png(bytes, "rgba16.png", PixelTarget::rgba8));
  EXPECT_EQ(failure.kind, InputFailureKind::corrupt);
  EXPECT_NE(failure.message.find("bytes of pixel data cannot hold a 16384x16384 image)"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("the PNG data is corrupt ("), std::string::npos) << failure.message;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
}

// Found by the fuzzer: an IDAT chunk whose length field claims 64 MiB in an 80-byte file passed
// the size check, and an interlaced 16384x16384 RGBA16 buffer (2 GiB) was zero-filled for it.
TEST(HostilePng, AChunkLengthThatLiesDoesNotCountAsData) {
  const std::string bytes = png_header(16384, 16384, 16, 6, 1) + testing::big_endian(64 << 20) + "IDAT" +
                            testing::zlib_compress(std::string(100, '\0'));
  const auto started = std::chrono::steady_clock::now();
  const InputFailure failure = failure_of(decode_png(bytes, "liar.png", PixelTarget::rgba8));
  EXPECT_EQ(failure.kind, InputFailureKind::corrupt);
  EXPECT_NE(failure.message.find("bytes of pixel data cannot hold a 16384x16384 image"), std::string::npos)
      << failure.message;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(100));
}

TEST(HostilePng, ATruncatedFileGivesLibspngsReason) {
  std::mt19937 random(2);
  std::string one_row(1 + 64 * 8, '\0');
  for (std::size_t i = 1; i < one_row.size(); ++i) one_row[i] = static_cast<char>(random());
  const InputFailure failure = failure_of(decode_png(png_file(64, 64, 16, 6, one_row), "cut.png", PixelTarget::rgba8));
  EXPECT_EQ(failure.kind, InputFailureKind::corrupt);
  EXPECT_EQ(failure.message, "cut.png: the PNG data is corrupt (IDAT stream too short)");
}

// Finding 6: a "1x1" PNG that inflates to 1 GiB was accepted after 1.15 GB of memory.
TEST(HostilePng, ADecompressionBombIsRefusedBeforeInflating) {
  z_stream stream{};
  deflateInit(&stream, 9);
  std::string idat(2 << 20, '\0');
  const std::string zeros(1 << 20, '\0');
  stream.next_out = reinterpret_cast<Bytef*>(idat.data());
  stream.avail_out = static_cast<uInt>(idat.size());
  // 128 MiB rather than the 1 GiB keeps the test quick; the rule does not depend on it.
  for (int mib = 0; mib < 128; ++mib) {
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(zeros.data()));
    stream.avail_in = static_cast<uInt>(zeros.size());
    deflate(&stream, mib == 127 ? Z_FINISH : Z_NO_FLUSH);
  }
  idat.resize(stream.total_out);
  deflateEnd(&stream);
  const std::string bytes = png_header(1, 1, 8, 0) + png_chunk("IDAT", idat) + png_chunk("IEND", "");
  const auto started = std::chrono::steady_clock::now();
  const InputFailure failure = failure_of(decode_png(bytes, "bomb.png", PixelTarget::rgba8));
  EXPECT_EQ(failure.kind, InputFailureKind::too_large);
  EXPECT_NE(failure.message.find("decompression bomb"), std::string::npos) << failure.message;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(500));
}

TEST(HostilePng, DecodingStopsAtItsTimeBudget) {
  const std::string bytes = png_file(4096, 4096, 8, 0, std::string(4096 * 4097, '\0'));
  DecodeBudget budget;
  budget.time = std::chrono::milliseconds(0);
  const InputFailure failure = failure_of(decode_png(bytes, "slow.png", PixelTarget::grey16, budget));
  EXPECT_EQ(failure.kind, InputFailureKind::timed_out);
  EXPECT_NE(failure.message.find("gave up"), std::string::npos) << failure.message;
}

// Thousands of damaged copies of a good file: each is decoded or refused with a message that
// names the file; none may crash (the sanitizer build checks every read).
TEST(HostilePng, DamagedFilesAreDecodedOrRefusedNeverCrash) {
  const std::string good = encode_png(testing::random_rgba(33, 7, 11)).value();
  std::mt19937 random(5);
  int refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string bytes = good;
    const int flips = 1 + static_cast<int>(random() % 8);
    for (int f = 0; f < flips; ++f) bytes[random() % bytes.size()] = static_cast<char>(random());
    if (trial % 3 == 0) bytes.resize(random() % bytes.size());
    const ImageLoad result = decode_png(bytes, "damaged.png", PixelTarget::rgba8);
    if (!result) {
      ++refused;
      ASSERT_EQ(result.error().rfind("damaged.png: ", 0), 0u) << result.error();
    } else {
      ASSERT_EQ(result->rgba.width, 33);
    }
  }
  EXPECT_GT(refused, 2000);  // CRCs catch nearly every flip
}

}  // namespace
}  // namespace stereocl
