// --config and --write-config: what is written reads back as the same Options, and the shipped
// presets say what their comments promise.
#include "config/options.hpp"
#include "parsed_options.hpp"
#include "render/convergence_dots.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

namespace stereocl {
namespace {

using testing::parsed;

// Writes the options of `arguments` with --write-config and reads them back with --config.
Options round_trip(std::vector<std::string> arguments, const std::string& name) {
  const std::string config = testing::scratch_file(name);
  arguments.insert(arguments.end(), {"--write-config", config});
  const auto written = parse_command_line(arguments);
  EXPECT_FALSE(written.ok());
  if (!written) EXPECT_EQ(written.failure().code, 0) << written.error();
  Options read = parsed({"--config", config});
  EXPECT_EQ(read.config_files, std::vector<std::string>{config});  // kept as an input no output may replace
  read.config_files.clear();  // where the values came from is not one of them
  return read;
}

// Every setting but the outputs, which a config file cannot name (output_paths_test.cpp).
TEST(ConfigFile, EveryOptionSurvivesTheRoundTrip) {
  const std::vector<std::string> arguments = {
      "--mode", "cpu-readback", "--size", "640x360", "--pattern-width", "100", "--max-offset", "40.5", "--seed", "4000000000",
      "--colour-pattern", "--invert-depth", "--effect", "blur", "--blur-radius", "9", "--blur-border", "clamp",
      "--stereogram-kernel", "classic", "--algorithm", "symmetric", "--oversample", "3", "--frames", "12", "--cpu-threads", "3", "--cl-device", "0:0", "--hidden",
      "--no-vsync", "--no-panel", "--depth", std::string(STEREOCL_ASSETS_DIR) + "/depth-shapes.png",
      "--presets", std::string(STEREOCL_ASSETS_DIR) + "/presets", "--guide-dots"};
  const Options original = parsed(arguments);
  EXPECT_EQ(original.look.stereogram.max_offset, 40.5f);  // the values are not the defaults, so the trip proves something
  EXPECT_EQ(original.look.seed, 4000000000u);
  EXPECT_EQ(original.look.stereogram.algorithm, StereogramAlgorithm::symmetric);
  EXPECT_EQ(original.look.stereogram.oversample, 3);
  EXPECT_EQ(round_trip(arguments, "everything.toml"), original);
}

// Issue 58: CLI11's reader and writer did not round-trip: `--text 'A#B'` read back as "A", a
// pattern path holding '#' was refused, TOML's escapes stayed literal. toml++ reads and writes now.
TEST(ConfigFile, AwkwardTextSurvivesTheRoundTrip) {
  const std::vector<std::string> awkward = {"A#B", "say \"hi\" 'there'", "back\\slash\\t", "\xC3\x9Cn\xC3\xAF \xE2\x82\xAC \xF0\x9F\x98\x80",
                                            "two\nlines", "tab\there", "[not an array]", "= sign", "# not a comment",
                                            " spaced ", "'''", "\"\"\""};
  int n = 0;
  for (const std::string& value : awkward) {
    const std::string file = "awkward-" + std::to_string(n++) + ".toml";
    EXPECT_EQ(round_trip({"--text", value}, "text-" + file).text, value) << value;
    EXPECT_EQ(round_trip({"--cl-device", value}, "device-" + file).cl_device, value) << value;
  }
  EXPECT_EQ(round_trip({"--cl-device", ""}, "empty.toml").cl_device, "");
  const std::string pattern = testing::scratch_file("pat#tern 'x'.png");
  std::filesystem::copy_file(std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png", pattern,
                             std::filesystem::copy_options::overwrite_existing);
  EXPECT_EQ(round_trip({"--pattern", pattern}, "pattern-hash.toml").pattern_file, pattern);
}

TEST(ConfigFile, TomlEscapesAndLiteralStringsAreRead) {
  const std::string file = testing::write_bytes("escapes.toml", "text = \"a\\tb \\\"q\\\" \\u00C9\"\ncl-device = 'C:\\raw'\n");
  const Options read = parsed({"--config", file});
  EXPECT_EQ(read.text, "a\tb \"q\" \xC3\x89");
  EXPECT_EQ(read.cl_device, "C:\\raw");
}

TEST(ConfigFile, OversampleIsAKeyWithItsRange) {
  const std::string good = testing::write_bytes("oversample.toml", "oversample = 4\n");
  const std::string bad = testing::write_bytes("oversample-9.toml", "oversample = 9\n");
  EXPECT_EQ(parsed({"--config", good}).look.stereogram.oversample, 4);
  const auto refused = parse_command_line({"--config", bad});
  ASSERT_FALSE(refused.ok());
  const std::string& message = refused.failure().message;
  EXPECT_NE(message.find("oversample"), std::string::npos) << message;
  EXPECT_NE(message.find('9'), std::string::npos) << message;
  EXPECT_EQ(refused.failure().code, 2) << message;  // a usage error, as on the command line
}

TEST(ConfigFile, DefaultsAndBenchSurviveTheRoundTrip) {
  EXPECT_EQ(round_trip({}, "defaults.toml"), parsed({}));
  EXPECT_FALSE(round_trip({}, "defaults-mode.toml").mode_given);  // "the best that runs" stays that
  EXPECT_EQ(round_trip({"--bench", "--frames", "20"}, "bench.toml"), parsed({"--bench", "--frames", "20"}));
}

TEST(ConfigFile, AWrittenConfigLeavesOffFlagsOutSoTheyCannotClash) {
  const std::string config = testing::scratch_file("flags.toml");
  ASSERT_EQ(parse_command_line({"--write-config", config}).failure().code, 0);
  const std::string text = testing::read_text(config);
  EXPECT_EQ(text.find("bench=false"), std::string::npos) << text;
  EXPECT_NE(text.find("# bench=true"), std::string::npos) << text;
  EXPECT_TRUE(parsed({"--config", config, "--list-devices"}).list_devices);  // --list-devices excludes --bench
  EXPECT_EQ(parsed({"--config", config, "--pattern", std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png"}).pattern_file,
            std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png");  // --pattern excludes --colour-pattern
}

TEST(ConfigFile, TheCommandLineWinsOverTheFile) {
  const std::string config = testing::write_bytes("seed.toml", "seed = 5\nblur-radius = 7\n");
  const Options options = parsed({"--config", config, "--seed", "9"});
  EXPECT_EQ(options.look.seed, 9u);
  EXPECT_EQ(options.look.effect.values.at("blur_radius"), 7);
}

TEST(ConfigFile, BadValuesInAFileAreRefusedLikeOnTheCommandLine) {
  const std::string config = testing::write_bytes("bad.toml", "blur-radius = 40\n");
  const auto result = parse_command_line({"--config", config});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.failure().code, 2);
  EXPECT_NE(result.failure().message.find("--blur-radius: Value 40 not in range 1 to 32"), std::string::npos)
      << result.failure().message;
  const std::string unknown = testing::write_bytes("unknown.toml", "speed = 11\n");
  const auto refused = parse_command_line({"--config", unknown});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.failure().message.find("--config: no setting is called speed (see --help)"), std::string::npos) << refused.failure().message;
}

TEST(ConfigFile, ThePresenterPresetShowsTheBestModeBigAndBare) {
  const Options options = parsed({"--config", std::string(STEREOCL_ASSETS_DIR) + "/presets/presenter.toml"});
  // No mode named: the best that runs here, without a notice over the picture where GPU cannot.
  EXPECT_FALSE(options.mode_given);
  // Fullscreen, the scene fitted to the screen at 1:1 (panel_window_test sees 1920x1080 filled).
  EXPECT_TRUE(options.fullscreen);
  EXPECT_TRUE(options.fit);
  EXPECT_GT(options.look.stereogram.pattern_width, Options{}.look.stereogram.pattern_width);
  EXPECT_FALSE(options.stage.show_panel);
  EXPECT_FALSE(options.bench);
}

TEST(ConfigFile, TheBenchmarkPresetBenchesAtFullHd) {
  const Options options = parsed({"--config", std::string(STEREOCL_ASSETS_DIR) + "/presets/benchmark.toml"});
  EXPECT_TRUE(options.bench);
  EXPECT_EQ(options.size, kBenchSize);
  EXPECT_EQ(options.frames, kBenchFrames);
  EXPECT_FALSE(options.stage.vsync);
  EXPECT_TRUE(options.hidden);
  EXPECT_TRUE(options.fast_stereogram_kernel);
}

// CLI11 reads a config file whole and blocking: a device or a FIFO used to hang the program.
TEST(ConfigFile, OnlyARegularFileOfAConfigsSizeIsRead) {
  const std::string fifo = testing::scratch_file("config.fifo");
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  for (const std::string& path : {std::string("/dev/zero"), fifo, testing::scratch_dir().string()}) {
    for (const std::vector<std::string>& arguments : {std::vector<std::string>{"--config", path}, {"--config=" + path}}) {
      const auto result = parse_command_line(arguments);
      ASSERT_FALSE(result.ok()) << path;
      EXPECT_EQ(result.failure().code, 2);
      EXPECT_EQ(result.failure().message, "stereocl: --config " + path + ": not a regular file (a folder, pipe or device)");
    }
  }
  const std::string huge = testing::scratch_file("huge.toml");
  std::filesystem::resize_file(testing::write_bytes("huge.toml", "# a comment\n"), (1 << 20) + 1);
  const auto result = parse_command_line({"--config", huge});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.failure().message,
            "stereocl: --config " + huge + ": 1048577 bytes, over the 1 MiB a config file may have");
}

// Issue 29, case 1: a 32 KB file of dotted keys took 7.8 GB in CLI11's reader (quadratic in the
// parts), and the refusal leaked its "a.++" marker. Now the text is checked first, in linear time.
ExitRequest refusal_of(const std::string& name, const std::string& content) {
  const auto result = parse_command_line({"--config", testing::write_bytes(name, content)});
  if (!result) return result.failure();
  ADD_FAILURE() << name << " was accepted";
  return {};
}

TEST(ConfigFile, DottedKeysAndSectionsAreRefusedBeforeCli11ReadsThem) {
  std::string dotted = "[a";
  for (int i = 0; i < 4000; ++i) dotted += ".a";
  dotted += "]\n";
  std::string issue = "[a";  // the issue's file: 16000 parts on one line
  for (int i = 0; i < 16000; ++i) issue += ".a";
  EXPECT_NE(refusal_of("issue.toml", issue + "]\n").message.find("line 1: 32003 bytes, over the 8192 a line may have"),
            std::string::npos);
  const auto started = std::chrono::steady_clock::now();
  const ExitRequest sections = refusal_of("dotted.toml", dotted);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
  EXPECT_EQ(sections.code, 2);
  EXPECT_NE(sections.message.find("dotted.toml: line 1: a [section] line"), std::string::npos) << sections.message;
  EXPECT_NE(sections.message.find("without sections"), std::string::npos) << sections.message;
  EXPECT_EQ(sections.message.find("a.a"), std::string::npos) << sections.message;
  EXPECT_LT(sections.message.size(), 400u);
  std::string key = "seed = 1\n";
  for (int i = 0; i < 300; ++i) key += "b.";  // over CLI11's 255 layers: dropped without a word
  key += "c = 1\n";
  const ExitRequest keys = refusal_of("key.toml", key);
  EXPECT_NE(keys.message.find("key.toml: line 2: expected `name = value` with a setting's name"), std::string::npos)
      << keys.message;
  EXPECT_EQ(keys.message.find("b.b"), std::string::npos) << keys.message;
}

// Issue 58: `--config /etc/passwd` printed root's line. A refusal names the file, the line and
// what was expected, never what the line holds.
TEST(ConfigFile, ARefusedLineIsNotEchoed) {
  for (const std::string secret : {"root:x:0:0:root:/root:/bin/bash\n", "[secret section]\n", "token = 1\nsk-secret\".x\n"}) {
    const ExitRequest refused = refusal_of("passwd", secret);
    EXPECT_EQ(refused.code, 2) << refused.message;
    const std::size_t named = refused.message.find("passwd: line ");
    ASSERT_NE(named, std::string::npos) << refused.message;
    const std::string said = refused.message.substr(named);  // the folder's path may hold any word
    EXPECT_EQ(said.find("root"), std::string::npos) << said;
    EXPECT_EQ(said.find("secret"), std::string::npos) << said;
  }
}

// CLI11 said "--text: At Most 1 required but received 2", naming neither the file nor the line.
TEST(ConfigFile, ASettingGivenTwiceIsRefusedWithTheFileAndBothLines) {
  const ExitRequest twice = refusal_of("twice.toml", "text = \"HELLO\"\nseed = 3\n# a comment\ntext = \"WORLD\"\n");
  EXPECT_EQ(twice.code, 2);
  EXPECT_NE(twice.message.find("twice.toml: line 4: text is set again (first on line 1); give each setting once"),
            std::string::npos)
      << twice.message;
  const ExitRequest spelled = refusal_of("spelled.toml", "dot_size = 2\n\"dot-size\" = 3\n");
  EXPECT_NE(spelled.message.find("spelled.toml: line 2: dot_size is set again (first on line 1)"), std::string::npos)
      << spelled.message;
}

TEST(ConfigFile, AByteOrderMarkIsSkippedAndBinaryIsRefusedByLine) {
  EXPECT_EQ(parsed({"--config", testing::write_bytes("bom.toml", "\xEF\xBB\xBFseed = 5\n")}).look.seed, 5u);
  const ExitRequest binary = refusal_of("binary.toml", std::string("seed = 5\n\x89PNG\0\x01", 14));
  EXPECT_NE(binary.message.find("binary.toml: line 2: byte 0x89 at column 1 is not UTF-8 text"), std::string::npos)
      << binary.message;
  EXPECT_EQ(refusal_of("bad.toml", "mode = \"\xC3\x28\"\n").message.find("\xC3"), std::string::npos);  // never echoed raw
}

TEST(ConfigFile, AHugeValueIsRefusedWithItsSizeNotEchoedWhole) {
  const ExitRequest line = refusal_of("long.toml", "depth = \"" + std::string(1 << 19, 'x') + "\"\n");
  EXPECT_NE(line.message.find("line 1: 524298 bytes, over the 8192 a line may have"), std::string::npos) << line.message;
  // A bare word is no TOML value (CLI11 read it as a string); the refusal says the rule, not the word.
  const ExitRequest value = refusal_of("value.toml", "effect = " + std::string(8000, 'y') + "\n");
  EXPECT_LT(value.message.size(), 400u) << value.message;
  EXPECT_NE(value.message.find("line 1: not TOML"), std::string::npos) << value.message;
  EXPECT_NE(value.message.find("a value is a \"quoted string\", a number, true or false"), std::string::npos)
      << value.message;
  const ExitRequest quoted = refusal_of("quoted.toml", "effect = \"" + std::string(8000, 'y') + "\"\n");
  EXPECT_NE(quoted.message.find("(8000 bytes)"), std::string::npos) << quoted.message;
}

}  // namespace
}  // namespace stereocl
