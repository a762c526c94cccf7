#pragma once

namespace stereocl {

// How a stereogram kernel (lookup or symmetric) holds depth and its output. images: CL_R /
// CL_FLOAT images (textures shared with GL, or cl::Image2D). buffers: float buffers with packed
// rows, for memory imported from another API that OpenCL can only see as buffers (GPU (external
// memory) mode). The same kernel source and numbers either way.
enum class StereogramStorage { images, buffers };

}  // namespace stereocl
