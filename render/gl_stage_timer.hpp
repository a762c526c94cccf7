#pragma once
// Times GL work with GL_TIME_ELAPSED queries without stalling the pipeline: a query's result is
// picked up a few frames later, once the GPU has got there.
#include "render/gl_objects.hpp"

#include <deque>
#include <functional>
#include <vector>

namespace stereocl {

class GlStageTimer {
 public:
  // Queries cannot nest: end() one stage before begin()ning the next.
  void begin(int stage);
  void end();
  // Hands each finished measurement to `sink(stage, milliseconds)`, oldest first.
  void collect(const std::function<void(int, double)>& sink);

 private:
  struct Pending {
    gl::Query query;
    int stage;
  };
  std::deque<Pending> pending_;
  std::vector<gl::Query> spare_;
  bool open_ = false;
};

}  // namespace stereocl
