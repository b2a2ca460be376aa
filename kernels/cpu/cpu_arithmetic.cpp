#include "kernels/cpu/cpu_arithmetic.h"

#include <omp.h>

#include "kernels/cpu/cpu_rows.h"
#include "kernels/numerics/arithmetic_burst.h"

namespace heatlab::cpu {

namespace {

// Six vectors a chain ring: the six old values, the six new ones, r and the
// constant 4 fit in the sixteen AVX registers with little to spare, and six
// updates that do not wait for each other cover the adds' latency on the
// two arithmetic ports. Eight spilled to the stack and measured slower.
constexpr int kChains = 6;
// Rounds per burst: about a millisecond on one core of the build machine,
// long enough to be timed by a host clock, short enough to batch.
constexpr int kRounds = 1 << 15;
// Floats in one vector of the widest version below.
constexpr int kLanes = 8;

// The result must go somewhere, or the compiler could drop the burst.
volatile float sink = 0.0f;

#if HEATLAB_X86_VERSIONS

HEATLAB_AVX2 float burstOnThisThread(float seed) {
    __m256 v[kChains];
    for (int j = 0; j < kChains; ++j) {
        v[j] = _mm256_set_ps(seed, seed + 0.5f, seed + 1.0f, seed + 1.5f, seed + 2.0f, seed + 2.5f,
                             seed + 3.0f, seed + 3.5f + static_cast<float>(j));
    }
    const __m256 r = _mm256_set1_ps(kBurstR);
    for (int round = 0; round < kRounds; ++round) {
        burstRound<kChains>(v, r);
    }
    __m256 sum = v[0];
    for (int j = 1; j < kChains; ++j) {
        sum = sum + v[j];
    }
    alignas(32) float lanes[kLanes];
    _mm256_store_ps(lanes, sum);
    float total = 0.0f;
    for (float lane : lanes) {
        total += lane;
    }
    return total;
}

#endif

// One lane wide where the CPU has no AVX2 (the same count of operations a
// burst is said to do, in as many scalar rounds).
#if HEATLAB_X86_VERSIONS
__attribute__((target("default")))
#endif
float burstOnThisThread(float seed) {
    float total = 0.0f;
    for (int lane = 0; lane < kLanes; ++lane) {
        float v[kChains];
        for (int j = 0; j < kChains; ++j) {
            v[j] = seed + 0.5f * static_cast<float>(lane + j);
        }
        for (int round = 0; round < kRounds; ++round) {
            burstRound<kChains>(v, kBurstR);
        }
        for (float value : v) {
            total += value;
        }
    }
    return total;
}

}  // namespace

double arithmeticBurstFlops() {
    return static_cast<double>(omp_get_max_threads()) * kLanes * kChains * kRounds *
           kHeatUpdateFlops;
}

void arithmeticBurst() {
    float total = 0.0f;
#pragma omp parallel reduction(+ : total)
    { total += burstOnThisThread(1.0f + static_cast<float>(omp_get_thread_num())); }
    sink = total;
}

}  // namespace heatlab::cpu
