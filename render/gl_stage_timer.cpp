#include "render/gl_stage_timer.hpp"

namespace stereocl {

void GlStageTimer::begin(int stage) {
  if (open_) end();
  gl::Query query;
  if (spare_.empty()) {
    query = gl::make_query();
  } else {
    query = std::move(spare_.back());
    spare_.pop_back();
  }
  glBeginQuery(GL_TIME_ELAPSED, query.get());
  pending_.push_back({std::move(query), stage});
  open_ = true;
}

void GlStageTimer::end() {
  if (!open_) return;
  glEndQuery(GL_TIME_ELAPSED);
  open_ = false;
}

void GlStageTimer::collect(const std::function<void(int, double)>& sink) {
  while (!pending_.empty() && !(open_ && pending_.size() == 1)) {
    GLint available = GL_FALSE;
    glGetQueryObjectiv(pending_.front().query.get(), GL_QUERY_RESULT_AVAILABLE, &available);
    if (!available) return;
    GLuint64 nanoseconds = 0;
    glGetQueryObjectui64v(pending_.front().query.get(), GL_QUERY_RESULT, &nanoseconds);
    sink(pending_.front().stage, static_cast<double>(nanoseconds) * 1e-6);
    spare_.push_back(std::move(pending_.front().query));
    pending_.pop_front();
  }
}

}  // namespace stereocl
