#pragma once
// The CPU's compute roof: kernels/numerics/arithmetic_burst.h's rounds on
// every thread, in the widest vectors this build has for the CPU (AVX2 where
// it is there, picked at load time as the stencils' loops are), held in
// registers.

namespace heatlab::cpu {

// Floating-point operations of one arithmeticBurst() on all threads.
double arithmeticBurstFlops();

// Runs the burst on every OpenMP thread and waits for it.
void arithmeticBurst();

}  // namespace heatlab::cpu
