#include "core/image_file.hpp"

#include "core/atomic_file.hpp"
#include "core/image_decode.hpp"

namespace stereocl {

std::variant<LoadedImage, InputFailure> load_image_file(const std::string& path, PixelTarget target,
                                                        const ImageLoadBudget& budget) {
  auto bytes = read_input_file(path, budget.read);
  if (auto* failure = std::get_if<InputFailure>(&bytes)) return std::move(*failure);
  return decode_image(std::get<std::string>(bytes), path, target, budget.decode);
}

Result<LoadedImage> load_image(const std::string& path, PixelTarget target) {
  auto loaded = load_image_file(path, target);
  if (auto* failed = std::get_if<InputFailure>(&loaded)) return failure(std::move(failed->message));
  return std::move(std::get<LoadedImage>(loaded));
}

Status save_png(const std::string& path, const RgbaImage& image, const PngMetadata& metadata,
                const std::vector<std::string>& inputs) {
  const Result<std::string> png = encode_png(image, metadata);
  if (!png) return failure(path + ": " + png.error());
  return write_atomically(path, *png, inputs);
}

}  // namespace stereocl
