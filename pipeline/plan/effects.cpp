#include "pipeline/plan/effects.hpp"

#include "compute/effects/blur_cpu.hpp"
#include "compute/effects/emboss.hpp"
#include "compute/effects/luma_cpu.hpp"
#include "compute/effects/posterize.hpp"
#include "compute/effects/sobel_cpu.hpp"
#include "core/choices.hpp"

#include <algorithm>

namespace stereocl {
namespace {

constexpr std::string_view kBorders[] = {"zero", "clamp"};  // the paper's zero padding unless clamp is asked for
constexpr EffectParameter kBlurParameters[] = {
    {"blur_radius", "blur radius", "box blur radius", "PIXELS", min_blur_radius, max_blur_radius, 4},
    {"blur_border", "clamp", "what the blur reads past the edge: zero, or the edge pixels repeated (clamp)", "BORDER",
     0, 1, 0, kBorders},
};

int blur_radius(const EffectSettings& settings) { return settings.value(kBlurParameters[0]); }
BlurBorder blur_border(const EffectSettings& settings) {
  return settings.value(kBlurParameters[1]) == 1 ? BlurBorder::clamp : BlurBorder::zero;
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
  return blur_reference(image, blur_radius(settings), blur_border(settings), threads);
}

std::vector<cl::Event> blur_on_device(ClEffects& effects, const DeviceEffectCall& call, const EffectSettings& settings) {
  return effects.blur(call.queue, call.in, call.out, call.width, call.height, blur_radius(settings),
                      blur_border(settings), call.wait_for);
}

constexpr EffectParameter kPosterizeParameters[] = {
    {"posterize_levels", "levels", "values each colour channel keeps", "N", min_posterize_levels, max_posterize_levels, 4}};

// Not B for blur: presentation clickers send B (and '.') for "blank screen" (ui/key_bindings.cpp).
constexpr EffectRow kEffects[] = {
    {"sobel", 'E', "Sobel edges on / off", sobel_on_cpu, sobel_on_device, {}, histogram_of_sobel_output},
    {"blur", 'L', "blur on / off", blur_on_cpu, blur_on_device, kBlurParameters},
    {"emboss", 'M', "emboss on / off",
     [](const RgbaImage& image, const EffectSettings&, int threads) { return emboss_reference(image, threads); },
     [](ClEffects& effects, const DeviceEffectCall& call, const EffectSettings&) {
       return emboss_on_device(effects, call);
     }},
    {"posterize", 'O', "posterize on / off",
     [](const RgbaImage& image, const EffectSettings& settings, int threads) {
       return posterize_reference(image, settings.value(kPosterizeParameters[0]), threads);
     },
     [](ClEffects& effects, const DeviceEffectCall& call, const EffectSettings& settings) {
       return posterize_on_device(effects, call, settings.value(kPosterizeParameters[0]));
     },
     kPosterizeParameters},
};

// A row without both engines would silently do nothing in some mode: refuse to compile instead.
static_assert(std::ranges::all_of(kEffects, [](const EffectRow& row) { return row.cpu && row.device && row.key; }),
              "every effect needs a CPU reference, a device function and a key");
constexpr bool parameter_is_sound(const EffectParameter& p) {
  const bool words_fit = p.words.empty() || (p.min == 0 && p.max + 1 == static_cast<int>(p.words.size()));
  return !p.name.empty() && p.min <= p.initial && p.initial <= p.max && words_fit;
}
static_assert(std::ranges::all_of(kEffects,
                                  [](const EffectRow& row) {
                                    return std::ranges::all_of(row.parameters, parameter_is_sound);
                                  }),
              "every effect parameter needs a name, an initial value in its range and one word per value");
// Each parameter is an option of its own name: two of one name would stop the program at start.
constexpr bool parameter_names_are_unique() {
  std::size_t clashes = 0;
  for (const EffectRow& a : kEffects)
    for (const EffectParameter& p : a.parameters)
      for (const EffectRow& b : kEffects)
        for (const EffectParameter& q : b.parameters) clashes += &p != &q && p.name == q.name;
  return clashes == 0;
}
static_assert(parameter_names_are_unique(), "two effect parameters have one name");

}  // namespace

std::span<const EffectRow> effect_table() { return kEffects; }

const EffectRow* find_effect(std::string_view name) {
  for (const EffectRow& row : kEffects)
    if (row.name == name) return &row;
  return nullptr;
}

int EffectSettings::value(const EffectParameter& parameter) const {
  const auto found = values.find(parameter.name);
  return found == values.end() ? parameter.initial : std::clamp(found->second, parameter.min, parameter.max);
}

EffectValues initial_effect_values() {
  EffectValues values;
  for (const EffectRow& row : kEffects)
    for (const EffectParameter& parameter : row.parameters) values.emplace(parameter.name, parameter.initial);
  return values;
}

std::string effect_value_text(const EffectParameter& parameter, int value) {
  if (parameter.words.empty()) return std::to_string(value);
  return std::string(parameter.words[static_cast<std::size_t>(std::clamp(value, parameter.min, parameter.max))]);
}

std::string_view effect_name(const EffectRow* effect) { return effect ? effect->name : "none"; }

std::string effect_choices() {
  std::vector<std::string_view> names = {"none"};
  for (const EffectRow& row : kEffects) names.push_back(row.name);
  return one_of(names);
}

}  // namespace stereocl
