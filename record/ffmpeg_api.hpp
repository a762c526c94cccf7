#pragma once
// The one place where the FFmpeg of Debian 12 (5.1) and Debian 13 (7.1) differ for stereocl:
// FFmpeg 7.1 deprecated AVCodec::pix_fmts for avcodec_get_supported_config(), which 5.1 lacks.

extern "C" {
#include <libavcodec/avcodec.h>
}

namespace stereocl::ffmpeg_api {

// Whether the encoder takes frames in this pixel format; true where it does not say, so that
// avcodec_open2 decides.
inline bool encoder_takes(const AVCodec* codec, AVPixelFormat wanted) {
  const AVPixelFormat* formats = nullptr;
  int count = -1;  // -1: the list ends in AV_PIX_FMT_NONE
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(61, 13, 100)
  const void* configs = nullptr;
  if (avcodec_get_supported_config(nullptr, codec, AV_CODEC_CONFIG_PIX_FORMAT, 0, &configs, &count) < 0) return true;
  formats = static_cast<const AVPixelFormat*>(configs);
#else
  formats = codec->pix_fmts;
#endif
  if (!formats) return true;
  for (int i = 0; count < 0 ? formats[i] != AV_PIX_FMT_NONE : i < count; ++i)
    if (formats[i] == wanted) return true;
  return false;
}

}  // namespace stereocl::ffmpeg_api
