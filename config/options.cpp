#include "config/options.hpp"

#include "config/users_terms.hpp"
#include "core/os/atomic_file.hpp"
#include "files/model/built_in_models.hpp"
#include "core/os/input_file.hpp"
#include "files/model/model_mesh.hpp"
#include "files/picture/picture_file.hpp"
#include "core/printable_text.hpp"
#include "core/os/unreadable_place.hpp"
#include "config/config_text.hpp"
#include "config/config_toml.hpp"
#include "config/help_format.hpp"
#include "config/key_table.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "config/preset_files.hpp"
#include "config/settings_table.hpp"
#include "core/pattern_library.hpp"
#include "record/record_format.hpp"

#include <CLI/CLI.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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

#ifndef STEREOCL_VERSION
#define STEREOCL_VERSION "unknown"
#endif

namespace stereocl {
namespace {

// What CLI11 reads each setting into, as the user wrote it: the rows turn it into Options once
// everything is read (apply_settings), so a word becomes its enum in one place.
struct SettingText {
  std::string text;
  bool on = false;                 // a flag
  std::vector<std::string> words;  // a list
};
using SettingTexts = std::map<std::string_view, SettingText>;

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
  // An unset shell variable (-o "$OUT") must not turn a still into a window that runs until killed.
  if (path.empty()) return "an empty path names no file";
  if (path == kStandardStream) return {};  // --output -: standard output
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
  if (const std::string unreadable = unreadable_place(folder); !unreadable.empty()) return unreadable;
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
// config_text_allowed() accepts, is handed to it.
Status configs_readable(const std::vector<std::string>& paths, const std::string& presets_folder) {
  for (const std::string& path : paths) {
    struct stat status {};
    const std::string named = "--config " + printable(path, 160) + ": ";
    if (path.empty()) continue;
    if (::stat(path.c_str(), &status) != 0) {
      if (path.find('/') != std::string::npos) continue;  // a missing file is CLI11's to name
      return failure(named + "no such file, nor a preset of that name (" + preset_names(presets_folder) + ")");
    }
    if (!S_ISREG(status.st_mode)) return failure(named + "not a regular file (a folder, pipe or device)");
    if (static_cast<unsigned long long>(status.st_size) > kMaxConfigBytes)
      return failure(named + std::to_string(status.st_size) + " bytes, over the 1 MiB a config file may have");
    std::ifstream file(path, std::ios::binary);
    std::string text(kMaxConfigBytes + 1, '\0');
    file.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(file.gcount()));
    if (const Status allowed = config_text_allowed(text); !allowed) return failure(named + allowed.error());
    if (const Status parsed = toml_readable(without_byte_order_mark(text)); !parsed)
      return failure(named + parsed.error());
  }
  return {};
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

// CLI11's Range words its refusal differently in each release (Debian 12's 2.3: "Value 0 not in
// range 1 to 100"; Debian 13's 2.4: "[1 - 100]") and writes doubles as 36.000000. This says "Value
// 20 not in range 36 to 1200" with either. above_min: the minimum itself is refused (a depth of
// field of 0 is flat).
template <typename Number>
CLI::Validator range_of(Number min, Number max, std::string rule, std::string description, bool above_min = false) {
  return CLI::Validator(
      [=](const std::string& text) -> std::string {
        Number value{};
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        const bool inside = error == std::errc() && end == text.data() + text.size() &&
                            (above_min ? value > min : value >= min) && value <= max;
        return inside ? std::string() : "Value " + text + " not in range " + rule;
      },
      std::move(description), "");
}

CLI::Validator real_range(double min, double max, bool above_min = false) {
  return range_of(min, max, (above_min ? "above " : "") + number_text(min) + " to " + number_text(max),
                  (above_min ? ">" : "") + number_text(min) + ".." + number_text(max), above_min);
}

// A whole number's range with a short description, so --help keeps its one-line columns ("1 or
// more" where there is no maximum, not 9223372036854775807).
CLI::Validator whole_range(const Setting& row) {
  const auto min = static_cast<long long>(row.min);
  const auto max = row.max == kNoMaximum ? std::numeric_limits<long long>::max() : static_cast<long long>(row.max);
  const std::string rule = std::to_string(min) + " to " + std::to_string(max);
  return range_of(min, max, rule, row.max == kNoMaximum ? number_text(min) + " or more" : number_text(min) + ".." + number_text(max));
}

// CLI11's ExistingFile says "File does not exist" for every failure, a loop of links or a name
// too long included; this says what the system said. `regular`: a file a library opens by its
// name (FreeType's --font, Assimp's --model), where a FIFO would block for ever and a device never
// end; images are read by our own reader, which takes a pipe on purpose (core/os/input_file.hpp).
CLI::Validator existing_file(bool regular = false) {
  return CLI::Validator(
      [regular](const std::string& path) -> std::string {
        struct stat status {};
        if (::stat(path.c_str(), &status) != 0)
          return errno == ENOENT ? "File does not exist: " + path : "Cannot read " + path + ": " + std::strerror(errno);
        if (S_ISDIR(status.st_mode)) return "File is actually a directory: " + path;
        if (regular && S_ISFIFO(status.st_mode)) return path + " is a named pipe (FIFO), not a regular file";
        if (regular && !S_ISREG(status.st_mode)) return path + " is a device or socket, not a regular file";
        return {};
      },
      "FILE");
}

// A file to read, or "-": standard input, read once (core/os/input_file.hpp).
CLI::Validator input_image() {
  return CLI::Validator(
      [](const std::string& path) -> std::string { return path == kStandardStream ? std::string() : existing_file()(path); },
      "FILE|-");
}

// A row of the pattern library, or a file to read ("-": standard input).
CLI::Validator pattern_name_or_file() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (find_library_pattern(value) || value == kStandardStream) return {};
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
        if (std::string missing = existing_file(true)(value); !missing.empty()) {
          std::string names;
          for (const BuiltInModel& model : built_in_models()) names += (names.empty() ? "" : ", ") + std::string(model.name);
          return missing + " (and not a built-in model: " + names + ")";
        }
        return {};
      },
      "NAME|FILE");
}

// Finite and at most the row's maximum; the lower bound is a rule against another setting,
// checked once both are known. The value is echoed as given: 1e308 as a float is inf.
CLI::Validator finite_up_to(double max) {
  return CLI::Validator(
      [max](const std::string& text) -> std::string {
        double value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        const bool inside =
            error == std::errc() && end == text.data() + text.size() && std::isfinite(value) && value <= max;
        return inside ? std::string() : "Value " + text + " not below " + number_text(max);
      },
      "");
}

// `bare` (a bare --json: stdout): the value may be left out, which CLI11 passes as "".
CLI::Validator writable_path(bool bare) {
  return CLI::Validator([bare](const std::string& path) { return bare && path.empty() ? std::string() : unwritable_reason(path); },
                        "", "WRITABLE");
}

std::optional<CLI::Validator> text_rule(const Setting& row) {
  switch (row.check) {
    case SettingCheck::none:
    case SettingCheck::finite_up_to_max:
      return std::nullopt;
    case SettingCheck::existing_file:
      return existing_file(true);
    case SettingCheck::input_image:
      return input_image();
    case SettingCheck::existing_folder:
      return CLI::ExistingDirectory;
    case SettingCheck::writable_file:
      return writable_path(row.optional_value);
    case SettingCheck::pattern_name_or_file:
      return pattern_name_or_file();
    case SettingCheck::model_name_or_file:
      return model_name_or_file();
    case SettingCheck::record_path:
      return CLI::Validator(check_record_path, "PATH");
  }
  return std::nullopt;
}

// What CLI11 checks a value against, from the row: its range, its words or its check. Real numbers
// go through real_range: CLI11's Range lets NaN through, every comparison with it being false.
std::optional<CLI::Validator> rule_of(const Setting& row) {
  switch (row.kind) {
    case SettingKind::integer:
      return whole_range(row);
    case SettingKind::real:
      if (row.check == SettingCheck::finite_up_to_max) return finite_up_to(row.max);
      return real_range(row.min, row.max, row.above_min);
    case SettingKind::words:
    case SettingKind::list:
      return CLI::IsMember(std::vector<std::string>(row.words.begin(), row.words.end()));
    case SettingKind::flag:
    case SettingKind::size:
    case SettingKind::text:
      return text_rule(row);
  }
  return std::nullopt;
}

CLI::Option* add_setting(CLI::App& app, const Setting& row, SettingText& text) {
  const std::string names = (row.short_name.empty() ? "" : "-" + std::string(row.short_name) + ",") + row.cli_name();
  switch (row.kind) {
    case SettingKind::flag:
      return app.add_flag(names, text.on, row.help);
    case SettingKind::list:
      return app.add_option(names, text.words, row.help)->delimiter(',');
    default:
      return app.add_option(names, text.text, row.help);
  }
}

// One row as a CLI11 option: its names, group, value name, default, rule and whether configs name it.
// `config`: the last --config file, beside which a path it names is looked for too.
void declare_setting(CLI::App& app, const Setting& row, SettingText& text, const std::string& config) {
  CLI::Option* option = add_setting(app, row, text);
  option->group(std::string(row.group));
  if (!row.value_name.empty()) option->type_name(std::string(row.value_name));
  if (row.optional_value) option->expected(0, 1);
  if (!row.configurable) option->configurable(false);
  if (row.says_initial && row.kind != SettingKind::flag) option->default_str(row.initial);
  if (row.beside_config) option->transform(found_beside(config));
  if (const std::optional<CLI::Validator> rule = rule_of(row)) option->check(*rule);
}

// The pairs of settings that cannot go together, and those that need another; after every
// option exists, since either side may be declared first.
void relate_settings(CLI::App& app) {
  const auto option = [&](std::string_view name) { return app.get_option(setting_named(name).cli_name()); };
  for (const Setting& row : settings_table()) {
    for (const std::string_view other : row.excludes) option(row.name)->excludes(option(other));
    if (!row.needs.empty()) option(row.name)->needs(option(row.needs));
  }
}

// Every row given on the command line or in a config file, into Options: each text the rows'
// rules let through becomes its value here, once.
Status apply_settings(const CLI::App& app, const SettingTexts& texts, Options& options) {
  for (const Setting& row : settings_table()) {
    if (app.count(row.cli_name()) == 0) continue;
    const SettingText& given = texts.at(row.name);
    std::string text = row.kind == SettingKind::flag ? (given.on ? "true" : "false") : given.text;
    if (row.kind == SettingKind::list)
      for (const std::string& word : given.words) text += (&word == &given.words.front() ? "" : ",") + word;
    if (Status set = row.access.set(row, options, text); !set) return set;
  }
  return {};
}

// Physical units, where one of their options is given, replace P and M. Checked against --size;
// a --depth map's width is checked when it is read.
Status finish_units(const CLI::App& app, Options& options) {
  options.dpi_given = app.count("--dpi") > 0;
  if (!options.look.stereogram.units) return {};
  const auto resolved = resolve_units(options.look.stereogram, options.size.width);
  if (!resolved) return failure(resolved.error());
  options.look.stereogram = *resolved;
  return {};
}

// P and M as pixels, before any units replace them (finish_units). A pattern file is scaled to P,
// so it changes neither.
Status finish_stereogram(const Options& options) {
  StereogramParams pixels = options.look.stereogram;
  pixels.units.reset();
  if (!validate(pixels))
    return failure("--max-offset " + number_text(pixels.max_offset) +
                   ": must be 0 or more and below --pattern-width - 1 (" + std::to_string(pixels.pattern_width - 1) +
                   ")");
  if (const Status suits = algorithm_row(pixels.algorithm).validate(pixels); !suits)
    return failure("--algorithm " + std::string(stereogram_algorithm_name(pixels.algorithm)) + ": " + suits.error());
  return {};
}

// "-" is standard input once: two inputs cannot both be read from it.
Status finish_standard_input(const Options& options) {
  if (options.depth_file == kStandardStream && options.pattern_file == kStandardStream)
    return failure("--depth - and --pattern -: only one input can come from stdin");
  return {};
}

constexpr long long kMaxStillFrames = 10'000'000;  // 46 hours of the animation at 60 frames a second

// --output: one still, which runs nothing else. A source GL draws (a model, the ball's scene)
// needs a headless EGL context, which only running can find (app/headless_depth.hpp).
Status finish_still(const Options& options) {
  if (options.output_file.empty()) return {};
  const bool window_outputs = !options.screenshot_file.empty() || !options.screenshot_window_file.empty() ||
                              !options.histogram_file.empty() || !options.record_path.empty();
  if (options.bench || window_outputs || options.soak_seconds > 0)
    return failure(
        "--output makes one picture without a window and exits; it goes with neither --bench, --soak nor the "
        "window's outputs (--screenshot, --screenshot-window, --histogram, --record)");
  if (const Result<PictureFormat> format = picture_format_for(options.output_file); !format)
    return failure("--output " + format.error());
  // The frames before the one shown are moved through, not drawn, but the ball's course is
  // simulated step by step: a bound keeps that to about a second.
  if (options.frames && *options.frames > kMaxStillFrames)
    return failure("--frames " + std::to_string(*options.frames) + " with --output: at most " +
                   std::to_string(kMaxStillFrames) + " (the animation's frames up to the one drawn are simulated)");
  return {};
}

// --json, which has a meaning only with --bench or --list-devices, and a soak, which needs its CSV.
Status finish_outputs(const CLI::App& app, Options& options) {
  if (options.soak_seconds > 0 && options.soak_csv.empty())
    return failure("--soak: name the --soak-csv FILE.csv for its RSS samples");
  if (Status still = finish_still(options); !still) return still;
  if (app.count("--json") && !options.bench && !options.list_devices)
    return failure("--json goes with --bench or --list-devices");
  if (app.count("--json") && options.bench && options.json_file.empty())
    return failure("--json: with --bench, name the FILE.json to write");
  options.list_devices_as_json = options.list_devices && app.count("--json") > 0;
  return {};
}

Status finish_interop_and_pipeline(const CLI::App& app, Options& options) {
  if (!options.interop_sync && !options.bench)
    return failure("--interop-sync all: goes with --bench (pick one otherwise)");
  if (!options.interop_batch && !options.bench)
    return failure("--interop-batch all: goes with --bench (pick one otherwise)");
  if (options.interop_batch == false) {
    if (app.count("--pipeline"))
      return failure("--pipeline: needs --interop-batch on or all (the pipeline hands over once a frame)");
    options.passes.pipeline = false;  // step by step hands over more than once a frame: nothing to pipeline
  }
  return {};
}

// --list-devices and --bench show nothing; --bench has sizes and lengths of its own.
void finish_bench(const CLI::App& app, Options& options) {
  if (options.list_devices) options.hidden = true;  // nothing to show
  if (options.bench) {
    options.stage.vsync = false;
    options.hidden = true;
    options.stage.show_panel = false;  // nothing to see, and the panel's histogram would cost frame time
    if (!app.count("--size")) options.size = kBenchSize;
    if (!options.frames) options.frames = kBenchFrames;
  }
}

// The rules that involve more than one value, once every row has set its own; fails with the
// first that does not hold. The steps run in this order, so the user is told the first problem of
// the command line.
Status finish_options(const CLI::App& app, Options& options) {
  if (const PatternRow* row = find_library_pattern(options.pattern_file)) {
    options.look.pattern_kind = PatternKind::library;
    options.look.library_pattern = row;
    options.pattern_file.clear();
  }
  options.mode_given = app.count("--mode") > 0;
  options.size_given = app.count("--size") > 0;
  if (Status stereogram = finish_stereogram(options); !stereogram) return stereogram;
  if (Status standard_input = finish_standard_input(options); !standard_input) return standard_input;
  // An empty --text (an unset variable) is refused as one of spaces is, not taken as no text at all.
  if (app.count("--text") && options.text.empty())
    return failure("--text: the text is empty; give at least one visible character");
  if (Status outputs = finish_outputs(app, options); !outputs) return outputs;
  if (Status interop = finish_interop_and_pipeline(app, options); !interop) return interop;
  finish_bench(app, options);
  return finish_units(app, options);
}

// CLI11's config text with every flag that is off written as a commented-out `flag=true`: read
// back, `bench=false` would count as --bench given and trip its excludes (--screenshot ...), and
// an off flag sets nothing anyway.
// CLI11 writes its groups in the order options were declared, a heading for every group even
// with no setting in it ("# General Options" came first, empty, then "Devices and modes"): the
// groups go in --help's order, and a heading only above settings.
std::string config_text(const CLI::App& app) {
  std::istringstream lines(app.config_to_str(/*default_also=*/true, /*write_description=*/true));
  std::string head, line, group;
  std::map<std::string, std::string> groups;  // heading -> its settings' lines
  const std::string off = "=false";
  while (std::getline(lines, line)) {
    if (line.starts_with("# ") && line.ends_with(" Options")) {
      group = line.substr(2, line.size() - 2 - std::string(" Options").size());
      continue;
    }
    const bool flag_off = line.size() > off.size() && line.front() != '#' && line.ends_with(off);
    (group.empty() ? head : groups[group]) += flag_off ? "# " + line.substr(0, line.size() - off.size()) + "=true\n" : line + "\n";
  }
  std::string text = head;
  for (const std::string_view name : kHelpGroups) {
    const auto found = groups.find(std::string(name));
    if (found == groups.end() || found->second.find_first_not_of('\n') == std::string::npos) continue;
    text += "# " + std::string(name) + " Options\n" + found->second;
  }
  return text;
}

// Atomic like every output: a full disk leaves the old file whole, and a failed write is exit 1.
ExitRequest write_config(const CLI::App& app, const std::string& path, const Options& options) {
  if (const Status written = write_atomically(path, config_text(app), input_files(options)); !written)
    return ExitRequest{1, "stereocl: --write-config " + written.error()};
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
Status outputs_apart(const Options& options, const std::string& write_config) {
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
      if (path != kStandardStream && same_file(path, input_path))  // stdout is no input, even one read from stdin
        return failure(std::string(option) + " " + path + ": that is the " + input +
                       " file; an output never replaces an input");
    // A device or pipe (/dev/null, /dev/stdout) is written in place, not replaced: two outputs
    // may share one.
    std::error_code error;
    const bool replaced = !std::filesystem::exists(path, error) || std::filesystem::is_regular_file(path, error);
    for (std::size_t j = 0; j < i && replaced; ++j)
      if (same_file(path, outputs[j].second))
        return failure(std::string(option) + " " + path + ": " + outputs[j].first +
                       " writes that file too; give each output its own");
  }
  return {};
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

// What is not a setting: the version, reading and writing config files (and help, declared first).
void declare_actions(CLI::App& app, std::string& write_config) {
  const std::string general(kGeneralGroup);
  app.set_config("--config", "",
                 "read options from a TOML or INI file, or a preset by its name (presenter, hidden-word, ...)")
      ->type_name("FILE.toml")
      ->group(general);
  app.add_option("--write-config", write_config, "write the options, defaults included, as a --config file, then exit")
      ->type_name("FILE.toml")
      ->configurable(false)
      ->check(writable_path(false))
      ->group(general);
  app.set_version_flag("--version", std::string("stereocl ") + STEREOCL_VERSION, "print the version and exit")
      ->group(general);
}

// Every row of the settings table, in its order, read into `texts`; then the actions.
void declare_options(CLI::App& app, SettingTexts& texts, std::string& write_config,
                     const std::vector<std::string>& configs) {
  app.formatter(std::make_shared<HelpFormatter>(
      std::vector<std::string>(std::begin(kHelpGroups), std::end(kHelpGroups)), help_width()));
  app.set_help_flag("-h,--help", "print this help and exit")->group(std::string(kGeneralGroup));
  app.footer(keys_epilog());
  app.config_formatter(std::make_shared<ConfigFormat>());
  app.allow_config_extras(CLI::config_extras_mode::error);  // a misspelt key in a preset would otherwise do nothing, silently
  for (const Setting& row : settings_table())
    declare_setting(app, row, texts[row.name], configs.empty() ? std::string() : configs.back());
  declare_actions(app, write_config);
  relate_settings(app);
  // Left unset (no --frames, no --pattern), an option has no value to save: without this,
  // --write-config would write `frames=""`, which reads back as a bad value instead of as unset.
  for (CLI::Option* option : app.get_options())
    if (option->get_default_str().empty()) option->run_callback_for_default(false);
}

// Reads the values, or says what ends the program at parsing (--help, --version, a refused
// option or config).
Result<void, ExitRequest> parse_arguments(CLI::App& app, const std::vector<std::string>& arguments) {
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
  return {};
}

Result<Options, ExitRequest> parsed_command_line(const std::vector<std::string>& given) {
  std::string presets_folder;
  const std::vector<std::string> arguments = with_preset_paths(given, presets_folder);
  const std::vector<std::string> configs = config_paths(arguments);
  if (const Status readable = configs_readable(configs, presets_folder); !readable)
    return ExitRequest{2, "stereocl: " + readable.error()};
  SettingTexts texts;
  std::string write_config_path;
  CLI::App app{"stereocl: live autostereograms with OpenGL and OpenCL", "stereocl"};
  declare_options(app, texts, write_config_path, configs);
  if (Result<void, ExitRequest> parsed = parse_arguments(app, arguments); !parsed) return parsed.failure();
  Options options;
  options.config_files = configs;
  if (const Status set = apply_settings(app, texts, options); !set) return ExitRequest{2, "stereocl: " + set.error()};
  // The rules below config/ name settings by their table names; the command line says flags.
  if (const Status finished = finish_options(app, options); !finished)
    return ExitRequest{2, "stereocl: " + as_flags(finished.error())};
  if (const Status apart = outputs_apart(options, write_config_path); !apart)
    return ExitRequest{2, "stereocl: " + apart.error()};
  if (const Status folder = check_record_target(options.record_path, options.overwrite); !folder)
    return ExitRequest{2, "stereocl: " + folder.error()};
  if (!write_config_path.empty()) return write_config(app, write_config_path, options);
  return options;
}

}  // namespace

// Refusals echo what they were given; a hostile value (a megabyte, control bytes) must still
// make one short line.
Result<Options, ExitRequest> parse_command_line(const std::vector<std::string>& arguments) {
  auto parsed = parsed_command_line(arguments);
  if (!parsed && parsed.failure().code != 0) {
    ExitRequest exit = parsed.failure();
    exit.message = printable_words(exit.message);
    return exit;
  }
  return parsed;
}

}  // namespace stereocl
