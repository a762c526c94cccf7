#include "pipeline/plan/frame_plan.hpp"

#include <algorithm>

namespace stereocl {
namespace {

// A plan is made every frame: room for the longest one (draw, stereogram, compose, debug view,
// effect, histogram, a hand-over) saves the vector's regrowth.
constexpr std::size_t kMostSteps = 7;

Step on_engine(std::vector<Pass> passes) { return {StepKind::on_engine, std::move(passes)}; }

// After the picture: the effect, then the histogram of what is shown, each behind its own hand-over.
void add_effect_and_histogram(const FrameRequest& request, FramePlan& plan) {
  if (request.effect) plan.steps.push_back(on_engine({Pass::effect}));
  if (request.histogram) plan.steps.push_back(on_engine({Pass::histogram}));
}

std::string_view pass_name(Pass pass) {
  switch (pass) {
    case Pass::stereogram: return "stereogram";
    case Pass::compose: return "compose";
    case Pass::effect: return "effect";
    case Pass::histogram: return "histogram";
  }
  return "?";
}

std::string_view step_name(StepKind kind) {
  switch (kind) {
    case StepKind::draw_depth: return "draw_depth";
    case StepKind::compose: return "compose";
    case StepKind::debug_view: return "debug_view";
    case StepKind::on_engine: return "on_engine";
  }
  return "?";
}

}  // namespace

FramePlan step_by_step_plan(const FrameRequest& request) {
  FramePlan plan;
  plan.steps.reserve(kMostSteps);
  if (request.animated) plan.steps.push_back({StepKind::draw_depth});  // a still depth map is uploaded once
  if (request.stereogram) {
    plan.steps.push_back(on_engine({Pass::stereogram}));
    plan.steps.push_back({StepKind::compose});
  }
  // The depth view is there in every mode; the offsets view only where there are offsets.
  if (request.debug_view == DebugView::depth || (request.debug_view == DebugView::offsets && request.stereogram))
    plan.steps.push_back({StepKind::debug_view});
  add_effect_and_histogram(request, plan);
  return plan;
}

FramePlan host_compose_plan(const FrameRequest& request) {
  if (!request.stereogram || request.debug_view != DebugView::none) return step_by_step_plan(request);
  FramePlan plan;
  plan.steps.reserve(kMostSteps);
  if (request.animated) plan.steps.push_back({StepKind::draw_depth});
  plan.steps.push_back(on_engine({Pass::stereogram, Pass::compose}));
  add_effect_and_histogram(request, plan);
  return plan;
}

FramePlan one_handover_plan(const FrameRequest& request) {
  if (!request.stereogram || request.debug_view != DebugView::none || !request.one_handover)
    return step_by_step_plan(request);
  std::vector<Pass> passes = {Pass::stereogram, Pass::compose};
  if (request.effect) passes.push_back(Pass::effect);
  if (request.histogram) passes.push_back(Pass::histogram);
  FramePlan plan;
  plan.steps.reserve(2);
  if (request.animated) plan.steps.push_back({StepKind::draw_depth});
  plan.steps.push_back(on_engine(std::move(passes)));
  plan.depth_ahead = request.pipelining && request.animated;  // only a moving scene has a next frame to draw
  return plan;
}

bool has_chain(const FramePlan& plan) {
  return std::ranges::any_of(plan.steps, [](const Step& step) { return step.passes.size() > 1; });
}

bool pipelines(const FramePlan& plan) {
  return plan.depth_ahead || plan.picture_behind;
}

bool runs_pass(const FramePlan& plan, Pass pass) {
  return std::ranges::any_of(
      plan.steps, [pass](const Step& step) { return std::ranges::find(step.passes, pass) != step.passes.end(); });
}

bool makes_picture(const FramePlan& plan) {
  return runs_pass(plan, Pass::stereogram) ||
         std::ranges::any_of(plan.steps, [](const Step& step) { return step.kind == StepKind::compose; });
}

std::string describe(const FramePlan& plan) {
  std::string text;
  for (const Step& step : plan.steps) {
    if (!text.empty()) text += ", ";
    text += step_name(step.kind);
    if (step.kind != StepKind::on_engine) continue;
    text += "[";
    for (std::size_t i = 0; i < step.passes.size(); ++i) text += (i ? ", " : "") + std::string(pass_name(step.passes[i]));
    text += "]";
  }
  if (plan.depth_ahead) text += " (depth ahead)";
  if (plan.shared_buffers) text += " (shared buffers)";
  if (plan.picture_behind) text += " (picture behind)";
  return text;
}

}  // namespace stereocl
