#include "ui/panel_tabs.hpp"

#include "config/settings_table.hpp"
#include "files/text/text_depth.hpp"
#include "pipeline/mode_table.hpp"
#include "ui/panel_settings.hpp"
#include "ui/panel_widgets.hpp"

#include <imgui.h>

#include <array>
#include <filesystem>
#include <cstdio>
#include <utility>
#include <string>

namespace stereocl {
namespace {

// A radio button for each mode, the ones that cannot run here disabled with the reason.
void draw_mode_buttons(Engine& engine) {
  DemoSettings& settings = engine.settings();
  for (const ModeRow& row : mode_table()) {
    const std::string name(row.display_name);
    if (&row != &mode_table().front()) same_line_if_fits(checkbox_width(name.c_str()));
    const auto& reason = engine.modes().availability().reason(row.mode);
    ImGui::BeginDisabled(reason.has_value());
    if (ImGui::RadioButton(name.c_str(), settings.mode == row.mode)) settings.mode = row.mode;
    ImGui::EndDisabled();
    if (reason) tooltip_when_hovered(reason->c_str());
  }
  // Beside the buttons where it fits, so the tab keeps a line for the stage's settings; whether it
  // fits is asked of a three-digit rate, so a rate gaining a digit moves nothing below (a fourth
  // digit would cost a line at --ui-scale 2 that the tab has not got).
  const double frame_ms = engine.timings().frame_median();
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.0f fps", frame_ms > 0 ? 1000.0 / frame_ms : 0.0);
  same_line_if_fits(text_width("000 fps"));
  ImGui::TextUnformatted(rate);
}

// The hidden word: each edit redraws the depth map, so the audience sees the word change.
void draw_text_field(Engine& engine, PanelState& state) {
  // A word set elsewhere (a preset, --text) replaces the draft; a draft the engine refused stays.
  if (!state.text_draft || engine.sources().text() != state.text_seen) state.text_draft = state.text_seen = engine.sources().text();
  std::array<char, 4 * kMaxTextCharacters + 1> buffer{};
  state.text_draft->copy(buffer.data(), buffer.size() - 1);
  width_leaving_label("hidden text");
  if (std::exchange(state.focus_word_field, false)) {
    // The T that asked is not the word's first letter; what was typed after it in the same frame is.
    ImVector<ImWchar>& typed = ImGui::GetIO().InputQueueCharacters;
    if (!typed.empty() && (typed[0] == 't' || typed[0] == 'T')) typed.erase(typed.begin());
    // The panel takes the focus first: Debian 13's ImGui 1.90 answers a request for the keyboard
    // only in the focused window, and after the field ended with Return no window was.
    ImGui::SetWindowFocus();
    ImGui::SetKeyboardFocusHere();
    state.replace_word = true;
  }
  // T's word replaces the last one, as typing into a fresh field would; ImGui versions differ in
  // the frame the field takes the keyboard, so the whole word is selected on whichever it is.
  const ImGuiInputTextFlags flags = state.replace_word ? ImGuiInputTextFlags_AutoSelectAll : ImGuiInputTextFlags_None;
  if (ImGui::InputTextWithHint("hidden text", "type a word", buffer.data(), buffer.size(), flags)) {
    state.text_draft = buffer.data();
    if (const Status used = engine.use_text(*state.text_draft); !used) state.message = used.error();
  }
  if (ImGui::IsItemActive()) state.replace_word = false;
  tooltip_when_hovered("a word raised from a far plane, as the depth map (--text)");
  disabled_text_wrapped("typing: b . arrows type; PgUp PgDn F5 Esc act");
}

// Why a source cannot be picked yet, or nullptr.
const char* source_missing(const Engine& engine, DepthSource source) {
  if (source == DepthSource::image && !engine.sources().has_depth_image())
    return "drop a grey picture onto the window to use it as the depth map";
  if (source == DepthSource::model && !engine.sources().has_model())
    return "start with --model FILE or --model torus-knot, or drop a model file onto the window";
  return nullptr;
}

void draw_source(Engine& engine, PanelState& state) {
  DemoSettings& settings = engine.settings();
  for (const DepthSourceRow& row : depth_source_table()) {
    const std::string label(row.label);
    if (&row != &depth_source_table().front()) same_line_if_fits(checkbox_width("hidden word"));
    const char* missing = source_missing(engine, row.source);
    ImGui::BeginDisabled(missing != nullptr);
    const std::string shown = row.source == DepthSource::image && engine.sources().depth_is_text() ? "hidden word" : label;
    if (ImGui::RadioButton(shown.c_str(), settings.depth_source == row.source)) settings.depth_source = row.source;
    ImGui::EndDisabled();
    if (missing) tooltip_when_hovered(missing);
  }
  draw_text_field(engine, state);
  ImGui::Checkbox("pause", &settings.paused);
  ImGui::SameLine();
  width_leaving_label("ball speed");
  ImGui::SliderFloat("ball speed", &settings.ball_speed, 0.0f, 4.0f, "%.2fx", ImGuiSliderFlags_AlwaysClamp);
}

// The buttons, then the preset's name beside them: one line, so the tab stays whole on a
// 1080-line screen at --ui-scale 2, and a long name is cut rather than wrapped (wrapping moved
// what is below it from one preset to the next).
void draw_presets(PanelState& state) {
  if (ImGui::Button("Previous (PgUp)")) state.preset_step = -1;
  same_line_if_fits(button_width("Next (PgDn)"));
  if (ImGui::Button("Next (PgDn)")) state.preset_step = +1;
  ImGui::SameLine();
  text_on_rest_of_line(state.preset.empty() ? "none applied yet" : state.preset.c_str());
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

void draw_room_buttons(Engine& engine, PanelState& state) {
  if (ImGui::Button("Screenshot")) state.screenshot_requested = true;
  tooltip_when_hovered("save the stereogram as a timestamped PNG (S)");
  same_line_if_fits(button_width("Stop recording"));
  draw_record_button(state);
  same_line_if_fits(button_width("Fullscreen (F)"));
  if (ImGui::Button("Fullscreen (F)")) state.fullscreen_requested = true;
  same_line_if_fits(button_width("Keys (F1)"));
  if (ImGui::Button("Keys (F1)")) engine.settings().show_keys = !engine.settings().show_keys;
}

void draw_loaded_file(Engine& engine, PanelState& state) {
  if (!state.loaded) {
    disabled_text_wrapped("Drop a picture here (PNG, JPEG, WebP, TIFF, PGM/PPM): grey = depth map, colour = pattern.");
    return;
  }
  // The file's name, its folders in the tooltip: a long path took a line the tab has not got.
  const LoadedFile file = *state.loaded;
  ImGui::TextWrapped("Loaded %s as %s", std::filesystem::path(file.path).filename().c_str(), role_name(file.role));
  tooltip_when_hovered(file.path.c_str());
  const FileRole other = file.role == FileRole::depth_map ? FileRole::pattern : FileRole::depth_map;
  if (ImGui::Button((std::string("Use as ") + role_name(other)).c_str())) state.show(swap_role(engine, file));
}

// What a presenter sets for the room: the table's rows marked for this tab (PanelControl::on_show_tab),
// a slider beside the control before it where a third of the line is left for it.
void draw_stage_settings(DemoSettings& settings) {
  bool first = true;
  for (const Setting& row : settings_table()) {
    if (!row.panel.on_show_tab) continue;
    const std::string label(row.panel.label);
    if (!first)
      same_line_if_fits(row.panel.kind == ControlKind::slider ? ImGui::GetContentRegionAvail().x / 3.0f
                                                              : checkbox_width(label.c_str()));
    draw_setting(row, settings);
    first = false;
  }
}

}  // namespace

void draw_show_tab(Engine& engine, PanelState& state) {
  draw_mode_buttons(engine);
  draw_room_buttons(engine, state);
  draw_stage_settings(engine.settings());
  section_heading("Source");
  draw_source(engine, state);
  section_heading("Presets");
  draw_presets(state);
  section_heading("Files");
  draw_loaded_file(engine, state);
}

}  // namespace stereocl
