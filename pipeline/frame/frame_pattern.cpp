#include "pipeline/frame/frame_pattern.hpp"

#include "core/depth_map.hpp"
#include "core/image_resample.hpp"
#include "core/scene_pattern.hpp"
#include "pipeline/look_settings.hpp"

namespace stereocl {

std::optional<RgbaImage> frame_pattern(const StereogramParams& stereogram, PatternKind kind, const PatternRow* library,
                                       std::uint32_t seed, const RgbaImage& picture) {
  if (std::optional<RgbaImage> drawn = pattern_drawn_by_code(stereogram, kind, library, seed)) return drawn;
  if (kind != PatternKind::image) return std::nullopt;
  RgbaImage scaled = scale_pattern_to_width(picture, stereogram.pattern_width);
  flip_rows(scaled);  // files are top row first, GL textures bottom row first
  return scaled;
}

Result<RgbaImage> still_scene_pattern(const RgbaImage& lit, DepthRows& depth, int pattern_width, float subject_x) {
  const int start = scene_window_start(depth.width(), pattern_width, subject_x);
  if (!lit.pixels.empty()) return scene_pattern_reference(lit, pattern_width, start);
  DepthImage whole;
  if (const Status read = depth.band(0, depth.height(), whole); !read) return failure(read.error());
  return scene_pattern_reference(visualise_depth(whole), pattern_width, start);
}

}  // namespace stereocl
