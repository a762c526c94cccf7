#include "core/ball_physics.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace stereocl {

BallPhysics BallPhysics::from_seed(std::uint32_t seed) {
  BallPhysics physics;
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> unit(-1.f, 1.f);
  const glm::vec3 room = physics.box.half_extent - glm::vec3(physics.radius);
  physics.state.position = glm::vec3(unit(random) * room.x * 0.8f, room.y * 0.5f, unit(random) * room.z * 0.8f);
  physics.state.velocity = glm::vec3(unit(random) * 1.6f + 0.6f, unit(random), unit(random) * 1.2f + 0.4f);
  return physics;
}

void BallPhysics::advance(double seconds) {
  // A long stall (debugger, minimised window) must not make the next frame simulate minutes.
  unsimulated_seconds += std::clamp(seconds, 0.0, 0.25) * std::clamp(static_cast<double>(speed), 0.0, 10.0);
  while (unsimulated_seconds >= kStep) {
    step();
    unsimulated_seconds -= kStep;
  }
}

void BallPhysics::step() {
  state.velocity.y -= gravity * kStep;
  state.position += state.velocity * kStep;
  const glm::vec3 limit = box.half_extent - glm::vec3(radius);
  for (int axis = 0; axis < 3; ++axis) {
    float& p = state.position[axis];
    float& v = state.velocity[axis];
    if (p < -limit[axis]) {
      p = -limit[axis] + (-limit[axis] - p);  // reflect the overshoot back inside
      v = std::abs(v) * restitution;
      if (axis == 1) v = std::max(v, min_bounce_speed);
    } else if (p > limit[axis]) {
      p = limit[axis] - (p - limit[axis]);
      v = -std::abs(v) * restitution;
    }
    p = std::clamp(p, -limit[axis], limit[axis]);  // a very fast ball may overshoot by more than the room
  }
}

}  // namespace stereocl
