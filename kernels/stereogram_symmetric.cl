// The symmetric stereogram on the device: the numbers of compute/stereogram/symmetric_cpu.cpp,
// bit for bit. One work-group per row. Every linking pixel asks for its link at once; each end
// goes to the shortest link asking for it (atomic min and max), and a link that holds both ends
// is kept, the reference's rule. The groups are then found as connected components (union-find
// with atomics). Hooking the root farther from the centre under the nearer one leaves each group
// rooted at its member nearest the centre, the reference's root, whatever order the links landed
// in. Anchored colours come from the root alone. Flowing phases are sums along a tree towards
// the centre, found by pointer jumping in about log2(depth) steps, and modular sums do not
// depend on their order.
//
// Depth -> separation goes through the host's table and integer arithmetic only; the one float
// step (depth -> table level) is the reference's, with no fma contraction.
//
// Build-time constants, set by compute/stereogram/symmetric_kernel.cpp:
//   OVERSAMPLE         linking pixels per output pixel. Compiled in because every depth lookup
//                      in the ray test's inner loop divides by it: a constant makes that a shift
//                      or a multiply, an argument a full integer division per step.
//   SEPARATION_LEVELS  entries of the separation table (a fixed constant of the reference)
//   SEPARATION_FRACTION_BITS  the table's separations are in 1/2^this of a linking pixel
//   ROW_SPACE          __local (a row fits the work-group's local memory) or __global
//                      (a slice of a scratch buffer per work-group, for any width)
//   STEREOGRAM_BUFFERS (optional) depth and coordinates are float buffers with packed rows, both
//                      width floats a row, not images: GPU (external memory) mode, whose GL and
//                      CL share buffers only (pipeline/backends/external_memory_backend.hpp). Only the
//                      read of depth, the write of a coordinate and their argument types differ.
//   LOOP_BUDGET_FLAG   (optional, llvmpipe only) one more argument, an int the kernel sets to 1
//                      when the device has cut its loops short; see the end of the kernel.
// Everything P and M decide (the table, E, the nearest separation, the pattern width) comes in
// as arguments, so moving the panel's sliders builds nothing.

#pragma OPENCL FP_CONTRACT OFF

#ifdef STEREOGRAM_BUFFERS
#define DEPTH_ARGUMENT __global const float* depth
#define COORDINATES_ARGUMENT __global float* coordinates
#define READ_DEPTH(column, row) depth[(size_t)(row) * (size_t)width + (size_t)(column)]
#define WRITE_COORDINATE(column, row, coordinate) \
  coordinates[(size_t)(row) * (size_t)width + (size_t)(column)] = (coordinate)
#else
#define DEPTH_ARGUMENT __read_only image2d_t depth
#define COORDINATES_ARGUMENT __write_only image2d_t coordinates
#define READ_DEPTH(column, row) read_imagef(depth, depth_sampler, (int2)((column), (row))).x
#define WRITE_COORDINATE(column, row, coordinate) \
  write_imagef(coordinates, (int2)((column), (row)), (float4)((coordinate), 0.f, 0.f, 1.f))
__constant sampler_t depth_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
#endif

int depth_level(float depth) {
  const float d = depth > 0.f ? (depth < 1.f ? depth : 1.f) : 0.f;  // NaN -> 0, as in the reference
  return (int)(d * (float)(SEPARATION_LEVELS - 1) + 0.5f);
}

// separation_dither() in compute/stereogram/symmetric_params.hpp: the row of dots' rounding
// threshold, its index's low 8 bits reversed.
int separation_dither(int row, int dot_rows) {
  uint r = (uint)(row / dot_rows) & 255u;
  r = (r & 0xF0u) >> 4 | (r & 0x0Fu) << 4;
  r = (r & 0xCCu) >> 2 | (r & 0x33u) << 2;
  r = (r & 0xAAu) >> 1 | (r & 0x55u) << 1;
  return (int)r;
}

int centre_key(int x, int centre) { return x < centre ? 2 * (centre - x) + 1 : 2 * (x - centre); }

#define PHASE_BITS 16

// Separations in linking pixels, which validate() holds to at most 16384 (kMaxLinkingSeparation).
typedef ushort separation_t;

// The paper's ray test in integers; see both_eyes_see() in the reference. eye and nearest are
// E and the table's smallest separation, in linking pixels.
bool both_eyes_see(const ROW_SPACE separation_t* separations, int linking_width, int x, int s, int eye, int nearest) {
  for (int t = 1; eye * (s - 2 * t) > nearest * (eye - 2 * t); ++t) {
    const int ray = eye * (s - 2 * t);
    const int span = eye - 2 * t;
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
bool certainly_visible(const ROW_SPACE int* block_min, int width, int x, int s, int eye, int nearest) {
  const int reach = eye * (s - nearest) / (2 * (eye - nearest)) + 1;
  const int first = max(x - reach, 0) / OVERSAMPLE / BLOCK_WIDTH;
  const int last = min((x + reach) / OVERSAMPLE, width - 1) / BLOCK_WIDTH;
  int closest = INT_MAX;
  for (int b = first; b <= last; ++b) closest = min(closest, block_min[b]);
  return closest * (eye - 2) >= eye * (s - 2);
}

// The union-find parent of linking pixel x lives in the add half (.x) of its phase link: the
// union-find is finished before that half is overwritten. Before the union-find the add half
// holds the right-end claims on x and the towards half (.y) the left-end claims.
#define PARENT(words, x) (words)[2 * (x)]
#define LEFT_CLAIM(words, x) (words)[2 * (x) + 1]

int find_root(volatile ROW_SPACE int* words, int x) {
  for (int p = PARENT(words, x); p != x; p = PARENT(words, x)) x = p;
  return x;
}

// find_root with path halving on the way up, for the unites: each pixel passed is pointed at its
// grandparent. Without it the random-depth rows, whose links join most of a row into one tree,
// walked long paths in every unite (docs/performance.md, "Symmetric kernel speed, round 3"). The
// write may race with another walker's or lose to a hook; either way it only points a non-root at
// one of its ancestors, so every pixel keeps its root and the roots stay those the hooking rule
// chose.
// Not for the compression pass: there a halving write could put an ancestor back over the root
// another work-item has just stored (seen on a GPU that runs a group's work-items concurrently,
// never on PoCL, which runs them in turn).
int find_root_halving(volatile ROW_SPACE int* words, int x) {
  for (;;) {
    const int parent = PARENT(words, x);
    if (parent == x) return x;
    const int grandparent = PARENT(words, parent);
    if (grandparent != parent) PARENT(words, x) = grandparent;
    x = parent;
  }
}

// Hooks the root farther from the centre under the nearer one; a failed exchange means another
// link moved that root meanwhile, so look again.
void unite(volatile ROW_SPACE int* words, int a, int b, int centre) {
  for (;;) {
    a = find_root_halving(words, a);
    b = find_root_halving(words, b);
    if (a == b) return;
    if (centre_key(a, centre) > centre_key(b, centre)) {
      const int farther = a;
      a = b;
      b = farther;
    }
    if (atomic_cmpxchg(&PARENT(words, b), b, a) == b) return;
  }
}

// A phase link (int2: .x add, .y towards) says phase(x) = phase(towards) + add (mod the pattern
// period). A root's towards is the root of its inner neighbour, with one step; towards is always
// nearer the centre, whose phase is 0, so the roots' links form a tree. Any other pixel keeps
// NOT_ROOT(its root) and takes that root's phase in the end: only roots jump. A link is read and
// written as one 8-byte access, so a root jumping over another reads that root's pair whole,
// even while it is being rewritten (every pair a root ever holds is true, so any one is fine).
#define NOT_ROOT(root) (-1 - (root))

void row_barrier(void) { barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); }

// GroupColour's values (compute/stereogram/stereogram_params.hpp).
#define COLOURING_HASHED 0
#define COLOURING_FLOWING 2

// A hashed group's palette column: hashed_column() in compute/stereogram/symmetric_params.hpp,
// the same 32-bit unsigned steps.
int hashed_column(int row, int root, int dot_rows, int dot_columns, int pattern_columns) {
  uint h = (uint)(root / dot_columns) * 0x9E3779B1u ^ (uint)(row / dot_rows) * 0x85EBCA77u;
  h ^= h >> 16;
  h *= 0x7FEB352Du;
  h ^= h >> 15;
  h *= 0x846CA68Bu;
  h ^= h >> 16;
  return (int)(h % (uint)pattern_columns);
}

// Ints per row of `memory`: a phase link (two ints) per linking pixel, which first holds the two
// claims and then the union-find parent, a 16-bit separation per depth pixel (two an int) and
// block minima of those: 2.56 ints a pixel at 1x, so a 4K row fits the 48 KiB of local memory
// GPUs offer. The host's row_bytes() must agree; the global variant's slices are rounded to an
// even number of ints so every slice's links stay 8-byte aligned.
int row_ints(int width) {
  return 2 * width * OVERSAMPLE + (width + 1) / 2 + (width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
}

// Work-groups take rows in turn, so the global variant needs scratch only per work-group.
__kernel void stereogram_symmetric(DEPTH_ARGUMENT, COORDINATES_ARGUMENT, int width,
                                   int height, __global const int* separation_table, int eye, int nearest,
                                   int pattern_columns, float inverse_pattern_columns, int colouring,
                                   int dot_rows, int dot_columns, ROW_SPACE int* memory
#ifdef LOOP_BUDGET_FLAG
                                   , __global int* loop_budget_cut
#endif
) {
  __local int pending_flags[3];
  volatile __local int* pending = pending_flags;
  const int lane = get_local_id(0);
  const int lanes = get_local_size(0);
  const int linking_width = width * OVERSAMPLE;
  const int centre = linking_width / 2;
  const int period = pattern_columns << PHASE_BITS;
#ifdef ROW_IN_GLOBAL
  memory += (size_t)get_group_id(0) * (size_t)((row_ints(width) + 1) & ~1);
#endif
  volatile ROW_SPACE int* words = memory;
  volatile ROW_SPACE int2* links = (volatile ROW_SPACE int2*)memory;
  ROW_SPACE separation_t* separations = (ROW_SPACE separation_t*)(memory + 2 * linking_width);
  ROW_SPACE int* block_min = memory + 2 * linking_width + (width + 1) / 2;
  const int blocks = (width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;

  for (int y = get_group_id(0); y < height; y += get_num_groups(0)) {
    const int dither = separation_dither(y, dot_rows);
    for (int x = lane; x < width; x += lanes)
      separations[x] =
          (separation_t)((separation_table[depth_level(READ_DEPTH(x, y))] + dither) >> SEPARATION_FRACTION_BITS);
    for (int x = lane; x < linking_width; x += lanes) {
      PARENT(words, x) = INT_MAX;  // the right-end claim: the nearest right partner asking
      LEFT_CLAIM(words, x) = -1;   // the left-end claim: the nearest left partner asking
    }
    row_barrier();
    for (int b = lane; b < blocks; b += lanes) {
      int closest = INT_MAX;
      for (int x = b * BLOCK_WIDTH; x < min(width, (b + 1) * BLOCK_WIDTH); ++x)
        closest = min(closest, (int)separations[x]);
      block_min[b] = closest;
    }
    row_barrier();

    // Which points link, each claiming its two ends at once; one partner a side, the nearer link
    // winning: see keep_nearer_links() in the reference. No link is stored: the claims (left,
    // right) name their linking pixel, left + (right - left) / 2, so a right end whose left claim
    // also holds the left end's right claim is a kept link, and the row needs two ints a linking
    // pixel, not three.
    for (int x = lane; x < linking_width; x += lanes) {
      const int s = separations[x / OVERSAMPLE];
      const int left = x - s / 2;
      const int right = left + s;
      if (left >= 0 && right < linking_width &&
          (certainly_visible(block_min, width, x, s, eye, nearest) ||
           both_eyes_see(separations, linking_width, x, s, eye, nearest))) {
        atomic_min(&PARENT(words, left), right);
        atomic_max(&LEFT_CLAIM(words, right), left);
      }
    }
    row_barrier();
    // Each right end keeps its left claim only where that left end kept it too. Only a pixel's
    // own left claim is written, and only right claims are read, so one pass does it.
    for (int x = lane; x < linking_width; x += lanes) {
      const int left = LEFT_CLAIM(words, x);
      if (left >= 0 && PARENT(words, left) != x) LEFT_CLAIM(words, x) = -1;
    }
    row_barrier();
    for (int x = lane; x < linking_width; x += lanes) PARENT(words, x) = x;
    row_barrier();
    // The union-find touches the add halves only; the kept links wait in the towards halves.
    for (int x = lane; x < linking_width; x += lanes) {
      const int left = LEFT_CLAIM(words, x);
      if (left >= 0) unite(words, left, x, centre);
    }
    row_barrier();
    // Writing a root over a pointer that led to it is safe while others still walk through it.
    for (int x = lane; x < linking_width; x += lanes) PARENT(words, x) = find_root(words, x);
    row_barrier();
    if (colouring != COLOURING_FLOWING) {
      // Hashed: hashed_column() in the reference; anchored: the output pixel the root lies in,
      // modulo the pattern (anchored_column()).
      for (int x = lane; x < width; x += lanes) {
        const int root = PARENT(words, x * OVERSAMPLE + OVERSAMPLE / 2);
        const int column = colouring == COLOURING_HASHED ? hashed_column(y, root, dot_rows, dot_columns, pattern_columns)
                                                         : root / OVERSAMPLE % pattern_columns;
        WRITE_COORDINATE(x, y, (float)column * inverse_pattern_columns);
      }
      row_barrier();  // the next row reuses the memory
      continue;
    }

    // Where each link points: written into the towards halves, while the add halves still hold
    // the roots every pixel reads here.
    for (int x = lane; x < linking_width; x += lanes) {
      const int root = PARENT(words, x);
      int towards = NOT_ROOT(root);
      if (x == centre) towards = centre;
      else if (root == x) towards = PARENT(words, x < centre ? x + 1 : x - 1);
      words[2 * x + 1] = towards;
    }
    row_barrier();
    // The roots' steps: pattern_columns / separation, added outwards from the centre modulo one
    // pattern width; see phase_step() in the reference.
    for (int x = lane; x < linking_width; x += lanes) {
      const int towards = words[2 * x + 1];
      int add = 0;
      if (towards >= 0 && x != centre) {
        const int step = period / separations[x / OVERSAMPLE];
        add = x < centre ? period - step : step;
      }
      PARENT(words, x) = add;
    }
    row_barrier();

    // Pointer jumping: each step every root takes over the link of the root it points to,
    // halving (at least) its distance to the centre in links, until all point at the centre.
    // One barrier a step: the flags are used in turn, and the one a step clears was last read
    // two steps earlier, before a barrier every work-item has since passed.
    if (lane == 0) pending[0] = pending[1] = pending[2] = 0;
    row_barrier();
    for (int step = 0;; ++step) {
      for (int x = lane; x < linking_width; x += lanes) {
        const int2 link = links[x];
        if (link.y < 0 || link.y == centre) continue;
        const int2 next = links[link.y];
        const int sum = link.x + next.x;
        links[x] = (int2)(sum >= period ? sum - period : sum, next.y);
        if (next.y != centre) pending[step % 3] = 1;
      }
      if (lane == 0) pending[(step + 1) % 3] = 0;
      row_barrier();
      if (!pending[step % 3]) break;
    }

    // Each output pixel shows the group of its middle linking pixel: one whole dot, never a blend.
    for (int x = lane; x < width; x += lanes) {
      const int2 link = links[x * OVERSAMPLE + OVERSAMPLE / 2];
      const int phase = link.y < 0 ? links[NOT_ROOT(link.y)].x : link.x;
      const int column = phase >> PHASE_BITS;
      WRITE_COORDINATE(x, y, (float)column * inverse_pattern_columns);
    }
    row_barrier();  // the next row reuses the memory
  }

#ifdef LOOP_BUDGET_FLAG
  // llvmpipe (Mesa's gallivm) counts the loop iterations of each SIMD vector of 8 work-items in
  // a work-group, all its loops together, and past 65535 ends every loop after one iteration,
  // silently. Rusticl gives this kernel 32 work-items there, so each vector walks a quarter of
  // its rows' pixels: about one iteration per linking pixel on noise, over 65535 for a row
  // 8192 wide at 8x, and on depth whose rays all walk their whole length already at 1921 x 8x.
  // Once the budget is spent no loop runs whole, so the picture is wrong; then this loop of two
  // iterations runs one, and the host refuses the launch. Built for llvmpipe only.
  int runs = 0;
  for (int x = lane; x < lane + 2 * lanes; x += lanes) ++runs;
  if (runs < 2) *loop_budget_cut = 1;
#endif
}
