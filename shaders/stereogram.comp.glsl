#version 430 core
// Draws the autostereogram as a compute pass: the same stereogram_colour() as the fragment pass
// (stereogram_colour.glsl, placed after this line), stored with imageStore. On GPUs with little
// raster hardware, fragments run on few units while compute runs on all (docs/performance.md,
// "The stereogram drawn by a GL compute pass").
layout(local_size_x = 32, local_size_y = 8) in;

layout(rgba8, binding = 0) writeonly uniform image2D picture;
uniform ivec2 size;

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(pixel, size))) return;
  imageStore(picture, pixel, vec4(stereogram_colour(pixel), 1.0));
}
