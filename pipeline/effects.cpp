#include "pipeline/effects.hpp"

#include "compute/effects/blur_cpu.hpp"
#include "compute/effects/emboss.hpp"
#include "compute/effects/luma_cpu.hpp"
#include "compute/effects/sobel_cpu.hpp"
#include "core/choices.hpp"

#include <algorithm>

namespace stereocl {
namespace {

BlurBorder blur_border(const EffectSettings& settings) {
  return settings.blur_clamp ? BlurBorder::clamp : BlurBorder::zero;
}

RgbaImage sobel_on_cpu(const RgbaImage& image, const EffectSettings&, int threads) {
  return rgba_from_grey(sobel_reference(luma_from_rgba(image, threads), threads).magnitude);
}

std::vector<cl::Event> sobel_on_device(ClEffects& effects, const DeviceEffectCall& call, const EffectSettings&) {
  return effects.sobel(call.queue, call.in, call.out, call.width, call.height, call.wait_for);
}

std::vector<cl::Event> histogram_of_sobel_output(ClEffects& effects, const DeviceEffectCall& call) {
  return effects.histogram_of_sobel_output(call.queue, call.width, call.height, call.wait_for);
}

RgbaImage blur_on_cpu(const RgbaImage& image, const EffectSettings& settings, int threads) {
  return blur_reference(image, settings.blur_radius, blur_border(settings), threads);
}

std::vector<cl::Event> blur_on_device(ClEffects& effects, const DeviceEffectCall& call, const EffectSettings& settings) {
  return effects.blur(call.queue, call.in, call.out, call.width, call.height, settings.blur_radius,
                      blur_border(settings), call.wait_for);
}

constexpr EffectSlider kBlurSliders[] = {{"blur radius", &EffectSettings::blur_radius, min_blur_radius, max_blur_radius}};
constexpr EffectCheckbox kBlurCheckboxes[] = {
    {"clamp", &EffectSettings::blur_clamp, "repeat the edge pixels instead of blurring in black"}};

// Not B for blur: presentation clickers send B (and '.') for "blank screen" (ui/key_bindings.cpp).
constexpr EffectRow kEffects[] = {
    {"sobel", 'E', "Sobel edges on / off", sobel_on_cpu, sobel_on_device, {}, {}, histogram_of_sobel_output},
    {"blur", 'L', "blur on / off", blur_on_cpu, blur_on_device, kBlurSliders, kBlurCheckboxes},
    {"emboss", 'M', "emboss on / off",
     [](const RgbaImage& image, const EffectSettings&, int) { return emboss_reference(image); },
     [](ClEffects& effects, const DeviceEffectCall& call, const EffectSettings&) { return emboss_on_device(effects, call); }},
};

// A row without both engines would silently do nothing in some mode: refuse to compile instead.
static_assert(std::ranges::all_of(kEffects, [](const EffectRow& row) { return row.cpu && row.device && row.key; }),
              "every effect needs a CPU reference, a device function and a key");

}  // namespace

std::span<const EffectRow> effect_table() { return kEffects; }

const EffectRow* find_effect(std::string_view name) {
  for (const EffectRow& row : kEffects)
    if (row.name == name) return &row;
  return nullptr;
}

std::string_view effect_name(const EffectRow* effect) { return effect ? effect->name : "none"; }

std::string effect_choices() {
  std::vector<std::string_view> names = {"none"};
  for (const EffectRow& row : kEffects) names.push_back(row.name);
  return one_of(names);
}

}  // namespace stereocl
