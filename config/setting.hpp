#pragma once
// One user setting as data: a row of the settings table (config/settings_table.hpp). The command
// line (--NAME, '-' for '_'), its config key (NAME with '-'), what --write-config writes, the
// default Options start from, the panel's control and the bench JSON's field with its schema
// entry are all read from the row, so a setting is declared once. Effect parameters
// (pipeline/plan/effects.hpp) are rows of the same kind, made from the effect table.
#include "core/result.hpp"

#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl {

struct DemoSettings;
struct Options;

enum class SettingKind {
  flag,     // --NAME alone; `NAME = true` in a config file
  integer,  // a whole number from min to max
  real,     // a number from min to max (above min where above_min)
  words,    // one of `words`
  list,     // some of `words`, separated by commas
  size,     // WIDTHxHEIGHT
  text,     // a path or a name, checked by `check`
};

// What a text or real setting is checked for beyond its kind, on the command line and in config files.
enum class SettingCheck {
  none,
  existing_file,
  input_image,  // an existing file, or "-" for standard input (core/os/input_file.hpp)
  existing_folder,
  writable_file,         // an output: its folder must take a new file (nothing is created to find out)
  pattern_name_or_file,  // a row of the pattern library, else a file
  model_name_or_file,    // a built-in model (files/model/built_in_models.hpp), else a model file
  record_path,           // a folder, NAME.gif or NAME.mp4 (record/record_format.hpp)
  finite_up_to_max,      // a real whose lower bound is a rule between settings, checked after parsing
};

// --help's groups, in its order.
inline constexpr std::string_view kGeneralGroup = "General";
inline constexpr std::string_view kPictureGroup = "Picture";
inline constexpr std::string_view kShowGroup = "Show";
inline constexpr std::string_view kOutputGroup = "Output";
inline constexpr std::string_view kDevicesGroup = "Devices and modes";
inline constexpr std::string_view kMeasureGroup = "Measure";
inline constexpr std::string_view kTestingGroup = "Testing aids (scripts/soak.sh)";  // last, out of the user's way
inline constexpr std::string_view kHelpGroups[] = {kGeneralGroup, kPictureGroup, kShowGroup,   kOutputGroup,
                                                   kDevicesGroup, kMeasureGroup, kTestingGroup};

inline constexpr double kNoMaximum = std::numeric_limits<double>::infinity();

struct Setting;

// Between Options and the text the command line takes: `text` is the value as the command line
// spells it (empty where unset); `set` turns a text the row's rule let through into the value.
// Where the engine runs with the setting, `value` and `set_value` read and write the running value
// (DemoSettings) as a number, a word's index or a flag's 0 or 1: what the panel and the keys edit.
struct SettingAccess {
  std::string (*text)(const Setting& row, const Options& options) = nullptr;
  Status (*set)(const Setting& row, Options& options, const std::string& text) = nullptr;
  double (*value)(const Setting& row, const DemoSettings& settings) = nullptr;
  void (*set_value)(const Setting& row, DemoSettings& settings, double value) = nullptr;
};

enum class ControlKind { none, slider, checkbox, combo };

// The setting on the panel, where it has a plain control there: it edits the running value through
// the row's access (SettingAccess::value and set_value). A slider offers the row's min to max
// (ui/panel_settings.hpp); `largest`, where a rule between settings lowers the max (M below P - 1),
// gives it from the others.
struct PanelControl {
  ControlKind kind = ControlKind::none;
  std::string_view label{};    // "dot size"
  std::string_view format{};   // a slider's "%d px"
  std::string_view tooltip{};  // where the panel says it otherwise than --help
  int ticked = 1;              // a checkbox is ticked at this value (the other one of two otherwise)
  bool logarithmic = false;    // a slider whose range spans orders of magnitude (dpi)
  // On the Show tab under the room's buttons, in the table's order, with no code of its own: what a
  // presenter sets for the room. Otherwise where the panel's code draws it.
  bool on_show_tab = false;
  double (*largest)(const DemoSettings& settings) = nullptr;
};

struct Setting {
  std::string_view name{};  // "pattern_width": --pattern-width, config key pattern-width
  SettingKind kind = SettingKind::text;
  std::string_view group = kPictureGroup;
  std::string_view value_name{};  // in --help: "PIXELS"
  std::string help{};
  double min = 0;  // integer and real
  double max = 0;
  bool above_min = false;                 // the minimum itself is refused (a depth of field of 0 is flat)
  std::vector<std::string_view> words{};  // words and list
  // The default, as the command line spells it: what Options() starts from. Empty: unset (an empty
  // path, no --frames); a flag starts off.
  std::string initial{};
  bool says_initial = true;  // --help names it and --write-config writes it (not where a given value means more)
  SettingAccess access{};
  std::string_view short_name{};  // "o" for -o
  SettingCheck check = SettingCheck::none;
  bool configurable = true;                  // has a config key, and --write-config writes it
  bool optional_value = false;               // --NAME alone or --NAME VALUE
  bool beside_config = false;                // a path a config file names is looked for beside that file too
  std::vector<std::string_view> excludes{};  // settings it cannot go with
  std::string_view needs{};                  // the setting it means something only with
  PanelControl panel{};
  std::string_view json{};  // its field in the bench JSON's parameters; empty: not reported
  // The schema's note on a field that older files lack: "absent in files from before THIS".
  std::string_view json_absent_before{};

  std::string cli_name() const;    // "--pattern-width"
  std::string config_key() const;  // "pattern-width"; empty where it is not configurable
};

// What the panel's slider and the keys offer for `row` while the demo runs: the row's min to max,
// stepping over a min the row refuses (above_min), and below a max that a rule between settings
// sets (PanelControl::largest).
struct RunningRange {
  double min = 0;
  double max = 0;
};
RunningRange running_range(const Setting& row, const DemoSettings& settings);

// "85", "30", "63.5", "0.3333333333333333": the shortest text that reads back as the same value.
std::string number_text(long long value);
std::string number_text(double value);
std::string number_text(float value);
inline std::string number_text(int value) { return number_text(static_cast<long long>(value)); }
inline std::string number_text(unsigned value) { return number_text(static_cast<long long>(value)); }

// The text as T, or a failure naming the setting and the text.
Result<long long> whole_number(const Setting& row, const std::string& text);
Result<double> real_number(const Setting& row, const std::string& text);

// The index of `word` in the row's words, or a failure naming it.
Result<int> word_index(const Setting& row, std::string_view word);

}  // namespace stereocl
