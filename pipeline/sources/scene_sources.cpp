#include "pipeline/sources/scene_sources.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "core/printable_text.hpp"
#include "files/text/text_depth.hpp"
#include "pipeline/mode_table.hpp"
#include "pipeline/sources/still_depth_upload.hpp"

#include <utility>

namespace stereocl {

SceneSources::SceneSources(const Settings& options)
    : size_(options.size),
      font_file_(options.font_file),
      scene_sized_(options.size_given || options.fit),
      physics_(BallPhysics::from_seed(options.look.seed)) {
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_side_);
}

Status SceneSources::fits(Size scene, int strip_width) const {
  if (scene.width + strip_width <= max_texture_side_ && scene.height <= max_texture_side_) return {};
  return failure("the stereogram would be " + std::to_string(scene.width + strip_width) + "x" +
                 std::to_string(scene.height) + " pixels, and this GL driver's textures stop at " +
                 std::to_string(max_texture_side_) + " (GL_MAX_TEXTURE_SIZE); use a smaller size or pattern width");
}

Status SceneSources::take_depth(const Image<std::uint16_t>& map, const std::string& name, int strip_width) {
  // The scene keeps a size of its own (the map is fitted to it), or takes the map's.
  const Size scene = scene_sized_ ? size_ : Size{map.width, map.height};
  if (const Status fit = fits(scene, strip_width); !fit) return failure(name + ": as a depth map, " + fit.error());
  still_depth_ = map;
  depth_is_text_ = false;  // take_text() says otherwise after this
  depth_name_ = name;
  return {};
}

Status SceneSources::take_text(const std::string& text, int strip_width) {
  if (text_font_.empty()) {
    Result<std::string> font = font_file_.empty() ? default_text_font() : Result<std::string>(font_file_);
    if (!font) return failure(font.error());
    text_font_ = *font;
  }
  Result<Image<std::uint16_t>> depth = text_depth_map(text, size_.width, size_.height, text_font_);
  if (!depth) return failure(depth.error());
  if (Status taken = take_depth(*depth, "text \"" + printable(text) + "\"", strip_width); !taken) return taken;
  text_ = text;
  depth_is_text_ = true;
  return {};
}

Status SceneSources::take_model(const ModelMesh& mesh, const std::string& name) {
  if (mesh.triangle_count() == 0) return failure(name + ": no triangles to draw");
  if (model_) model_->set_model(mesh);
  else model_.emplace(mesh);
  model_name_ = name;
  model_angle_ = 0;
  return {};
}

void SceneSources::show(const DemoSettings& settings) {
  const bool from_image = settings.depth_source == DepthSource::image && still_depth_;
  const bool map_size = from_image && !scene_sized_;
  const int width = map_size ? still_depth_->width : size_.width;
  const int height = map_size ? still_depth_->height : size_.height;
  if (!scene_ || scene_->width() != width || scene_->height() != height)
    scene_.emplace(width, height, !mode_row(settings.mode).makes_stereogram, !from_image);
  if (from_image) upload(settings);
}

void SceneSources::upload(const DemoSettings& settings) {
  if (!still_depth_ || !scene_ || settings.depth_source != DepthSource::image) return;
  upload_still_depth(*still_depth_, settings.look.depth_fit, settings.look.invert_depth, *scene_);
}

Status SceneSources::resize(Size size, const DemoSettings& settings) {
  if (size == size_) return {};
  if (Status fit = fits(size, stereogram_strip_width(settings.look.stereogram)); !fit) return fit;
  size_ = size;
  scene_sized_ = true;
  show(settings);
  return {};
}

void SceneSources::draw(DepthSource source, const DepthDraw& draw) {
  AnimatedDepth sources{physics_, scene_renderer_, model_ ? &*model_ : nullptr, model_angle_};
  if (auto* const draw_source = depth_source_row(source).draw) draw_source(sources, draw);
}

}  // namespace stereocl
