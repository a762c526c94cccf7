#pragma once
// Recording the final picture (no UI) frame by frame: started by --record for the whole run,
// or by the panel's Record button until it is pressed again. The encoder comes from the path's
// extension (record/frame_encoder.hpp); this class adds the progress line and the panel's state.
#include "pipeline/engine.hpp"
#include "ui/panel.hpp"
#include "record/frame_encoder.hpp"

#include <memory>
#include <optional>
#include <string>

namespace stereocl {

// The Record button's file type: MP4, as it is a fraction of a GIF's size at 1080p, keeps colour
// patterns' colours and plays at the true 60 fps; GIF where this build or FFmpeg cannot make H.264.
std::string panel_recording_extension();

class Recording {
 public:
  // With a path (--record), recording starts now; throws InputError when the path cannot be
  // written. `planned_frames` (--frames) only completes the progress line: "120/600".
  // `mp4_quality` (--record-quality) is for every MP4, the panel's too.
  Recording(const std::string& path, std::optional<long long> planned_frames, bool overwrite = false,
            int mp4_quality = kDefaultMp4Quality);

  bool active() const { return encoder_ != nullptr; }
  // Once a frame, after drawing: starts or stops on the panel's request and adds the frame
  // while recording. Failures go to stderr and the panel; recording then stops.
  void after_frame(const Engine& engine, PanelState& panel);
  // Completes a recording still running; returns the exit code: 1 if any recording failed.
  int finish();

 private:
  std::string stop();  // the line for the panel
  void start_from_panel(PanelState& panel);
  void show_progress(bool last);
  void report_failure(const std::string& reason, PanelState* panel);
  // One line when a GIF's planned frames will make it too large to use (record/size_forecast.hpp).
  void warn_if_large();

  std::unique_ptr<FrameEncoder> encoder_;
  std::string path_;
  std::optional<long long> planned_frames_;
  int mp4_quality_;
  bool progress_shown_ = false;  // a progress line without its newline is on stderr
  bool failed_ = false;
  long long first_frame_bytes_ = 0;
};

}  // namespace stereocl
