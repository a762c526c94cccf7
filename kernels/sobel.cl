// 3x3 Sobel gradients of an 8-bit luminance buffer, borders replicated; see compute/effects/sobel_cpu.hpp
// for the exact definition. Each work-item produces 16 consecutive pixels of one row: the
// three input rows are read as one 16-byte vector each plus the two neighbours, and the shifted
// left/right operands are built by swizzling rather than by unaligned re-loads.
// Work-items whose 16 pixels would run past the row end take a scalar path, so any width works.
// sobel_packed_rows works two pixels a 32-bit operation instead: the even and odd bytes of each
// word are 16-bit lanes, V = t + 2m + b and H = l + 2c + r are lane sums (at most 1020), gx =
// V(x+1) - V(x-1) and gy = H(below) - H(above) carry a bias of 1024 a lane so no lane borrows, and
// the bytes out come from the biased lanes by shifts, masks and the bias bit. Where images are
// large its fewer instructions and registers win; where they are small the vector kernel does
// (compute/effects/sobel_kernel.cpp chooses; docs/performance.md, section 41).

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

#define EVEN_BYTES(w) ((w) & 0x00ff00ffu)
#define ODD_BYTES(w) (((w) >> 8) & 0x00ff00ffu)
#define LANE_BIAS 0x04000400u  // 1024 in each 16-bit lane

// Row y's 16 pixels from x0 as even and odd lanes of four words, and the pixels either side.
typedef struct {
  uint even[4], odd[4], left, right;
} row_lanes;

static inline row_lanes load_row_lanes(global const uchar* luma, int x0, int y, int width, int height) {
  global const uchar* row = luma + (size_t)clamp(y, 0, height - 1) * width;
  const uint4 v = *(global const uint4*)(row + x0);
  row_lanes lanes;
  lanes.even[0] = EVEN_BYTES(v.s0), lanes.odd[0] = ODD_BYTES(v.s0);
  lanes.even[1] = EVEN_BYTES(v.s1), lanes.odd[1] = ODD_BYTES(v.s1);
  lanes.even[2] = EVEN_BYTES(v.s2), lanes.odd[2] = ODD_BYTES(v.s2);
  lanes.even[3] = EVEN_BYTES(v.s3), lanes.odd[3] = ODD_BYTES(v.s3);
  lanes.left = row[x0 - 1];
  lanes.right = row[x0 + PIXELS_PER_ITEM];
  return lanes;
}

// H = l + 2c + r for the even and the odd pixels of word j.
static inline uint h_even(const row_lanes* r, int j) {
  const uint before = j == 0 ? r->left : r->odd[j - 1] >> 16;
  return (r->odd[j] << 16 | before) + (r->even[j] << 1) + r->odd[j];
}
static inline uint h_odd(const row_lanes* r, int j) {
  const uint after = j == 3 ? r->right : r->even[j + 1] & 0xffffu;
  return r->even[j] + (r->odd[j] << 1) + (r->even[j] >> 16 | after << 16);
}

// Lanes of |g| from lanes of g + 1024 (4..2044): bit 10 says g >= 0.
static inline uint abs_lanes(uint biased) {
  const uint negative = (~biased >> 10) & 0x00010001u;
  return ((biased ^ (negative * 0x3ffu)) & 0x03ff03ffu) + negative;
}
// g >> 3 as a byte in each lane: (g + 1024) >> 3 is it plus 128.
static inline uint shifted_bytes(uint biased) { return ((biased >> 3) & 0x00ff00ffu) ^ 0x00800080u; }
static inline uint magnitude_bytes(uint gx, uint gy) { return ((abs_lanes(gx) + abs_lanes(gy)) >> 3) & 0x00ff00ffu; }

static inline void sobel_packed_segment(global const uchar* luma, global char* dx, global char* dy,
                                        global uchar* magnitude, int x0, int y, int width, int height) {
  const row_lanes t = load_row_lanes(luma, x0, y - 1, width, height);
  const row_lanes m = load_row_lanes(luma, x0, y, width, height);
  const row_lanes b = load_row_lanes(luma, x0, y + 1, width, height);
  uint v_even[4], v_odd[4];
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    v_even[j] = t.even[j] + (m.even[j] << 1) + b.even[j];
    v_odd[j] = t.odd[j] + (m.odd[j] << 1) + b.odd[j];
  }
  const uint v_left = t.left + (m.left << 1) + b.left, v_right = t.right + (m.right << 1) + b.right;
  uint out_dx[4], out_dy[4], out_magnitude[4];
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const uint before = j == 0 ? v_left : v_odd[j - 1] >> 16;
    const uint after = j == 3 ? v_right : v_even[j + 1] & 0xffffu;
    const uint gx_even = v_odd[j] + LANE_BIAS - (v_odd[j] << 16 | before);
    const uint gx_odd = (v_even[j] >> 16 | after << 16) + LANE_BIAS - v_even[j];
    const uint gy_even = h_even(&b, j) + LANE_BIAS - h_even(&t, j);
    const uint gy_odd = h_odd(&b, j) + LANE_BIAS - h_odd(&t, j);
    out_dx[j] = shifted_bytes(gx_even) | shifted_bytes(gx_odd) << 8;
    out_dy[j] = shifted_bytes(gy_even) | shifted_bytes(gy_odd) << 8;
    out_magnitude[j] = magnitude_bytes(gx_even, gy_even) | magnitude_bytes(gx_odd, gy_odd) << 8;
  }
  const size_t i = (size_t)y * width + x0;
  *(global uint4*)(dx + i) = (uint4)(out_dx[0], out_dx[1], out_dx[2], out_dx[3]);
  *(global uint4*)(dy + i) = (uint4)(out_dy[0], out_dy[1], out_dy[2], out_dy[3]);
  *(global uint4*)(magnitude + i) = (uint4)(out_magnitude[0], out_magnitude[1], out_magnitude[2], out_magnitude[3]);
}

// For widths that are a multiple of 16, as sobel_aligned_rows.
kernel void sobel_packed_rows(global const uchar* luma, global char* dx, global char* dy, global uchar* magnitude,
                              int width, int height) {
  const int x0 = get_global_id(0) * PIXELS_PER_ITEM;
  const int y = get_global_id(1);
  if (x0 >= width || y >= height) return;
  if (x0 >= 1 && x0 + PIXELS_PER_ITEM < width) {
    sobel_packed_segment(luma, dx, dy, magnitude, x0, y, width, height);
    return;
  }
  for (int x = x0; x < x0 + PIXELS_PER_ITEM; ++x) sobel_pixel(luma, dx, dy, magnitude, x, y, width, height);
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
