// Normalised box blur of radius <= 32 in one pass, exact; see compute/effects/blur_cpu.hpp.
// Built with -D CHANNELS=1 (uchar pixels) or -D CHANNELS=4 (uchar4 RGBA, alpha blurred too), and
// -D CLAMP_BORDER=0 (zero border) or 1 (clamped border; the kernel's clamp_border argument must match).
//
// A work-group of GROUP_SIZE items owns a strip of INPUT_COLUMNS image columns (1024 grey,
// 256 RGBA) and walks down tile_rows output rows of it, CHUNK rows at a time:
//  1. vertical: each item keeps, in registers, the running sum of its columns over the 2r+1 rows
//     around the current row (one row enters, one leaves per output row) and writes it to local
//     memory;
//  2. horizontal: the group prefix-sums each of the CHUNK rows in local memory (each item a run of
//     RUN columns, then each run's start from the totals before it);
//  3. each output is the difference of two prefix sums, rounded and divided by (2r+1)^2 through an
//     exact multiply-high (BlurKernel computes the multiplier; tests check it for every sum).
// Nothing costs more for a larger radius except the first window of each strip (2r+1 rows) and
// the r columns either side a strip needs and does not output.
// Local layouts pad one slot after every run and PAD_ROW slots after every row, so the items of a
// warp hit distinct banks in every phase.

#define GROUP_SIZE 256
#define CHUNK 8
#define WARM 8  // first-window rows in flight per item
#if CHANNELS == 1
#define COLUMNS_PER_ITEM 4
#define PAD_ROW 4  // row pitch = 4 mod 32 words: the 8 rows x 4 runs of a warp in distinct banks
typedef uint sum_t;
typedef uchar pixel_t;
#elif CHANNELS == 4
#define COLUMNS_PER_ITEM 1
#define PAD_ROW 1  // row pitch = 1 mod 8 uint4: 8 rows of a quarter-warp in distinct bank quads
typedef uint4 sum_t;
typedef uchar4 pixel_t;
#else
#error "CHANNELS must be 1 or 4"
#endif
#define INPUT_COLUMNS (GROUP_SIZE * COLUMNS_PER_ITEM)
#define RUN (INPUT_COLUMNS * CHUNK / GROUP_SIZE)  // columns one item prefix-sums: 32 grey, 8 RGBA
#define RUNS (INPUT_COLUMNS / RUN)                // runs per row: 32
#define PITCH (INPUT_COLUMNS + RUNS + PAD_ROW)
#if CHANNELS == 1
#define TOTALS_PITCH (RUNS + 4)  // 16-byte aligned rows, read back as uint4
#else
#define TOTALS_PITCH (RUNS + 1)
#endif
#define SLOT(column) ((column) + (column) / RUN)

// What one item reads of row y: grey, columns x..x+3 (one per lane of the uint4); RGBA, the four
// channels of column x. Branch-free in y: the row index is clamped (always a valid address) and, with
// a zero border, a row outside the image is multiplied by 0, so the compiler can issue many of these
// loads before it needs any of them. `inside`: x..x+3 lie in the image and rows start 4-byte
// aligned, so one uchar4 load does.
static inline uint4 load_item(global const pixel_t* image, int width, int height, int y, int x, int clamp_border,
                              int inside) {
  const uint keep = (clamp_border || (uint)y < (uint)height) ? 1u : 0u;
  global const pixel_t* row = image + (size_t)clamp(y, 0, height - 1) * width;
#if CHANNELS == 1
  if (inside) return convert_uint4(*(global const uchar4*)(row + x)) * keep;
  uint4 v;
  v.s0 = row[clamp(x, 0, width - 1)] * (clamp_border || (uint)x < (uint)width ? keep : 0u);
  v.s1 = row[clamp(x + 1, 0, width - 1)] * (clamp_border || (uint)(x + 1) < (uint)width ? keep : 0u);
  v.s2 = row[clamp(x + 2, 0, width - 1)] * (clamp_border || (uint)(x + 2) < (uint)width ? keep : 0u);
  v.s3 = row[clamp(x + 3, 0, width - 1)] * (clamp_border || (uint)(x + 3) < (uint)width ? keep : 0u);
  return v;
#else
  return convert_uint4(row[clamp(x, 0, width - 1)]) * (clamp_border || (uint)x < (uint)width ? keep : 0u);
#endif
}

// Sum of rows y0 - r - 1 .. y0 + r - 1 of the item's columns; call with a constant `inside`.
static inline uint4 first_window(global const pixel_t* image, int width, int height, int y0, int radius, int x,
                                 int clamp_border, int inside) {
  uint4 partial[WARM];
#pragma unroll
  for (int k = 0; k < WARM; ++k) partial[k] = (uint4)(0);
  const int first = y0 - radius - 1, count = 2 * radius + 1;
  int done = 0;
  for (; done + WARM <= count; done += WARM) {
#pragma unroll
    for (int k = 0; k < WARM; ++k) partial[k] += load_item(image, width, height, first + done + k, x, clamp_border, inside);
  }
#pragma unroll
  for (int k = 0; k < WARM; ++k)
    if (done + k < count) partial[k] += load_item(image, width, height, first + done + k, x, clamp_border, inside);
  uint4 sum = (uint4)(0);
#pragma unroll
  for (int k = 0; k < WARM; ++k) sum += partial[k];
  return sum;
}

// global: (groups_x * GROUP_SIZE, groups_y), local: (GROUP_SIZE, 1). Group (gx, gy) writes output
// columns [gx * tile_width, +tile_width) and rows [gy * tile_rows, +tile_rows); its local column 0
// is image column gx * tile_width - lead. tile_rows is a multiple of CHUNK; for grey, tile_width
// and lead are multiples of 4; lead >= r + 1 and lead + tile_width + r <= INPUT_COLUMNS.
// out = mul_hi(sum + n/2, multiplier) >> 2 equals (sum + n/2) / n for every sum in range.
kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1))) void blur(
    global const pixel_t* restrict image, global pixel_t* restrict blurred, int width, int height, int radius,
    int clamp_border_argument, int tile_width, int lead, int tile_rows, uint multiplier) {
  local sum_t sums[CHUNK * PITCH];                // vertical sums, then their prefix sums within each run
  local sum_t run_totals[CHUNK * TOTALS_PITCH] __attribute__((aligned(16)));  // [row][run]
  local sum_t run_starts[CHUNK * (RUNS + 1)];     // [row][run]: the row's sum before that run
  const int clamp_border = CLAMP_BORDER;  // a build option, so the border costs no per-load selects
  const int lid = get_local_id(0);
  const int x0 = get_group_id(0) * tile_width;
  const int strip = x0 - lead;
  const int y0 = get_group_id(1) * tile_rows;
  const int y_end = min(y0 + tile_rows, height);
  const uint rounding = (uint)((2 * radius + 1) * (2 * radius + 1)) / 2;

  // 1. The vertical window of 2r+1 rows around row y0 - 1.
  const int x = strip + COLUMNS_PER_ITEM * lid;
  const int aligned = CHANNELS == 1 && (width & 3) == 0 && x >= 0 && x + 3 < width;
  // The first window: 2r+1 loads, WARM in flight at a time. `aligned` is tested once, outside the
  // loops, so each copy is straight-line code whose loads the compiler can issue back to back (a
  // branch around every load kept them one at a time, each waiting on the last).
  uint4 column_sum = aligned ? first_window(image, width, height, y0, radius, x, clamp_border, 1)
                             : first_window(image, width, height, y0, radius, x, clamp_border, 0);
  for (int y_chunk = y0; y_chunk < y_end; y_chunk += CHUNK) {
    uint4 entering[CHUNK], leaving[CHUNK];
    if (aligned) {
#pragma unroll
      for (int i = 0; i < CHUNK; ++i) {
        entering[i] = load_item(image, width, height, y_chunk + i + radius, x, clamp_border, 1);
        leaving[i] = load_item(image, width, height, y_chunk + i - radius - 1, x, clamp_border, 1);
      }
    } else {
#pragma unroll
      for (int i = 0; i < CHUNK; ++i) {
        entering[i] = load_item(image, width, height, y_chunk + i + radius, x, clamp_border, 0);
        leaving[i] = load_item(image, width, height, y_chunk + i - radius - 1, x, clamp_border, 0);
      }
    }
#pragma unroll
    for (int i = 0; i < CHUNK; ++i) {
      // The true sum never goes negative, so unsigned wrap-around in between is harmless.
      column_sum += entering[i] - leaving[i];
#if CHANNELS == 1
      local sum_t* row = sums + i * PITCH;
      const int c = COLUMNS_PER_ITEM * lid;
      row[SLOT(c)] = column_sum.s0;
      row[SLOT(c + 1)] = column_sum.s1;
      row[SLOT(c + 2)] = column_sum.s2;
      row[SLOT(c + 3)] = column_sum.s3;
#else
      sums[i * PITCH + SLOT(lid)] = column_sum;
#endif
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // 2. Prefix sums: item (row, run) scans its run, then learns where the run starts.
    const int row = lid % CHUNK;
    const int run = lid / CHUNK;
    {
      local sum_t* p = sums + row * PITCH + run * (RUN + 1);
      sum_t total = (sum_t)(0);
#pragma unroll
      for (int i = 0; i < RUN; ++i) {
        total += p[i];
        p[i] = total;
      }
      run_totals[row * TOTALS_PITCH + run] = total;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    {
      sum_t start = (sum_t)(0);
#if CHANNELS == 1
      // The row's 32 run totals as 8 uint4 loads (rows padded to 36 for 16-byte alignment),
      // masked to the runs before this one: 8 local loads, not up to 31.
      local const uint4* totals = (local const uint4*)(run_totals + row * TOTALS_PITCH);
#pragma unroll
      for (int q = 0; q < RUNS / 4; ++q) {
        const uint4 t = totals[q];
        const int j = 4 * q;
        start += (j < run ? t.s0 : 0u) + (j + 1 < run ? t.s1 : 0u) + (j + 2 < run ? t.s2 : 0u) + (j + 3 < run ? t.s3 : 0u);
      }
#else
#pragma unroll
      for (int j = 0; j < RUNS - 1; ++j) start += j < run ? run_totals[row * TOTALS_PITCH + j] : (sum_t)(0);
#endif
      run_starts[row * (RUNS + 1) + run] = start;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // 3. Output (x0 + x, y) covers local columns lead + x - r .. lead + x + r: the prefix sum at
    // the last minus the prefix sum just before the first.
    const int rows = min(CHUNK, y_end - y_chunk);
    for (int i = 0; i < rows; ++i) {
      local const sum_t* prefix = sums + i * PITCH;
      local const sum_t* starts = run_starts + i * (RUNS + 1);
      global pixel_t* out_row = blurred + (size_t)(y_chunk + i) * width;
#if CHANNELS == 1
      for (int j = 4 * lid; j < tile_width && x0 + j < width; j += 4 * GROUP_SIZE) {
        uint4 sum;
        int last = lead + j + radius;
        int before = lead + j - radius - 1;
        sum.s0 = prefix[SLOT(last)] + starts[last / RUN] - prefix[SLOT(before)] - starts[before / RUN];
        ++last, ++before;
        sum.s1 = prefix[SLOT(last)] + starts[last / RUN] - prefix[SLOT(before)] - starts[before / RUN];
        ++last, ++before;
        sum.s2 = prefix[SLOT(last)] + starts[last / RUN] - prefix[SLOT(before)] - starts[before / RUN];
        ++last, ++before;
        sum.s3 = prefix[SLOT(last)] + starts[last / RUN] - prefix[SLOT(before)] - starts[before / RUN];
        const uchar4 result = convert_uchar4(mul_hi(sum + (uint4)(rounding), (uint4)(multiplier)) >> 2);
        const int gx = x0 + j;
        if ((width & 3) == 0 && gx + 3 < width) {
          *(global uchar4*)(out_row + gx) = result;
        } else {
          out_row[gx] = result.s0;
          if (gx + 1 < width) out_row[gx + 1] = result.s1;
          if (gx + 2 < width) out_row[gx + 2] = result.s2;
          if (gx + 3 < width) out_row[gx + 3] = result.s3;
        }
      }
#else
      for (int j = lid; j < tile_width && x0 + j < width; j += GROUP_SIZE) {
        const int last = lead + j + radius;
        const int before = lead + j - radius - 1;
        const uint4 sum = prefix[SLOT(last)] + starts[last / RUN] - prefix[SLOT(before)] - starts[before / RUN];
        out_row[x0 + j] = convert_uchar4(mul_hi(sum + (uint4)(rounding), (uint4)(multiplier)) >> 2);
      }
#endif
    }
    barrier(CLK_LOCAL_MEM_FENCE);  // before the next chunk overwrites sums
  }
}
