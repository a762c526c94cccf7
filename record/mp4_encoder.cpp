#include "record/mp4_encoder.hpp"

#include "record/ffmpeg_api.hpp"
#include "record/frame_fit.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace stereocl {
namespace {

constexpr int kFramesPerSecond = 60;

std::string av_error_text(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

const AVCodec* find_h264_encoder() {
  if (const AVCodec* x264 = avcodec_find_encoder_by_name("libx264")) return x264;
  void* state = nullptr;
  while (const AVCodec* codec = av_codec_iterate(&state)) {
    // Hardware encoders want frames in GPU memory, not YUV 4:2:0 from the host.
    if (av_codec_is_encoder(codec) && codec->id == AV_CODEC_ID_H264 &&
        ffmpeg_api::encoder_takes(codec, AV_PIX_FMT_YUV420P) && !(codec->capabilities & AV_CODEC_CAP_EXPERIMENTAL))
      return codec;
  }
  return nullptr;
}

void describe_frames(AVCodecContext& context, int width, int height, int format_flags) {
  context.width = width;
  context.height = height;
  context.pix_fmt = AV_PIX_FMT_YUV420P;
  context.time_base = AVRational{1, kFramesPerSecond};
  context.framerate = AVRational{kFramesPerSecond, 1};
  context.gop_size = kFramesPerSecond;  // a key frame every second, so players can seek
  // What swscale's default RGB -> YUV matrix produces: BT.601, limited range, from sRGB.
  context.colorspace = AVCOL_SPC_SMPTE170M;
  context.color_range = AVCOL_RANGE_MPEG;
  context.color_primaries = AVCOL_PRI_BT709;
  context.color_trc = AVCOL_TRC_IEC61966_2_1;
  if (format_flags & AVFMT_GLOBALHEADER) context.flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
}

// Returns avcodec_open2's result: the caller names the file in the message.
int open_encoder(AVCodecContext& context, const AVCodec* encoder, int quality) {
  AVDictionary* settings = nullptr;
  if (std::string(encoder->name) == "libx264") {
    // superfast: half the time of veryfast on random dots (71 vs 133 ms a 2005x1080 frame on
    // 2 cores) for 1.5 times the bytes.
    av_dict_set(&settings, "preset", "superfast", 0);
    av_dict_set(&settings, "crf", std::to_string(quality).c_str(), 0);
  }
  const int opened = avcodec_open2(&context, encoder, &settings);
  av_dict_free(&settings);
  return opened;
}

}  // namespace

std::string h264_encoder_name() {
  const AVCodec* codec = find_h264_encoder();
  return codec ? codec->name : "";
}

struct Mp4Encoder::Codec {
  const AVCodec* encoder = nullptr;
  AVFormatContext* format = nullptr;
  AVCodecContext* context = nullptr;
  AVStream* stream = nullptr;  // owned by format
  SwsContext* scaler = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;

  ~Codec() {
    sws_freeContext(scaler);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    if (format && format->pb) avio_closep(&format->pb);
    avformat_free_context(format);
  }
};

Result<std::unique_ptr<Mp4Encoder>> Mp4Encoder::open(const std::string& path, int quality) {
  Result<PartialFile> file = PartialFile::create(path);
  if (!file) return failure(file.error());
  // libx264's closing statistics would break the one-line progress; errors still get through.
  av_log_set_level(AV_LOG_ERROR);
  auto codec = std::make_unique<Codec>();
  codec->encoder = find_h264_encoder();
  if (!codec->encoder)
    return failure(path + ": this FFmpeg (" LIBAVCODEC_IDENT ") has no H.264 encoder; install libavcodec with libx264");
  const std::string& temporary = file->temporary_path();
  int result = avformat_alloc_output_context2(&codec->format, nullptr, "mp4", temporary.c_str());
  if (result < 0) return failure(path + ": this FFmpeg cannot write MP4: " + av_error_text(result));
  result = avio_open(&codec->format->pb, temporary.c_str(), AVIO_FLAG_WRITE);
  if (result < 0) return failure(path + ": cannot create " + temporary + ": " + av_error_text(result));
  return std::unique_ptr<Mp4Encoder>(new Mp4Encoder(std::move(*file), std::move(codec), quality));
}

Mp4Encoder::Mp4Encoder(PartialFile file, std::unique_ptr<Codec> codec, int quality)
    : file_(std::move(file)), codec_(std::move(codec)), quality_(quality) {}

Mp4Encoder::~Mp4Encoder() = default;

Failure Mp4Encoder::failed(const std::string& doing, int code) const {
  return failure(file_.final_path() + ": " + doing + ": " + av_error_text(code));
}

Status Mp4Encoder::start(int width, int height) {
  Codec& codec = *codec_;
  width_ = width;
  height_ = height;
  codec.context = avcodec_alloc_context3(codec.encoder);
  AVCodecContext& context = *codec.context;
  describe_frames(context, width, height, codec.format->oformat->flags);
  if (const int opened = open_encoder(context, codec.encoder, quality_); opened < 0)
    return failed(std::string("opening the encoder ") + codec.encoder->name, opened);

  codec.stream = avformat_new_stream(codec.format, nullptr);
  codec.stream->time_base = context.time_base;
  codec.stream->avg_frame_rate = context.framerate;
  if (const int result = avcodec_parameters_from_context(codec.stream->codecpar, &context); result < 0)
    return failed("describing the stream", result);
  if (const int result = avformat_write_header(codec.format, nullptr); result < 0)
    return failed("writing the header", result);

  codec.scaler = sws_getContext(width, height, AV_PIX_FMT_RGBA, width, height, AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr,
                                nullptr, nullptr);
  codec.frame = av_frame_alloc();
  codec.packet = av_packet_alloc();
  if (!codec.scaler || !codec.frame || !codec.packet) return failed("setting up the conversion", AVERROR(ENOMEM));
  codec.frame->format = AV_PIX_FMT_YUV420P;
  codec.frame->width = width;
  codec.frame->height = height;
  if (const int result = av_frame_get_buffer(codec.frame, 0); result < 0) return failed("allocating a frame", result);
  return {};
}

Status Mp4Encoder::add(const RgbaImage& frame) {
  if (finished_) return failure(file_.final_path() + ": the recording is already finished");
  if (frames_ == 0) {
    if (Status started = start(frame.width + (frame.width & 1), frame.height + (frame.height & 1)); !started)
      return started;
  }
  RgbaImage fitted;
  const RgbaImage* source = &frame;
  if (frame.width != width_ || frame.height != height_) source = &(fitted = fit_frame(frame, width_, height_));

  Codec& codec = *codec_;
  if (const int result = av_frame_make_writable(codec.frame); result < 0)
    return failure(file_.final_path() + ": " + av_error_text(result));
  const std::uint8_t* planes[1] = {reinterpret_cast<const std::uint8_t*>(source->pixels.data())};
  const int strides[1] = {width_ * 4};
  sws_scale(codec.scaler, planes, strides, 0, height_, codec.frame->data, codec.frame->linesize);
  codec.frame->pts = frames_;
  if (const int result = avcodec_send_frame(codec.context, codec.frame); result < 0)
    return failed("encoding a frame", result);
  if (Status encoded = encode(false); !encoded) return encoded;
  ++frames_;
  return {};
}

// Writes every packet the encoder has ready (all of them once flushed).
Status Mp4Encoder::encode(bool flush) {
  Codec& codec = *codec_;
  if (flush) avcodec_send_frame(codec.context, nullptr);
  for (;;) {
    const int received = avcodec_receive_packet(codec.context, codec.packet);
    if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) return {};
    if (received < 0) return failed("encoding", received);
    av_packet_rescale_ts(codec.packet, codec.context->time_base, codec.stream->time_base);
    codec.packet->stream_index = codec.stream->index;
    if (const int written = av_interleaved_write_frame(codec.format, codec.packet); written < 0)
      return failed("writing", written);
  }
}

Status Mp4Encoder::finish() {
  if (finished_) return {};
  if (frames_ == 0) return failure(file_.final_path() + ": no frames were recorded, so no MP4 was written");
  if (Status encoded = encode(true); !encoded) return encoded;
  if (const int result = av_write_trailer(codec_->format); result < 0) return failed("finishing the file", result);
  if (const int result = avio_closep(&codec_->format->pb); result < 0) return failed("closing", result);
  finished_ = true;
  return file_.commit();
}

}  // namespace stereocl
