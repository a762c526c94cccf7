#pragma once
// SIGINT, SIGTERM and SIGHUP as a request to stop: the frame loop sees it between frames and
// ends the run as its last frame would, so a recording is finished (its MP4 index written, its
// file renamed into place) instead of left as an unplayable .partial. A second signal means
// "now": the files registered as unfinished are removed and the process dies of that signal.
// Signal handlers can reach only process-wide state; it is kept here, behind these functions.
#include <string>

namespace stereocl::stop_signals {

enum class Stop {
  between_frames,  // the first signal is a request the loop sees (received()); the second is "now"
  at_once,         // a one-shot command (a still): the first signal removes the files and ends the process
};

// Handles the three signals from now on, except one the program was started with ignored
// (nohup's SIGHUP). Called where a loop checks received(), or before a one-shot's first write.
void install(Stop when = Stop::between_frames);

// 0, or the number of the first signal received since install().
int received();

// "SIGINT", "SIGTERM", "SIGHUP", or "signal N".
std::string name(int signal_number);

// A file to remove if a second signal cuts the run short; at most 8 at a time, each a path of
// at most 4095 bytes (a longer one is simply not removed).
void remove_on_abort(const std::string& path);
void forget(const std::string& path);

// A new file PREFIX + six random letters + SUFFIX, created exclusively (mode 0600), its name
// registered with remove_on_abort() before it exists: registered after mkstemp, a signal between
// the two left the temporary behind. Its descriptor, or -1 with errno set; `path` gets the name.
int create_removable(const std::string& prefix, const std::string& suffix, std::string& path);

}  // namespace stereocl::stop_signals
