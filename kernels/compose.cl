// The stereogram's compose step in OpenCL: what shaders/stereogram.frag.glsl draws, for GPU mode's
// one-acquire frame, where GL drawing between the CL steps would cost a hand-over of its own.
// offsets: CL_R / CL_FLOAT pattern coordinates in pattern widths; pattern: RGBA8, tiled both ways;
// picture: RGBA8, row y of every image is row y of the GL texture (bottom row first), as in GL.

#pragma OPENCL FP_CONTRACT OFF  // the column rounding must match the shader's and the CPU reference's steps

__constant sampler_t texel = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

// The bilinear blend in integers: linear_pixel() in compute/stereogram/compose_cpu.cpp, step for
// step, so every mode draws CPU mode's bytes (a texture unit's own blend differs by a level).
kernel void compose_linear(read_only image2d_t offsets, read_only image2d_t pattern, write_only image2d_t picture,
                           int width, int height) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  const int2 size = get_image_dim(pattern);
  const float coordinate = read_imagef(offsets, texel, (int2)(x, y)).x;
  const float position = floor(coordinate * (float)size.x * 256.0f + 0.5f);
  const float left_column = floor(position / 256.0f);
  const int weight = (int)(position - left_column * 256.0f);
  const int row = y % size.y;
  const int left = (int)left_column % size.x;
  const int column = left < 0 ? left + size.x : left;
  // The pattern is 8-bit unorm: n / 255 back to n, exactly.
  const uint4 a = convert_uint4_rte(read_imagef(pattern, texel, (int2)(column, row)) * 255.0f);
  const uint4 b = convert_uint4_rte(read_imagef(pattern, texel, (int2)(column + 1 == size.x ? 0 : column + 1, row)) * 255.0f);
  const uint4 mixed = (a * (uint)(256 - weight) + b * (uint)weight + 128u) >> 8;
  write_imagef(picture, (int2)(x, y), (float4)(convert_float3(mixed.xyz) / 255.0f, 1.0f));
}

kernel void compose_whole_pixels(read_only image2d_t offsets, read_only image2d_t pattern, write_only image2d_t picture,
                                 int width, int height) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  const int2 size = get_image_dim(pattern);
  const float coordinate = read_imagef(offsets, texel, (int2)(x, y)).x;
  // The shader's rounding, in the same float steps, so both pick the same column.
  float column = floor(coordinate * (float)size.x + 0.5f);
  column -= (float)size.x * floor(column / (float)size.x);
  const int2 source = (int2)((int)column, y % size.y);
  const float4 colour = read_imagef(pattern, texel, source);
  write_imagef(picture, (int2)(x, y), (float4)(colour.xyz, 1.0f));
}
