// 256-bin histogram of a byte buffer, written to uint[256] in one launch: nothing needs zeroing
// before it, so a call is one enqueue. Built with -D GROUP_SIZE=<work-group size>.
//
// Speed comes from three things:
//  * 16-byte loads, handed out in chunks of chunk_loads per work-item from a global counter:
//    a fixed number of work-groups keep taking chunks until none are left, so the work
//    balances even when not all groups fit on the device at once (with 32 KiB of local memory
//    each, how many do fit is up to the driver).
//  * LANES private copies of the histogram per work-group, interleaved as copies[bin * LANES +
//    lane]: a SIMD lane (local id % 32, a warp lane on NVIDIA) only ever touches its own copy, so
//    lanes of one warp never collide on an atomic, and as LANES equals the number of local
//    memory banks, each lane's copy lives in its own bank: even an all-same-value input is
//    conflict-free within a warp.
//  * one global atomic per bin per work-group at the end, into scratch partial bins; the last
//    work-group to finish (a ticket counter) moves the totals into `bins` and leaves the scratch
//    zeroed for the next launch, so no fill command runs before any launch but the first.

#define LANES 32
#define BINS 256
// scratch: BINS partial bins, then the chunk counter, then the finished-groups ticket.
#define NEXT_CHUNK BINS
#define GROUPS_DONE (BINS + 1)

static inline void count_bytes(local uint* copies, uint lane, uint word) {
  atomic_inc(&copies[(word & 0xffu) * LANES + lane]);
  atomic_inc(&copies[((word >> 8) & 0xffu) * LANES + lane]);
  atomic_inc(&copies[((word >> 16) & 0xffu) * LANES + lane]);
  atomic_inc(&copies[(word >> 24) * LANES + lane]);
}

// `data` must be 16-byte aligned (any cl::Buffer is); byte_count need not be a multiple of
// anything. scratch (BINS + 2 uints) must be zero before the first launch; every launch leaves it
// zero again. A chunk is chunk_loads 16-byte loads per work-item.
kernel void histogram256(global const uchar* data, ulong byte_count, global uint* bins, global uint* scratch,
                         uint chunk_loads) {
  global uint* next_chunk = scratch + NEXT_CHUNK;
  local uint copies[BINS * LANES];
  local uint chunk;
  const uint lid = get_local_id(0);
  const uint lane = lid % LANES;
  for (uint i = lid; i < BINS * LANES; i += GROUP_SIZE) copies[i] = 0;

  const ulong vector_count = byte_count / 16;
  const ulong chunk_vectors = (ulong)GROUP_SIZE * chunk_loads;
  global const uint4* vectors = (global const uint4*)data;
  for (;;) {
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous chunk index has been read by all
    if (lid == 0) chunk = atomic_inc(next_chunk);
    barrier(CLK_LOCAL_MEM_FENCE);
    const ulong begin = chunk * chunk_vectors;
    if (begin >= vector_count) break;
    const ulong end = min(begin + chunk_vectors, vector_count);
    for (ulong i = begin + lid; i < end; i += GROUP_SIZE) {
      const uint4 v = vectors[i];
      count_bytes(copies, lane, v.x);
      count_bytes(copies, lane, v.y);
      count_bytes(copies, lane, v.z);
      count_bytes(copies, lane, v.w);
    }
  }
  // The last byte_count % 16 bytes, one each for the first work-items.
  const ulong tail = vector_count * 16 + get_global_id(0);
  if (tail < byte_count) atomic_inc(&copies[data[tail] * LANES + lane]);
  barrier(CLK_LOCAL_MEM_FENCE);

  // Reading copy (c + bin) % LANES at step c keeps the lanes of a warp on distinct banks.
  // The adds' old values are used: an atomic whose result is unused may be issued as a posted
  // reduction that has not reached memory when the group takes its ticket (OpenCL 1.2's
  // mem_fence only orders within a work-group; with posted atomics the last group missed counts).
  // One that returns has been performed before the item reaches the barrier.
  uint returned = 0;
  for (uint bin = lid; bin < BINS; bin += GROUP_SIZE) {
    uint total = 0;
    for (uint c = 0; c < LANES; ++c) total += copies[bin * LANES + (c + bin) % LANES];
    if (total != 0) returned |= atomic_add(&scratch[bin], total);
  }
  local uint last_group;
  if (lid == 0) last_group = 0;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  if (returned == 0xffffffffu) last_group = 2;  // never true (no bin reaches 2^32 - 1); keeps the results used
  if (lid == 0 && atomic_inc(&scratch[GROUPS_DONE]) == get_num_groups(0) - 1) last_group = 1;
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  if (last_group != 1) return;
  // Atomics read the partial bins where the other groups' atomics wrote them, and zero them.
  for (uint bin = lid; bin < BINS; bin += GROUP_SIZE) bins[bin] = atomic_xchg(&scratch[bin], 0u);
  if (lid == 0) {
    atomic_xchg(next_chunk, 0u);
    atomic_xchg(&scratch[GROUPS_DONE], 0u);
  }
}
