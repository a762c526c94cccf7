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

// A folder of frames must be new or empty, unless `overwrite` lets the recording replace the
// frames an earlier one left there: fails, saying why, otherwise.
Status check_record_folder(const std::string& path, bool overwrite);

}  // namespace stereocl
