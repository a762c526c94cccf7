#include "app/picture_metadata.hpp"

#include "core/number_text.hpp"

#ifndef STEREOCL_VERSION
#define STEREOCL_VERSION "unknown"
#endif

namespace stereocl {
namespace {

std::string named_or(const std::string& file, const char* otherwise) { return file.empty() ? otherwise : file; }

}  // namespace

// The pixel geometry (P, M) is what this app runs on; physical units (E, mu and the DPI) would
// add their own chunks here.
PngMetadata picture_metadata(const PictureFacts& facts, double dpi) {
  PngMetadata metadata;
  metadata.dots_per_inch = dpi;
  metadata.text = {
      {"Software", std::string("stereocl ") + STEREOCL_VERSION},
      {"Mode", facts.mode},
      {"Algorithm", facts.algorithm},
      {"Pattern width", std::to_string(facts.pattern_width)},
      {"Max offset", number_text(facts.max_offset)},
      {"Seed", std::to_string(facts.seed)},
      {"Depth", facts.depth},
      {"Pattern", facts.pattern},
      {"Invert depth", facts.invert_depth ? "yes" : "no"},
      {"Effect", facts.effect},
  };
  return metadata;
}

PngMetadata picture_metadata(const Engine& demo, double dpi) {
  const DemoSettings& settings = demo.settings();
  const StereogramParams& params = settings.stereogram;
  const bool image_pattern = settings.pattern_kind == PatternKind::image;
  return picture_metadata(
      {.mode = std::string(mode_cli_name(settings.mode)),
       .algorithm = stereogram_algorithm_name(params.algorithm),
       .pattern_width = params.pattern_width,
       .max_offset = params.max_offset,
       .seed = settings.seed,
       .depth = settings.depth_source == DepthSource::image   ? named_or(demo.depth_name(), "image")
                : settings.depth_source == DepthSource::model ? "model " + demo.model_name()
                                                              : "3D scene",
       .pattern = image_pattern                                   ? named_or(demo.pattern_name(), "image")
                  : settings.pattern_kind == PatternKind::library ? std::string(settings.library_pattern->name)
                                                                  : pattern_kind_name(settings.pattern_kind),
       .invert_depth = settings.invert_depth,
       .effect = settings.effect.effect ? std::string(settings.effect.effect->name) : "none"},
      dpi);
}

}  // namespace stereocl
