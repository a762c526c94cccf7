#pragma once
// How a row of the settings table reaches its field: made from the path to the field
// (&LookSettings::stereogram, &StereogramParams::pattern_width), so a row names its field once and
// the conversion from and to text comes with the field's type. Options (the command line, config
// files, presets) and DemoSettings (the running value the panel and the keys edit) are both a
// Settings (pipeline/settings.hpp), so a path reaches the field in either.
#include "pipeline/demo_settings.hpp"
#include "config/options.hpp"
#include "config/setting.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>

namespace stereocl {

template <typename MemberPointer>
struct member_class;
template <typename Class, typename Member>
struct member_class<Member Class::*> {
  using type = Class;
};

// Where a path that starts in `Start` begins in `object` (Options or DemoSettings): its look, its
// stage, or the object itself.
template <typename Start, typename Object>
auto& path_start(Object& object) {
  if constexpr (std::is_same_v<Start, LookSettings>)
    return (object.look);
  else if constexpr (std::is_same_v<Start, StageSettings>)
    return (object.stage);
  else if constexpr (std::is_same_v<Start, PassSettings>)
    return (object.passes);
  else
    return (object);
}

// object.*path...: the field at the end of the path, const where `object` is.
template <auto first, auto... rest, typename Object>
auto& field_of(Object& object) {
  auto& start = path_start<typename member_class<decltype(first)>::type>(object);
  auto& head = start.*first;
  return (head.*....*rest);
}

// Whether the path reaches a field the engine runs with, which the panel and keys can edit.
template <auto first, auto...>
inline constexpr bool runs_with =
    std::is_same_v<typename member_class<decltype(first)>::type, LookSettings> ||
    std::is_same_v<typename member_class<decltype(first)>::type, StageSettings> ||
    std::is_same_v<typename member_class<decltype(first)>::type, PassSettings>;

template <typename T>
struct is_optional : std::false_type {};
template <typename T>
struct is_optional<std::optional<T>> : std::true_type {};

// The running value as a number: a number, an enum's index, a flag's 0 or 1. A field the command
// line may leave open for --bench is settled before the engine runs (DemoSettings' start).
template <auto... path>
double demo_value(const Setting&, const DemoSettings& settings) {
  const auto& field = field_of<path...>(settings);
  if constexpr (is_optional<std::remove_cvref_t<decltype(field)>>::value)
    return static_cast<double>(field.value_or(typename std::remove_cvref_t<decltype(field)>::value_type{}));
  else
    return static_cast<double>(field);
}

template <auto... path>
void set_demo_value(const Setting&, DemoSettings& settings, double value) {
  auto& field = field_of<path...>(settings);
  using Field = std::remove_cvref_t<decltype(field)>;
  if constexpr (is_optional<Field>::value)
    field = static_cast<typename Field::value_type>(value);
  else
    field = static_cast<Field>(value);
}

// A row's access to a field: `text` and `set` from the command line's side, and where the engine
// runs with the field, `value` and `set_value` from the panel's.
template <auto... path>
constexpr SettingAccess field_access(decltype(SettingAccess::text) text, decltype(SettingAccess::set) set) {
  if constexpr (runs_with<path...>)
    return {text, set, demo_value<path...>, set_demo_value<path...>};
  else
    return {text, set};
}

// The same access with the panel's own setter (a rule between settings: P takes M down with it).
constexpr SettingAccess with_set_value(SettingAccess access, decltype(SettingAccess::set_value) set_value) {
  access.set_value = set_value;
  return access;
}

// The command line's access with the running value's, where the engine keeps that value in a
// field of its own (--interop-sync's "all" is the command line's only).
constexpr SettingAccess with_running(SettingAccess access, decltype(SettingAccess::value) value,
                                     decltype(SettingAccess::set_value) set_value) {
  access.value = value;
  access.set_value = set_value;
  return access;
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
inline constexpr SettingAccess number_field = field_access<path...>(
    [](const Setting&, const Options& options) { return number_text(field_of<path...>(options)); },
    [](const Setting& row, Options& options, const std::string& text) {
      return set_number(row, field_of<path...>(options), text);
    });

// A number whose 0 means unset (no --soak, the screen's own scale): written as nothing.
template <auto... path>
inline constexpr SettingAccess number_unless_zero_field = field_access<path...>(
    [](const Setting& row, const Options& options) {
      return field_of<path...>(options) == 0 ? std::string() : number_field<path...>.text(row, options);
    },
    number_field<path...>.set);

template <auto... path>
inline constexpr SettingAccess text_field = {
    [](const Setting&, const Options& options) { return std::string(field_of<path...>(options)); },
    [](const Setting&, Options& options, const std::string& text) -> Status {
      field_of<path...>(options) = text;
      return {};
    }};

template <auto... path>
inline constexpr SettingAccess flag_field = field_access<path...>(
    [](const Setting&, const Options& options) { return std::string(field_of<path...>(options) ? "true" : "false"); },
    [](const Setting&, Options& options, const std::string& text) -> Status {
      field_of<path...>(options) = text == "true";
      return {};
    });

// --no-NAME: the flag given turns the field off (the panel's checkbox still shows the field).
template <auto... path>
inline constexpr SettingAccess inverted_flag_field = field_access<path...>(
    [](const Setting&, const Options& options) { return std::string(field_of<path...>(options) ? "false" : "true"); },
    [](const Setting&, Options& options, const std::string& text) -> Status {
      field_of<path...>(options) = text != "true";
      return {};
    });

// An enum whose values are the row's words in order.
template <auto... path>
inline constexpr SettingAccess word_field = field_access<path...>(
    [](const Setting& row, const Options& options) {
      return std::string(row.words[static_cast<std::size_t>(field_of<path...>(options))]);
    },
    [](const Setting& row, Options& options, const std::string& text) -> Status {
      const Result<int> index = word_index(row, text);
      if (!index) return failure(index.error());
      auto& field = field_of<path...>(options);
      field = static_cast<std::remove_cvref_t<decltype(field)>>(*index);
      return {};
    });

}  // namespace stereocl
