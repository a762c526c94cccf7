// The symmetric stereogram on the device: the numbers of compute/stereogram/symmetric_cpu.cpp,
// bit for bit. One work-group per row. The CPU follows the paper's sequential chain merging;
// here every linking pixel makes its link at once and the groups are found as connected
// components (union-find with atomics, smaller index as root). Both give the same groups, and
// the colour comes from a root chosen by position alone (the member nearest the centre) and a
// phase that is the unique solution of per-root equations, so the order in which links land
// or sweeps run does not show.
//
// Depth -> separation goes through the host's table and integer arithmetic only; the one float
// step (depth -> table level) is the reference's, with no fma contraction.
//
// Build-time constants, set by compute/stereogram/symmetric_kernel.cpp:
//   OVERSAMPLE               linking pixels per output pixel
//   SEPARATION_LEVELS        entries of the separation table
//   EYE_SEPARATION           E in linking pixels
//   NEAREST_SEPARATION       the table's smallest entry
//   PATTERN_COLUMNS          width of the pattern the compositor samples
//   INVERSE_PATTERN_COLUMNS  1 / PATTERN_COLUMNS as the host rounds it, float literal
//   ROW_SPACE                __local (a row fits the work-group's local memory) or __global
//                            (a slice of a scratch buffer per work-group, for any width)

#pragma OPENCL FP_CONTRACT OFF

__constant sampler_t depth_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

int depth_level(float depth) {
  const float d = depth > 0.f ? (depth < 1.f ? depth : 1.f) : 0.f;  // NaN -> 0, as in the reference
  return (int)(d * (float)(SEPARATION_LEVELS - 1) + 0.5f);
}

int centre_key(int x, int centre) { return x < centre ? 2 * (centre - x) + 1 : 2 * (x - centre); }
int key_position(int key, int centre) { return (key & 1) ? centre - (key >> 1) : centre + (key >> 1); }

#define PHASE_BITS 16
#define PHASE_PERIOD (PATTERN_COLUMNS << PHASE_BITS)

// See phase_step() in the reference.
int phase_step(int root, int centre, int root_separation) {
  const int step = PHASE_PERIOD / root_separation;
  return root < centre ? PHASE_PERIOD - step : step;
}

// The paper's ray test in integers; see both_eyes_see() in the reference.
bool both_eyes_see(const ROW_SPACE int* separations, int linking_width, int x, int s) {
  for (int t = 1; EYE_SEPARATION * (s - 2 * t) > NEAREST_SEPARATION * (EYE_SEPARATION - 2 * t); ++t) {
    const int ray = EYE_SEPARATION * (s - 2 * t);
    const int span = EYE_SEPARATION - 2 * t;
    if (x - t >= 0 && separations[(x - t) / OVERSAMPLE] * span < ray) return false;
    if (x + t < linking_width && separations[(x + t) / OVERSAMPLE] * span < ray) return false;
  }
  return true;
}

// Minimum separations over blocks of this many depth pixels, for certainly_visible().
#define BLOCK_WIDTH 16

// A shortcut past the ray test that never changes its answer: every ray separation the test
// compares against is at most the one at t = 1, E (s - 2) / (E - 2). If no depth pixel within
// the rays' reach (a superset: whole blocks) has a smaller separation, nothing can block.
// Flat and gently sloping surfaces, most of a frame, then skip the walk.
bool certainly_visible(const ROW_SPACE int* block_min, int width, int x, int s) {
  const int reach = EYE_SEPARATION * (s - NEAREST_SEPARATION) / (2 * (EYE_SEPARATION - NEAREST_SEPARATION)) + 1;
  const int first = max(x - reach, 0) / OVERSAMPLE / BLOCK_WIDTH;
  const int last = min((x + reach) / OVERSAMPLE, width - 1) / BLOCK_WIDTH;
  int nearest = INT_MAX;
  for (int b = first; b <= last; ++b) nearest = min(nearest, block_min[b]);
  return nearest * (EYE_SEPARATION - 2) >= EYE_SEPARATION * (s - 2);
}

int find_root(volatile ROW_SPACE int* parent, int x) {
  for (int p = parent[x]; p != x; p = parent[x]) x = p;
  return x;
}

// Hooks the larger root under the smaller; a failed exchange means another link moved that
// root meanwhile, so look again.
void unite(volatile ROW_SPACE int* parent, int a, int b) {
  for (;;) {
    a = find_root(parent, a);
    b = find_root(parent, b);
    if (a == b) return;
    if (a > b) {
      const int larger = a;
      a = b;
      b = larger;
    }
    if (atomic_cmpxchg(&parent[b], b, a) == b) return;
  }
}

// One root's phase from its inner neighbour's root; true if it changed.
bool settle_phase(volatile ROW_SPACE int* root, volatile ROW_SPACE int* phase, const ROW_SPACE int* separations,
                  int x, int centre) {
  if (root[x] != x) return false;
  const int inner_root = root[x < centre ? x + 1 : x - 1];
  const int settled = (phase[inner_root] + phase_step(x, centre, separations[x / OVERSAMPLE])) % PHASE_PERIOD;
  if (settled == phase[x]) return false;
  phase[x] = settled;
  return true;
}

void row_barrier(void) { barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); }

// memory holds, per row: separations[width], parent[width * OVERSAMPLE], best[width * OVERSAMPLE],
// block_min[ceil(width / BLOCK_WIDTH)].
// Work-groups take rows in turn, so the global variant needs scratch only per work-group.
__kernel void stereogram_symmetric(__read_only image2d_t depth, __write_only image2d_t coordinates, int width,
                                   int height, __global const int* separation_table, ROW_SPACE int* memory) {
  __local int changed_flag;
  volatile __local int* changed = &changed_flag;
  const int lane = get_local_id(0);
  const int lanes = get_local_size(0);
  const int linking_width = width * OVERSAMPLE;
  const int centre = linking_width / 2;
#ifdef ROW_IN_GLOBAL
  memory += (size_t)get_group_id(0) * (size_t)(width + 2 * linking_width + (width + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
#endif
  ROW_SPACE int* separations = memory;
  volatile ROW_SPACE int* parent = memory + width;
  volatile ROW_SPACE int* best = memory + width + linking_width;
  ROW_SPACE int* block_min = memory + width + 2 * linking_width;
  const int blocks = (width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;

  for (int y = get_group_id(0); y < height; y += get_num_groups(0)) {
    for (int x = lane; x < width; x += lanes)
      separations[x] = separation_table[depth_level(read_imagef(depth, depth_sampler, (int2)(x, y)).x)];
    for (int x = lane; x < linking_width; x += lanes) {
      parent[x] = x;
      best[x] = INT_MAX;
    }
    row_barrier();
    for (int b = lane; b < blocks; b += lanes) {
      int nearest = INT_MAX;
      for (int x = b * BLOCK_WIDTH; x < min(width, (b + 1) * BLOCK_WIDTH); ++x) nearest = min(nearest, separations[x]);
      block_min[b] = nearest;
    }
    row_barrier();

    for (int x = lane; x < linking_width; x += lanes) {
      const int s = separations[x / OVERSAMPLE];
      const int left = x - s / 2;
      const int right = left + s;
      if (left >= 0 && right < linking_width &&
          (certainly_visible(block_min, width, x, s) || both_eyes_see(separations, linking_width, x, s)))
        unite(parent, left, right);
    }
    row_barrier();

    // Writing a root over a pointer that led to it is safe while others still walk through it.
    for (int x = lane; x < linking_width; x += lanes) parent[x] = find_root(parent, x);
    row_barrier();
    for (int x = lane; x < linking_width; x += lanes) atomic_min(&best[parent[x]], centre_key(x, centre));
    row_barrier();
    // From here parent[] names each pixel's root (the member nearest the centre) and best[]
    // holds the roots' pattern phases.
    for (int x = lane; x < linking_width; x += lanes) parent[x] = key_position(best[parent[x]], centre);
    row_barrier();
    for (int x = lane; x < linking_width; x += lanes) best[x] = 0;

    // A root's phase is its inner neighbour's root's phase plus a step: a tree rooted at the
    // centre, solved by sweeping until nothing changes. A state in which every root agrees
    // with its neighbour is the reference's, whatever order the sweeps took. Each lane sweeps a
    // contiguous segment outwards from the centre, so a run of roots settles in one sweep and a
    // row needs about (separation / 2) / segment sweeps, not one per root.
    const int segment = (linking_width + lanes - 1) / lanes;
    const int segment_start = min(lane * segment, linking_width);
    const int segment_end = min(segment_start + segment, linking_width);
    for (;;) {
      if (lane == 0) *changed = 0;
      row_barrier();
      for (int x = segment_start; x < segment_end; ++x)
        if (x > centre && settle_phase(parent, best, separations, x, centre)) *changed = 1;
      for (int x = segment_end - 1; x >= segment_start; --x)
        if (x < centre && settle_phase(parent, best, separations, x, centre)) *changed = 1;
      row_barrier();
      const int again = *changed;
      row_barrier();  // every lane has read it before lane 0 clears it
      if (!again) break;
    }

    for (int x = lane; x < width; x += lanes) {
      const int member = x * OVERSAMPLE + OVERSAMPLE / 2;
      const int column = best[parent[member]] >> PHASE_BITS;
      write_imagef(coordinates, (int2)(x, y), (float4)((float)column * INVERSE_PATTERN_COLUMNS, 0.f, 0.f, 1.f));
    }
    row_barrier();  // the next row reuses the memory
  }
}
