#pragma once
// --soak (scripts/soak.sh), a testing aid: drives a running session as a restless user would, through
// the paths users take (the key table's apply_action, the drop function), and samples RSS once a
// second, so that a leak in mode switches, resizes, drops or pattern changes shows as a rising curve.
#include "pipeline/engine.hpp"
#include "ui/fading_message.hpp"
#include "ui/window.hpp"
#include "pipeline/mode.hpp"

#include <string>
#include <vector>

namespace stereocl {

class Soak {
 public:
  // Writes the depth maps it drops next to `csv_path`; modes empty: every mode that runs.
  Soak(double seconds, std::string csv_path, std::vector<Mode> modes);
  bool active() const { return seconds_ > 0; }
  // Drops the modes that cannot run here, saying which on stderr where they were asked for by
  // name (--soak-modes); fails, naming them, where none is left: a soak of "gpu" that quietly
  // soaked CPU-readback proved nothing about GPU mode.
  Status keep_modes_that_run(const ModeAvailability& availability);
  // Once per frame with the clock (seconds); false once the time is up (never without a soak).
  bool after_frame(double now, Engine& engine, Window& window, FadingMessage& panel_message);
  // Writes the CSV; the exit code: 1 (said on stderr) when it could not be written.
  int finish() const;

 private:
  void change_something(Engine& engine, Window& window, FadingMessage& panel_message);
  void switch_mode(Engine& engine, FadingMessage& panel_message);

  double seconds_;
  std::string csv_path_;
  std::vector<Mode> modes_;
  bool modes_asked_;  // named by --soak-modes, not every mode
  std::vector<std::string> depth_files_;
  double start_ = -1;
  int changes_ = 0;
  int samples_ = 0;
  long long frames_ = 0;
  std::string csv_ = "seconds,rss_kib,frames,mode\n";
};

}  // namespace stereocl
