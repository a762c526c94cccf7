#include "files/picture/image_file.hpp"

#include "core/os/atomic_file.hpp"
#include "files/picture/image_decode.hpp"

namespace stereocl {

ImageLoad load_image_file(const std::string& path, PixelTarget target, const ImageLoadBudget& budget) {
  const Result<std::string, InputFailure> bytes = read_input_file(path, budget.read);
  if (!bytes) return bytes.failure();
  return decode_image(*bytes, input_name(path), target, budget.decode);
}

Result<LoadedImage> load_image(const std::string& path, PixelTarget target) {
  ImageLoad loaded = load_image_file(path, target);
  if (!loaded) return failure(loaded.error());
  return std::move(*loaded);
}

Status save_png(const std::string& path, const RgbaImage& image, const PngMetadata& metadata,
                const std::vector<std::string>& inputs) {
  const Result<std::string> png = encode_png(image, metadata);
  if (!png) return failure(path + ": " + png.error());
  return write_atomically(path, *png, inputs);
}

}  // namespace stereocl
