#pragma once
// Which encoder a --record path asks for. Decided from the path alone, so a bad path is refused
// when the command line is read, not after the window has opened.
#include "core/result.hpp"
#include <string>
#include <variant>

namespace stereocl {

enum class RecordFormat { png_frames, gif, mp4 };

// An existing folder, or a path with no extension, is a folder of numbered PNGs; ".gif" and
// ".mp4" (any case) are files. Anything else comes back as the one-line rule it broke.
Result<RecordFormat> record_format_for(const std::string& path);

// The same rule as a CLI11 check: empty when the path is fine, else the reason.
std::string check_record_path(const std::string& path);

// "frame-000001.png": the name of a recorded frame (record/png_frames_encoder.hpp).
bool is_frame_name(const std::string& name);

// One rule for every recording: it replaces an earlier one only with `overwrite` (--overwrite). A
// folder of frames must be new or empty, a GIF or MP4 must not exist yet, unless `overwrite` lets
// the recording replace the frames an earlier one left there, or the file. A link is followed,
// as -o follows one: the file it names is replaced and the link stays. Fails, saying why.
Status check_record_target(const std::string& path, bool overwrite);

}  // namespace stereocl
