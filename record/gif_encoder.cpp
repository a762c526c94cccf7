#include "record/gif_encoder.hpp"

#include "record/frame_fit.hpp"
#include "record/gif_lzw.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

namespace stereocl {
namespace {

struct ColourMapDeleter {
  void operator()(ColorMapObject* map) const { GifFreeMapObject(map); }
};
using ColourMap = std::unique_ptr<ColorMapObject, ColourMapDeleter>;

ColourMap make_colour_map(GifPalette palette) {
  const auto colours = palette_colours(palette);
  GifColorType entries[256];
  for (int i = 0; i < 256; ++i) entries[i] = {colours[i].r, colours[i].g, colours[i].b};
  return ColourMap(GifMakeMapObject(256, entries));  // copies the entries
}

}  // namespace

Result<std::unique_ptr<GifEncoder>> GifEncoder::open(const std::string& path) {
  Result<PartialFile> file = PartialFile::create(path);
  if (!file) return failure(file.error());
  int error = 0;
  GifFileType* gif = EGifOpenFileName(file->temporary_path().c_str(), false, &error);
  if (!gif)
    return failure(path + ": cannot create " + file->temporary_path() + ": " + GifErrorString(error) + " (" +
                   std::strerror(errno) + ")");
  return std::unique_ptr<GifEncoder>(new GifEncoder(std::move(*file), gif));
}

GifEncoder::GifEncoder(PartialFile file, GifFileType* gif) : file_(std::move(file)), gif_(gif) {}

GifEncoder::~GifEncoder() { close(); }

void GifEncoder::close() {
  if (!gif_) return;
  int error = 0;
  EGifCloseFile(gif_, &error);  // frees gif_ whatever it returns
  gif_ = nullptr;
}

Status GifEncoder::check(int result, const char* doing) const {
  if (result == GIF_ERROR)
    return failure(file_.final_path() + ": " + doing + " failed: " + GifErrorString(gif_->Error));
  return {};
}

// The screen size, the global palette and the loop-forever (NETSCAPE2.0) block come from the
// first frame; GIF has no way to say them later.
Status GifEncoder::start(const RgbaImage& first) {
  width_ = first.width;
  height_ = first.height;
  global_palette_ = palette_for(first);
  EGifSetGifVersion(gif_, true);  // GIF89a: delays and the loop extension
  const Status header = check(EGifPutScreenDesc(gif_, width_, height_, 8, 0, make_colour_map(global_palette_).get()),
                              "writing the header");
  if (!header) return header;
  const unsigned char loop_forever[3] = {1, 0, 0};  // sub-block 1, loop count 0 = forever
  int result = EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE);
  if (result != GIF_ERROR) result = EGifPutExtensionBlock(gif_, 11, "NETSCAPE2.0");
  if (result != GIF_ERROR) result = EGifPutExtensionBlock(gif_, 3, loop_forever);
  if (result != GIF_ERROR) result = EGifPutExtensionTrailer(gif_);
  return check(result, "writing the loop block");
}

Status GifEncoder::add(const RgbaImage& frame) {
  if (!gif_) return failure(file_.final_path() + ": the recording is already finished");
  if (frames_ == 0) {
    if (Status started = start(frame); !started) return started;
  }
  const RgbaImage fitted = fit_frame(frame, width_, height_);
  // A frame that does not suit the global palette (colour dots in a grey recording) brings its own.
  const GifPalette palette = palette_for(fitted);

  GraphicsControlBlock timing{};
  timing.DisposalMode = DISPOSE_DO_NOT;
  timing.DelayTime = kGifFrameDelayCentiseconds;
  timing.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const std::size_t length = EGifGCBToExtension(&timing, extension);
  const Status delay = check(EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension),
                             "writing a frame delay");
  if (!delay) return delay;
  const std::vector<std::uint8_t> indices = palette_indices(fitted, palette);
  if (Status written = put_area(indices, changed_area(indices, palette), palette); !written) return written;
  ++frames_;
  return {};
}

// The smallest rectangle holding every pixel whose shown colour changes (the whole frame for the
// first); one pixel where nothing does, since a GIF frame holds at least one.
GifEncoder::Area GifEncoder::changed_area(const std::vector<std::uint8_t>& indices, GifPalette palette) const {
  if (shown_.empty()) return {0, 0, width_, height_};
  const auto colours = palette_colours(palette);
  int left = width_, right = -1, top = height_, bottom = -1;
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      const std::size_t at = static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x);
      const PaletteColour& colour = colours[indices[at]];
      const Rgba8& before = shown_[at];
      if (colour.r == before.r && colour.g == before.g && colour.b == before.b) continue;
      left = std::min(left, x), right = std::max(right, x), top = std::min(top, y), bottom = std::max(bottom, y);
    }
  if (right < 0) return {0, 0, 1, 1};
  return {left, top, right - left + 1, bottom - top + 1};
}

Status GifEncoder::put_area(const std::vector<std::uint8_t>& indices, const Area& area, GifPalette palette) {
  const ColourMap local = palette == global_palette_ ? nullptr : make_colour_map(palette);
  int result = EGifPutImageDesc(gif_, area.left, area.top, area.width, area.height, false, local.get());
  const std::size_t width = static_cast<std::size_t>(width_);
  const std::uint8_t* first = indices.data() + static_cast<std::size_t>(area.top) * width + static_cast<std::size_t>(area.left);
  // Our own LZW (record/gif_lzw.hpp), handed to giflib in its sub-blocks of at most 255 bytes.
  const std::vector<std::uint8_t> codes = gif_lzw(first, width, area.width, area.height);
  std::array<GifByteType, 256> block{};
  for (std::size_t at = 0; at < codes.size() && result != GIF_ERROR; at += 255) {
    const std::size_t length = std::min<std::size_t>(255, codes.size() - at);
    block[0] = static_cast<GifByteType>(length);
    std::copy_n(codes.begin() + static_cast<std::ptrdiff_t>(at), length, block.begin() + 1);
    result = at == 0 ? EGifPutCode(gif_, 8, block.data()) : EGifPutCodeNext(gif_, block.data());
  }
  if (result != GIF_ERROR) result = EGifPutCodeNext(gif_, nullptr);  // the block terminator
  if (Status written = check(result, "writing a frame"); !written) return written;
  const auto colours = palette_colours(palette);
  shown_.resize(indices.size());
  for (int y = area.top; y < area.top + area.height; ++y)
    for (int x = area.left; x < area.left + area.width; ++x) {
      const std::size_t at = static_cast<std::size_t>(y) * width + static_cast<std::size_t>(x);
      const PaletteColour& colour = colours[indices[at]];
      shown_[at] = Rgba8{colour.r, colour.g, colour.b, 255};
    }
  return {};
}

// giflib writes through a buffered stream, so the file lags the frames by at most its buffer.
std::optional<long long> GifEncoder::bytes_written() const {
  std::error_code error;
  const auto bytes = std::filesystem::file_size(file_.temporary_path(), error);
  if (error) return std::nullopt;
  return static_cast<long long>(bytes);
}

Status GifEncoder::finish() {
  if (!gif_) return {};
  if (frames_ == 0) return failure(file_.final_path() + ": no frames were recorded, so no GIF was written");
  int error = 0;
  const int result = EGifCloseFile(gif_, &error);
  gif_ = nullptr;
  if (result == GIF_ERROR) return failure(file_.final_path() + ": closing failed: " + GifErrorString(error));
  return file_.commit();
}

}  // namespace stereocl
