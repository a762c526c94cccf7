// Files written after the last frame are checked before the first: a run of minutes must not end
// in "cannot write". The checks create nothing.
#include "config/options.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

namespace stereocl {
namespace {

const char* const kOutputOptions[] = {"--screenshot", "--screenshot-window", "--histogram", "--json", "--write-config"};

// The arguments that make `option` legal on its own.
std::vector<std::string> with(const std::string& option, const std::string& path) {
  if (option == "--json") return {"--bench", option, path};
  return {option, path};
}

void expect_refused(const std::string& option, const std::string& path, const std::string& reason) {
  const auto result = parse_command_line(with(option, path));
  ASSERT_FALSE(result.ok()) << option << " " << path;
  const auto& exit = result.failure();
  EXPECT_EQ(exit.code, 2);
  for (const std::string& part : {option + ":", path, reason}) EXPECT_NE(exit.message.find(part), std::string::npos) << exit.message;
  EXPECT_EQ(exit.message.find('\n'), std::string::npos) << exit.message;
}

TEST(OutputPaths, AMissingFolderIsRefusedNamingFlagPathAndReason) {
  for (const char* option : kOutputOptions) {
    const std::string path = testing::scratch_file("no-such-folder/out.file");
    expect_refused(option, path, "No such file or directory");
    EXPECT_FALSE(std::filesystem::exists(testing::scratch_file("no-such-folder")));
  }
}

// An unset shell variable (-o "$OUT") once ran the window until killed; --record "" was refused.
TEST(OutputPaths, AnEmptyPathIsRefusedForEveryOutput) {
  for (const char* option : {"--output", "--screenshot", "--screenshot-window", "--histogram", "--write-config",
                             "--soak-csv", "--record"}) {
    const auto result = parse_command_line({option, ""});
    ASSERT_FALSE(result.ok()) << option;
    EXPECT_EQ(result.failure().code, 2) << option;
    EXPECT_NE(result.failure().message.find(option), std::string::npos) << result.failure().message;
    EXPECT_EQ(result.failure().message.find('\n'), std::string::npos) << result.failure().message;
  }
  const auto short_form = parse_command_line({"-o", ""});
  ASSERT_FALSE(short_form.ok());
  EXPECT_NE(short_form.failure().message.find("an empty path names no file"), std::string::npos)
      << short_form.failure().message;
  EXPECT_TRUE(parse_command_line({"--list-devices", "--json"}).ok()) << "a bare --json is stdout";
}

// An empty --text was taken as no text (the ball's scene, exit 0) where one of spaces is refused
// (when it is drawn: text_depth_test.cpp); both are refused with the same words.
TEST(OutputPaths, AnEmptyTextIsRefusedAsBlankTextIs) {
  const auto result = parse_command_line({"--text", "", "-o", testing::scratch_file("empty-text.png")});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.failure().code, 2);
  EXPECT_NE(result.failure().message.find("--text: the text is empty; give at least one visible character"),
            std::string::npos)
      << result.failure().message;
}

TEST(OutputPaths, AFolderIsNotAFile) {
  for (const char* option : kOutputOptions) expect_refused(option, testing::scratch_dir().string(), "Is a directory");
}

TEST(OutputPaths, AFileInsteadOfAFolderIsRefused) {
  const std::string file = testing::write_bytes("plain-file", "x");
  for (const char* option : kOutputOptions) expect_refused(option, file + "/out.png", "Not a directory");
}

TEST(OutputPaths, AReadOnlyFolderIsRefused) {
  const std::string folder = testing::scratch_file("read-only");
  std::filesystem::create_directories(folder);
  ::chmod(folder.c_str(), 0555);
  // root writes into a 0555 folder; /proc/sys refuses even root.
  const std::string read_only = ::access(folder.c_str(), W_OK) != 0 ? folder : "/proc/sys";
  if (::access(read_only.c_str(), W_OK) == 0) GTEST_SKIP() << "no folder here refuses this user";
  for (const char* option : kOutputOptions) expect_refused(option, read_only + "/out.png", "Permission denied");
}

TEST(OutputPaths, ANewFileInAWritableFolderIsAcceptedAndNotCreated) {
  for (const char* option : {"--screenshot", "--screenshot-window", "--histogram"}) {
    const std::string path = testing::scratch_file(std::string("new") + option);
    const auto result = parse_command_line(with(option, path));
    EXPECT_TRUE(result.ok()) << option;
    EXPECT_FALSE(std::filesystem::exists(path)) << option;
  }
  EXPECT_TRUE(parse_command_line({"--screenshot", "relative-name.png"}).ok());
}

// An output naming the --config file turned the config into a PNG (exit 0); two outputs naming
// one file overwrote each other (--screenshot X --histogram X left a CSV).
TEST(OutputPaths, AnOutputNeverReplacesTheConfigOrAnotherOutput) {
  const std::string config = testing::write_bytes("clash.toml", "frames = 2\n");
  for (const std::string option : {"--screenshot", "--histogram", "--screenshot-window", "--write-config"}) {
    const auto result = parse_command_line({"--config", config, option, config});
    ASSERT_FALSE(result.ok()) << option;
    const auto& exit = result.failure();
    EXPECT_EQ(exit.code, 2) << option;
    EXPECT_NE(exit.message.find("that is the --config file"), std::string::npos) << exit.message;
  }
  const std::string shared = testing::scratch_file("one-file-for-two");
  const std::string same_again = (testing::scratch_dir() / "." / "one-file-for-two").string();
  const auto twice = parse_command_line({"--screenshot", shared, "--histogram", same_again});
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.failure().message.find("--screenshot writes that file too"), std::string::npos)
      << twice.failure().message;
  EXPECT_EQ(testing::read_text(config), "frames = 2\n");
}

// A config file or preset someone sends must not write files: `output = "victim.txt"` made
// victim.txt a PNG. Outputs are named on the command line only, and --write-config writes none.
TEST(OutputPaths, AConfigFileCannotNameAnOutput) {
  for (const std::string key : {"output", "screenshot", "screenshot_window", "histogram", "record", "json", "soak_csv"}) {
    const std::string victim = testing::write_bytes("victim-" + key + ".txt", "the user's file\n");
    const std::string config = testing::write_bytes("names-" + key + ".toml", key + " = \"" + victim + "\"\n");
    const auto result = parse_command_line({"--config", config});
    ASSERT_FALSE(result.ok()) << key;
    EXPECT_EQ(result.failure().code, 2) << key;
    const std::string& said = result.failure().message;
    EXPECT_TRUE(said.find(key + ": This option is not allowed in a configuration file") != std::string::npos ||
                said.find("no setting is called " + key) != std::string::npos)
        << said;
    EXPECT_EQ(testing::read_text(victim), "the user's file\n");
  }
  const std::string written = testing::scratch_file("no-outputs.toml");
  const auto write = parse_command_line({"--screenshot", testing::scratch_file("x.png"), "--write-config", written});
  ASSERT_FALSE(write.ok());
  EXPECT_EQ(write.failure().code, 0) << write.failure().message;
  const std::string text = testing::read_text(written);
  for (const std::string key : {"output", "screenshot", "record", "histogram"})
    EXPECT_EQ(text.find("\n" + key + "="), std::string::npos) << text;
}

// "-" is stdout, which no input is (even one read from stdin); two outputs cannot both be it.
TEST(OutputPaths, StandardOutputIsNoInputAndServesOneOutput) {
  const auto piped = parse_command_line({"--depth", "-", "--frames", "1", "--screenshot", "-"});
  ASSERT_TRUE(piped.ok()) << piped.failure().message;
  EXPECT_EQ(piped.value().screenshot_file, "-");
  const auto twice = parse_command_line({"--frames", "1", "--screenshot", "-", "--histogram", "-"});
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.failure().message.find("--histogram -: --screenshot writes that file too"), std::string::npos)
      << twice.failure().message;
}

// --write-config replaced its file in place: a full disk left it truncated, and said exit 2.
// A file size limit below the config's size (1 KiB; the config is about 2.6) fails its write as a
// full disk would, and leaves room for the one-line message on stderr.
TEST(OutputPaths, WriteConfigThatCannotBeWrittenKeepsTheOldFileAndSaysExitOne) {
  const std::string config = testing::write_bytes("kept.toml", "frames = 7\n");
  const testing::ProgramResult result = testing::run_stereocl({"--write-config", config}, "ulimit -f 1;");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("--write-config " + config), std::string::npos) << result.err;
  EXPECT_EQ(testing::read_text(config), "frames = 7\n");
}

TEST(OutputPaths, TheProgramRefusesBeforeTheFirstFrame) {
  // A million frames would time the test out: exiting 2 at once shows nothing ran.
  const testing::ProgramResult result =
      testing::run_stereocl({"--hidden", "--frames", "1000000", "--screenshot", testing::scratch_file("gone/shot.png")});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--screenshot: cannot write"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace stereocl
