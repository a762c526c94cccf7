#pragma once
// Loads a dropped model on a worker thread, as dropped images are: Assimp's child may take its
// whole time (30 s) on a hostile file, and the window froze for all of it, keys and SIGTERM
// included. The main loop starts the load, draws frames, and uses the mesh once it is ready.
#include "files/model/model_mesh.hpp"

#include <future>
#include <optional>
#include <string>

namespace stereocl {

struct FinishedModel {
  std::string path;
  Result<ModelMesh> mesh;
};

class BackgroundModelLoad {
 public:
  // "Loading knot.obj as a 3D model..." once started; why not while another load runs.
  std::string start(const std::string& path);
  bool busy() const { return pending_.valid(); }
  // The finished load, once; nullopt while it runs or when none was started.
  std::optional<FinishedModel> take_finished();

 private:
  std::string path_;
  // Filled by a detached thread: unlike std::async's, this future does not wait for the load when
  // the window closes; the load's child process dies with the thread (core/os/isolated_call.hpp).
  std::future<Result<ModelMesh>> pending_;
};

}  // namespace stereocl
