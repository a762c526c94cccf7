#pragma once
// The permissions a new file gets from the process's umask, read without changing it: the usual
// umask(0)/umask(mask) pair briefly sets a zero mask for the whole process, so a file another
// thread creates meanwhile (a preset's worker, an encoder) would come out world-writable.
#include <sys/types.h>

namespace stereocl {

// 0666 less the umask, as open(O_CREAT, 0666) would give.
mode_t new_file_mode();

}  // namespace stereocl
