#pragma once
// How a row of the settings table reaches its field: made from the path to the field
// (&Options::stereogram, &StereogramParams::pattern_width), so a row names its field and the
// conversion from and to text comes with the field's type. The same for the panel's DemoSettings.
#include "pipeline/demo_settings.hpp"
#include "config/options.hpp"
#include "config/setting.hpp"

#include <cstddef>
#include <string>
#include <type_traits>

namespace stereocl {

// options.*path...: the field at the end of the path, const where `object` is.
template <auto... path, typename Object>
auto& field_of(Object& object) {
  return (object.*....*path);
}

template <typename T>
Status set_number(const Setting& row, T& field, const std::string& text) {
  if constexpr (std::is_floating_point_v<T>) {
    const Result<double> value = real_number(row, text);
    if (!value) return failure(value.error());
    field = static_cast<T>(*value);
  } else {
    const Result<long long> value = whole_number(row, text);
    if (!value) return failure(value.error());
    field = static_cast<T>(*value);
  }
  return {};
}

// A number of any arithmetic type.
template <auto... path>
inline constexpr SettingAccess number_field = {
    [](const Setting&, const Options& options) { return number_text(field_of<path...>(options)); },
    [](const Setting& row, Options& options, const std::string& text) {
      return set_number(row, field_of<path...>(options), text);
    }};

// A number whose 0 means unset (no --soak, the screen's own scale): written as nothing.
template <auto... path>
inline constexpr SettingAccess number_unless_zero_field = {
    [](const Setting& row, const Options& options) {
      return field_of<path...>(options) == 0 ? std::string() : number_field<path...>.text(row, options);
    },
    number_field<path...>.set};

template <auto... path>
inline constexpr SettingAccess text_field = {
    [](const Setting&, const Options& options) { return std::string(field_of<path...>(options)); },
    [](const Setting&, Options& options, const std::string& text) -> Status {
      field_of<path...>(options) = text;
      return {};
    }};

template <auto... path>
inline constexpr SettingAccess flag_field = {
    [](const Setting&, const Options& options) { return std::string(field_of<path...>(options) ? "true" : "false"); },
    [](const Setting&, Options& options, const std::string& text) -> Status {
      field_of<path...>(options) = text == "true";
      return {};
    }};

// --no-NAME: the flag given turns the field off.
template <auto... path>
inline constexpr SettingAccess inverted_flag_field = {
    [](const Setting&, const Options& options) { return std::string(field_of<path...>(options) ? "false" : "true"); },
    [](const Setting&, Options& options, const std::string& text) -> Status {
      field_of<path...>(options) = text != "true";
      return {};
    }};

// An enum whose values are the row's words in order.
template <auto... path>
inline constexpr SettingAccess word_field = {
    [](const Setting& row, const Options& options) {
      return std::string(row.words[static_cast<std::size_t>(field_of<path...>(options))]);
    },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      const Result<int> index = word_index(row, text);
      if (!index) return failure(index.error());
      auto& field = field_of<path...>(options);
      field = static_cast<std::remove_cvref_t<decltype(field)>>(*index);
      return {};
    }};

// The panel's view of a DemoSettings field as a number: a number, an enum's index, a flag's 0 or 1.
template <auto... path>
double demo_value(const Setting&, const DemoSettings& settings) {
  return static_cast<double>(field_of<path...>(settings));
}

template <auto... path>
void set_demo_value(const Setting&, DemoSettings& settings, double value) {
  auto& field = field_of<path...>(settings);
  field = static_cast<std::remove_cvref_t<decltype(field)>>(value);
}

}  // namespace stereocl
