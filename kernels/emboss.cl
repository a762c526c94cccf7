// Emboss: the picture as a grey relief lit from the top left, byte for byte as
// compute/effects/emboss.hpp: luma with the fixed-point BT.601 weights, the 3x3 kernel
// (-2 -1 0 / -1 0 1 / 0 1 2) with the border replicated, plus 128, clamped to 0..255.
// GL shares GL_RGBA8 textures as CL_RGBA / CL_UNORM_INT8: v * 255 rounded recovers the exact byte.

__constant sampler_t replicate_border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

int luma_at(read_only image2d_t rgba, int x, int y) {
  const uint4 c = convert_uint4_sat_rte(read_imagef(rgba, replicate_border, (int2)(x, y)) * 255.0f);
  return (int)((77 * c.x + 150 * c.y + 29 * c.z + 128) >> 8);
}

kernel void emboss(read_only image2d_t in, write_only image2d_t out, int width, int height) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  const int lit = 2 * luma_at(in, x + 1, y + 1) + luma_at(in, x, y + 1) + luma_at(in, x + 1, y);
  const int shaded = 2 * luma_at(in, x - 1, y - 1) + luma_at(in, x, y - 1) + luma_at(in, x - 1, y);
  const float relief = (float)clamp(128 + lit - shaded, 0, 255) / 255.0f;
  write_imagef(out, (int2)(x, y), (float4)(relief, relief, relief, 1.0f));
}
