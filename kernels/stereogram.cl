// Autostereogram offsets on the device: each depth row (CL_R / CL_FLOAT) becomes a row of
// texture coordinates in pattern widths that is P pixels wider. Both kernels give
// exactly the numbers of compute/stereogram/lookup_cpu.cpp: the same float operations in the same
// order, the first period as i * (1/P) with 1/P rounded on the host, and no fma contraction.
//
// P, M and 1/P (rounded on the host) are arguments, so no slider builds anything; what was a
// build option before, the ring size, picks one of the kernels instantiated at the bottom of
// each section (compute/stereogram/lookup_kernel.cpp chooses).

// OpenCL C contracts a * b + c into fma by default; the host reference never does.
#pragma OPENCL FP_CONTRACT OFF

// One kernel body for both storages: only the reads, the writes and the argument types differ.
//   STEREOGRAM_BUFFERS (optional build option): depth and offsets are float buffers, rows packed
//   (width and width + P floats), not images: GPU (external memory) mode, whose GL and CL share
//   buffers only (pipeline/backends/external_memory_backend.hpp).
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
// coordinates (everything the lookup can reach) in a private ring of `ring` slots, P <= ring.
// The ring's indices wrap by comparison, not `%`: an integer division by a P known only at run
// time cost a noticeable share of the kernel once P became an argument.
static inline void classic_row(float* ring, DEPTH_ARGUMENT, OFFSETS_ARGUMENT, int width,
                               int y, int pattern_width, float max_offset, float inverse_pattern_width) {
  for (int i = 0; i < pattern_width; ++i) {
    const float coordinate = (float)i * inverse_pattern_width;
    ring[i] = coordinate;
    WRITE_COORDINATE(i, y, coordinate);
  }
  int slot = 0;  // j % P
  for (int j = 0; j < width; ++j) {
    const float shift = source_shift(READ_DEPTH(j, y), max_offset);
    const int whole = (int)shift;  // 0 <= shift <= M < P - 1, so truncation is floor and k % P needs one wrap
    int k = slot + whole;
    if (k >= pattern_width) k -= pattern_width;
    const int next = k + 1 == pattern_width ? 0 : k + 1;
    const float fraction = shift - (float)whole;
    const float coordinate = repeated_coordinate(ring[k], ring[next], fraction);
    ring[slot] = coordinate;  // output index j + P takes the slot of j, which nothing reads any more
    WRITE_COORDINATE(j + pattern_width, y, coordinate);
    slot = slot + 1 == pattern_width ? 0 : slot + 1;
  }
}

// One classic kernel per ring size class, all in this one program: a row's private ring is as
// small as the class of P allows (a 1024-float ring for every P made each work-item's stack 4 KiB).
#define CLASSIC_KERNEL(RING)                                                                               \
  __kernel void stereogram_classic_##RING(DEPTH_ARGUMENT, OFFSETS_ARGUMENT,      \
                                          int width, int height, int pattern_width, float max_offset,       \
                                          float inverse_pattern_width) {                                   \
    const int y = get_global_id(0);                                                                        \
    if (y >= height) return;                                                                               \
    float ring[RING];                                                                                      \
    classic_row(ring, depth, offsets, width, y, pattern_width, max_offset, inverse_pattern_width);         \
  }
CLASSIC_KERNEL(128)
CLASSIC_KERNEL(256)
CLASSIC_KERNEL(512)
CLASSIC_KERNEL(1024)

// Output pixel i reads only indices <= i - (P - 1 - ceil(M)), so `lanes` neighbouring
// pixels never depend on each other: a row advances a band of `lanes` pixels per step,
// one pixel per work-item, with a barrier between bands. The depth reads leave the serial
// path: a stage of source shifts is read and converted by all lanes at once beforehand.
// Only the last P coordinates stay in local memory, so any row width fits.
// ring_size is a compile-time constant once inlined into a kernel below (one per power of two).
static inline void fast_rows(DEPTH_ARGUMENT, OFFSETS_ARGUMENT, int width, int height,
                             int pattern_width, float max_offset, float inverse_pattern_width, __local float* rings,
                             const int ring_size, __local float* staged_positions, int stage_size) {
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

// One fast kernel per ring size (a power of two >= P + lanes), all in this one program, so the
// ring's mask and row pitch are constants as they were when P was a build option.
#define FAST_KERNEL(RING)                                                                                  \
  __kernel void stereogram_fast_##RING(DEPTH_ARGUMENT, OFFSETS_ARGUMENT, int width, \
                                       int height, int pattern_width, float max_offset,                    \
                                       float inverse_pattern_width, __local float* rings,                  \
                                       __local float* staged_positions, int stage_size) {                  \
    fast_rows(depth, offsets, width, height, pattern_width, max_offset, inverse_pattern_width, rings, RING, \
              staged_positions, stage_size);                                                              \
  }
FAST_KERNEL(8)
FAST_KERNEL(16)
FAST_KERNEL(32)
FAST_KERNEL(64)
FAST_KERNEL(128)
FAST_KERNEL(256)
FAST_KERNEL(512)
FAST_KERNEL(1024)
FAST_KERNEL(2048)
