// Normalised box blur of radius <= 32 in one pass, exact; see compute/blur_cpu.hpp.
// Built with -D CHANNELS=1 (uchar pixels) or -D CHANNELS=4 (uchar4 RGBA, alpha blurred too).
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
#define SLOT(column) ((column) + (column) / RUN)

// Row y of the image, or the border's stand-in for a row outside it (null: all zero).
static inline global const pixel_t* border_row(global const pixel_t* image, int width, int height, int y,
                                               int clamp_border) {
  if (y < 0 || y >= height) {
    if (!clamp_border) return 0;
    y = clamp(y, 0, height - 1);
  }
  return image + (size_t)y * width;
}

static inline uint4 pixel_at(global const pixel_t* row, int x, int width, int clamp_border) {
  if (x < 0 || x >= width) {
    if (!clamp_border) return (uint4)(0);
    x = clamp(x, 0, width - 1);
  }
#if CHANNELS == 1
  return (uint4)(row[x], 0, 0, 0);
#else
  return convert_uint4(row[x]);
#endif
}

// What one item reads of a row: grey, columns x..x+3 (one per lane of the uint4); RGBA, the four
// channels of column x. `aligned`: x..x+3 are inside a row whose start is 4-byte aligned.
static inline uint4 load_item(global const pixel_t* image, int width, int height, int y, int x, int clamp_border,
                              int aligned) {
  global const pixel_t* row = border_row(image, width, height, y, clamp_border);
  if (!row) return (uint4)(0);
#if CHANNELS == 1
  if (aligned) return convert_uint4(*(global const uchar4*)(row + x));
  return (uint4)(pixel_at(row, x, width, clamp_border).s0, pixel_at(row, x + 1, width, clamp_border).s0,
                 pixel_at(row, x + 2, width, clamp_border).s0, pixel_at(row, x + 3, width, clamp_border).s0);
#else
  return pixel_at(row, x, width, clamp_border);
#endif
}

// global: (groups_x * GROUP_SIZE, groups_y), local: (GROUP_SIZE, 1). Group (gx, gy) writes output
// columns [gx * tile_width, +tile_width) and rows [gy * tile_rows, +tile_rows); its local column 0
// is image column gx * tile_width - lead. tile_rows is a multiple of CHUNK; for grey, tile_width
// and lead are multiples of 4; lead >= r + 1 and lead + tile_width + r <= INPUT_COLUMNS.
// out = mul_hi(sum + n/2, multiplier) >> 2 equals (sum + n/2) / n for every sum in range.
kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1))) void blur(
    global const pixel_t* restrict image, global pixel_t* restrict blurred, int width, int height, int radius,
    int clamp_border, int tile_width, int lead, int tile_rows, uint multiplier) {
  local sum_t sums[CHUNK * PITCH];                // vertical sums, then their prefix sums within each run
  local sum_t run_totals[CHUNK * (RUNS + 1)];     // [row][run]
  local sum_t run_starts[CHUNK * (RUNS + 1)];     // [row][run]: the row's sum before that run
  const int lid = get_local_id(0);
  const int x0 = get_group_id(0) * tile_width;
  const int strip = x0 - lead;
  const int y0 = get_group_id(1) * tile_rows;
  const int y_end = min(y0 + tile_rows, height);
  const uint rounding = (uint)((2 * radius + 1) * (2 * radius + 1)) / 2;

  // 1. The vertical window of 2r+1 rows around row y0 - 1.
  const int x = strip + COLUMNS_PER_ITEM * lid;
  const int aligned = CHANNELS == 1 && (width & 3) == 0 && x >= 0 && x + 3 < width;
  uint4 column_sum = (uint4)(0);
#pragma unroll 4
  for (int y = y0 - radius - 1; y < y0 + radius; ++y)
    column_sum += load_item(image, width, height, y, x, clamp_border, aligned);

  for (int y_chunk = y0; y_chunk < y_end; y_chunk += CHUNK) {
    uint4 entering[CHUNK], leaving[CHUNK];
#pragma unroll
    for (int i = 0; i < CHUNK; ++i) {
      entering[i] = load_item(image, width, height, y_chunk + i + radius, x, clamp_border, aligned);
      leaving[i] = load_item(image, width, height, y_chunk + i - radius - 1, x, clamp_border, aligned);
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
      run_totals[row * (RUNS + 1) + run] = total;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    {
      sum_t start = (sum_t)(0);
      for (int j = 0; j < run; ++j) start += run_totals[row * (RUNS + 1) + j];
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
