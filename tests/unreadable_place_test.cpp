// Issue 58: unreadable is not missing. A file or folder the program ships with can be there and
// still not be readable; core/os/unreadable_place says which, for every place it looks.
#include "core/os/unreadable_place.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace stereocl {
namespace {

namespace fs = std::filesystem;

fs::path fresh(const std::string& name) {
  const fs::path folder = testing::scratch_dir() / name;
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

TEST(UnreadablePlace, AMissingPlaceAndAReadableOneSayNothing) {
  const fs::path folder = fresh("unreadable-none");
  EXPECT_EQ(unreadable_place(folder / "absent.so"), "");
  EXPECT_EQ(unreadable_place(folder / "absent" / "deeper.so"), "");
  EXPECT_EQ(unreadable_place(folder), "");
}

TEST(UnreadablePlace, ALoopingLinkCannotBeRead) {
  const fs::path folder = fresh("unreadable-loop");
  fs::create_symlink("loop", folder / "loop");
  EXPECT_EQ(unreadable_place(folder / "loop"), (folder / "loop").string() + " cannot be read: Too many levels of symbolic links");
}

// A folder of mode 700 that another user owns: root reads every folder, so this needs another user.
TEST(UnreadablePlace, AFolderThisUserMayNotEnterCannotBeRead) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads every folder; the looping link above covers the class";
  const fs::path folder = fresh("unreadable-mode");
  fs::create_directories(folder / "closed");
  ::chmod((folder / "closed").c_str(), 0);
  EXPECT_EQ(unreadable_place(folder / "closed" / "stereocl-model.so"),
            (folder / "closed" / "stereocl-model.so").string() + " cannot be read: Permission denied");
  EXPECT_EQ(unreadable_place(folder / "closed"), (folder / "closed").string() + " cannot be read: Permission denied");
  ::chmod((folder / "closed").c_str(), 0700);
}

}  // namespace
}  // namespace stereocl
