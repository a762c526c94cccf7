#include "core/os/stop_signals.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/random.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace stereocl::stop_signals {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr std::size_t kMaxPaths = 8;
constexpr std::size_t kMaxPathBytes = 4096;

std::atomic<int> first_signal{0};
std::atomic<bool> stop_at_once{false};
std::array<std::atomic<bool>, kMaxPaths> slot_used{};
std::array<std::array<char, kMaxPathBytes>, kMaxPaths> slot_path{};

// Only async-signal-safe calls: unlink, signal, raise.
void on_signal(int number) {
  int expected = 0;
  if (first_signal.compare_exchange_strong(expected, number) && !stop_at_once.load()) return;
  for (std::size_t i = 0; i < kMaxPaths; ++i)
    if (slot_used[i].load()) ::unlink(slot_path[i].data());
  std::signal(number, SIG_DFL);
  std::raise(number);
}

}  // namespace

void install(Stop when) {
  stop_at_once.store(when == Stop::at_once);
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // a read or write in progress finishes; the loop checks between frames
  for (int number : kSignals) {
    // A signal ignored when the program started stays ignored, as every Unix tool leaves it:
    // nohup's SIGHUP must not stop a recording when the terminal closes.
    struct sigaction before {};
    if (::sigaction(number, nullptr, &before) == 0 && before.sa_handler == SIG_IGN) continue;
    ::sigaction(number, &action, nullptr);
  }
}

int received() { return first_signal.load(); }

std::string name(int signal_number) {
  switch (signal_number) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "signal " + std::to_string(signal_number);
  }
}

void remove_on_abort(const std::string& path) {
  if (path.size() >= kMaxPathBytes) return;
  for (std::size_t i = 0; i < kMaxPaths; ++i) {
    if (slot_used[i].load()) continue;
    std::memcpy(slot_path[i].data(), path.c_str(), path.size() + 1);
    slot_used[i].store(true);  // published after the path is whole
    return;
  }
}

void forget(const std::string& path) {
  for (std::size_t i = 0; i < kMaxPaths; ++i)
    if (slot_used[i].load() && path == slot_path[i].data()) slot_used[i].store(false);
}

int create_removable(const std::string& prefix, const std::string& suffix, std::string& path) {
  static constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  for (int attempt = 0; attempt < 100; ++attempt) {
    unsigned char random[6];
    if (::getrandom(random, sizeof random, 0) != static_cast<ssize_t>(sizeof random)) return -1;
    path = prefix;
    for (const unsigned char byte : random) path += kLetters[byte % (sizeof kLetters - 1)];
    path += suffix;
    remove_on_abort(path);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0600);
    if (fd >= 0) return fd;
    const int error = errno;
    forget(path);
    errno = error;
    if (error != EEXIST) return -1;
  }
  return -1;
}

}  // namespace stereocl::stop_signals
