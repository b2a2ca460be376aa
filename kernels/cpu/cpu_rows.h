#pragma once
// The row loops the CPU kernels share: the single steps of cpu_kernels.cpp,
// which defines them, and the temporal tiles of cpu_temporal.cpp, which run
// the same loops over their rows, so both round alike. For kernels/cpu/ only.

#include <cstddef>
#include <cstdint>

#include "kernels/numerics/params.h"
#include "kernels/numerics/stencil.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#define HEATLAB_X86_VERSIONS 1
#else
#define HEATLAB_X86_VERSIONS 0
#endif

namespace heatlab::cpu {

// Below this many cells a step takes microseconds: a team of threads costs
// more than it saves (a fork and a barrier a loop), and on a machine busy
// with other work each barrier may wait out a time slice, a thousand times
// the step. Such grids run on the calling thread; larger ones on all.
constexpr std::size_t kMinThreadedCells = 256 * 256;
inline bool worthThreads(const GridSize& grid) { return grid.cells() >= kMinThreadedCells; }

// Whether a stencil on `grid` writes its rows with streaming stores: where
// its two buffers together outgrow the last-level cache (cpu_kernels.cpp
// says why there).
bool stencilStreams(const GridSize& grid);

// Cells 0 .. count - 1 of `dst` from the rows around them (centre[-1] and
// centre[count] must exist): the one loop of the five-point update, which
// the single steps run over a row's interior and the temporal kernel over
// its tiles' rows, so both round alike. Compiled for AVX2 and for baseline
// x86-64, the loader picking one (target_clones, whose dispatcher carries
// the plain name, so callers in other files dispatch too).
void updateCells(const float* __restrict north, const float* __restrict centre,
                 const float* __restrict south, float* __restrict dst, int count, float r);

// The instruction set whose clone of the row loops this CPU runs, as the
// loader chooses it: "avx2" or "default" (baseline x86-64; the only one
// off x86-64). The other is not run here: the tests say so.
const char* rowInstructionSet();

// Two rows of updateCells at once: `dst` from north, centre, south and `dst2`
// from centre, south, south2, loading the two middle rows once for both (as
// updateRowPair does), with the same operands in the same order as one row.
void updateCellsPair(const float* __restrict north, const float* __restrict centre,
                     const float* __restrict south, const float* __restrict south2,
                     float* __restrict dst, float* __restrict dst2, int count, float r);

#if HEATLAB_X86_VERSIONS

// AVX2 helpers for the versions written with intrinsics. Those are
// multiversioned with target("avx2") and target("default") twins, whose
// dispatcher does not carry the plain name: each stays in the one file that
// calls it.
#define HEATLAB_AVX2 __attribute__((target("avx2")))
#define HEATLAB_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

// Eight cells of updateCells from column `col` on: heatUpdate() itself on
// __m256 (GCC's lane-by-lane + - *, which _mm256_add_ps and friends are
// written in), and no FMA (the avx2 target does not enable it), so every
// cell rounds as in the scalar loops and the other kernels, bit for bit.
// heatUpdate<__m256> is an inline function of the default target that is
// only ever inlined into AVX2 ones, so the ABI GCC's -Wpsabi warns about
// (a 32-byte vector passed without AVX) never shows: kernels/CMakeLists.txt
// silences it for the files that include this.
HEATLAB_AVX2_INLINE __m256 update8(const float* north, const float* centre, const float* south,
                                   int col, __m256 r) {
    return heatUpdate(_mm256_loadu_ps(centre + col), _mm256_loadu_ps(centre + col - 1),
                      _mm256_loadu_ps(centre + col + 1), _mm256_loadu_ps(north + col),
                      _mm256_loadu_ps(south + col), r);
}

// Streaming stores need whole, aligned 64-byte lines.
inline bool lineAligned(const float* p) { return (reinterpret_cast<std::uintptr_t>(p) & 63) == 0; }

// The first column from `col` on (at most `last`) whose cell in `row` starts
// a cache line: streaming stores write whole lines from there.
inline int lineAlignedFrom(const float* row, int col, int last) {
    while (col < last && !lineAligned(row + col)) {
        ++col;
    }
    return col;
}

// Streaming stores are weakly ordered: each thread fences its own before the
// barrier that ends the loop, so the next kernel (or thread) sees them.
inline void fenceStreamingStores() { _mm_sfence(); }

#else  // no x86 versions: the portable loops everywhere

inline void fenceStreamingStores() {}

#endif

}  // namespace heatlab::cpu
