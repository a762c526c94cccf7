#pragma once
// The one exception start-up code throws for what the user gave (docs/design.md, "Errors").
#include <stdexcept>

namespace stereocl {

// A problem with what the user gave us (a file, a value) that the start-up cannot go on with:
// thrown only before the first frame; main() reports it and exits 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace stereocl
