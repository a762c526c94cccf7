// The module's table (record/mp4_module.hpp), around Mp4Encoder.
#include "record/mp4_module.hpp"

#include "record/mp4_encoder.hpp"

#include <utility>

namespace stereocl {
namespace {

void open_mp4(const std::string& path, int quality, Result<std::unique_ptr<FrameEncoder>>& opened) {
  auto encoder = Mp4Encoder::open(path, quality);
  if (!encoder) opened = failure(encoder.error());
  else opened = std::unique_ptr<FrameEncoder>(std::move(*encoder));
}

void encoder_name(std::string& name) { name = h264_encoder_name(); }

const Mp4Table kTable{{module_build(), sizeof(Mp4Table)}, open_mp4, encoder_name};

}  // namespace
}  // namespace stereocl

STEREOCL_MODULE_ENTRY(stereocl::Mp4Table, stereocl::kTable)
