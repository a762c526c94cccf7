// Work run in a child process: its answer comes back whole, and a child that hangs, crashes,
// throws or answers too much is a one-line failure, never the caller's hang or crash.
#include "core/os/isolated_call.hpp"
#include "sanitizers.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace stereocl {
namespace {

using namespace std::chrono_literals;

constexpr bool kAddressSanitizer = testing::kUnderAddressSanitizer;

TEST(IsolatedCall, TheAnswerComesBackWhole) {
  std::string expected(5'000'000, '\0');
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = static_cast<char>(i * 7 + i / 251);
  const Result<std::string> answer = run_isolated([&] { return expected; });
  ASSERT_TRUE(answer.ok()) << answer.error();
  EXPECT_EQ(*answer, expected);
  const Result<std::string> empty = run_isolated([] { return std::string(); });
  ASSERT_TRUE(empty.ok()) << empty.error();
  EXPECT_TRUE(empty->empty());
}

TEST(IsolatedCall, AChildThatNeverFinishesIsKilledAtTheDeadline) {
  const auto started = std::chrono::steady_clock::now();
  const Result<std::string> answer = run_isolated(
      [] {
        for (;;) std::this_thread::sleep_for(1s);
        return std::string();
      },
      {300ms, 1024});
  ASSERT_FALSE(answer.ok());
  EXPECT_EQ(answer.error(), "took longer than 300 ms");
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
}

// An abort: what a failed assertion in a library does, and what the sanitizers turn a segfault
// into (abort_on_error), so the message is the same in every build.
TEST(IsolatedCall, ACrashIsNamedBySignal) {
  const Result<std::string> answer = run_isolated([] {
    std::abort();
    return std::string("never");
  });
  ASSERT_FALSE(answer.ok());
  EXPECT_EQ(answer.error(), "crashed (signal 6, Aborted)");
}

TEST(IsolatedCall, AThrowAndATooLongAnswerAreFailures) {
  const Result<std::string> thrown = run_isolated([]() -> std::string { throw std::runtime_error("no"); });
  ASSERT_FALSE(thrown.ok());
  EXPECT_EQ(thrown.error(), "failed (exit status 2)");
  const Result<std::string> long_answer = run_isolated([] { return std::string(100000, 'x'); }, {5s, 65536});
  ASSERT_FALSE(long_answer.ok());
  EXPECT_EQ(long_answer.error(), "answered more than 65536 bytes");
}

TEST(IsolatedCall, AChildPastItsMemoryCapStops) {
  if (kAddressSanitizer) GTEST_SKIP() << "no memory cap under AddressSanitizer (its shadow memory is larger)";
  IsolationBudget budget;
  budget.max_memory_bytes = std::uint64_t{256} << 20;
  const Result<std::string> answer = run_isolated([] { return std::string(std::size_t{1} << 30, 'x'); }, budget);
  ASSERT_FALSE(answer.ok());
  EXPECT_EQ(answer.error(), "needed more than 256 MiB of memory");
  const Result<std::string> small = run_isolated([] { return std::string(std::size_t{64} << 20, 'x'); }, budget);
  ASSERT_TRUE(small.ok()) << small.error();
  EXPECT_EQ(small->size(), std::size_t{64} << 20);
}

TEST(IsolatedCall, WhatTheChildPrintsGoesNowhere) {
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  const Result<std::string> answer = run_isolated([] {
    std::printf("from the child's stdout\n");
    std::fflush(stdout);
    std::fprintf(stderr, "from the child's stderr\n");
    return std::string("done");
  });
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  ASSERT_TRUE(answer.ok()) << answer.error();
  EXPECT_EQ(*answer, "done");
}

// Whether `pid` still runs: gone, or a zombie waiting for whoever reaps orphans here, it does not.
bool still_running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string number, name, state;
  return static_cast<bool>(stat >> number >> name >> state) && state != "Z" && state != "X";
}

// A process that runs a child which never answers and tells `pid_pipe` the child's pid.
[[noreturn]] void be_a_program_with_a_stuck_child(int pid_pipe) {
  (void)run_isolated(
      [&] {
        const pid_t me = ::getpid();
        (void)!::write(pid_pipe, &me, sizeof me);
        while (true) ::pause();
        return std::string();
      },
      {.time = 60s});
  ::_exit(0);
}

// A program killed while its child works took nothing with it: the child ran on at 100% CPU for
// minutes. It dies with the program now (PR_SET_PDEATHSIG).
TEST(IsolatedCall, TheChildDiesWithTheProgram) {
  int pid_pipe[2];
  ASSERT_EQ(::pipe(pid_pipe), 0);
  const pid_t program = ::fork();
  ASSERT_GE(program, 0);
  if (program == 0) be_a_program_with_a_stuck_child(pid_pipe[1]);
  ::close(pid_pipe[1]);
  pid_t child = 0;
  ASSERT_EQ(::read(pid_pipe[0], &child, sizeof child), static_cast<ssize_t>(sizeof child));
  ::close(pid_pipe[0]);
  ASSERT_EQ(::kill(program, SIGKILL), 0);
  ::waitpid(program, nullptr, 0);
  for (int wait = 0; wait < 100 && still_running(child); ++wait) std::this_thread::sleep_for(50ms);
  EXPECT_FALSE(still_running(child)) << "the child " << child << " outlived the program";
  if (still_running(child)) ::kill(child, SIGKILL);
}

// With stdout and stderr closed (>&- 2>&-) the answer pipe could be descriptor 1, which the child
// then covered with /dev/null: every model failed to load.
TEST(IsolatedCall, AnswersWithTheStandardDescriptorsClosed) {
  const pid_t program = ::fork();
  ASSERT_GE(program, 0);
  if (program == 0) {
    ::close(STDIN_FILENO);
    ::close(STDOUT_FILENO);
    ::close(STDERR_FILENO);
    const Result<std::string> answer = run_isolated([] { return std::string("whole"); });
    ::_exit(answer.ok() && *answer == "whole" ? 0 : 1);
  }
  int status = 0;
  ::waitpid(program, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the answer did not come back";
}

}  // namespace
}  // namespace stereocl
