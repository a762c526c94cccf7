#version 330 core
// The scene for the stereogram modes: linear depth only, no lighting.
// DEPTH_IN_BUFFER (GPU (external memory) mode): the depth goes straight into the buffer OpenCL
// reads, row_length floats a row, instead of the R32F attachment; no copy in between.
#ifdef DEPTH_IN_BUFFER
#extension GL_ARB_shader_storage_buffer_object : require
#endif
in vec3 world_position;
in vec3 world_normal;
in float view_depth;

uniform vec2 depth_range;  // view depths that map to 0 (front of the box) and 1 (back wall)
uniform bool invert_depth;

#ifdef DEPTH_IN_BUFFER
// Fragments of one pixel race, so the nearest is kept by an atomic, as a depth test would keep it
// (the pass runs without one): non-negative floats order as their bits do. Nearest is the smallest
// depth, or the largest once inverted; the buffer starts at the far value.
layout(std430) buffer LinearDepth { uint depth_bits[]; };
uniform int row_length;
#else
layout(location = 1) out float linear_depth;
#endif

void main() {
  float depth = clamp((view_depth - depth_range.x) / (depth_range.y - depth_range.x), 0.0, 1.0);
  float value = invert_depth ? 1.0 - depth : depth;
#ifdef DEPTH_IN_BUFFER
  int index = int(gl_FragCoord.y) * row_length + int(gl_FragCoord.x);
  if (invert_depth) atomicMax(depth_bits[index], floatBitsToUint(value));
  else atomicMin(depth_bits[index], floatBitsToUint(value));
#else
  linear_depth = value;
#endif
}
