#pragma once
// A picture's or a scene's width and height in pixels.

namespace stereocl {

struct Size {
  int width = 0, height = 0;
  friend bool operator==(const Size&, const Size&) = default;
};

}  // namespace stereocl
