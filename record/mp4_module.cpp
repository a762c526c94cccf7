// The module's entry points (record/mp4_module.hpp), around Mp4Encoder.
#include "record/mp4_module.hpp"

#include "record/mp4_encoder.hpp"

#include <type_traits>
#include <utility>

extern "C" void stereocl_mp4_open(const std::string& path, int quality,
                                  stereocl::Result<std::unique_ptr<stereocl::FrameEncoder>>& opened) {
  auto encoder = stereocl::Mp4Encoder::open(path, quality);
  if (!encoder) opened = stereocl::failure(encoder.error());
  else opened = std::unique_ptr<stereocl::FrameEncoder>(std::move(*encoder));
}

extern "C" void stereocl_mp4_encoder_name(std::string& name) { name = stereocl::h264_encoder_name(); }

// The program calls them through these types: a change on one side must not compile.
static_assert(std::is_same_v<decltype(&stereocl_mp4_open), stereocl::Mp4Open>);
static_assert(std::is_same_v<decltype(&stereocl_mp4_encoder_name), stereocl::Mp4EncoderName>);
