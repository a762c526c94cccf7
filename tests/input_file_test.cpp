// Reading input files (core/os/input_file): once, from one descriptor, never blocking -- and each
// failure of its own kind, with the path and the reason in one line.
#include "child_process.hpp"
#include "core/os/input_file.hpp"
#include "files/picture/image_decode.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace stereocl {
namespace {

using namespace std::chrono_literals;
using testing::scratch_file;

InputFailure failure_of(const Result<std::string, InputFailure>& result) {
  if (!result) return result.failure();
  ADD_FAILURE() << "read, but should have been refused";
  return {InputFailureKind::read_error, ""};
}

TEST(InputFile, ARegularFileIsReadWhole) {
  const std::string bytes("\x89PNG\0\r\n with a NUL inside", 25);
  const auto result = read_input_file(testing::write_bytes("whole.bin", bytes));
  ASSERT_TRUE(result) << result.error();
  EXPECT_EQ(*result, bytes);
}

TEST(InputFile, AMissingFileSaysSo) {
  const InputFailure failure = failure_of(read_input_file(scratch_file("nowhere.png")));
  EXPECT_EQ(failure.kind, InputFailureKind::missing);
  EXPECT_EQ(failure.message, scratch_file("nowhere.png") + ": cannot open it: No such file or directory");
}

TEST(InputFile, ADirectoryIsNotARegularFile) {
  const InputFailure failure = failure_of(read_input_file(testing::scratch_dir().string()));
  EXPECT_EQ(failure.kind, InputFailureKind::not_regular_file);
  EXPECT_NE(failure.message.find("is a directory"), std::string::npos) << failure.message;
}

// Finding 2: a FIFO given to --depth blocked forever.
TEST(InputFile, ANamedPipeIsRefusedAtOnceNotWaitedOn) {
  const std::string fifo = scratch_file("depth.fifo");
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto started = std::chrono::steady_clock::now();
  const InputFailure failure = failure_of(read_input_file(fifo));
  EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);
  EXPECT_EQ(failure.kind, InputFailureKind::not_regular_file);
  EXPECT_NE(failure.message.find("named pipe (FIFO)"), std::string::npos) << failure.message;
}

// Finding 7: `--depth <(cat x.png)` failed because the file was opened twice.
TEST(InputFile, AnAnonymousPipeIsReadToItsEnd) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  const std::string bytes(300000, 'p');  // more than a pipe buffer holds, so reading must wait for it
  std::thread writer([&] {
    for (std::size_t at = 0; at < bytes.size();) at += static_cast<std::size_t>(::write(ends[1], bytes.data() + at, bytes.size() - at));
    ::close(ends[1]);
  });
  const auto result = read_input_file("/dev/fd/" + std::to_string(ends[0]));
  writer.join();
  ::close(ends[0]);
  ASSERT_TRUE(result) << result.error();
  EXPECT_EQ(*result, bytes);
}

TEST(InputFile, APipeThatNeverEndsTimesOut) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ASSERT_EQ(::write(ends[1], "abc", 3), 3);
  ReadBudget budget;
  budget.pipe_timeout = 200ms;
  const auto started = std::chrono::steady_clock::now();
  const InputFailure failure = failure_of(read_input_file("/dev/fd/" + std::to_string(ends[0]), budget));
  EXPECT_LT(std::chrono::steady_clock::now() - started, 2s);
  ::close(ends[0]);
  ::close(ends[1]);
  EXPECT_EQ(failure.kind, InputFailureKind::timed_out);
  EXPECT_NE(failure.message.find("200 ms (3 bytes so far)"), std::string::npos) << failure.message;
}

// Issue 58: `yes | stereocl --depth -` read 1 GiB before its first bytes were looked at. A start
// check refuses a pipe whose writer never ends, and a file, at once.
TEST(InputFile, AStartCheckRefusesBeforeTheRestIsRead) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ASSERT_EQ(::write(ends[1], std::string(64, 'y').data(), 64), 64);
  ReadBudget budget;
  budget.pipe_timeout = 5s;
  budget.check_start = image_start_recognised;
  const auto started = std::chrono::steady_clock::now();
  const InputFailure piped = failure_of(read_input_file("/dev/fd/" + std::to_string(ends[0]), budget));
  EXPECT_LT(std::chrono::steady_clock::now() - started, 2s);
  ::close(ends[0]);
  ::close(ends[1]);
  EXPECT_EQ(piped.kind, InputFailureKind::not_png) << piped.message;
  EXPECT_NE(piped.message.find("is not a PNG image"), std::string::npos) << piped.message;
  const std::string zeros = testing::write_bytes("zeros.bin", std::string(4096, '\0'));
  EXPECT_EQ(failure_of(read_input_file(zeros, budget)).kind, InputFailureKind::not_png);
  EXPECT_TRUE(read_input_file(testing::write_bytes("short.bin", "yy"), budget)) << "too short to judge: its reader says";
}

// Issue 58: a still waits for a slow pipe as pamstereogram does; only a caller that must go on gives a time.
TEST(InputFile, WithoutATimeBudgetAPipeIsWaitedFor) {
  EXPECT_FALSE(ReadBudget{}.pipe_timeout.has_value());
}

TEST(InputFile, FilesAndPipesOverTheSizeBudgetAreRefused) {
  ReadBudget budget;
  budget.max_bytes = 1000;
  const InputFailure file = failure_of(read_input_file(testing::write_bytes("big.bin", std::string(1001, 'x')), budget));
  EXPECT_EQ(file.kind, InputFailureKind::too_large);
  EXPECT_NE(file.message.find("larger than the"), std::string::npos) << file.message;
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ASSERT_EQ(::write(ends[1], std::string(1001, 'x').data(), 1001), 1001);
  EXPECT_EQ(failure_of(read_input_file("/dev/fd/" + std::to_string(ends[0]), budget)).kind, InputFailureKind::too_large);
  ::close(ends[0]);
  ::close(ends[1]);
}

TEST(InputFile, ADeviceIsNotARegularFile) {
  EXPECT_NE(failure_of(read_input_file("/dev/zero")).message.find("is a device"), std::string::npos);
}

// "can't fopen" before; now the reason. Root reads anything, so the read runs as nobody.
TEST(InputFile, PermissionDeniedSaysSo) {
  const std::string secret = testing::write_bytes("secret.png", "\x89PNG");
  ASSERT_EQ(::chmod(secret.c_str(), 0600), 0);
  ASSERT_EQ(::chmod(testing::scratch_dir().c_str(), 0755), 0);
  const std::string said = testing::run_in_child(
      [&] {
        const auto result = read_input_file(secret);
        if (result) return std::string("read it");
        return std::string(result.failure().kind == InputFailureKind::permission_denied ? "denied: " : "other: ") +
               result.error();
      },
      {.as_nobody = true});
  EXPECT_EQ(said, "denied: " + secret + ": cannot open it: Permission denied");
}

}  // namespace
}  // namespace stereocl
