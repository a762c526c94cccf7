#include "app/recording.hpp"

#include "config/options.hpp"
#include "config/users_terms.hpp"
#include "core/printable_text.hpp"
#include "app/picture_metadata.hpp"
#include "app/timestamped_name.hpp"
#include "record/mp4_recording.hpp"
#include "record/size_forecast.hpp"

#include <cstdio>

namespace stereocl {

std::string panel_recording_extension() { return mp4_recording_encoder().empty() ? "gif" : "mp4"; }

Recording::Recording(const std::string& path, std::optional<long long> planned_frames, bool overwrite, int mp4_quality)
    : path_(path), planned_frames_(planned_frames), mp4_quality_(mp4_quality) {
  if (path.empty()) return;
  Result<std::unique_ptr<FrameEncoder>> opened = open_frame_encoder(path, overwrite, mp4_quality_);
  if (!opened) throw InputError(opened.error());
  encoder_ = std::move(*opened);
}

// One line, rewritten in place: "record: 120/600 frames -> out.mp4". Every 10th frame, as
// stderr may be a file (CI logs), and always the last one, with the newline.
void Recording::show_progress(bool last) {
  const long long frames = encoder_->frames_written();
  const bool final_one_comes = planned_frames_ && frames >= *planned_frames_;  // printed by stop()
  if (!last && (frames % 10 != 0 || final_one_comes)) return;
  if (planned_frames_)
    std::fprintf(stderr, "\rrecord: %lld/%lld frames -> %s", frames, *planned_frames_, printable(path_, 160).c_str());
  else
    std::fprintf(stderr, "\rrecord: %lld frames -> %s", frames, printable(path_, 160).c_str());
  std::fputs(last ? "\n" : "", stderr);
  std::fflush(stderr);
  progress_shown_ = !last;
}

void Recording::report_failure(const std::string& reason, PanelState* panel) {
  if (progress_shown_) std::fputc('\n', stderr);
  say_on_stderr(reason);
  progress_shown_ = false;
  failed_ = true;
  encoder_.reset();  // removes the unfinished file
  if (panel) panel->message = reason;
}

std::string Recording::stop() {
  if (const Status finished = encoder_->finish(); !finished) {
    report_failure(finished.error(), nullptr);
    return finished.error();
  }
  show_progress(true);
  std::string done = "Recorded " + std::to_string(encoder_->frames_written()) + " frames to " + path_;
  encoder_.reset();
  return done;
}

void Recording::start_from_panel(PanelState& panel) {
  path_ = timestamped_name(panel_recording_extension());
  planned_frames_.reset();
  Result<std::unique_ptr<FrameEncoder>> opened = open_frame_encoder(path_, false, mp4_quality_);
  if (!opened) {
    report_failure(opened.error(), &panel);
    return;
  }
  encoder_ = std::move(*opened);
  panel.message = "Recording " + path_;
}

void Recording::after_frame(const Engine& engine, PanelState& panel) {
  if (panel.record_requested) {
    panel.record_requested = false;
    if (active())
      panel.message = stop();
    else
      start_from_panel(panel);
  }
  if (active()) {
    encoder_->describe(picture_metadata(engine, engine.screen_dpi()));
    if (const Status added = encoder_->add(engine.saved_image()); !added)
      report_failure(added.error(), &panel);
    else {
      warn_if_large();
      show_progress(false);
    }
  }
  panel.recording = active() ? path_ : std::string();
}

void Recording::warn_if_large() {
  const std::optional<long long> bytes = encoder_->bytes_written();
  const long long frames = encoder_->frames_written();
  if (!bytes || !planned_frames_) return;
  if (frames == 1) first_frame_bytes_ = *bytes;
  if (frames != kForecastAfterFrames) return;
  const long long forecast = forecast_recording_bytes(first_frame_bytes_, *bytes, frames, *planned_frames_);
  if (forecast < kLargeGifBytes) return;
  if (progress_shown_) std::fputc('\n', stderr);
  say_on_stderr(path_ + " will be about " + std::to_string(forecast / 1'000'000) + " MB after its " +
                std::to_string(*planned_frames_) + " frames; a GIF over " + std::to_string(kLargeGifBytes / 1'000'000) +
                " MB is hard to view" +
                (mp4_recording_encoder().empty() ? " (fewer frames or a smaller --size make it smaller)"
                                                 : " (an .mp4 of the same frames is smaller)"));
  progress_shown_ = false;
}

int Recording::finish() {
  if (active()) stop();
  return failed_ ? 1 : 0;
}

}  // namespace stereocl
