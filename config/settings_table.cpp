#include "config/settings_table.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "compute/stereogram/symmetric_params.hpp"
#include "config/preset_files.hpp"
#include "config/setting_fields.hpp"
#include "core/pattern.hpp"
#include "pipeline/mode_table.hpp"

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>

namespace stereocl {
namespace {

// The scene's size where --size is not given; --bench has its own (kBenchSize).
constexpr Size kDefaultSize{1280, 720};

std::string size_text(Size size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }

std::vector<std::string_view> mode_words() {
  std::vector<std::string_view> words;
  for (const ModeRow& row : mode_table()) words.push_back(row.cli_name);
  return words;
}

// "none" and every row of the effect table: a new effect is a word of --effect by its row alone.
std::vector<std::string_view> effect_words() {
  std::vector<std::string_view> words = {"none"};
  for (const EffectRow& row : effect_table()) words.push_back(row.name);
  return words;
}

std::vector<std::string_view> algorithm_words() {
  std::vector<std::string_view> words;
  for (const AlgorithmRow& row : algorithm_rows()) words.emplace_back(row.name);
  return words;
}

// "symmetric: ...; lookup: ..." from the algorithm table.
std::string algorithm_help() {
  std::string help;
  for (const AlgorithmRow& row : algorithm_rows())
    help += (help.empty() ? "" : "; ") + std::string(row.name) + ": " + row.summary;
  return help;
}

std::vector<std::string_view> sync_words() {
  std::vector<std::string_view> words;
  for (const SyncStrategy strategy : kAllSyncStrategies) words.push_back(sync_strategy_name(strategy));
  words.emplace_back("all");  // --bench: one run each
  return words;
}

constexpr SettingAccess kModeAccess = {
    [](const Setting&, const Options& options) { return std::string(mode_cli_name(options.mode)); },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      const std::optional<Mode> mode = parse_mode(text);
      if (!mode) return failure(row.cli_name() + " " + text + ": not one of " + mode_choices());
      options.mode = *mode;
      return {};
    }};

constexpr SettingAccess kSizeAccess = {[](const Setting&, const Options& options) { return size_text(options.size); },
                                       [](const Setting&, Options& options, const std::string& text) -> Status {
                                         const Result<Size> size = parse_size(text);
                                         if (!size) return failure(size.error());
                                         options.size = *size;
                                         return {};
                                       }};

// A physical unit on the panel, which shows them only while units are on.
template <double PhysicalGeometry::*member>
double unit_value(const Setting&, const DemoSettings& settings) {
  const auto& units = settings.look.stereogram.units;
  return units ? (*units).*member : PhysicalGeometry{}.*member;
}

template <double PhysicalGeometry::*member>
void set_unit_value(const Setting&, DemoSettings& settings, double value) {
  if (auto& units = settings.look.stereogram.units) (*units).*member = value;
}

// Any of the physical units switches them on, starting from the others' defaults.
template <double PhysicalGeometry::*member>
constexpr SettingAccess unit_field = {
    [](const Setting&, const Options& options) {
      const auto& units = options.look.stereogram.units;
      return units ? number_text((*units).*member) : std::string();
    },
    [](const Setting& row, Options& options, const std::string& text) {
      auto& units = options.look.stereogram.units;
      if (!units) units.emplace();
      return set_number(row, (*units).*member, text);
    },
    unit_value<member>, set_unit_value<member>};

// P on the panel: a narrower pattern takes M down with it, to the largest it allows.
void set_pattern_width(const Setting&, DemoSettings& settings, double value) {
  StereogramParams& params = settings.look.stereogram;
  params.pattern_width = static_cast<int>(value);
  params.max_offset = std::min(params.max_offset, largest_max_offset(params.pattern_width));
}

// A library pattern's name, until the rules between settings find its row; then the row's name.
constexpr SettingAccess kPatternAccess = {[](const Setting&, const Options& options) {
                                            return options.look.pattern_kind == PatternKind::library
                                                       ? std::string(options.look.library_pattern->name)
                                                       : options.pattern_file;
                                          },
                                          text_field<&Options::pattern_file>.set};

// Random dots in colour; a library pattern or a picture (--pattern, which it excludes) keeps its own.
constexpr SettingAccess kColourPatternAccess = {
    [](const Setting&, const Options& options) {
      return std::string(options.look.pattern_kind == PatternKind::random_colour ? "true" : "false");
    },
    [](const Setting&, Options& options, const std::string& text) -> Status {
      options.look.pattern_kind = text == "true" ? PatternKind::random_colour : PatternKind::random_grey;
      return {};
    }};

constexpr SettingAccess kEffectAccess = {
    [](const Setting&, const Options& options) { return std::string(effect_name(options.look.effect.effect)); },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      if (!word_index(row, text)) return failure(row.cli_name() + " " + text + ": not one of " + effect_choices());
      options.look.effect.effect = find_effect(text);  // nullptr for "none"
      return {};
    }};

constexpr SettingAccess kAlgorithmAccess = {
    [](const Setting&, const Options& options) {
      return std::string(stereogram_algorithm_name(options.look.stereogram.algorithm));
    },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      const AlgorithmRow* algorithm = algorithm_named(text);
      if (!algorithm) return failure(row.cli_name() + " " + text + ": no such algorithm");
      options.look.stereogram.algorithm = algorithm->algorithm;
      return {};
    }};

constexpr SettingAccess kKernelAccess = {[](const Setting&, const Options& options) {
                                           return std::string(options.fast_stereogram_kernel ? "fast" : "classic");
                                         },
                                         [](const Setting&, Options& options, const std::string& text) -> Status {
                                           options.fast_stereogram_kernel = text == "fast";
                                           return {};
                                         }};

constexpr SettingAccess kFramesAccess = {[](const Setting&, const Options& options) {
                                           return options.frames ? number_text(*options.frames) : std::string();
                                         },
                                         [](const Setting& row, Options& options, const std::string& text) -> Status {
                                           const Result<long long> frames = whole_number(row, text);
                                           if (!frames) return failure(frames.error());
                                           options.frames = *frames;
                                           return {};
                                         }};

constexpr SettingAccess kSyncAccess = {
    [](const Setting&, const Options& options) {
      return std::string(options.interop_sync ? sync_strategy_name(*options.interop_sync) : "all");
    },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      if (!word_index(row, text)) return failure(row.cli_name() + " " + text + ": not one of its words");
      options.interop_sync = parse_sync_strategy(text);  // nullopt for "all"
      return {};
    }};

constexpr SettingAccess kBatchAccess = {
    [](const Setting&, const Options& options) {
      return std::string(!options.interop_batch ? "all" : *options.interop_batch ? "on" : "off");
    },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      if (!word_index(row, text)) return failure(row.cli_name() + " " + text + ": not one of its words");
      options.interop_batch = text == "all" ? std::nullopt : std::optional<bool>(text == "on");
      return {};
    }};

// --pipeline and --no-pipeline: each says the one way for every mode; neither leaves each mode its own.
template <bool pipelined>
constexpr SettingAccess pipeline_flag = {[](const Setting&, const Options& options) {
                                           return std::string(options.passes.pipeline == pipelined ? "true" : "false");
                                         },
                                         [](const Setting&, Options& options, const std::string& text) -> Status {
                                           if (text == "true") options.passes.pipeline = pipelined;
                                           return {};
                                         }};

constexpr SettingAccess kSoakModesAccess = {
    [](const Setting&, const Options& options) {
      std::string text;
      for (const Mode mode : options.soak_modes) {
        if (!text.empty()) text += ',';
        text += mode_cli_name(mode);
      }
      return text;
    },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      options.soak_modes.clear();
      for (std::size_t start = 0; start < text.size();) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::optional<Mode> mode = parse_mode(std::string_view(text).substr(start, comma - start));
        if (!mode) return failure(row.cli_name() + " " + text + ": not modes");
        options.soak_modes.push_back(*mode);
        start = comma + 1;
      }
      return {};
    }};

// In a config file `fullscreen = true` (the primary monitor) or `fullscreen = "NAME"`; on the
// command line the value is optional.
constexpr SettingAccess kFullscreenAccess = {
    [](const Setting&, const Options& options) {
      return options.fullscreen ? (options.monitor.empty() ? std::string("true") : options.monitor) : std::string();
    },
    [](const Setting&, Options& options, const std::string& text) -> Status {
      options.fullscreen = text != "false";
      options.monitor = text == "true" || text == "false" ? std::string() : text;
      return {};
    }};

// What the picture is: the mode, the scene, the pattern, depth and the effect.
const Setting kPictureSettings[] = {
    // The fastest where it runs (docs/performance.md, "GPU (external memory) mode's effect frames");
    // where it cannot, the closest mode before it in the table that can (GPU, CPU-readback, CPU):
    // silently, unless --mode named it. Not written by --write-config, where it would name it.
    {.name = "mode",
     .kind = SettingKind::words,
     .group = kDevicesGroup,
     .value_name = "MODE",
     .help = "default: " + std::string(mode_cli_name(Mode::gpu_extmem)) + " where it runs, else the best that does",
     .words = mode_words(),
     .initial = std::string(mode_cli_name(Mode::gpu_extmem)),
     .says_initial = false,
     .access = kModeAccess},
    {.name = "size",
     .kind = SettingKind::size,
     .value_name = "WxH",
     .help = "scene size (default " + size_text(kDefaultSize) + ", " + size_text(kBenchSize) +
             " with --bench); --algorithm lookup adds --pattern-width",
     .initial = size_text(kDefaultSize),
     .says_initial = false,
     .access = kSizeAccess,
     .json = "size"},
    {.name = "pattern_width",
     .kind = SettingKind::integer,
     .value_name = "PIXELS",
     .help = "pattern repeat P",
     .min = kMinPatternWidth,
     .max = kMaxPatternWidth,
     .initial = number_text(StereogramParams{}.pattern_width),
     .access = with_set_value(number_field<&LookSettings::stereogram, &StereogramParams::pattern_width>,
                              set_pattern_width),
     .panel = {.kind = ControlKind::slider,
               .label = "pattern width",
               .format = "%d px",
},
     .json = "pattern_width"},
    // At least 0 and below P - 1 is a rule between two settings, checked once both are known.
    {.name = "max_offset",
     .kind = SettingKind::real,
     .value_name = "PIXELS",
     .help = "depth shift M, at least 0 and below P - 1: separation P far, P - M nearest",
     .min = 0,
     .max = kMaxPatternWidth,
     .initial = number_text(StereogramParams{}.max_offset),
     .access = number_field<&LookSettings::stereogram, &StereogramParams::max_offset>,
     .check = SettingCheck::finite_up_to_max,
     .panel = {.kind = ControlKind::slider,
               .label = "max offset",
               .format = "%.1f px",
               .largest = [](const DemoSettings& settings) -> double {
                 return largest_max_offset(settings.look.stereogram.pattern_width);
               }},
     .json = "max_offset"},
    // No defaults written: a written config must not name them, or reading it back would switch
    // physical units on.
    {.name = "dpi",
     .kind = SettingKind::real,
     .value_name = "N",
     .help = "screen pixels per inch (default: the monitor's, else 96). Any of these 3 sets P and M, over "
             "--pattern-width/--max-offset",
     .min = kMinDpi,
     .max = kMaxDpi,
     .access = unit_field<&PhysicalGeometry::dpi>,
     .panel = {.kind = ControlKind::slider,
               .label = "dpi",
               .format = "%.0f",
               .tooltip = "the screen's pixels per inch",
               .logarithmic = true,}},
    {.name = "eye_separation",
     .kind = SettingKind::real,
     .value_name = "MM",
     .help = "between the eyes (default " + number_text(PhysicalGeometry{}.eye_separation_mm) + ")",
     .min = kMinEyeSeparationMm,
     .max = kMaxEyeSeparationMm,
     .access = unit_field<&PhysicalGeometry::eye_separation_mm>,
     .panel = {.kind = ControlKind::slider,
               .label = "eyes apart",
               .format = "%.1f mm",}},
    {.name = "depth_of_field",
     .kind = SettingKind::real,
     .value_name = "MU",
     .help = "mu: the scene's depth in eye distances, default 1/3; a point at depth z repeats "
             "(1 - mu z) E / (2 - mu z) apart",
     .min = 0,
     .max = kMaxDepthOfField,
     .above_min = true,
     .access = unit_field<&PhysicalGeometry::depth_of_field>,
     .panel = {.kind = ControlKind::slider,
               .label = "depth",
               .format = "mu %.2f",}},
    {.name = "pattern",
     .value_name = "NAME|FILE",
     .help = "a pattern by name (" + library_pattern_names() +
             "), drawn at P (scene: the lit scene's own colours); or a tileable picture (- for stdin), scaled to P",
     .access = kPatternAccess,
     .check = SettingCheck::pattern_name_or_file,
     .beside_config = true},
    {.name = "colour_pattern",
     .kind = SettingKind::flag,
     .help = "random colour dots instead of grey",
     .access = kColourPatternAccess,
     .excludes = {"pattern"}},
    {.name = "dot_size",
     .kind = SettingKind::integer,
     .value_name = "N",
     .help = "random dots as NxN pixel blocks, for projectors",
     .min = 1,
     .max = kMaxDotSize,
     .initial = "1",
     .access = number_field<&LookSettings::stereogram, &StereogramParams::dot_size>,
     .panel = {.kind = ControlKind::slider,
               .label = "dot size",
               .format = "%d px",}},
    {.name = "depth",
     .value_name = "FILE",
     .help = "grey depth map (white = near) instead of the 3D scene: PNG, TIFF or PGM (16-bit exact), PPM, JPEG or "
             "WebP; - reads it from stdin",
     .access = text_field<&Options::depth_file>,
     .check = SettingCheck::input_image,
     .beside_config = true},
    // Only where the scene has a size of its own: without --size or --fit a map makes the scene
    // its size, as it always did, and fits itself.
    {.name = "depth_fit",
     .kind = SettingKind::words,
     .value_name = "contain|stretch|none",
     .help = "a depth map of another size than --size (or --fit's window): whole with its aspect, the rest far "
             "(contain), filling it (stretch), or centred at 1:1, cropped or padded far (none); without "
             "--size or --fit the scene takes the map's size",
     .words = {std::begin(kDepthFitWords), std::end(kDepthFitWords)},
     .initial = "contain",
     .access = word_field<&LookSettings::depth_fit>,
     .panel = {.kind = ControlKind::combo,
               .label = "depth fit",
               .tooltip = "how a depth map of another size fills the scene: whole with its aspect, the rest far "
                          "(contain), filling it (stretch), or centred at 1:1 (none); --depth-fit",}},
    {.name = "text",
     .value_name = "WORDS",
     .help = "hide WORDS, one line raised from a far plane, instead of the 3D scene",
     .access = text_field<&Options::text>,
     .excludes = {"depth"}},
    {.name = "model",
     .value_name = "NAME|FILE",
     .help = "a 3D model on a turntable instead of the ball: OBJ, glTF, GLB, PLY or STL, or a built-in one: "
             "torus-knot, logo",
     .access = text_field<&Options::model>,
     .check = SettingCheck::model_name_or_file,
     .beside_config = true,
     .excludes = {"depth"}},
    {.name = "font",
     .value_name = "FILE",
     .help = "the --text font (default: DejaVu Sans Bold, through fontconfig)",
     .access = text_field<&Options::font_file>,
     .check = SettingCheck::existing_file,
     .beside_config = true},
    {.name = "invert_depth",
     .kind = SettingKind::flag,
     .help = "black = near (swaps wall-eyed and cross-eyed viewing)",
     .access = flag_field<&LookSettings::invert_depth>,
     .panel = {.kind = ControlKind::checkbox,
               .label = "invert depth",
               .tooltip = "swaps wall-eyed and cross-eyed viewing",}},
    {.name = "seed",
     .kind = SettingKind::integer,
     .value_name = "N",
     .help = "seed for the ball and the random pattern",
     .min = 0,
     .max = std::numeric_limits<std::uint32_t>::max(),
     .initial = "1",
     .access = number_field<&LookSettings::seed>,
     .json = "seed"},
    {.name = "effect",
     .kind = SettingKind::words,
     .value_name = "EFFECT",
     .help = "applied to the displayed image",
     .words = effect_words(),
     .initial = "none",
     .access = kEffectAccess,
     .json = "effect"},
};

// How the stereogram is computed, after the effects' parameters in --help.
const Setting kAlgorithmSettings[] = {
    // symmetric: no echoes, no seam, no blur (docs/stereogram-quality.md); lookup stays one option away.
    {.name = "algorithm",
     .kind = SettingKind::words,
     .value_name = "ALGORITHM",
     .help = algorithm_help(),
     .words = algorithm_words(),
     .initial = stereogram_algorithm_name(StereogramParams{}.algorithm),
     .access = kAlgorithmAccess,
     .json = "algorithm"},
    {.name = "oversample",
     .kind = SettingKind::integer,
     .value_name = "N",
     .help = "symmetric: link at N x the width (slower; depth is smooth at 1, and above it planes "
             "between two levels show period-wide strips)",
     .min = 1,
     .max = kMaxOversample,
     .initial = number_text(StereogramParams{}.oversample),
     .access = number_field<&LookSettings::stereogram, &StereogramParams::oversample>,
     .panel = {.kind = ControlKind::slider,
               .label = "oversample",
               .format = "%dx",
               .tooltip = "links at this many times the width, at as much more work; depth is smooth at 1x",},
     .json = "oversample"},
    {.name = "stereogram_kernel",
     .kind = SettingKind::words,
     .group = kDevicesGroup,
     .value_name = "KERNEL",
     .help = "OpenCL kernel of the lookup algorithm",
     .words = {"classic", "fast"},
     .initial = "fast",
     .access = kKernelAccess},
};

// When the run ends and what it leaves behind.
const Setting kOutputSettings[] = {
    {.name = "frames",
     .kind = SettingKind::integer,
     .group = kShowGroup,
     .value_name = "N",
     .help = "exit after N frames (default: run until closed; " + std::to_string(kBenchFrames) + " with --bench)",
     .min = 1,
     .max = kNoMaximum,
     .access = kFramesAccess,
     .json = "frames_per_run"},
    {.name = "output",
     .group = kOutputGroup,
     .value_name = "FILE",
     .help = "make one stereogram, save it as PNG, JPEG or WebP by its name (- for PNG on stdout) and exit: no "
             "window or display (--model and the ball's scene through headless EGL)",
     .access = text_field<&Options::output_file>,
     .short_name = "o",
     .check = SettingCheck::writable_file,
     .configurable = false},
    {.name = "screenshot",
     .group = kOutputGroup,
     .value_name = "FILE.png",
     .help = "after the last frame, save the final image (no UI) as PNG",
     .access = text_field<&Options::screenshot_file>,
     .check = SettingCheck::writable_file,
     .configurable = false},
    {.name = "screenshot_window",
     .group = kOutputGroup,
     .value_name = "FILE.png",
     .help = "after the last frame, save the window as shown",
     .access = text_field<&Options::screenshot_window_file>,
     .check = SettingCheck::writable_file,
     .configurable = false},
    {.name = "histogram",
     .group = kOutputGroup,
     .value_name = "FILE.csv",
     .help = "write the last frame's 256-bin histogram as CSV",
     .access = text_field<&Options::histogram_file>,
     .check = SettingCheck::writable_file,
     .configurable = false},
    // The encoder comes from the path (folder, .gif, .mp4), so a path no encoder takes is refused here.
    {.name = "record",
     .group = kOutputGroup,
     .value_name = "PATH",
     .help = "record every frame: FOLDER of PNGs, NAME.gif or NAME.mp4",
     .access = text_field<&Options::record_path>,
     .check = SettingCheck::record_path,
     .configurable = false},
    {.name = "record_quality",
     .kind = SettingKind::integer,
     .group = kOutputGroup,
     .value_name = "CRF",
     .help = "an MP4's quality: x264's constant rate factor, 0 lossless, higher smaller and softer",
     .min = 0,
     .max = kMaxMp4Quality,
     .initial = number_text(kDefaultMp4Quality),
     .access = number_field<&Options::record_quality>},
    {.name = "overwrite",
     .kind = SettingKind::flag,
     .group = kOutputGroup,
     .help = "let --record replace an earlier recording: the file, or the frames a folder holds",
     .access = flag_field<&Options::overwrite>,
     .configurable = false,  // with --record, which a config file cannot name either
     .needs = "record"},
};

// The window and the devices that draw into it.
const Setting kDeviceSettings[] = {
    {.name = "hidden",
     .kind = SettingKind::flag,
     .group = kShowGroup,
     .help = "no visible window",
     .access = flag_field<&Options::hidden>},
    {.name = "verbose",
     .kind = SettingKind::flag,
     .group = kGeneralGroup,
     .help = "say on stderr what runs: GL, the OpenCL device, the modes that cannot run and why",
     .access = flag_field<&Options::verbose>,
     .short_name = "v",
     .configurable = false},
    {.name = "no_vsync",
     .kind = SettingKind::flag,
     .group = kShowGroup,
     .help = "draw as fast as possible",
     .access = inverted_flag_field<&StageSettings::vsync>,
     .panel = {.kind = ControlKind::checkbox,
               .label = "vsync",
               .tooltip = "wait for the screen's refresh; off: draw as fast as possible (--no-vsync)",}},
    // Where nothing paces the window (a virtual machine's display, a remote desktop, Xvfb) vsync
    // waits for nothing and the window takes every core it can; on stage a laptop on battery, and
    // in the tests every other test, wants those cores back.
    {.name = "max_fps",
     .kind = SettingKind::integer,
     .group = kShowGroup,
     .value_name = "FPS",
     .help = "at most FPS frames a second in the window, 0 = no limit (where the display sets no pace: a "
             "virtual machine, a remote desktop)",
     .min = 0,
     .max = 1000,
     .initial = "0",
     .access = number_field<&StageSettings::max_fps>},
    {.name = "no_panel",
     .kind = SettingKind::flag,
     .group = kShowGroup,
     .help = "start with the panel hidden",
     .access = inverted_flag_field<&StageSettings::show_panel>},
    {.name = "no_convergence_dots",
     .kind = SettingKind::flag,
     .group = kShowGroup,
     .help = "start without the two dots above the picture that help the eyes converge (D shows them)",
     .access = inverted_flag_field<&StageSettings::convergence_dots>,
     .panel = {.kind = ControlKind::checkbox,
               .label = "convergence dots",
               .tooltip = "two dots one pattern apart above the picture: relax the eyes until they are three (D)",
               .on_show_tab = true,}},
    // For the room: the dots a projector shows the back row. Saved pictures keep the dots' own size.
    {.name = "convergence_dot_size",
     .kind = SettingKind::real,
     .group = kShowGroup,
     .value_name = "X",
     .help = "the convergence dots' size in the window, times their own (2: twice as wide, for the back of a room; "
             "never so large that they touch)",
     .min = 0.5,
     .max = 3,
     .initial = "1",
     .access = number_field<&StageSettings::convergence_dot_size>,
     .panel = {.kind = ControlKind::slider,
               .label = "size",
               .format = "%.1fx",
               .tooltip = "the convergence dots' size, for the room (--convergence-dot-size)",
               .on_show_tab = true,},
     .json = "convergence_dot_size",
     .json_absent_before = "the convergence dots had a size"},
    {.name = "debug_view",
     .kind = SettingKind::words,
     .group = kShowGroup,
     .value_name = "none|depth|offsets",
     .help = "start showing the linear depth or the offsets instead of the picture, as the panel's debug view (in "
             "--screenshot too)",
     .words = {"none", "depth", "offsets"},
     .initial = "none",
     .access = word_field<&PassSettings::debug_view>},
    {.name = "cpu_threads",
     .kind = SettingKind::integer,
     .group = kDevicesGroup,
     .value_name = "N",
     .help = "threads for CPU mode, 0 = all; more than the machine has count as all",
     .min = 0,
     .max = 1024,
     .initial = "0",
     .access = number_field<&Options::cpu_threads>,
     .json = "cpu_threads"},
    {.name = "cl_device",
     .group = kDevicesGroup,
     .value_name = "DEVICE",
     .help = "OpenCL device: P:D as --list-devices numbers them, or part of its name",
     .access = text_field<&Options::cl_device>},
    {.name = "gl_context",
     .kind = SettingKind::words,
     .group = kDevicesGroup,
     .value_name = "glx|egl",
     .help = "how the window's GL context is made: glx, X11's own, or egl, for OpenCL drivers that share textures "
             "only with EGL contexts",
     .words = {"glx", "egl"},
     .initial = "glx",
     .access = text_field<&Options::gl_context>},
};

// Runs that measure or list instead of showing, then exit.
const Setting kMeasureSettings[] = {
    // --bench draws no last frame to save: these would be silently ignored.
    {.name = "bench",
     .kind = SettingKind::flag,
     .group = kMeasureGroup,
     .help = "measure every mode that runs here and the floor of each GL<->OpenCL hand-over, print a table, then exit",
     .access = flag_field<&Options::bench>,
     .excludes = {"screenshot", "screenshot_window", "histogram", "record"}},
    {.name = "list_devices",
     .kind = SettingKind::flag,
     .group = kDevicesGroup,
     .help = "list OpenCL platforms and devices, then exit",
     .access = flag_field<&Options::list_devices>,
     .configurable = false,
     .excludes = {"bench"}},
    // An optional value, which CLI11's config writer would save as `json=false`: so not in configs.
    {.name = "json",
     .group = kMeasureGroup,
     .value_name = "[FILE.json]",
     .help = "with --bench: also write the results as JSON; with --list-devices: list as JSON",
     .access = text_field<&Options::json_file>,
     .check = SettingCheck::writable_file,
     .configurable = false,
     .optional_value = true},
    {.name = "bench_repeat",
     .kind = SettingKind::integer,
     .group = kMeasureGroup,
     .value_name = "K",
     .help = "with --bench: runs of each mode, spread reported",
     .min = 1,
     .max = 100,
     .initial = "3",
     .access = number_field<&Options::bench_repeat>,
     .json = "repeat"},
    {.name = "frames_in_flight",
     .kind = SettingKind::integer,
     .group = kMeasureGroup,
     .value_name = "N",
     .help = "with --bench: frames the GPU may be behind; 1 waits for each (its latency), 2 or 3 queue frames as a "
             "renderer does (throughput); latency is reported from submit to done",
     .min = 1,
     .max = kMostFramesInFlight,
     .initial = "1",
     .access = number_field<&Options::frames_in_flight>,
     .json = "frames_in_flight"},
};

// How the OpenCL modes and GL hand a frame to each other.
const Setting kHandOverSettings[] = {
    {.name = "interop_sync",
     .kind = SettingKind::words,
     .group = kDevicesGroup,
     .value_name = "SYNC",
     .help = "GPU mode's GL<->CL hand-over (all: one --bench run each)",
     .words = sync_words(),
     .initial = std::string(sync_strategy_name(kDefaultSyncStrategy)),
     .access = kSyncAccess,
     .json = "interop_sync"},
    {.name = "interop_batch",
     .kind = SettingKind::words,
     .group = kDevicesGroup,
     .value_name = "on|off|all",
     .help = "GPU mode: the whole frame behind one GL<->CL hand-over, composing in OpenCL; CPU-readback: one round "
             "trip a frame (off: one per step; all: one --bench run each)",
     .words = {"on", "off", "all"},
     .initial = kDefaultInteropBatch ? "on" : "off",
     .access = with_running(kBatchAccess, demo_value<&Settings::interop_batch>,
                            set_demo_value<&Settings::interop_batch>),
     .panel = {.kind = ControlKind::checkbox,
               .label = "one hand-over a frame",
               .tooltip = "stereogram, compose, effect and histogram behind one GL<->CL acquire, composing in OpenCL "
                          "(--interop-batch); off: one hand-over per step, composing in GL",
},
     .json = "interop_batch"},
    {.name = "depth_pass",
     .kind = SettingKind::words,
     .group = kDevicesGroup,
     .value_name = "z-only|shaded",
     .help = "how the stereogram modes draw depth: the depth buffer alone, then a compute pass makes it linear "
             "(z-only; shaded where GL lacks compute shaders), or a fragment shader writes linear depth (shaded)",
     .words = {"z-only", "shaded"},
     .initial = "z-only",
     .access = word_field<&PassSettings::depth_pass>,
     .panel = {.kind = ControlKind::checkbox,
               .label = "z-only depth pass",
               .tooltip = "the depth buffer alone, then a compute pass makes it linear; off: a fragment shader writes "
                          "linear depth (--depth-pass)",
               .ticked = static_cast<int>(DepthPass::z_only)},
     .json = "depth_pass"},
    {.name = "compose",
     .kind = SettingKind::words,
     .group = kDevicesGroup,
     .value_name = "compute|fragment",
     .help = "how GL draws the stereogram from the offsets where OpenCL does not: a compute pass (GL 4.3; fragment "
             "where GL lacks compute shaders) or a fragment pass",
     .words = {"compute", "fragment"},
     .initial = "compute",
     .access = word_field<&PassSettings::compose>,
     .panel = {.kind = ControlKind::checkbox,
               .label = "compute compose",
               .tooltip = "GL draws the picture from the offsets in a compute pass; off: a fragment pass (--compose; "
                          "GPU mode composes in OpenCL with one hand-over a frame)",
               .ticked = static_cast<int>(ComposePass::compute)},
     .json = "compose"},
    {.name = "pipeline",
     .kind = SettingKind::flag,
     .group = kDevicesGroup,
     .help = "one frame of latency, GL working on one frame while OpenCL computes another (so --frames N "
             "--screenshot shows frame N - 1's scene), in GPU, GPU (external memory) and CPU-readback modes; "
             "default: on in each (with --bench: those modes run both ways)",
     .access = pipeline_flag<true>},
    {.name = "no_pipeline",
     .kind = SettingKind::flag,
     .group = kDevicesGroup,
     .help = "each picture from the depth drawn in its own frame, in every mode",
     .access = pipeline_flag<false>,
     .excludes = {"pipeline"}},
};

// Out of the user's way: a group of its own at the end of --help, never saved in configs.
const Setting kTestingSettings[] = {
    {.name = "soak",
     .kind = SettingKind::real,
     .group = kTestingGroup,
     .value_name = "SECONDS",
     .help = "for SECONDS, switch mode, size, depth map and pattern width every few seconds, then exit",
     .min = 1,
     .max = 86400,
     .access = number_unless_zero_field<&Options::soak_seconds>,
     .configurable = false,
     .excludes = {"bench", "frames"}},
    {.name = "soak_csv",
     .group = kTestingGroup,
     .value_name = "FILE.csv",
     .help = "with --soak: RSS once a second as CSV",
     .access = text_field<&Options::soak_csv>,
     .check = SettingCheck::writable_file,
     .configurable = false,
     .needs = "soak"},
    {.name = "soak_modes",
     .kind = SettingKind::list,
     .group = kTestingGroup,
     .value_name = "MODE,...",
     .help = "with --soak: the modes to switch between (default: all that run)",
     .words = mode_words(),
     .access = kSoakModesAccess,
     .configurable = false,
     .needs = "soak"},
    {.name = "panel_tab",
     .kind = SettingKind::words,
     .group = kShowGroup,
     .value_name = "TAB",
     .help = "the panel's tab to start on, for screenshots of each",
     .words = {"show", "picture", "measure"},
     .access = text_field<&Options::panel_tab>,
     .configurable = false},
};

// On stage: the presets PageDown / PageUp step through, saved pictures that carry the viewing aid,
// and what makes the picture fill a projector at 1:1 and the panel readable from a room.
const Setting kStageSettings[] = {
    {.name = "presets",
     .group = kShowGroup,
     .value_name = "DIR",
     .help = "folder of --config files that PageDown / PageUp apply in name order (default: the presets "
             "installed with stereocl, " +
             std::string(kInstalledPresetsHint) + ": /usr/share/stereocl/presets for the package)",
     .access = text_field<&Options::presets_folder>,
     .check = SettingCheck::existing_folder},
    {.name = "guide_dots",
     .kind = SettingKind::flag,
     .help = "draw the convergence dots into --screenshot, S, --record and --output pictures",
     .access = flag_field<&StageSettings::guide_dots>},
    // --bench draws into a hidden window of the --size it measures: these would be silently ignored.
    {.name = "fit",
     .kind = SettingKind::flag,
     .group = kShowGroup,
     .help = "pick the scene size so the stereogram fills the window (or screen) at 1:1, beside the panel",
     .access = flag_field<&Options::fit>,
     .excludes = {"bench"}},
    {.name = "fullscreen",
     .group = kShowGroup,
     .value_name = "[MONITOR]",
     .help = "fullscreen on MONITOR (number or part of its name; default: primary)",
     .access = kFullscreenAccess,
     .optional_value = true,
     .excludes = {"bench"}},
    {.name = "ui_scale",
     .kind = SettingKind::real,
     .group = kShowGroup,
     .value_name = "X",
     .help = "panel and font scale (default: the screen's content scale)",
     .min = kMinUiScale,
     .max = kMaxUiScale,
     .access = number_unless_zero_field<&Options::ui_scale>},
};

const EffectParameter& effect_parameter_of(const Setting& row) {
  for (const EffectRow& effect : effect_table())
    for (const EffectParameter& parameter : effect.parameters)
      if (parameter.name == row.name) return parameter;
  throw std::invalid_argument("no effect parameter is called " + std::string(row.name));
}

double effect_parameter_value(const Setting& row, const DemoSettings& settings) {
  return settings.look.effect.value(effect_parameter_of(row));
}

void set_effect_parameter_value(const Setting& row, DemoSettings& settings, double value) {
  settings.look.effect.values[effect_parameter_of(row).name] = static_cast<int>(value);
}

constexpr SettingAccess kEffectParameterAccess = {
    [](const Setting& row, const Options& options) {
      const EffectParameter& parameter = effect_parameter_of(row);
      return effect_value_text(parameter, options.look.effect.value(parameter));
    },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      const EffectParameter& parameter = effect_parameter_of(row);
      const Result<long long> value = parameter.words.empty() ? whole_number(row, text) : Result<long long>(0);
      const Result<int> word = parameter.words.empty() ? Result<int>(0) : word_index(row, text);
      if (!value || !word) return failure(!value ? value.error() : word.error());
      options.look.effect.values[parameter.name] = parameter.words.empty() ? static_cast<int>(*value) : *word;
      return {};
    },
    effect_parameter_value, set_effect_parameter_value};

// A number as a slider, two words as a checkbox (the second word meaning on), more as a combo.
Setting effect_setting(const EffectParameter& parameter) {
  Setting row{.name = parameter.name,
              .kind = parameter.words.empty() ? SettingKind::integer : SettingKind::words,
              .value_name = parameter.value_name,
              .help = std::string(parameter.help),
              .min = static_cast<double>(parameter.min),
              .max = static_cast<double>(parameter.max),
              .words = {parameter.words.begin(), parameter.words.end()},
              .initial = effect_value_text(parameter, parameter.initial),
              .access = kEffectParameterAccess,
              .json = parameter.name,
              .json_absent_before = "the effect existed"};
  const ControlKind control = parameter.words.empty()       ? ControlKind::slider
                              : parameter.words.size() == 2 ? ControlKind::checkbox
                                                            : ControlKind::combo;
  row.panel = {.kind = control, .label = parameter.label, .format = "%d"};
  return row;
}

std::vector<Setting> all_settings() {
  std::vector<Setting> rows(std::begin(kPictureSettings), std::end(kPictureSettings));
  for (const EffectRow& effect : effect_table())
    for (const EffectParameter& parameter : effect.parameters) rows.push_back(effect_setting(parameter));
  for (const auto& part : {std::span<const Setting>(kAlgorithmSettings), std::span<const Setting>(kOutputSettings),
                           std::span<const Setting>(kDeviceSettings), std::span<const Setting>(kMeasureSettings),
                           std::span<const Setting>(kHandOverSettings), std::span<const Setting>(kTestingSettings),
                           std::span<const Setting>(kStageSettings)})
    rows.insert(rows.end(), part.begin(), part.end());
  return rows;
}

}  // namespace

std::span<const Setting> settings_table() {
  static const std::vector<Setting> rows = all_settings();
  return rows;
}

const Setting& setting_named(std::string_view name) {
  for (const Setting& row : settings_table())
    if (row.name == name) return row;
  throw std::invalid_argument("no setting is called " + std::string(name));
}

const NamedSettings& named_settings() {
  static const NamedSettings rows{
      .pattern_width = setting_named("pattern_width"),
      .max_offset = setting_named("max_offset"),
      .dpi = setting_named("dpi"),
      .eye_separation = setting_named("eye_separation"),
      .depth_of_field = setting_named("depth_of_field"),
      .dot_size = setting_named("dot_size"),
      .invert_depth = setting_named("invert_depth"),
      .depth_fit = setting_named("depth_fit"),
      .oversample = setting_named("oversample"),
      .interop_batch = setting_named("interop_batch"),
      .depth_pass = setting_named("depth_pass"),
      .compose = setting_named("compose"),
      .no_vsync = setting_named("no_vsync"),
      .no_convergence_dots = setting_named("no_convergence_dots"),
  };
  return rows;
}

std::vector<const Setting*> effect_settings(const EffectRow& effect) {
  std::vector<const Setting*> rows;
  for (const EffectParameter& parameter : effect.parameters) rows.push_back(&setting_named(parameter.name));
  return rows;
}

// Each setting from its row's default; a flag starts off.
Options::Options() {
  for (const Setting& row : settings_table()) {
    const std::string start = row.kind == SettingKind::flag ? std::string("false") : row.initial;
    if (!start.empty())
      static_cast<void>(row.access.set(row, *this, start));  // settings_table_test holds each to its rule
  }
}

}  // namespace stereocl
