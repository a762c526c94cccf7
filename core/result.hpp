#pragma once
// The one way a function says "this failed, and why" (docs/design.md, "Errors"): it returns a
// Result<T>, which holds either the value or a one-line message naming the value and the rule
// it broke. Status is Result<void>. [[nodiscard]], so a failure cannot be dropped by accident.
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace stereocl {

struct Failure {
  std::string message;
};

inline Failure failure(std::string message) { return Failure{std::move(message)}; }

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(Failure failed) : state_(std::in_place_index<1>, std::move(failed)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(state_).message; }

 private:
  std::variant<T, Failure> state_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Failure failed) : message_(std::move(failed.message)) {}

  bool ok() const { return !message_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return message_.value(); }  // throws where there is none, as Result<T>'s does

 private:
  std::optional<std::string> message_;
};

using Status = Result<void>;

}  // namespace stereocl
