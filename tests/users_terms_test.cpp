// Messages in the user's terms (config/users_terms.hpp): below config/ a failure names a setting by
// its table name; the command line reads it as the flag, the panel as plain words, and prose that
// happens to hold a setting's name ("depth map", "the model") is left alone.
#include "config/users_terms.hpp"
#include "compute/stereogram/physical_geometry.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "config/options.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

TEST(UsersTerms, SettingNamesBecomeFlagsOnTheCommandLineAndWordsOnThePanel) {
  const std::string below = "dpi 1200 eye_separation 63.5 depth_of_field 0.3: the far separation 1500.0 px must be";
  EXPECT_EQ(as_flags(below), "--dpi 1200 --eye-separation 63.5 --depth-of-field 0.3: the far separation 1500.0 px must be");
  EXPECT_EQ(as_panel_words(below), "dpi 1200 eye separation 63.5 depth of field 0.3: the far separation 1500.0 px must be");
  EXPECT_EQ(as_flags("text: the text is empty"), "--text: the text is empty");
  EXPECT_EQ(as_flags("size 99999x99999: too large"), "--size 99999x99999: too large");
  EXPECT_EQ(as_flags("compose compute: needs GL 4.3"), "--compose compute: needs GL 4.3");
  EXPECT_EQ(as_flags("--algorithm symmetric: oversample 9: must be 1..8"),
            "--algorithm symmetric: --oversample 9: must be 1..8");
  EXPECT_EQ(as_flags("cl_device nvidia: matches no OpenCL device; give P:D"),
            "--cl-device nvidia: matches no OpenCL device; give P:D");
}

TEST(UsersTerms, ProseThatHoldsASettingsNameIsLeftAlone) {
  for (const std::string prose : {"depth map too large for this GPU", "the model has no faces: load another",
                                  "GPU mode is unavailable: no OpenCL device", "effect", "size",
                                  "rows 8192 wide at oversample 8 would be wrong", "x: depth map is grey"}) {
    EXPECT_EQ(as_flags(prose), prose);
    EXPECT_EQ(as_panel_words(prose), prose);
  }
}

// End to end: units the command line gives are refused naming their flags, though the rule that
// refuses them (compute/) names the settings.
TEST(UsersTerms, RefusedUnitsNameTheirFlags) {
  const auto refused = parse_command_line({"--dpi", "36", "--eye-separation", "10", "--depth-of-field", "0.9"});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.failure().message.find(": --dpi 36 --eye-separation 10 --depth-of-field 0.9: the nearest"),
            std::string::npos)
      << refused.failure().message;
  PhysicalGeometry geometry;
  geometry.dpi = 20;
  EXPECT_EQ(validate(geometry).error().rfind("dpi 20: ", 0), 0u) << "below config/: the table's name";
}

}  // namespace
}  // namespace stereocl
