#pragma once
// The compute roof's work: the stencil's own arithmetic, heatUpdate(), on
// values held in registers, with no memory in the loop, so what bounds it is
// how fast the cores do the stencil's mix of adds and multiplies. Each
// backend runs it on all its cores (the CPU's threads, every SM); one
// definition here, so both count the same operations.
//
// A round updates `Chains` values at once, each from itself and its four
// neighbours on a ring of the values before the round: `Chains` updates that
// do not wait for each other, enough to keep the arithmetic units busy
// rather than waiting on the latency of one chain. With r <= 0.25 every
// update is a convex combination, so the values stay between the first
// ones: no overflow and no subnormals, however many rounds.

#include "kernels/numerics/stencil.h"

// nvcc's device pass unrolls on request; GCC (and nvcc's host pass, which
// is GCC) unrolls loops this short at -O3 by itself, and warns about a
// pragma it does not know.
#if defined(__CUDA_ARCH__)
#define HEATLAB_UNROLL _Pragma("unroll")
#else
#define HEATLAB_UNROLL
#endif

namespace heatlab {

// Used by both backends' bursts: stable, and not a power of two, so nothing
// simplifies.
constexpr float kBurstR = 0.2f;

template <int Chains, typename T>
HEATLAB_HD inline void burstRound(T (&v)[Chains], T r) {
    static_assert(Chains >= 5, "each update reads four other values of the ring");
    T next[Chains];
    HEATLAB_UNROLL
    for (int j = 0; j < Chains; ++j) {
        next[j] = heatUpdate(v[j], v[(j + Chains - 1) % Chains], v[(j + 1) % Chains],
                             v[(j + Chains - 2) % Chains], v[(j + 2) % Chains], r);
    }
    HEATLAB_UNROLL
    for (int j = 0; j < Chains; ++j) {
        v[j] = next[j];
    }
}

}  // namespace heatlab
