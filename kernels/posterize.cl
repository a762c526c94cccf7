// Posterize, byte for byte as compute/effects/posterize.hpp: each channel cut to `levels` values.
// GL shares GL_RGBA8 textures as CL_RGBA / CL_UNORM_INT8: v * 255 rounded recovers the exact byte.

kernel void posterize(read_only image2d_t in, write_only image2d_t out, int width, int height, int levels) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  const int4 v = convert_int4_sat_rte(read_imagef(in, (int2)(x, y)) * 255.0f);
  const int steps = levels - 1;
  const int4 level = (v * steps + 127) / 255;
  const int4 poster = (level * 255 + steps / 2) / steps;
  write_imagef(out, (int2)(x, y), (float4)(convert_float3(poster.xyz) / 255.0f, 1.0f));
}
