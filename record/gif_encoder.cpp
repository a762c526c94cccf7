#include "record/gif_encoder.hpp"

#include "record/frame_fit.hpp"

#include <gif_lib.h>

#include <cerrno>
#include <cstring>
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

GifEncoder::GifEncoder(const std::string& path) : file_(path) {
  int error = 0;
  gif_ = EGifOpenFileName(file_.temporary_path().c_str(), false, &error);
  if (!gif_)
    throw RecordError(path + ": cannot create " + file_.temporary_path() + ": " + GifErrorString(error) + " (" +
                      std::strerror(errno) + ")");
}

GifEncoder::~GifEncoder() { close(); }

void GifEncoder::close() {
  if (!gif_) return;
  int error = 0;
  EGifCloseFile(gif_, &error);  // frees gif_ whatever it returns
  gif_ = nullptr;
}

void GifEncoder::check(int result, const char* doing) const {
  if (result == GIF_ERROR)
    throw RecordError(file_.final_path() + ": " + doing + " failed: " + GifErrorString(gif_->Error));
}

// The screen size, the global palette and the loop-forever (NETSCAPE2.0) block come from the
// first frame; GIF has no way to say them later.
void GifEncoder::start(const RgbaImage& first) {
  width_ = first.width;
  height_ = first.height;
  global_palette_ = palette_for(first);
  EGifSetGifVersion(gif_, true);  // GIF89a: delays and the loop extension
  check(EGifPutScreenDesc(gif_, width_, height_, 8, 0, make_colour_map(global_palette_).get()), "writing the header");
  const unsigned char loop_forever[3] = {1, 0, 0};  // sub-block 1, loop count 0 = forever
  check(EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE), "writing the loop block");
  check(EGifPutExtensionBlock(gif_, 11, "NETSCAPE2.0"), "writing the loop block");
  check(EGifPutExtensionBlock(gif_, 3, loop_forever), "writing the loop block");
  check(EGifPutExtensionTrailer(gif_), "writing the loop block");
}

void GifEncoder::add(const RgbaImage& frame) {
  if (!gif_) throw RecordError(file_.final_path() + ": the recording is already finished");
  if (frames_ == 0) start(frame);
  const RgbaImage fitted = fit_frame(frame, width_, height_);
  // A frame that does not suit the global palette (colour dots in a grey recording) brings its own.
  const GifPalette palette = palette_for(fitted);
  const ColourMap local = palette == global_palette_ ? nullptr : make_colour_map(palette);

  GraphicsControlBlock timing{};
  timing.DisposalMode = DISPOSE_DO_NOT;
  timing.DelayTime = kGifFrameDelayCentiseconds;
  timing.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const std::size_t length = EGifGCBToExtension(&timing, extension);
  check(EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension), "writing a frame delay");
  check(EGifPutImageDesc(gif_, 0, 0, width_, height_, false, local.get()), "writing a frame");
  std::vector<std::uint8_t> indices = palette_indices(fitted, palette);
  for (int y = 0; y < height_; ++y)
    check(EGifPutLine(gif_, indices.data() + static_cast<std::size_t>(y) * width_, width_), "writing a frame");
  ++frames_;
}

void GifEncoder::finish() {
  if (!gif_) return;
  if (frames_ == 0) throw RecordError(file_.final_path() + ": no frames were recorded, so no GIF was written");
  int error = 0;
  const int result = EGifCloseFile(gif_, &error);
  gif_ = nullptr;
  if (result == GIF_ERROR) throw RecordError(file_.final_path() + ": closing failed: " + GifErrorString(error));
  file_.commit();
}

}  // namespace stereocl
