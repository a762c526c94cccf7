#include "app/still_picture.hpp"

#include "app/affordable_size.hpp"
#include "app/headless_depth.hpp"
#include "app/picture_metadata.hpp"
#include "app/still_guide_dots.hpp"
#include "compute/stereogram/algorithm_table.hpp"
#include "config/users_terms.hpp"
#include "core/memory_budget.hpp"
#include "core/os/atomic_file.hpp"
#include "core/os/input_file.hpp"
#include "core/os/stop_signals.hpp"
#include "core/printable_text.hpp"
#include "core/thread_count.hpp"
#include "files/picture/image_file.hpp"
#include "files/picture/picture_file.hpp"
#include "files/picture/png_codec.hpp"
#include "files/text/text_depth.hpp"
#include "pipeline/frame/depth_rows.hpp"
#include "pipeline/frame/frame_pattern.hpp"
#include "pipeline/frame/still_frame.hpp"
#include "pipeline/look_settings.hpp"
#include "pipeline/mode.hpp"
#include "pipeline/sources/image_roles.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

namespace stereocl {
namespace {

// The user's --cpu-threads, or the cores idle now (core/thread_count.hpp): the window keeps every
// core, where spinning made CPU mode's frames faster on an idle host (docs/performance.md §53).
int still_thread_count(const Options& options) {
  return options.cpu_threads > 0 ? resolve_thread_count(options.cpu_threads) : idle_core_count();
}

// --pattern scene: cut from each frame, so the still needs the frame's whole depth or colour.
bool scene_pattern(const LookSettings& look) {
  return look.pattern_kind == PatternKind::library && look.library_pattern->from_scene();
}

// The settings a saved picture carries (app/picture_metadata.hpp), as the still made it.
PngMetadata still_metadata(const Options& options, const LookSettings& look) {
  const std::string depth = !options.text.empty()         ? "text " + options.text
                            : !options.depth_file.empty() ? options.depth_file
                            : !options.model.empty()      ? "model " + options.model
                                                          : "3D scene";
  return picture_metadata(look, {.mode = "cpu", .depth = depth, .pattern_file = options.pattern_file},
                          options.screen_dpi);
}

// The look as the engine takes it from the command line: a pattern file is a picture pattern, the
// units give P and M at the picture's width (a pattern drawn by code is drawn at that P), and the
// dot groups take the pattern kind's colours.
Result<LookSettings> still_look(const Options& options, int depth_width) {
  LookSettings look = options.look;
  if (!options.pattern_file.empty()) look.pattern_kind = PatternKind::image;
  Result<StereogramParams> resolved = resolve_units(look.stereogram, depth_width);
  if (!resolved) return failure(resolved.error());
  look.stereogram = *resolved;
  settle_group_colours(look);
  return look;
}

// The picture's size against what its format can hold, before any of it is made.
Status still_fits_its_format(const Options& options, long long width, long long height) {
  const Result<PictureFormat> format = picture_format_for(options.output_file);
  if (!format) return {};  // the options refused it already
  return picture_size_allowed("--output " + options.output_file, *format, width, height);
}

// The still's source, held while its rows are read: a map's bytes, its grey (the rows read it in
// place, so the source does not move) or the frame GL drew, with its lit colour for --pattern scene.
struct StillSource {
  StillSource() = default;
  StillSource(const StillSource&) = delete;
  std::string bytes;
  Image<std::uint16_t> grey;
  RgbaImage lit;
  float subject_x = 0.5f;
  std::unique_ptr<DepthRows> rows;
};

// A PNG map is read a row at a time where nothing needs it whole: at its own size, no pattern cut
// from it, and a picture streamed out (pipeline/frame/still_frame.hpp), so neither is held whole.
bool streams_depth(const Options& options) {
  const Result<PictureFormat> format = picture_format_for(options.output_file);
  return !options.depth_file.empty() && options.text.empty() && options.model.empty() && !options.size_given &&
         !options.look.effect.effect && !options.stage.guide_dots && !scene_pattern(options.look) && format &&
         *format == PictureFormat::png;
}

// The map's rows as they come, or false where it is not a PNG that can be read so.
Result<bool> open_streamed(const Options& options, StillSource& source) {
  Result<PngGreyRows, InputFailure> rows = PngGreyRows::open(source.bytes, input_name(options.depth_file));
  if (!rows) return false;  // read whole, which says why not
  // The same rule for a map's size as the whole map's and the window's.
  if (const Status allowed = memory_allows(input_name(options.depth_file), static_cast<std::uint64_t>(rows->width()),
                                           static_cast<std::uint64_t>(rows->height()));
      !allowed)
    return failure(allowed.error());
  if (options.verbose)
    say_on_stderr("--output makes the picture " + std::to_string(kStillBandRows) + " rows at a time");
  source.rows = streamed_depth_rows(std::move(*rows), options.look.invert_depth);
  return true;
}

// The grey of --text, or of the whole decoded map.
Status open_grey(const Options& options, StillSource& source) {
  if (!options.text.empty()) {
    auto drawn = text_depth_map(options.text, options.size.width, options.size.height, options.font_file);
    if (!drawn) return failure("--text: " + drawn.error());
    source.grey = std::move(*drawn);
  } else {
    ImageLoad loaded = decode_depth_map(source.bytes, input_name(options.depth_file));
    if (!loaded) return failure(loaded.error());
    source.grey = std::move(loaded->grey16);
  }
  // As the window fits it: to --size where one was given, else the scene is the map's size.
  const Size size = options.size_given ? options.size : Size{source.grey.width, source.grey.height};
  source.rows =
      grey_depth_rows(source.grey, size.width, size.height, options.look.depth_fit, options.look.invert_depth);
  return {};
}

// The source's depth: drawn by GL (the lit scene too for --pattern scene), or a depth map or text.
Status open_depth(const Options& options, StillSource& source) {
  if (drawn_by_gl(options)) {
    Result<HeadlessFrame> frame = draw_frame_headless(options, scene_pattern(options.look));
    if (!frame) return failure(frame.error());
    source.lit = std::move(frame->lit);
    source.subject_x = frame->subject_x;
    source.rows = drawn_depth_rows(std::move(frame->depth));
    return {};
  }
  if (streams_depth(options)) {
    const Result<bool> streamed = open_streamed(options, source);
    if (!streamed) return failure(streamed.error());
    if (*streamed) return {};
  }
  return open_grey(options, source);
}

// The pattern CPU mode would repeat (pipeline/frame/frame_pattern.hpp); a file's read here.
Result<RgbaImage> still_pattern(const Options& options, const LookSettings& look, StillSource& source) {
  RgbaImage picture;
  if (look.pattern_kind == PatternKind::image) {
    ImageLoad loaded = load_pattern(options.pattern_file);
    if (!loaded) return failure(loaded.error());
    picture = std::move(loaded->rgba);
  }
  if (std::optional<RgbaImage> pattern =
          frame_pattern(look.stereogram, look.pattern_kind, look.library_pattern, look.seed, picture))
    return std::move(*pattern);
  return still_scene_pattern(source.lit, *source.rows, look.stereogram.pattern_width, source.subject_x);
}

// What the frame path needs beyond the depth, in the order the whole still said what was wrong:
// the look, the picture's size against its format, then the pattern.
Result<StillFrame> still_frame(const Options& options, StillSource& source) {
  Result<LookSettings> look = still_look(options, source.rows->width());
  if (!look) return failure(look.error());
  const StereogramParams& params = look->stereogram;
  if (const Status fits =
          still_fits_its_format(options, source.rows->width() + stereogram_strip_width(params), source.rows->height());
      !fits)
    return failure(fits.error());
  Result<RgbaImage> pattern = still_pattern(options, *look, source);
  if (!pattern) return failure(pattern.error());
  StillFrame still;
  still.look = *look;
  still.pattern = std::move(*pattern);
  still.threads = still_thread_count(options);
  still.metadata = still_metadata(options, *look);
  if (const Result<PictureFormat> format = picture_format_for(options.output_file)) still.format = *format;
  if (options.stage.guide_dots)
    still.guide_dots = [width = params.pattern_width](const RgbaImage& picture) {
      return with_guide_dots(picture, width);
    };
  return still;
}

// The depth map's bytes, read once ("-" is standard input), or nothing to read.
Result<std::string> depth_bytes_of(const Options& options) {
  if (options.depth_file.empty() || !options.text.empty()) return std::string();
  Result<std::string, InputFailure> bytes = read_input_file(options.depth_file, picture_read_budget());
  if (!bytes) return failure(bytes.error());
  return std::move(*bytes);
}

// The picture made by the frame path and saved: 2 for a refused input, 1 where it could not be
// encoded or written.
int save_still(const Options& options, StillSource& source) {
  if (const Status opened = open_depth(options, source); !opened) {
    say_on_stderr(opened.error());
    return 2;
  }
  const Result<StillFrame> still = still_frame(options, source);
  if (!still) {
    say_on_stderr(still.error());
    return 2;
  }
  const Result<std::string, StillFailure> bytes = encode_still(*source.rows, *still);
  if (!bytes) {
    say_on_stderr(bytes.failure().encoding ? options.output_file + ": " + bytes.error() : bytes.error());
    return bytes.failure().encoding ? 1 : 2;
  }
  const Status written = write_atomically(options.output_file, *bytes, input_files(options));
  if (!written) say_on_stderr(written.error());
  return written ? 0 : 1;
}

}  // namespace

int make_still_picture(const Options& options) {
  // Every mode shows this picture, so -o makes it one way; a --mode given is said to be unused.
  if (options.mode_given)
    std::fprintf(stderr,
                 "stereocl: --mode %s: not used by --output, which makes the picture every mode shows, on the "
                 "CPU\n",
                 std::string(mode_cli_name(options.mode)).c_str());
  Result<std::string> depth_bytes = depth_bytes_of(options);
  if (!depth_bytes) {
    say_on_stderr(depth_bytes.error());
    return 2;
  }
  StillSource source;
  source.bytes = std::move(*depth_bytes);
  return save_still(options, source);
}

int run_still(const Options& options) {
  refuse_unaffordable_size(options);
  stop_signals::install(stop_signals::Stop::at_once);

  return make_still_picture(options);
}

}  // namespace stereocl
