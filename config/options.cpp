#include "config/options.hpp"

#include "core/atomic_file.hpp"
#include "core/built_in_models.hpp"
#include "core/model_mesh.hpp"
#include "core/printable_text.hpp"
#include "config/config_text.hpp"
#include "config/help_format.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "compute/stereogram/symmetric_params.hpp"
#include "config/preset_files.hpp"
#include "core/pattern.hpp"
#include "core/pattern_library.hpp"
#include "pipeline/interop_sync.hpp"
#include "pipeline/mode_table.hpp"
#include "record/record_format.hpp"
#include "ui/key_bindings.hpp"

#include <CLI/CLI.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <sstream>
#include <type_traits>

#ifndef STEREOCL_VERSION
#define STEREOCL_VERSION "unknown"
#endif

namespace stereocl {
namespace {

// Last in --help, out of the user's way.
constexpr const char* kTestingGroup = "Testing aids (scripts/soak.sh)";

// What CLI11 binds to where Options holds something else: words to look up, and values whose
// absence means something (no --mode: the best mode that runs; no --frames: run until closed).
struct CommandLineText {
  std::string mode;
  std::string size;
  std::string effect{effect_name(Options{}.effect)};
  std::map<std::string_view, std::string> effect_words;  // the effect parameters given as words
  std::string stereogram_kernel = Options{}.fast_stereogram_kernel ? "fast" : "classic";
  std::string algorithm{stereogram_algorithm_name(Options{}.stereogram.algorithm)};
  PhysicalGeometry units;  // read only where one of its options is given
  long long frames = -1;
  bool no_vsync = !Options{}.vsync;
  bool no_panel = !Options{}.show_panel;
  bool pipeline = false;  // asked for by name: then --interop-batch off is a contradiction
  bool no_pipeline = false;
  std::string write_config;
  std::vector<std::string> soak_modes;
};

std::string size_text(Size size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }

template <typename T>
std::string number_text(T value) {
  std::ostringstream out;  // 84 and 38.5, not std::to_string's 84.000000
  out << value;
  return out.str();
}

std::vector<std::string> mode_names() {
  std::vector<std::string> names;
  for (const ModeRow& row : mode_table()) names.emplace_back(row.cli_name);
  return names;
}

// "none" and every row of the effect table: a new effect is on the command line by its row alone.
std::vector<std::string> effect_names() {
  std::vector<std::string> names = {"none"};
  for (const EffectRow& effect : effect_table()) names.emplace_back(effect.name);
  return names;
}

// The keys, from the table the window itself uses, so --help cannot list a key that is not bound.
std::string keys_epilog() {
  std::string text = "Keys in the window:\n";
  for (const KeyBinding& binding : key_bindings()) {
    std::string name(binding.name);
    name.resize(std::max<std::size_t>(name.size() + 1, 8), ' ');
    text += "  " + name + std::string(binding.does) + "\n";
  }
  return text;
}

// Why `path` cannot be written, or empty. Outputs are written after the last frame, so a bad path
// is refused before the first one instead of after a long run; nothing is created to find out.
std::string unwritable_reason(const std::string& path) {
  if (path.empty()) return {};  // a bare --json: stdout
  const std::string parent = std::filesystem::path(path).parent_path().empty()
                                 ? std::string(".")
                                 : std::filesystem::path(path).parent_path().string();
  struct stat status {};
  const auto refuse = [&](const std::string& where, int error) {
    return "cannot write " + path + " (" + (where == path ? "" : where + ": ") + std::strerror(error) + ")";
  };
  if (::stat(parent.c_str(), &status) != 0) return refuse(parent, errno);
  if (!S_ISDIR(status.st_mode)) return refuse(parent, ENOTDIR);
  if (::access(parent.c_str(), W_OK | X_OK) != 0) return refuse(parent, errno);
  if (::stat(path.c_str(), &status) != 0) return {};  // a new file in a writable folder
  if (S_ISDIR(status.st_mode)) return refuse(path, EISDIR);
  if (::access(path.c_str(), W_OK) != 0) return refuse(path, errno);
  return {};
}

// "presets in DIR: a, b, c" for a refused --config NAME.
std::string preset_names(const std::string& presets_folder) {
  const std::string folder = presets_folder.empty() ? default_presets_folder() : presets_folder;
  if (folder.empty()) return "no presets folder found";
  std::string names;
  for (const std::string& file : list_presets(folder)) names += (names.empty() ? "" : ", ") + preset_name(file);
  return "presets in " + printable(folder, 160) + ": " + (names.empty() ? "none" : printable(names, 400));
}

// The value of `--NAME VALUE` or `--NAME=VALUE` at arguments[i], or nullptr.
std::string* option_value(std::vector<std::string>& arguments, std::size_t i, const std::string& name) {
  if (arguments[i] == name && i + 1 < arguments.size()) return &arguments[i + 1];
  return nullptr;
}

// The arguments with each --config NAME of a preset turned into that preset's path.
std::vector<std::string> with_preset_paths(std::vector<std::string> arguments, std::string& presets_folder) {
  for (std::size_t i = 0; i < arguments.size(); ++i)
    if (const std::string* folder = option_value(arguments, i, "--presets")) presets_folder = *folder;
    else if (arguments[i].rfind("--presets=", 0) == 0) presets_folder = arguments[i].substr(10);
  for (std::size_t i = 0; i < arguments.size(); ++i)
    if (std::string* config = option_value(arguments, i, "--config")) *config = config_file_for(*config, presets_folder);
    else if (arguments[i].rfind("--config=", 0) == 0)
      arguments[i] = "--config=" + config_file_for(arguments[i].substr(9), presets_folder);
  return arguments;
}

// Every --config FILE of the command line, in its order.
std::vector<std::string> config_paths(const std::vector<std::string>& arguments) {
  std::vector<std::string> paths;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i] == "--config" && i + 1 < arguments.size()) paths.push_back(arguments[i + 1]);
    else if (arguments[i].rfind("--config=", 0) == 0) paths.push_back(arguments[i].substr(9));
  }
  return paths;
}

// CLI11 reads a --config file whole, blocking: a FIFO, /dev/zero or a huge file would hang the
// program or fill its memory, so only a regular file of a config file's size, and text that
// config_text_problem() accepts, is handed to it.
std::optional<std::string> unreadable_config(const std::vector<std::string>& paths, const std::string& presets_folder) {
  for (const std::string& path : paths) {
    struct stat status {};
    const std::string named = "--config " + printable(path, 160) + ": ";
    if (path.empty()) continue;
    if (::stat(path.c_str(), &status) != 0) {
      if (path.find('/') != std::string::npos) continue;  // a missing file is CLI11's to name
      return named + "no such file, nor a preset of that name (" + preset_names(presets_folder) + ")";
    }
    if (!S_ISREG(status.st_mode)) return named + "not a regular file (a folder, pipe or device)";
    if (static_cast<unsigned long long>(status.st_size) > kMaxConfigBytes)
      return named + std::to_string(status.st_size) + " bytes, over the 1 MiB a config file may have";
    std::ifstream file(path, std::ios::binary);
    std::string text(kMaxConfigBytes + 1, '\0');
    file.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(file.gcount()));
    if (const auto problem = config_text_problem(text)) return named + *problem;
  }
  return std::nullopt;
}

// A file a --config file names (a preset's depth map or pattern) is looked for in the current
// folder, then beside the config file, so a preset works from wherever the program is started.
std::function<std::string(std::string)> found_beside(const std::string& config) {
  const std::filesystem::path folder = std::filesystem::path(config).parent_path();
  return [folder](std::string path) {
    std::error_code error;
    if (path.empty() || folder.empty() || std::filesystem::path(path).is_absolute() || std::filesystem::exists(path, error))
      return path;
    const std::filesystem::path beside = folder / path;
    return std::filesystem::exists(beside, error) ? beside.string() : path;
  };
}

// CLI11's Range writes doubles as 36.000000; this says "Value 20 not in range 36 to 1200" as it
// does for integers. above_min: the minimum itself is refused (a depth of field of 0 is flat).
CLI::Validator real_range(double min, double max, bool above_min = false) {
  const std::string rule = (above_min ? "above " : "") + number_text(min) + " to " + number_text(max);
  return CLI::Validator(
      [=](const std::string& text) -> std::string {
        double value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        const bool inside = error == std::errc() && end == text.data() + text.size() &&
                            (above_min ? value > min : value >= min) && value <= max;
        return inside ? std::string() : "Value " + text + " not in range " + rule;
      },
      (above_min ? ">" : "") + number_text(min) + ".." + number_text(max), "");
}

// CLI11's range with a short description, so --help keeps its one-line columns. Real numbers go
// through real_range: CLI11's Range lets NaN through, every comparison with it being false.
template <typename T>
CLI::Validator range(T min, T max) {
  if constexpr (std::is_floating_point_v<T>) return real_range(min, max);
  return CLI::Range(min, max).description(number_text(min) + ".." + number_text(max));
}

// CLI11's ExistingFile says "File does not exist" for every failure, a loop of links or a name
// too long included; this says what the system said.
CLI::Validator existing_file() {
  return CLI::Validator(
      [](const std::string& path) -> std::string {
        struct stat status {};
        if (::stat(path.c_str(), &status) != 0)
          return errno == ENOENT ? "File does not exist: " + path : "Cannot read " + path + ": " + std::strerror(errno);
        if (S_ISDIR(status.st_mode)) return "File is actually a directory: " + path;
        return {};
      },
      "FILE");
}

// A row of the pattern library, or a file to read.
CLI::Validator pattern_name_or_file() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (find_library_pattern(value)) return {};
        if (std::string missing = existing_file()(value); !missing.empty())
          return missing + " (and not a pattern name: " + library_pattern_names() + ")";
        return {};
      },
      "NAME|FILE");
}

// A built-in model's name, or a model file to read.
CLI::Validator model_name_or_file() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (find_built_in_model(value)) return {};
        if (std::string missing = existing_file()(value); !missing.empty()) {
          std::string names;
          for (const BuiltInModel& model : built_in_models()) names += (names.empty() ? "" : ", ") + std::string(model.name);
          return missing + " (and not a built-in model: " + names + ")";
        }
        return {};
      },
      "NAME|FILE");
}

// Finite and at most the widest pattern; the rule against P is checked once P is known. The
// value is echoed as given: 1e308 as a float is inf.
CLI::Validator max_offset_range() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        double value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        const bool inside = error == std::errc() && end == text.data() + text.size() && std::isfinite(value) && value <= kMaxPatternWidth;
        return inside ? std::string() : "Value " + text + " not below " + std::to_string(kMaxPatternWidth);
      },
      "");
}

CLI::Validator writable_path() { return CLI::Validator(unwritable_reason, "", "WRITABLE"); }

// No captured defaults: a written config must not name them, or reading it back would switch
// physical units on.
void declare_unit_options(CLI::App& app, CommandLineText& text) {
  const PhysicalGeometry defaults;
  const std::string wins = ". Any of these 3 sets P and M, over --pattern-width/--max-offset";
  app.add_option("--dpi", text.units.dpi, "screen pixels per inch (default: the monitor's, else 96)" + wins)
      ->type_name("N")->check(real_range(kMinDpi, kMaxDpi));
  app.add_option("--eye-separation", text.units.eye_separation_mm, "between the eyes (default " + number_text(defaults.eye_separation_mm) + ")")
      ->type_name("MM")->check(real_range(kMinEyeSeparationMm, kMaxEyeSeparationMm));
  app.add_option("--depth-of-field", text.units.depth_of_field,
                 "mu: depth of the scene in eye distances (default 1/3); s(z) = (1 - mu z) E / (2 - mu z)")
      ->type_name("MU")->check(real_range(0.0, kMaxDepthOfField, /*above_min=*/true));
}

// Physical units, where one of their options is given, replace P and M. Checked against --size;
// a --depth map's width is checked when it is read.
std::optional<std::string> finish_units(const CLI::App& app, const CommandLineText& text, Options& options) {
  options.dpi_given = app.count("--dpi") > 0;
  if (!options.dpi_given && !app.count("--eye-separation") && !app.count("--depth-of-field")) return std::nullopt;
  if (!options.pattern_file.empty()) {
    std::string given;
    for (const char* name : {"--dpi", "--eye-separation", "--depth-of-field"})
      if (app.count(name)) given += (given.empty() ? "" : " and ") + std::string(name);
    return "--pattern " + options.pattern_file + ": its width sets the far separation; leave out " + given;
  }
  options.stereogram.units = text.units;
  const auto resolved = resolve_units(options.stereogram, options.size.width);
  if (!resolved) return resolved.error();
  options.stereogram = *resolved;
  return std::nullopt;
}

// "symmetric: ...; lookup: ..." from the algorithm table.
std::string algorithm_help() {
  std::string help;
  for (const AlgorithmRow& row : algorithm_rows()) help += (help.empty() ? "" : "; ") + std::string(row.name) + ": " + row.summary;
  return help;
}

// Every parameter of every row of the effect table: a new effect's parameter is an option, a config
// key and a --write-config line by its row alone. Words are held as text until finish_picture().
void declare_effect_parameters(CLI::App& app, Options& options, CommandLineText& text) {
  for (const EffectRow& row : effect_table())
    for (const EffectParameter& parameter : row.parameters) {
      std::string name(parameter.name);
      std::ranges::replace(name, '_', '-');
      name.insert(0, "--");
      const std::string help(parameter.help);
      CLI::Option* option = nullptr;
      if (parameter.words.empty()) {
        option = app.add_option(name, options.effect_values[parameter.name], help)
                     ->check(range(parameter.min, parameter.max));
      } else {
        std::string& word = text.effect_words[parameter.name] = effect_value_text(parameter, parameter.initial);
        option = app.add_option(name, word, help)
                     ->check(CLI::IsMember(std::vector<std::string>(parameter.words.begin(), parameter.words.end())));
      }
      option->type_name(std::string(parameter.value_name))->capture_default_str();
    }
}

// Where depth comes from when it is not the 3D scene: a map, or a word.
void declare_depth_options(CLI::App& app, Options& options, const std::string& config) {
  auto* depth = app.add_option("--depth", options.depth_file,
                               "grey depth map (white = near) instead of the 3D scene: PNG, TIFF or PGM (16-bit "
                               "exact), JPEG or WebP")
                    ->type_name("FILE")
                    ->transform(found_beside(config))
                    ->check(existing_file());
  app.add_option("--text", options.text, "hide WORDS, one line raised from a far plane, instead of the 3D scene")
      ->type_name("WORDS")
      ->excludes(depth);
  app.add_option("--model", options.model,
                 std::string("a 3D model on a turntable instead of the ball: ") + model_formats() +
                     ", or a built-in one: torus-knot, logo")
      ->type_name("NAME|FILE")
      ->transform(found_beside(config))
      ->check(model_name_or_file())
      ->excludes(depth);
  app.add_option("--font", options.font_file, "the --text font (default: DejaVu Sans Bold, through fontconfig)")
      ->type_name("FILE")
      ->transform(found_beside(config))
      ->check(existing_file());
  app.add_flag("--invert-depth", options.invert_depth, "black = near (swaps wall-eyed and cross-eyed viewing)");
}

void declare_scene_options(CLI::App& app, Options& options, CommandLineText& text, const std::string& config) {
  const Options defaults;
  app.add_option("--mode", text.mode, "default: " + std::string(mode_cli_name(defaults.mode)) + " where it runs, else the best that does")
      ->type_name("MODE")->check(CLI::IsMember(mode_names()));
  app.add_option("--size", text.size, "scene size (default " + size_text(defaults.size) + ", " + size_text(kBenchSize) +
                                           " with --bench); --algorithm lookup adds --pattern-width")
      ->type_name("WxH");
  app.add_option("--pattern-width", options.stereogram.pattern_width, "pattern repeat P")
      ->type_name("PIXELS")->capture_default_str()->check(range(kMinPatternWidth, kMaxPatternWidth));
  app.add_option("--max-offset", options.stereogram.max_offset, "depth shift M, at least 0 and below P - 1: separation P far, P - M nearest")
      ->type_name("PIXELS")->capture_default_str()->check(max_offset_range());
  declare_unit_options(app, text);
  auto* pattern = app.add_option("--pattern", options.pattern_file,
                                 "a pattern by name (" + library_pattern_names() +
                                     "), drawn at P; or a tileable picture, whose width becomes P")
                      ->type_name("NAME|FILE")
                      ->transform(found_beside(config))
                      ->check(pattern_name_or_file());
  app.add_flag("--colour-pattern", options.colour_pattern, "random colour dots instead of grey")->excludes(pattern);
  app.add_option("--dot-size", options.dot_size, "random dots as NxN pixel blocks, for projectors")
      ->type_name("N")->capture_default_str()->check(range(1, kMaxDotSize));
  declare_depth_options(app, options, config);
  app.add_option("--seed", options.seed, "seed for the ball and the random pattern")
      ->type_name("N")->capture_default_str()
      ->check(range(0LL, static_cast<long long>(std::numeric_limits<std::uint32_t>::max())));
  app.add_option("--effect", text.effect, "applied to the displayed image")
      ->type_name("EFFECT")->capture_default_str()->check(CLI::IsMember(effect_names()));
  declare_effect_parameters(app, options, text);
  app.add_option("--algorithm", text.algorithm, algorithm_help())
      ->type_name("ALGORITHM")->capture_default_str()->check(CLI::IsMember(algorithm_names()));
  app.add_option("--oversample", options.stereogram.oversample,
                 "symmetric: link at N x the width, for N x as many depth steps (slower)")
      ->type_name("N")->capture_default_str()->check(range(1, kMaxOversample));
  app.add_option("--stereogram-kernel", text.stereogram_kernel, "OpenCL kernel of the lookup algorithm")
      ->type_name("KERNEL")->capture_default_str()->check(CLI::IsMember({"classic", "fast"}));
}

// When the run ends and what it leaves behind; returned: the outputs --bench has no last frame for.
std::array<CLI::Option*, 4> declare_output_options(CLI::App& app, Options& options, CommandLineText& text) {
  app.add_option("--frames", text.frames, "exit after N frames (default: run until closed; " +
                                              std::to_string(kBenchFrames) + " with --bench)")
      ->type_name("N")->check(CLI::Range(1LL, std::numeric_limits<long long>::max()).description("1 or more"));
  app.add_option("-o,--output", options.output_file,
                 "make one stereogram of --depth or --text on the CPU, save it as PNG and exit: no window or display")
      ->type_name("FILE.png")
      ->check(writable_path());
  auto* screenshot = app.add_option("--screenshot", options.screenshot_file, "after the last frame, save the final image (no UI) as PNG")
      ->type_name("FILE.png")->check(writable_path());
  auto* screenshot_window = app.add_option("--screenshot-window", options.screenshot_window_file, "after the last frame, save the window as shown")
      ->type_name("FILE.png")->check(writable_path());
  auto* histogram = app.add_option("--histogram", options.histogram_file, "write the last frame's 256-bin histogram as CSV")
      ->type_name("FILE.csv")->check(writable_path());
  // The encoder comes from the path (folder, .gif, .mp4), so a path no encoder takes is refused here.
  auto* record = app.add_option("--record", options.record_path, "record every frame: FOLDER of PNGs, NAME.gif or NAME.mp4")
      ->type_name("PATH")->check(CLI::Validator(check_record_path, "PATH"));
  app.add_option("--record-quality", options.record_quality,
                 "an MP4's quality: x264's constant rate factor, 0 lossless, higher smaller and softer")
      ->type_name("CRF")->capture_default_str()->check(range(0, kMaxMp4Quality));
  app.add_flag("--overwrite", options.overwrite, "let --record FOLDER replace the frames an earlier recording left there")
      ->needs(record);
  return {screenshot, screenshot_window, histogram, record};
}

// The window and the devices that draw into it.
void declare_device_options(CLI::App& app, Options& options, CommandLineText& text) {
  app.add_flag("--hidden", options.hidden, "no visible window");
  app.add_flag("-v,--verbose", options.verbose, "say on stderr what runs: GL, the OpenCL device, the modes that cannot run and why")
      ->configurable(false);
  app.add_flag("--no-vsync", text.no_vsync, "draw as fast as possible");
  app.add_flag("--no-panel", text.no_panel, "start with the panel hidden");
  app.add_option("--cpu-threads", options.cpu_threads, "threads for CPU mode, 0 = all")
      ->type_name("N")->capture_default_str()->check(range(0, 1024));
  app.add_option("--cl-device", options.cl_device, "OpenCL device: P:D as --list-devices numbers them, or part of its name")
      ->type_name("DEVICE");
  app.add_option("--gl-context", options.gl_context,
                 "how the window's GL context is made: glx, X11's own, or egl, for OpenCL drivers that share "
                 "textures only with EGL contexts")
      ->type_name("glx|egl")->capture_default_str()->check(CLI::IsMember({"glx", "egl"}));
}

// Runs that measure or list instead of showing, then exit.
void declare_measure_options(CLI::App& app, Options& options, const std::array<CLI::Option*, 4>& outputs) {
  // --bench draws no last frame to save: these would be silently ignored.
  auto* bench = app.add_flag("--bench", options.bench,
                             "measure every mode that runs here and the floor of each GL<->OpenCL hand-over, "
                             "print a table, then exit");
  for (CLI::Option* output : outputs) bench->excludes(output);
  app.add_flag("--list-devices", options.list_devices, "list OpenCL platforms and devices, then exit")
      ->configurable(false)->excludes(bench);
  // An optional value, which CLI11's config writer would save as `json=false`: so not in configs.
  app.add_option("--json", options.json_file, "with --bench: also write the results as JSON; with --list-devices: list as JSON")
      ->type_name("[FILE.json]")->expected(0, 1)->configurable(false)->check(writable_path());
  app.add_option("--bench-repeat", options.bench_repeat, "with --bench: runs of each mode, spread reported")
      ->type_name("K")->capture_default_str()->check(range(1, 100));
}

// How the OpenCL modes and GL hand a frame to each other.
void declare_hand_over_options(CLI::App& app, Options& options, CommandLineText& text) {
  app.add_option("--interop-sync", options.interop_sync, "GPU mode's GL<->CL hand-over (all: one --bench run each)")
      ->type_name("SYNC")->capture_default_str()->check(CLI::IsMember({"finish", "fence", "implicit", "all"}));
  app.add_option("--interop-batch", options.interop_batch,
                 "GPU mode: the whole frame behind one GL<->CL hand-over, composing in OpenCL; CPU-readback: one "
                 "round trip a frame (off: one per step; all: one --bench run each)")
      ->type_name("on|off|all")->capture_default_str()->check(CLI::IsMember({"on", "off", "all"}));
  app.add_option("--depth-pass", options.depth_pass,
                 "how the stereogram modes draw depth: the depth buffer alone, then a compute pass makes it linear "
                 "(z-only; shaded where GL lacks compute shaders), or a fragment shader writes linear depth (shaded)")
      ->type_name("z-only|shaded")->capture_default_str()->check(CLI::IsMember({"z-only", "shaded"}));
  app.add_option("--compose", options.compose,
                 "how GL draws the stereogram from the offsets where OpenCL does not: a compute pass (GL 4.3; "
                 "fragment where GL lacks compute shaders) or a fragment pass")
      ->type_name("compute|fragment")->capture_default_str()->check(CLI::IsMember({"compute", "fragment"}));
  auto* pipeline = app.add_flag("--pipeline", text.pipeline,
                                "one frame of latency, GL drawing the next frame's depth while OpenCL computes this "
                                "picture (so --frames N --screenshot shows frame N - 1's scene), in GPU, GPU (external "
                                "memory) and CPU-readback modes; default: on in GPU and CPU-readback, off in GPU "
                                "(external memory), where it measured slower (with --bench: those modes run both ways)");
  app.add_flag("--no-pipeline", text.no_pipeline, "each picture from the depth drawn in its own frame, in every mode")
      ->excludes(pipeline);
}

void declare_testing_options(CLI::App& app, Options& options, CommandLineText& text) {
  // Out of the user's way: a group of its own at the end of --help, never saved in configs.
  const std::string testing = kTestingGroup;
  auto* soak = app.add_option("--soak", options.soak_seconds,
                              "for SECONDS, switch mode, size, depth map and pattern width every few seconds, then exit")
                   ->type_name("SECONDS")->group(testing)->configurable(false)->check(real_range(1.0, 86400.0));
  app.add_option("--soak-csv", options.soak_csv, "with --soak: RSS once a second as CSV")
      ->type_name("FILE.csv")->group(testing)->configurable(false)->needs(soak)->check(writable_path());
  app.add_option("--soak-modes", text.soak_modes, "with --soak: the modes to switch between (default: all that run)")
      ->type_name("MODE,...")->group(testing)->configurable(false)->needs(soak)->delimiter(',')
      ->check(CLI::IsMember(mode_names()));
  soak->excludes("--bench")->excludes("--frames");
  app.add_option("--panel-tab", options.panel_tab, "the panel's tab to start on, for screenshots of each")
      ->type_name("TAB")->group(testing)->configurable(false)->check(CLI::IsMember({"show", "measure"}));
}

void declare_run_options(CLI::App& app, Options& options, CommandLineText& text) {
  const std::array<CLI::Option*, 4> outputs = declare_output_options(app, options, text);
  declare_device_options(app, options, text);
  declare_measure_options(app, options, outputs);
  declare_hand_over_options(app, options, text);
  declare_testing_options(app, options, text);
  app.set_config("--config", "", "read options from a TOML or INI file (see assets/presets/)")->type_name("FILE.toml");
  app.add_option("--write-config", text.write_config, "write the options, defaults included, as a --config file, then exit")
      ->type_name("FILE.toml")->configurable(false)->check(writable_path());
  app.set_version_flag("--version", std::string("stereocl ") + STEREOCL_VERSION, "print the version and exit");
}

// What a presenter uses on stage: the presets PageDown / PageUp step through, and saved pictures
// that carry the viewing aid.
void declare_presenter_options(CLI::App& app, Options& options) {
  app.add_option("--presets", options.presets_folder,
                 "folder of --config files that PageDown / PageUp apply in name order (default: " +
                     std::string(kInstalledPresetsHint) + ", else this source tree's assets/presets)")
      ->type_name("DIR")->check(CLI::ExistingDirectory);
  app.add_flag("--guide-dots", options.guide_dots, "draw the convergence dots into --screenshot, S and --record pictures");
}

// Presenting: what makes the picture fill a projector at 1:1 and the panel readable from a room.
void declare_stage_options(CLI::App& app, Options& options) {
  // --bench draws into a hidden window of the --size it measures: these would be silently ignored.
  app.add_flag("--fit", options.fit, "pick the scene size so the stereogram fills the window (or screen) at 1:1, beside the panel")
      ->excludes("--bench");
  // In a config file: `fullscreen = true` (the primary monitor) or `fullscreen = "NAME"`; on
  // the command line the value is optional.
  app.add_option("--fullscreen", options.monitor, "fullscreen on MONITOR (number or part of its name; default: primary)")
      ->type_name("[MONITOR]")->expected(0, 1)->excludes("--bench");
  app.add_option("--ui-scale", options.ui_scale, "panel and font scale (default: the screen's content scale)")
      ->type_name("X")->check(range(kMinUiScale, kMaxUiScale));
}

std::optional<std::string> finish_mode_and_size(const CLI::App& app, const CommandLineText& text, Options& options) {
  if (app.count("--mode")) {
    options.mode = *parse_mode(text.mode);
    options.mode_given = true;
  }
  if (app.count("--size")) {
    const Result<Size> size = parse_size(text.size);
    if (!size) return size.error();
    options.size = *size;
    options.size_given = true;
  }
  return std::nullopt;
}

std::optional<std::string> finish_stereogram(const CommandLineText& text, Options& options) {
  options.stereogram.algorithm = algorithm_named(text.algorithm)->algorithm;  // IsMember let only a row's name through
  if (options.pattern_file.empty() && !validate(options.stereogram))  // the file's width is checked when it is read
    return "--max-offset " + number_text(options.stereogram.max_offset) + ": must be 0 or more and below --pattern-width - 1 (" +
           std::to_string(options.stereogram.pattern_width - 1) + ")";
  if (const Status suits = algorithm_row(options.stereogram.algorithm).validate(options.stereogram);
      options.pattern_file.empty() && !suits)
    return "--algorithm " + std::string(stereogram_algorithm_name(options.stereogram.algorithm)) + ": " + suits.error();
  return std::nullopt;
}

// How long the run goes: --frames, or a soak, which needs its CSV.
std::optional<std::string> finish_run_length(const CLI::App& app, const CommandLineText& text, Options& options) {
  if (app.count("--frames")) options.frames = text.frames;
  for (const std::string& name : text.soak_modes) options.soak_modes.push_back(*parse_mode(name));
  if (options.soak_seconds > 0 && options.soak_csv.empty()) return "--soak: name the --soak-csv FILE.csv for its RSS samples";
  return std::nullopt;
}

// Words and negated flags, which CLI11 holds in CommandLineText, as the values Options holds.
void finish_picture(const CommandLineText& text, Options& options) {
  options.effect = find_effect(text.effect);  // nullptr for "none"
  for (const EffectRow& row : effect_table())
    for (const EffectParameter& parameter : row.parameters)
      if (const auto word = text.effect_words.find(parameter.name); word != text.effect_words.end())
        options.effect_values[parameter.name] =
            static_cast<int>(std::ranges::find(parameter.words, word->second) - parameter.words.begin());
  options.fast_stereogram_kernel = text.stereogram_kernel == "fast";
  options.vsync = !text.no_vsync;
  options.show_panel = !text.no_panel;
}

// --output: a still of a still depth map, which runs nothing else.
std::optional<std::string> finish_still(const Options& options) {
  if (options.output_file.empty()) return std::nullopt;
  if (options.depth_file.empty() && options.text.empty())
    return "--output: needs --depth FILE or --text WORDS (the animated scene needs a window: --frames N --screenshot "
           "FILE)";
  const bool window_outputs = !options.screenshot_file.empty() || !options.screenshot_window_file.empty() ||
                              !options.histogram_file.empty() || !options.record_path.empty();
  if (options.bench || window_outputs || options.soak_seconds > 0)
    return "--output makes one picture without a window and exits; it goes with neither --bench, --soak nor the "
           "window's outputs (--screenshot, --screenshot-window, --histogram, --record)";
  return std::nullopt;
}

// --json, which has a meaning only with --bench or --list-devices, and --fullscreen, whose
// optional value leaves only its count to say whether it was given.
std::optional<std::string> finish_outputs(const CLI::App& app, Options& options) {
  if (auto problem = finish_still(options)) return problem;
  if (app.count("--json") && !options.bench && !options.list_devices) return "--json goes with --bench or --list-devices";
  if (app.count("--json") && options.bench && options.json_file.empty()) return "--json: with --bench, name the FILE.json to write";
  options.list_devices_as_json = options.list_devices && app.count("--json") > 0;
  options.fullscreen = app.count("--fullscreen") > 0 && options.monitor != "false";
  if (options.monitor == "true" || options.monitor == "false") options.monitor.clear();  // a config file's flag
  return std::nullopt;
}

std::optional<std::string> finish_interop_and_pipeline(const CommandLineText& text, Options& options) {
  if (options.interop_sync == "all" && !options.bench) return "--interop-sync all: goes with --bench (pick one otherwise)";
  if (options.interop_batch == "all" && !options.bench) return "--interop-batch all: goes with --bench (pick one otherwise)";
  if (text.pipeline) options.pipeline = true;
  if (text.no_pipeline) options.pipeline = false;
  if (options.interop_batch == "off") {
    if (text.pipeline) return "--pipeline: needs --interop-batch on or all (the pipeline hands over once a frame)";
    options.pipeline = false;  // step by step hands over more than once a frame: nothing to pipeline
  }
  return std::nullopt;
}

// --list-devices and --bench show nothing; --bench has sizes and lengths of its own.
void finish_bench(const CLI::App& app, Options& options) {
  if (options.list_devices) options.hidden = true;  // nothing to show
  if (options.bench) {
    options.vsync = false;
    options.hidden = true;
    options.show_panel = false;  // nothing to see, and the panel's histogram would cost frame time
    if (!app.count("--size")) options.size = kBenchSize;
    if (!options.frames) options.frames = kBenchFrames;
  }
}

// The rules that involve more than one value or turn words into Options; nullopt when all hold.
// The steps run in this order, so the user is told the first problem of the command line.
std::optional<std::string> finish_options(const CLI::App& app, const CommandLineText& text, Options& options) {
  if ((options.library_pattern = find_library_pattern(options.pattern_file))) options.pattern_file.clear();
  if (auto problem = finish_mode_and_size(app, text, options)) return problem;
  if (auto problem = finish_stereogram(text, options)) return problem;
  if (auto problem = finish_run_length(app, text, options)) return problem;
  finish_picture(text, options);
  if (auto problem = finish_outputs(app, options)) return problem;
  if (auto problem = finish_interop_and_pipeline(text, options)) return problem;
  finish_bench(app, options);
  return finish_units(app, text, options);
}

// CLI11's config text with every flag that is off written as a commented-out `flag=true`: read
// back, `bench=false` would count as --bench given and trip its excludes (--screenshot ...), and
// an off flag sets nothing anyway.
std::string config_text(const CLI::App& app) {
  std::istringstream lines(app.config_to_str(/*default_also=*/true, /*write_description=*/true));
  std::string text, line;
  const std::string off = "=false";
  while (std::getline(lines, line)) {
    const bool flag_off = line.size() > off.size() && line.front() != '#' && line.ends_with(off);
    text += flag_off ? "# " + line.substr(0, line.size() - off.size()) + "=true\n" : line + "\n";
  }
  return text;
}

// Atomic like every output: a full disk leaves the old file whole, and a failed write is exit 1.
ExitRequest write_config(const CLI::App& app, const std::string& path, const Options& options) {
  if (const std::string error = write_file_atomically(path, config_text(app), input_files(options)); !error.empty())
    return ExitRequest{1, "stereocl: --write-config " + error};
  return ExitRequest{0, "stereocl: wrote " + path};
}

bool same_file(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty()) return false;
  std::error_code error;
  if (std::filesystem::equivalent(a, b, error)) return true;
  const auto left = std::filesystem::weakly_canonical(a, error);
  if (error) return false;
  const auto right = std::filesystem::weakly_canonical(b, error);
  return !error && left == right;
}

// Two outputs of one run naming one file would overwrite each other, and an output naming an
// input would destroy it: both are refused before anything runs.
std::optional<std::string> clashing_output(const Options& options, const std::string& write_config) {
  const std::pair<const char*, std::string> outputs[] = {{"--screenshot", options.screenshot_file},
                                                         {"--screenshot-window", options.screenshot_window_file},
                                                         {"--output", options.output_file},
                                                         {"--histogram", options.histogram_file},
                                                         {"--json", options.json_file},
                                                         {"--record", options.record_path},
                                                         {"--soak-csv", options.soak_csv},
                                                         {"--write-config", write_config}};
  std::vector<std::pair<const char*, std::string>> inputs = {
      {"--depth", options.depth_file}, {"--pattern", options.pattern_file}, {"--font", options.font_file},
      {"--model", options.model}};
  for (const std::string& config : options.config_files) inputs.emplace_back("--config", config);
  for (std::size_t i = 0; i < std::size(outputs); ++i) {
    const auto& [option, path] = outputs[i];
    for (const auto& [input, input_path] : inputs)
      if (same_file(path, input_path))
        return std::string(option) + " " + path + ": that is the " + input + " file; an output never replaces an input";
    // A device or pipe (/dev/null, /dev/stdout) is written in place, not replaced: two outputs
    // may share one.
    std::error_code error;
    const bool replaced = !std::filesystem::exists(path, error) || std::filesystem::is_regular_file(path, error);
    for (std::size_t j = 0; j < i && replaced; ++j)
      if (same_file(path, outputs[j].second))
        return std::string(option) + " " + path + ": " + outputs[j].first + " writes that file too; give each output its own";
  }
  return std::nullopt;
}

}  // namespace

Result<Size> parse_size(const std::string& text) {
  const auto x = text.find('x');
  Size size;
  const auto parse_int = [](std::string_view digits, int& value) {
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return error == std::errc() && end == digits.data() + digits.size() && !digits.empty();
  };
  if (x == std::string::npos || !parse_int(std::string_view(text).substr(0, x), size.width) ||
      !parse_int(std::string_view(text).substr(x + 1), size.height))
    return failure("--size " + text + ": expected WIDTHxHEIGHT, e.g. 1280x720");
  if (size.width < 1 || size.height < 1 || size.width > kMaxImageSide || size.height > kMaxImageSide)
    return failure("--size " + text + ": each side must be 1.." + std::to_string(kMaxImageSide) + " pixels");
  return size;
}

namespace {

// CLI11 says "INI was not able to parse NAME" of a key no option has.
std::string config_error_text(const std::string& what) {
  const std::string extras = "INI was not able to parse ";
  if (what.rfind(extras, 0) == 0) return "no setting is called " + what.substr(extras.size());
  return what;
}

// --help's group of each option not in Picture (the scene, the pattern, the algorithm and the
// effects' parameters, which the effect table adds) or the testing aids.
const std::map<std::string, std::string, std::less<>>& help_groups() {
  static const std::map<std::string, std::string, std::less<>> groups = [] {
    std::map<std::string, std::string, std::less<>> by_name;
    const auto put = [&](const char* group, std::initializer_list<const char*> names) {
      for (const char* name : names) by_name.emplace(name, group);
    };
    put("General", {"--help", "--version", "--verbose", "--config", "--write-config"});
    put("Show", {"--no-panel", "--no-vsync", "--hidden", "--fit", "--fullscreen", "--ui-scale", "--presets", "--frames"});
    put("Output", {"--output", "--screenshot", "--screenshot-window", "--histogram", "--record", "--record-quality", "--overwrite"});
    put("Devices and modes", {"--mode", "--cl-device", "--list-devices", "--gl-context", "--cpu-threads", "--interop-sync",
                              "--interop-batch", "--depth-pass", "--compose", "--pipeline", "--no-pipeline",
                              "--stereogram-kernel"});
    put("Measure", {"--bench", "--json", "--bench-repeat"});
    return by_name;
  }();
  return groups;
}

void put_in_help_groups(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_group() == kTestingGroup) continue;
    const auto found = help_groups().find(option->get_name());
    option->group(found != help_groups().end() ? found->second : "Picture");
  }
}

// Every option, in --help's order, bound to `options` and `text`.
void declare_options(CLI::App& app, Options& options, CommandLineText& text, const std::vector<std::string>& configs) {
  app.formatter(std::make_shared<HelpFormatter>(
      std::vector<std::string>{"General", "Picture", "Show", "Output", "Devices and modes", "Measure", kTestingGroup},
      help_width()));
  app.set_help_flag("-h,--help", "print this help and exit");
  app.footer(keys_epilog());
  app.config_formatter(std::make_shared<ConfigReader>());
  app.allow_config_extras(CLI::config_extras_mode::error);  // a misspelt key in a preset would otherwise do nothing, silently
  declare_scene_options(app, options, text, configs.empty() ? std::string() : configs.back());
  declare_run_options(app, options, text);
  declare_presenter_options(app, options);
  declare_stage_options(app, options);
  put_in_help_groups(app);
  // Left unset (no --frames, no --pattern), an option has no value to save: without this,
  // --write-config would write `frames=""`, which reads back as a bad value instead of as unset.
  for (CLI::Option* option : app.get_options())
    if (option->get_default_str().empty()) option->run_callback_for_default(false);
}

// What ends the program at parsing (--help, --version, a refused option or config); nullopt when
// the values were read.
std::optional<ExitRequest> parse_exit(CLI::App& app, const std::vector<std::string>& arguments) {
  std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    return ExitRequest{0, app.help()};
  } catch (const CLI::CallForVersion& version) {
    return ExitRequest{0, version.what()};
  } catch (const CLI::FileError& error) {  // CLI11 names the file or key but not the option that read it
    return ExitRequest{2, std::string("stereocl: --config: ") + error.what()};
  } catch (const CLI::ConfigError& error) {
    return ExitRequest{2, "stereocl: --config: " + config_error_text(error.what()) + " (see --help)"};
  } catch (const CLI::ParseError& error) {
    return ExitRequest{2, std::string("stereocl: ") + error.what() + " (see --help)"};
  }
  return std::nullopt;
}

std::variant<Options, ExitRequest> parsed_command_line(const std::vector<std::string>& given) {
  std::string presets_folder;
  const std::vector<std::string> arguments = with_preset_paths(given, presets_folder);
  const std::vector<std::string> configs = config_paths(arguments);
  if (const auto problem = unreadable_config(configs, presets_folder)) return ExitRequest{2, "stereocl: " + *problem};
  Options options;
  CommandLineText text;
  CLI::App app{"stereocl: live autostereograms with OpenGL and OpenCL", "stereocl"};
  declare_options(app, options, text, configs);
  if (auto exit = parse_exit(app, arguments)) return *std::move(exit);
  options.config_files = configs;
  if (const auto problem = finish_options(app, text, options)) return ExitRequest{2, "stereocl: " + *problem};
  if (const auto clash = clashing_output(options, text.write_config)) return ExitRequest{2, "stereocl: " + *clash};
  if (const std::string folder = check_record_folder(options.record_path, options.overwrite); !folder.empty())
    return ExitRequest{2, "stereocl: " + folder};
  if (!text.write_config.empty()) return write_config(app, text.write_config, options);
  return options;
}

}  // namespace

// Refusals echo what they were given; a hostile value (a megabyte, control bytes) must still
// make one short line.
std::variant<Options, ExitRequest> parse_command_line(const std::vector<std::string>& arguments) {
  auto parsed = parsed_command_line(arguments);
  if (auto* exit = std::get_if<ExitRequest>(&parsed); exit && exit->code != 0) exit->message = printable_words(exit->message);
  return parsed;
}

}  // namespace stereocl
