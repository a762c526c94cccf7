#pragma once
// Models made by code and shipped in the program, so a model source works with no file at hand:
// a trefoil torus knot (a tube along a parametric curve) and the project's logo (assets/stereocl.svg)
// extruded. Each is closed (every edge shared by two triangles, wound outwards) and normalised
// like a loaded model (files/model/model_mesh.hpp).
#include "files/model/model_mesh.hpp"

#include <span>
#include <string_view>

namespace stereocl {

struct BuiltInModel {
  const char* name;     // what --model takes in place of a file, e.g. "torus-knot"
  const char* summary;  // one line for --help and the panel
  ModelMesh (*make)();
};

std::span<const BuiltInModel> built_in_models();
const BuiltInModel* find_built_in_model(std::string_view name);  // nullptr where none has that name

ModelMesh torus_knot();
ModelMesh logo_model();

}  // namespace stereocl
