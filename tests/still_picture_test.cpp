// --output: one stereogram of a depth map, a word, a model or the ball's scene, made without a
// window or a display, the same picture CPU mode shows for those options; refused in one line
// where it cannot be made.
#include "png_bytes.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;

const std::string kDepth = std::string(STEREOCL_ASSETS_DIR) + "/depth-shapes.png";

// Random dots (grey, colour, larger, either algorithm; made a band of rows at a time where the
// still can be); an effect lit from one corner (rows in GL's order); a pattern drawn by code, and a
// picture scaled, to the P physical units give; the depth map fitted to a --size each way; the
// convergence dots in their band (-o ignored --guide-dots without a word).
TEST(StillPicture, NeedsNoDisplayAndMatchesCpuModesScreenshot) {
  for (const std::vector<std::string>& look :
       {std::vector<std::string>{"--colour-pattern"},
        {"--seed", "5"},
        {"--algorithm", "lookup"},
        {"--invert-depth", "--dot-size", "3"},
        {"--effect", "emboss"},
        {"--pattern", "pebbles", "--dpi", "96"},
        {"--pattern", std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png", "--dpi", "110"},
        {"--size", "500x400", "--depth-fit", "contain"},
        {"--size", "300x500", "--depth-fit", "stretch"},
        {"--size", "600x300", "--depth-fit", "none"},
        {"--guide-dots", "--pattern-width", "100"}}) {
    SCOPED_TRACE(look.front());
    const std::string still = testing::scratch_file("still.png"), shot = testing::scratch_file("cpu-shot.png");
    std::vector<std::string> arguments = {"--depth", kDepth};
    arguments.insert(arguments.end(), look.begin(), look.end());
    std::vector<std::string> to_file = arguments, on_screen = arguments;
    to_file.insert(to_file.end(), {"--output", still});
    on_screen.insert(on_screen.end(), {"--mode", "cpu", "--frames", "1", "--hidden", "--screenshot", shot});
    const ProgramResult made = run_stereocl(to_file, "env -u DISPLAY");
    ASSERT_EQ(made.exit_code, 0) << made.err;
    EXPECT_EQ(made.err, "");
    const ProgramResult shown = run_stereocl(on_screen);
    if (shown.exit_code != 0) GTEST_SKIP() << "no window here to compare with: " << shown.err;
    EXPECT_EQ(testing::read_png(still).pixels, testing::read_png(shot).pixels);
  }
}

// A PNG depth map at its own size is made a band of rows at a time (app/still_picture.cpp), never
// holding the map or the picture whole; the same map given its own size as --size is fitted, so
// made whole. The two pictures are one, to the bit, for each algorithm and pattern kind, and the
// banded one is read from a pipe and written to one as from and to files.
TEST(StillPicture, MadeInBandsIsTheWholeStillsPicture) {
  const std::string own_size = "800x450";
  ASSERT_EQ(testing::read_png(kDepth).width, 800);
  ASSERT_EQ(testing::read_png(kDepth).height, 450);
  for (const std::vector<std::string>& look : {std::vector<std::string>{}, {"--algorithm", "lookup", "--colour-pattern"},
                                               {"--pattern", "pebbles", "--invert-depth"}}) {
    const std::string banded = testing::scratch_file("banded.png"), whole = testing::scratch_file("whole.png");
    std::vector<std::string> in_bands = {"--depth", kDepth, "-o", banded, "-v"},
                             made_whole = {"--depth", kDepth, "--size", own_size, "-o", whole, "-v"};
    in_bands.insert(in_bands.end(), look.begin(), look.end());
    made_whole.insert(made_whole.end(), look.begin(), look.end());
    const ProgramResult a = run_stereocl(in_bands, "env -u DISPLAY"), b = run_stereocl(made_whole, "env -u DISPLAY");
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_NE(a.err.find("rows at a time"), std::string::npos) << "made whole: " << a.err;
    EXPECT_EQ(b.err.find("rows at a time"), std::string::npos) << "made in bands: " << b.err;
    EXPECT_EQ(testing::read_png(banded).pixels, testing::read_png(whole).pixels);
  }
  const std::string piped = testing::scratch_file("piped.png");
  const std::string command = testing::shell_quote(STEREOCL_BINARY) + " --depth - -o - <" + testing::shell_quote(kDepth) +
                              " >" + testing::shell_quote(piped);
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string from_file = testing::scratch_file("from-file.png");
  ASSERT_EQ(run_stereocl({"--depth", kDepth, "-o", from_file}).exit_code, 0);
  EXPECT_EQ(testing::read_png(piped).pixels, testing::read_png(from_file).pixels);
}

TEST(StillPicture, AWordOnAPatternFromTheLibraryWithAnEffect) {
  const std::string still = testing::scratch_file("word.png");
  const ProgramResult made = run_stereocl(
      {"--text", "HI", "--size", "300x120", "--pattern", "pebbles", "--effect", "posterize", "--output", still},
      "env -u DISPLAY");
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const auto picture = testing::read_png(still);
  EXPECT_EQ(picture.width, 300);
  EXPECT_EQ(picture.height, 120);
}

// A depth map of any size fills a --size scene; without one the scene is the map's size.
TEST(StillPicture, ADepthMapFitsTheSizeGivenEachWay) {
  const auto made = [](std::vector<std::string> arguments) {
    const std::string still = testing::scratch_file("fitted.png");
    arguments.insert(arguments.begin(), {"--depth", kDepth, "--output", still});
    const ProgramResult result = run_stereocl(arguments, "env -u DISPLAY");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return testing::read_png(still);
  };
  const auto own = made({});
  EXPECT_EQ(own.width, 800);
  EXPECT_EQ(own.height, 450);
  std::vector<std::vector<Rgba8>> pictures;
  for (const char* fit : {"contain", "stretch", "none"}) {
    const auto picture = made({"--size", "400x400", "--depth-fit", fit});
    EXPECT_EQ(picture.width, 400) << fit;
    EXPECT_EQ(picture.height, 400) << fit;
    pictures.push_back(picture.pixels);
  }
  EXPECT_NE(pictures[0], pictures[1]);
  EXPECT_NE(pictures[1], pictures[2]);
  EXPECT_NE(pictures[0], pictures[2]);
  EXPECT_EQ(made({"--size", "400x400"}).pixels, pictures[0]) << "contain is the default";
}

int largest_channel_difference(const RgbaImage& a, const RgbaImage& b) {
  int worst = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i)
    worst = std::max({worst, std::abs(a.pixels[i].r - b.pixels[i].r), std::abs(a.pixels[i].g - b.pixels[i].g),
                      std::abs(a.pixels[i].b - b.pixels[i].b)});
  return worst;
}

// Rows whose pixels are all one colour.
int one_colour_rows(const RgbaImage& image) {
  int rows = 0;
  for (int y = 0; y < image.height; ++y) {
    bool one = true;
    for (int x = 1; x < image.width && one; ++x) one = image.at(x, y) == image.at(0, y);
    rows += one;
  }
  return rows;
}

// A model, and the ball's scene where nothing else is named, drawn through headless EGL with no
// display: the picture CPU mode's window shows at the same frame; with the pattern cut from the
// lit scene too (it was cut from the grey depth: no stereogram, rows of one colour).
TEST(StillPicture, AModelOrTheSceneIsDrawnHeadlessAsCpuModeDrawsIt) {
  for (const std::vector<std::string>& source :
       {std::vector<std::string>{"--model", "torus-knot"}, {"--frames", "3"}, {"--frames", "3", "--pattern", "scene"},
        {"--model", "torus-knot", "--pattern", "scene"}}) {
    SCOPED_TRACE(source.front());
    const std::string still = testing::scratch_file("drawn.png"), shot = testing::scratch_file("drawn-shot.png");
    std::vector<std::string> to_file = {"--size", "320x200", "--output", still};
    to_file.insert(to_file.end(), source.begin(), source.end());
    const ProgramResult made = run_stereocl(to_file, "env -u DISPLAY");
    if (made.exit_code != 0 && made.err.find("EGL") != std::string::npos) GTEST_SKIP() << made.err;
    ASSERT_EQ(made.exit_code, 0) << made.err;
    EXPECT_EQ(made.err, "");
    std::vector<std::string> on_screen = {"--size", "320x200", "--mode", "cpu", "--hidden", "--screenshot", shot};
    on_screen.insert(on_screen.end(), source.begin(), source.end());
    if (source.front() != "--frames") on_screen.insert(on_screen.end(), {"--frames", "1"});
    const ProgramResult shown = run_stereocl(on_screen);
    if (shown.exit_code != 0) GTEST_SKIP() << "no window here to compare with: " << shown.err;
    const RgbaImage a = testing::read_png(still), b = testing::read_png(shot);
    ASSERT_EQ(a.width, b.width);
    ASSERT_EQ(a.height, b.height);
    EXPECT_EQ(largest_channel_difference(a, b), 0);
    // Where the lit scene's rows are background alone, the pattern cut from them is one colour in
    // the window too; the grey-depth cut made every row one colour.
    EXPECT_LT(one_colour_rows(a), a.height / 2) << "rows of one colour: no stereogram there";
  }
}

// -o x.jpg wrote PNG bytes under that name; stills carried no settings and were RGBA where grey
// dots need one channel.
TEST(StillPicture, IsWrittenInTheFormatItsNameSaysWithItsSettings) {
  const std::string depth = STEREOCL_ASSETS_DIR "/depth-shapes.png";
  const auto made = [&](const std::string& name) {
    const std::string out = testing::scratch_file(name);
    const ProgramResult result = run_stereocl({"--depth", depth, "--seed", "7", "-o", out}, "env -u DISPLAY");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return testing::read_text(out);
  };
  const std::string png = made("format.png"), jpeg = made("format.JPG"), webp = made("format.webp");
  EXPECT_EQ(png.substr(0, 8), "\x89PNG\r\n\x1a\n");
  EXPECT_EQ(static_cast<unsigned char>(png[25]), 0) << "grey dots as one channel";
  EXPECT_NE(png.find("tEXtSeed"), std::string::npos);
  EXPECT_NE(png.find("tEXtSoftware"), std::string::npos);
  EXPECT_EQ(jpeg.substr(0, 3), "\xFF\xD8\xFF");
  EXPECT_NE(jpeg.find("Seed: 7"), std::string::npos);
  EXPECT_EQ(webp.substr(0, 4), "RIFF");
  EXPECT_EQ(webp.substr(8, 4), "WEBP");
  const ProgramResult other = run_stereocl({"--depth", depth, "-o", testing::scratch_file("format.bmp")});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("--output " + testing::scratch_file("format.bmp") +
                           ": a picture is saved as PNG (.png), JPEG (.jpg, .jpeg) or WebP (.webp)"),
            std::string::npos)
      << other.err;
  EXPECT_FALSE(std::filesystem::exists(testing::scratch_file("format.bmp")));
}

// Issue 58: libwebp's 16383-pixel limit was found only after the whole stereogram was made. Each
// format's limit is asked before the picture is made, and the message names every format's.
TEST(StillPicture, APictureTooLargeForItsFormatIsRefusedBeforeItIsMade) {
  const std::string depth = testing::write_grey_png("wide-depth.png", 16384, 2, 128);
  const std::string webp = testing::scratch_file("too-wide.webp");
  std::filesystem::remove(webp);
  const ProgramResult refused = run_stereocl({"--depth", depth, "-o", webp}, "env -u DISPLAY");
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("--output " + webp + ": the picture would be 16384x2 pixels; WebP holds at most 16383 a "
                             "side (pixels a side: PNG 2147483647, JPEG 65535, WebP 16383)"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  EXPECT_FALSE(std::filesystem::exists(webp));
  const ProgramResult jpeg = run_stereocl({"--depth", depth, "-o", testing::scratch_file("wide.jpg")}, "env -u DISPLAY");
  EXPECT_EQ(jpeg.exit_code, 0) << jpeg.err;
}

// -o drew every frame before the one it shows: --frames 9223372036854775807 never ended. They are
// moved through now (the test above holds the picture at frame 3 to the window's), within a bound.
TEST(StillPicture, FramesBeforeTheOneShownAreMovedThroughNotDrawn) {
  const std::string out = testing::scratch_file("far-frame.png");
  const ProgramResult huge = run_stereocl({"--frames", "9223372036854775807", "-o", out}, "env -u DISPLAY");
  EXPECT_EQ(huge.exit_code, 2) << huge.err;
  EXPECT_NE(huge.err.find("--frames 9223372036854775807 with --output: at most 10000000"), std::string::npos) << huge.err;
  // A hang guard, not a measurement: drawn one by one, these frames took minutes.
  const ProgramResult many =
      run_stereocl({"--size", "64x48", "--frames", "500000", "-o", out}, "env -u DISPLAY timeout 120");
  if (many.exit_code != 0 && many.err.find("EGL") != std::string::npos) GTEST_SKIP() << many.err;
  EXPECT_EQ(many.exit_code, 0) << "124: the frames were drawn, not moved through; " << many.err;
  EXPECT_EQ(testing::read_png(out).width, 64);
}

// -o accepted --mode gpu and ignored it, and ignored --guide-dots where no GL can draw them,
// without a word: each is one line now, and the picture is still made.
TEST(StillPicture, SaysInOneLineWhatItDoesNotUse) {
  const std::string out = testing::scratch_file("unused.png");
  const ProgramResult moded = run_stereocl({"--depth", kDepth, "--mode", "gpu", "--output", out}, "env -u DISPLAY");
  EXPECT_EQ(moded.exit_code, 0) << moded.err;
  EXPECT_EQ(moded.err, "stereocl: --mode gpu: not used by --output, which makes the picture every mode shows, on the "
                       "CPU\n");
  EXPECT_TRUE(std::filesystem::exists(out));
  std::filesystem::remove(out);
  const ProgramResult dotless = run_stereocl({"--depth", kDepth, "--guide-dots", "--output", out},
                                             "env -u DISPLAY __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json");
  EXPECT_EQ(dotless.exit_code, 0) << dotless.err;
  EXPECT_EQ(dotless.err.rfind("stereocl: --guide-dots: the picture is saved without them: ", 0), 0u) << dotless.err;
  EXPECT_EQ(dotless.err.find('\n'), dotless.err.size() - 1) << dotless.err;
  const ProgramResult plain = run_stereocl({"--depth", kDepth, "--output", testing::scratch_file("plain.png")},
                                           "env -u DISPLAY");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(testing::read_png(out).pixels, testing::read_png(testing::scratch_file("plain.png")).pixels);
}

// Where EGL offers no display without a window system, a source GL draws is refused in one line.
TEST(StillPicture, ASourceGlDrawsIsRefusedWhereEglHasNoHeadlessDisplay) {
  const std::string out = testing::scratch_file("no-egl.png");
  // glvnd finds no vendor library: EGL then offers no platform at all.
  const ProgramResult result =
      run_stereocl({"--model", "logo", "--output", out}, "env -u DISPLAY __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--model logo is drawn with GL, and EGL"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("give --depth FILE or --text WORDS"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << result.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(StillPicture, IsRefusedInOneLineWhereItCannotBeMade) {
  const auto refused = [](std::vector<std::string> arguments, const std::string& says, int code) {
    const ProgramResult result = run_stereocl(arguments, "env -u DISPLAY");
    EXPECT_EQ(result.exit_code, code) << result.err;
    EXPECT_NE(result.err.find(says), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << result.err;
  };
  const std::string out = testing::scratch_file("never.png");
  refused({"--depth", kDepth, "--output", kDepth}, "that is the --depth file; an output never replaces an input", 2);
  refused({"--depth", kDepth, "--output", "/nonexistent-folder/x.png"}, "--output", 2);
  refused({"--depth", kDepth, "--bench", "--output", out}, "--output makes one picture without a window", 2);
  refused({"--depth", kDepth, "--screenshot", testing::scratch_file("s.png"), "--output", out},
          "neither --bench, --soak nor the window's outputs", 2);
  const std::string not_png = testing::write_bytes("depth.gif", "GIF89a-not-really");
  refused({"--depth", not_png, "--output", out}, "looks like a GIF image", 2);
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace stereocl
