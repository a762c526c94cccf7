// The stereogram's colour at a pixel: the tileable pattern sampled at the horizontal coordinate
// the stereogram step computed (in pattern widths; the sampler repeats). No #version line: it is
// placed after the one of the pass that uses it, the fragment pass (stereogram.frag.glsl) or the
// compute pass (stereogram.comp.glsl), so that both draw the same picture from one definition.
#ifdef OFFSETS_IN_BUFFER
// GPU (external memory) mode: the offsets stay in the buffer OpenCL wrote, rows packed.
uniform samplerBuffer offsets;  // R32F buffer texture
uniform int offsets_row_length;
float coordinate_at(ivec2 pixel) { return texelFetch(offsets, pixel.y * offsets_row_length + pixel.x).r; }
#else
uniform sampler2D offsets;   // R32F, (W+P) x H for lookup, W x H for symmetric
float coordinate_at(ivec2 pixel) { return texelFetch(offsets, pixel, 0).r; }
#endif
uniform sampler2D pattern;   // RGBA8, P x pattern height, GL_REPEAT
uniform vec2 pattern_size;   // in pixels
// The symmetric coordinates are whole pattern columns: read that texel, never a blend, so dots
// stay crisp whatever the filter. Rounding absorbs the float error of column / P.
uniform bool whole_pixels;

vec3 stereogram_colour(ivec2 pixel) {
  float coordinate = coordinate_at(pixel);
  if (whole_pixels) {
    float column = floor(coordinate * pattern_size.x + 0.5);
    column -= pattern_size.x * floor(column / pattern_size.x);  // GLSL's % is undefined below zero
    float row = float(pixel.y) - pattern_size.y * floor(float(pixel.y) / pattern_size.y);
    return texelFetch(pattern, ivec2(column, row), 0).rgb;
  }
  // The bilinear blend in integers, linear_pixel() in compute/stereogram/compose_cpu.cpp step for
  // step, so every mode draws CPU mode's bytes; the texture unit's own blend differs from it by a
  // level here and there. The one rounding float step is coordinate x width: every other is exact
  // (products by powers of two, a difference of integers), so neither fusing nor reordering can
  // change a result, and no `precise` (GLSL 4) is needed in the 3.3 fragment pass. GLSL's
  // division need not round correctly, so 1/256 is a product, and the wraps are integer
  // arithmetic with non-negative operands.
  ivec2 size = ivec2(pattern_size);
  float position = floor(coordinate * pattern_size.x * 256.0 + 0.5);
  float left_column = floor(position * (1.0 / 256.0));
  int weight = int(position - left_column * 256.0);
  int row = pixel.y % size.y;
  int left = int(left_column);
  int column = left >= 0 ? left % size.x : size.x - 1 - (-left - 1) % size.x;
  uvec3 a = uvec3(round(texelFetch(pattern, ivec2(column, row), 0).rgb * 255.0));
  uvec3 b = uvec3(round(texelFetch(pattern, ivec2(column + 1 == size.x ? 0 : column + 1, row), 0).rgb * 255.0));
  return vec3((a * uint(256 - weight) + b * uint(weight) + 128u) >> 8u) / 255.0;
}
