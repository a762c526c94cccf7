// Physical units (--dpi, --eye-separation, --depth-of-field): the paper's separations at known
// values, the P and M they give, the combinations refused, and pictures that decode to them.
#include "config/options.hpp"
#include "ui/screen_dpi.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "compute/stereogram/symmetric_params.hpp"
#include "files/picture/image_file.hpp"
#include "run_program.hpp"
#include "stereogram_pictures.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::scratch_file;

// 72 dpi and 2.5 in between the eyes: E = 180 px, so 90 px at the far plane and, with mu = 1/3,
// (2/3) 180 / (5/3) = 72 px at the nearest point (the paper's own example).
const PhysicalGeometry kPaper{72.0, 2.5 * 25.4, 1.0 / 3.0};

TEST(PhysicalUnits, ThePapersFormulaAtKnownValues) {
  EXPECT_NEAR(eye_separation_px(kPaper), 180.0, 1e-9);
  EXPECT_NEAR(separation_px(kPaper, 1.0), 90.0, 1e-9);
  EXPECT_NEAR(separation_px(kPaper, 0.0), 72.0, 1e-9);
  EXPECT_NEAR(separation_px(kPaper, 0.5), 900.0 / 11.0, 1e-9);  // z = 1/2: (5/6) 180 / (11/6)
  EXPECT_NEAR(separation_px(kPaper, std::nan("")), 72.0, 1e-9);  // NaN depth counts as near
  EXPECT_NEAR(separation_px(PhysicalGeometry{144.0, 2.5 * 25.4, 0.5}, 0.0), 0.5 * 360.0 / 1.5, 1e-9);
}

TEST(PhysicalUnits, GiveThePAndMThatMeetTheirSeparations) {
  const auto resolved = resolve_units(StereogramParams{.units = kPaper}, 1280);
  ASSERT_TRUE(resolved) << resolved.error();
  EXPECT_EQ(resolved->pattern_width, 90);
  EXPECT_FLOAT_EQ(resolved->max_offset, 18.f);
  // The symmetric algorithm links at the paper's separations and samples a pattern P wide.
  const SymmetricPlan plan = make_symmetric_plan(symmetric_params_of(*resolved));
  const auto rounded = [&](int level) { return (plan.separations[level] + 128) >> kSeparationFractionBits; };
  EXPECT_EQ(rounded(0), 72);
  EXPECT_EQ(rounded(kSeparationLevels / 2), 82);  // 81.8, not the linear 81
  EXPECT_EQ(rounded(kSeparationLevels - 1), 90);
  EXPECT_EQ(plan.pattern_columns, 90);
  const StereogramParams pixels{.pattern_width = 40, .max_offset = 7.f};
  EXPECT_EQ(*resolve_units(pixels, 1280), pixels);  // no units: P and M as given
}

TEST(PhysicalUnits, AbsurdSeparationsAreRefusedNamingTheUnits) {
  const auto reason = [](PhysicalGeometry units, int width) {
    const auto resolved = resolve_units(StereogramParams{.units = units}, width);
    return resolved ? std::string() : resolved.error();
  };
  EXPECT_NE(reason({36.0, 10.0, 0.9}, 1280).find("the nearest separation 1.3 px must be at least 2 px"), std::string::npos);
  EXPECT_NE(reason({1200.0, 63.5, 0.3}, 4000).find("dpi 1200 eye_separation 63.5 depth_of_field 0.3: the far separation 1500.0 px must be at most 1024"),
            std::string::npos);
  EXPECT_NE(reason(kPaper, 90).find("the far separation 90.0 px must be below the picture width 90 px"), std::string::npos);
  EXPECT_NE(reason({20.0, 63.5, 0.3}, 1280).find("dpi 20: must be between 36 and 1200"), std::string::npos);
  EXPECT_NE(reason({96.0, 63.5, 0.0}, 1280).find("depth_of_field 0: must be above 0"), std::string::npos);
  EXPECT_EQ(reason(kPaper, 91), "");
}

Result<Options, ExitRequest> parse(std::vector<std::string> arguments) { return parse_command_line(arguments); }

TEST(ScreenDpi, TheMonitorsDpiReplacesTheDefaultOnlyWithoutDpiGiven) {
  Options options = parse({"--eye-separation", "63.5"}).value();
  const Options at_72 = with_screen_dpi(options, 72.0).value();
  EXPECT_EQ(at_72.screen_dpi, 72.0);
  EXPECT_EQ(at_72.look.stereogram.pattern_width, 90);
  options = parse({"--dpi", "96"}).value();
  EXPECT_EQ(with_screen_dpi(options, 72.0)->look.stereogram.units->dpi, 96.0);
  options = parse({"--size", "100x50", "--eye-separation", "20"}).value();  // 37.8 px far at 96 dpi
  const Result<Options> refused = with_screen_dpi(options, 300.0);                     // 118 px: wider than the picture
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().rfind("at the monitor's 300 dpi (no --dpi given), ", 0), 0u) << refused.error();
}

// Three bands, far, half way and near, decoded back: each must repeat at its own separation.
constexpr int kBand = 200;
constexpr int kBandGreys[] = {0, 128, 255};

std::string stepped_depth_png() {
  RgbaImage steps(3 * kBand, 60);
  for (std::size_t i = 0; i < steps.pixels.size(); ++i) {  // rows are 3 * kBand pixels, top row first
    const auto grey = static_cast<std::uint8_t>(kBandGreys[i % (3 * kBand) / kBand]);
    steps.pixels[i] = Rgba8{grey, grey, grey, 255};
  }
  return testing::write_png("units-steps.png", steps);
}

RgbaImage units_screenshot(const std::string& algorithm, const std::string& name) {
  const std::string out = scratch_file(name);
  const ProgramResult result = run_stereocl({"--hidden", "--mode", "cpu", "--algorithm", algorithm, "--dpi", "72",
                                             "--depth", stepped_depth_png(), "--frames", "2", "--screenshot", out});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return testing::read_png(out);
}

void expect_band_separations(const RgbaImage& picture, int strip, int band, double expected) {
  const int x = strip + band * kBand + kBand / 2;
  for (int y = 5; y < picture.height - 5; y += 10) {
    const int period = testing::decode_period(picture, x, y, 60, 100);
    ASSERT_GE(period, 0) << "no period at " << x << "," << y;
    EXPECT_LE(std::abs(period - expected), 1.0) << "band " << band << " at " << x << "," << y;
  }
}

TEST(PhysicalUnitsEndToEnd, SymmetricRepeatsAtThePapersSeparations) {
  const RgbaImage picture = units_screenshot("symmetric", "units-symmetric.png");
  ASSERT_EQ(picture.width, 3 * kBand);
  for (int band = 0; band < 3; ++band)
    expect_band_separations(picture, 0, band, separation_px(kPaper, 1.0 - kBandGreys[band] / 255.0));
}

// The lookup is linear between the far and nearest separations, and samples between pattern
// pixels at fractional ones: the far plane and the nearest point repeat exactly.
TEST(PhysicalUnitsEndToEnd, LookupRepeatsAtTheFarAndNearestSeparations) {
  const RgbaImage picture = units_screenshot("lookup", "units-lookup.png");
  ASSERT_EQ(picture.width, 3 * kBand + 90);  // the pattern strip is the far separation wide
  expect_band_separations(picture, 90, 0, 90.0);
  expect_band_separations(picture, 90, 2, 72.0);
}

}  // namespace
}  // namespace stereocl
