#pragma once
// Post-effects as data: one row per effect. The command line (--effect), the panel, the keys and
// every back-end iterate this table and nothing else names an effect, so adding one is a kernel,
// a CPU reference, one row in pipeline/effects.cpp and its test (docs/design.md).
#include "compute/effects/cl_effects.hpp"
#include "core/image.hpp"

#include <CL/opencl.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl {

struct EffectRow;

// What the user chose: an effect (nullptr: none) and the effects' parameters.
struct EffectSettings {
  const EffectRow* effect = nullptr;
  int blur_radius = 4;
  bool blur_clamp = false;  // border: zero padding (the paper's) unless clamp is asked for
  friend bool operator==(const EffectSettings&, const EffectSettings&) = default;
};

// The parameters the panel shows for an effect while it is on.
struct EffectSlider {
  std::string_view label;
  int EffectSettings::*value;
  int min;
  int max;
};
struct EffectCheckbox {
  std::string_view label;
  bool EffectSettings::*value;
  std::string_view tooltip;
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
  std::span<const EffectSlider> sliders = {};
  std::span<const EffectCheckbox> checkboxes = {};
  // Where the device function keeps the luma of what it wrote: the histogram of its output
  // from there, right after `device` on the same queue (nullptr: the histogram computes luma).
  std::vector<cl::Event> (*device_histogram_of_output)(ClEffects& effects, const DeviceEffectCall& call) = nullptr;
};

std::span<const EffectRow> effect_table();
// The row called `name`; nullptr for "none" and for names that are not in the table.
const EffectRow* find_effect(std::string_view name);
std::string_view effect_name(const EffectRow* effect);  // "none" for nullptr
std::string effect_choices();                           // "none, sobel or blur", for messages and --help

}  // namespace stereocl
