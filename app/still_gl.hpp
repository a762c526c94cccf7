#pragma once
// The still's GL steps (app/still_picture.hpp), for the window's program: a headless EGL context
// draws the frame and the guide dots.
#include "app/still_picture.hpp"

namespace stereocl {

StillGl still_gl();

}  // namespace stereocl
