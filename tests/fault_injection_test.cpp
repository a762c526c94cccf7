// The program under hostile conditions, run as a user would: outputs to a full device, over a
// file size limit, into a read-only folder, over an existing file and over its own input; inputs
// that are FIFOs, folders, unreadable, pipes, or other formats under a PNG name (issue 9). Each
// case checks the exit code, the message, and that no file was lost.
//
// Every run has `timeout 60` in front, so a hang (the old loader's) fails the test, not the suite.
#include "files/picture/png_codec.hpp"
#include "png_bytes.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace stereocl {
namespace {

namespace fs = std::filesystem;
using testing::ProgramResult;
using testing::read_text;
using testing::scratch_file;

// OpenCL is left out (an ICD folder with no vendors): CPU mode does not need it, runs start
// faster, and PoCL's kernel binaries would trip the file size limit of one test (LLVM aborts).
std::string bounded() {
  static const std::string prefix = [] {
    const auto no_vendors = testing::scratch_dir() / "no-vendors";
    std::filesystem::create_directories(no_vendors);
    return "env OCL_ICD_VENDORS=" + no_vendors.string() + " timeout 60";
  }();
  return prefix;
}

// `shell_setup` runs first in the child shell (a ulimit); `wrapper` goes right before the binary.
ProgramResult run_bounded(std::vector<std::string> arguments, const std::string& shell_setup = "",
                          const std::string& wrapper = "") {
  arguments.insert(arguments.begin(), {"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--frames", "1"});
  return testing::run_stereocl(arguments, shell_setup + " " + bounded() + " " + wrapper);
}

std::string depth_png() { return testing::write_grey_png("fault-depth.png", 64, 32, 128); }

fs::path fresh_folder(const std::string& name, fs::perms perms = fs::perms::all) {
  const fs::path folder = testing::scratch_dir() / name;
  fs::remove_all(folder);
  fs::create_directories(folder);
  fs::permissions(folder, perms);
  return folder;
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// A prefix that runs the program as user nobody, for what root cannot see (permissions). It
// needs the X server's cookie in a file nobody can read; empty when that cannot be arranged.
std::string as_nobody() {
  const char* cookie = std::getenv("XAUTHORITY");
  if (::geteuid() != 0 || !cookie) return "";
  const fs::path home = fresh_folder("nobody-home", fs::perms::all);
  fs::copy_file(cookie, home / "Xauthority", fs::copy_options::overwrite_existing);
  fs::permissions(home / "Xauthority", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  return "env HOME=" + home.string() + " XAUTHORITY=" + (home / "Xauthority").string() +
         " setpriv --reuid=65534 --regid=65534 --clear-groups";
}

// Finding 4: this exited 0 with no message, and wrote nothing.
TEST(FaultInjection, OutputsToAFullDeviceExitOneNamingEach) {
  const ProgramResult result = run_bounded({"--depth", depth_png(), "--screenshot", "/dev/full", "--histogram", "/dev/full"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(count_of(result.err, "stereocl: /dev/full: cannot write it: No space left on device\n"), 2u) << result.err;
}

// A full disk without mount privileges: a file size limit set in the child shell (512-byte blocks).
TEST(FaultInjection, AFileSizeLimitLeavesTheOldScreenshotWhole) {
  const fs::path folder = fresh_folder("fsize");
  const std::string old_bytes = encode_png(RgbaImage(2, 2, Rgba8{9, 9, 9, 255})).value();
  const std::string shot = testing::write_bytes("fsize/shot.png", old_bytes);
  const ProgramResult result = run_bounded({"--size", "300x200", "--screenshot", shot}, "ulimit -f 8;");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find(shot + ": cannot write it: File too large"), std::string::npos) << result.err;
  EXPECT_EQ(read_text(shot), old_bytes);
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1);  // no temporary left
}

// Finding 4: the input itself was truncated first. Now refused before the first frame, in one
// line naming the option and the input it would replace.
TEST(FaultInjection, AnOutputOverAnInputIsRefusedAndTheInputKept) {
  const std::string depth = depth_png();
  const std::string before = read_text(depth);
  const ProgramResult result = run_bounded({"--depth", depth, "--screenshot", depth, "--histogram", depth});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_EQ(result.err, "stereocl: --screenshot " + depth + ": that is the --depth file; an output never replaces an input\n");
  EXPECT_EQ(read_text(depth), before);
}

TEST(FaultInjection, AnExistingScreenshotIsReplacedWhole) {
  const std::string shot = testing::write_bytes("replaced.png", "an old file that is not even a picture");
  const ProgramResult result = run_bounded({"--depth", depth_png(), "--screenshot", shot});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(testing::read_png(shot).width, 64 + 85);  // the lookup stereogram is P wider
}

TEST(FaultInjection, AReadOnlyFolderIsAnErrorAndItsFileSurvives) {
  const fs::path folder = fresh_folder("read-only-out");
  const std::string shot = testing::write_bytes("read-only-out/shot.png", "old");
  fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                              fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  const std::string prefix = as_nobody();
  if (::geteuid() == 0 && prefix.empty()) GTEST_SKIP() << "running as root without an X cookie to hand to nobody";
  const ProgramResult result = run_bounded({"--depth", depth_png(), "--screenshot", shot}, "", prefix);
  fs::permissions(folder, fs::perms::owner_all, fs::perm_options::add);
  // Refused when the command line is read, before the first frame (the atomic writer would refuse
  // the same folder with exit 1 if it became read-only during the run: atomic_file_test).
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--screenshot: cannot write " + shot), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("Permission denied"), std::string::npos) << result.err;
  EXPECT_EQ(read_text(shot), "old");
}

// Finding 2: a FIFO blocked forever.
TEST(FaultInjection, AFifoAsInputIsRefusedNotWaitedOn) {
  const std::string fifo = scratch_file("input.fifo");
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  for (const std::string option : {"--depth", "--pattern"}) {
    const ProgramResult result = run_bounded({option, fifo});
    EXPECT_EQ(result.exit_code, 2) << option << ": " << result.err;
    EXPECT_NE(result.err.find(fifo + ": is a named pipe (FIFO), not a regular file"), std::string::npos) << result.err;
  }
}

TEST(FaultInjection, AFolderAsInputIsRefused) {
  const ProgramResult result = run_bounded({"--depth", testing::scratch_dir().string()});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  // CLI11's ExistingFile check says it as the command line is read; the loader says "is a
  // directory, not a regular file" for a dropped folder (input_file_test).
  EXPECT_NE(result.err.find("--depth: File is actually a directory: " + testing::scratch_dir().string()), std::string::npos)
      << result.err;
}

// Finding 7: this said "can't fopen".
TEST(FaultInjection, AnUnreadableInputSaysPermissionDenied) {
  const std::string secret = testing::write_grey_png("secret-depth.png", 16, 16, 99);
  ::chmod(secret.c_str(), 0600);
  const std::string prefix = as_nobody();
  if (::geteuid() == 0 && prefix.empty()) GTEST_SKIP() << "running as root without an X cookie to hand to nobody";
  const ProgramResult result = run_bounded({"--depth", secret}, "", prefix);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find(secret + ": cannot open it: Permission denied"), std::string::npos) << result.err;
}

// Finding 7: `--depth <(cat x.png)` failed because the file was opened twice.
TEST(FaultInjection, ADepthMapThroughProcessSubstitutionWorks) {
  const std::string shot = scratch_file("from-pipe.png");
  fs::remove(shot);
  const char* binary = std::getenv("STEREOCL_TEST_BINARY");
  const std::string command = "bash -c " + testing::shell_quote(
      bounded() + " " + testing::shell_quote(binary ? binary : STEREOCL_BINARY) +
      " --hidden --algorithm lookup --mode cpu --frames 1 --depth <(cat " + testing::shell_quote(depth_png()) + ") --screenshot " +
      testing::shell_quote(shot) + " 2>" + testing::shell_quote(scratch_file("pipe-err.txt")));
  const int status = std::system(command.c_str());
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0) << read_text(scratch_file("pipe-err.txt"));
  EXPECT_EQ(testing::read_png(shot).width, 64 + 85);
}

// Findings 1, 2, 6, 7 through the program: a crash, a hang, a memory bomb and misleading
// messages before; each is now exit 2 with one line naming the file and the rule.
TEST(FaultInjection, HostileFilesNamedPngAreRefusedWithTheirReason) {
  std::string noise(32000, 'n');
  const std::vector<std::pair<std::string, std::string>> files = {
      {"P5\n4000 4000\n65535\n" + noise,
       "truncated (32000 bytes of pixel data, 32000000 needed)"},
      // Run-length data that ends mid-scanline: stb 2.27 looped forever on it.
      {std::string("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 16\n\x02\x02\x00\x10", 50),
       "looks like a Radiance HDR image"},
      {"\xFF\xD8\xFF\xE0" + noise, "the JPEG data is corrupt ("},
      {testing::png_header(100000, 100000, 8, 0),
       "the PNG header says 100000x100000 pixels; images must be 1..16384|"
       "the PNG header says 100000x100000 pixels; images must be 1..4096"},
      // As a pattern its size is refused from the header first (issue 29, case 3).
      {testing::png_file(16384, 16384, 16, 6, std::string(1000, '\0')),
       "bytes of pixel data cannot hold a 16384x16384 image)|"
       "the PNG header says 16384x16384 pixels; images must be 1..4096 pixels per side"},
      {testing::png_header(1, 1, 8, 0) +
           testing::png_chunk("IDAT", testing::zlib_compress(std::string(256 << 20, '\0'))) +
           testing::png_chunk("IEND", ""),
       "refused as a decompression bomb"},
  };
  int n = 0;
  for (const auto& [bytes, message] : files) {
    const std::string file = testing::write_bytes("hostile-" + std::to_string(n++) + ".png", bytes);
    for (const std::string option : {"--depth", "--pattern"}) {
      const std::size_t bar = message.find('|');  // "as a depth map|as a pattern", where they differ
      const std::string expected = bar == std::string::npos ? message : option == "--depth" ? message.substr(0, bar) : message.substr(bar + 1);
      const ProgramResult result = run_bounded({option, file});
      EXPECT_EQ(result.exit_code, 2) << option << " " << message << ": " << result.err;
      EXPECT_EQ(result.err.rfind("stereocl: " + file + ": ", 0), 0u) << result.err;
      EXPECT_NE(result.err.find(expected), std::string::npos) << result.err;
      EXPECT_EQ(count_of(result.err, "\n"), 1u) << result.err;
    }
  }
}

}  // namespace
}  // namespace stereocl
