#include "app/still_picture.hpp"

#include "app/affordable_size.hpp"
#include "app/headless_depth.hpp"
#include "app/picture_metadata.hpp"
#include "app/still_guide_dots.hpp"
#include "config/users_terms.hpp"
#include "pipeline/sources/image_roles.hpp"
#include "compute/stereogram/algorithm_table.hpp"
#include "compute/stereogram/compose_cpu.hpp"
#include "pipeline/look_settings.hpp"
#include "core/depth_fit.hpp"
#include "core/depth_map.hpp"
#include "core/image_file.hpp"
#include "core/image_resample.hpp"
#include "core/atomic_file.hpp"
#include "core/input_file.hpp"
#include "core/memory_budget.hpp"
#include "core/png_codec.hpp"
#include "core/pattern.hpp"
#include "core/picture_file.hpp"
#include "core/printable_text.hpp"
#include "core/scene_pattern.hpp"
#include "core/stop_signals.hpp"
#include "core/text_depth.hpp"
#include "core/thread_count.hpp"
#include "pipeline/mode.hpp"

#include <algorithm>
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

// The still works in GL's row order (row 0 at the bottom), as CPU mode's engines and compose do,
// so its picture matches CPU mode's to the row; flip_rows() turns a file's order into it and back.
bool scene_pattern(const LookSettings& look) {
  return look.pattern_kind == PatternKind::library && look.library_pattern->from_scene();
}

// The source's frame: drawn by GL (in GL's row order already, the lit scene too for --pattern
// scene), or a depth map (its file's bytes, read once) or text, whose grey --pattern scene cuts
// from, as the window does.
Result<HeadlessFrame> still_frame(const Options& options, const std::string& depth_bytes) {
  if (drawn_by_gl(options)) return draw_frame_headless(options, scene_pattern(options.look));
  Image<std::uint16_t> grey;
  if (!options.text.empty()) {
    auto drawn = text_depth_map(options.text, options.size.width, options.size.height, options.font_file);
    if (!drawn) return failure("--text: " + drawn.error());
    grey = std::move(*drawn);
  } else {
    ImageLoad loaded = decode_depth_map(depth_bytes, input_name(options.depth_file));
    if (!loaded) return failure(loaded.error());
    grey = std::move(loaded->grey16);
  }
  DepthImage depth = depth_from_grey(grey);
  // As the window fits it: to --size where one was given, else the scene is the map's size.
  if (options.size_given) depth = fit_depth(depth, options.size.width, options.size.height, options.look.depth_fit);
  if (options.look.invert_depth)
    for (float& d : depth.pixels) d = 1.0f - d;
  flip_rows(depth);
  return HeadlessFrame{std::move(depth), {}, 0.5f};
}

// The pattern CPU mode would repeat, in GL's row order: a file scaled to P as CPU mode scales it.
// --pattern scene: cut from the lit scene around its subject; a still depth map has no lit
// colour, so from the depth as grey, as the window does.
Result<RgbaImage> still_pattern(const Options& options, const LookSettings& look, const HeadlessFrame& frame) {
  const int width = look.stereogram.pattern_width;
  if (std::optional<RgbaImage> drawn =
          pattern_drawn_by_code(look.stereogram, look.pattern_kind, look.library_pattern, look.seed))
    return std::move(*drawn);
  if (scene_pattern(look))
    return scene_pattern_reference(frame.lit.pixels.empty() ? visualise_depth(frame.depth) : frame.lit, width,
                                   scene_window_start(frame.depth.width, width, frame.subject_x));
  ImageLoad loaded = load_pattern(options.pattern_file);
  if (!loaded) return failure(loaded.error());
  RgbaImage pattern = scale_pattern_to_width(loaded->rgba, width);
  flip_rows(pattern);
  return pattern;
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

Result<RgbaImage> still_stereogram(const Options& options, const std::string& depth_bytes,
                                   LookSettings& used) {
  Result<HeadlessFrame> frame = still_frame(options, depth_bytes);
  if (!frame) return failure(frame.error());
  const DepthImage& depth = frame->depth;
  Result<LookSettings> look = still_look(options, depth.width);
  if (!look) return failure(look.error());
  used = *look;
  const StereogramParams& params = look->stereogram;
  if (const Status fits = still_fits_its_format(options, depth.width + stereogram_strip_width(params), depth.height);
      !fits)
    return failure(fits.error());
  Result<RgbaImage> pattern = still_pattern(options, *look, *frame);
  if (!pattern) return failure(pattern.error());
  const AlgorithmRow& algorithm = algorithm_row(params.algorithm);
  OffsetImage offsets;
  const int threads = still_thread_count(options);
  if (Status ran = algorithm.make_cpu()->run(depth, params, threads, offsets, 0); !ran) return failure(ran.error());
  RgbaImage picture = compose_reference(
      offsets, *pattern, algorithm.whole_pattern_pixels ? PatternSampling::whole_pixels : PatternSampling::linear);
  // CPU mode runs the effect on GL's rows too (emboss is lit from one corner).
  if (const EffectRow* effect = look->effect.effect) picture = effect->cpu(picture, look->effect, threads);
  if (options.stage.guide_dots) return with_guide_dots(std::move(picture), params.pattern_width);
  flip_rows(picture);
  return picture;
}

// A still made a band of rows at a time, as CPU mode makes its frames (the same engine and
// compose, each given the band's first row): the map's rows decoded, linked, composed and encoded
// as they come, so neither the map nor the picture is held whole. Taken where nothing needs the
// whole picture: a PNG depth map, not interlaced, at its own size, no effect, no guide dots, a
// pattern not cut from the scene, PNG out. Its pixels are the whole still's, to the bit.
bool made_in_bands(const Options& options) {
  const Result<PictureFormat> format = picture_format_for(options.output_file);
  return !options.depth_file.empty() && options.text.empty() && options.model.empty() && !options.size_given &&
         !options.look.effect.effect && !options.stage.guide_dots && !scene_pattern(options.look) && format &&
         *format == PictureFormat::png;
}

// 16 rows of a 1080p picture are 0.4 MB of band buffers (depth, coordinates, RGBA); 64 held 1.2
// MB more at the still's peak, for the same wall time (docs/performance.md §57).
constexpr int kBandRows = 16;

struct StillBands {
  explicit StillBands(PngGreyRows file_rows) : rows(std::move(file_rows)) {}
  PngGreyRows rows;
  LookSettings look;
  RgbaImage pattern;
  std::unique_ptr<CpuStereogram> engine;
  PatternSampling sampling = PatternSampling::linear;
  int threads = 1;
  int channels = 1;  // grey dots need one; an opaque pattern three
  DepthImage depth;
  OffsetImage offsets;
  RgbaImage picture;
  std::vector<std::uint16_t> grey;
};

// The band's depth in GL's row order (its bottom row first), as the whole still's depth is.
Status read_band(StillBands& bands, int rows_here, bool invert) {
  const int width = bands.rows.width();
  bands.depth.width = width;
  bands.depth.height = rows_here;
  bands.depth.pixels.resize(static_cast<std::size_t>(width) * rows_here);
  for (int i = 0; i < rows_here; ++i) {
    if (const auto read = bands.rows.next(bands.grey.data()); !read) return failure(read.error());
    float* row = bands.depth.pixels.data() + static_cast<std::size_t>(rows_here - 1 - i) * width;
    for (int x = 0; x < width; ++x) row[x] = invert ? 1.0f - depth_of_grey(bands.grey[x]) : depth_of_grey(bands.grey[x]);
  }
  return {};
}

// The band's picture, top row first.
Status write_band(const RgbaImage& picture, PngRowWriter& png) {
  for (int y = picture.height - 1; y >= 0; --y)
    if (const Status added = png.add(&picture.pixels[static_cast<std::size_t>(y) * picture.width]); !added) return added;
  return {};
}

Result<std::string> encode_in_bands(const Options& options, StillBands& bands) {
  const int height = bands.rows.height();
  std::optional<PngRowWriter> png;
  for (int top = 0; top < height; top += kBandRows) {
    const int rows_here = std::min(kBandRows, height - top);
    if (const Status read = read_band(bands, rows_here, bands.look.invert_depth); !read) return failure(read.error());
    const int first_row = height - top - rows_here;  // the band's bottom row, counted from the bottom
    if (const Status ran = bands.engine->run(bands.depth, bands.look.stereogram, bands.threads, bands.offsets, first_row); !ran)
      return failure(ran.error());
    compose_rows(bands.offsets, bands.pattern, bands.sampling, first_row, bands.threads, bands.picture);
    if (!png) {
      Result<PngRowWriter> started = PngRowWriter::start(bands.picture.width, height, bands.channels,
                                                         neighbours_predict(bands.picture),
                                                         still_metadata(options, bands.look));
      if (!started) return failure(started.error());
      png.emplace(std::move(*started));
    }
    if (const Status written = write_band(bands.picture, *png); !written) return failure(written.error());
  }
  return png->finish();
}

// The PNG made in bands, or nullopt where the map is not a PNG that can be read a row at a time.
std::optional<Result<std::string>> still_in_bands(const Options& options, const std::string& depth_bytes) {
  Result<PngGreyRows, InputFailure> rows = PngGreyRows::open(depth_bytes, input_name(options.depth_file));
  if (!rows) return std::nullopt;  // the whole still reads it, or says why not
  // The same rule for a map's size as the whole still's and the window's.
  if (const Status allowed = memory_allows(input_name(options.depth_file), static_cast<std::uint64_t>(rows->width()),
                                           static_cast<std::uint64_t>(rows->height()));
      !allowed)
    return failure(allowed.error());
  if (options.verbose) say_on_stderr("--output makes the picture " + std::to_string(kBandRows) + " rows at a time");
  StillBands bands(std::move(*rows));
  Result<LookSettings> look = still_look(options, bands.rows.width());
  if (!look) return failure(look.error());
  bands.look = *look;
  Result<RgbaImage> pattern = still_pattern(options, bands.look, HeadlessFrame{});
  if (!pattern) return failure(pattern.error());
  bands.pattern = std::move(*pattern);
  const AlgorithmRow& algorithm = algorithm_row(bands.look.stereogram.algorithm);
  bands.engine = algorithm.make_cpu();
  bands.sampling = algorithm.whole_pattern_pixels ? PatternSampling::whole_pixels : PatternSampling::linear;
  bands.threads = still_thread_count(options);
  bands.channels = png_channels_for(bands.pattern);
  bands.grey.resize(static_cast<std::size_t>(bands.rows.width()));
  return encode_in_bands(options, bands);
}

// The depth map's bytes, read once ("-" is standard input), or nothing to read.
Result<std::string> depth_bytes_of(const Options& options) {
  if (options.depth_file.empty() || !options.text.empty()) return std::string();
  Result<std::string, InputFailure> bytes =
      read_input_file(options.depth_file, picture_read_budget());
  if (!bytes) return failure(bytes.error());
  return std::move(*bytes);
}

// The picture, made whole or in bands, and saved.
int save_still(const Options& options, const std::string& depth_bytes) {
  if (made_in_bands(options))
    if (std::optional<Result<std::string>> png = still_in_bands(options, depth_bytes)) {
      if (!*png) {
        say_on_stderr(png->error());
        return 2;
      }
      const Status written = write_atomically(options.output_file, **png, input_files(options));
      if (!written) say_on_stderr(written.error());
      return written ? 0 : 1;
    }
  LookSettings look;
  Result<RgbaImage> picture = still_stereogram(options, depth_bytes, look);
  if (!picture) {
    say_on_stderr(picture.error());
    return 2;
  }
  if (const Status saved = save_picture(options.output_file, *picture, still_metadata(options, look), input_files(options));
      !saved) {
    say_on_stderr(saved.error());
    return 1;
  }
  return 0;
}

}  // namespace

int make_still_picture(const Options& options) {
  // Every mode shows this picture, so -o makes it one way; a --mode given is said to be unused.
  if (options.mode_given)
    std::fprintf(stderr, "stereocl: --mode %s: not used by --output, which makes the picture every mode shows, on the "
                         "CPU\n", std::string(mode_cli_name(options.mode)).c_str());
  const Result<std::string> depth_bytes = depth_bytes_of(options);
  if (!depth_bytes) {
    say_on_stderr(depth_bytes.error());
    return 2;
  }
  return save_still(options, *depth_bytes);
}

int run_still(const Options& options) {
  refuse_unaffordable_size(options);
  stop_signals::install(stop_signals::Stop::at_once);

  return make_still_picture(options);
}

}  // namespace stereocl
