// 3x3 Sobel gradients of an 8-bit luminance buffer, borders replicated; see compute/effects/sobel_cpu.hpp
// for the exact definition. Each work-item produces 16 consecutive pixels of one row: the
// three input rows are read as one 16-byte vector each plus the two neighbours, and the shifted
// left/right operands are built by swizzling rather than by unaligned re-loads.
// Work-items whose 16 pixels would run past the row end take a scalar path, so any width works.

#define PIXELS_PER_ITEM 16

static inline int luma_at(global const uchar* luma, int x, int y, int width, int height) {
  return luma[(size_t)clamp(y, 0, height - 1) * width + clamp(x, 0, width - 1)];
}

static void sobel_pixel(global const uchar* luma, global char* dx, global char* dy, global uchar* magnitude,
                        int x, int y, int width, int height) {
  const int tl = luma_at(luma, x - 1, y - 1, width, height);
  const int tc = luma_at(luma, x, y - 1, width, height);
  const int tr = luma_at(luma, x + 1, y - 1, width, height);
  const int ml = luma_at(luma, x - 1, y, width, height);
  const int mr = luma_at(luma, x + 1, y, width, height);
  const int bl = luma_at(luma, x - 1, y + 1, width, height);
  const int bc = luma_at(luma, x, y + 1, width, height);
  const int br = luma_at(luma, x + 1, y + 1, width, height);
  const int gx = (tr + 2 * mr + br) - (tl + 2 * ml + bl);
  const int gy = (bl + 2 * bc + br) - (tl + 2 * tc + tr);
  const size_t i = (size_t)y * width + x;
  dx[i] = (char)(gx >> 3);
  dy[i] = (char)(gy >> 3);
  magnitude[i] = (uchar)((abs(gx) + abs(gy)) >> 3);
}

// When every row starts on a 16-byte boundary (width % 16 == 0) a plain vector access compiles
// to one 128-bit load or store; vload16/vstore16 may only assume byte alignment.
static inline short16 load_row16(global const uchar* p, bool rows_aligned) {
  return convert_short16(rows_aligned ? *(global const uchar16*)p : vload16(0, p));
}

// Row y's 16 pixels from x0 and the shifted copies one to the left and one to the right.
static inline void load_neighbourhood(global const uchar* luma, int x0, int y, int width, int height,
                                      bool rows_aligned, short16* left, short16* centre, short16* right) {
  global const uchar* row = luma + (size_t)clamp(y, 0, height - 1) * width;
  const short16 c = load_row16(row + x0, rows_aligned);
  const short before = row[max(x0 - 1, 0)];
  const short after = row[min(x0 + PIXELS_PER_ITEM, width - 1)];
  *left = (short16)(before, c.s0123, c.s4567, c.s89ab, c.scde);
  *centre = c;
  *right = (short16)(c.s1234, c.s5678, c.s9abc, c.sdef, after);
}

static inline void sobel_row_segment(global const uchar* luma, global char* dx, global char* dy,
                                     global uchar* magnitude, int width, int height, bool rows_aligned) {
  const int x0 = get_global_id(0) * PIXELS_PER_ITEM;
  const int y = get_global_id(1);
  if (x0 >= width || y >= height) return;
  if (x0 + PIXELS_PER_ITEM > width) {
    for (int x = x0; x < width; ++x) sobel_pixel(luma, dx, dy, magnitude, x, y, width, height);
    return;
  }
  short16 tl, tc, tr, ml, mc, mr, bl, bc, br;
  load_neighbourhood(luma, x0, y - 1, width, height, rows_aligned, &tl, &tc, &tr);
  load_neighbourhood(luma, x0, y, width, height, rows_aligned, &ml, &mc, &mr);
  load_neighbourhood(luma, x0, y + 1, width, height, rows_aligned, &bl, &bc, &br);
  // |gx|, |gy| <= 1020, so short arithmetic cannot overflow.
  const short16 gx = (tr + (short16)2 * mr + br) - (tl + (short16)2 * ml + bl);
  const short16 gy = (bl + (short16)2 * bc + br) - (tl + (short16)2 * tc + tr);
  const char16 out_dx = convert_char16(gx >> (short16)3);
  const char16 out_dy = convert_char16(gy >> (short16)3);
  const uchar16 out_magnitude = convert_uchar16((abs(gx) + abs(gy)) >> (ushort16)3);
  const size_t i = (size_t)y * width + x0;
  if (rows_aligned) {
    *(global char16*)(dx + i) = out_dx;
    *(global char16*)(dy + i) = out_dy;
    *(global uchar16*)(magnitude + i) = out_magnitude;
  } else {
    vstore16(out_dx, 0, dx + i);
    vstore16(out_dy, 0, dy + i);
    vstore16(out_magnitude, 0, magnitude + i);
  }
}

// For widths that are a multiple of 16; the buffers must start 16-byte aligned (any cl::Buffer does).
kernel void sobel_aligned_rows(global const uchar* luma, global char* dx, global char* dy, global uchar* magnitude,
                               int width, int height) {
  sobel_row_segment(luma, dx, dy, magnitude, width, height, true);
}

kernel void sobel_any_width(global const uchar* luma, global char* dx, global char* dy, global uchar* magnitude,
                            int width, int height) {
  sobel_row_segment(luma, dx, dy, magnitude, width, height, false);
}
