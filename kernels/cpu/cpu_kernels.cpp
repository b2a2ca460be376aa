#include "kernels/cpu/cpu_kernels.h"

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include <omp.h>

#include "kernels/cpu/cpu_rows.h"
#include "kernels/numerics/stencil.h"

namespace heatlab::cpu {

namespace {

std::size_t at(const GridSize& g, int row, int col) {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(g.nx) + col;
}

// The largest data cache as Linux reports it for cpu0; 32 MiB of L3 where
// it cannot be read. Read once: it decides between cached and streaming
// stores below, and it is the roofline's cache roof.
const LastLevelCache& lastLevelCacheOnce() {
    static const LastLevelCache cache = [] {
        LastLevelCache found{0, 0};
        for (int index = 0; index < 8; ++index) {
            const std::string dir =
                "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
            std::ifstream levelFile(dir + "level");
            std::ifstream typeFile(dir + "type");
            std::ifstream sizeFile(dir + "size");
            int level = 0;
            std::string type;
            std::size_t size = 0;
            std::string unit;
            if (!(levelFile >> level) || !(typeFile >> type) || !(sizeFile >> size)) {
                continue;
            }
            sizeFile >> unit;  // "32768K": the number stops at the unit
            if (unit == "K") {
                size *= 1024;
            } else if (unit == "M") {
                size *= 1024 * 1024;
            }
            if (type != "Instruction" && level >= found.level) {
                found = {size, level};
            }
        }
        return found.bytes > 0 ? found : LastLevelCache{std::size_t{32} << 20, 3};
    }();
    return cache;
}

std::size_t lastLevelCacheBytes() { return lastLevelCacheOnce().bytes; }

}  // namespace

LastLevelCache lastLevelCache() { return lastLevelCacheOnce(); }

namespace {

// Streaming (non-temporal) stores write whole cache lines straight to memory
// with no read for ownership of the destination, so a memory-bound loop
// moves two lines per line written (source in, result out) instead of three.
// They pay only where the output would not have stayed in cache for the next
// step. Measured on a 32 MiB L3, the copy gains from them once one buffer
// outgrows the cache (square grids between 2560 and 2896 a side) and the
// stencil once the two buffers together do (between 2048 and 2304). Each
// kernel takes whichever is faster for it, so the floor stays the fastest
// copy there is at every size.
bool copyStreams(const GridSize& grid) { return grid.bytes() > lastLevelCacheBytes(); }

}  // namespace

bool stencilStreams(const GridSize& grid) { return 2 * grid.bytes() > lastLevelCacheBytes(); }

namespace {

// How far ahead of the loads the stencils prefetch, in floats. Into L2, the
// row that comes from memory, 16 KiB ahead: the hardware prefetcher alone
// keeps too few lines in flight for a loop that also computes (streaming
// stores without a prefetch were no faster than cached stores), 2 KiB was
// far too short and 4 to 8 KiB a little short, while 32 or 64 KiB gained
// nothing more. Into L1, 1 KiB ahead.
constexpr int kPrefetchAhead = 4096;
constexpr int kPrefetchL1Ahead = 256;

// The portable row loops are compiled twice, for AVX2 and for baseline
// x86-64, and the loader picks one (GCC function multiversioning). The
// binary must run on any x86-64, but on two cores a cached stencil is bound
// by 128-bit SIMD arithmetic, not by memory: AVX2 halves its time. The copy
// gets the same treatment so the floor stays the fastest loop this build can
// make. They are also what the versions with intrinsics below fall back to
// where the CPU has no AVX2. An AVX-512 clone measured no faster on the
// build machine's Zen 4, whose 512-bit operations are two 256-bit halves
// (kernels/NOTEBOOK.md).
#if HEATLAB_X86_VERSIONS
#define HEATLAB_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define HEATLAB_SIMD_CLONES
#endif

HEATLAB_SIMD_CLONES
void copyRow(const float* __restrict src, float* __restrict dst, int count) {
#pragma omp simd
    for (int col = 0; col < count; ++col) {
        dst[col] = src[col];
    }
}

}  // namespace

// Declared, and said what they do, in cpu_rows.h.
const char* rowInstructionSet() {
#if HEATLAB_X86_VERSIONS
    // What GCC's resolver of HEATLAB_SIMD_CLONES asks.
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        return "avx2";
    }
#endif
    return "default";
}

HEATLAB_SIMD_CLONES
void updateCells(const float* __restrict north, const float* __restrict centre,
                 const float* __restrict south, float* __restrict dst, int count, float r) {
#pragma omp simd
    for (int col = 0; col < count; ++col) {
        dst[col] =
            heatUpdate(centre[col], centre[col - 1], centre[col + 1], north[col], south[col], r);
    }
}

HEATLAB_SIMD_CLONES
void updateCellsPair(const float* __restrict north, const float* __restrict centre,
                     const float* __restrict south, const float* __restrict south2,
                     float* __restrict dst, float* __restrict dst2, int count, float r) {
#pragma omp simd
    for (int col = 0; col < count; ++col) {
        dst[col] =
            heatUpdate(centre[col], centre[col - 1], centre[col + 1], north[col], south[col], r);
        dst2[col] =
            heatUpdate(south[col], south[col - 1], south[col + 1], centre[col], south2[col], r);
    }
}

namespace {

// The interior of a row: columns 1 .. last - 1.
void updateRow(const float* north, const float* centre, const float* south, float* dst, int last,
               float r) {
    updateCells(north + 1, centre + 1, south + 1, dst + 1, last - 1, r);
}

#if HEATLAB_X86_VERSIONS

// AVX2 versions written with intrinsics, for what the vectoriser cannot be
// asked for: streaming stores, prefetches, and two rows sharing their loads.
// Each has a "default" twin that falls back to the portable loops above, and
// GCC dispatches between them as it does for target_clones. Their AVX2
// helpers (update8, lineAlignedFrom) are in cpu_rows.h.

// A prefetch `ahead` floats past `base`, into L1 (_MM_HINT_T0) or into L2
// only (_MM_HINT_T1, where a prefetch far ahead would otherwise evict the rows
// being read from L1).
template <_mm_hint Hint>
inline void prefetchAhead(const float* base, int ahead) {
    // Integer arithmetic: near the last rows the address lies past the end of
    // the array, where a prefetch is harmless but a pointer would not be.
    const std::uintptr_t address =
        reinterpret_cast<std::uintptr_t>(base) + static_cast<std::uintptr_t>(ahead) * sizeof(float);
    _mm_prefetch(reinterpret_cast<const char*>(address), Hint);
}

// Copy with streaming stores: scalar up to the first whole line, two lines
// per step, then whatever is left. The hardware prefetcher keeps up with a
// plain stream; a software prefetch made the copy no faster.
HEATLAB_AVX2 void copyRowStreaming(const float* __restrict src, float* __restrict dst, int count) {
    int col = 0;
    for (; col < count && !lineAligned(dst + col); ++col) {
        dst[col] = src[col];
    }
    for (; col + 32 <= count; col += 32) {
        const __m256 a = _mm256_loadu_ps(src + col);
        const __m256 b = _mm256_loadu_ps(src + col + 8);
        const __m256 c = _mm256_loadu_ps(src + col + 16);
        const __m256 d = _mm256_loadu_ps(src + col + 24);
        _mm256_stream_ps(dst + col, a);
        _mm256_stream_ps(dst + col + 8, b);
        _mm256_stream_ps(dst + col + 16, c);
        _mm256_stream_ps(dst + col + 24, d);
    }
    for (; col < count; ++col) {
        dst[col] = src[col];
    }
}

__attribute__((target("default"))) void copyRowStreaming(const float* src, float* dst, int count) {
    copyRow(src, dst, count);
}

// One output row with streaming stores, eight vectors (four lines) per step.
// The south row, the only one not yet read by the rows before, is prefetched
// far ahead into L2 so that its memory reads overlap the arithmetic, and a
// little ahead into L1, as three rows (96 KiB at 8192 columns) do not fit
// there together. Prefetching the north and centre rows into L1 as well
// measured slower: the prefetches cost more load slots than they saved. One
// output row per pass on purpose: two make two streams of line writes, and
// interleaving them measured slower than one stream, from a few per cent (two
// lines of each row in turn) to twice the time (one line of each in turn),
// more than the loads two rows share could win back.
HEATLAB_AVX2 void updateRowStreaming(const float* __restrict north, const float* __restrict centre,
                                     const float* __restrict south, float* __restrict dst, int last,
                                     float r) {
    const __m256 rv = _mm256_set1_ps(r);
    int col = lineAlignedFrom(dst, 1, last);
    updateCells(north + 1, centre + 1, south + 1, dst + 1, col - 1, r);
    for (; col + 64 <= last; col += 64) {
        for (int line = 0; line < 64; line += 16) {
            prefetchAhead<_MM_HINT_T1>(south + col + line, kPrefetchAhead);
            prefetchAhead<_MM_HINT_T0>(south + col + line, kPrefetchL1Ahead);
        }
        __m256 v[8];
        for (int k = 0; k < 8; ++k) {
            v[k] = update8(north, centre, south, col + 8 * k, rv);
        }
        for (int k = 0; k < 8; ++k) {
            _mm256_stream_ps(dst + col + 8 * k, v[k]);
        }
    }
    updateCells(north + col, centre + col, south + col, dst + col, last - col, r);
}

__attribute__((target("default"))) void updateRowStreaming(const float* north, const float* centre,
                                                           const float* south, float* dst, int last,
                                                           float r) {
    updateRow(north, centre, south, dst, last, r);
}

// Two output rows per pass with cached stores, for fields that fit in cache:
// the centre and south rows are loaded once for both outputs (the centre of
// one is the north of the other), and both new rows are prefetched into L2.
// About 1.4x faster than one row at a time on a 2048 x 2048 field.
HEATLAB_AVX2 void updateRowPair(const float* __restrict north, const float* __restrict centre,
                                const float* __restrict south, const float* __restrict south2,
                                float* __restrict dst, float* __restrict dst2, int last, float r) {
    const __m256 rv = _mm256_set1_ps(r);
    int col = 1;
    for (; col + 8 <= last; col += 8) {
        if (((col - 1) & 15) == 0) {
            prefetchAhead<_MM_HINT_T1>(south + col, kPrefetchAhead);
            prefetchAhead<_MM_HINT_T1>(south2 + col, kPrefetchAhead);
        }
        const __m256 n = _mm256_loadu_ps(north + col);
        const __m256 c = _mm256_loadu_ps(centre + col);
        const __m256 s = _mm256_loadu_ps(south + col);
        const __m256 s2 = _mm256_loadu_ps(south2 + col);
        _mm256_storeu_ps(dst + col, heatUpdate(c, _mm256_loadu_ps(centre + col - 1),
                                               _mm256_loadu_ps(centre + col + 1), n, s, rv));
        _mm256_storeu_ps(dst2 + col, heatUpdate(s, _mm256_loadu_ps(south + col - 1),
                                                _mm256_loadu_ps(south + col + 1), c, s2, rv));
    }
    updateCellsPair(north + col, centre + col, south + col, south2 + col, dst + col, dst2 + col,
                    last - col, r);
}

__attribute__((target("default"))) void updateRowPair(const float* north, const float* centre,
                                                      const float* south, const float* south2,
                                                      float* dst, float* dst2, int last, float r) {
    updateRow(north, centre, south, dst, last, r);
    updateRow(centre, south, south2, dst2, last, r);
}

#else  // no x86 versions: the portable loops everywhere

void copyRowStreaming(const float* src, float* dst, int count) { copyRow(src, dst, count); }

void updateRowStreaming(const float* north, const float* centre, const float* south, float* dst,
                        int last, float r) {
    updateRow(north, centre, south, dst, last, r);
}

void updateRowPair(const float* north, const float* centre, const float* south, const float* south2,
                   float* dst, float* dst2, int last, float r) {
    updateRow(north, centre, south, dst, last, r);
    updateRow(centre, south, south2, dst2, last, r);
}

#endif

}  // namespace

// Rows are split statically across threads by every loop below, the copy
// included: schedule(static) hands each thread one contiguous block of rows,
// so each thread streams through its own half of memory and touches the same
// rows in every kernel, and the comparison with the floor is like for like.

void copyField(const float* in, float* out, const GridSize& grid) {
    if (copyStreams(grid)) {
#pragma omp parallel if (worthThreads(grid))
        {
#pragma omp for schedule(static) nowait
            for (int row = 0; row < grid.ny; ++row) {
                copyRowStreaming(in + at(grid, row, 0), out + at(grid, row, 0), grid.nx);
            }
            fenceStreamingStores();
        }
        return;
    }
#pragma omp parallel for schedule(static) if (worthThreads(grid))
    for (int row = 0; row < grid.ny; ++row) {
        copyRow(in + at(grid, row, 0), out + at(grid, row, 0), grid.nx);
    }
}

void stepGlobal(const float* in, float* out, const GridSize& grid, float r) {
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
#pragma omp parallel for schedule(static) if (worthThreads(grid))
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            out[c] = heatUpdate(in[c], in[c - 1], in[c + 1], in[c - nx], in[c + nx], r);
        }
    }
}

void stepThreePass(float* field, float* laplacian, float* scratch, const GridSize& grid, float r) {
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
#pragma omp parallel for schedule(static) if (worthThreads(grid))
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            laplacian[c] =
                heatLaplacian(field[c], field[c - 1], field[c + 1], field[c - nx], field[c + nx]);
        }
    }
    // Integrate: the outer half of heatUpdate.
#pragma omp parallel for schedule(static) if (worthThreads(grid))
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            scratch[c] = heatIntegrate(field[c], laplacian[c], r);
        }
    }
    // Update: the new interior becomes the current field.
#pragma omp parallel for schedule(static) if (worthThreads(grid))
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            field[c] = scratch[c];
        }
    }
}

void stepOptimised(const float* in, float* out, const GridSize& grid, float r) {
    const int last = grid.nx - 1;
    if (stencilStreams(grid)) {
#pragma omp parallel if (worthThreads(grid))
        {
#pragma omp for schedule(static) nowait
            for (int row = 1; row < grid.ny - 1; ++row) {
                updateRowStreaming(in + at(grid, row - 1, 0), in + at(grid, row, 0),
                                   in + at(grid, row + 1, 0), out + at(grid, row, 0), last, r);
            }
            fenceStreamingStores();
        }
        return;
    }
    // Cached: interior rows in pairs (a contiguous block of pairs per thread),
    // the last row alone when their count is odd.
    const int interior = grid.ny - 2;
    const int pairs = (interior + 1) / 2;
#pragma omp parallel for schedule(static) if (worthThreads(grid))
    for (int pair = 0; pair < pairs; ++pair) {
        const int row = 1 + 2 * pair;
        if (row + 1 < grid.ny - 1) {
            updateRowPair(in + at(grid, row - 1, 0), in + at(grid, row, 0),
                          in + at(grid, row + 1, 0), in + at(grid, row + 2, 0),
                          out + at(grid, row, 0), out + at(grid, row + 1, 0), last, r);
        } else {
            updateRow(in + at(grid, row - 1, 0), in + at(grid, row, 0), in + at(grid, row + 1, 0),
                      out + at(grid, row, 0), last, r);
        }
    }
}

}  // namespace heatlab::cpu
