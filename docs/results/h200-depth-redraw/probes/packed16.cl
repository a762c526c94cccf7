// Probe: the packed grey r1 blur at 16 pixels (four words, one 16-byte load a row) an item,
// interior items only (the probe's image is wide and a multiple of 16), clamped rows.
#define EVEN_BYTES(w) ((w) & 0x00ff00ffu)
#define ODD_BYTES(w) (((w) >> 8) & 0x00ff00ffu)
#ifndef ROWS
#define ROWS 2
#endif
static inline uint ninths(uint v) { return ((v & 0xffffu) * 7282u) >> 16 | ((v >> 16) * 7282u & 0xffff0000u); }
typedef struct { uint e[4], o[4], left, right; } prow;
static inline prow load_p(global const uchar* image, int width, int height, int y, int x) {
  global const uchar* row = image + (size_t)clamp(y, 0, height - 1) * width;
  const uint4 mid = *(global const uint4*)(row + x);
  prow p;
  p.e[0] = EVEN_BYTES(mid.s0), p.o[0] = ODD_BYTES(mid.s0), p.e[1] = EVEN_BYTES(mid.s1), p.o[1] = ODD_BYTES(mid.s1);
  p.e[2] = EVEN_BYTES(mid.s2), p.o[2] = ODD_BYTES(mid.s2), p.e[3] = EVEN_BYTES(mid.s3), p.o[3] = ODD_BYTES(mid.s3);
  p.left = row[x - 1];
  p.right = row[x + 16];
  return p;
}
static inline uint word(uint even, uint odd, uint odd_before, uint even_after) {
  const uint both = even + odd + 0x00040004u;
  return ninths(both + (odd << 16 | odd_before)) | ninths(both + (even >> 16 | even_after << 16)) << 8;
}
kernel void blur_packed16(global const uchar* restrict image, global uchar* restrict blurred, int width, int height) {
  const int x = get_global_id(0) * 16, y0 = get_global_id(1) * ROWS;
  if (x < 16 || x + 32 > width || y0 >= height) return;  // the probe times the interior only
  prow a = load_p(image, width, height, y0 - 1, x), b = load_p(image, width, height, y0, x);
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
    const int y = y0 + r;
    if (y >= height) return;
    const prow c = load_p(image, width, height, y + 1, x);
    uint e[4], o[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) e[j] = a.e[j] + b.e[j] + c.e[j], o[j] = a.o[j] + b.o[j] + c.o[j];
    const uint left = a.left + b.left + c.left, right = a.right + b.right + c.right;
    uint4 out;
    out.s0 = word(e[0], o[0], left, e[1]);
    out.s1 = word(e[1], o[1], o[0] >> 16, e[2]);
    out.s2 = word(e[2], o[2], o[1] >> 16, e[3]);
    out.s3 = word(e[3], o[3], o[2] >> 16, right);
    *(global uint4*)(blurred + (size_t)y * width + x) = out;
    a = b;
    b = c;
  }
}
