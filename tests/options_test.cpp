// The command line: defaults, and every bad value refused with a message naming it.
#include "config/options.hpp"
#include "pipeline/interop/interop_sync.hpp"
#include "pipeline/mode_table.hpp"

#include "ui/key_bindings.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>

namespace stereocl {
namespace {

Result<Options, ExitRequest> parse(std::vector<std::string> arguments) { return parse_command_line(arguments); }

void expect_refused(std::vector<std::string> arguments, const std::string& mentions) {
  const auto result = parse(arguments);
  ASSERT_FALSE(result.ok()) << "accepted: " << arguments.back();
  const auto& exit = result.failure();
  EXPECT_EQ(exit.code, 2);
  EXPECT_NE(exit.message.find(mentions), std::string::npos) << exit.message;
  EXPECT_EQ(exit.message.find('\n'), std::string::npos) << "one line please: " << exit.message;
}

TEST(Options, DefaultsAreTheDocumentedOnes) {
  const auto result = parse({});
  ASSERT_TRUE(result.ok());
  const auto& options = result.value();
  EXPECT_EQ(options.size, (Size{1280, 720}));
  EXPECT_EQ(options.look.stereogram.pattern_width, 85);
  EXPECT_EQ(options.look.stereogram.max_offset, 30.f);
  EXPECT_EQ(options.look.stereogram.algorithm, StereogramAlgorithm::symmetric);
  EXPECT_TRUE(options.stage.vsync);
  EXPECT_FALSE(options.frames);
  EXPECT_EQ(options.mode, Mode::gpu_extmem);  // the fastest where it runs (docs/performance.md)
  EXPECT_FALSE(options.mode_given);
  // The command line's default names the one the settings and GPU mode's back-end start from.
  EXPECT_EQ(options.interop_sync, kDefaultSyncStrategy);
}

TEST(Options, ParsesEveryMode) {
  for (const ModeRow& row : mode_table()) {
    const Mode mode = row.mode;
    const auto result = parse({"--mode", std::string(mode_cli_name(mode))});
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result.value().mode, mode);
  }
}

TEST(Options, RefusesBadValuesWithTheValueAndTheRule) {
  expect_refused({"--size", "0x720"}, "0x720");
  // NaN compares false with every bound, which CLI11's Range took for "inside".
  expect_refused({"--soak", "nan"}, "--soak: Value nan not in range 1 to 86400");
  expect_refused({"--ui-scale", "nan"}, "--ui-scale: Value nan not in range");
  expect_refused({"--ui-scale", "inf"}, "--ui-scale: Value inf not in range");
  expect_refused({"--size", "16385x10"}, "1..16384");
  expect_refused({"--size", "big"}, "WIDTHxHEIGHT");
  expect_refused({"--size", "12x"}, "WIDTHxHEIGHT");
  expect_refused({"--max-offset", "84"}, "--max-offset 84: must be 0 or more and below --pattern-width - 1 (84)");
  expect_refused({"--max-offset", "-1"}, "--max-offset -1: must be 0 or more");
  expect_refused({"--pattern-width", "40", "--max-offset", "39"}, "--max-offset 39: must be 0 or more and below --pattern-width - 1 (39)");
  expect_refused({"--pattern-width", "2"}, "--pattern-width: Value 2 not in range 4 to 1024");
  expect_refused({"--pattern-width", "100000"}, "--pattern-width: Value 100000 not in range 4 to 1024");
  expect_refused({"--frames", "-1"}, "--frames: Value -1 not in range 1 to");
  expect_refused({"--frames", "0"}, "--frames: Value 0 not in range 1 to");  // "record: 1/0 frames"
  expect_refused({"--max-offset", "1e308"}, "--max-offset: Value 1e308 not below 1024");  // once echoed as inf
  expect_refused({"--max-offset", "1e400"}, "--max-offset: Value 1e400 not below 1024");
  expect_refused({"--cpu-threads", "-3"}, "--cpu-threads: Value -3 not in range 0 to 1024");
  expect_refused({"--mode", "fastest"}, "--mode: fastest not in {scene,cpu,cpu-readback,gpu,gpu-extmem,gl-compute}");
  std::string effects = "{none";
  for (const EffectRow& row : effect_table()) effects += "," + std::string(row.name);
  expect_refused({"--effect", "sepia"}, "--effect: sepia not in " + effects + "}");
  expect_refused({"--blur-radius", "0"}, "--blur-radius: Value 0 not in range 1 to 32");
  expect_refused({"--blur-radius", "33"}, "--blur-radius: Value 33 not in range 1 to 32");
  expect_refused({"--blur-border", "wrap"}, "--blur-border: wrap not in {zero,clamp}");
  expect_refused({"--stereogram-kernel", "quick"}, "--stereogram-kernel: quick not in {classic,fast}");
  expect_refused({"--algorithm", "sirds"}, "--algorithm: sirds not in {symmetric,lookup}");
  expect_refused({"--algorithm", "symmetric", "--pattern-width", "4", "--max-offset", "2.5"},
                 "--algorithm symmetric: the nearest separation 1.5 px must be at least 2 px");
  expect_refused({"--dot-size", "0"}, "--dot-size: Value 0 not in range 1 to 16");
  expect_refused({"--dot-size", "17"}, "--dot-size: Value 17 not in range 1 to 16");
  expect_refused({"--no-such-option"}, "--no-such-option");
  expect_refused({"--json", "x.json"}, "--json goes with --bench or --list-devices");
}

TEST(Options, UnitsAnyOfThemSetsPAndMOverThePixelOptions) {
  const auto result = parse({"--pattern-width", "40", "--max-offset", "7", "--dpi", "72"});
  ASSERT_TRUE(result.ok());
  const Options& options = result.value();
  ASSERT_TRUE(options.look.stereogram.units);
  EXPECT_EQ(*options.look.stereogram.units, (PhysicalGeometry{72.0, 2.5 * 25.4, 1.0 / 3.0}));  // 63.5 mm and 1/3 are the defaults
  EXPECT_TRUE(options.dpi_given);
  EXPECT_EQ(options.look.stereogram.pattern_width, 90);
  EXPECT_FLOAT_EQ(options.look.stereogram.max_offset, 18.f);
  const auto eyes_only = parse({"--eye-separation", "60"});
  ASSERT_TRUE(eyes_only.ok());
  EXPECT_FALSE(eyes_only.value().dpi_given);  // main() asks the monitor
  const auto none = parse({});
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none.value().look.stereogram.units);
  EXPECT_EQ(none.value().look.stereogram.pattern_width, 85);
}

TEST(Options, UnitsBadValuesAndCombinationsAreRefusedInOneLine) {
  expect_refused({"--dpi", "20"}, "--dpi: Value 20 not in range 36 to 1200");
  expect_refused({"--dpi", "many"}, "--dpi: Value many not in range 36 to 1200");
  expect_refused({"--eye-separation", "500"}, "--eye-separation: Value 500 not in range 10 to 200");
  expect_refused({"--depth-of-field", "1"}, "--depth-of-field: Value 1 not in range above 0 to 0.9");
  expect_refused({"--depth-of-field", "0"}, "--depth-of-field: Value 0 not in range above 0 to 0.9");
  expect_refused({"--dpi", "nan"}, "--dpi: Value nan not in range 36 to 1200");
  expect_refused({"--dpi", "36", "--eye-separation", "10", "--depth-of-field", "0.9"}, "must be at least 2 px");
  expect_refused({"--dpi", "1200"}, "the far separation 1500.0 px must be at most 1024");
  expect_refused({"--dpi", "300", "--size", "200x100"}, "must be below the picture width 200 px");
}

// A pattern file is scaled to P, so physical units set P with one as with any other pattern.
TEST(Options, UnitsGoWithAPatternFile) {
  const std::string pattern = std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png";
  const auto parsed = parse({"--pattern", pattern, "--dpi", "72", "--size", "800x600"});
  ASSERT_TRUE(parsed.ok()) << parsed.failure().message;
  const Options& options = parsed.value();
  EXPECT_EQ(options.pattern_file, pattern);
  ASSERT_TRUE(options.look.stereogram.units);
  StereogramParams by_units;
  by_units.units = PhysicalGeometry{.dpi = 72};
  const Result<StereogramParams> resolved = resolve_units(by_units, 800);
  ASSERT_TRUE(resolved) << resolved.error();
  EXPECT_EQ(options.look.stereogram.pattern_width, resolved->pattern_width);
  EXPECT_NE(options.look.stereogram.pattern_width, StereogramParams{}.pattern_width) << "the units set P, not the default";
}

// --help as one line of words: it is wrapped to the terminal, so a phrase may span two lines.
std::string help_words() {
  const std::string help = parse({"--help"}).failure().message;
  return std::regex_replace(help, std::regex("\\s+"), " ");
}

TEST(Options, UnitsHelpSaysWhichWins) {
  const auto help = help_words();
  EXPECT_NE(help.find("--dpi N"), std::string::npos) << help;
  EXPECT_NE(help.find("Any of these 3 sets P and M, over --pattern-width/--max-offset"), std::string::npos) << help;
}

TEST(Options, TheSeedIsAUint32AndSaysSo) {
  expect_refused({"--seed", "-1"}, "--seed: Value -1 not in range 0 to 4294967295");
  expect_refused({"--seed", "4294967296"}, "--seed: Value 4294967296 not in range 0 to 4294967295");
  expect_refused({"--seed", "one"}, "--seed: Value one not in range 0 to 4294967295");
  const auto result = parse({"--seed", "4294967295"});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.value().look.seed, 4294967295u);
}

TEST(Options, OptionsThatCannotGoTogetherAreRefused) {
  expect_refused({"--bench", "--list-devices"}, "--bench excludes --list-devices");
  expect_refused({"--bench", "--json"}, "--json: with --bench, name the FILE.json");
  expect_refused({"--bench", "--screenshot", "shot.png"}, "--screenshot excludes --bench");
  expect_refused({"--histogram", "h.csv", "--bench"}, "--histogram excludes --bench");
  const std::string pattern = std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png";
  expect_refused({"--pattern", pattern, "--colour-pattern"}, "--pattern excludes --colour-pattern");
}

// Unless named, each mode pipelines where that measured faster; step by step has
// nothing to pipeline, so it turns pipelining off and refuses only a --pipeline asked for by name.
TEST(Options, PipelineIsEachModesOwnUnlessNamedAndGivesWayToStepByStep) {
  EXPECT_EQ(parse({}).value().passes.pipeline, std::nullopt);
  EXPECT_EQ(parse({"--pipeline"}).value().passes.pipeline, true);
  EXPECT_EQ(parse({"--no-pipeline"}).value().passes.pipeline, false);
  EXPECT_EQ(parse({"--interop-batch", "off"}).value().passes.pipeline, false);
  EXPECT_TRUE(mode_row(Mode::gpu).pipelines_by_default);
  EXPECT_TRUE(mode_row(Mode::cpu_readback).pipelines_by_default);
  EXPECT_TRUE(mode_row(Mode::gpu_extmem).pipelines_by_default);  // a frame in flight in its two slots
  expect_refused({"--pipeline", "--interop-batch", "off"}, "--pipeline: needs --interop-batch on or all");
  expect_refused({"--pipeline", "--no-pipeline"}, "--pipeline excludes --no-pipeline");
}

TEST(Options, InputFilesMustExist) {
  expect_refused({"--depth", "/no/such/depth.png"}, "--depth: File does not exist: /no/such/depth.png");
  expect_refused({"--pattern", "/no/such/pattern.png"}, "--pattern: File does not exist: /no/such/pattern.png");
  expect_refused({"--config", "/no/such/preset.toml"}, "--config: /no/such/preset.toml");
  // A loop of links and a name too long were both "File does not exist".
  const std::string loop = testing::scratch_file("loop.png");
  std::filesystem::remove(loop);
  std::filesystem::create_symlink(loop, loop);
  expect_refused({"--depth", loop}, "--depth: Cannot read " + loop + ": Too many levels of symbolic links");
  const std::string long_name = "/tmp/" + std::string(300, 'n') + ".png";
  expect_refused({"--pattern", long_name}, "File name too long");
}

// Refusals echo values; a hostile one (a megabyte, control bytes) still makes one short line.
TEST(Options, AHugeOrBinaryValueIsEchoedShortAndPrintable) {
  const auto result = parse({"--effect", std::string(1 << 20, 'x') + "\x01\n"});
  ASSERT_FALSE(result.ok());
  const std::string& message = result.failure().message;
  EXPECT_LT(message.size(), 400u) << message.size();
  EXPECT_NE(message.find("(1048578 bytes)"), std::string::npos) << message;
  EXPECT_NE(message.find("\\x0A"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(Options, ListDevicesTakesJsonWithOrWithoutAFile) {
  const auto bare = parse({"--list-devices", "--json"});
  ASSERT_TRUE(bare.ok());
  EXPECT_TRUE(bare.value().list_devices_as_json);
  EXPECT_TRUE(bare.value().json_file.empty());
  const auto plain = parse({"--list-devices"});
  ASSERT_TRUE(plain.ok());
  EXPECT_FALSE(plain.value().list_devices_as_json);
}

TEST(Options, MaxOffsetJustBelowTheLimitIsAccepted) {
  const auto result = parse({"--algorithm", "lookup", "--pattern-width", "40", "--max-offset", "38.5"});  // the lookup's rule
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.value().look.stereogram.max_offset, 38.5f);
}

TEST(Options, HelpExitsZeroAndListsTheOptions) {
  const auto result = parse({"--help"});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.failure().code, 0);
  EXPECT_NE(result.failure().message.find("--max-offset"), std::string::npos);
}

TEST(Options, HelpNamesTheValuesAndShowsTheDefaultsOfTheCode) {
  const std::string help = parse({"--help"}).failure().message;
  for (const char* shown :
       {"--size WxH", "--pattern NAME|FILE", "--depth FILE", "--max-offset PIXELS", "--screenshot FILE.png",
        "--cl-device DEVICE", "--config FILE.toml", "--write-config FILE.toml", "--version", "-o, --output FILE",
        "-v, --verbose"})
    EXPECT_NE(help.find(shown), std::string::npos) << shown << " in\n" << help;
  EXPECT_EQ(help.find(" TEXT"), std::string::npos) << help;
  const Options defaults;
  EXPECT_NE(help.find("4 to 1024; default " + std::to_string(defaults.look.stereogram.pattern_width)), std::string::npos) << help;
  EXPECT_NE(help.find("1 to 32; default " + std::to_string(defaults.look.effect.values.at("blur_radius"))), std::string::npos)
      << help;
  EXPECT_NE(help.find("default " + std::string(effect_name(defaults.look.effect.effect))), std::string::npos) << help;
  EXPECT_NE(help.find("default " + std::to_string(defaults.size.width) + "x" + std::to_string(defaults.size.height)),
            std::string::npos)
      << help;
}

// A user reads --help, not CLI11's parser: groups in a fixed order, lines that fit the terminal,
// ranges in words, and none of the parser's notation.
TEST(Options, HelpIsGroupedWrappedAndFreeOfParserNotation) {
  ::setenv("COLUMNS", "80", 1);
  const std::string help = parse({"--help"}).failure().message;
  std::size_t previous = 0;
  for (const char* group : {"\nGeneral:\n", "\nPicture:\n", "\nShow:\n", "\nOutput:\n", "\nDevices and modes:\n",
                            "\nMeasure:\n", "\nKeys in the window:\n"}) {
    const std::size_t at = help.find(group);
    ASSERT_NE(at, std::string::npos) << group << help;
    EXPECT_GT(at, previous) << group;
    previous = at;
  }
  std::istringstream lines(help);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
  for (const char* artefact : {"Excludes:", "Needs:", ":{", "000000", "9223372036854775807", "=85", "DIR:DIR"})
    EXPECT_EQ(help.find(artefact), std::string::npos) << artefact << " in\n" << help;
  EXPECT_NE(help.find("0.5 to 4"), std::string::npos) << "--ui-scale's range, in words";
  ::unsetenv("COLUMNS");
}

TEST(Options, ShortOptionsWhereConventional) {
  const auto parsed = parse({"-v", "-o", "out.png", "--depth", std::string(STEREOCL_ASSETS_DIR) + "/depth-shapes.png"});
  ASSERT_TRUE(parsed.ok()) << parsed.failure().message;
  EXPECT_TRUE(parsed.value().verbose);
  EXPECT_EQ(parsed.value().output_file, "out.png");
}

TEST(Options, HelpEndsWithEveryKeyTheWindowBinds) {
  const std::string help = parse({"--help"}).failure().message;
  const auto keys = help.find("Keys in the window:");
  ASSERT_NE(keys, std::string::npos) << help;
  for (const KeyBinding& binding : key_bindings()) {
    const auto line = help.find("\n  " + std::string(binding.name) + " ", keys);
    ASSERT_NE(line, std::string::npos) << binding.name;
    const std::string text = help.substr(line, help.find('\n', line + 1) - line);
    EXPECT_NE(text.find(binding.does), std::string::npos) << binding.name << ": " << binding.does;
  }
}

TEST(Options, VersionIsTheProjectsAndTheCommitsWhereThereIsOne) {
  const auto result = parse({"--version"});
  ASSERT_FALSE(result.ok());
  const auto& exit = result.failure();
  EXPECT_EQ(exit.code, 0);
  EXPECT_EQ(exit.message.find('\n'), std::string::npos) << exit.message;
  const std::filesystem::path source = std::filesystem::path(STEREOCL_ASSETS_DIR).parent_path();
  std::smatch project;
  const std::string cmake = testing::read_text((source / "CMakeLists.txt").string());
  ASSERT_TRUE(std::regex_search(cmake, project, std::regex(R"(project\(stereocl VERSION ([0-9.]+))")));
  EXPECT_EQ(exit.message.rfind("stereocl " + project[1].str(), 0), 0u) << exit.message;
  // The configure step asked git; a build from a tarball, or where no git is installed (a checkout
  // copied in, as CI's pristine Debian gets it), says the version alone.
  const bool git_runs = std::system("git --version >/dev/null 2>&1") == 0;
  if (std::filesystem::exists(source / ".git") && git_runs)
    EXPECT_TRUE(std::regex_search(exit.message, std::regex(R"( \(([^)]*-g)?[0-9a-f]{7,}(-dirty)?\)$)"))) << exit.message;
}

TEST(Options, BenchDefaultsToFullHdFiveHundredFramesNoVsync) {
  const auto result = parse({"--bench"});
  ASSERT_TRUE(result.ok());
  const auto& options = result.value();
  EXPECT_EQ(options.size, (Size{1920, 1080}));
  EXPECT_EQ(options.frames, 500);
  EXPECT_FALSE(options.stage.vsync);
  EXPECT_TRUE(options.hidden);
}

}  // namespace
}  // namespace stereocl

namespace stereocl {
namespace {

TEST(SoakOptions, TakeSecondsACsvAndModes) {
  const auto result = parse({"--soak", "20", "--soak-csv", testing::scratch_file("soak.csv"), "--soak-modes", "cpu-readback,cpu"});
  ASSERT_TRUE(result.ok()) << result.failure().message;
  const auto& options = result.value();
  EXPECT_EQ(options.soak_seconds, 20.0);
  EXPECT_EQ(options.soak_modes, (std::vector<Mode>{Mode::cpu_readback, Mode::cpu}));
}

TEST(SoakOptions, RefuseWhatTheSoakCannotUse) {
  expect_refused({"--soak", "20"}, "--soak-csv");
  expect_refused({"--soak", "0", "--soak-csv", testing::scratch_file("soak.csv")}, "--soak");
  expect_refused({"--soak", "5", "--soak-csv", testing::scratch_file("soak.csv"), "--soak-modes", "cpu,warp"}, "warp");
  expect_refused({"--soak-modes", "cpu"}, "--soak");
  expect_refused({"--soak", "5", "--soak-csv", testing::scratch_file("soak.csv"), "--frames", "3"}, "--frames");
}

}  // namespace
}  // namespace stereocl

namespace stereocl {
namespace {

TEST(StageOptions, FitFullscreenOnANamedMonitorAndAUiScale) {
  const auto result = parse({"--fit", "--fullscreen", "HDMI", "--ui-scale", "1.5"});
  ASSERT_TRUE(result.ok()) << result.failure().message;
  const auto& options = result.value();
  EXPECT_TRUE(options.fit);
  EXPECT_TRUE(options.fullscreen);
  EXPECT_EQ(options.monitor, "HDMI");
  EXPECT_FLOAT_EQ(options.ui_scale, 1.5f);
}

TEST(StageOptions, FullscreenWithoutAMonitorMeansThePrimaryOne) {
  const auto result = parse({"--fullscreen", "--fit"});
  ASSERT_TRUE(result.ok()) << result.failure().message;
  EXPECT_TRUE(result.value().fullscreen);
  EXPECT_EQ(result.value().monitor, "");
  EXPECT_FALSE(parse({}).value().fullscreen);
}

TEST(StageOptions, FitAndFullscreenDoNotGoWithTheBench) {
  expect_refused({"--bench", "--fit"}, "--fit");
  expect_refused({"--bench", "--fullscreen"}, "--fullscreen");
}

TEST(StageOptions, AUiScaleOutsideItsRangeIsRefusedInOneLine) {
  for (const char* scale : {"0.2", "9", "x"}) {
    const auto result = parse({"--ui-scale", scale});
    ASSERT_FALSE(result.ok()) << scale;
    const std::string& message = result.failure().message;
    EXPECT_EQ(result.failure().code, 2);
    EXPECT_NE(message.find("--ui-scale"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(Options, TextIsADepthSourceBesideTheSceneAndItsFontAnInput) {
  const auto parsed = parse({"--text", "HELLO 3D"});
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed.value().text, "HELLO 3D");
  expect_refused({"--text", "A", "--depth", std::string(STEREOCL_ASSETS_DIR) + "/depth-shapes.png"},
                 "--depth excludes --text");
  expect_refused({"--text", "A", "--font", "/nonexistent/font.ttf"}, "--font");
  const std::string font = testing::write_bytes("font-for-output.ttf", "not read here");
  expect_refused({"--text", "A", "--font", font, "--screenshot", font}, "that is the --font file");
}

TEST(Options, PatternTakesALibraryNameOrAFile) {
  const auto parsed = parse({"--pattern", "marble", "--dpi", "96"});  // drawn at P: units may set P
  ASSERT_TRUE(parsed.ok());
  const Options& options = parsed.value();
  EXPECT_EQ(options.look.pattern_kind, PatternKind::library);
  EXPECT_EQ(options.look.library_pattern, find_library_pattern("marble"));
  EXPECT_TRUE(options.pattern_file.empty());
  expect_refused({"--pattern", "plaid"}, "File does not exist: plaid (and not a pattern name: noise, marble");
  const auto file = parse({"--pattern", std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png"});
  ASSERT_TRUE(file.ok());
  EXPECT_NE(file.value().look.pattern_kind, PatternKind::library);
  EXPECT_FALSE(file.value().pattern_file.empty());
}

// FreeType and Assimp open a file by its name: a FIFO with no writer blocked --font for ever, and
// a device never ends. Both are refused in one line before anything opens them.
TEST(Options, AFontOrModelThatIsNotARegularFileIsRefused) {
  const std::string fifo = testing::scratch_file("font-fifo");
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--text", "HI", "--font", fifo}, "is a named pipe (FIFO), not a regular file"},
      {{"--model", fifo}, "is a named pipe (FIFO), not a regular file"},
      {{"--text", "HI", "--font", "/dev/zero"}, "is a device or socket, not a regular file"}};
  for (const auto& [arguments, reason] : cases) {
    const auto result = parse_command_line(arguments);
    ASSERT_FALSE(result.ok()) << arguments[arguments.size() - 1];
    EXPECT_EQ(result.failure().code, 2);
    EXPECT_NE(result.failure().message.find(reason), std::string::npos) << result.failure().message;
    EXPECT_EQ(result.failure().message.find('\n'), std::string::npos) << result.failure().message;
  }
}

}  // namespace
}  // namespace stereocl
