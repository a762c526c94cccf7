// Luminance <-> RGBA8 images. GL shares GL_RGBA8 textures as CL_RGBA / CL_UNORM_INT8, so pixels
// are read and written as floats in [0, 1]; v * 255 rounded to nearest recovers the exact byte,
// and the fixed-point weights below then match compute/effects/luma_cpu.hpp to the bit.

__constant sampler_t nearest_pixel = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void luma_from_rgba(read_only image2d_t rgba, global uchar* luma, int width, int height) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  const uint4 c = convert_uint4_sat_rte(read_imagef(rgba, nearest_pixel, (int2)(x, y)) * 255.0f);
  luma[(size_t)y * width + x] = (uchar)((77 * c.x + 150 * c.y + 29 * c.z + 128) >> 8);
}

kernel void rgba_from_luma(global const uchar* luma, write_only image2d_t rgba, int width, int height) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  const float l = luma[(size_t)y * width + x] / 255.0f;
  write_imagef(rgba, (int2)(x, y), (float4)(l, l, l, 1.0f));
}
