// Presets: PageDown / PageUp step through a folder of --config files in name order, wrapping;
// each is applied live to a Engine, a bad one is refused in one line and changes nothing, and the
// shipped presets all apply.
#include "config/options.hpp"
#include "pipeline/engine.hpp"
#include "ui/key_bindings.hpp"
#include "config/presets.hpp"
#include "hidden_window.hpp"
#include "test_files.hpp"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace stereocl {
namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// A folder of three presets and one file that is not a preset, named so that name order differs
// from the order they are written in.
std::string preset_folder() {
  const fs::path folder = testing::scratch_dir() / "presets";
  fs::remove_all(folder);
  fs::create_directories(folder / "sub");
  write_file(folder / "b-symmetric.toml", "algorithm = \"symmetric\"\npattern-width = 120\nmax-offset = 40\nmode = \"cpu\"\n");
  write_file(folder / "a-colour.toml", "colour-pattern = true\npattern-width = 100\nmax-offset = 36\nseed = 7\n");
  write_file(folder / "c-broken.toml", "pattern-width = 50\nmax-offset = 60\n");  // M >= P - 1
  write_file(folder / "notes.txt", "not a preset\n");
  write_file(folder / "sub" / "d.toml", "seed = 9\n");  // only the folder itself is listed
  return folder.string();
}

TEST(Presets, AreListedByFileNameAndOnlyTomlFiles) {
  const std::vector<std::string> files = list_presets(preset_folder());
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(preset_name(files[0]), "a-colour");
  EXPECT_EQ(preset_name(files[1]), "b-symmetric");
  EXPECT_EQ(preset_name(files[2]), "c-broken");
}

TEST(Presets, TheDefaultFolderOfABuildTreeIsTheSourceAssets) {
  // The test binary has no ../share/stereocl/presets beside it, so the source tree's is used.
  EXPECT_EQ(fs::canonical(default_presets_folder()), fs::canonical(std::string(STEREOCL_ASSETS_DIR) + "/presets"));
}

TEST(Presets, EveryShippedPresetParses) {
  const std::vector<std::string> files = list_presets(std::string(STEREOCL_ASSETS_DIR) + "/presets");
  ASSERT_GE(files.size(), 6u);  // benchmark, colour-dots, depth-shapes, gpu-symmetric, presenter, scene-lookup
  for (const std::string& file : files) {
    const auto parsed = parse_command_line({"--config", file});
    EXPECT_TRUE(parsed.ok()) << file << ": " << (parsed ? "" : parsed.error());
  }
}

// A clicker's first PageDown must change the picture: a preset that runs --bench shows nothing,
// so it is for --config, not the stage.
TEST(Presets, TheStageCycleSkipsBenchmarkPresetsSoTheFirstIsVisible) {
  const std::string folder = std::string(STEREOCL_ASSETS_DIR) + "/presets";
  const std::vector<std::string> stage = stage_presets(folder);
  ASSERT_FALSE(stage.empty());
  EXPECT_EQ(stage.size() + 1, list_presets(folder).size()) << "only the benchmark preset is left out";
  for (const std::string& file : stage) EXPECT_NE(preset_name(file), "benchmark");
  const auto first = parse_command_line({"--config", stage.front()});
  ASSERT_TRUE(first.ok());
  EXPECT_FALSE(first.value().bench);
}

TEST(Presets, ArePickedByNameAndAMissingNameListsTheOnesThereAre) {
  const auto presenter = parse_command_line({"--config", "presenter"});
  ASSERT_TRUE(presenter.ok());
  EXPECT_TRUE(presenter.value().fullscreen) << "the presenter preset fills the screen";
  EXPECT_TRUE(presenter.value().fit);
  const auto in_folder = parse_command_line({"--presets", preset_folder(), "--config", "a-colour"});
  ASSERT_TRUE(in_folder.ok());
  EXPECT_EQ(in_folder.value().look.seed, 7u);
  const auto missing = parse_command_line({"--presets", preset_folder(), "--config", "presentr"});
  ASSERT_FALSE(missing.ok());
  const std::string said = missing.failure().message;
  EXPECT_NE(said.find("--config presentr: no such file, nor a preset of that name"), std::string::npos) << said;
  EXPECT_NE(said.find("a-colour, b-symmetric, c-broken"), std::string::npos) << said;
}

// Issue 58: a presets folder that is there but cannot be read was "no such preset" with "none"
// listed, as if empty. A looping link stands for it here: root reads a folder of mode 700.
TEST(Presets, AFolderThatCannotBeReadIsSaidSo) {
  const fs::path loop = testing::scratch_dir() / "presets-loop";
  fs::remove(loop);
  fs::create_symlink("presets-loop", loop);
  const auto named = parse_command_line({"--presets", loop.string(), "--config", "presenter-x"});
  ASSERT_FALSE(named.ok());
  EXPECT_NE(named.failure().message.find(loop.string() + " cannot be read: Too many levels of symbolic links"),
            std::string::npos)
      << named.failure().message;
  PresetCycle presets(loop.string());
  EXPECT_EQ(presets.step(1), "No presets: " + loop.string() + " cannot be read: Too many levels of symbolic links");
}

TEST(Presets, AConfigFileMaySayFullscreenOrNot) {
  const fs::path folder = testing::scratch_dir() / "presets-fullscreen";
  fs::create_directories(folder);
  write_file(folder / "on.toml", "fullscreen = true\n");
  write_file(folder / "off.toml", "fullscreen = false\n");
  write_file(folder / "named.toml", "fullscreen = \"HDMI\"\n");
  const auto on = parse_command_line({"--config", (folder / "on.toml").string()});
  const auto off = parse_command_line({"--config", (folder / "off.toml").string()});
  const auto named = parse_command_line({"--config", (folder / "named.toml").string()});
  ASSERT_TRUE(on.ok() && off.ok() && named.ok());
  EXPECT_TRUE(on.value().fullscreen);
  EXPECT_EQ(on.value().monitor, "");
  EXPECT_FALSE(off.value().fullscreen);
  EXPECT_TRUE(named.value().fullscreen);
  EXPECT_EQ(named.value().monitor, "HDMI");
}

class PresetsLive : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) GTEST_SKIP() << "no GL window: " << why_not;
    Options options;
    options.size = Size{96, 64};
    options.mode = Mode::cpu;
    demo_.emplace(options, open_opencl(window_->share_handles(), ""));
  }

  // As main.cpp's key callback does it: the key table names the step, the cycle applies it.
  std::string press(PresetCycle& presets, int key) {
    const auto action = action_for_key(key);
    EXPECT_TRUE(action && (action->kind == ActionKind::next_preset || action->kind == ActionKind::previous_preset));
    const std::string started = presets.step(action->kind == ActionKind::next_preset ? 1 : -1);
    EXPECT_TRUE(demo_->render_frame(1.0 / 60.0).ok());  // frames go on while it loads
    const std::string said = presets.apply_when_finished(*demo_).value_or(started);
    EXPECT_TRUE(demo_->render_frame(1.0 / 60.0).ok());  // the settings are applied, and stay
    return said;
  }

  std::unique_ptr<Window> window_;
  std::optional<Engine> demo_;
};

TEST_F(PresetsLive, PageDownCyclesThroughThePresetsAndWraps) {
  PresetCycle presets(preset_folder());
  const DemoSettings& settings = demo_->settings();
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_DOWN), "Preset 1/3: a-colour");
  EXPECT_EQ(presets.current(), "a-colour");
  EXPECT_EQ(settings.look.pattern_kind, PatternKind::random_colour);
  EXPECT_EQ(settings.look.stereogram.pattern_width, 100);
  EXPECT_FLOAT_EQ(settings.look.stereogram.max_offset, 36.0f);
  EXPECT_EQ(settings.look.seed, 7u);

  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_DOWN), "Preset 2/3: b-symmetric");
  EXPECT_EQ(settings.look.stereogram.algorithm, StereogramAlgorithm::symmetric);
  EXPECT_EQ(settings.look.stereogram.pattern_width, 120);
  EXPECT_EQ(settings.look.pattern_kind, PatternKind::random_grey);  // a preset is a whole look, not a change
  EXPECT_EQ(settings.mode, Mode::cpu);

  const DemoSettings before = settings;
  const std::string refused = press(presets, GLFW_KEY_PAGE_DOWN);
  EXPECT_EQ(refused.rfind("Preset c-broken not applied: --max-offset 60", 0), 0u) << refused;
  EXPECT_EQ(refused.find('\n'), std::string::npos);
  EXPECT_EQ(presets.current(), "b-symmetric");
  EXPECT_EQ(settings.look.stereogram, before.look.stereogram);
  EXPECT_EQ(settings.look.pattern_kind, before.look.pattern_kind);

  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_DOWN), "Preset 1/3: a-colour");  // wraps past the last
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_UP).rfind("Preset c-broken not applied", 0), 0u);
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_UP), "Preset 2/3: b-symmetric");
}

TEST_F(PresetsLive, APresetCanHideAWord) {
  const fs::path folder = testing::scratch_dir() / "presets-text";
  fs::create_directories(folder);
  write_file(folder / "a-word.toml", "text = \"HI\"\n");
  write_file(folder / "b-ball.toml", "seed = 3\n");
  PresetCycle presets(folder.string());
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_DOWN), "Preset 1/2: a-word");
  EXPECT_EQ(demo_->settings().depth_source, DepthSource::image);
  EXPECT_EQ(demo_->sources().text(), "HI");
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_DOWN), "Preset 2/2: b-ball");
  EXPECT_EQ(demo_->settings().depth_source, DepthSource::scene);
}

TEST_F(PresetsLive, PageUpFirstGoesToTheLast) {
  const fs::path folder = testing::scratch_dir() / "presets-two";
  fs::create_directories(folder);
  write_file(folder / "one.toml", "seed = 11\n");
  write_file(folder / "two.toml", "seed = 22\n");
  PresetCycle presets(folder.string());
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_UP), "Preset 2/2: two");
  EXPECT_EQ(demo_->settings().look.seed, 22u);
}

// Started with --config three (a preset of the folder), PageDown goes on after it and PageUp back
// before it, as a presenter expects; a --config file from elsewhere leaves the cycle at its start.
TEST_F(PresetsLive, AConfigFileOfTheFolderIsWhereTheCycleStarts) {
  const fs::path folder = testing::scratch_dir() / "presets-three";
  fs::create_directories(folder);
  for (const char* name : {"one", "two", "three"}) write_file(folder / (std::string(name) + ".toml"), "seed = 5\n");
  PresetCycle presets(folder.string());
  presets.start_from((folder / "three.toml").string());  // name order: one, three, two
  EXPECT_EQ(presets.current(), "three");
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_DOWN), "Preset 3/3: two");
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_UP), "Preset 2/3: three");
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_UP), "Preset 1/3: one");
  PresetCycle elsewhere(folder.string());
  elsewhere.start_from("/somewhere/else/talk.toml");
  EXPECT_EQ(elsewhere.current(), "");
  EXPECT_EQ(press(elsewhere, GLFW_KEY_PAGE_DOWN), "Preset 1/3: one");
}

TEST_F(PresetsLive, APresetFindsItsDepthMapBesideItselfAndABadFileChangesNothing) {
  const fs::path folder = testing::scratch_dir() / "presets-files";
  fs::create_directories(folder / "presets");
  const std::string depth = testing::write_ramp_png("presets-files/ramp.png", 50, 30);
  write_file(folder / "presets" / "a-ramp.toml", "depth = \"../ramp.png\"\nmax-offset = 20\n");
  write_file(folder / "presets" / "b-missing.toml", "depth = \"../no-such.png\"\n");
  write_file(folder / "presets" / "c-garbage.toml", "depth = \"../garbage.png\"\n");
  write_file(folder / "garbage.png", "\x89PNG\r\n\x1a\n this is no PNG");
  PresetCycle presets((folder / "presets").string());

  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_DOWN), "Preset 1/3: a-ramp");
  EXPECT_EQ(demo_->settings().depth_source, DepthSource::image);
  EXPECT_EQ(demo_->sources().scene_size().width, 50);
  EXPECT_EQ(fs::canonical(demo_->sources().depth_name()), fs::canonical(depth));

  const DemoSettings before = demo_->settings();
  for (int i = 0; i < 2; ++i) {
    const std::string refused = press(presets, GLFW_KEY_PAGE_DOWN);
    EXPECT_NE(refused.find("not applied"), std::string::npos) << refused;
    EXPECT_EQ(refused.find('\n'), std::string::npos) << refused;
    EXPECT_EQ(demo_->settings().depth_source, before.depth_source);
    EXPECT_EQ(demo_->settings().look.stereogram, before.look.stereogram);
    EXPECT_EQ(demo_->sources().scene_size().width, 50);
  }
}

TEST_F(PresetsLive, APresetNamingStdinIsRefusedAndChangesNothing) {
  const fs::path folder = testing::scratch_dir() / "presets-stdin";
  fs::create_directories(folder);
  write_file(folder / "a-stdin.toml", "depth = \"-\"\nmax-offset = 20\n");
  PresetCycle presets(folder.string());
  const DemoSettings before = demo_->settings();
  const std::string refused = press(presets, GLFW_KEY_PAGE_DOWN);
  EXPECT_NE(refused.find("not applied"), std::string::npos) << refused;
  EXPECT_NE(refused.find("only the command line reads"), std::string::npos) << refused;
  EXPECT_EQ(demo_->settings().depth_source, before.depth_source);
  EXPECT_EQ(demo_->settings().look.stereogram, before.look.stereogram);
}

TEST_F(PresetsLive, EveryShippedPresetApplies) {
  PresetCycle presets(std::string(STEREOCL_ASSETS_DIR) + "/presets");
  bool fullscreen_asked = false;
  for (std::size_t i = 0; i < presets.count(); ++i) {
    const std::string said = press(presets, GLFW_KEY_PAGE_DOWN);
    EXPECT_EQ(said.find("not applied"), std::string::npos) << said;
    if (presets.current() == "presenter") fullscreen_asked = presets.wants_fullscreen() && presets.hides_panel();
    else EXPECT_FALSE(presets.wants_fullscreen()) << presets.current();
  }
  EXPECT_TRUE(fullscreen_asked) << "PageDown to the presenter preset fills the screen as --config presenter does";
}

TEST_F(PresetsLive, AnEmptyFolderSaysSoAndChangesNothing) {
  const fs::path folder = testing::scratch_dir() / "presets-empty";
  fs::create_directories(folder);
  PresetCycle presets(folder.string());
  const DemoSettings before = demo_->settings();
  EXPECT_EQ(press(presets, GLFW_KEY_PAGE_DOWN), "No presets: " + folder.string() + " has no .toml files");
  EXPECT_EQ(demo_->settings().look.stereogram, before.look.stereogram);
  EXPECT_TRUE(presets.current().empty());
}

}  // namespace
}  // namespace stereocl
