#include "ui/panel_tabs.hpp"

#include "config/settings_table.hpp"
#include "core/text_depth.hpp"
#include "pipeline/mode_table.hpp"
#include "ui/panel_separation.hpp"
#include "ui/panel_settings.hpp"
#include "ui/panel_widgets.hpp"

#include <imgui.h>

#include <array>
#include <utility>
#include <string>

namespace stereocl {
namespace {

// A radio button for each mode, the ones that cannot run here disabled with the reason.
void draw_mode_buttons(Engine& demo) {
  DemoSettings& settings = demo.settings();
  for (const ModeRow& row : mode_table()) {
    const std::string name(row.display_name);
    if (&row != &mode_table().front()) same_line_if_fits(checkbox_width(name.c_str()));
    const auto& reason = demo.availability().reason(row.mode);
    ImGui::BeginDisabled(reason.has_value());
    if (ImGui::RadioButton(name.c_str(), settings.mode == row.mode)) settings.mode = row.mode;
    ImGui::EndDisabled();
    if (reason) tooltip_when_hovered(reason->c_str());
  }
  const double frame_ms = demo.timings().frame_median();
  ImGui::Text("%.0f frames a second", frame_ms > 0 ? 1000.0 / frame_ms : 0.0);
}

// The hidden word: each edit redraws the depth map, so the audience sees the word change.
void draw_text_field(Engine& demo, PanelState& state) {
  // A word set elsewhere (a preset, --text) replaces the draft; a draft the engine refused stays.
  if (!state.text_draft || demo.text() != state.text_seen) state.text_draft = state.text_seen = demo.text();
  std::array<char, 4 * kMaxTextCharacters + 1> buffer{};
  state.text_draft->copy(buffer.data(), buffer.size() - 1);
  width_leaving_label("hidden text");
  if (std::exchange(state.focus_word_field, false)) {
    // The T that asked is not the word's first letter; what was typed after it in the same frame is.
    ImVector<ImWchar>& typed = ImGui::GetIO().InputQueueCharacters;
    if (!typed.empty() && (typed[0] == 't' || typed[0] == 'T')) typed.erase(typed.begin());
    ImGui::SetKeyboardFocusHere();
  }
  if (ImGui::InputTextWithHint("hidden text", "type a word", buffer.data(), buffer.size())) {
    state.text_draft = buffer.data();
    if (const Status used = demo.use_text(*state.text_draft); !used) state.message = used.error();
  }
  tooltip_when_hovered("a word raised from a far plane, as the depth map (--text); b and . are the clicker's "
                       "blank keys, so Shift+B types B");
}

// Why a source cannot be picked yet, or nullptr.
const char* source_missing(const Engine& demo, DepthSource source) {
  if (source == DepthSource::image && !demo.has_depth_image())
    return "drop a grey picture onto the window to use it as the depth map";
  if (source == DepthSource::model && !demo.has_model())
    return "start with --model FILE or --model torus-knot, or drop a model file onto the window";
  return nullptr;
}

void draw_source(Engine& demo, PanelState& state) {
  DemoSettings& settings = demo.settings();
  for (const DepthSourceRow& row : depth_source_table()) {
    const std::string label(row.label);
    if (&row != &depth_source_table().front()) same_line_if_fits(checkbox_width("hidden word"));
    const char* missing = source_missing(demo, row.source);
    ImGui::BeginDisabled(missing != nullptr);
    const std::string shown = row.source == DepthSource::image && demo.depth_is_text() ? "hidden word" : label;
    if (ImGui::RadioButton(shown.c_str(), settings.depth_source == row.source)) settings.depth_source = row.source;
    ImGui::EndDisabled();
    if (missing) tooltip_when_hovered(missing);
  }
  draw_text_field(demo, state);
  ImGui::Checkbox("pause", &settings.paused);
  ImGui::SameLine();
  width_leaving_label("ball speed");
  ImGui::SliderFloat("ball speed", &settings.ball_speed, 0.0f, 4.0f, "%.2fx", ImGuiSliderFlags_AlwaysClamp);
}

// The library's patterns in a combo; picking one switches to it.
void draw_library_choice(DemoSettings& settings) {
  if (ImGui::RadioButton("##library", settings.pattern_kind == PatternKind::library))
    settings.pattern_kind = PatternKind::library;
  ImGui::SameLine();
  width_leaving_label("pattern");
  if (ImGui::BeginCombo("pattern", std::string(settings.library_pattern->name).c_str())) {
    for (const PatternRow& row : pattern_library()) {
      if (ImGui::Selectable(std::string(row.name).c_str(), settings.library_pattern == &row)) {
        settings.library_pattern = &row;
        settings.pattern_kind = PatternKind::library;
      }
      tooltip_when_hovered(std::string(row.summary).c_str());
    }
    ImGui::EndCombo();
  }
  tooltip_when_hovered("patterns made by code, drawn at the pattern width (--pattern NAME)");
}

void draw_pattern(Engine& demo) {
  DemoSettings& settings = demo.settings();
  for (PatternKind kind : {PatternKind::random_grey, PatternKind::random_colour, PatternKind::image}) {
    if (kind != PatternKind::random_grey) same_line_if_fits(checkbox_width(pattern_kind_name(kind)));
    const bool unavailable = kind == PatternKind::image && !demo.has_pattern_image();
    ImGui::BeginDisabled(unavailable);
    if (ImGui::RadioButton(pattern_kind_name(kind), settings.pattern_kind == kind)) settings.pattern_kind = kind;
    ImGui::EndDisabled();
    if (unavailable) tooltip_when_hovered("drop a colour picture onto the window to use it as the pattern");
  }
  draw_library_choice(settings);
  const bool from_image = settings.pattern_kind == PatternKind::image;
  ImGui::BeginDisabled(from_image);
  if (ImGui::Button("New dots")) ++settings.seed;
  same_line_if_fits(checkbox_width("shimmer"));
  ImGui::Checkbox("shimmer", &settings.shimmer);
  tooltip_when_hovered("fresh dots every frame");
  draw_setting(setting_named("dot_size"), settings);
  ImGui::EndDisabled();
}

void draw_depth(Engine& demo) {
  DemoSettings& settings = demo.settings();
  draw_separation_controls(settings.stereogram, demo.screen_dpi());
  draw_setting(setting_named("invert_depth"), settings);
  same_line_if_fits(checkbox_width("convergence dots"));
  ImGui::Checkbox("convergence dots", &settings.convergence_dots);
  const char* no_fit = !demo.has_depth_image() ? "no depth map: drop one onto the window"
                       : !demo.scene_sized()   ? "the scene is the depth map's own size (no --size or --fit)"
                                               : nullptr;
  draw_setting(setting_named("depth_fit"), settings, no_fit);
}

// The effects, then the running one's parameters, each on its own line.
void draw_effects(Engine& demo) {
  EffectSettings& settings = demo.settings().effect;
  if (ImGui::RadioButton("none", !settings.effect)) settings.effect = nullptr;
  for (const EffectRow& row : effect_table()) {
    const std::string name(row.name);
    same_line_if_fits(checkbox_width(name.c_str()));
    if (ImGui::RadioButton(name.c_str(), settings.effect == &row)) settings.effect = &row;
  }
  if (settings.effect)
    for (const Setting* parameter : effect_settings(*settings.effect)) draw_setting(*parameter, demo.settings());
}

void draw_presets(PanelState& state) {
  ImGui::TextWrapped("%s", state.preset.empty() ? "No preset applied yet" : ("Preset: " + state.preset).c_str());
  if (ImGui::Button("Previous (PgUp)")) state.preset_step = -1;
  same_line_if_fits(button_width("Next (PgDn)"));
  if (ImGui::Button("Next (PgDn)")) state.preset_step = +1;
}

// A red dot while recording, so nobody forgets a recording that is filling the disk.
void draw_record_button(PanelState& state) {
  const bool recording = !state.recording.empty();
  if (ImGui::Button(recording ? "Stop recording" : "Record")) state.record_requested = true;
  tooltip_when_hovered(recording ? "finish the file" : "record the stereogram (no panel) as stereocl-DATE-TIME.mp4");
  if (!recording) return;
  const float radius = ImGui::GetTextLineHeight() * 0.4f;
  same_line_if_fits(radius * 2.0f + ImGui::GetStyle().ItemSpacing.x + text_width("REC"));
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddCircleFilled(
      ImVec2(at.x + radius, at.y + ImGui::GetStyle().FramePadding.y + ImGui::GetTextLineHeight() * 0.5f), radius,
      IM_COL32(230, 30, 30, 255));
  ImGui::Dummy(ImVec2(radius * 2.0f, radius * 2.0f));
  ImGui::SameLine();
  ImGui::TextUnformatted("REC");
  tooltip_when_hovered(state.recording.c_str());
}

void draw_room_buttons(Engine& demo, PanelState& state) {
  if (ImGui::Button("Screenshot")) state.screenshot_requested = true;
  tooltip_when_hovered("save the stereogram as a timestamped PNG (S)");
  same_line_if_fits(button_width("Stop recording"));
  draw_record_button(state);
  same_line_if_fits(button_width("Fullscreen (F)"));
  if (ImGui::Button("Fullscreen (F)")) state.fullscreen_requested = true;
  same_line_if_fits(button_width("Keys (F1)"));
  if (ImGui::Button("Keys (F1)")) demo.settings().show_keys = !demo.settings().show_keys;
}

void draw_loaded_file(Engine& demo, PanelState& state) {
  if (!state.loaded) {
    disabled_text_wrapped("Drop a picture here (PNG, JPEG, WebP, TIFF, PGM/PPM): grey = depth map, colour = pattern.");
    return;
  }
  const LoadedFile file = *state.loaded;
  ImGui::TextWrapped("Loaded %s as %s", file.path.c_str(), role_name(file.role));
  const FileRole other = file.role == FileRole::depth_map ? FileRole::pattern : FileRole::depth_map;
  if (ImGui::Button((std::string("Use as ") + role_name(other)).c_str())) state.show(swap_role(demo, file));
}

}  // namespace

void draw_show_tab(Engine& demo, PanelState& state) {
  draw_mode_buttons(demo);
  draw_room_buttons(demo, state);
  section_heading("Source");
  draw_source(demo, state);
  section_heading("Pattern");
  draw_pattern(demo);
  section_heading("Depth");
  draw_depth(demo);
  section_heading("Effect");
  draw_effects(demo);
  section_heading("Presets");
  draw_presets(state);
  section_heading("Files");
  draw_loaded_file(demo, state);
}

}  // namespace stereocl
