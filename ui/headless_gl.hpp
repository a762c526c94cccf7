#pragma once
// A GL context with no window and no display, for --output of a source only GL can draw (a 3D
// model, the ball's scene): EGL on Mesa's surfaceless platform (EGL_MESA_platform_surfaceless),
// else on the first EGL device (EGL_EXT_platform_device, as NVIDIA's driver offers). No window is
// made, so none can flash up, and no display server is asked for. It draws into framebuffer
// objects only: it has no default framebuffer.
#include "core/result.hpp"

#include <memory>
#include <string>

namespace stereocl {

class HeadlessGl {
 public:
  // A current GL 4.3 core context (3.3 where that is refused) with GL's functions loaded, or why
  // this EGL offers none.
  static Result<std::unique_ptr<HeadlessGl>> open();
  ~HeadlessGl();
  HeadlessGl(const HeadlessGl&) = delete;
  HeadlessGl& operator=(const HeadlessGl&) = delete;

  // "EGL surfaceless, GL 4.5 (Core Profile) Mesa ...", for --verbose.
  const std::string& description() const { return description_; }

 private:
  HeadlessGl(void* display, void* context, std::string description);
  void* display_;
  void* context_;
  std::string description_;
};

}  // namespace stereocl
