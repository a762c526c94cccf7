// Throwaway probe kernels: Sobel and the grey r1 box blur at PX pixels an item (4, 8, 16) and ROWS
// output rows an item (a sliding window of rows), borders clamped, interior items only on a
// fast path (x >= 16 and x + PX + 16 <= width), the rest per pixel. Outputs equal kernels/sobel.cl
// and kernels/blur_small.cl (clamp border); the probe checks.
#if PX == 4
typedef short4 shortv; typedef ushort4 ushortv; typedef uchar4 ucharv; typedef char4 charv; typedef uint4 uintv;
#define LOADV(p) as_uchar4(*(global const uint*)(p))
#define CSHORT convert_short4
#define CUINT convert_uint4
#define CCHAR convert_char4
#define CUCHAR convert_uchar4
#define STOREV(p, v) (*(global uint*)(p) = as_uint(v))
#define LEFT(b, c) ((shortv)((b), (c).s012))
#define RIGHT(c, a) ((shortv)((c).s123, (a)))
#define ULEFT(b, c) ((uintv)((b), (c).s012))
#define URIGHT(c, a) ((uintv)((c).s123, (a)))
#elif PX == 8
typedef short8 shortv; typedef ushort8 ushortv; typedef uchar8 ucharv; typedef char8 charv; typedef uint8 uintv;
#define LOADV(p) as_uchar8(*(global const uint2*)(p))
#define CSHORT convert_short8
#define CUINT convert_uint8
#define CCHAR convert_char8
#define CUCHAR convert_uchar8
#define STOREV(p, v) (*(global uint2*)(p) = as_uint2(v))
#define LEFT(b, c) ((shortv)((b), (c).s0123, (c).s456))
#define RIGHT(c, a) ((shortv)((c).s1234, (c).s567, (a)))
#define ULEFT(b, c) ((uintv)((b), (c).s0123, (c).s456))
#define URIGHT(c, a) ((uintv)((c).s1234, (c).s567, (a)))
#else
typedef short16 shortv; typedef ushort16 ushortv; typedef uchar16 ucharv; typedef char16 charv; typedef uint16 uintv;
#define LOADV(p) as_uchar16(*(global const uint4*)(p))
#define CSHORT convert_short16
#define CUINT convert_uint16
#define CCHAR convert_char16
#define CUCHAR convert_uchar16
#define STOREV(p, v) (*(global uint4*)(p) = as_uint4(v))
#define LEFT(b, c) ((shortv)((b), (c).s0123, (c).s4567, (c).s89ab, (c).scde))
#define RIGHT(c, a) ((shortv)((c).s1234, (c).s5678, (c).s9abc, (c).sdef, (a)))
#define ULEFT(b, c) ((uintv)((b), (c).s0123, (c).s4567, (c).s89ab, (c).scde))
#define URIGHT(c, a) ((uintv)((c).s1234, (c).s5678, (c).s9abc, (c).sdef, (a)))
#endif

static inline int at(global const uchar* p, int x, int y, int w, int h) {
  return p[(size_t)clamp(y, 0, h - 1) * w + clamp(x, 0, w - 1)];
}

// ---- Sobel: separable, rows sliding. V = t + 2m + b per column, H = l + 2c + r per row.
static inline void row_parts(global const uchar* luma, int x, int y, int w, int h, shortv* l, shortv* c, shortv* r) {
  global const uchar* row = luma + (size_t)clamp(y, 0, h - 1) * w;
  const shortv v = CSHORT(LOADV(row + x));
  *l = LEFT((short)row[x - 1], v);
  *c = v;
  *r = RIGHT(v, (short)row[x + PX]);
}
kernel void sobel_shape(global const uchar* luma, global char* dx, global char* dy, global uchar* mag, int w, int h) {
  const int x = get_global_id(0) * PX, y0 = get_global_id(1) * ROWS;
  if (x >= w || y0 >= h) return;
  if (x < 16 || x + PX + 16 > w) {
    for (int y = y0; y < min(y0 + ROWS, h); ++y)
      for (int xi = x; xi < min(x + PX, w); ++xi) {
        const int gx = (at(luma, xi + 1, y - 1, w, h) + 2 * at(luma, xi + 1, y, w, h) + at(luma, xi + 1, y + 1, w, h)) -
                       (at(luma, xi - 1, y - 1, w, h) + 2 * at(luma, xi - 1, y, w, h) + at(luma, xi - 1, y + 1, w, h));
        const int gy = (at(luma, xi - 1, y + 1, w, h) + 2 * at(luma, xi, y + 1, w, h) + at(luma, xi + 1, y + 1, w, h)) -
                       (at(luma, xi - 1, y - 1, w, h) + 2 * at(luma, xi, y - 1, w, h) + at(luma, xi + 1, y - 1, w, h));
        const size_t i = (size_t)y * w + xi;
        dx[i] = (char)(gx >> 3);
        dy[i] = (char)(gy >> 3);
        mag[i] = (uchar)((abs(gx) + abs(gy)) >> 3);
      }
    return;
  }
  shortv tl, tc, tr, ml, mc, mr, bl, bc, br;
  row_parts(luma, x, y0 - 1, w, h, &tl, &tc, &tr);
  row_parts(luma, x, y0, w, h, &ml, &mc, &mr);
  shortv ht = tl + (shortv)2 * tc + tr, hm = ml + (shortv)2 * mc + mr;
#pragma unroll
  for (int k = 0; k < ROWS; ++k) {
    const int y = y0 + k;
    if (y >= h) break;
    row_parts(luma, x, y + 1, w, h, &bl, &bc, &br);
    const shortv hb = bl + (shortv)2 * bc + br;
    const shortv gx = (tr + (shortv)2 * mr + br) - (tl + (shortv)2 * ml + bl);
    const shortv gy = hb - ht;
    const size_t i = (size_t)y * w + x;
    STOREV(dx + i, CCHAR(gx >> (shortv)3));
    STOREV(dy + i, CCHAR(gy >> (shortv)3));
    STOREV(mag + i, CUCHAR((abs(gx) + abs(gy)) >> (ushortv)3));
    tl = ml, tc = mc, tr = mr, ml = bl, mc = bc, mr = br, ht = hm, hm = hb;
  }
}

// ---- grey r1 box blur, clamped border: out = mul_hi(sum9 + 4, multiplier) >> 2.
static inline void blur_row(global const uchar* in, int x, int y, int w, int h, uintv* l, uintv* c, uintv* r) {
  global const uchar* row = in + (size_t)clamp(y, 0, h - 1) * w;
  const uintv v = CUINT(LOADV(row + x));
  *l = ULEFT((uint)row[x - 1], v);
  *c = v;
  *r = URIGHT(v, (uint)row[x + PX]);
}
kernel void blur_shape(global const uchar* in, global uchar* out, int w, int h, uint multiplier) {
  const int x = get_global_id(0) * PX, y0 = get_global_id(1) * ROWS;
  if (x >= w || y0 >= h) return;
  if (x < 16 || x + PX + 16 > w) {
    for (int y = y0; y < min(y0 + ROWS, h); ++y)
      for (int xi = x; xi < min(x + PX, w); ++xi) {
        uint s = 0;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) s += (uint)at(in, xi + dx, y + dy, w, h);
        out[(size_t)y * w + xi] = (uchar)(mul_hi(s + 4u, multiplier) >> 2);
      }
    return;
  }
  uintv l, c, r;
  blur_row(in, x, y0 - 1, w, h, &l, &c, &r);
  uintv ht = l + c + r;
  blur_row(in, x, y0, w, h, &l, &c, &r);
  uintv hm = l + c + r;
#pragma unroll
  for (int k = 0; k < ROWS; ++k) {
    const int y = y0 + k;
    if (y >= h) break;
    blur_row(in, x, y + 1, w, h, &l, &c, &r);
    const uintv hb = l + c + r;
    const uintv sum = ht + hm + hb;
    STOREV(out + (size_t)y * w + x, CUCHAR(mul_hi(sum + (uintv)4, (uintv)multiplier) >> (uintv)2));
    ht = hm, hm = hb;
  }
}
