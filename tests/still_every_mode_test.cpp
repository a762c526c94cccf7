// One engine for stills and the window: in every mode this machine runs, the window's screenshot
// of a frame is the still's picture (--output) of it, to the bit, for each algorithm the mode
// runs, each pattern kind, each effect and the guide dots. CPU mode is the still's own path
// (still_picture_test.cpp holds it for sizes and sources too); a mode that cannot run here says so
// and is left out, naming why (the lent GPU runs GPU and GPU (external memory) modes through it).
#include "run_program.hpp"
#include "png_bytes.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;

const std::string kDepth = std::string(STEREOCL_ASSETS_DIR) + "/depth-shapes.png";

std::vector<std::vector<std::string>> looks() {
  std::vector<std::vector<std::string>> all = {{},
                                               {"--colour-pattern", "--dot-size", "2"},
                                               {"--algorithm", "lookup"},
                                               {"--pattern", "pebbles", "--dpi", "96"},
                                               {"--pattern", std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png"},
                                               {"--pattern", "scene"},  // cut from the map's grey, as the window cuts it
                                               {"--guide-dots"}};
  for (const char* effect : {"sobel", "blur", "emboss", "posterize"}) all.push_back({"--effect", effect});
  return all;
}

// The still of each look, made once.
std::map<std::vector<std::string>, RgbaImage> stills_of_every_look() {
  std::map<std::vector<std::string>, RgbaImage> stills;
  for (const std::vector<std::string>& look : looks()) {
    std::vector<std::string> arguments = {"--depth", kDepth, "--output", testing::scratch_file("still.png")};
    arguments.insert(arguments.end(), look.begin(), look.end());
    const ProgramResult made = run_stereocl(arguments, "env -u DISPLAY");
    EXPECT_EQ(made.exit_code, 0) << made.err;
    // Guide dots need a headless EGL display, which some machines lack: the still says so and is
    // kept without them, so that look has nothing to compare.
    if (made.exit_code == 0 && made.err.empty()) stills[look] = testing::read_png(testing::scratch_file("still.png"));
  }
  return stills;
}

// Compares every look's screenshot in `mode` with its still; false where the mode cannot run here.
bool compare_in_mode(const char* mode, const std::map<std::vector<std::string>, RgbaImage>& stills) {
  for (const std::vector<std::string>& look : looks()) {
    std::vector<std::string> arguments = {"--depth", kDepth, "--mode", mode, "--frames", "1", "--hidden",
                                          "--screenshot", testing::scratch_file("shot.png")};
    arguments.insert(arguments.end(), look.begin(), look.end());
    const ProgramResult shown = run_stereocl(arguments);
    EXPECT_EQ(shown.exit_code, 0) << shown.err;
    if (shown.err.find("unavailable") != std::string::npos) {
      std::printf("%s mode left out: %s", mode, shown.err.c_str());
      return false;
    }
    if (shown.err.find("runs the symmetric algorithm only") != std::string::npos) continue;  // the mode's design
    std::string named = mode;
    for (const std::string& word : look) named += " " + word;
    SCOPED_TRACE(named + ": " + shown.err);  // a mode may say what it runs on (the GPU's buffers)
    if (stills.contains(look)) EXPECT_EQ(testing::read_png(testing::scratch_file("shot.png")).pixels, stills.at(look).pixels);
  }
  return true;
}

TEST(StillInEveryMode, TheWindowShowsTheStillsPictureInEveryModeThatRuns) {
  const ProgramResult window = run_stereocl({"--mode", "cpu", "--frames", "1", "--hidden", "--size", "64x48"});
  if (window.exit_code != 0) GTEST_SKIP() << "no window here to compare with: " << window.err;
  const std::map<std::vector<std::string>, RgbaImage> stills = stills_of_every_look();
  int modes_run = 0;
  for (const char* mode : {"cpu-readback", "gpu", "gpu-extmem", "gl-compute"}) modes_run += compare_in_mode(mode, stills);
  EXPECT_GT(modes_run, 0);
}

}  // namespace
}  // namespace stereocl
