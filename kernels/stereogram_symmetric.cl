// The symmetric stereogram on the device: the numbers of compute/stereogram/symmetric_cpu.cpp,
// bit for bit. One work-group per row. The CPU follows the paper's sequential chain merging;
// here every linking pixel makes its link at once and the groups are found as connected
// components (union-find with atomics, smaller index as root). Both give the same groups, and
// the colour comes from a root chosen by position alone (the member nearest the centre), so
// the order in which links land does not show.
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

int root_column(int root, int centre, int root_separation) {
  const int phase = ((root - centre) % root_separation + root_separation) % root_separation;
  return phase * PATTERN_COLUMNS / root_separation;
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

void row_barrier(void) { barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); }

// memory holds, per row: separations[width], parent[width * OVERSAMPLE], best[width * OVERSAMPLE].
// Work-groups take rows in turn, so the global variant needs scratch only per work-group.
__kernel void stereogram_symmetric(__read_only image2d_t depth, __write_only image2d_t coordinates, int width,
                                   int height, __global const int* separation_table, ROW_SPACE int* memory) {
  const int lane = get_local_id(0);
  const int lanes = get_local_size(0);
  const int linking_width = width * OVERSAMPLE;
  const int centre = linking_width / 2;
#ifdef ROW_IN_GLOBAL
  memory += (size_t)get_group_id(0) * (size_t)(width + 2 * linking_width);
#endif
  ROW_SPACE int* separations = memory;
  volatile ROW_SPACE int* parent = memory + width;
  volatile ROW_SPACE int* best = memory + width + linking_width;

  for (int y = get_group_id(0); y < height; y += get_num_groups(0)) {
    for (int x = lane; x < width; x += lanes)
      separations[x] = separation_table[depth_level(read_imagef(depth, depth_sampler, (int2)(x, y)).x)];
    for (int x = lane; x < linking_width; x += lanes) {
      parent[x] = x;
      best[x] = INT_MAX;
    }
    row_barrier();

    for (int x = lane; x < linking_width; x += lanes) {
      const int s = separations[x / OVERSAMPLE];
      const int left = x - s / 2;
      const int right = left + s;
      if (left >= 0 && right < linking_width && both_eyes_see(separations, linking_width, x, s))
        unite(parent, left, right);
    }
    row_barrier();

    // Writing a root over a pointer that led to it is safe while others still walk through it.
    for (int x = lane; x < linking_width; x += lanes) parent[x] = find_root(parent, x);
    row_barrier();
    for (int x = lane; x < linking_width; x += lanes) atomic_min(&best[parent[x]], centre_key(x, centre));
    row_barrier();

    for (int x = lane; x < width; x += lanes) {
      const int member = x * OVERSAMPLE + OVERSAMPLE / 2;
      const int root = key_position(best[parent[member]], centre);
      const int column = root_column(root, centre, separations[root / OVERSAMPLE]);
      write_imagef(coordinates, (int2)(x, y), (float4)((float)column * INVERSE_PATTERN_COLUMNS, 0.f, 0.f, 1.f));
    }
    row_barrier();  // the next row reuses the memory
  }
}
