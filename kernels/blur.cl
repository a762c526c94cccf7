// Normalised box blur of radius RADIUS <= 32, separable and exact; see compute/blur_cpu.hpp.
// Built with -D CHANNELS=1 (uchar pixels) or -D CHANNELS=4 (uchar4 RGBA, alpha blurred too) and
// -D GROUP_SIZE=<work-group size of blur_rows>.
//
// Neither pass costs more for a larger radius:
//  * blur_rows: a work-group takes a run of one row plus r pixels either side into local memory,
//    prefix-sums it, and each horizontal window sum is the difference of two prefix sums.
//  * blur_columns: each work-item walks down a column segment keeping a running window sum: one
//    row enters and one leaves per output. The host makes segments at least 2r+1 rows long, so
//    setting up the first window costs at most one extra read per output.
// Horizontal sums are at most 65 * 255 = 16575, so they travel between the passes as ushort.

#define MAX_RADIUS 32
#define ITEMS_PER_THREAD 4
#define OUTPUTS_PER_GROUP (GROUP_SIZE * ITEMS_PER_THREAD)
#define SPAN_CAPACITY (OUTPUTS_PER_GROUP + 2 * MAX_RADIUS)

#if CHANNELS == 4
typedef uchar4 pixel_t;
typedef uint4 sum_t;
typedef ushort4 row_sum_t;
#define to_sum convert_uint4
#define to_row_sum convert_ushort4
#define to_pixel convert_uchar4
#elif CHANNELS == 1
typedef uchar pixel_t;
typedef uint sum_t;
typedef ushort row_sum_t;
#define to_sum convert_uint
#define to_row_sum convert_ushort
#define to_pixel convert_uchar
#else
#error "CHANNELS must be 1 or 4"
#endif

// Pixel x of a row of `width`, or the border's stand-in when x is outside the row.
static inline sum_t row_sample(global const pixel_t* row, int x, int width, int clamp_border) {
  if (x >= 0 && x < width) return to_sum(row[x]);
  return clamp_border ? to_sum(row[clamp(x, 0, width - 1)]) : (sum_t)(0);
}

// global: (groups * GROUP_SIZE, height), local: (GROUP_SIZE, 1); group g covers
// OUTPUTS_PER_GROUP pixels of row get_group_id(1) starting at g * OUTPUTS_PER_GROUP.
kernel void blur_rows(global const pixel_t* image, global row_sum_t* row_sums, int width, int height, int radius,
                      int clamp_border) {
  local sum_t span[SPAN_CAPACITY];
  local sum_t thread_totals[GROUP_SIZE];
  const int lid = get_local_id(0);
  const int y = get_group_id(1);
  const int x0 = get_group_id(0) * OUTPUTS_PER_GROUP;
  const int outputs = min(OUTPUTS_PER_GROUP, width - x0);
  const int span_length = outputs + 2 * radius;
  global const pixel_t* row = image + (size_t)y * width;

  for (int j = lid; j < span_length; j += GROUP_SIZE) span[j] = row_sample(row, x0 - radius + j, width, clamp_border);
  barrier(CLK_LOCAL_MEM_FENCE);

  // Inclusive prefix sum of span: each thread scans a short run of its own, the run totals are
  // scanned across the group (Hillis-Steele), and each run then adds the totals before it.
  const int run = (span_length + GROUP_SIZE - 1) / GROUP_SIZE;
  const int run_begin = min(lid * run, span_length);
  const int run_end = min(run_begin + run, span_length);
  sum_t total = (sum_t)(0);
  for (int j = run_begin; j < run_end; ++j) {
    total += span[j];
    span[j] = total;
  }
  thread_totals[lid] = total;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < GROUP_SIZE; offset <<= 1) {
    const sum_t earlier = lid >= offset ? thread_totals[lid - offset] : (sum_t)(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    thread_totals[lid] += earlier;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  const sum_t before_run = lid > 0 ? thread_totals[lid - 1] : (sum_t)(0);
  for (int j = run_begin; j < run_end; ++j) span[j] += before_run;
  barrier(CLK_LOCAL_MEM_FENCE);

  // Output x0 + i covers span[i .. i + 2r].
  global row_sum_t* out = row_sums + (size_t)y * width + x0;
  for (int i = lid; i < outputs; i += GROUP_SIZE)
    out[i] = to_row_sum(span[i + 2 * radius] - (i > 0 ? span[i - 1] : (sum_t)(0)));
}

static inline sum_t column_sample(global const row_sum_t* row_sums, int x, int y, int width, int height,
                                  int clamp_border) {
  if (y >= 0 && y < height) return to_sum(row_sums[(size_t)y * width + x]);
  return clamp_border ? to_sum(row_sums[(size_t)clamp(y, 0, height - 1) * width + x]) : (sum_t)(0);
}

// global: (>= width, segments); work-item (x, s) writes rows [s * rows_per_item, +rows_per_item).
kernel void blur_columns(global const row_sum_t* row_sums, global pixel_t* image, int width, int height, int radius,
                         int clamp_border, int rows_per_item) {
  const int x = get_global_id(0);
  const int y_begin = get_global_id(1) * rows_per_item;
  if (x >= width || y_begin >= height) return;
  const int y_end = min(y_begin + rows_per_item, height);
  const uint window = (uint)(2 * radius + 1) * (uint)(2 * radius + 1);

  sum_t sum = (sum_t)(0);
  for (int y = y_begin - radius; y <= y_begin + radius; ++y)
    sum += column_sample(row_sums, x, y, width, height, clamp_border);
  for (int y = y_begin; y < y_end; ++y) {
    image[(size_t)y * width + x] = to_pixel((sum + (sum_t)(window / 2)) / (sum_t)(window));
    // Unsigned wrap-around in the subtraction is harmless: the true sum is never negative.
    sum += column_sample(row_sums, x, y + radius + 1, width, height, clamp_border) -
           column_sample(row_sums, x, y - radius, width, height, clamp_border);
  }
}
