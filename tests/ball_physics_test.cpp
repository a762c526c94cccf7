#include "core/ball_physics.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stereocl {
namespace {

TEST(BallPhysics, StaysInsideTheBoxForAHundredThousandSteps) {
  for (std::uint32_t seed : {1u, 2u, 12345u}) {
    BallPhysics physics = BallPhysics::from_seed(seed);
    const glm::vec3 limit = physics.box.half_extent - glm::vec3(physics.radius);
    float highest = -1e9f, lowest = 1e9f;
    for (int step = 0; step < 100000; ++step) {
      physics.step();
      for (int axis = 0; axis < 3; ++axis) {
        ASSERT_LE(std::abs(physics.state.position[axis]), limit[axis] + 1e-5f) << "seed " << seed << " step " << step;
        ASSERT_TRUE(std::isfinite(physics.state.velocity[axis]));
      }
      highest = std::max(highest, physics.state.position.y);
      lowest = std::min(lowest, physics.state.position.y);
    }
    // It keeps bouncing rather than coming to rest on the floor.
    EXPECT_GT(highest - lowest, 0.5f) << "seed " << seed;
  }
}

TEST(BallPhysics, SameSeedSameMotionDifferentSeedDifferentMotion) {
  BallPhysics a = BallPhysics::from_seed(7), b = BallPhysics::from_seed(7), c = BallPhysics::from_seed(8);
  for (int frame = 0; frame < 600; ++frame) {
    a.advance(1.0 / 60.0);
    b.advance(1.0 / 60.0);
    c.advance(1.0 / 60.0);
  }
  EXPECT_EQ(a.state.position, b.state.position);
  EXPECT_NE(a.state.position, c.state.position);
}

TEST(BallPhysics, ALongStallDoesNotFastForward) {
  BallPhysics physics = BallPhysics::from_seed(3);
  BallPhysics reference = physics;
  physics.advance(30.0);    // e.g. the process was stopped in a debugger
  reference.advance(0.25);  // the longest stretch one frame may simulate
  EXPECT_EQ(physics.state.position, reference.state.position);
}

}  // namespace
}  // namespace stereocl
