#version 330 core
// Draws the autostereogram: each output pixel samples the tileable pattern at the horizontal
// coordinate the stereogram step computed (in pattern widths; the sampler repeats).
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

out vec4 colour;

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  float coordinate = coordinate_at(pixel);
  if (whole_pixels) {
    float column = floor(coordinate * pattern_size.x + 0.5);
    column -= pattern_size.x * floor(column / pattern_size.x);  // GLSL's % is undefined below zero
    float row = float(pixel.y) - pattern_size.y * floor(float(pixel.y) / pattern_size.y);
    colour = vec4(texelFetch(pattern, ivec2(column, row), 0).rgb, 1.0);
    return;
  }
  float u = coordinate + 0.5 / pattern_size.x;  // texel centre, not its edge
  float v = gl_FragCoord.y / pattern_size.y;
  colour = vec4(texture(pattern, vec2(u, v)).rgb, 1.0);
}
