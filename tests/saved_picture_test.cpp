// What --screenshot and --record save: with --guide-dots the convergence dots in a band above the
// picture, where the window puts them; always the DPI (pHYs) and the parameters (tEXt), read back
// here with libspng.
#include "app/picture_metadata.hpp"
#include "ui/screen_dpi.hpp"
#include "hidden_window.hpp"
#include "render/convergence_dots.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>
#include <spng.h>

#include <cmath>
#include <map>
#include <memory>

namespace stereocl {
namespace {

constexpr int kWidth = 200, kHeight = 100, kPattern = 85;  // the lookup picture is kWidth + kPattern wide

testing::ProgramResult screenshot(const std::string& file, std::vector<std::string> extra = {}) {
  std::vector<std::string> arguments = {"--hidden", "--no-vsync", "--mode", "cpu", "--algorithm", "lookup", "--size",
                                        std::to_string(kWidth) + "x" + std::to_string(kHeight), "--frames", "3",
                                        "--seed", "5", "--screenshot", file};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  return testing::run_stereocl(arguments);
}

struct PngChunks {
  spng_phys phys{};
  bool has_phys = false;
  std::map<std::string, std::string> text;
};

PngChunks read_chunks(const std::string& path) {
  const std::string bytes = testing::read_text(path);
  std::unique_ptr<spng_ctx, decltype(&spng_ctx_free)> context(spng_ctx_new(0), spng_ctx_free);
  spng_set_png_buffer(context.get(), bytes.data(), bytes.size());
  PngChunks chunks;
  chunks.has_phys = spng_get_phys(context.get(), &chunks.phys) == 0;
  std::uint32_t count = 0;
  if (spng_get_text(context.get(), nullptr, &count) == 0 && count > 0) {
    std::vector<spng_text> texts(count);
    spng_get_text(context.get(), texts.data(), &count);
    for (const spng_text& text : texts) chunks.text[text.keyword] = std::string(text.text, text.length);
  }
  return chunks;
}

// The DPI the program will have found on this display (the tests run on the same one).
double expected_dpi() {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not);
  return window ? screen_dpi() : 96.0;
}

void expect_parameters(const PngChunks& chunks) {
  ASSERT_TRUE(chunks.has_phys);
  EXPECT_EQ(chunks.phys.unit_specifier, 1);  // metres
  EXPECT_EQ(chunks.phys.ppu_x, chunks.phys.ppu_y);
  EXPECT_NEAR(chunks.phys.ppu_x * 0.0254, expected_dpi(), 0.05);
  EXPECT_EQ(chunks.text.at("Software").rfind("stereocl ", 0), 0u);
  EXPECT_EQ(chunks.text.at("Mode"), "cpu");
  EXPECT_EQ(chunks.text.at("Algorithm"), "lookup");
  EXPECT_EQ(chunks.text.at("Pattern width"), std::to_string(kPattern));
  EXPECT_EQ(chunks.text.at("Max offset"), "30");
  EXPECT_EQ(chunks.text.at("Seed"), "5");
  EXPECT_EQ(chunks.text.at("Depth"), "3D scene");
  EXPECT_EQ(chunks.text.at("Pattern"), "random grey");
  EXPECT_EQ(chunks.text.at("Invert depth"), "no");
}

int luma(const Rgba8& pixel) { return (pixel.r * 299 + pixel.g * 587 + pixel.b * 114) / 1000; }

TEST(SavedPicture, AScreenshotCarriesItsDpiAndParameters) {
  const std::string file = testing::scratch_file("saved-parameters.png");
  const auto run = screenshot(file);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  expect_parameters(read_chunks(file));
}

TEST(SavedPicture, GuideDotsSitInABandAboveAnUnchangedPicture) {
  const std::string plain_file = testing::scratch_file("saved-plain.png");
  const std::string dotted_file = testing::scratch_file("saved-dots.png");
  ASSERT_EQ(screenshot(plain_file).exit_code, 0);
  const auto run = screenshot(dotted_file, {"--guide-dots"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const RgbaImage plain = testing::read_png(plain_file);
  const RgbaImage dotted = testing::read_png(dotted_file);
  ASSERT_EQ(plain.width, kWidth + kPattern);  // without the option: the picture alone
  ASSERT_EQ(plain.height, kHeight);
  ASSERT_EQ(dotted.width, plain.width);
  ASSERT_EQ(dotted.height, kHeight + kDotBandHeight);
  for (int y = 0; y < kHeight; ++y)  // the picture under the band is the plain one, pixel for pixel
    for (int x = 0; x < plain.width; ++x) ASSERT_EQ(dotted.at(x, y + kDotBandHeight), plain.at(x, y)) << x << "," << y;

  // The window's geometry for a picture shown 1:1 with the band above it (GL rows go up).
  const int height = dotted.height;
  const DotLayout dots = convergence_dot_layout(Rect{0, 0, plain.width, kHeight}, plain.width, kPattern, height);
  ASSERT_GT(dots.radius, 2.0f);
  EXPECT_FLOAT_EQ(dots.right_x - dots.left_x, static_cast<float>(kPattern));
  const int row = height - 1 - static_cast<int>(dots.y);
  ASSERT_LT(row, kDotBandHeight);  // wholly in the band, above the picture
  for (float centre : {dots.left_x, dots.right_x}) {
    const int x = static_cast<int>(centre);
    EXPECT_GT(luma(dotted.at(x, row)), 200) << "a bright disc at " << x << "," << row;
    const int rim = static_cast<int>(centre + dots.radius - 1.0f);
    EXPECT_LT(luma(dotted.at(rim, row)), 120) << "its dark rim at " << rim << "," << row;
  }
  EXPECT_EQ(luma(dotted.at(plain.width / 2, row)), 0) << "black band between the dots";
  EXPECT_EQ(luma(dotted.at(2, 2)), 0) << "black band away from them";
  expect_parameters(read_chunks(dotted_file));
}

TEST(SavedPicture, RecordedPngFramesCarryTheDotsAndParameters) {
  const std::string folder = testing::scratch_file("saved-frames");
  std::filesystem::remove_all(folder);
  const auto run = screenshot(testing::scratch_file("saved-frames-last.png"), {"--guide-dots", "--record", folder});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string first = folder + "/frame-000001.png";
  EXPECT_EQ(testing::read_png(first).height, kHeight + kDotBandHeight);
  expect_parameters(read_chunks(first));
  EXPECT_EQ(testing::read_png(folder + "/frame-000003.png").pixels,
            testing::read_png(testing::scratch_file("saved-frames-last.png")).pixels);  // the last frame is the screenshot
}

// With no --mode the program starts in the first of GPU (external memory), GPU, CPU-readback and
// CPU that runs here (the fastest first, docs/performance.md), without a word about the ones
// it passed over; the picture's Mode chunk says which it was.
TEST(SavedPicture, WithoutModeTheFastestModeThatRunsHereStartsQuietly) {
  const std::string file = testing::scratch_file("default-mode.png");
  const testing::ProgramResult run = testing::run_stereocl(
      {"--hidden", "--no-vsync", "--size", "96x64", "--frames", "2", "--screenshot", file});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err.find("unavailable"), std::string::npos) << run.err;
  const std::string started = read_chunks(file).text.at("Mode");
  bool passed_over = true;
  for (const std::string mode : {"gpu-extmem", "gpu", "cpu-readback", "cpu"}) {
    const testing::ProgramResult asked = testing::run_stereocl(
        {"--hidden", "--no-vsync", "--size", "96x64", "--frames", "1", "--mode", mode});
    ASSERT_EQ(asked.exit_code, 0) << asked.err;
    const bool runs = asked.err.find(" mode is unavailable") == std::string::npos;
    if (mode == started) {
      EXPECT_TRUE(runs) << mode << " started without --mode, but refuses with it: " << asked.err;
      passed_over = false;
    } else if (passed_over) {
      EXPECT_FALSE(runs) << mode << " runs here, yet the program started in " << started;
    }
  }
  EXPECT_FALSE(passed_over) << "started in " << started << ", not one of the stereogram modes";
}

}  // namespace
}  // namespace stereocl
