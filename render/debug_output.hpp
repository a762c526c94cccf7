#pragma once
// In debug builds with a debug context, GL reports errors through KHR_debug as they happen,
// instead of a glGetError() after every call; each becomes a log line in `notices` for as long
// as this object lives (GL keeps only a pointer to them). Does nothing in release builds.
#include "core/notices.hpp"

namespace stereocl {

class GlDebugOutput {
 public:
  explicit GlDebugOutput(Notices& notices);
  ~GlDebugOutput();
  GlDebugOutput(const GlDebugOutput&) = delete;
  GlDebugOutput& operator=(const GlDebugOutput&) = delete;

 private:
  bool installed_ = false;
};

}  // namespace stereocl
