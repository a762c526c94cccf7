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
  float u = coordinate + 0.5 / pattern_size.x;  // texel centre, not its edge
  float v = (float(pixel.y) + 0.5) / pattern_size.y;
  // Level 0 by name: a compute shader has no derivatives to pick a level from (the pattern has one).
  return textureLod(pattern, vec2(u, v), 0.0).rgb;
}
