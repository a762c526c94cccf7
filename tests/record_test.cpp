// Recording: each encoder's file decodes back, with the same libraries, to the frames that went
// in (count, size and, where the format is lossless, the pixels), and the binary's --record
// writes what it says and refuses what it cannot write.
#include "config/options.hpp"
#include "pipeline/engine.hpp"
#include "ui/panel.hpp"
#include "app/recording.hpp"
#include "ui/window.hpp"
#include "random_images.hpp"
#include "record/frame_encoder.hpp"
#include "record/gif_encoder.hpp"
#include "record/gif_palette.hpp"
#include "record/mp4_recording.hpp"
#include "record/png_frames_encoder.hpp"
#include "record/record_format.hpp"
#include "record/size_forecast.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gif_lib.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>
#include <gtest/gtest.h>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <stdexcept>
#include <thread>

namespace stereocl {
namespace {

using testing::run_stereocl;
using testing::scratch_file;

// The encoder an open() made; a failure fails the test with its reason.
template <class Encoder>
std::unique_ptr<Encoder> opened(Result<std::unique_ptr<Encoder>> result) {
  if (!result) throw std::runtime_error(result.error());
  return std::move(*result);
}

RgbaImage random_grey_rgba(int width, int height, unsigned seed) {
  const GreyImage grey = testing::random_grey(width, height, seed);
  RgbaImage image(width, height);
  std::transform(grey.pixels.begin(), grey.pixels.end(), image.pixels.begin(),
                 [](std::uint8_t v) { return Rgba8{v, v, v, 255}; });
  return image;
}

RgbaImage random_opaque_colour(int width, int height, unsigned seed) {
  RgbaImage image = testing::random_rgba(width, height, seed);
  for (Rgba8& pixel : image.pixels) pixel.a = 255;
  return image;
}

struct DecodedGif {
  int width = 0, height = 0;
  std::vector<RgbaImage> frames;    // as shown: each image over what came before
  std::vector<long long> areas;      // each image's own pixels
  std::vector<int> delays_cs;
  bool loops_forever = false;
};

bool is_loop_forever(const SavedImage& image) {
  for (int i = 0; i + 1 < image.ExtensionBlockCount; ++i) {
    const ExtensionBlock& block = image.ExtensionBlocks[i];
    const ExtensionBlock& next = image.ExtensionBlocks[i + 1];
    if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
        std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0 && next.ByteCount == 3 && next.Bytes[0] == 1 &&
        next.Bytes[1] == 0 && next.Bytes[2] == 0)
      return true;
  }
  return false;
}

DecodedGif decode_gif(const std::string& path) {
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  if (!gif) {
    ADD_FAILURE() << path << ": " << GifErrorString(error);
    return {};
  }
  DecodedGif decoded;
  if (DGifSlurp(gif) == GIF_ERROR) ADD_FAILURE() << path << ": " << GifErrorString(gif->Error);
  decoded.width = gif->SWidth;
  decoded.height = gif->SHeight;
  // As a viewer plays it: each image drawn at its place over what the frames before left (the
  // encoder writes only the rectangle that changed).
  RgbaImage screen(gif->SWidth, gif->SHeight);
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& saved = gif->SavedImages[i];
    const GifImageDesc& where = saved.ImageDesc;
    decoded.areas.push_back(static_cast<long long>(where.Width) * where.Height);
    const ColorMapObject* map = where.ColorMap ? where.ColorMap : gif->SColorMap;
    for (int y = 0; y < where.Height; ++y)
      for (int x = 0; x < where.Width; ++x) {
        const GifColorType colour = map->Colors[saved.RasterBits[static_cast<std::size_t>(y) * where.Width + x]];
        screen.at(where.Left + x, where.Top + y) = Rgba8{colour.Red, colour.Green, colour.Blue, 255};
      }
    decoded.frames.push_back(screen);
    GraphicsControlBlock timing{};
    DGifSavedExtensionToGCB(gif, i, &timing);
    decoded.delays_cs.push_back(timing.DelayTime);
  }
  decoded.loops_forever = gif->ImageCount > 0 && is_loop_forever(gif->SavedImages[0]);
  DGifCloseFile(gif, &error);
  return decoded;
}

struct DecodedVideo {
  int width = 0, height = 0;
  std::string codec;
  double frame_rate = 0;
  std::vector<double> mean_luma;  // one per decoded frame, Y plane
};

double mean_of_luma(const AVFrame& frame) {
  double sum = 0;
  for (int y = 0; y < frame.height; ++y)
    sum = std::accumulate(frame.data[0] + y * frame.linesize[0], frame.data[0] + y * frame.linesize[0] + frame.width, sum);
  return sum / (static_cast<double>(frame.width) * frame.height);
}

void receive_frames(AVCodecContext* decoder, AVFrame* frame, DecodedVideo& video) {
  while (avcodec_receive_frame(decoder, frame) == 0) {
    video.width = frame->width;
    video.height = frame->height;
    video.mean_luma.push_back(mean_of_luma(*frame));
  }
}

DecodedVideo decode_video(const std::string& path) {
  DecodedVideo video;
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0 || avformat_find_stream_info(format, nullptr) < 0) {
    ADD_FAILURE() << path << ": libavformat cannot read it";
    avformat_close_input(&format);
    return video;
  }
  const AVCodec* codec = nullptr;
  const int stream = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  EXPECT_GE(stream, 0) << path << ": no video stream";
  if (stream < 0) {
    avformat_close_input(&format);
    return video;
  }
  video.codec = avcodec_get_name(format->streams[stream]->codecpar->codec_id);
  video.frame_rate = av_q2d(format->streams[stream]->avg_frame_rate);
  AVCodecContext* decoder = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(decoder, format->streams[stream]->codecpar);
  EXPECT_EQ(avcodec_open2(decoder, codec, nullptr), 0);
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  while (av_read_frame(format, packet) >= 0) {
    if (packet->stream_index == stream && avcodec_send_packet(decoder, packet) == 0) receive_frames(decoder, frame, video);
    av_packet_unref(packet);
  }
  avcodec_send_packet(decoder, nullptr);
  receive_frames(decoder, frame, video);
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&decoder);
  avformat_close_input(&format);
  return video;
}

// The recording's temporary files beside `path` ("NAME.XXXXXX.partial").
std::vector<std::filesystem::path> partials_of(const std::string& path) {
  const std::filesystem::path final_path(path);
  const std::string prefix = final_path.filename().string() + ".";
  std::vector<std::filesystem::path> found;
  for (const auto& entry : std::filesystem::directory_iterator(final_path.parent_path())) {
    const std::string name = entry.path().filename().string();
    if (name.size() > prefix.size() + 8 && name.rfind(prefix, 0) == 0 && name.substr(name.size() - 8) == ".partial")
      found.push_back(entry.path());
  }
  return found;
}

bool nothing_left_at(const std::string& path) { return !std::filesystem::exists(path) && partials_of(path).empty(); }

// --- which encoder a path asks for --------------------------------------------------------

TEST(RecordFormat, ExtensionChoosesTheEncoder) {
  EXPECT_EQ(*(record_format_for("frames")), RecordFormat::png_frames);
  EXPECT_EQ(*(record_format_for("out/frames/")), RecordFormat::png_frames);
  EXPECT_EQ(*(record_format_for("a.gif")), RecordFormat::gif);
  EXPECT_EQ(*(record_format_for("dir/A.GIF")), RecordFormat::gif);
  EXPECT_EQ(*(record_format_for("talk.mp4")), RecordFormat::mp4);
  const std::string dotted_folder = scratch_file("frames.d");
  std::filesystem::create_directories(dotted_folder);
  EXPECT_EQ(*(record_format_for(dotted_folder)), RecordFormat::png_frames);
}

TEST(RecordFormat, UnknownExtensionIsRefusedWithTheRule) {
  const std::string reason = check_record_path("talk.avi");
  EXPECT_NE(reason.find("--record talk.avi"), std::string::npos) << reason;
  EXPECT_NE(reason.find(".gif or .mp4"), std::string::npos) << reason;
  EXPECT_EQ(reason.find('\n'), std::string::npos);
  EXPECT_TRUE(check_record_path("talk.mp4").empty());
}

// --- GIF ---------------------------------------------------------------------------------

// "-" is stdout for every other output; a recording cannot go there, and no folder is named "-".
TEST(RecordFormat, StandardOutputIsRefusedBeforeAnythingIsMade) {
  const Result<RecordFormat> format = record_format_for("-");
  ASSERT_FALSE(format);
  EXPECT_NE(format.error().find("--record -: a recording goes to a folder"), std::string::npos) << format.error();
  const auto refused = run_stereocl({"--hidden", "--mode", "cpu", "--size", "64x48", "--frames", "1", "--record", "-"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("not stdout"), std::string::npos) << refused.err;
  EXPECT_FALSE(std::filesystem::exists("-")) << "no folder named -";
}

// Issue 58: by another name stdout is still no folder, and a GIF renamed over /dev/stdout's file
// would replace what the shell meant to append to.
TEST(RecordFormat, OurOwnStreamByAnyNameIsRefused) {
  for (const std::string name : {"/dev/stdout", "/dev/stderr", "/proc/self/fd/2"}) {
    const Result<RecordFormat> format = record_format_for(name);
    ASSERT_FALSE(format) << name;
    EXPECT_NE(format.error().find("is this program's std"), std::string::npos) << format.error();
  }
}

TEST(GifPalette, ColourCubeIsWithinHalfAStepOfEveryColour) {
  const RgbaImage colour = random_opaque_colour(1921, 3, 7);
  ASSERT_EQ(palette_for(colour), GifPalette::colour_cube);
  const auto palette = palette_colours(GifPalette::colour_cube);
  const auto indices = palette_indices(colour, GifPalette::colour_cube);
  for (std::size_t i = 0; i < indices.size(); ++i) {
    ASSERT_LT(indices[i], kCubeRed * kCubeGreen * kCubeBlue);
    const PaletteColour got = palette[indices[i]];
    ASSERT_LE(std::abs(got.r - colour.pixels[i].r), 26) << i;  // 255 / 5 / 2, rounded up
    ASSERT_LE(std::abs(got.g - colour.pixels[i].g), 22) << i;  // 255 / 6 / 2
    ASSERT_LE(std::abs(got.b - colour.pixels[i].b), 26) << i;
  }
}

TEST(GifEncoder, GreyFramesOfAwkwardSizesComeBackExactly) {
  // 5000 wide: random dots fill LZW's 4096 codes within a row, so the table also clears mid-row.
  for (const auto [width, height] : {std::pair{1, 1}, {17, 3}, {320, 180}, {5000, 3}, {1, 300}}) {
    const std::string path = scratch_file("grey-" + std::to_string(width) + "x" + std::to_string(height) + ".gif");
    std::vector<RgbaImage> frames;
    {
      const auto encoder = opened(GifEncoder::open(path));
      for (unsigned seed = 1; seed <= 5; ++seed) {
        frames.push_back(random_grey_rgba(width, height, seed));
        ASSERT_TRUE(encoder->add(frames.back()));
      }
      ASSERT_TRUE(encoder->finish());
    }
    const DecodedGif gif = decode_gif(path);
    EXPECT_EQ(gif.width, width);
    EXPECT_EQ(gif.height, height);
    ASSERT_EQ(gif.frames.size(), frames.size());
    for (std::size_t i = 0; i < frames.size(); ++i) EXPECT_TRUE(gif.frames[i].pixels == frames[i].pixels) << "frame " << i;
    EXPECT_TRUE(gif.loops_forever);
    EXPECT_TRUE(std::all_of(gif.delays_cs.begin(), gif.delays_cs.end(), [](int d) { return d == kGifFrameDelayCentiseconds; }));
    EXPECT_TRUE(partials_of(path).empty());
  }
}

// Rows of random dots, each repeating itself every `period` pixels, as a stereogram's rows do.
RgbaImage repeating_rows(int width, int height, int period, unsigned seed) {
  const RgbaImage dots = random_grey_rgba(period, height, seed);
  RgbaImage image(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) image.at(x, y) = dots.at(x % period, y);
  return image;
}

// The same picture through giflib's own LZW (EGifPutLine), for its size.
std::uintmax_t giflibs_own_size(const RgbaImage& picture, const std::string& path) {
  int error = 0;
  GifFileType* gif = EGifOpenFileName(path.c_str(), false, &error);
  if (!gif) return 0;
  GifColorType greys[256];
  for (int i = 0; i < 256; ++i) greys[i] = {static_cast<GifByteType>(i), static_cast<GifByteType>(i), static_cast<GifByteType>(i)};
  ColorMapObject* map = GifMakeMapObject(256, greys);
  int result = EGifPutScreenDesc(gif, picture.width, picture.height, 8, 0, map);
  if (result != GIF_ERROR) result = EGifPutImageDesc(gif, 0, 0, picture.width, picture.height, false, nullptr);
  std::vector<GifPixelType> row(static_cast<std::size_t>(picture.width));
  for (int y = 0; y < picture.height && result != GIF_ERROR; ++y) {
    for (int x = 0; x < picture.width; ++x) row[static_cast<std::size_t>(x)] = picture.at(x, y).r;
    result = EGifPutLine(gif, row.data(), picture.width);
  }
  GifFreeMapObject(map);
  EGifCloseFile(gif, &error);
  return result == GIF_ERROR ? 0 : std::filesystem::file_size(path);
}

// The encoder starts LZW's table afresh on every row (record/gif_lzw.hpp): a stereogram's rows
// come back exactly, and smaller than giflib's table-until-full makes them.
TEST(GifEncoder, RowsThatRepeatThemselvesComeBackExactlyAndSmallerThanGiflibsOwn) {
  const std::string path = scratch_file("repeating.gif");
  const RgbaImage picture = repeating_rows(1280, 90, 87, 11);
  {
    const auto encoder = opened(GifEncoder::open(path));
    ASSERT_TRUE(encoder->add(picture));
    ASSERT_TRUE(encoder->finish());
  }
  const DecodedGif gif = decode_gif(path);
  ASSERT_EQ(gif.frames.size(), 1u);
  EXPECT_TRUE(gif.frames[0].pixels == picture.pixels);
  const std::uintmax_t giflib = giflibs_own_size(picture, scratch_file("repeating-giflib.gif"));
  ASSERT_GT(giflib, 0u);
  EXPECT_LT(static_cast<double>(std::filesystem::file_size(path)), 0.9 * static_cast<double>(giflib))
      << std::filesystem::file_size(path) << " bytes against giflib's " << giflib;
}

// A 138 MB GIF of 300 frames: each frame was whole. Now a frame holds what changed, and plays back
// frame-exact over the ones before.
TEST(GifEncoder, AFrameHoldsOnlyTheRectangleThatChanged) {
  const std::string path = scratch_file("changed.gif");
  std::vector<RgbaImage> frames = {random_grey_rgba(64, 40, 5)};
  frames.push_back(frames[0]);
  for (int y = 10; y < 14; ++y)
    for (int x = 20; x < 27; ++x) frames[1].at(x, y) = Rgba8{0, 0, 0, 255};
  frames.push_back(frames[1]);  // nothing changes
  frames.push_back(random_grey_rgba(64, 40, 6));
  {
    const auto encoder = opened(GifEncoder::open(path));
    for (const RgbaImage& frame : frames) ASSERT_TRUE(encoder->add(frame));
    ASSERT_TRUE(encoder->finish());
  }
  const DecodedGif gif = decode_gif(path);
  ASSERT_EQ(gif.frames.size(), frames.size());
  for (std::size_t i = 0; i < frames.size(); ++i) EXPECT_TRUE(gif.frames[i].pixels == frames[i].pixels) << "frame " << i;
  EXPECT_EQ(gif.areas[0], 64 * 40);
  EXPECT_LE(gif.areas[1], 7 * 4) << "only the rectangle that changed";
  EXPECT_EQ(gif.areas[2], 1) << "nothing changed: one pixel, as a GIF frame needs";
  EXPECT_GT(gif.areas[3], 64 * 30);
}

TEST(GifEncoder, ColourFrameInAGreyRecordingGetsItsOwnPaletteAndLaterSizesAreFitted) {
  const std::string path = scratch_file("mixed.gif");
  const RgbaImage grey = random_grey_rgba(17, 3, 1);
  const RgbaImage colour = random_opaque_colour(19, 2, 2);  // wider and shorter than the first
  {
    const auto encoder = opened(GifEncoder::open(path));
    ASSERT_TRUE(encoder->add(grey));
    ASSERT_TRUE(encoder->add(colour));
    ASSERT_TRUE(encoder->finish());
  }
  const DecodedGif gif = decode_gif(path);
  ASSERT_EQ(gif.frames.size(), 2u);
  EXPECT_TRUE(gif.frames[0].pixels == grey.pixels);
  const RgbaImage& second = gif.frames[1];
  ASSERT_EQ(second.width, 17);
  ASSERT_EQ(second.height, 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 17; ++x) {
      const Rgba8 want = colour.at(x, std::min(y, 1));  // the missing third row repeats the last
      EXPECT_LE(std::abs(second.at(x, y).g - want.g), 22) << x << "," << y;
      EXPECT_LE(std::abs(second.at(x, y).r - want.r), 26) << x << "," << y;
    }
}

TEST(GifEncoder, UnfinishedRecordingLeavesNothingBehind) {
  const std::string path = scratch_file("abandoned.gif");
  {
    const auto encoder = opened(GifEncoder::open(path));
    ASSERT_TRUE(encoder->add(random_grey_rgba(8, 8, 3)));
    EXPECT_EQ(partials_of(path).size(), 1u);
  }
  EXPECT_TRUE(nothing_left_at(path));
}

// A finished or empty recording says so in one line instead of writing or leaving a file.
TEST(GifEncoder, NoFramesOrAFrameAfterTheEndIsRefused) {
  const std::string path = scratch_file("empty.gif");
  {
    const auto encoder = opened(GifEncoder::open(path));
    const Status finished = encoder->finish();
    ASSERT_FALSE(finished);
    EXPECT_EQ(finished.error(), path + ": no frames were recorded, so no GIF was written");
  }
  EXPECT_TRUE(nothing_left_at(path));
  const auto encoder = opened(GifEncoder::open(path));
  ASSERT_TRUE(encoder->add(random_grey_rgba(4, 4, 1)));
  ASSERT_TRUE(encoder->finish());
  const Status late = encoder->add(random_grey_rgba(4, 4, 2));
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error(), path + ": the recording is already finished");
  EXPECT_EQ(decode_gif(path).frames.size(), 1u);
}

// Issue 58: a recording renamed its file over a symbolic link, where -o replaces the file the link
// names. The link stays, and what it points at is the new recording.
TEST(GifEncoder, ALinkIsFollowedAsTheStillsOutputFollowsOne) {
  const std::string real = testing::write_bytes("linked-real.gif", "an earlier recording");
  const std::string link = scratch_file("linked.gif");
  std::filesystem::remove(link);
  std::filesystem::create_symlink(real, link);
  {
    const auto encoder = opened(GifEncoder::open(link));
    ASSERT_TRUE(encoder->add(random_grey_rgba(8, 8, 3)));
    ASSERT_TRUE(encoder->finish());
  }
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(decode_gif(real).frames.size(), 1u);
  EXPECT_TRUE(partials_of(real).empty());
}

// Issue 58: --record r.gif replaced an earlier recording silently where a folder of frames needed
// --overwrite. One rule for every recording: --overwrite, or a new name.
TEST(RecordOption, AnEarlierRecordingFileIsReplacedOnlyWithOverwrite) {
  const std::string gif = testing::write_bytes("earlier.gif", "an earlier recording");
  const Status refused = check_record_target(gif, false);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "--record " + gif + ": the file exists (an earlier recording?); name a new file, or add "
                             "--overwrite to replace it");
  EXPECT_TRUE(check_record_target(gif, true).ok());
  EXPECT_TRUE(check_record_target(scratch_file("a-new.mp4"), false).ok());
  const std::string fifo = scratch_file("a-pipe.gif");  // a folder by that name is a folder of frames
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const Status pipe = check_record_target(fifo, true);
  ASSERT_FALSE(pipe);
  EXPECT_NE(pipe.error().find("is there and not a file"), std::string::npos) << pipe.error();
  const auto again = run_stereocl({"--hidden", "--mode", "cpu", "--size", "64x48", "--frames", "1", "--record", gif});
  EXPECT_EQ(again.exit_code, 2) << again.err;
  EXPECT_EQ(testing::read_text(gif), "an earlier recording");
}

// GIFs were created 0600 by giflib while PNG and MP4 honoured the umask; and a user's own
// "NAME.partial" was the temporary name, clobbered and then removed.
TEST(GifEncoder, HonoursTheUmaskAndLeavesAUsersPartialFileAlone) {
  const std::string path = scratch_file("umask.gif");
  const std::string users = testing::write_bytes("umask.gif.partial", "the user's own notes");
  for (const mode_t mask : {mode_t{022}, mode_t{027}}) {
    std::filesystem::remove(path);
    const mode_t old = ::umask(mask);
    {
      const auto encoder = opened(GifEncoder::open(path));
      ASSERT_TRUE(encoder->add(random_grey_rgba(8, 8, 3)));
      ASSERT_TRUE(encoder->finish());
    }
    ::umask(old);
    struct stat status {};
    ASSERT_EQ(::stat(path.c_str(), &status), 0);
    EXPECT_EQ(status.st_mode & 0777, 0666 & ~mask) << std::oct << mask;
  }
  EXPECT_EQ(testing::read_text(users), "the user's own notes");
  EXPECT_TRUE(partials_of(path).empty());
}

// --- MP4 ---------------------------------------------------------------------------------

TEST(Mp4Encoder, FramesDecodeBackInOrderAtAnEvenSize) {
  ASSERT_FALSE(mp4_recording_encoder().empty()) << "this FFmpeg has no H.264 encoder";
  for (const auto [width, height] : {std::pair{17, 3}, {320, 180}}) {
    const std::string path = scratch_file("video-" + std::to_string(width) + ".mp4");
    {
      const auto encoder = opened(open_mp4_recording(path, kDefaultMp4Quality));
      // Black and white in turn, so the decoded brightness shows every frame, in order.
      for (int i = 0; i < 20; ++i) {
        const std::uint8_t v = i % 2 ? 255 : 0;
        ASSERT_TRUE(encoder->add(RgbaImage(width, height, Rgba8{v, v, v, 255})));
      }
      ASSERT_TRUE(encoder->finish());
    }
    const DecodedVideo video = decode_video(path);
    EXPECT_EQ(video.codec, "h264");
    EXPECT_EQ(video.width, width + width % 2);
    EXPECT_EQ(video.height, height + height % 2);
    EXPECT_NEAR(video.frame_rate, 60.0, 0.01);
    ASSERT_EQ(video.mean_luma.size(), 20u);
    for (std::size_t i = 0; i < 20; ++i) {
      if (i % 2) EXPECT_GT(video.mean_luma[i], 200.0) << "frame " << i;  // limited range: white is Y 235
      else EXPECT_LT(video.mean_luma[i], 40.0) << "frame " << i;        // black is Y 16
    }
    EXPECT_TRUE(partials_of(path).empty());
  }
}

// --record-quality: the constant rate factor reaches x264; random dots at 0 (lossless) take far
// more bytes than at 40, and both decode to every frame.
TEST(Mp4Encoder, QualityTradesBytesForSharpness) {
  ASSERT_FALSE(mp4_recording_encoder().empty()) << "this FFmpeg has no H.264 encoder";
  std::uintmax_t bytes[2] = {};
  const int qualities[2] = {0, 40};
  for (int i = 0; i < 2; ++i) {
    const std::string path = scratch_file("quality-" + std::to_string(qualities[i]) + ".mp4");
    {
      const auto encoder = opened(open_mp4_recording(path, qualities[i]));
      for (int frame = 0; frame < 6; ++frame)
        ASSERT_TRUE(encoder->add(random_grey_rgba(96, 64, static_cast<unsigned>(frame))));
      ASSERT_TRUE(encoder->finish());
    }
    EXPECT_EQ(decode_video(path).mean_luma.size(), 6u);
    bytes[i] = std::filesystem::file_size(path);
  }
  EXPECT_GT(bytes[0], 3 * bytes[1]) << "lossless " << bytes[0] << " bytes, crf 40 " << bytes[1];
}

TEST(Mp4Encoder, NoFramesIsAnErrorAndLeavesNoFile) {
  const std::string path = scratch_file("empty.mp4");
  {
    const auto encoder = opened(open_mp4_recording(path, kDefaultMp4Quality));
    const Status finished = encoder->finish();
    ASSERT_FALSE(finished);
    EXPECT_EQ(finished.error(), path + ": no frames were recorded, so no MP4 was written");
  }
  EXPECT_TRUE(nothing_left_at(path));
}

// --- PNG frames and unwritable paths -------------------------------------------------------

TEST(PngFramesEncoder, WritesNumberedFramesIntoANewFolder) {
  const std::string folder = scratch_file("png-frames/nested");
  const RgbaImage first = random_grey_rgba(17, 3, 4), second = random_opaque_colour(1, 1, 5);
  const auto encoder = opened(PngFramesEncoder::open(folder));
  ASSERT_TRUE(encoder->add(first));
  ASSERT_TRUE(encoder->add(second));
  ASSERT_TRUE(encoder->finish());
  EXPECT_EQ(encoder->frames_written(), 2);
  EXPECT_TRUE(testing::read_png(folder + "/frame-000001.png").pixels == first.pixels);
  EXPECT_TRUE(testing::read_png(folder + "/frame-000002.png").pixels == second.pixels);
  EXPECT_FALSE(std::filesystem::exists(folder + "/frame-000003.png"));
}

TEST(FrameEncoder, UnwritablePathsFailAtOnceWithOneLine) {
  // Below a plain file nothing can be created, even by root.
  const std::string file = testing::write_bytes("plain-file", "x");
  for (const std::string name : {"out.gif", "out.mp4", "frames"}) {
    const Result<std::unique_ptr<FrameEncoder>> encoder = open_frame_encoder(file + "/" + name);
    ASSERT_FALSE(encoder) << name << " was accepted";
    EXPECT_NE(encoder.error().find(file + "/" + name), std::string::npos) << encoder.error();
    EXPECT_EQ(encoder.error().find('\n'), std::string::npos) << encoder.error();
  }
}

// --- the panel's Record button ----------------------------------------------------------

TEST(Recording, RecordButtonStartsAndStopsATimestampedFile) {
  WindowSettings hidden;
  hidden.width = 320;
  hidden.height = 240;
  hidden.visible = false;
  Window window(hidden);
  Options options;
  options.size = Size{96, 64};
  options.mode = Mode::cpu;
  Engine demo(options, open_opencl(window.share_handles(), ""));
  // The button's file goes to the working directory, as screenshots do.
  const auto previous_directory = std::filesystem::current_path();
  const auto directory = testing::scratch_dir() / "record-button";
  std::filesystem::create_directories(directory);
  std::filesystem::current_path(directory);

  Recording recording("", std::nullopt);
  PanelState panel;
  ASSERT_TRUE(demo.render_frame(1.0 / 60.0));
  recording.after_frame(demo, panel);
  EXPECT_FALSE(recording.active());
  EXPECT_TRUE(panel.recording.empty());

  panel.record_requested = true;
  for (int frame = 0; frame < 7; ++frame) {
    ASSERT_TRUE(demo.render_frame(1.0 / 60.0));
    recording.after_frame(demo, panel);
    ASSERT_TRUE(recording.active());
  }
  const std::string file = panel.recording;
  EXPECT_TRUE(file.starts_with("stereocl-") && file.ends_with("." + panel_recording_extension())) << file;
  panel.record_requested = true;
  recording.after_frame(demo, panel);
  EXPECT_FALSE(recording.active());
  EXPECT_TRUE(panel.recording.empty());
  EXPECT_EQ(panel.message.text(), "Recorded 7 frames to " + file);
  EXPECT_EQ(recording.finish(), 0);
  EXPECT_EQ(decode_video((directory / file).string()).mean_luma.size(), 7u);
  std::filesystem::current_path(previous_directory);
}

// --- the binary -------------------------------------------------------------------------

constexpr int kFrames = 20;
// --size 320x180, the lookup algorithm with the default pattern width of 85 (an odd width, which
// MP4 must pad).
constexpr int kStereogramWidth = 320 + 85, kStereogramHeight = 180;

testing::ProgramResult record(const std::string& path, std::vector<std::string> extra = {}) {
  std::vector<std::string> arguments = {"--hidden", "--no-vsync", "--algorithm", "lookup", "--mode", "cpu", "--size", "320x180",
                                        "--frames", std::to_string(kFrames), "--record", path};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  return run_stereocl(arguments);
}

// A second recording into the same folder spliced the two (new frames 1-2, old 3-6), silently.
TEST(RecordOption, AFolderHoldingAnEarlierRecordingIsRefused) {
  const std::string folder = scratch_file("recorded-twice");
  ASSERT_EQ(record(folder).exit_code, 0);
  const RgbaImage first_take = testing::read_png(folder + "/frame-000001.png");
  const auto again = record(folder, {"--seed", "99"});
  EXPECT_EQ(again.exit_code, 2) << again.err;
  EXPECT_NE(again.err.find("--record " + folder + ": the folder is not empty"), std::string::npos) << again.err;
  EXPECT_TRUE(testing::read_png(folder + "/frame-000001.png").pixels == first_take.pixels);
  EXPECT_TRUE(check_record_target(scratch_file("a-new-folder"), false).ok());
  EXPECT_FALSE(check_record_target(folder, false).ok());
  EXPECT_TRUE(check_record_target(folder, true).ok()) << "--overwrite lets it replace the frames";
}

// A folder named like a frame stopped an --overwrite recording at that frame; it is refused before
// the first, and nothing in the folder changes.
TEST(RecordOption, OverwriteRefusesAFrameNameThatIsNotAFile) {
  const std::string folder = scratch_file("frame-named-folder");
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder + "/frame-000003.png");
  testing::write_bytes("frame-named-folder/frame-000001.png", "old frame");
  const Status checked = check_record_target(folder, true);
  ASSERT_FALSE(checked.ok());
  EXPECT_NE(checked.error().find("frame-000003.png there is not a frame an earlier recording wrote"), std::string::npos)
      << checked.error();
  const auto run = record(folder, {"--overwrite"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(testing::read_text(folder + "/frame-000001.png"), "old frame");
  EXPECT_TRUE(std::filesystem::is_directory(folder + "/frame-000003.png"));
}

// --overwrite replaces the earlier take whole: a shorter one leaves none of the old frames behind,
// and a file of the user's in the folder is kept.
TEST(RecordOption, OverwriteReplacesAnEarlierRecordingsFramesAndNothingElse) {
  const std::string folder = scratch_file("recorded-over");
  ASSERT_EQ(record(folder).exit_code, 0);
  testing::write_bytes("recorded-over/notes.txt", "keep me");
  const auto again = run_stereocl({"--hidden", "--no-vsync", "--mode", "cpu", "--size", "320x180", "--frames", "3",
                                   "--record", folder, "--overwrite"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(std::filesystem::exists(folder + "/" + PngFramesEncoder::frame_name(3)));
  EXPECT_FALSE(std::filesystem::exists(folder + "/" + PngFramesEncoder::frame_name(4))) << "an old frame was left";
  EXPECT_TRUE(std::filesystem::exists(folder + "/notes.txt"));
}

TEST(RecordOption, PngFolderHoldsEveryFrameAndTheLastIsTheScreenshot) {
  const std::string folder = scratch_file("recorded-frames");
  const std::string screenshot = scratch_file("recorded-last.png");
  const auto result = record(folder, {"--screenshot", screenshot});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto last = testing::read_png(folder + "/" + PngFramesEncoder::frame_name(kFrames));
  EXPECT_EQ(last.width, kStereogramWidth);
  EXPECT_EQ(last.height, kStereogramHeight);
  EXPECT_TRUE(last.pixels == testing::read_png(screenshot).pixels);
  EXPECT_FALSE(testing::read_png(folder + "/frame-000001.png").pixels == last.pixels) << "the ball should move";
  EXPECT_FALSE(std::filesystem::exists(folder + "/" + PngFramesEncoder::frame_name(kFrames + 1)));
  EXPECT_NE(result.err.find("record: 20/20 frames -> " + folder + "\n"), std::string::npos) << result.err;
}

TEST(RecordOption, GifDecodesToEveryFrame) {
  const std::string path = scratch_file("recorded.gif");
  const auto result = record(path);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const DecodedGif gif = decode_gif(path);
  EXPECT_EQ(gif.width, kStereogramWidth);
  EXPECT_EQ(gif.height, kStereogramHeight);
  EXPECT_EQ(gif.frames.size(), static_cast<std::size_t>(kFrames));
  EXPECT_TRUE(gif.loops_forever);
}

TEST(RecordOption, ColourPatternGifDecodesToEveryFrame) {
  const std::string path = scratch_file("recorded-colour.gif");
  const auto result = record(path, {"--colour-pattern"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const DecodedGif gif = decode_gif(path);
  EXPECT_EQ(gif.frames.size(), static_cast<std::size_t>(kFrames));
  ASSERT_FALSE(gif.frames.empty());
  EXPECT_EQ(palette_for(gif.frames[0]), GifPalette::colour_cube);
}

TEST(RecordOption, Mp4DecodesToEveryFrameAtAnEvenWidth) {
  const std::string path = scratch_file("recorded.mp4");
  const auto result = record(path);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const DecodedVideo video = decode_video(path);
  EXPECT_EQ(video.width, kStereogramWidth + 1);  // 405 is odd: padded by one column
  EXPECT_EQ(video.height, kStereogramHeight);
  EXPECT_EQ(video.mean_luma.size(), static_cast<std::size_t>(kFrames));
  EXPECT_TRUE(partials_of(path).empty());
}

TEST(RecordOption, UnwritablePathFailsWithOneLine) {
  const std::string path = testing::write_bytes("not-a-folder", "x") + "/out.mp4";
  const auto result = record(path);
  EXPECT_TRUE(result.exit_code == 1 || result.exit_code == 2) << result.exit_code;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_NE(result.err.find(path), std::string::npos) << result.err;
}

// MP4 is a module loaded on the first MP4 (record/mp4_module.hpp): a program whose module does
// not load refuses MP4 in one line naming the file and the way out, and still records GIF.
TEST(RecordOption, AnMp4ModuleThatIsNoModuleIsRefusedInOneLineAndGifStillRecords) {
  namespace fs = std::filesystem;
  const fs::path folder = scratch_file("program-beside-a-broken-module");
  const std::string program = testing::copy_program_to(folder);
  { std::ofstream(folder / "stereocl-mp4.so") << "not a module"; }
  ASSERT_EQ(setenv("STEREOCL_TEST_BINARY", program.c_str(), 1), 0);
  const auto mp4 = record(scratch_file("from-a-broken-module.mp4"));
  const auto gif = record(scratch_file("from-a-broken-module.gif"));
  unsetenv("STEREOCL_TEST_BINARY");
  EXPECT_EQ(mp4.exit_code, 2) << mp4.err;
  EXPECT_EQ(std::count(mp4.err.begin(), mp4.err.end(), '\n'), 1) << mp4.err;
  EXPECT_NE(mp4.err.find((folder / "stereocl-mp4.so").string() + " is not a shared library"), std::string::npos)
      << mp4.err;
  EXPECT_NE(mp4.err.find("record NAME.gif instead"), std::string::npos) << mp4.err;
  EXPECT_EQ(gif.exit_code, 0) << gif.err;
}

TEST(RecordOption, UnknownExtensionIsRefusedBeforeAnythingRuns) {
  const auto result = run_stereocl({"--record", "talk.avi"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("talk.avi"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find(".gif or .mp4"), std::string::npos) << result.err;
}

// --- signals: Ctrl+C on stage ---------------------------------------------------------------

// stereocl recording `path` with no --frames (as on stage), its stderr in `err`; returns its pid
// once the recording has frames in it.
// `shell_prefix` runs in the shell before it becomes stereocl ("trap '' HUP; " is nohup's part).
// `extra`: more options, already quoted for the shell.
pid_t start_recording(const std::string& path, const std::string& err, const std::string& shell_prefix = "",
                      const std::string& extra = "") {
  const char* binary = std::getenv("STEREOCL_TEST_BINARY");
  const std::string command = shell_prefix + "exec " + testing::shell_quote(binary ? binary : STEREOCL_BINARY) +
                              " --hidden --no-vsync --mode cpu --size 320x180 --record " + testing::shell_quote(path) +
                              " " + extra + " 2>" + testing::shell_quote(err) + " </dev/null >/dev/null";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

pid_t start_recording_until_stopped(const std::string& path, const std::string& err, const std::string& shell_prefix = "") {
  const pid_t pid = start_recording(path, err, shell_prefix);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline && ::waitpid(pid, nullptr, WNOHANG) == 0) {
    const auto partials = partials_of(path);
    std::error_code error;
    if (!partials.empty() && std::filesystem::file_size(partials.front(), error) > 4096 && !error) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // a few more frames
  return pid;
}

int wait_for(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

// Issue 29, case 6: Ctrl+C during --record talk.mp4 left only an unplayable talk.mp4.partial
// (no index) and said nothing.
TEST(RecordOption, ASignalFinishesTheRecordingAndSaysSo) {
  // A closed terminal (SIGHUP) too: a presenter's laptop lid or a dropped ssh session.
  for (const auto& [name, signal_number] :
       {std::pair{"signalled.gif", SIGINT}, std::pair{"signalled.mp4", SIGTERM}, std::pair{"hung-up.gif", SIGHUP}}) {
    if (std::string(name).ends_with(".mp4") && mp4_recording_encoder().empty()) continue;  // this build records GIF only
    const std::string path = scratch_file(name), err = scratch_file(std::string(name) + ".err");
    std::filesystem::remove(path);
    const pid_t pid = start_recording_until_stopped(path, err);
    ASSERT_EQ(::kill(pid, signal_number), 0);
    const int status = wait_for(pid);
    const std::string said = testing::read_text(err);
    ASSERT_TRUE(WIFEXITED(status)) << name << ": " << said;
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal_number) << said;
    const char* signal_name = signal_number == SIGINT ? "SIGINT" : signal_number == SIGTERM ? "SIGTERM" : "SIGHUP";
    EXPECT_NE(said.find("stereocl: stopped by " + std::string(signal_name) + "; every output was written\n"),
              std::string::npos)
        << said;
    EXPECT_TRUE(partials_of(path).empty()) << name;
    if (std::string(name).ends_with(".gif")) EXPECT_FALSE(decode_gif(path).frames.empty());
    else EXPECT_FALSE(decode_video(path).mean_luma.empty());  // playable: the index was written
  }
}

// nohup stereocl --record talk.gif &: a hang-up the program was started ignoring stays ignored
// (it stopped the recording after 229 frames), and Ctrl+C still finishes it.
TEST(RecordOption, AHangUpIgnoredAtStartStaysIgnored) {
  const std::string path = scratch_file("nohup.gif"), err = scratch_file("nohup.err");
  std::filesystem::remove(path);
  const pid_t pid = start_recording_until_stopped(path, err, "trap '' HUP; ");
  ASSERT_EQ(::kill(pid, SIGHUP), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(::waitpid(pid, nullptr, WNOHANG), 0) << "the hang-up stopped it: " << testing::read_text(err);
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  const int status = wait_for(pid);
  ASSERT_TRUE(WIFEXITED(status)) << testing::read_text(err);
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT);
  EXPECT_FALSE(decode_gif(path).frames.empty());
}

// A signal while -o writes: the temporary ".NAME.XXXXXX" beside it went with the process, and the
// picture that was there stays whole. inotify sees the temporary the moment it is made.
TEST(StillSignals, ASignalMidWriteLeavesNoTemporaryAndTheOldPicture) {
  const std::filesystem::path folder = testing::scratch_file("still-signal");
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const std::string path = (folder / "still.png").string();
  const std::string old_bytes = "the old picture";
  testing::write_bytes("still-signal/still.png", old_bytes);
  const int watch = ::inotify_init1(IN_CLOEXEC);
  ASSERT_GE(watch, 0);
  ASSERT_GE(::inotify_add_watch(watch, folder.c_str(), IN_CREATE), 0);
  const char* binary = std::getenv("STEREOCL_TEST_BINARY");
  const std::string command = "exec " + testing::shell_quote(binary ? binary : STEREOCL_BINARY) +
                              " --size 2400x1600 --colour-pattern -o " + testing::shell_quote(path) +
                              " --depth " + testing::shell_quote(STEREOCL_ASSETS_DIR "/depth-shapes.png") +
                              " 2>/dev/null </dev/null >/dev/null";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  alignas(inotify_event) char events[4096];
  const ssize_t got = ::read(watch, events, sizeof events);  // blocks until the temporary is made
  ASSERT_GT(got, 0);
  ::kill(pid, SIGTERM);
  ::close(watch);
  const int status = wait_for(pid);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) GTEST_SKIP() << "the picture was written before the signal came";
  ASSERT_TRUE(WIFSIGNALED(status)) << "exit " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    EXPECT_EQ(entry.path().filename(), "still.png") << "left behind";
  // The old picture whole, or (the signal came after the rename, on a busy machine) the new one
  // whole: never a part of either.
  const std::string now = testing::read_text(path);
  if (now != old_bytes) EXPECT_EQ(testing::read_png(path).width, 2400) << "neither the old picture nor a whole new one";
}

TEST(RecordOption, ASecondSignalStopsAtOnceAndLeavesNoFile) {
  const std::string path = scratch_file("aborted.gif"), err = scratch_file("aborted.err");
  std::filesystem::remove(path);
  const pid_t pid = start_recording_until_stopped(path, err);
  ASSERT_FALSE(partials_of(path).empty());
  // Two different signals (two of the same may merge into one while pending), both pending before
  // the program runs again: sent one after the other to a running program, the first could finish
  // the recording before the second arrives on a busy machine, and a finished file is right then.
  ASSERT_EQ(::kill(pid, SIGSTOP), 0);
  int stopped = 0;
  ASSERT_EQ(::waitpid(pid, &stopped, WUNTRACED), pid);
  ASSERT_TRUE(WIFSTOPPED(stopped));
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  ASSERT_EQ(::kill(pid, SIGTERM), 0);
  ASSERT_EQ(::kill(pid, SIGCONT), 0);
  const int status = wait_for(pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << testing::read_text(err);
  EXPECT_TRUE(nothing_left_at(path));
}

// A GIF grows by about the same for every frame after the first, which is whole.
TEST(SizeForecast, TheFirstFrameOnceAndTheGrowthForEveryFrameLeft) {
  EXPECT_EQ(forecast_recording_bytes(1000, 1900, 10, 100), 1900 + 90 * 100);
  EXPECT_EQ(forecast_recording_bytes(1000, 1900, 10, 10), 1900);
  EXPECT_EQ(forecast_recording_bytes(1000, 1000, 1, 300), 1000);  // one frame says nothing of the growth
}

// Issue 42: 300 frames of 1280x720 made a GIF too large to open, without a word. After its first
// frames, a GIF whose planned frames make it large says so, once, with the size; a small one does not.
TEST(RecordOption, AGifThatWillBeLargeSaysItsSizeOnce) {
  const std::string small = scratch_file("small-forecast.gif"), small_err = scratch_file("small-forecast.err");
  const int small_status = wait_for(start_recording(small, small_err, "", "--frames 20"));
  const std::string small_said = testing::read_text(small_err);
  ASSERT_TRUE(WIFEXITED(small_status) && WEXITSTATUS(small_status) == 0) << small_said;
  EXPECT_EQ(small_said.find("will be about"), std::string::npos) << small_said;

  const std::string large = scratch_file("large-forecast.gif"), err = scratch_file("large-forecast.err");
  std::filesystem::remove(large);
  const pid_t pid = start_recording(large, err, "", "--frames 1000000");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline && ::waitpid(pid, nullptr, WNOHANG) == 0 &&
         testing::read_text(err).find("will be about") == std::string::npos)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ::kill(pid, SIGINT);
  wait_for(pid);
  const std::string said = testing::read_text(err);
  const std::size_t at = said.find("stereocl: " + large + " will be about ");
  ASSERT_NE(at, std::string::npos) << said;
  EXPECT_NE(said.find(" MB after its 1000000 frames; a GIF over 25 MB is hard to view", at), std::string::npos) << said;
  EXPECT_EQ(said.find("will be about", said.find("will be about") + 1), std::string::npos) << "said once: " << said;
}

}  // namespace
}  // namespace stereocl
