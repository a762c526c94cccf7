#pragma once
// Loads a dropped image on a worker thread, so a slow or hostile file never stops the frame loop:
// the main loop starts it, draws frames, and picks up the result when it is ready. The load has
// the same size and time budgets as a command-line file (core/os/input_file, files/picture/png_codec).
#include "files/picture/image_file.hpp"

#include <future>
#include <optional>
#include <string>

namespace stereocl {

struct FinishedLoad {
  std::string path;
  ImageLoad image;
};

class BackgroundImageLoad {
 public:
  BackgroundImageLoad() = default;
  explicit BackgroundImageLoad(ImageLoadBudget budget) : budget_(budget) {}

  // "Loading depth.png..." once started; the reason it was not started while another load runs
  // (one at a time: a second would have to wait for the first anyway).
  std::string start(const std::string& path);
  bool busy() const { return pending_.valid(); }
  // The finished load, once; nullopt while it runs or when none was started.
  std::optional<FinishedLoad> take_finished();

 private:
  ImageLoadBudget budget_;
  std::string path_;
  std::future<ImageLoad> pending_;
};

}  // namespace stereocl
