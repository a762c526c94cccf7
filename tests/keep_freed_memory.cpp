// Linked into every test executable: the process keeps the memory it frees for its next case.
// The tests make and drop images of up to 35 MB case after case. glibc gives every block over its
// mmap threshold (32 MB at most) back to the kernel when it is freed, and the next case's block
// is faulted in again a page at a time; on a virtual machine such as CI's that costs about 15 us a
// 4 KB page, half the CPU time of the stereogram kernel suite (docs/development.md, run Y2).
// Only the test's own process and the children it forks: a program a test starts allocates as a
// user's does. The sanitizers' allocators ignore mallopt.
#include <malloc.h>

#include <climits>

namespace {

[[gnu::constructor]] void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, 1 << 30);  // blocks up to 1 GiB from the heap, where a freed one is reused
  mallopt(M_TRIM_THRESHOLD, INT_MAX);  // and the heap's free top is kept
}

}  // namespace
