#pragma once
// How the compose step reads the pattern at a pixel's coordinate. GL's compositor and the OpenCL
// compose kernel both take it, so it lives below both.
namespace stereocl {

// linear: the lookup's fractional offsets blend neighbouring pattern pixels (how it shows depth
// steps finer than a pixel). whole_pixels: the symmetric coordinates name whole pattern columns,
// and blending would blur its dots, so the pattern is read texel by texel.
enum class PatternSampling { linear, whole_pixels };

}  // namespace stereocl
