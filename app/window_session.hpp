#pragma once
// What the window's keys, dropped files and presets change between frames: the GLFW callbacks
// reach it through the window's user pointer.
#include "config/options.hpp"
#include "config/presets.hpp"
#include "pipeline/sources/background_image_load.hpp"
#include "pipeline/sources/background_model_load.hpp"
#include "pipeline/engine.hpp"
#include "ui/imgui_layer.hpp"
#include "ui/panel.hpp"
#include "ui/quit_guard.hpp"
#include "ui/window.hpp"

#include <optional>
#include <string>

namespace stereocl {

struct Session {
  Window& window;
  Engine& engine;
  PanelState panel;
  PresetCycle presets;
  BackgroundImageLoad dropped;
  BackgroundModelLoad dropped_model;
  ImGuiLayer* imgui = nullptr;  // set once it exists; it is made after our callbacks
  const Options* options = nullptr;   // as given: --size, --fit
  bool fit = false;                   // --fit, and while F's fullscreen is on
  bool resampled = false;             // what the last frame's layout said, so stderr hears it once
  bool panel_yielded = false;
  std::string mode_said{};  // the title's mode words last frame, so -v says each change once
  QuitGuard quit_guard{};  // Esc held for a second quits; a clicker's taps only blank and unblank
  bool size_set_by_preset = false;      // fullscreen came from a preset about size, not from F
  bool panel_hidden_by_preset = false;  // ... and so did the hidden panel
};

// Keys and dropped files go to `session` from now on.
void listen_to_window(Session& session);
// F and the panel's button: on stage, the screen filled at 1:1.
void toggle_fullscreen(Session& session);
// A dropped file or a preset is decoded off this thread; once it is, it is used here, where GL is.
void use_finished_loads(Session& session);
// The picture at `to` in the window's framebuffer, or black while B (or a clicker's blank) is on.
// Blanking is the window's: the frames go on being made, so unblanking shows the current one at once.
void present_or_blank(Engine& engine, Size framebuffer, std::optional<Rect> to = std::nullopt, float ui_scale = 1.0f);
// S and the panel's button save the stereogram itself (as --screenshot does), not the window:
// the picture is what people want to keep, and it stays viewable only at its own pixel size.
void save_screenshot(const Engine& engine, PanelState& panel);

}  // namespace stereocl
