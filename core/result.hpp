#pragma once
// The one way a function says "this failed, and why" (docs/design.md, "Errors"): it returns a
// Result<T>, which holds either the value or a one-line message naming the value and the rule
// it broke. Status is Result<void>. [[nodiscard]], so a failure cannot be dropped by accident.
// Where callers tell failures apart, the failure is a struct of its own with a `message` and
// what they need (InputFailure's kind): Result<T, InputFailure>.
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace stereocl {

struct Failure {
  std::string message;
};

inline Failure failure(std::string message) { return Failure{std::move(message)}; }

template <class T, class E = Failure>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(E failed) : state_(std::in_place_index<1>, std::move(failed)) {}

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
  const E& failure() const { return std::get<1>(state_); }

 private:
  std::variant<T, E> state_;
};

template <class E>
class [[nodiscard]] Result<void, E> {
 public:
  Result() = default;
  Result(E failed) : failed_(std::move(failed)) {}

  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  // Both throw on a success, as Result<T>'s do.
  const std::string& error() const { return failed_.value().message; }
  const E& failure() const { return failed_.value(); }

 private:
  std::optional<E> failed_;
};

using Status = Result<void>;

}  // namespace stereocl
