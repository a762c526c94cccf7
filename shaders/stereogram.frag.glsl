#version 330 core
// Draws the autostereogram: each output pixel samples the tileable pattern at the horizontal
// coordinate the stereogram step computed (in pattern widths; the sampler repeats).
uniform sampler2D offsets;   // R32F, (W+P) x H
uniform sampler2D pattern;   // RGBA8, P x pattern height, GL_REPEAT
uniform vec2 pattern_size;   // in pixels

out vec4 colour;

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  float u = texelFetch(offsets, pixel, 0).r + 0.5 / pattern_size.x;  // texel centre, not its edge
  float v = gl_FragCoord.y / pattern_size.y;
  colour = vec4(texture(pattern, vec2(u, v)).rgb, 1.0);
}
