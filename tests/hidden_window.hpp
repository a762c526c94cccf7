#pragma once
// A hidden window whose GL context is current, for the tests that draw; where none can open
// (no display, no GL), nullptr and the reason, so the test skips saying why.
#include "ui/window.hpp"

#include <memory>
#include <string>

namespace stereocl::testing {

inline std::unique_ptr<Window> open_hidden_window(std::string& why_not, int width = 320, int height = 240) {
  WindowSettings hidden;
  hidden.width = width;
  hidden.height = height;
  hidden.visible = false;
  try {
    return std::make_unique<Window>(hidden);
  } catch (const std::exception& error) {
    why_not = error.what();
    return nullptr;
  }
}

}  // namespace stereocl::testing
