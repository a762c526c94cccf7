#include "ui/panel.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "compute/stereogram/symmetric_params.hpp"
#include "core/text_depth.hpp"
#include "pipeline/mode_table.hpp"
#include "ui/key_bindings.hpp"
#include "ui/panel_separation.hpp"

#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <vector>

namespace stereocl {
namespace {

static_assert(kPanelHistogramEvery == 4, "stage_label() says how often the histogram runs");

const char* stage_label(Stage stage) {
  switch (stage) {
    case Stage::render: return "scene render";
    case Stage::transfer: return "transfer to/from host";
    case Stage::stereogram: return "stereogram";
    case Stage::effects: return "effects";
    case Stage::compose: return "compose";
    case Stage::histogram: return "histogram (mean: 1 frame in 4)";
  }
  return "?";
}

void disabled_text_wrapped(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void tooltip_when_hovered(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

// GPU mode's GL<->CL hand-over, switchable live: drivers differ here the most (--interop-sync).
void draw_interop_sync(Demo& demo) {
  ImGui::TextUnformatted("GL<->CL sync:");
  for (SyncStrategy strategy : kAllSyncStrategies) {
    const auto reason = sync_unsupported_reason(strategy, demo.opencl_environment());
    ImGui::SameLine();
    ImGui::BeginDisabled(reason.has_value());
    if (ImGui::RadioButton(std::string(sync_strategy_name(strategy)).c_str(), demo.settings().interop_sync == strategy))
      demo.settings().interop_sync = strategy;
    ImGui::EndDisabled();
    if (reason) tooltip_when_hovered(reason->c_str());
  }
}

// How the OpenCL modes hand a frame over (--interop-batch, --pipeline): in each of them, since
// each has its own pipelining default.
void draw_hand_over(Demo& demo) {
  ImGui::Checkbox("one hand-over a frame", &demo.settings().interop_batch);
  tooltip_when_hovered("stereogram, compose, effect and histogram behind one GL<->CL acquire, composing in OpenCL "
                       "(--interop-batch); off: one hand-over per step, composing in GL");
  ImGui::SameLine();
  ImGui::BeginDisabled(!demo.settings().interop_batch);
  bool pipelined = demo.pipelining();
  if (ImGui::Checkbox("pipeline", &pipelined)) demo.settings().pipeline = pipelined;  // then for every mode
  ImGui::EndDisabled();
  tooltip_when_hovered("one frame of latency: GL draws the next frame's depth while OpenCL computes this picture "
                       "(by default on in GPU and CPU-readback modes, off in GPU (external memory), where it "
                       "measured slower; needs one hand-over a frame)");
}

// A radio button for each mode, the ones that cannot run here disabled with the reason.
void draw_mode_buttons(Demo& demo) {
  DemoSettings& settings = demo.settings();
  for (const ModeRow& row : mode_table()) {
    const auto& reason = demo.availability().reason(row.mode);
    ImGui::BeginDisabled(reason.has_value());
    if (ImGui::RadioButton(std::string(row.display_name).c_str(), settings.mode == row.mode)) settings.mode = row.mode;
    ImGui::EndDisabled();
    if (reason) tooltip_when_hovered(reason->c_str());
    if (&row == &mode_table().back()) break;
    // On one line while the next button fits: five labels are wider than the panel.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float next_width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                             ImGui::CalcTextSize(std::string((&row + 1)->display_name).c_str()).x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + next_width <=
        ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
      ImGui::SameLine();
  }
}

// How GL draws depth and composes the picture in the stereogram modes (--depth-pass, --compose).
void draw_gl_passes(DemoSettings& settings) {
  bool z_only = settings.depth_pass == DepthPass::z_only;
  ImGui::BeginDisabled(!SceneRenderer::z_only_available());
  if (ImGui::Checkbox("z-only depth pass", &z_only)) settings.depth_pass = z_only ? DepthPass::z_only : DepthPass::shaded;
  ImGui::EndDisabled();
  tooltip_when_hovered(SceneRenderer::z_only_available()
                           ? "the depth buffer alone, then a compute pass makes it linear; off: a fragment shader "
                             "writes linear depth (--depth-pass)"
                           : "needs GL 4.3 compute shaders (--depth-pass)");
  ImGui::SameLine();
  bool compute_compose = settings.compose_pass == ComposePass::compute;
  ImGui::BeginDisabled(!StereogramCompositor::compute_available());
  if (ImGui::Checkbox("compute compose", &compute_compose))
    settings.compose_pass = compute_compose ? ComposePass::compute : ComposePass::fragment;
  ImGui::EndDisabled();
  tooltip_when_hovered(StereogramCompositor::compute_available()
                           ? "GL draws the picture from the offsets in a compute pass; off: a fragment pass "
                             "(--compose; GPU mode composes in OpenCL with one hand-over a frame)"
                           : "needs GL 4.3 compute shaders (--compose)");
}

void draw_mode_section(Demo& demo) {
  draw_mode_buttons(demo);
  DemoSettings& settings = demo.settings();
  if (mode_row(settings.mode).interop_choices) draw_interop_sync(demo);
  if (mode_row(settings.mode).makes_stereogram && mode_row(settings.mode).uses_device_images) draw_hand_over(demo);
  if (mode_row(settings.mode).makes_stereogram) draw_gl_passes(settings);
}

// What --bench measures differs from what is presented here (vsync, the panel, the swap), so
// the panel says which one it shows and can measure the other for the mode on screen.
void draw_benchmark_button(PanelState& state) {
  if (ImGui::Button("Benchmark this mode")) state.bench_requested = true;
  tooltip_when_hovered("the --bench loop for ~2 s: vsync off, no panel, nothing presented (the window pauses)");
  if (state.bench_result.empty()) return;
  ImGui::SameLine();
  ImGui::TextUnformatted(state.bench_result.c_str());
}

void draw_performance_section(const Demo& demo, PanelState& state) {
  const StageTimings& timings = demo.timings();
  const double frame_ms = timings.frame_median();
  ImGui::Text("%.1f fps presented, %.2f ms", frame_ms > 0 ? 1000.0 / frame_ms : 0.0, frame_ms);
  tooltip_when_hovered("median of frames shown on screen, including vsync, the panel and the swap");
  disabled_text_wrapped("(presented, incl. vsync and panel)");
  draw_benchmark_button(state);
  const std::vector<float> frames(timings.frames().begin(), timings.frames().end());
  const float highest = frames.empty() ? 1.0f : *std::max_element(frames.begin(), frames.end());
  ImGui::PlotLines("##frame times", frames.data(), static_cast<int>(frames.size()), 0, "last 240 frame times", 0.0f,
                   std::max(highest, 1.0f) * 1.1f, ImVec2(ImGui::GetContentRegionAvail().x, 50));
  if (ImGui::BeginTable("stages", 2, ImGuiTableFlags_SizingStretchProp)) {
    for (Stage stage : kAllStages) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(stage_label(stage));
      ImGui::TableNextColumn();
      const bool sometimes = stage == Stage::histogram;  // a median of mostly skipped frames would be 0
      ImGui::Text("%8.3f ms", sometimes ? timings.stage_mean(stage) : timings.stage_median(stage));
    }
    ImGui::EndTable();
  }
  disabled_text_wrapped((std::string("Medians. ") + std::string(mode_row(demo.settings().mode).timing_sources)).c_str());
}

void draw_device_section(const Demo& demo, const PanelState& state) {
  ImGui::TextWrapped("GL: %s", state.gl_renderer.c_str());
  ImGui::TextWrapped("    %s", state.gl_version.c_str());
  ImGui::TextWrapped("OpenCL: %s", demo.opencl_description().c_str());
  if (demo.gl_sharing()) {
    ImGui::TextUnformatted("GL sharing: active");
  } else {
    ImGui::TextUnformatted("GL sharing: off (hover for why)");
    if (const auto& reason = demo.availability().reason(Mode::gpu)) tooltip_when_hovered(reason->c_str());
  }
}

// The library's patterns in a combo; picking one switches to it.
void draw_library_choice(DemoSettings& settings) {
  if (ImGui::RadioButton("##library", settings.pattern_kind == PatternKind::library))
    settings.pattern_kind = PatternKind::library;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-90);
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

void draw_pattern_kind(Demo& demo) {
  DemoSettings& settings = demo.settings();
  for (PatternKind kind : {PatternKind::random_grey, PatternKind::random_colour, PatternKind::image}) {
    const bool unavailable = kind == PatternKind::image && !demo.has_pattern_image();
    ImGui::BeginDisabled(unavailable);
    if (ImGui::RadioButton(pattern_kind_name(kind), settings.pattern_kind == kind)) settings.pattern_kind = kind;
    ImGui::EndDisabled();
    if (unavailable) tooltip_when_hovered("drop a colour picture onto the window to use it as the pattern");
    if (kind != PatternKind::image) ImGui::SameLine();
  }
  draw_library_choice(settings);
}

void draw_algorithm_choice(StereogramParams& params) {
  for (const AlgorithmRow& row : algorithm_rows()) {
    if (&row != &algorithm_rows().front()) ImGui::SameLine();
    if (ImGui::RadioButton(row.name, params.algorithm == row.algorithm)) params.algorithm = row.algorithm;
    tooltip_when_hovered(row.summary);
  }
  ImGui::BeginDisabled(!algorithm_row(params.algorithm).oversamples);
  ImGui::SliderInt("oversample", &params.oversample, 1, kMaxOversample, "%dx", ImGuiSliderFlags_AlwaysClamp);
  ImGui::EndDisabled();
  tooltip_when_hovered("links at this many times the width: as many more depth steps, at as much more work");
}

void draw_stereogram_section(Demo& demo) {
  DemoSettings& settings = demo.settings();
  StereogramParams& params = settings.stereogram;
  draw_algorithm_choice(params);
  draw_pattern_kind(demo);
  const bool from_image = settings.pattern_kind == PatternKind::image;
  draw_separation_controls(params, from_image, demo.screen_dpi());
  ImGui::BeginDisabled(from_image);
  if (ImGui::Button("Re-seed")) ++settings.seed;
  ImGui::SameLine();
  ImGui::Checkbox("shimmer", &settings.shimmer);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("seed %u", settings.seed);
  ImGui::BeginDisabled(from_image);
  ImGui::SliderInt("dot size", &settings.dot_size, 1, kMaxDotSize, "%d px", ImGuiSliderFlags_AlwaysClamp);
  ImGui::EndDisabled();
  ImGui::Checkbox("invert depth", &settings.invert_depth);
  tooltip_when_hovered("swaps wall-eyed and cross-eyed viewing");
  ImGui::SameLine();
  ImGui::Checkbox("convergence dots", &settings.convergence_dots);
  ImGui::TextUnformatted("show:");
  ImGui::SameLine();
  if (ImGui::RadioButton("stereogram", settings.debug_view == DebugView::none)) settings.debug_view = DebugView::none;
  ImGui::SameLine();
  if (ImGui::RadioButton("depth", settings.debug_view == DebugView::depth)) settings.debug_view = DebugView::depth;
  ImGui::SameLine();
  const bool no_offsets = !mode_row(settings.mode).makes_stereogram;
  ImGui::BeginDisabled(no_offsets);
  if (ImGui::RadioButton("offsets", settings.debug_view == DebugView::offsets)) settings.debug_view = DebugView::offsets;
  ImGui::EndDisabled();
  if (no_offsets) tooltip_when_hovered("Scene mode computes no offsets");
}

// The hidden word: each edit redraws the depth map, so the audience sees the word change.
void draw_text_field(Demo& demo, PanelState& state) {
  if (!state.text_draft) state.text_draft = demo.text();
  std::array<char, 4 * kMaxTextCharacters + 1> buffer{};
  state.text_draft->copy(buffer.data(), buffer.size() - 1);
  ImGui::SetNextItemWidth(-90);
  if (ImGui::InputTextWithHint("hidden text", "type a word", buffer.data(), buffer.size())) {
    state.text_draft = buffer.data();
    if (const Status used = demo.use_text(*state.text_draft); !used) state.message = used.error();
  }
  tooltip_when_hovered("a word raised from a far plane, as the depth map (--text)");
}

void draw_scene_section(Demo& demo, PanelState& state) {
  DemoSettings& settings = demo.settings();
  ImGui::Checkbox("pause", &settings.paused);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-90);
  ImGui::SliderFloat("ball speed", &settings.ball_speed, 0.0f, 4.0f, "%.2fx", ImGuiSliderFlags_AlwaysClamp);
  ImGui::TextUnformatted("depth:");
  ImGui::SameLine();
  if (ImGui::RadioButton("3D scene", settings.depth_source == DepthSource::scene))
    settings.depth_source = DepthSource::scene;
  ImGui::SameLine();
  ImGui::BeginDisabled(!demo.has_depth_image());
  if (ImGui::RadioButton("depth image", settings.depth_source == DepthSource::image))
    settings.depth_source = DepthSource::image;
  ImGui::EndDisabled();
  if (!demo.has_depth_image()) tooltip_when_hovered("drop a grey picture onto the window to use it as the depth map");
  draw_text_field(demo, state);
}

void draw_histogram(const Demo& demo) {
  const Histogram256& bins = demo.last_histogram();
  std::array<float, 256> values{};
  std::transform(bins.begin(), bins.end(), values.begin(), [](auto count) { return static_cast<float>(count); });
  const float highest = std::max(1.0f, *std::max_element(values.begin(), values.end()));
  ImGui::TextUnformatted("histogram of the displayed image (luma)");  // above, not over the bars
  ImGui::PlotHistogram("##histogram", values.data(), static_cast<int>(values.size()), 0, nullptr, 0.0f, highest,
                       ImVec2(ImGui::GetContentRegionAvail().x, 60));
}

// A number as a slider, two words as a checkbox (the second word meaning on), more as a combo.
void draw_effect_parameter(EffectSettings& settings, const EffectParameter& parameter) {
  int& value = settings.values.try_emplace(parameter.name, parameter.initial).first->second;
  const std::string label(parameter.label);
  if (parameter.words.empty()) {
    ImGui::SetNextItemWidth(-140);
    ImGui::SliderInt(label.c_str(), &value, parameter.min, parameter.max, "%d", ImGuiSliderFlags_AlwaysClamp);
  } else if (parameter.words.size() == 2) {
    bool on = value == 1;
    if (ImGui::Checkbox(label.c_str(), &on)) value = on ? 1 : 0;
  } else {
    const std::string shown = effect_value_text(parameter, value);
    if (ImGui::BeginCombo(label.c_str(), shown.c_str())) {
      for (int i = parameter.min; i <= parameter.max; ++i)
        if (ImGui::Selectable(effect_value_text(parameter, i).c_str(), i == value)) value = i;
      ImGui::EndCombo();
    }
  }
  tooltip_when_hovered(std::string(parameter.help).c_str());
}

// The parameters of every effect that has any, on one line, enabled while their effect is on.
void draw_effect_parameters(EffectSettings& settings, const EffectRow& row) {
  ImGui::BeginDisabled(settings.effect != &row);
  for (std::size_t i = 0; i < row.parameters.size(); ++i) {
    if (i > 0) ImGui::SameLine();
    draw_effect_parameter(settings, row.parameters[i]);
  }
  ImGui::EndDisabled();
}

void draw_effects_section(Demo& demo) {
  EffectSettings& settings = demo.settings().effect;
  if (ImGui::RadioButton("none", !settings.effect)) settings.effect = nullptr;
  for (const EffectRow& row : effect_table()) {
    ImGui::SameLine();
    if (ImGui::RadioButton(std::string(row.name).c_str(), settings.effect == &row)) settings.effect = &row;
  }
  for (const EffectRow& row : effect_table()) draw_effect_parameters(settings, row);
  draw_histogram(demo);
}

void draw_loaded_file(Demo& demo, PanelState& state) {
  if (!state.loaded) {
    disabled_text_wrapped("Drop a picture here (PNG, JPEG, WebP, TIFF, PGM/PPM): grey = depth map, colour = pattern.");
    return;
  }
  const LoadedFile file = *state.loaded;
  ImGui::TextWrapped("Loaded %s as %s", file.path.c_str(), role_name(file.role));
  const FileRole other = file.role == FileRole::depth_map ? FileRole::pattern : FileRole::depth_map;
  if (ImGui::Button((std::string("Use as ") + role_name(other)).c_str())) state.show(swap_role(demo, file));
}

void draw_keys_section() {
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const KeyBinding& binding : key_bindings()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(binding.name.data(), binding.name.data() + binding.name.size());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(binding.does.data(), binding.does.data() + binding.does.size());
    }
    ImGui::EndTable();
  }
}

// A red dot while recording, so nobody forgets a recording that is filling the disk.
void draw_record_button(PanelState& state) {
  const bool recording = !state.recording.empty();
  if (ImGui::Button(recording ? "Stop recording" : "Record")) state.record_requested = true;
  tooltip_when_hovered(recording ? "finish the file" : "record the stereogram (no panel) as stereocl-DATE-TIME.mp4");
  if (!recording) return;
  ImGui::SameLine();
  const float radius = ImGui::GetTextLineHeight() * 0.4f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddCircleFilled(
      ImVec2(at.x + radius, at.y + ImGui::GetStyle().FramePadding.y + ImGui::GetTextLineHeight() * 0.5f), radius,
      IM_COL32(230, 30, 30, 255));
  ImGui::Dummy(ImVec2(radius * 2.0f, radius * 2.0f));
  ImGui::SameLine();
  ImGui::TextUnformatted("REC");
  tooltip_when_hovered(state.recording.c_str());
}

}  // namespace

PanelState PanelState::for_current_context() {
  const auto text = [](GLenum name) {
    const auto* value = reinterpret_cast<const char*>(glGetString(name));
    return std::string(value ? value : "?");
  };
  PanelState state;
  state.gl_renderer = text(GL_RENDERER);
  state.gl_version = text(GL_VERSION);
  return state;
}

void PanelState::show(const DropResult& result) {
  if (result.loaded) loaded = result.loaded;
  message = result.message;
}

void coloured_text_wrapped(const std::string& text, ImVec4 colour) {
  if (text.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

// The buttons a presenter needs, at the top: the sections below may scroll out of a short window.
void draw_actions(Demo& demo, PanelState& state) {
  ImGui::Checkbox("vsync", &demo.settings().vsync);
  ImGui::SameLine();
  if (ImGui::Button("Screenshot")) state.screenshot_requested = true;
  ImGui::SameLine();
  draw_record_button(state);
}

void draw_panel(Demo& demo, PanelState& state, float width) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, io.DisplaySize.y));
  ImGui::Begin("stereocl  (H hides this panel)", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings);
  draw_mode_section(demo);
  draw_actions(demo, state);
  if (!state.preset.empty()) ImGui::Text("Preset: %s  (PageDown / PageUp)", state.preset.c_str());
  coloured_text_wrapped(state.layout_note, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
  coloured_text_wrapped(state.message.text(), ImVec4(1.0f, 0.85f, 0.3f, state.message.opacity()));
  if (ImGui::CollapsingHeader("Performance", ImGuiTreeNodeFlags_DefaultOpen)) draw_performance_section(demo, state);
  if (ImGui::CollapsingHeader("Device")) draw_device_section(demo, state);
  if (ImGui::CollapsingHeader("Stereogram", ImGuiTreeNodeFlags_DefaultOpen)) draw_stereogram_section(demo);
  if (ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) draw_scene_section(demo, state);
  if (ImGui::CollapsingHeader("Effects", ImGuiTreeNodeFlags_DefaultOpen)) draw_effects_section(demo);
  if (ImGui::CollapsingHeader("Files", ImGuiTreeNodeFlags_DefaultOpen)) draw_loaded_file(demo, state);
  if (ImGui::CollapsingHeader("Keys")) draw_keys_section();
  ImGui::End();
}

}  // namespace stereocl
