// Normalised box blur for radii 1..4, exact like kernels/blur.cl (same rounding, same multiply-high
// division), for the small windows where blur.cl's per-chunk chain of local prefix sums and
// barriers costs more than the arithmetic. Built with -D CHANNELS=1 (uchar) or 4 (uchar4 RGBA)
// and -D CLAMP_BORDER=0 (zero border) or 1 (clamped border); one kernel per radius (blur_small_r1
// .. blur_small_r4), so every loop has constant bounds and unrolls into straight-line code.
//
// No local memory and no barriers: each work-item owns UNITS pixels of a row (8 grey, 4 RGBA; grey
// r1 takes 16 and packs them, see blur_r1_packed) and walks a few output rows down (ROWS_R1 at
// radius 1, ROWS_WIDE above). Per row it loads its pixels plus a halo of 4 pixels either side
// (neighbouring items' bytes, which the caches serve), keeps the vertical sums of its UNITS + 8
// columns in registers (one row enters, one leaves), and slides the horizontal window across them.
// Small items and few rows give many items in flight: a small-radius blur is a stream of loads
// whose latency only parallelism hides, and the rows an item shares with its vertical neighbours
// come from the cache.

#define ROWS_R1 2
#define ROWS_WIDE 3
#define MAX_ROWS 3
#define HALO 4  // the largest radius: pixels loaded either side of an item's own
#if CHANNELS == 1
#define UNITS 8
typedef uint sum_t;
typedef uchar pixel_t;
#elif CHANNELS == 4
#define UNITS 4
typedef uint4 sum_t;
typedef uchar4 pixel_t;
#else
#error "CHANNELS must be 1 or 4"
#endif
#define SPAN (UNITS + 2 * HALO)
// RGBA items are 16 bytes already: two rows each keep enough of them in flight.
#define ROWS_FOR(R) (CHANNELS == 4 ? 2 : (R) == 1 ? ROWS_R1 : ROWS_WIDE)

// The four bytes of a little-endian word, lowest address first.
static inline uint4 bytes_of(uint word) {
  return (uint4)(word & 0xffu, (word >> 8) & 0xffu, (word >> 16) & 0xffu, word >> 24);
}

// Pixels x - HALO .. x + UNITS + HALO - 1 of row y as sums, zero outside the image for a zero
// border. `fast`: the whole span lies inside the row and starts where 16-byte loads are aligned;
// they load as uint (uint2 for 8 bytes, uint4 for 16), which compilers issue as single wide loads where a
// uchar16 load can be split into 4-byte pieces. Rows are clamped to a valid address and
// multiplied by 0 when outside with a zero border, so the loads carry no branch and many can be
// in flight.
static inline __attribute__((always_inline)) void load_span(sum_t* span, global const pixel_t* image, int width,
                                                            int height, int y, int x, int fast) {
  const uint keep = (CLAMP_BORDER || (uint)y < (uint)height) ? 1u : 0u;
  global const pixel_t* row = image + (size_t)clamp(y, 0, height - 1) * width;
  if (fast) {
#if CHANNELS == 1
    // Byte k of each of the 4 words, as vector operations on the loaded vector: a load whose only
    // uses are element extractions is split into scalar loads by the optimiser.
    const uint2 mid = *(global const uint2*)(row + x) * keep;
    const uint2 byte_k[4] = {mid & 0xffu, (mid >> 8) & 0xffu, (mid >> 16) & 0xffu, mid >> 24};
    const uint4 left = bytes_of(*(global const uint*)(row + x - HALO)) * keep;
    const uint4 right = bytes_of(*(global const uint*)(row + x + UNITS)) * keep;
    span[0] = left.s0, span[1] = left.s1, span[2] = left.s2, span[3] = left.s3;
#pragma unroll
    for (int k = 0; k < 4; ++k) span[HALO + k] = byte_k[k].s0, span[HALO + 4 + k] = byte_k[k].s1;
    span[12] = right.s0, span[13] = right.s1, span[14] = right.s2, span[15] = right.s3;
#else
    global const uint4* wide = (global const uint4*)(row + x - HALO);
#pragma unroll
    for (int q = 0; q < 3; ++q) {
      const uint4 v = wide[q];
      span[4 * q] = bytes_of(v.s0) * keep, span[4 * q + 1] = bytes_of(v.s1) * keep;
      span[4 * q + 2] = bytes_of(v.s2) * keep, span[4 * q + 3] = bytes_of(v.s3) * keep;
    }
#endif
    return;
  }
#pragma unroll
  for (int i = 0; i < SPAN; ++i) {
    const int xi = x - HALO + i;
    const uint inside = (CLAMP_BORDER || (uint)xi < (uint)width) ? keep : 0u;
#if CHANNELS == 1
    span[i] = (uint)row[clamp(xi, 0, width - 1)] * inside;
#else
    span[i] = convert_uint4(row[clamp(xi, 0, width - 1)]) * inside;
#endif
  }
}

// The rows of one item, for a radius known at compile time once inlined into a kernel below.
static inline __attribute__((always_inline)) void blur_rows(global const pixel_t* restrict image,
                                                            global pixel_t* restrict blurred, int width, int height,
                                                            uint multiplier, const int radius, const int item_rows,
                                                            int x, int fast) {
  const int y0 = get_global_id(1) * item_rows;
  const uint rounding = (uint)((2 * radius + 1) * (2 * radius + 1)) / 2;
  sum_t columns[SPAN], entering[SPAN], leaving[SPAN];
#pragma unroll
  for (int i = 0; i < SPAN; ++i) columns[i] = (sum_t)(0);
  // Rows y0 - r .. y0 + r - 1: the window of row y0 less the row that enters with it.
#pragma unroll
  for (int k = -radius; k < radius; ++k) {
    load_span(entering, image, width, height, y0 + k, x, fast);
#pragma unroll
    for (int i = 0; i < SPAN; ++i) columns[i] += entering[i];
  }
  const int rows = min(item_rows, height - y0);
  const int units = min(UNITS, width - x);
#pragma unroll
  for (int r = 0; r < MAX_ROWS; ++r) {
    if (r < rows) {
    const int y = y0 + r;
    load_span(entering, image, width, height, y + radius, x, fast);
    load_span(leaving, image, width, height, y - radius, x, fast);
#pragma unroll
    for (int i = 0; i < SPAN; ++i) columns[i] += entering[i];

    sum_t out[UNITS];  // each value (each channel) 0..255
    // Bounded by the constant 2 * HALO, not 2 * radius: some compilers unroll this loop before
    // inlining makes the radius a constant, and then index `columns` at run time (a stack spill).
    sum_t window = columns[HALO - radius];
#pragma unroll
    for (int d = 1; d <= 2 * HALO; ++d)
      if (d <= 2 * radius) window += columns[HALO - radius + d];
#pragma unroll
    for (int u = 0; u < UNITS; ++u) {
      if (u > 0) window += columns[HALO + u + radius] - columns[HALO + u - radius - 1];
      out[u] = mul_hi(window + (sum_t)(rounding), (sum_t)(multiplier)) >> 2;
    }
    global pixel_t* out_row = blurred + (size_t)y * width + x;
    if (fast) {
      // One 8- or 16-byte store: the bytes packed into words with integer operations, since a vector
      // of bytes can be stored in 4-byte pieces.
#if CHANNELS == 1
      uint2 words;
      words.s0 = out[0] | out[1] << 8 | out[2] << 16 | out[3] << 24;
      words.s1 = out[4] | out[5] << 8 | out[6] << 16 | out[7] << 24;
      *(global uint2*)out_row = words;
#else
      const uint4 words = (uint4)(out[0].s0, out[1].s0, out[2].s0, out[3].s0) |
                          (uint4)(out[0].s1, out[1].s1, out[2].s1, out[3].s1) << 8 |
                          (uint4)(out[0].s2, out[1].s2, out[2].s2, out[3].s2) << 16 |
                          (uint4)(out[0].s3, out[1].s3, out[2].s3, out[3].s3) << 24;
      *(global uint4*)out_row = words;
#endif
    } else {
#pragma unroll
      for (int u = 0; u < UNITS; ++u) {
#if CHANNELS == 1
        if (u < units) out_row[u] = (uchar)out[u];
#else
        if (u < units) out_row[u] = convert_uchar4(out[u]);
#endif
      }
    }
    // The true sums never go negative, so unsigned wrap-around in between is harmless.
#pragma unroll
    for (int i = 0; i < SPAN; ++i) columns[i] -= leaving[i];
    }
  }
}

#if CHANNELS == 1
// Radius 1 on grey, the one small blur whose sums fit 16 bits (9 x 255): two pixels a 32-bit
// operation, 16 pixels an item. Each word of 4 pixels splits into its even and odd bytes, two
// 16-bit lanes each (0x00ff00ff masks); the three rows add lane by lane, and the horizontal sums
// are the lanes and their neighbours moved in by 16-bit shifts. Unpacked, 8 pixels an item took
// 22 instructions a pixel and left both the memory and the issue slots under two-thirds busy
// (docs/performance.md, sections 40 and 41). The division is the same floor((sum + 4) / 9) as
// mul_hi(sum + 4, multiplier) >> 2: for sums up to 2299, (v * 7282) >> 16 == v / 9 (7282 =
// ceil(2^16 / 9) errs by under 0.008 there).
#define PACKED_UNITS 16
#define EVEN_BYTES(w) ((w) & 0x00ff00ffu)
#define ODD_BYTES(w) (((w) >> 8) & 0x00ff00ffu)

// Lanes of floor(v / 9) for packed v (each lane <= 2299).
static inline uint ninths(uint v) {
  return ((v & 0xffffu) * 7282u) >> 16 | ((v >> 16) * 7282u & 0xffff0000u);
}

// Row y's 16 pixels from x as even and odd lanes of four words, and the pixels either side.
typedef struct {
  uint even[4], odd[4], left, right;
} packed_row;

// Rows are 8-byte aligned (the host takes blur_small_r1_unaligned otherwise); `wide`: 16-byte
// aligned, so the 16 pixels load as one vector. At a row's ends the neighbours and a last 8 pixels
// past the row come from clamped addresses, set to the border's value: no item needs a path of its
// own, whose registers would be the whole kernel's (docs/performance.md, section 62).
static inline packed_row load_packed(global const uchar* image, int width, int height, int y, int x, int wide) {
  const uint keep = (CLAMP_BORDER || (uint)y < (uint)height) ? 1u : 0u;
  global const uchar* row = image + (size_t)clamp(y, 0, height - 1) * width;
  // Clamped, each neighbour is one load at a clamped address: no item loads a byte it does not use
  // (every item loading its row's last pixel was 4 loads an item more; docs/performance.md, 67).
  const uint left = CLAMP_BORDER ? (uint)row[max(x - 1, 0)] : x > 0 ? (uint)row[x - 1] : 0u;
  const uint right = CLAMP_BORDER ? (uint)row[min(x + PACKED_UNITS, width - 1)]
                     : x + PACKED_UNITS < width ? (uint)row[x + PACKED_UNITS]
                                               : 0u;
  uint4 mid;
  if (wide) {
    mid = *(global const uint4*)(row + x);
  } else {
    // Width a multiple of 8 but not 16: the last item's second half lies past the row, and only its
    // first pixel counts: the right neighbour of the row's last pixel, which is this item's `right`.
    const uint2 high = x + 8 < width ? *(global const uint2*)(row + min(x + 8, width - 8)) : (uint2)(right, 0u);
    mid = (uint4)(*(global const uint2*)(row + x), high);
  }
  mid *= keep;
  packed_row packed;
  packed.even[0] = EVEN_BYTES(mid.s0), packed.odd[0] = ODD_BYTES(mid.s0);
  packed.even[1] = EVEN_BYTES(mid.s1), packed.odd[1] = ODD_BYTES(mid.s1);
  packed.even[2] = EVEN_BYTES(mid.s2), packed.odd[2] = ODD_BYTES(mid.s2);
  packed.even[3] = EVEN_BYTES(mid.s3), packed.odd[3] = ODD_BYTES(mid.s3);
  packed.left = left * keep;
  packed.right = right * keep;
  return packed;
}

// 4 pixels from the lanes' three-row sums: even pixels add their odd neighbours, odd their even.
static inline uint blur_word(uint even, uint odd, uint odd_before, uint even_after) {
  const uint both = even + odd + 0x00040004u;  // + 4 in each lane: the rounding
  return ninths(both + (odd << 16 | odd_before)) | ninths(both + (even >> 16 | even_after << 16)) << 8;
}

// An item's ROWS_R1 rows, the rows kept as they arrive: no row is loaded twice.
static inline void blur_r1_packed(global const uchar* restrict image, global uchar* restrict blurred, int width,
                                  int height, int x, int wide) {
  const int y0 = get_global_id(1) * ROWS_R1;
  packed_row above = load_packed(image, width, height, y0 - 1, x, wide);
  packed_row middle = load_packed(image, width, height, y0, x, wide);
#pragma unroll
  for (int r = 0; r < ROWS_R1; ++r) {
    const int y = y0 + r;
    if (y >= height) return;
    const packed_row below = load_packed(image, width, height, y + 1, x, wide);
    uint even[4], odd[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      even[j] = above.even[j] + middle.even[j] + below.even[j];
      odd[j] = above.odd[j] + middle.odd[j] + below.odd[j];
    }
    const uint left = above.left + middle.left + below.left, right = above.right + middle.right + below.right;
    global uint2* out = (global uint2*)(blurred + (size_t)y * width + x);
    out[0] = (uint2)(blur_word(even[0], odd[0], left, even[1]),  //
                     blur_word(even[1], odd[1], odd[0] >> 16, even[2]));
    if (x + 8 < width)
      out[1] = (uint2)(blur_word(even[2], odd[2], odd[1] >> 16, even[3]),  //
                       blur_word(even[3], odd[3], odd[2] >> 16, right));
    above = middle;
    middle = below;
  }
}
#define ITEM_UNITS(R) ((R) == 1 ? PACKED_UNITS : UNITS)
#else
#define ITEM_UNITS(R) UNITS
#endif

// One item: grey r1 packed (rows 8-byte aligned), the rest unpacked, `fast` where the span lies
// inside its rows.
static inline __attribute__((always_inline)) void blur_item(global const pixel_t* restrict image,
                                                            global pixel_t* restrict blurred, int width, int height,
                                                            uint multiplier, const int radius) {
  const int x = get_global_id(0) * ITEM_UNITS(radius);
  const int aligned = (width & (UNITS - 1)) == 0;
#if CHANNELS == 1
  if (radius == 1) {
    blur_r1_packed(image, blurred, width, height, x, (width & (PACKED_UNITS - 1)) == 0);
    return;
  }
#endif
  if (aligned && x >= HALO && x + UNITS + HALO <= width)
    blur_rows(image, blurred, width, height, multiplier, radius, ROWS_FOR(radius), x, 1);
  else
    blur_rows(image, blurred, width, height, multiplier, radius, ROWS_FOR(radius), x, 0);
}

// global: (ceil(width / ITEM_UNITS(R)), ceil(height / ROWS_FOR(R))) rounded up to the work-group
// size; items past the image return at once (there are no barriers). out = mul_hi(sum + n/2,
// multiplier) >> 2, as in blur.cl. `fast` is tested once in blur_item, so each copy of the loop
// nest is branch-free.
#define BLUR_SMALL_KERNEL(R)                                                                                      \
  kernel void blur_small_r##R(global const pixel_t* restrict image, global pixel_t* restrict blurred, int width, \
                              int height, uint multiplier) {                                                    \
    if ((int)get_global_id(0) * ITEM_UNITS(R) >= width || (int)get_global_id(1) * ROWS_FOR(R) >= height) return; \
    blur_item(image, blurred, width, height, multiplier, R);                                                    \
  }

BLUR_SMALL_KERNEL(1)
BLUR_SMALL_KERNEL(2)
BLUR_SMALL_KERNEL(3)
BLUR_SMALL_KERNEL(4)

#if CHANNELS == 1
// Grey r1 where rows are not 8-byte aligned (width not a multiple of 8): every item unpacked, in
// two pieces of UNITS pixels, on the grid of blur_small_r1. A kernel of its own, so that its 48
// column sums do not set blur_small_r1's registers.
kernel void blur_small_r1_unaligned(global const uchar* restrict image, global uchar* restrict blurred, int width,
                                    int height, uint multiplier) {
  const int x = get_global_id(0) * PACKED_UNITS;
  if (x >= width || (int)get_global_id(1) * ROWS_R1 >= height) return;
  blur_rows(image, blurred, width, height, multiplier, 1, ROWS_R1, x, 0);
  if (x + UNITS < width) blur_rows(image, blurred, width, height, multiplier, 1, ROWS_R1, x + UNITS, 0);
}
#endif
