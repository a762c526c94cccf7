// --text's depth map: the word stands near in the middle on a far plane, left to right, scaled to
// the picture, and every text that is not one printable line is refused in one line.
#include "files/text/text_depth.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace stereocl {
namespace {

Image<std::uint16_t> drawn(std::string_view text, int width = 400, int height = 200) {
  Result<Image<std::uint16_t>> depth = text_depth_map(text, width, height);
  if (!depth) throw std::runtime_error(depth.error());
  return *depth;
}

// The share of the columns [from, to) of `depth` that is raised above the plane.
double raised_share(const Image<std::uint16_t>& depth, int from, int to) {
  long raised = 0;
  for (int y = 0; y < depth.height; ++y)
    for (int x = from; x < to; ++x) raised += depth.at(x, y) > 32768;
  return static_cast<double>(raised) / ((to - from) * depth.height);
}

TEST(TextDepth, TheWordIsNearInTheMiddleAndTheCornersAreTheFarPlane) {
  const Image<std::uint16_t> depth = drawn("HI");
  EXPECT_EQ(depth.width, 400);
  EXPECT_EQ(depth.height, 200);
  EXPECT_GT(raised_share(depth, 0, 400), 0.08);
  for (const auto& [x, y] : {std::pair{0, 0}, {399, 0}, {0, 199}, {399, 199}}) EXPECT_EQ(depth.at(x, y), 0);
  const std::uint16_t highest = *std::max_element(depth.pixels.begin(), depth.pixels.end());
  EXPECT_GT(highest, 60000);  // the letters' tops are flat at the near plane, their sides slope
  std::set<std::uint16_t> levels(depth.pixels.begin(), depth.pixels.end());
  EXPECT_GT(levels.size(), 20u);
}

TEST(TextDepth, LettersGoLeftToRight) {
  const Image<std::uint16_t> depth = drawn("L.");  // an L is tall, a full stop low and small
  EXPECT_GT(raised_share(depth, 0, 200), 3 * raised_share(depth, 200, 400));
}

TEST(TextDepth, ALongWordFillsMostOfTheWidthAndATallOneMostOfTheHeight) {
  const Image<std::uint16_t> depth = drawn("HELLO");
  int left = depth.width, right = 0;
  for (int y = 0; y < depth.height; ++y)
    for (int x = 0; x < depth.width; ++x)
      if (depth.at(x, y) > 32768) left = std::min(left, x), right = std::max(right, x);
  EXPECT_GT(right - left, 400 * 0.75);
  EXPECT_LE(right - left, 400 * 0.9);
  int top = depth.height, bottom = 0;
  const Image<std::uint16_t> tall = drawn("I");
  for (int y = 0; y < tall.height; ++y)
    for (int x = 0; x < tall.width; ++x)
      if (tall.at(x, y) > 32768) top = std::min(top, y), bottom = std::max(bottom, y);
  EXPECT_GT(bottom - top, 200 * 0.5);
  EXPECT_LE(bottom - top, 200 * 0.65);
}

TEST(TextDepth, UnicodeLettersAndTinyPicturesDraw) {
  EXPECT_GT(raised_share(drawn("ÄÖÜ ß"), 0, 400), 0.05);
  EXPECT_EQ(drawn("A", 1, 1).pixels.size(), 1u);
}

TEST(TextDepth, TextThatIsNotOnePrintableLineIsRefusedInOneLine) {
  const auto refused = [](std::string_view text, const std::string& says) {
    Result<Image<std::uint16_t>> depth = text_depth_map(text, 64, 32);
    ASSERT_FALSE(depth) << text;
    EXPECT_NE(depth.error().find(says), std::string::npos) << depth.error();
    EXPECT_EQ(depth.error().find('\n'), std::string::npos) << depth.error();
  };
  refused("", "empty");
  refused("   ", "empty");
  refused("two\nlines", "control character");
  refused(std::string("bad\xff"), "not UTF-8 at byte 4");
  refused(std::string(65, 'W'), "65 characters; at most 64");
  refused("\xE6\x97\xA5", "the font has no letter U+65E5");  // DejaVu Sans has no CJK
  // Hebrew and Arabic came out mirrored and unjoined, without a word.
  refused("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", "right-to-left script (U+05E9)");  // shalom
  refused("hi \xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7", "right-to-left script (U+0645)");  // marhaba
  refused("\xEF\xBB\xB7", "right-to-left script (U+FEF7)");  // an Arabic presentation form
  EXPECT_TRUE(text_depth_map(std::string(64, 'W'), 64, 32));
}

TEST(TextDepth, AFileThatIsNotAFontIsNamed) {
  const std::string not_a_font = testing::write_bytes("not-a-font.ttf", "hello");
  Result<Image<std::uint16_t>> depth = text_depth_map("HI", 64, 32, not_a_font);
  ASSERT_FALSE(depth);
  EXPECT_NE(depth.error().find("not-a-font.ttf: not a font"), std::string::npos) << depth.error();
}

TEST(TextDepth, FontconfigFindsDejaVuSansBold) {
  Result<std::string> font = default_text_font();
  ASSERT_TRUE(font) << font.error();
  EXPECT_NE(font->find("DejaVuSans-Bold"), std::string::npos) << *font;
}

}  // namespace
}  // namespace stereocl
