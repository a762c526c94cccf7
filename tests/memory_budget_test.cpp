// Issue 29, cases 2 and 4: a size or a depth map the machine cannot hold is refused in one line
// before its memory is taken; an accepted one is decoded into one form, not three.
#include "pipeline/sources/image_roles.hpp"
#include "core/os/input_file.hpp"
#include "core/memory_budget.hpp"
#include "png_bytes.hpp"
#include "run_program.hpp"
#include "sanitizers.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstdio>

namespace stereocl {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

// "16469x16384 pixels need about 8235 MiB (32 bytes a pixel)": the refusal's words for a size, at
// the budget's weight, rounded up to whole MiB as the message rounds.
std::string need_text(std::uint64_t width, std::uint64_t height) {
  const std::uint64_t bytes = width * height * kBudgetBytesPerPixel;
  return std::to_string(width) + "x" + std::to_string(height) + " pixels need about " +
         std::to_string((bytes + kMiB - 1) / kMiB) + " MiB (" + std::to_string(kBudgetBytesPerPixel) +
         " bytes a pixel)";
}

TEST(MemoryBudget, ASizeIsWeighedAtItsBytesAPixel) {
  const std::uint64_t needed = std::uint64_t{1365} * 720 * kBudgetBytesPerPixel;
  EXPECT_TRUE(memory_allows("--size 1280x720", 1365, 720, needed));
  EXPECT_FALSE(memory_allows("--size 1280x720", 1365, 720, needed - 1));  // the weight is exactly the figure
  EXPECT_TRUE(memory_allows("x", 1000, 1000, std::nullopt));  // nothing to go by: nothing refused
  const Status refused = memory_allows("--size 16384x16384", 16469, 16384, 3000 * kMiB);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(),
            "--size 16384x16384: " + need_text(16469, 16384) + ", and 3000 MiB is available; use a smaller size");
}

// For death tests: the limit of `ulimit -v`, in this (forked) process only.
void limit_address_space(std::uint64_t mebibytes) {
  rlimit limit{};
  limit.rlim_cur = limit.rlim_max = mebibytes * kMiB;
  ::setrlimit(RLIMIT_AS, &limit);
}

void exit_zero_if_the_limit_is_counted() {
  limit_address_space(2048);
  const auto available = memory_available();
  std::exit(available && *available < 2048 * kMiB ? 0 : 1);
}

TEST(MemoryBudget, UlimitVIsCountedAsWhatIsAvailable) {
  SKIP_IF_ADDRESS_SPACE_CANNOT_BE_LIMITED();
  EXPECT_EXIT(exit_zero_if_the_limit_is_counted(), ::testing::ExitedWithCode(0), "");
}

// A 16384x16384 grey PNG of one colour is 55 KB on disk (1-bit; the 8-bit one is 294 KB);
// decoding it used to keep RGBA8, grey16 and grey8 copies (7 bytes a pixel). Under a limit that
// cannot hold its budget it is refused from its header; with room, it decodes into 2 bytes a pixel.
std::string huge_flat_depth_map() {
  static const std::string path = [] {
    const std::uint32_t side = 16384;
    std::string rows;
    rows.reserve(std::size_t{side} * (side + 1));
    for (std::uint32_t y = 0; y < side; ++y) rows += '\0' + std::string(side, '\x80');
    return testing::write_bytes("flat-16k.png", testing::png_file(side, side, 8, 0, rows));
  }();
  return path;
}

void exit_zero_if_refused_as_too_large(const std::string& path) {
  limit_address_space(1536);
  const ImageLoad loaded = load_depth_map(path);
  if (!loaded) std::fprintf(stderr, "%s\n", loaded.error().c_str());
  std::exit(!loaded && loaded.failure().kind == InputFailureKind::too_large ? 0 : 1);
}

TEST(MemoryBudget, AHugeDepthMapIsRefusedFromItsHeaderWhereMemoryIsShort) {
  SKIP_IF_ADDRESS_SPACE_CANNOT_BE_LIMITED();
  const std::string path = huge_flat_depth_map();
  EXPECT_EXIT(exit_zero_if_refused_as_too_large(path), ::testing::ExitedWithCode(0),
              "flat-16k.png: 16384x16384 pixels need about " +
                  std::to_string(std::uint64_t{16384} * 16384 * kBudgetBytesPerPixel / kMiB) + " MiB");
}

TEST(MemoryBudget, AHugeDepthMapDecodesIntoTwoBytesAPixelWhereMemoryAllows) {
  const std::string path = huge_flat_depth_map();
  const auto available = memory_available();
  if (!available || *available < memory_budget(std::uint64_t{16384} * 16384))
    GTEST_SKIP() << "this machine has " << (available ? *available / kMiB : 0) << " MiB available, under the budget";
  const ImageLoad loaded = load_depth_map(path);
  ASSERT_TRUE(loaded) << loaded.error();
  const LoadedImage& image = *loaded;
  EXPECT_EQ(image.grey16.pixels.size(), std::size_t{16384} * 16384);
  EXPECT_EQ(image.grey16.pixels.capacity(), image.grey16.pixels.size());  // reserved once, never grown
  EXPECT_TRUE(image.rgba.pixels.empty());
  EXPECT_TRUE(image.looks_grey);
}

// The whole program: a --size whose budget is over `ulimit -v` is refused before a window opens.
TEST(MemoryBudget, TheProgramRefusesASizeOverUlimitV) {
  SKIP_IF_ADDRESS_SPACE_CANNOT_BE_LIMITED();
  const auto result = testing::run_stereocl({"--size", "16384x16384", "--frames", "1", "--hidden"}, "ulimit -v 3000000;");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("stereocl: --size 16384x16384: " + need_text(16384, 16384) + ", and "), std::string::npos)
      << result.err;
  EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "one line: " << result.err;
}

// Under a 2 GiB `ulimit -v` the program runs a size its budget allows, and refuses one it does not,
// in one line, instead of dying of std::bad_alloc half-way through making its textures.
TEST(MemoryBudget, UnderUlimitVASizeThatFitsRunsAndOneThatDoesNotIsRefused) {
  SKIP_IF_ADDRESS_SPACE_CANNOT_BE_LIMITED();
  const std::string limit = "ulimit -v 2097152;";
  const auto fits = testing::run_stereocl({"--mode", "cpu", "--size", "1024x768", "--frames", "2", "--hidden"}, limit);
  EXPECT_EQ(fits.exit_code, 0) << fits.err;
  const auto too_big = testing::run_stereocl({"--mode", "cpu", "--size", "8192x8192", "--frames", "2", "--hidden"}, limit);
  EXPECT_EQ(too_big.exit_code, 2) << too_big.err;
  EXPECT_NE(too_big.err.find("stereocl: --size 8192x8192: " + need_text(8192, 8192)), std::string::npos) << too_big.err;
}

// --depth-fit stretch of a 1x16384 map to 16384x1 filtered along x first: 16384x16384 floats
// (1.08 GB peak), and std::bad_alloc under a tighter cap. The other axis first needs one float.
TEST(MemoryBudget, AStretchedDepthMapNeedsNoIntermediateLargerThanItsPictures) {
  SKIP_IF_ADDRESS_SPACE_CANNOT_BE_LIMITED();
  std::string pgm = "P5\n1 16384\n255\n";
  for (int y = 0; y < 16384; ++y) pgm += static_cast<char>(y % 256);
  const std::string map = testing::write_bytes("tall-thin.pgm", pgm);
  const std::string out = testing::scratch_file("stretched-wide.png");
  const auto result = testing::run_stereocl(
      {"--depth", map, "--size", "16384x1", "--depth-fit", "stretch", "--pattern-width", "90", "-o", out},
      "ulimit -v 700000; env -u DISPLAY");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err.find("bad_alloc"), std::string::npos) << result.err;
  EXPECT_EQ(testing::read_png(out).width, 16384);
}

// Case 4: a capped input of unknown size (a /proc file says 0 bytes) was read into a string grown
// by doubling: 2.2 GB for the 1 GiB cap. Read in blocks, reaching the cap costs the cap.
void exit_zero_if_the_cap_is_reached_within_the_limit() {
  limit_address_space(1024);
  ReadBudget budget;
  budget.max_bytes = 600 * kMiB;  // twice this is over the limit; once is not
  const auto bytes = read_input_file("/proc/self/pagemap", budget);
  if (!bytes) std::fprintf(stderr, "%s\n", bytes.error().c_str());
  std::exit(!bytes && bytes.failure().kind == InputFailureKind::too_large ? 0 : 1);
}

TEST(InputFile, AnInputOfUnknownSizeCostsItsCapNotTwice) {
  SKIP_IF_ADDRESS_SPACE_CANNOT_BE_LIMITED();
  EXPECT_EXIT(exit_zero_if_the_cap_is_reached_within_the_limit(), ::testing::ExitedWithCode(0),
              "larger than the 600 MiB an input file may have");
}

}  // namespace
}  // namespace stereocl
