#pragma once
// A ball bouncing inside the box, advanced in fixed time steps so that a given seed always
// produces the same motion whatever the frame rate (screenshots and tests depend on it).
#include <glm/vec3.hpp>

#include <cstdint>

namespace stereocl {

struct BoxBounds {
  glm::vec3 half_extent{1.6f, 0.9f, 1.0f};  // the box spans -half..+half; its front (+z) is open
};

struct BallState {
  glm::vec3 position{0.f};
  glm::vec3 velocity{0.f};
};

struct BallPhysics {
  BoxBounds box;
  float radius = 0.3f;
  float restitution = 0.9f;  // energy kept per bounce; the floor kick below keeps it alive
  float gravity = 6.0f;
  float min_bounce_speed = 3.2f;  // a floor bounce never leaves slower, so the ball never comes to rest
  float speed = 1.0f;             // time scale from the UI: 2 = twice as fast
  static constexpr float kStep = 1.0f / 240.0f;

  BallState state;
  double unsimulated_seconds = 0.0;

  // Starts the ball from a seed-dependent place and direction.
  static BallPhysics from_seed(std::uint32_t seed);

  // Simulates `seconds` of wall-clock time (scaled by `speed`) in whole fixed steps.
  void advance(double seconds);
  void step();
};

}  // namespace stereocl
