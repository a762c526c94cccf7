#pragma once
// Post-effects as data: one row per effect. The command line (--effect), the panel, the keys and
// every back-end iterate this table and nothing else names an effect, so adding one is a kernel,
// a CPU reference, one row in pipeline/plan/effects.cpp and its test (docs/design.md).
#include "compute/effects/cl_effects.hpp"
#include "core/image.hpp"

#include <CL/opencl.hpp>

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl {

struct EffectRow;

// One setting of an effect, declared once in its row: the command line (--name with '-' for
// '_'), the config key, the panel's control, the bench JSON field and the schema come from it.
struct EffectParameter {
  std::string_view name;        // "blur_radius"
  std::string_view label;       // on the panel: "blur radius"
  std::string_view help;        // --help and the panel's tooltip
  std::string_view value_name;  // in --help: "PIXELS"
  int min;
  int max;
  int initial;
  // Words in place of numbers (a checkbox for two, the first meaning off): the value indexes them.
  std::span<const std::string_view> words = {};
};

// Every effect parameter's value by name; a parameter missing here has its initial value.
using EffectValues = std::map<std::string_view, int, std::less<>>;

// What the user chose: an effect (nullptr: none) and the effects' parameters.
struct EffectSettings {
  const EffectRow* effect = nullptr;
  EffectValues values;
  int value(const EffectParameter& parameter) const;
  friend bool operator==(const EffectSettings&, const EffectSettings&) = default;
};

struct EffectRow {
  std::string_view name;      // --effect value and panel label: "sobel"
  int key;                    // GLFW key code of its on/off key (GLFW's letter codes are ASCII capitals)
  std::string_view key_does;  // for the panel's key list
  // The CPU reference on a whole RGBA image, on `threads` cores with the single-threaded result
  // to the bit: CPU mode (a fair baseline for the device), and what the tests hold the device to.
  RgbaImage (*cpu)(const RgbaImage& image, const EffectSettings& settings, int threads);
  // The same on the device; returns the events of all its work, for profiling.
  std::vector<cl::Event> (*device)(ClEffects& effects, const DeviceEffectCall& call, const EffectSettings& settings);
  std::span<const EffectParameter> parameters = {};
  // Where the device function keeps the luma of what it wrote: the histogram of its output
  // from there, right after `device` on the same queue (nullptr: the histogram computes luma).
  std::vector<cl::Event> (*device_histogram_of_output)(ClEffects& effects, const DeviceEffectCall& call) = nullptr;
};

std::span<const EffectRow> effect_table();
// The row called `name`; nullptr for "none" and for names that are not in the table.
const EffectRow* find_effect(std::string_view name);
std::string_view effect_name(const EffectRow* effect);  // "none" for nullptr
std::string effect_choices();                           // "none, sobel or blur", for messages and --help
EffectValues initial_effect_values();                   // every parameter of every row at its initial value
// A word parameter's value as its word ("clamp"), a number's as its number ("4").
std::string effect_value_text(const EffectParameter& parameter, int value);

}  // namespace stereocl
