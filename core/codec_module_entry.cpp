// stereocl-codecs.so's entry point (core/codec_module.hpp).
#include "core/codec_module.hpp"
#include "core/jpeg_decode.hpp"
#include "core/picture_encoders.hpp"
#include "core/tiff_decode.hpp"
#include "core/webp_decode.hpp"

extern "C" __attribute__((visibility("default"))) const stereocl::CodecTable* stereocl_codecs() {
  using namespace stereocl;
  static constexpr CodecTable table{jpeg_header_size, decode_jpeg, webp_header_size, decode_webp,
                                    tiff_header_size, decode_tiff, encode_jpeg,      encode_webp};
  return &table;
}
