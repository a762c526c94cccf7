// A dropped model loads on a worker thread: the frame loop asks, gets nothing until the mesh is
// ready, and is never held by a reader that takes its whole time (the window froze for 30 s).
#include "pipeline/sources/background_model_load.hpp"
#include "model_files.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace stereocl {
namespace {

using namespace std::chrono_literals;

std::optional<FinishedModel> wait_for(BackgroundModelLoad& load, std::chrono::seconds most) {
  const auto deadline = std::chrono::steady_clock::now() + most;
  while (std::chrono::steady_clock::now() < deadline) {
    if (auto finished = load.take_finished()) return finished;
    std::this_thread::sleep_for(20ms);
  }
  return std::nullopt;
}

TEST(BackgroundModelLoad, AModelArrivesWhenReadyAndOnlyOnce) {
  BackgroundModelLoad load;
  const std::string cube = testing::write_bytes("dropped-cube.obj", testing::obj_cube());
  EXPECT_EQ(load.start(cube), "Loading dropped-cube.obj as a 3D model...");
  const auto finished = wait_for(load, 60s);
  ASSERT_TRUE(finished);
  EXPECT_EQ(finished->path, cube);
  ASSERT_TRUE(finished->mesh) << finished->mesh.error();
  EXPECT_GT(finished->mesh->triangle_count(), 0u);
  EXPECT_FALSE(load.busy());
  EXPECT_FALSE(load.take_finished());
}

// Assimp 5.2's PLY reader loops for ever on a header cut short: asking costs nothing meanwhile,
// and a second drop is told to wait.
TEST(BackgroundModelLoad, AReaderThatRunsLongNeverHoldsTheCaller) {
  BackgroundModelLoad load;
  const std::string endless = testing::write_bytes("dropped-cut.ply", testing::ply_pyramid().substr(0, 100));
  load.start(endless);
  const auto asked = std::chrono::steady_clock::now();
  for (int frame = 0; frame < 10; ++frame) EXPECT_FALSE(load.take_finished());
  EXPECT_LT(std::chrono::steady_clock::now() - asked, 1s) << "asking waited for the reader";
  EXPECT_TRUE(load.busy());
  EXPECT_EQ(load.start(testing::write_bytes("second.obj", testing::obj_cube())),
            "Still loading dropped-cut.ply; drop second.obj again when it is done");
}

}  // namespace
}  // namespace stereocl
