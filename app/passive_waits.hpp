#pragma once
// A still's OpenMP threads wait passively between parallel regions. libgomp's default spins for
// a while first, which on a busy machine takes the time slices the other threads need: with two
// busy processes on two cores a 1080p still took far longer than with OMP_WAIT_POLICY=passive
// (docs/performance.md §59). libgomp reads the variable once, in its constructor, before main()
// runs and after libc has reset the environment, so setting it in main() is too late: the front
// program execs itself again with it set. The window's program keeps libgomp's default, where
// spinning made CPU mode's frames faster on an idle host (§53), unless the user chose.
namespace stereocl {

// First thing in the front program's main(): where the user has not set OMP_WAIT_POLICY, sets it
// to passive and execs this program again with the same arguments. Returns where there is nothing
// to do or the exec failed (then the still runs with libgomp's default, as before).
void exec_with_passive_waits(char** argv);

// Before the window's program is exec'd: takes back the variable the front set itself.
void forget_front_wait_policy();

}  // namespace stereocl
