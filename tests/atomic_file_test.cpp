// Output files (core/os/atomic_file): whole or untouched, never over an input, every failure
// reported with the path and strerror -- under a full device, a file size limit, a read-only folder.
#include "child_process.hpp"
#include "core/os/atomic_file.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace stereocl {
namespace {

namespace fs = std::filesystem;
using testing::read_text;

// A fresh folder per test, so "no file left behind" can be checked by listing it.
fs::path fresh_folder(const std::string& name) {
  const fs::path folder = testing::scratch_dir() / name;
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

std::vector<std::string> names_in(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

ino_t inode_of(const fs::path& path) {
  struct stat info {};
  ::stat(path.c_str(), &info);
  return info.st_ino;
}

TEST(AtomicFile, WritesANewFileAndLeavesNothingElse) {
  const fs::path folder = fresh_folder("new");
  EXPECT_TRUE(write_atomically((folder / "out.csv").string(), "bin,count\n"));
  EXPECT_EQ(read_text((folder / "out.csv").string()), "bin,count\n");
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"out.csv"});
}

TEST(AtomicFile, ReplacesAnExistingFileByRenameKeepingItsMode) {
  const fs::path folder = fresh_folder("replace");
  const std::string target = testing::write_bytes("replace/old.png", "old picture");
  ::chmod(target.c_str(), 0640);
  const ino_t before = inode_of(target);
  EXPECT_TRUE(write_atomically(target, "new picture"));
  EXPECT_EQ(read_text(target), "new picture");
  EXPECT_NE(inode_of(target), before);  // a new file renamed over it, not the old one truncated
  struct stat info {};
  ::stat(target.c_str(), &info);
  EXPECT_EQ(info.st_mode & 0777, 0640u);
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"old.png"});
}

TEST(AtomicFile, ASymbolicLinkStaysAndItsTargetIsReplaced) {
  const fs::path folder = fresh_folder("link");
  const std::string target = testing::write_bytes("link/real.png", "old");
  fs::create_symlink(target, folder / "link.png");
  EXPECT_TRUE(write_atomically((folder / "link.png").string(), "new"));
  EXPECT_TRUE(fs::is_symlink(folder / "link.png"));
  EXPECT_EQ(read_text(target), "new");
}

// Finding 4: an output given the --depth input's path truncated the input first.
TEST(AtomicFile, RefusesToOverwriteAnInputByAnyName) {
  const fs::path folder = fresh_folder("input");
  const std::string input = testing::write_bytes("input/depth.png", "the depth map");
  fs::create_hard_link(input, folder / "alias.png");
  for (const std::string& target : {input, (folder / "alias.png").string(), (folder / "." / "depth.png").string()}) {
    const std::string error = write_atomically(target, "screenshot", {"", input}).error();
    EXPECT_EQ(error, target + ": is the input file " + input + "; refusing to overwrite it");
  }
  EXPECT_EQ(read_text(input), "the depth map");
}

// Finding 4: --screenshot /dev/full exited 0 with no message.
TEST(AtomicFile, AFullDeviceIsAnErrorNamingThePathAndTheReason) {
  EXPECT_EQ(write_atomically("/dev/full", "anything").error(), "/dev/full: cannot write it: No space left on device");
}

TEST(AtomicFile, ADirectoryIsNotAnOutputFile) {
  const fs::path folder = fresh_folder("dir-target");
  EXPECT_EQ(write_atomically(folder.string(), "x").error(), folder.string() + ": is a directory; give a file name");
}

// A full disk, the effect without mount privileges: the old file survives whole.
TEST(AtomicFile, AFileSizeLimitFailsWithoutTouchingTheOldFile) {
  const fs::path folder = fresh_folder("limit");
  const std::string target = testing::write_bytes("limit/shot.png", "the old picture");
  const std::string said = testing::run_in_child(
      [&] { return write_atomically(target, std::string(100000, 'n')).error(); }, {.max_file_bytes = 4096});
  EXPECT_EQ(said, target + ": cannot write it: File too large");
  EXPECT_EQ(read_text(target), "the old picture");
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"shot.png"});
}

TEST(AtomicFile, AReadOnlyFolderFailsWithTheReason) {
  const fs::path folder = fresh_folder("read-only");
  const std::string target = testing::write_bytes("read-only/shot.png", "the old picture");
  ::chmod(folder.c_str(), 0555);
  const std::string said =
      testing::run_in_child([&] { return write_atomically(target, "new").error(); }, {.as_nobody = true});
  ::chmod(folder.c_str(), 0755);
  EXPECT_EQ(said, target + ": cannot create a file in " + folder.string() + ": Permission denied");
  EXPECT_EQ(read_text(target), "the old picture");
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"shot.png"});
}

}  // namespace
}  // namespace stereocl
