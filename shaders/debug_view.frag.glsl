#version 330 core
// Depth or offsets as a grey picture; see render/debug_view.hpp for why offsets show as fract().
uniform sampler2D source;  // R32F
uniform int what;          // 0: linear depth, 1: offsets in pattern widths

out vec4 colour;

void main() {
  float value = texelFetch(source, ivec2(gl_FragCoord.xy), 0).r;
  float grey = what == 0 ? 1.0 - clamp(value, 0.0, 1.0) : fract(value);
  colour = vec4(vec3(grey), 1.0);
}
