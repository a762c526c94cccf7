// Probe, appended to kernels/sobel.cl: Sobel on 16 pixels an item with two pixels a 32-bit
// operation. Even and odd bytes of each word are 16-bit lanes; V = t + 2m + b and H = l + 2c + r
// are lane sums (<= 1020); gx = V(x+1) - V(x-1) and gy = H(below) - H(above) carry a bias of
// 1024 per lane so no lane borrows; dx = ((g + 1024) >> 3) ^ 0x80 as a byte, |g| from the bias bit.
#define EVEN_BYTES(w) ((w) & 0x00ff00ffu)
#define ODD_BYTES(w) (((w) >> 8) & 0x00ff00ffu)
#define BIAS 0x04000400u
typedef struct { uint e[4], o[4], left, right; } lanes16;
static inline lanes16 row_lanes(global const uchar* luma, int x, int y, int width, int height) {
  global const uchar* row = luma + (size_t)clamp(y, 0, height - 1) * width;
  const uint4 v = *(global const uint4*)(row + x);
  lanes16 l;
  l.e[0] = EVEN_BYTES(v.s0), l.o[0] = ODD_BYTES(v.s0), l.e[1] = EVEN_BYTES(v.s1), l.o[1] = ODD_BYTES(v.s1);
  l.e[2] = EVEN_BYTES(v.s2), l.o[2] = ODD_BYTES(v.s2), l.e[3] = EVEN_BYTES(v.s3), l.o[3] = ODD_BYTES(v.s3);
  l.left = row[x - 1];
  l.right = row[x + 16];
  return l;
}
// Lanes of |g| from biased lanes g + 1024 (4..2044): bit 10 is the sign.
static inline uint abs_lanes(uint biased) {
  const uint negative = (~biased >> 10) & 0x00010001u;
  return ((biased ^ (negative * 0x3ffu)) & 0x03ff03ffu) + negative;
}
static inline uint signed_bytes(uint biased) { return ((biased >> 3) & 0x00ff00ffu) ^ 0x00800080u; }
static inline uint magnitude_bytes(uint gx, uint gy) { return ((abs_lanes(gx) + abs_lanes(gy)) >> 3) & 0x00ff00ffu; }
// H = l + 2c + r of even and odd pixels of word j.
static inline uint h_even(lanes16 r, int j) {
  const uint before = j == 0 ? r.left : r.o[j - 1] >> 16;
  return (r.o[j] << 16 | before) + (r.e[j] << 1) + r.o[j];
}
static inline uint h_odd(lanes16 r, int j) {
  const uint after = j == 3 ? r.right : r.e[j + 1] & 0xffffu;
  return r.e[j] + (r.o[j] << 1) + (r.e[j] >> 16 | after << 16);
}
kernel void sobel_packed(global const uchar* luma, global char* dx, global char* dy, global uchar* magnitude, int width,
                         int height) {
  const int x0 = get_global_id(0) * 16;
  const int y = get_global_id(1);
  if (x0 >= width || y >= height) return;
  if (x0 < 1 || x0 + 17 > width) {
    for (int x = x0; x < min(x0 + 16, width); ++x) sobel_pixel(luma, dx, dy, magnitude, x, y, width, height);
    return;
  }
  const lanes16 t = row_lanes(luma, x0, y - 1, width, height);
  const lanes16 m = row_lanes(luma, x0, y, width, height);
  const lanes16 b = row_lanes(luma, x0, y + 1, width, height);
  uint ve[4], vo[4];
#pragma unroll
  for (int j = 0; j < 4; ++j) ve[j] = t.e[j] + (m.e[j] << 1) + b.e[j], vo[j] = t.o[j] + (m.o[j] << 1) + b.o[j];
  const uint v_left = t.left + (m.left << 1) + b.left, v_right = t.right + (m.right << 1) + b.right;
  uint4 out_dx, out_dy, out_magnitude;
  uint* odx = (uint*)&out_dx;
  uint* ody = (uint*)&out_dy;
  uint* omag = (uint*)&out_magnitude;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const uint before = j == 0 ? v_left : vo[j - 1] >> 16;
    const uint after = j == 3 ? v_right : ve[j + 1] & 0xffffu;
    const uint gx_even = vo[j] + BIAS - (vo[j] << 16 | before);
    const uint gx_odd = (ve[j] >> 16 | after << 16) + BIAS - ve[j];
    const uint gy_even = h_even(b, j) + BIAS - h_even(t, j);
    const uint gy_odd = h_odd(b, j) + BIAS - h_odd(t, j);
    odx[j] = signed_bytes(gx_even) | signed_bytes(gx_odd) << 8;
    ody[j] = signed_bytes(gy_even) | signed_bytes(gy_odd) << 8;
    omag[j] = magnitude_bytes(gx_even, gy_even) | magnitude_bytes(gx_odd, gy_odd) << 8;
  }
  const size_t i = (size_t)y * width + x0;
  *(global uint4*)(dx + i) = out_dx;
  *(global uint4*)(dy + i) = out_dy;
  *(global uint4*)(magnitude + i) = out_magnitude;
}
