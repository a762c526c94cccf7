// Throwaway probe kernels (not part of the build): the memory traffic of a kernel without its
// arithmetic, and a Sobel that walks ROWS rows per work-item.
kernel void copy16(global const uint4* in, global uint4* out) {
  const size_t i = get_global_id(0);
  out[i] = in[i];
}
// Sobel's traffic: one byte in, three out (dx, dy, magnitude), 16 bytes an item.
kernel void fan_out3(global const uint4* in, global uint4* a, global uint4* b, global uint4* c) {
  const size_t i = get_global_id(0);
  const uint4 v = in[i];
  a[i] = v;
  b[i] = v ^ (uint4)(0x01010101u);
  c[i] = v ^ (uint4)(0x02020202u);
}
// Sobel's traffic with its reads: three rows in (the row above and below from the cache).
kernel void fan_out3_rows(global const uchar* in, global uint4* a, global uint4* b, global uint4* c, int width, int height) {
  const int x = get_global_id(0) * 16, y = get_global_id(1);
  if (x >= width || y >= height) return;
  const uint4 up = *(global const uint4*)(in + (size_t)max(y - 1, 0) * width + x);
  const uint4 mid = *(global const uint4*)(in + (size_t)y * width + x);
  const uint4 down = *(global const uint4*)(in + (size_t)min(y + 1, height - 1) * width + x);
  const size_t i = ((size_t)y * width + x) / 16;
  a[i] = up ^ mid;
  b[i] = mid ^ down;
  c[i] = up ^ down;
}

// kernels/sobel.cl's aligned path, ROWS output rows per item: ROWS + 2 rows loaded, not 3 x ROWS.
#ifndef ROWS
#define ROWS 4
#endif
static inline void neighbourhood(global const uchar* luma, int x0, int y, int width, int height, short16* l, short16* c,
                                 short16* r) {
  global const uchar* row = luma + (size_t)clamp(y, 0, height - 1) * width;
  const short16 v = convert_short16(*(global const uchar16*)(row + x0));
  const short before = row[max(x0 - 1, 0)];
  const short after = row[min(x0 + 16, width - 1)];
  *l = (short16)(before, v.s0123, v.s4567, v.s89ab, v.scde);
  *c = v;
  *r = (short16)(v.s1234, v.s5678, v.s9abc, v.sdef, after);
}
kernel void sobel_rows(global const uchar* luma, global char* dx, global char* dy, global uchar* magnitude, int width,
                       int height) {
  const int x0 = get_global_id(0) * 16;
  const int y0 = get_global_id(1) * ROWS;
  if (x0 >= width || y0 >= height) return;
  short16 tl, tc, tr, ml, mc, mr, bl, bc, br;
  neighbourhood(luma, x0, y0 - 1, width, height, &tl, &tc, &tr);
  neighbourhood(luma, x0, y0, width, height, &ml, &mc, &mr);
#pragma unroll
  for (int k = 0; k < ROWS; ++k) {
    const int y = y0 + k;
    if (y >= height) break;
    neighbourhood(luma, x0, y + 1, width, height, &bl, &bc, &br);
    const short16 gx = (tr + (short16)2 * mr + br) - (tl + (short16)2 * ml + bl);
    const short16 gy = (bl + (short16)2 * bc + br) - (tl + (short16)2 * tc + tr);
    const size_t i = (size_t)y * width + x0;
    *(global char16*)(dx + i) = convert_char16(gx >> (short16)3);
    *(global char16*)(dy + i) = convert_char16(gy >> (short16)3);
    *(global uchar16*)(magnitude + i) = convert_uchar16((abs(gx) + abs(gy)) >> (ushort16)3);
    tl = ml, tc = mc, tr = mr, ml = bl, mc = bc, mr = br;
  }
}
