// Autostereogram offsets on the device: each depth row (CL_R / CL_FLOAT) becomes a row of
// texture coordinates in pattern widths that is PATTERN_WIDTH pixels wider. Both kernels give
// exactly the numbers of compute/stereogram/lookup_cpu.cpp: the same float operations in the same
// order, the first period as i * (1/P) with 1/P rounded on the host, and no fma contraction.
//
// Build-time constants, set by compute/stereogram/lookup_kernel.cpp:
//   PATTERN_WIDTH          P, int
//   MAX_OFFSET             M, float literal
//   INVERSE_PATTERN_WIDTH  1.0f / P as the host rounds it, float literal
// stereogram_fast only:
//   LANES_PER_ROW          pixels of one row computed side by side; at most P - 1 - ceil(M)
//   ROWS_PER_GROUP         rows one work-group computes
//   RING_SIZE              power of two >= P + LANES_PER_ROW: the recent coordinates of a row
//   STAGE_SIZE             multiple of LANES_PER_ROW: source positions of a row precomputed at once

// OpenCL C contracts a * b + c into fma by default; the host reference never does.
#pragma OPENCL FP_CONTRACT OFF

__constant sampler_t depth_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

// Output pixel j + P repeats the coordinate found this many pixels after index j. Kept apart
// from j (not j + shift as one float) so its fraction stays exact on long rows and the lookup
// never rounds up onto the pixel being written.
float source_shift(float depth) {
  const float d = depth > 0.f ? (depth < 1.f ? depth : 1.f) : 0.f;  // NaN -> 0, as in the reference
  return MAX_OFFSET * (1.0f - d);
}

// One period on from the interpolated coordinate between the two neighbouring source pixels.
float repeated_coordinate(float a, float b, float fraction) { return 1.0f + (a + fraction * (b - a)); }

void write_coordinate(__write_only image2d_t offsets, int x, int y, float coordinate) {
  write_imagef(offsets, (int2)(x, y), (float4)(coordinate, 0.f, 0.f, 1.f));
}

// The kernel of the original article: one work-item walks a whole row, keeping the last P
// coordinates (everything the lookup can reach) in a private ring.
__kernel void stereogram_classic(__read_only image2d_t depth, __write_only image2d_t offsets, int width,
                                 int height) {
  const int y = get_global_id(0);
  if (y >= height) return;
  float ring[PATTERN_WIDTH];
  for (int i = 0; i < PATTERN_WIDTH; ++i) {
    const float coordinate = (float)i * INVERSE_PATTERN_WIDTH;
    ring[i] = coordinate;
    write_coordinate(offsets, i, y, coordinate);
  }
  for (int j = 0; j < width; ++j) {
    const float shift = source_shift(read_imagef(depth, depth_sampler, (int2)(j, y)).x);
    const int whole = (int)shift;  // shift >= 0, so truncation is floor
    const int k = j + whole;
    const float fraction = shift - (float)whole;
    const float coordinate =
        repeated_coordinate(ring[k % PATTERN_WIDTH], ring[(k + 1) % PATTERN_WIDTH], fraction);
    ring[j % PATTERN_WIDTH] = coordinate;  // output index j + P takes the slot of j, which nothing reads any more
    write_coordinate(offsets, j + PATTERN_WIDTH, y, coordinate);
  }
}

// Output pixel i reads only indices <= i - (P - 1 - ceil(M)), so LANES_PER_ROW neighbouring
// pixels never depend on each other: a row advances a band of LANES_PER_ROW pixels per step,
// one pixel per work-item, with a barrier between bands. The depth reads leave the serial
// path: a stage of source shifts is read and converted by all lanes at once beforehand.
// Only the last P coordinates stay in local memory, so any row width fits.
__kernel __attribute__((reqd_work_group_size(LANES_PER_ROW, ROWS_PER_GROUP, 1))) void stereogram_fast(
    __read_only image2d_t depth, __write_only image2d_t offsets, int width, int height) {
  __local float rings[ROWS_PER_GROUP][RING_SIZE];
  __local float staged_positions[ROWS_PER_GROUP][STAGE_SIZE];
  const int lane = get_local_id(0);
  const int y = get_global_id(1);
  // Rows past the image still take part in every barrier; they only skip the work.
  const bool row_exists = y < height;
  __local float* ring = rings[get_local_id(1)];
  __local float* positions = staged_positions[get_local_id(1)];
  const int ring_mask = RING_SIZE - 1;

  if (row_exists) {
    for (int i = lane; i < PATTERN_WIDTH; i += LANES_PER_ROW) {
      const float coordinate = (float)i * INVERSE_PATTERN_WIDTH;
      ring[i] = coordinate;
      write_coordinate(offsets, i, y, coordinate);
    }
  }
  for (int stage_start = 0; stage_start < width; stage_start += STAGE_SIZE) {
    const int stage_length = min(width - stage_start, STAGE_SIZE);
    if (row_exists) {
      for (int s = lane; s < stage_length; s += LANES_PER_ROW) {
        const int j = stage_start + s;
        positions[s] = source_shift(read_imagef(depth, depth_sampler, (int2)(j, y)).x);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int band_start = 0; band_start < stage_length; band_start += LANES_PER_ROW) {
      const int s = band_start + lane;
      if (row_exists && s < stage_length) {
        const float shift = positions[s];
        const int whole = (int)shift;
        const int k = stage_start + s + whole;
        const float fraction = shift - (float)whole;
        const float coordinate = repeated_coordinate(ring[k & ring_mask], ring[(k + 1) & ring_mask], fraction);
        const int i = stage_start + s + PATTERN_WIDTH;
        // The slot held index i - RING_SIZE, older than anything this band looks up (all >= band start - P).
        ring[i & ring_mask] = coordinate;
        write_coordinate(offsets, i, y, coordinate);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
}
