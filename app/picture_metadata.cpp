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
PngMetadata picture_metadata(const LookSettings& look, const PictureSources& sources, double dpi) {
  const StereogramParams& params = look.stereogram;
  const std::string pattern = look.pattern_kind == PatternKind::image     ? named_or(sources.pattern_file, "image")
                              : look.pattern_kind == PatternKind::library ? std::string(look.library_pattern->name)
                                                                          : pattern_kind_name(look.pattern_kind);
  PngMetadata metadata;
  metadata.dots_per_inch = dpi;
  metadata.text = {
      {"Software", std::string("stereocl ") + STEREOCL_VERSION},
      {"Mode", sources.mode},
      {"Algorithm", stereogram_algorithm_name(params.algorithm)},
      {"Pattern width", std::to_string(params.pattern_width)},
      {"Max offset", number_text(params.max_offset)},
      {"Seed", std::to_string(look.seed)},
      {"Depth", sources.depth},
      {"Pattern", pattern},
      {"Invert depth", look.invert_depth ? "yes" : "no"},
      {"Effect", look.effect.effect ? std::string(look.effect.effect->name) : "none"},
  };
  return metadata;
}

PngMetadata picture_metadata(const Engine& engine, double dpi) {
  const DemoSettings& settings = engine.settings();
  return picture_metadata(settings.look,
                          {.mode = std::string(mode_cli_name(settings.mode)),
                           .depth = settings.depth_source == DepthSource::image   ? named_or(engine.sources().depth_name(), "image")
                                    : settings.depth_source == DepthSource::model ? "model " + engine.sources().model_name()
                                                                                  : "3D scene",
                           .pattern_file = engine.pattern().name()},
                          dpi);
}

}  // namespace stereocl
