// The pattern library: every row draws the size it is asked for, reproducibly, with colour and
// detail along the rows (what the eyes fuse), and tiles: the step across each seam is no larger
// than the steps inside the picture.
#include "core/pattern_library.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

namespace stereocl {
namespace {

int step(const Rgba8& a, const Rgba8& b) { return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b); }

// The mean colour step between horizontal neighbours inside the picture, and across the seam
// from the last column to the first.
std::pair<double, double> inside_and_seam_steps(const RgbaImage& image, bool across_rows) {
  double inside = 0, seam = 0;
  const int along = across_rows ? image.height : image.width, lines = across_rows ? image.width : image.height;
  for (int line = 0; line < lines; ++line) {
    const auto at = [&](int i) { return across_rows ? image.at(line, i) : image.at(i, line); };
    for (int i = 0; i + 1 < along; ++i) inside += step(at(i), at(i + 1));
    seam += step(at(along - 1), at(0));
  }
  return {inside / (static_cast<double>(along - 1) * lines), seam / lines};
}

class EveryPattern : public ::testing::TestWithParam<PatternRow> {};

TEST_P(EveryPattern, DrawsTheSizeAskedReproduciblyAndInColour) {
  const PatternRow& row = GetParam();
  for (const auto& [w, h] : {std::pair{85, 85}, {17, 64}, {301, 77}, {4, 64}}) {
    const RgbaImage image = row.draw(w, h, 7u);
    ASSERT_EQ(image.width, w);
    ASSERT_EQ(image.height, h);
    EXPECT_EQ(image.pixels, row.draw(w, h, 7u).pixels);
  }
  const RgbaImage image = row.draw(120, 120, 3u);
  EXPECT_NE(image.pixels, row.draw(120, 120, 4u).pixels) << "the seed changes it";
  std::set<std::uint32_t> colours;
  for (const Rgba8& p : image.pixels) colours.insert(p.r << 16 | p.g << 8 | p.b);
  EXPECT_GE(colours.size(), 4u);
  const auto [inside, seam] = inside_and_seam_steps(image, false);
  EXPECT_GT(inside, 3.0) << "detail along the rows";
}

TEST_P(EveryPattern, TilesAcrossBothSeams) {
  const PatternRow& row = GetParam();
  for (const auto& [w, h] : {std::pair{85, 85}, {140, 64}, {61, 97}}) {
    const RgbaImage image = row.draw(w, h, 11u);
    for (const bool across_rows : {false, true}) {
      const auto [inside, seam] = inside_and_seam_steps(image, across_rows);
      EXPECT_LE(seam, 2.0 * inside + 4.0) << w << "x" << h << (across_rows ? " top/bottom" : " left/right");
    }
  }
}

// The rows code draws; the scene row's pattern is cut from each frame (scene_pattern_test.cpp).
std::vector<PatternRow> drawn_rows() {
  std::vector<PatternRow> rows;
  for (const PatternRow& row : pattern_library())
    if (!row.from_scene()) rows.push_back(row);
  return rows;
}

INSTANTIATE_TEST_SUITE_P(Library, EveryPattern, ::testing::ValuesIn(drawn_rows()),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(PatternLibrary, TheSceneIsOneRowAndDrawnByNoCode) {
  const PatternRow* scene = find_library_pattern("scene");
  ASSERT_NE(scene, nullptr);
  EXPECT_TRUE(scene->from_scene());
  EXPECT_EQ(drawn_rows().size() + 1, pattern_library().size()) << "one row only is cut from the scene";
  EXPECT_NE(library_pattern_names().find("scene"), std::string::npos) << "--help names it";
}

TEST(PatternLibrary, HasSixOrMoreNamedRows) {
  EXPECT_GE(pattern_library().size(), 6u);
  EXPECT_EQ(find_library_pattern("marble")->name, "marble");
  EXPECT_EQ(find_library_pattern("plaid"), nullptr);
  EXPECT_NE(library_pattern_names().find("hexagons"), std::string::npos);
}

}  // namespace
}  // namespace stereocl
