// Autostereogram offsets on the device: each depth row (CL_R / CL_FLOAT) becomes a row of
// texture coordinates in pattern widths that is PATTERN_WIDTH pixels wider. Both kernels give
// exactly the numbers of compute/stereogram/lookup_cpu.cpp: the same float operations in the same
// order, the first period as i * (1/P) with 1/P rounded on the host, and no fma contraction.
//
// Build-time constants, set by compute/stereogram/lookup_kernel.cpp:
//   PATTERN_WIDTH          P, int
//   MAX_OFFSET             M, float literal
//   INVERSE_PATTERN_WIDTH  1.0f / P as the host rounds it, float literal
//   STEREOGRAM_BUFFERS     (optional) depth and offsets are float buffers, rows packed (width and
//                          width + P floats), not images: GPU (external memory) mode, whose GL and
//                          CL share buffers only (pipeline/external_memory_backend.hpp)
// stereogram_fast only:
//   LANES_PER_ROW          pixels of one row computed side by side; at most P - 1 - ceil(M)
//   ROWS_PER_GROUP         rows one work-group computes
//   RING_SIZE              power of two >= P + LANES_PER_ROW: the recent coordinates of a row
//   STAGE_SIZE             multiple of LANES_PER_ROW: source positions of a row precomputed at once

// OpenCL C contracts a * b + c into fma by default; the host reference never does.
#pragma OPENCL FP_CONTRACT OFF

// One kernel body for both storages: only the reads, the writes and the argument types differ.
#ifdef STEREOGRAM_BUFFERS
#define DEPTH_ARGUMENT __global const float* depth
#define OFFSETS_ARGUMENT __global float* offsets
#define READ_DEPTH(column, row) depth[(size_t)(row) * (size_t)width + (size_t)(column)]
#define WRITE_COORDINATE(column, row, coordinate) \
  offsets[(size_t)(row) * (size_t)(width + pattern_width) + (size_t)(column)] = (coordinate)
#else
#define DEPTH_ARGUMENT __read_only image2d_t depth
#define OFFSETS_ARGUMENT __write_only image2d_t offsets
#define READ_DEPTH(column, row) read_imagef(depth, depth_sampler, (int2)((column), (row))).x
#define WRITE_COORDINATE(column, row, coordinate) write_coordinate(offsets, (column), (row), (coordinate))
__constant sampler_t depth_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

void write_coordinate(__write_only image2d_t offsets, int x, int y, float coordinate) {
  write_imagef(offsets, (int2)(x, y), (float4)(coordinate, 0.f, 0.f, 1.f));
}
#endif

// Output pixel j + P repeats the coordinate found this many pixels after index j. Kept apart
// from j (not j + shift as one float) so its fraction stays exact on long rows and the lookup
// never rounds up onto the pixel being written.
float source_shift(float depth, float max_offset) {
  const float d = depth > 0.f ? (depth < 1.f ? depth : 1.f) : 0.f;  // NaN -> 0, as in the reference
  return max_offset * (1.0f - d);
}

// One period on from the interpolated coordinate between the two neighbouring source pixels.
float repeated_coordinate(float a, float b, float fraction) { return 1.0f + (a + fraction * (b - a)); }

// The kernel of the original article: one work-item walks a whole row, keeping the last P
// coordinates (everything the lookup can reach) in a private ring.
__kernel void stereogram_classic(DEPTH_ARGUMENT, OFFSETS_ARGUMENT, int width,
                                 int height, int pattern_width, float max_offset, float inverse_pattern_width) {
  const int y = get_global_id(0);
  if (y >= height) return;
  float ring[MAX_PATTERN_WIDTH];
  for (int i = 0; i < pattern_width; ++i) {
    const float coordinate = (float)i * inverse_pattern_width;
    ring[i] = coordinate;
    WRITE_COORDINATE(i, y, coordinate);
  }
  for (int j = 0; j < width; ++j) {
    const float shift = source_shift(READ_DEPTH(j, y), max_offset);
    const int whole = (int)shift;  // shift >= 0, so truncation is floor
    const int k = j + whole;
    const float fraction = shift - (float)whole;
    const float coordinate =
        repeated_coordinate(ring[k % pattern_width], ring[(k + 1) % pattern_width], fraction);
    ring[j % pattern_width] = coordinate;  // output index j + P takes the slot of j, which nothing reads any more
    WRITE_COORDINATE(j + pattern_width, y, coordinate);
  }
}

// Output pixel i reads only indices <= i - (P - 1 - ceil(M)), so `lanes` neighbouring
// pixels never depend on each other: a row advances a band of `lanes` pixels per step,
// one pixel per work-item, with a barrier between bands. The depth reads leave the serial
// path: a stage of source shifts is read and converted by all lanes at once beforehand.
// Only the last P coordinates stay in local memory, so any row width fits.
__kernel void stereogram_fast(DEPTH_ARGUMENT, OFFSETS_ARGUMENT, int width, int height,
                              int pattern_width, float max_offset, float inverse_pattern_width, __local float* rings,
                              int ring_size, __local float* staged_positions, int stage_size) {
  const int lanes = get_local_size(0);
  const int lane = get_local_id(0);
  const int y = get_global_id(1);
  // Rows past the image still take part in every barrier; they only skip the work.
  const bool row_exists = y < height;
  __local float* ring = rings + get_local_id(1) * ring_size;
  __local float* positions = staged_positions + get_local_id(1) * stage_size;
  const int ring_mask = ring_size - 1;

  if (row_exists) {
    for (int i = lane; i < pattern_width; i += lanes) {
      const float coordinate = (float)i * inverse_pattern_width;
      ring[i] = coordinate;
      WRITE_COORDINATE(i, y, coordinate);
    }
  }
  for (int stage_start = 0; stage_start < width; stage_start += stage_size) {
    const int stage_length = min(width - stage_start, stage_size);
    if (row_exists) {
      for (int s = lane; s < stage_length; s += lanes) {
        const int j = stage_start + s;
        positions[s] = source_shift(READ_DEPTH(j, y), max_offset);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int band_start = 0; band_start < stage_length; band_start += lanes) {
      const int s = band_start + lane;
      if (row_exists && s < stage_length) {
        const float shift = positions[s];
        const int whole = (int)shift;
        const int k = stage_start + s + whole;
        const float fraction = shift - (float)whole;
        const float coordinate = repeated_coordinate(ring[k & ring_mask], ring[(k + 1) & ring_mask], fraction);
        const int i = stage_start + s + pattern_width;
        // The slot held index i - ring_size, older than anything this band looks up (all >= band start - P).
        ring[i & ring_mask] = coordinate;
        WRITE_COORDINATE(i, y, coordinate);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
}
