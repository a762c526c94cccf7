#version 430 core
// The z-only depth pass's second half: the depth buffer's window z turned into the linear depth
// in [0, 1] the stereogram reads, the value scene_depth.frag.glsl would have written. A compute
// pass and not a full-screen fragment pass: on GPUs with little raster hardware, fragments run on
// few units while compute runs on all. The depth buffer is a 32-bit float, so the view depth
// comes back within about 1e-6 of the range (tests/gl_scene_test.cpp holds it to the shaded pass).
// DEPTH_IN_BUFFER (GPU (external memory) mode): into the buffer OpenCL reads, row_length floats a
// row, with no copy in between.
layout(local_size_x = 32, local_size_y = 8) in;

uniform sampler2D window_depth;  // GL_DEPTH_COMPONENT32F, no comparison: z in [0, 1]
uniform vec2 clip_planes;        // the projection's near and far planes
uniform vec2 depth_range;        // view depths that map to 0 (front of the box) and 1 (back wall)
uniform bool invert_depth;
uniform ivec2 size;

#ifdef DEPTH_IN_BUFFER
layout(std430, binding = 0) writeonly buffer LinearDepth { float linear_depth[]; };
uniform int row_length;
#else
layout(r32f, binding = 0) writeonly uniform image2D linear_depth;
#endif

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(pixel, size))) return;
  float z = texelFetch(window_depth, pixel, 0).r;
  // A perspective projection's window z is far * (1 - near / view depth) / (far - near); the
  // cleared far plane (z = 1) comes back as far, beyond the back wall, so it clamps to 1 as the
  // shaded pass's clear value does.
  float view_depth = clip_planes.x * clip_planes.y / (clip_planes.y - z * (clip_planes.y - clip_planes.x));
  float depth = clamp((view_depth - depth_range.x) / (depth_range.y - depth_range.x), 0.0, 1.0);
  float value = invert_depth ? 1.0 - depth : depth;
#ifdef DEPTH_IN_BUFFER
  linear_depth[pixel.y * row_length + pixel.x] = value;
#else
  imageStore(linear_depth, pixel, vec4(value));
#endif
}
