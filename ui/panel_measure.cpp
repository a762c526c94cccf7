#include "ui/panel_tabs.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "config/settings_table.hpp"
#include "pipeline/mode_table.hpp"
#include "render/scene_renderer.hpp"
#include "render/stereogram_compositor.hpp"
#include "ui/panel_settings.hpp"
#include "ui/panel_widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
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
    case Stage::histogram: return "histogram (1 frame in 4, mean)";
  }
  return "?";
}

// GPU mode's GL<->CL hand-over, switchable live: drivers differ here the most (--interop-sync).
void draw_interop_sync(Engine& engine) {
  ImGui::TextUnformatted("GL<->CL sync:");
  for (SyncStrategy strategy : kAllSyncStrategies) {
    const std::string name(sync_strategy_name(strategy));
    same_line_if_fits(checkbox_width(name.c_str()));
    const Status supported = sync_supported(strategy, engine.modes().opencl_environment());
    ImGui::BeginDisabled(!supported);
    if (ImGui::RadioButton(name.c_str(), engine.settings().interop_sync == strategy)) engine.settings().interop_sync = strategy;
    ImGui::EndDisabled();
    if (!supported) tooltip_when_hovered(supported.error().c_str());
  }
}

// How the OpenCL modes hand a frame over (--interop-batch, --pipeline): in each of them, since
// each has its own pipelining default.
void draw_hand_over(Engine& engine) {
  draw_setting(named_settings().interop_batch, engine.settings());
  same_line_if_fits(checkbox_width("pipeline"));
  ImGui::BeginDisabled(!engine.settings().one_handover());
  bool pipelined = pipelines(engine.settings());
  if (ImGui::Checkbox("pipeline", &pipelined)) engine.settings().passes.pipeline = pipelined;  // then for every mode
  ImGui::EndDisabled();
  tooltip_when_hovered("one frame of latency: GL works on one frame while OpenCL computes another (by default on "
                       "in every mode that can; needs one hand-over a frame)");
}

// How GL draws depth and composes the picture in the stereogram modes (--depth-pass, --compose).
void draw_gl_passes(DemoSettings& settings) {
  draw_setting(named_settings().depth_pass, settings,
               SceneRenderer::z_only_available() ? nullptr : "needs GL 4.3 compute shaders (--depth-pass)");
  const Setting& compose = named_settings().compose;
  same_line_if_fits(checkbox_width(std::string(compose.panel.label).c_str()));
  draw_setting(compose, settings,
               StereogramCompositor::compute_available() ? nullptr : "needs GL 4.3 compute shaders (--compose)");
}

void draw_mode_internals(Engine& engine) {
  DemoSettings& settings = engine.settings();
  ImGui::TextWrapped("%s mode", std::string(mode_display_name(settings.mode)).c_str());
  if (mode_row(settings.mode).interop_choices) draw_interop_sync(engine);
  if (mode_row(settings.mode).makes_stereogram && mode_row(settings.mode).uses_device_images) draw_hand_over(engine);
  if (mode_row(settings.mode).makes_stereogram) draw_gl_passes(settings);
  draw_setting(named_settings().no_vsync, settings);
}

// What --bench measures differs from what is presented here (vsync, the panel, the swap), so
// the panel says which one it shows and can measure the other for the mode on screen.
void draw_benchmark(PanelState& state) {
  if (ImGui::Button("Benchmark this mode")) state.bench_requested = true;
  tooltip_when_hovered("the --bench loop for ~2 s: vsync off, no panel, nothing presented (the window pauses)");
  if (!state.bench_result.empty()) ImGui::TextWrapped("%s", state.bench_result.c_str());
}

// Stage names in one column and their times in another, as wide as the longest name.
void draw_stage_times(const StageTimings& timings) {
  float names_width = 0.0f;
  for (Stage stage : kAllStages) names_width = std::max(names_width, text_width(stage_label(stage)));
  // From the window's left edge, as SameLine() takes it.
  const float value_column = ImGui::GetCursorPosX() + names_width + ImGui::GetStyle().ItemSpacing.x * 2.0f;
  for (Stage stage : kAllStages) {
    ImGui::TextUnformatted(stage_label(stage));
    const bool sometimes = stage == Stage::histogram;  // a median of mostly skipped frames would be 0
    char value[32];
    std::snprintf(value, sizeof value, "%.3f ms", sometimes ? timings.stage_mean(stage) : timings.stage_median(stage));
    // Beside the name where the column fits in the panel, else under it.
    if (value_column + text_width(value) <= ImGui::GetWindowContentRegionMax().x) ImGui::SameLine(value_column);
    ImGui::TextUnformatted(value);
  }
}

void draw_performance(const Engine& engine, PanelState& state) {
  const StageTimings& timings = engine.timings();
  const double frame_ms = timings.frame_median();
  ImGui::Text("%.1f fps presented, %.2f ms", frame_ms > 0 ? 1000.0 / frame_ms : 0.0, frame_ms);
  tooltip_when_hovered("median of frames shown on screen, including vsync, the panel and the swap");
  draw_benchmark(state);
  const std::vector<float> frames(timings.frames().begin(), timings.frames().end());
  const float highest = frames.empty() ? 1.0f : *std::max_element(frames.begin(), frames.end());
  ImGui::PlotLines("##frame times", frames.data(), static_cast<int>(frames.size()), 0, nullptr, 0.0f,
                   std::max(highest, 1.0f) * 1.1f, ImVec2(ImGui::GetContentRegionAvail().x, 50));
  tooltip_when_hovered("the last 240 frame times");
  draw_stage_times(timings);
  disabled_text_wrapped((std::string("Medians. ") + std::string(mode_row(engine.settings().mode).timing_sources)).c_str());
}

// A mode that runs one algorithm only (GL compute) greys the others out and says why.
void draw_algorithm(DemoSettings& settings) {
  StereogramParams& params = settings.look.stereogram;
  const std::optional<StereogramAlgorithm> only = mode_row(settings.mode).only_algorithm;
  const std::string why_not = only ? std::string(mode_display_name(settings.mode)) + " mode runs the " +
                                         stereogram_algorithm_name(*only) + " algorithm only"
                                   : std::string();
  for (const AlgorithmRow& row : algorithm_rows()) {
    if (&row != &algorithm_rows().front()) same_line_if_fits(checkbox_width(row.name));
    const bool allowed = !only || *only == row.algorithm;
    ImGui::BeginDisabled(!allowed);
    if (ImGui::RadioButton(row.name, params.algorithm == row.algorithm)) params.algorithm = row.algorithm;
    ImGui::EndDisabled();
    tooltip_when_hovered(allowed ? row.summary : why_not.c_str());
  }
  ImGui::BeginDisabled(!algorithm_row(params.algorithm).oversamples);
  draw_setting(named_settings().oversample, settings);
  ImGui::EndDisabled();
  ImGui::TextDisabled("seed %u", settings.look.seed);
}

void draw_debug_view(DemoSettings& settings) {
  ImGui::TextUnformatted("show:");
  same_line_if_fits(checkbox_width("stereogram"));
  if (ImGui::RadioButton("stereogram", settings.passes.debug_view == DebugView::none)) settings.passes.debug_view = DebugView::none;
  same_line_if_fits(checkbox_width("depth"));
  if (ImGui::RadioButton("depth", settings.passes.debug_view == DebugView::depth)) settings.passes.debug_view = DebugView::depth;
  same_line_if_fits(checkbox_width("offsets"));
  const bool no_offsets = !mode_row(settings.mode).makes_stereogram;
  ImGui::BeginDisabled(no_offsets);
  if (ImGui::RadioButton("offsets", settings.passes.debug_view == DebugView::offsets)) settings.passes.debug_view = DebugView::offsets;
  ImGui::EndDisabled();
  if (no_offsets) tooltip_when_hovered("Scene mode computes no offsets");
}

void draw_histogram(const Engine& engine) {
  const Histogram256& bins = engine.last_histogram();
  std::array<float, 256> values{};
  std::transform(bins.begin(), bins.end(), values.begin(), [](auto count) { return static_cast<float>(count); });
  const float highest = std::max(1.0f, *std::max_element(values.begin(), values.end()));
  ImGui::TextWrapped("histogram of the displayed image (luma)");  // above, not over the bars
  ImGui::PlotHistogram("##histogram", values.data(), static_cast<int>(values.size()), 0, nullptr, 0.0f, highest,
                       ImVec2(ImGui::GetContentRegionAvail().x, 60));
}

void draw_devices(const Engine& engine, const PanelState& state) {
  ImGui::TextWrapped("GL: %s", state.gl_renderer.c_str());
  ImGui::TextWrapped("    %s", state.gl_version.c_str());
  ImGui::TextWrapped("OpenCL: %s", engine.modes().opencl_description().c_str());
  if (engine.modes().gl_sharing()) {
    ImGui::TextWrapped("GL sharing: active");
  } else {
    ImGui::TextWrapped("GL sharing: off (hover for why)");
    if (const auto& reason = engine.modes().availability().reason(Mode::gpu)) tooltip_when_hovered(reason->c_str());
  }
}

}  // namespace

void draw_measure_tab(Engine& engine, PanelState& state) {
  draw_mode_internals(engine);
  section_heading("Frame and stage times");
  draw_performance(engine, state);
  section_heading("Stereogram algorithm");
  draw_algorithm(engine.settings());
  section_heading("View");
  draw_debug_view(engine.settings());
  draw_histogram(engine);
  section_heading("Devices");
  draw_devices(engine, state);
}

}  // namespace stereocl
