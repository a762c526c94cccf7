#pragma once
// What the depth sources are drawn from, and the scene target they are drawn into: the loaded
// depth map (a file or a hidden word), the model on its turntable and the ball. The engine says
// which source the frame uses; this keeps what each was loaded from, so loading a source can be
// tested without a frame, and a new source touches this file, not the engine.
#include "core/ball_physics.hpp"
#include "core/image.hpp"
#include "files/model/model_mesh.hpp"
#include "core/result.hpp"
#include "pipeline/demo_settings.hpp"
#include "pipeline/sources/depth_sources.hpp"
#include "render/model_renderer.hpp"
#include "render/scene_renderer.hpp"
#include "render/scene_target.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace stereocl {

class SceneSources {
 public:
  // The --size scene (a --depth map may replace it, unless --size or --fit was given), the ball
  // seeded by --seed, the --font for --text; asks GL for its texture limit once.
  explicit SceneSources(const Settings& options);

  // Fails unless a (width + strip_width) x height stereogram fits the driver's textures.
  Status fits(Size scene, int strip_width) const;
  // Each takes a source, failing (changing nothing) where it cannot be used; the engine then
  // switches the depth source to it. `strip_width` is the stereogram's extra width.
  Status take_depth(const Image<std::uint16_t>& map, const std::string& name, int strip_width);
  Status take_text(const std::string& text, int strip_width);  // the word as the depth map, at the scene size
  Status take_model(const ModelMesh& mesh, const std::string& name);
  // Makes the scene target the size of `settings.depth_source` (the --size or --fit scene, else a
  // loaded map's own) and fills it from the map where that is the source.
  void show(const DemoSettings& settings);
  // Uploads the map again after its fit or inversion changed.
  void upload(const DemoSettings& settings);
  // Makes the --size scene this size (--fit); fails, changing nothing, where textures cannot hold it.
  Status resize(Size size, const DemoSettings& settings);
  // Moves `source` and draws its depth (draw.seconds, draw.speed); a still map draws nothing.
  void draw(DepthSource source, const DepthDraw& draw);
  void set_ball_speed(float speed) { physics_.speed = speed; }

  SceneTarget& scene() { return *scene_; }
  const SceneTarget& scene() const { return *scene_; }
  std::optional<SceneTarget>& scene_slot() { return scene_; }  // the executor remakes it at times
  Size scene_size() const { return {scene_->width(), scene_->height()}; }
  bool has_scene() const { return scene_.has_value(); }
  bool has_depth_image() const { return still_depth_.has_value(); }
  bool has_model() const { return model_.has_value(); }
  // Whether the scene has a size of its own (--size, --fit) that a depth map is fitted to.
  bool scene_sized() const { return scene_sized_; }
  bool depth_is_text() const { return depth_is_text_; }  // the depth map is the word's
  const std::string& text() const { return text_; }      // the last word used, "" before one
  // The file behind the depth map, or the word's name, for the saved pictures' text chunks.
  const std::string& depth_name() const { return depth_name_; }
  const std::string& model_name() const { return model_name_; }

 private:
  Size size_;  // the --size scene; follows resize()
  std::string font_file_;
  int max_texture_side_ = 0;  // GL_MAX_TEXTURE_SIZE, a constant of the context: asked once
  // Whether the scene has a size of its own (--size, --fit) that a depth map is fitted to; if not,
  // a map makes the scene its size.
  bool scene_sized_ = false;
  BallPhysics physics_;
  SceneRenderer scene_renderer_;
  std::optional<ModelRenderer> model_;  // the last model loaded: the model source draws it
  float model_angle_ = 0;
  std::string model_name_;
  std::optional<SceneTarget> scene_;  // remade when a depth file of another size arrives
  // 16-bit grey, top row first, as loaded, before it is fitted to the scene: half the bytes of
  // the float depth it stands for, which only the scene target holds whole.
  std::optional<Image<std::uint16_t>> still_depth_;
  std::string depth_name_;
  bool depth_is_text_ = false;
  std::string text_;
  std::string text_font_;  // --font, or fontconfig's answer, asked once: the panel redraws the text each keystroke
};

}  // namespace stereocl
