#pragma once
// One pass of the window's loop: poll, draw the scene and picture, lay out the stage, the panel
// beside it, what the panel asked for, swap.
#include "app/recording.hpp"
#include "app/window_session.hpp"
#include "bench/soak.hpp"
#include "core/result.hpp"
#include "ui/imgui_layer.hpp"
#include "ui/viewport_limit.hpp"

#include <string>

namespace stereocl {

// What each frame of a windowed run uses, and what the loop carries from one frame to the next.
struct FrameLoop {
  Session& session;
  ImGuiLayer& imgui;
  Recording& recording;
  Soak& soak;
  ViewportLimit viewport_limit;
  long long frame = 0;
  bool vsync = true;
  Status window_shot;  // --screenshot-window's, once it is taken
  std::string oversized_said;
  double last_time = 0;
  double next_frame_due = 0;  // --max-fps's pace
};

// False once the run is over: the window closed, the --frames done or the soak ended.
bool run_frame(FrameLoop& loop);

}  // namespace stereocl
