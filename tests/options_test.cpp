// The command line: defaults, and every bad value refused with a message naming it.
#include "app/options.hpp"
#include "pipeline/mode_table.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

std::variant<Options, ExitRequest> parse(std::vector<std::string> arguments) { return parse_command_line(arguments); }

void expect_refused(std::vector<std::string> arguments, const std::string& mentions) {
  const auto result = parse(arguments);
  ASSERT_TRUE(std::holds_alternative<ExitRequest>(result)) << "accepted: " << arguments.back();
  const auto& exit = std::get<ExitRequest>(result);
  EXPECT_EQ(exit.code, 2);
  EXPECT_NE(exit.message.find(mentions), std::string::npos) << exit.message;
  EXPECT_EQ(exit.message.find('\n'), std::string::npos) << "one line please: " << exit.message;
}

TEST(Options, DefaultsAreTheDocumentedOnes) {
  const auto result = parse({});
  ASSERT_TRUE(std::holds_alternative<Options>(result));
  const auto& options = std::get<Options>(result);
  EXPECT_EQ(options.size, (Size{1280, 720}));
  EXPECT_EQ(options.stereogram.pattern_width, 85);
  EXPECT_EQ(options.stereogram.max_offset, 30.f);
  EXPECT_TRUE(options.vsync);
  EXPECT_FALSE(options.frames);
  EXPECT_EQ(options.mode, Mode::gpu);
  EXPECT_FALSE(options.mode_given);
}

TEST(Options, ParsesEveryMode) {
  for (const ModeRow& row : mode_table()) {
    const Mode mode = row.mode;
    const auto result = parse({"--mode", std::string(mode_cli_name(mode))});
    ASSERT_TRUE(std::holds_alternative<Options>(result));
    EXPECT_EQ(std::get<Options>(result).mode, mode);
  }
}

TEST(Options, RefusesBadValuesWithTheValueAndTheRule) {
  expect_refused({"--size", "0x720"}, "0x720");
  expect_refused({"--size", "16385x10"}, "1..16384");
  expect_refused({"--size", "big"}, "WIDTHxHEIGHT");
  expect_refused({"--size", "12x"}, "WIDTHxHEIGHT");
  expect_refused({"--max-offset", "84"}, "below pattern width - 1");
  expect_refused({"--max-offset", "-1"}, "max offset");
  expect_refused({"--pattern-width", "2"}, "pattern width 2");
  expect_refused({"--pattern-width", "100000"}, "pattern width 100000");
  expect_refused({"--frames", "-1"}, "--frames -1");
  expect_refused({"--cpu-threads", "-3"}, "--cpu-threads -3");
  expect_refused({"--mode", "fastest"}, "--mode fastest");
  expect_refused({"--effect", "sepia"}, "--effect sepia");
  expect_refused({"--blur-radius", "0"}, "1..32");
  expect_refused({"--blur-radius", "33"}, "1..32");
  expect_refused({"--blur-border", "wrap"}, "zero or clamp");
  expect_refused({"--stereogram-kernel", "quick"}, "classic or fast");
  expect_refused({"--no-such-option"}, "--no-such-option");
  expect_refused({"--json", "x.json"}, "--bench");
}

TEST(Options, MaxOffsetJustBelowTheLimitIsAccepted) {
  const auto result = parse({"--pattern-width", "40", "--max-offset", "38.5"});
  ASSERT_TRUE(std::holds_alternative<Options>(result));
  EXPECT_EQ(std::get<Options>(result).stereogram.max_offset, 38.5f);
}

TEST(Options, HelpExitsZeroAndListsTheOptions) {
  const auto result = parse({"--help"});
  ASSERT_TRUE(std::holds_alternative<ExitRequest>(result));
  EXPECT_EQ(std::get<ExitRequest>(result).code, 0);
  EXPECT_NE(std::get<ExitRequest>(result).message.find("--max-offset"), std::string::npos);
}

TEST(Options, BenchDefaultsToFullHdFiveHundredFramesNoVsync) {
  const auto result = parse({"--bench"});
  ASSERT_TRUE(std::holds_alternative<Options>(result));
  const auto& options = std::get<Options>(result);
  EXPECT_EQ(options.size, (Size{1920, 1080}));
  EXPECT_EQ(options.frames, 500);
  EXPECT_FALSE(options.vsync);
  EXPECT_TRUE(options.hidden);
}

}  // namespace
}  // namespace stereocl
