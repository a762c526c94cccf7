// The stereogram's compose step in OpenCL: what shaders/stereogram.frag.glsl draws, for GPU mode's
// one-acquire frame, where GL drawing between the CL steps would cost a hand-over of its own.
// offsets: CL_R / CL_FLOAT pattern coordinates in pattern widths; pattern: RGBA8, tiled both ways;
// picture: RGBA8, row y of every image is row y of the GL texture (bottom row first), as in GL.

#pragma OPENCL FP_CONTRACT OFF  // the column rounding must match the shader's and the CPU reference's steps

// The GL compositor's sampler: normalised coordinates, repeat, bilinear. The texture unit does
// the same blend (and, on NVIDIA, with the same 8-bit sub-texel weights) as GL's.
__constant sampler_t tiled_linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t texel = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

kernel void compose_linear(read_only image2d_t offsets, read_only image2d_t pattern, write_only image2d_t picture,
                           int width, int height) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  const float2 size = convert_float2(get_image_dim(pattern));
  const float coordinate = read_imagef(offsets, texel, (int2)(x, y)).x;
  // The fragment shader's u and v: texel centres, since gl_FragCoord.y is the row's centre.
  const float2 uv = (float2)(coordinate + 0.5f / size.x, ((float)y + 0.5f) / size.y);
  const float4 colour = read_imagef(pattern, tiled_linear, uv);
  write_imagef(picture, (int2)(x, y), (float4)(colour.xyz, 1.0f));
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
