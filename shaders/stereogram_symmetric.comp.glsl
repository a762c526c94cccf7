#version 430 core
// The symmetric stereogram as a GL compute shader: GL compute mode's stereogram step, with no
// OpenCL and no hand-over. The numbers of compute/stereogram/symmetric_cpu.cpp bit for bit, as
// kernels/stereogram_symmetric.cl gives them. One work-group a row. Every linking pixel asks for
// its link at once (the kernel's ray test, and its block minima that skip it); each end goes to the
// shortest link asking for it (atomicMin and atomicMax), and a link that holds both ends is kept,
// the reference's rule.
//
// The groups are found another way than the kernel's union-find, which leans on 8-byte accesses
// GLSL has not got. Each pixel keeps at most one partner a side, so a group is a chain, and its
// root (the member nearest the row's centre) is where the chain's distance from the centre stops
// falling: every member reaches it by stepping to its partner on the centre's side while that is
// nearer. Pointer jumping finds it in about log2(chain length) steps, and flowing phases (sums
// along a tree towards the centre) the same way; each step reads one buffer and writes the other,
// with a barrier between, so no answer depends on the order work-items run in.
//
// Depth -> separation goes through the host's table and integer arithmetic only; the one float
// step (depth -> table level) is `precise`, so it is neither contracted into an fma nor reordered,
// and the coordinate is one correctly rounded product of two floats the host gives, as in the
// reference.
//
// Build-time constants, set by render/symmetric_compute_pass.cpp:
//   LANES              work-items a row
//   OVERSAMPLE         linking pixels per output pixel (compiled in, as the kernel's: a constant
//                      divisor is a shift or a multiply in the ray test's inner loop)
//   SEPARATION_LEVELS  entries of the separation table
//   SEPARATION_FRACTION_BITS  the table's separations are in 1/2^this of a linking pixel
//   ROW_INTS           (optional) a row's working set in shared memory, this many ints; without it
//                      each work-group works in its own slice of the scratch buffer
//   LOOP_BUDGET_FLAG   (optional, llvmpipe only) the shader sets loop_budget_cut when llvmpipe has
//                      cut its loops short; see the end of main()
layout(local_size_x = LANES) in;

uniform sampler2D depth;  // R32F, 0 near .. 1 far
layout(r32f, binding = 0) writeonly uniform image2D coordinates;
layout(std430, binding = 0) readonly buffer SeparationTable { int separation_table[]; };
uniform ivec2 size;
uniform int eye;      // E in linking pixels
uniform int nearest;  // the table's smallest separation
uniform int pattern_columns;
uniform float inverse_pattern_columns;
uniform int colouring;  // GroupColour: 0 hashed, 1 anchored, 2 flowing
uniform int dot_rows;
uniform int dot_columns;

#ifdef ROW_INTS
shared int row_memory[ROW_INTS];
#define ROW(i) row_memory[i]
#else
layout(std430, binding = 1) coherent buffer Scratch { int scratch[]; };
uniform int row_stride;  // ints of scratch a work-group
int row_base;
#define ROW(i) scratch[row_base + (i)]
#endif

#ifdef LOOP_BUDGET_FLAG
layout(std430, binding = 2) buffer LoopBudget { int loop_budget_cut; };
uniform int lanes;  // LANES, as a value the compiler cannot count the check's loop with
#endif

#define INT_MAX 2147483647
#define PHASE_BITS 16
#define BLOCK_WIDTH 16  // depth pixels per block minimum of separations

shared int pending[3];

int lane;
int width;
int linking_width;
int centre;
// Where a row's working set lies in ROW(): separations per depth pixel, their block minima, and
// four buffers of one int per linking pixel (the right-end and left-end claims, then roots and
// phase links; the fourth only for flowing colours).
int blocks_at, buffer_at[4];

void row_barrier() {
  groupMemoryBarrier();
  barrier();
}

int depth_level(float d) {
  const float clamped = d > 0.0 ? (d < 1.0 ? d : 1.0) : 0.0;  // NaN -> 0, as in the reference
  precise float scaled = clamped * float(SEPARATION_LEVELS - 1) + 0.5;
  return int(scaled);
}

int centre_key(int x) { return x < centre ? 2 * (centre - x) + 1 : 2 * (x - centre); }

int separation(int linking_pixel) { return ROW(linking_pixel / OVERSAMPLE); }

// The paper's ray test in integers; see both_eyes_see() in the reference.
bool both_eyes_see(int x, int s) {
  for (int t = 1; eye * (s - 2 * t) > nearest * (eye - 2 * t); ++t) {
    const int ray = eye * (s - 2 * t);
    const int span = eye - 2 * t;
    if (x - t >= 0 && separation(x - t) * span < ray) return false;
    if (x + t < linking_width && separation(x + t) * span < ray) return false;
  }
  return true;
}

// The kernel's shortcut past the ray test, which never changes its answer: no depth pixel within
// the rays' reach (whole blocks) is near enough to block them.
bool certainly_visible(int x, int s) {
  const int reach = eye * (s - nearest) / (2 * (eye - nearest)) + 1;
  const int first = max(x - reach, 0) / OVERSAMPLE / BLOCK_WIDTH;
  const int last = min((x + reach) / OVERSAMPLE, width - 1) / BLOCK_WIDTH;
  int closest = INT_MAX;
  for (int b = first; b <= last; ++b) closest = min(closest, ROW(blocks_at + b));
  return closest * (eye - 2) >= eye * (s - 2);
}

// separation_dither() in compute/stereogram/symmetric_params.hpp: the row of dots' rounding
// threshold, its index's low 8 bits reversed.
int separation_dither(int row) { return int(bitfieldReverse(uint(row / dot_rows) & 255u) >> 24); }

void load_row(int y) {
  const int dither = separation_dither(y);
  for (int x = lane; x < width; x += LANES)
    ROW(x) = (separation_table[depth_level(texelFetch(depth, ivec2(x, y), 0).r)] + dither) >> SEPARATION_FRACTION_BITS;
  for (int x = lane; x < linking_width; x += LANES) {
    ROW(buffer_at[0] + x) = INT_MAX;  // the nearest right partner asking
    ROW(buffer_at[1] + x) = -1;       // the nearest left partner asking
  }
  if (lane == 0) pending[0] = pending[1] = pending[2] = 0;
  row_barrier();
  for (int b = lane; b * BLOCK_WIDTH < width; b += LANES) {
    int closest = INT_MAX;
    for (int x = b * BLOCK_WIDTH; x < min(width, (b + 1) * BLOCK_WIDTH); ++x) closest = min(closest, ROW(x));
    ROW(blocks_at + b) = closest;
  }
  row_barrier();
}

// Every visible point's link claims its two ends; see keep_nearer_links() in the reference.
void claim_ends() {
  for (int x = lane; x < linking_width; x += LANES) {
    const int s = separation(x);
    const int left = x - s / 2;
    const int right = left + s;
    if (left < 0 || right >= linking_width) continue;
    if (!certainly_visible(x, s) && !both_eyes_see(x, s)) continue;
    atomicMin(ROW(buffer_at[0] + left), right);
    atomicMax(ROW(buffer_at[1] + right), left);
  }
  row_barrier();
}

// The partner of pixel p on the centre's side through a kept link, or -1.
int partner_towards_centre(int p) {
  if (p < centre) {
    const int right = ROW(buffer_at[0] + p);
    return right != INT_MAX && ROW(buffer_at[1] + right) == p ? right : -1;
  }
  const int left = ROW(buffer_at[1] + p);
  return left >= 0 && ROW(buffer_at[0] + left) == p ? left : -1;
}

// Each pixel's root, into buffer_at[2]: one step along the chain where that comes nearer the
// centre, then pointer jumping. Returns the buffer the roots end in (2 or 0).
int find_roots() {
  for (int p = lane; p < linking_width; p += LANES) {
    const int partner = partner_towards_centre(p);
    ROW(buffer_at[2] + p) = partner >= 0 && centre_key(partner) < centre_key(p) ? partner : p;
  }
  row_barrier();
  int from = 2, to = 0;
  for (int step = 0;; ++step) {
    for (int p = lane; p < linking_width; p += LANES) {
      const int further = ROW(buffer_at[from] + ROW(buffer_at[from] + p));
      ROW(buffer_at[to] + p) = further;
      if (ROW(buffer_at[from] + further) != further) pending[step % 3] = 1;
    }
    // The flag cleared here was last read two steps ago, before a barrier every work-item has passed.
    if (lane == 0) pending[(step + 1) % 3] = 0;
    row_barrier();
    const int done = to;
    to = from;
    from = done;
    if (pending[step % 3] == 0) return done;
  }
  return from;
}

// A phase link (add, towards) says phase(p) = phase(towards) + add, modulo the pattern period.
// A root's towards is the root of its neighbour one pixel nearer the centre, with one step of
// pattern_columns / separation (phase_step() in the reference); any other pixel takes its root's
// phase; the centre's phase is 0. Keys fall along every link, so they form a tree at the centre.
void link_phases(int roots, int add, int towards, int period) {
  for (int p = lane; p < linking_width; p += LANES) {
    const int root = ROW(buffer_at[roots] + p);
    int to = root, step = 0;
    if (p == centre) {
      to = centre;
    } else if (root == p) {
      to = ROW(buffer_at[roots] + (p < centre ? p + 1 : p - 1));
      const int ahead = period / separation(p);
      step = p < centre ? period - ahead : ahead;
    }
    ROW(buffer_at[add] + p) = step;
    ROW(buffer_at[towards] + p) = to;
  }
  // The roots' last step left flags set; every work-item read 0 from the one it stopped on.
  if (lane == 0) pending[0] = pending[1] = pending[2] = 0;
  row_barrier();
}

// Pointer jumping from (add, towards) in buffers from_add, from_towards until every link points
// at the centre; returns the buffer the phases end in.
int jump_phases(int from_add, int from_towards, int to_add, int to_towards, int period) {
  for (int step = 0;; ++step) {
    for (int p = lane; p < linking_width; p += LANES) {
      int add = ROW(buffer_at[from_add] + p);
      int towards = ROW(buffer_at[from_towards] + p);
      if (towards != centre) {
        const int sum = add + ROW(buffer_at[from_add] + towards);
        add = sum >= period ? sum - period : sum;
        towards = ROW(buffer_at[from_towards] + towards);
        if (towards != centre) pending[step % 3] = 1;
      }
      ROW(buffer_at[to_add] + p) = add;
      ROW(buffer_at[to_towards] + p) = towards;
    }
    if (lane == 0) pending[(step + 1) % 3] = 0;
    row_barrier();
    if (pending[step % 3] == 0) return to_add;
    const int add_done = to_add, towards_done = to_towards;
    to_add = from_add;
    to_towards = from_towards;
    from_add = add_done;
    from_towards = towards_done;
  }
  return to_add;
}

// A hashed group's palette column: hashed_column() in compute/stereogram/symmetric_params.hpp,
// the same 32-bit steps (GLSL's uint arithmetic wraps as C++'s does).
int hashed_column(int row, int root) {
  uint h = uint(root / dot_columns) * 0x9E3779B1u ^ uint(row / dot_rows) * 0x85EBCA77u;
  h ^= h >> 16;
  h *= 0x7FEB352Du;
  h ^= h >> 15;
  h *= 0x846CA68Bu;
  h ^= h >> 16;
  return int(h % uint(pattern_columns));
}

// Each output pixel shows the group of its middle linking pixel: one whole dot, never a blend.
void write_row(int y, int columns_from) {
  for (int x = lane; x < width; x += LANES) {
    const int middle = ROW(buffer_at[columns_from] + x * OVERSAMPLE + OVERSAMPLE / 2);
    const int column = colouring == 0   ? hashed_column(y, middle)
                       : colouring == 1 ? middle / OVERSAMPLE % pattern_columns
                                        : middle >> PHASE_BITS;
    precise float coordinate = float(column) * inverse_pattern_columns;
    imageStore(coordinates, ivec2(x, y), vec4(coordinate, 0.0, 0.0, 1.0));
  }
  row_barrier();  // the next row reuses the memory
}

void stereogram_row(int y) {
  load_row(y);
  claim_ends();
  const int roots = find_roots();
  if (colouring != 2) {  // hashed or anchored: the roots alone
    write_row(y, roots);
    return;
  }
  // The claims' buffers are free once the roots are found; the roots' is free once linked.
  const int add = roots == 2 ? 0 : 2;
  link_phases(roots, add, 1, pattern_columns << PHASE_BITS);
  write_row(y, jump_phases(add, 1, roots, 3, pattern_columns << PHASE_BITS));
}

void main() {
  lane = int(gl_LocalInvocationID.x);
  width = size.x;
  linking_width = width * OVERSAMPLE;
  centre = linking_width / 2;
  blocks_at = width;
  buffer_at[0] = blocks_at + (width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
  for (int i = 1; i < 4; ++i) buffer_at[i] = buffer_at[i - 1] + linking_width;
#ifndef ROW_INTS
  row_base = int(gl_WorkGroupID.x) * row_stride;
#endif
  for (int y = int(gl_WorkGroupID.x); y < size.y; y += int(gl_NumWorkGroups.x)) stereogram_row(y);

#ifdef LOOP_BUDGET_FLAG
  // llvmpipe counts the loop iterations of each SIMD vector of a work-group, all its loops
  // together, and past 65535 ends every loop after one iteration, silently (the kernel's
  // LOOP_BUDGET_FLAG says more). Once the budget is spent no loop runs whole, so the picture is
  // wrong; then this loop of two iterations runs one, and the host refuses the picture.
  int runs = 0;
  for (int x = lane; x < lane + 2 * lanes; x += lanes) ++runs;
  if (runs < 2) loop_budget_cut = 1;
#endif
}
