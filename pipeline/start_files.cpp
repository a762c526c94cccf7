#include "pipeline/start_files.hpp"

#include "files/model/built_in_models.hpp"
#include "core/depth_map.hpp"
#include "core/os/input_file.hpp"
#include "pipeline/sources/image_roles.hpp"
#include "core/input_error.hpp"
#include "files/model/model_mesh.hpp"

namespace stereocl {

void load_start_files(const Settings& options, Engine& engine) {
  const auto check = [](const Status& used, const std::string& what) {
    if (!used) throw InputError(what + used.error());
  };
  if (!options.pattern_file.empty()) {
    const auto loaded = load_pattern(options.pattern_file);
    check(loaded ? engine.use_as_pattern(*loaded, input_name(options.pattern_file)) : failure(loaded.error()), "");
  }
  if (!options.depth_file.empty()) {  // "stdin" for "-", in messages and the picture's metadata
    const auto loaded = load_depth_map(options.depth_file);
    check(loaded ? engine.use_as_depth(*loaded, input_name(options.depth_file)) : failure(loaded.error()), "");
  }
  if (!options.text.empty()) check(engine.use_text(options.text), "text: ");
  if (options.model.empty()) return;
  if (const BuiltInModel* built_in = find_built_in_model(options.model)) {
    check(engine.use_model(built_in->make(), built_in->name), "model: ");
    return;
  }
  const Result<ModelMesh> mesh = load_model(options.model);
  check(mesh ? engine.use_model(*mesh, options.model) : failure(mesh.error()), "model: ");
}

}  // namespace stereocl
