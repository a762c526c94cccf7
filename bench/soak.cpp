#include "bench/soak.hpp"

#include "config/users_terms.hpp"
#include "ui/file_drop.hpp"
#include "ui/key_bindings.hpp"
#include "core/os/atomic_file.hpp"
#include "files/picture/image_file.hpp"
#include "pipeline/mode_table.hpp"

#include <GLFW/glfw3.h>

#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace stereocl {
namespace {

constexpr double kSecondsBetweenChanges = 1.0;  // four kinds of change: each comes every 4 s

long long resident_kib() {
  long long pages_total = 0, pages_resident = 0;
  if (FILE* statm = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(statm, "%lld %lld", &pages_total, &pages_resident) != 2) pages_resident = 0;
    std::fclose(statm);
  }
  return pages_resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// A depth map of its own size, so each drop is also a size change of every image after it.
std::string write_depth_map(const std::string& directory, int width, int height) {
  RgbaImage ramp(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const auto v = static_cast<std::uint8_t>(((x + y) * 255) / (width + height));
      ramp.at(x, y) = Rgba8{v, v, v, 255};
    }
  std::string path = directory + "/soak-depth-" + std::to_string(width) + "x" + std::to_string(height) + ".png";
  if (const Status saved = save_png(path, ramp); !saved)
    std::fprintf(stderr, "stereocl: --soak: %s\n", saved.error().c_str());
  return path;
}

}  // namespace

Soak::Soak(double seconds, std::string csv_path, std::vector<Mode> modes)
    : seconds_(seconds), csv_path_(std::move(csv_path)), modes_(std::move(modes)), modes_asked_(!modes_.empty()) {
  if (!active()) return;
  if (modes_.empty())
    for (const ModeRow& row : mode_table()) modes_.push_back(row.mode);
  const std::string directory = std::filesystem::absolute(csv_path_).parent_path().string();
  depth_files_ = {write_depth_map(directory, 301, 157), write_depth_map(directory, 640, 361)};
}

Status Soak::keep_modes_that_run(const ModeAvailability& availability) {
  if (!active()) return {};
  std::vector<Mode> kept;
  std::string left_out;
  for (const Mode mode : modes_) {
    if (const auto& reason = availability.reason(mode))
      left_out += (left_out.empty() ? "" : "; ") + std::string(mode_display_name(mode)) + " mode: " + *reason;
    else
      kept.push_back(mode);
  }
  if (kept.empty()) return failure("--soak-modes: none of them runs here (" + left_out + ")");
  if (modes_asked_ && !left_out.empty()) std::fprintf(stderr, "stereocl: --soak-modes: left out %s\n", left_out.c_str());
  modes_ = std::move(kept);
  return {};
}

bool Soak::after_frame(double now, Engine& engine, Window& window, FadingMessage& panel_message) {
  if (!active()) return true;
  if (start_ < 0) start_ = now;
  ++frames_;
  const double elapsed = now - start_;
  while (samples_ <= elapsed) {
    csv_ += std::to_string(samples_++) + "," + std::to_string(resident_kib()) + "," + std::to_string(frames_) + "," +
            std::string(mode_cli_name(engine.settings().mode)) + "\n";
  }
  while (changes_ * kSecondsBetweenChanges <= elapsed) change_something(engine, window, panel_message);
  return elapsed < seconds_;
}

void Soak::switch_mode(Engine& engine, FadingMessage& panel_message) {
  const Mode next = modes_[static_cast<std::size_t>(changes_ / 4) % modes_.size()];
  // As the key does it: a mode the size does not allow is refused with its reason.
  if (const Status done = apply_action(*action_for_key(mode_row(next).key), engine.settings(), engine.modes().availability()); !done)
    panel_message = done.error();
}

void Soak::change_something(Engine& engine, Window& window, FadingMessage& panel_message) {
  static constexpr int kPatternWidths[] = {85, 120, 64, 100};
  static constexpr int kWindowSides[][2] = {{800, 600}, {1024, 700}, {640, 480}};
  const int round = changes_ / 4;
  switch (changes_++ % 4) {
    case 0: switch_mode(engine, panel_message); break;
    case 1:  // the window, and back to the --size scene: both resize what is drawn
      glfwSetWindowSize(window.handle(), kWindowSides[round % 3][0], kWindowSides[round % 3][1]);
      engine.settings().depth_source = DepthSource::scene;
      break;
    case 2: panel_message = handle_dropped_file(engine, depth_files_[static_cast<std::size_t>(round) % 2]).message; break;
    case 3:
      if (engine.settings().look.pattern_kind == PatternKind::image) engine.settings().look.pattern_kind = PatternKind::random_grey;
      engine.settings().look.stereogram.pattern_width = kPatternWidths[round % 4];
      break;
  }
}

int Soak::finish() const {
  if (!active()) return 0;
  const Status written = write_atomically(csv_path_, csv_);
  if (written) return 0;
  say_on_stderr(written.error());
  return 1;
}

}  // namespace stereocl
