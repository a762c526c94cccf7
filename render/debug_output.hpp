#pragma once
namespace stereocl {
// In debug builds with a debug context, GL reports errors through KHR_debug as they happen,
// instead of a glGetError() after every call. Does nothing in release builds.
void install_debug_output();
}  // namespace stereocl
