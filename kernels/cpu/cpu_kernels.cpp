#include "kernels/cpu/cpu_kernels.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <omp.h>

#include "kernels/numerics/stencil.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#define HEATLAB_X86_VERSIONS 1
#else
#define HEATLAB_X86_VERSIONS 0
#endif

namespace heatlab::cpu {

namespace {

std::size_t at(const GridSize& g, int row, int col) {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(g.nx) + col;
}

// The size of the largest data cache, as Linux reports it for cpu0; 32 MiB
// where it cannot be read. Read once: it decides between cached and
// streaming stores below.
std::size_t lastLevelCacheBytes() {
    static const std::size_t bytes = [] {
        std::size_t found = 0;
        int foundLevel = 0;
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
            if (type != "Instruction" && level >= foundLevel) {
                found = size;
                foundLevel = level;
            }
        }
        return found > 0 ? found : std::size_t{32} << 20;
    }();
    return bytes;
}

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
bool stencilStreams(const GridSize& grid) { return 2 * grid.bytes() > lastLevelCacheBytes(); }

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
// where the CPU has no AVX2.
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

// Cells 0 .. count - 1 of `dst` from the rows around them (centre[-1] and
// centre[count] must exist): the one loop of the five-point update, which
// the single steps run over a row's interior and the temporal kernel over
// its tiles' rows, so both round alike.
HEATLAB_SIMD_CLONES
void updateCells(const float* __restrict north, const float* __restrict centre,
                 const float* __restrict south, float* __restrict dst, int count, float r) {
#pragma omp simd
    for (int col = 0; col < count; ++col) {
        dst[col] =
            heatUpdate(centre[col], centre[col - 1], centre[col + 1], north[col], south[col], r);
    }
}

// The interior of a row: columns 1 .. last - 1.
void updateRow(const float* north, const float* centre, const float* south, float* dst, int last,
               float r) {
    updateCells(north + 1, centre + 1, south + 1, dst + 1, last - 1, r);
}

// Two rows of updateCells at once: `dst` from north, centre, south and `dst2`
// from centre, south, south2, loading the two middle rows once for both (as
// updateRowPair does), with the same operands in the same order as one row.
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

#if HEATLAB_X86_VERSIONS

// AVX2 versions written with intrinsics, for what the vectoriser cannot be
// asked for: streaming stores, prefetches, and two rows sharing their loads.
// Each has a "default" twin that falls back to the portable loops above, and
// GCC dispatches between them as it does for target_clones.

#define HEATLAB_AVX2 __attribute__((target("avx2")))
#define HEATLAB_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

// heatUpdate on eight cells: the same operations in the same order, and no
// FMA (the avx2 target does not enable it), so every cell rounds as in the
// scalar loops and the other kernels, bit for bit.
HEATLAB_AVX2_INLINE __m256 heatUpdate8(__m256 centre, __m256 west, __m256 east, __m256 north,
                                       __m256 south, __m256 r) {
    const __m256 sum = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(west, east), north), south);
    const __m256 laplacian = _mm256_sub_ps(sum, _mm256_mul_ps(_mm256_set1_ps(4.0f), centre));
    return _mm256_add_ps(centre, _mm256_mul_ps(r, laplacian));
}

HEATLAB_AVX2_INLINE __m256 update8(const float* north, const float* centre, const float* south,
                                   int col, __m256 r) {
    return heatUpdate8(_mm256_loadu_ps(centre + col), _mm256_loadu_ps(centre + col - 1),
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

// updateCells with streaming stores, for the temporal kernel's last level:
// its rows go to memory and are not read again in this pass.
HEATLAB_AVX2 void updateCellsStreaming(const float* __restrict north,
                                       const float* __restrict centre,
                                       const float* __restrict south, float* __restrict dst,
                                       int count, float r) {
    const __m256 rv = _mm256_set1_ps(r);
    int col = lineAlignedFrom(dst, 0, count);
    updateCells(north, centre, south, dst, col, r);
    for (; col + 16 <= count; col += 16) {
        const __m256 a = update8(north, centre, south, col, rv);
        const __m256 b = update8(north, centre, south, col + 8, rv);
        _mm256_stream_ps(dst + col, a);
        _mm256_stream_ps(dst + col + 8, b);
    }
    updateCells(north + col, centre + col, south + col, dst + col, count - col, r);
}

__attribute__((target("default"))) void updateCellsStreaming(const float* north,
                                                             const float* centre,
                                                             const float* south, float* dst,
                                                             int count, float r) {
    updateCells(north, centre, south, dst, count, r);
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
        _mm256_storeu_ps(dst + col, heatUpdate8(c, _mm256_loadu_ps(centre + col - 1),
                                                _mm256_loadu_ps(centre + col + 1), n, s, rv));
        _mm256_storeu_ps(dst2 + col, heatUpdate8(s, _mm256_loadu_ps(south + col - 1),
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

// Streaming stores are weakly ordered: each thread fences its own before the
// barrier that ends the loop, so the next kernel (or thread) sees them.
inline void fenceStreamingStores() { _mm_sfence(); }

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

void updateCellsStreaming(const float* north, const float* centre, const float* south, float* dst,
                          int count, float r) {
    updateCells(north, centre, south, dst, count, r);
}

inline void fenceStreamingStores() {}

#endif

}  // namespace

// Rows are split statically across threads by every loop below, the copy
// included: schedule(static) hands each thread one contiguous block of rows,
// so each thread streams through its own half of memory and touches the same
// rows in every kernel, and the comparison with the floor is like for like.

void copyField(const float* in, float* out, const GridSize& grid) {
    if (copyStreams(grid)) {
#pragma omp parallel
        {
#pragma omp for schedule(static) nowait
            for (int row = 0; row < grid.ny; ++row) {
                copyRowStreaming(in + at(grid, row, 0), out + at(grid, row, 0), grid.nx);
            }
            fenceStreamingStores();
        }
        return;
    }
#pragma omp parallel for schedule(static)
    for (int row = 0; row < grid.ny; ++row) {
        copyRow(in + at(grid, row, 0), out + at(grid, row, 0), grid.nx);
    }
}

void stepGlobal(const float* in, float* out, const GridSize& grid, float r) {
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
#pragma omp parallel for schedule(static)
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            out[c] = heatUpdate(in[c], in[c - 1], in[c + 1], in[c - nx], in[c + nx], r);
        }
    }
}

void stepThreePass(float* field, float* laplacian, float* scratch, const GridSize& grid, float r) {
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
#pragma omp parallel for schedule(static)
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            laplacian[c] =
                heatLaplacian(field[c], field[c - 1], field[c + 1], field[c - nx], field[c + nx]);
        }
    }
    // Integrate: the outer half of heatUpdate.
#pragma omp parallel for schedule(static)
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            scratch[c] = heatIntegrate(field[c], laplacian[c], r);
        }
    }
    // Update: the new interior becomes the current field.
#pragma omp parallel for schedule(static)
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
#pragma omp parallel
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
#pragma omp parallel for schedule(static)
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

// The temporal-blocked kernel. Each tile stores a rectangle of the field
// after the last level, and streams down its rows two at a time: for every
// two rows it takes from `in` (level 0), it computes level 1 of the two rows
// above them, level 2 of the two above those, ... and level `levels` of the
// two `levels` rows up, into `out`. A level keeps its four newest rows, all
// that the next level's two rows read, in a small buffer that stays in cache.
// Around its rectangle a tile computes a margin that shrinks by one cell a
// level, which the neighbouring tiles compute again: the price of tiles that
// share nothing.
//
// Numerics. Every interior cell of every level is heatUpdate() of the same
// operands in the same order as stepOptimised(), and each level's ring is
// what fillGhostRing() makes of that level's interior:
//   dirichlet    the ring is data: every level reads it from `in`
//   periodic     a ring cell is the interior cell one period away, so cells
//                outside the field are read from there (wrapped) at level 0,
//                and every cell of every level is updated like an interior
//                one: a translated cell has the same operands in the same
//                order
//   insulated,   ghostValue()'s arithmetic on the level's own rows: ring
//   extrapolate  columns as soon as their row is done, the top ring row once
//                the two rows below it are, the bottom one in its turn
namespace {

// Rows a level keeps: the four rows the next level's two rows read.
constexpr int kRowSlots = 4;
// Scratch rows start on cache lines.
constexpr int kLineFloats = 16;
// Columns a tile stores. With eight levels of four rows of 16 KiB the
// scratch (528 KiB) stays in the 1 MiB L2 of the build machine. Measured at
// 8192 x 8192 and eight steps a pass on its two cores, bands of 4096
// columns were as fast as whole rows in two strips, and bands of 2048, 1024
// and 512 about 10, 25 and 45 % slower: each band reads a short piece of
// every row, which the hardware prefetcher follows less well than long ones
// (a software prefetch of the next rows gained nothing).
constexpr int kTileCols = 4096;

int slotOf(int row) { return ((row % kRowSlots) + kRowSlots) % kRowSlots; }

// Interior index 1 .. n - 2 that index i outside 0 .. n - 1 stands for under
// periodic wrapping (period n - 2).
int wrapped(int i, int n) {
    const int period = n - 2;
    int t = (i - 1) % period;
    if (t < 0) {
        t += period;
    }
    return 1 + t;
}

// Where level 0 of a periodic field reads extended index i from: inside the
// field the cell as it is (the ring holds its ghost already), else wrapped.
int periodicSource(int i, int n) { return (i >= 0 && i < n) ? i : wrapped(i, n); }

// A closed range of rows or columns.
struct Span {
    int first;
    int last;
    bool contains(int i) const { return i >= first && i <= last; }
    int size() const { return last - first + 1; }
};

// Part `part` of 0 .. n - 1 cut into `parts` nearly equal parts.
Span partOf(int n, int part, int parts) {
    const long long size = n;
    return {static_cast<int>(size * part / parts), static_cast<int>(size * (part + 1) / parts) - 1};
}

// A row of some level: base[0] is column `origin`. Rows of `in` and `out`
// start at column 0, scratch rows at the tile's first column.
template <typename T>
struct RowRef {
    T* base = nullptr;
    int origin = 0;
    T* at(int col) const { return base + (col - origin); }
};
using RowIn = RowRef<const float>;
using RowOut = RowRef<float>;

// ghostValue() of kernels/numerics/stencil.h, with the rows it reads given
// by reference (taps[a] is row ty.index[a]): the same arithmetic in the same
// order, so the same bits as fillGhostRing().
float ghostFromRows(const RowIn* taps, const GhostTaps& ty, const GhostTaps& tx) {
    float sum = 0.0f;
    for (int a = 0; a < ty.count; ++a) {
        float rowSum = 0.0f;
        for (int b = 0; b < tx.count; ++b) {
            rowSum += tx.weight[b] * *taps[a].at(tx.index[b]);
        }
        sum += ty.weight[a] * rowSum;
    }
    return sum;
}

// What every tile of a pass shares.
struct TemporalPass {
    const float* in;
    float* out;
    GridSize grid;
    float r;
    Boundary boundary;
    int levels;
    // The last level's rows are written with streaming stores where the
    // field outgrows the cache, as the optimised kernel's are: they are not
    // read again in this pass, and skipping the read for ownership saves a
    // third of the pass's memory traffic (measured 15 to 20 % faster at
    // 8192 x 8192 with two and four steps a pass).
    bool streamingStores;
};

// The rectangle a tile stores: at least three cells each way, so that it
// holds the two cells a ring cell next to it is derived from.
struct TemporalTile {
    Span cols;
    Span rows;
};

class TileStream {
public:
    TileStream(const TemporalPass& pass, const TemporalTile& tile);
    // The floats of scratch the stream needs.
    std::size_t scratchFloats() const {
        return static_cast<std::size_t>(pass_.levels) * kRowSlots * stride_;
    }
    void run(float* scratch);

private:
    // Whether a row is updated like an interior row.
    bool plainRow(int row) const { return periodic_ || (row != 0 && row != pass_.grid.ny - 1); }
    bool streamsRow(int level) const { return pass_.streamingStores && level == pass_.levels; }
    void producePair(int level, int row);
    void produce(int level, int row);
    void levelZeroRow(int row);
    Span updatedCells(int level) const;
    void stepRow(int level, int row);
    void stepPair(int level, int row);
    void finishRow(int level, int row, const RowOut& dst);
    void ringColumns(int level, int row, const RowOut& dst);
    void ghostRow(int level, int row);
    RowOut destination(int level, int row) const;
    const RowIn& rowOf(int level, int row) const { return window_[level][slotOf(row)]; }

    TemporalPass pass_;
    bool periodic_;
    bool derivedRing_;
    // The columns and rows each level computes: the tile's, widened by one
    // cell for each level still to come (clipped to the field but where
    // periodic).
    Span colSpan_[kTimeBlockMax + 1];
    Span rowSpan_[kTimeBlockMax + 1];
    int stride_;  // floats per scratch row
    float* scratch_ = nullptr;
    // The newest rows of each level, by slotOf(row).
    RowIn window_[kTimeBlockMax + 1][kRowSlots];
};

TileStream::TileStream(const TemporalPass& pass, const TemporalTile& tile)
    : pass_(pass),
      periodic_(pass.boundary == Boundary::Periodic),
      derivedRing_(pass.boundary == Boundary::Insulated || pass.boundary == Boundary::Extrapolate) {
    const int nx = pass.grid.nx;
    const int ny = pass.grid.ny;
    for (int level = 0; level <= pass.levels; ++level) {
        const int margin = pass.levels - level;
        colSpan_[level] = {tile.cols.first - margin, tile.cols.last + margin};
        rowSpan_[level] = {tile.rows.first - margin, tile.rows.last + margin};
        if (!periodic_) {
            colSpan_[level] = {std::max(colSpan_[level].first, 0),
                               std::min(colSpan_[level].last, nx - 1)};
            rowSpan_[level] = {std::max(rowSpan_[level].first, 0),
                               std::min(rowSpan_[level].last, ny - 1)};
        }
    }
    // Whole lines, and one more: rows a multiple of 4 KiB apart would make
    // loads of one row wait on stores to the same offset of another (4K
    // aliasing), and crowd into the same few sets of L1.
    stride_ = (colSpan_[0].size() + kLineFloats - 1) / kLineFloats * kLineFloats + kLineFloats;
}

void TileStream::run(float* scratch) {
    scratch_ = scratch;
    const int levels = pass_.levels;
    const int lastLoaded = rowSpan_[levels].last + levels;
    for (int loaded = rowSpan_[0].first; loaded <= lastLoaded; loaded += 2) {
        for (int level = 0; level <= levels; ++level) {
            producePair(level, loaded - level);
        }
    }
}

// Rows `row` and `row + 1` of `level`, those of them the level has: the
// two at once where both are plain (most of them: two rows share their
// loads, about 1.2x faster), else one at a time. The last level streaming
// to memory goes one row at a time: two interleaved streams of line writes
// are slower than one (as stepOptimised found).
void TileStream::producePair(int level, int row) {
    const Span rows = rowSpan_[level];
    if (level > 0 && !streamsRow(level) && rows.contains(row) && rows.contains(row + 1) &&
        plainRow(row) && plainRow(row + 1)) {
        stepPair(level, row);
        return;
    }
    for (const int one : {row, row + 1}) {
        if (rows.contains(one)) {
            produce(level, one);
        }
    }
}

// Row `row` of `level`, whose level below has rows row - 1 .. row + 1 ready.
void TileStream::produce(int level, int row) {
    if (level == 0) {
        levelZeroRow(row);
    } else if (plainRow(row)) {
        stepRow(level, row);
    } else if (pass_.boundary == Boundary::Dirichlet) {
        window_[level][slotOf(row)] = {pass_.in + static_cast<std::size_t>(row) * pass_.grid.nx, 0};
    } else if (row == pass_.grid.ny - 1) {
        ghostRow(level, row);
    }
    // Row 0 of a derived ring: finishRow() derives it once the rows below it
    // are done.
}

void TileStream::levelZeroRow(int row) {
    const int nx = pass_.grid.nx;
    const Span cols = colSpan_[0];
    const int source = periodic_ ? periodicSource(row, pass_.grid.ny) : row;
    const float* in = pass_.in + static_cast<std::size_t>(source) * nx;
    if (cols.first >= 0 && cols.last < nx) {
        window_[0][slotOf(row)] = {in, 0};
        return;
    }
    // A periodic tile reaching past the field: its row wrapped into scratch,
    // the part inside the field in one copy.
    float* dst = scratch_ + static_cast<std::size_t>(slotOf(row)) * stride_;
    const int inside0 = std::max(cols.first, 0);
    const int inside1 = std::min(cols.last, nx - 1);
    std::memcpy(dst + (inside0 - cols.first), in + inside0,
                static_cast<std::size_t>(inside1 - inside0 + 1) * sizeof(float));
    for (int col = cols.first; col < inside0; ++col) {
        dst[col - cols.first] = in[periodicSource(col, nx)];
    }
    for (int col = inside1 + 1; col <= cols.last; ++col) {
        dst[col - cols.first] = in[periodicSource(col, nx)];
    }
    window_[0][slotOf(row)] = {dst, cols.first};
}

// The last level goes straight to `out`; the others to their scratch slot.
RowOut TileStream::destination(int level, int row) const {
    if (level == pass_.levels) {
        return {pass_.out + static_cast<std::size_t>(row) * pass_.grid.nx, 0};
    }
    const std::size_t slot = static_cast<std::size_t>(level) * kRowSlots + slotOf(row);
    return {scratch_ + slot * stride_, colSpan_[0].first};
}

// The cells of a plain row that a level updates: all of them where periodic
// (ring cells are translated interior ones), else the interior.
Span TileStream::updatedCells(int level) const {
    const Span cols = colSpan_[level];
    if (periodic_) {
        return cols;
    }
    return {std::max(cols.first, 1), std::min(cols.last, pass_.grid.nx - 2)};
}

void TileStream::stepRow(int level, int row) {
    const Span cells = updatedCells(level);
    const int c = cells.first;
    const float* north = rowOf(level - 1, row - 1).at(c);
    const float* centre = rowOf(level - 1, row).at(c);
    const float* south = rowOf(level - 1, row + 1).at(c);
    const RowOut dst = destination(level, row);
    if (streamsRow(level)) {
        updateCellsStreaming(north, centre, south, dst.at(c), cells.size(), pass_.r);
    } else {
        updateCells(north, centre, south, dst.at(c), cells.size(), pass_.r);
    }
    finishRow(level, row, dst);
}

// Rows `row` and `row + 1`, both plain, as stepRow() makes each.
void TileStream::stepPair(int level, int row) {
    const Span cells = updatedCells(level);
    const int c = cells.first;
    const RowOut dst = destination(level, row);
    const RowOut dst2 = destination(level, row + 1);
    updateCellsPair(rowOf(level - 1, row - 1).at(c), rowOf(level - 1, row).at(c),
                    rowOf(level - 1, row + 1).at(c), rowOf(level - 1, row + 2).at(c), dst.at(c),
                    dst2.at(c), cells.size(), pass_.r);
    finishRow(level, row, dst);
    finishRow(level, row + 1, dst2);
}

// A plain row's ring columns, its place in the window, and the top ring row
// of a derived ring, which is derived from rows 1 and 2 (1 alone when that
// is all the interior) and read by the next level as row 1's north: it is
// made as soon as the second of them is.
void TileStream::finishRow(int level, int row, const RowOut& dst) {
    if (!periodic_) {
        ringColumns(level, row, dst);
    }
    window_[level][slotOf(row)] = {dst.base, dst.origin};
    if (derivedRing_ && row == std::min(2, pass_.grid.ny - 2) && rowSpan_[level].contains(0)) {
        ghostRow(level, 0);
    }
}

// Ring columns 0 and nx - 1 of a plain row, where the level computes them:
// Dirichlet data into scratch (`out` holds it already), or ghosts of the
// row's own interior.
void TileStream::ringColumns(int level, int row, const RowOut& dst) {
    const int nx = pass_.grid.nx;
    const RowIn self{dst.base, dst.origin};
    const GhostTaps ty = ghostTaps(row, pass_.grid.ny, pass_.boundary);
    for (const int col : {0, nx - 1}) {
        if (!colSpan_[level].contains(col)) {
            continue;
        }
        if (derivedRing_) {
            *dst.at(col) = ghostFromRows(&self, ty, ghostTaps(col, nx, pass_.boundary));
        } else if (level < pass_.levels) {
            *dst.at(col) = pass_.in[static_cast<std::size_t>(row) * nx + col];
        }
    }
}

// Ring row 0 or ny - 1 of a derived ring, from the level's rows inside it
// (corners from their ring columns' cells, as ghostValue() takes them).
void TileStream::ghostRow(int level, int row) {
    const int nx = pass_.grid.nx;
    const GhostTaps ty = ghostTaps(row, pass_.grid.ny, pass_.boundary);
    RowIn taps[2];
    for (int a = 0; a < ty.count; ++a) {
        taps[a] = rowOf(level, ty.index[a]);
    }
    const RowOut dst = destination(level, row);
    for (int col = colSpan_[level].first; col <= colSpan_[level].last; ++col) {
        *dst.at(col) = ghostFromRows(taps, ty, ghostTaps(col, nx, pass_.boundary));
    }
    window_[level][slotOf(row)] = {dst.base, dst.origin};
}

// Bands of about kTileCols columns; where there are fewer bands than
// threads, the rows are cut into strips too, so every thread has a tile, as
// long as a strip stays four times as tall as the margin it recomputes.
std::vector<TemporalTile> temporalTiles(const GridSize& grid, int levels, int threads) {
    const int bands = std::clamp((grid.nx + kTileCols - 1) / kTileCols, 1, grid.nx / 3);
    const int mostStrips = std::max(1, grid.ny / std::max(3, 4 * levels));
    const int strips = std::clamp((threads + bands - 1) / bands, 1, mostStrips);
    std::vector<TemporalTile> tiles;
    for (int strip = 0; strip < strips; ++strip) {
        for (int band = 0; band < bands; ++band) {
            tiles.push_back({partOf(grid.nx, band, bands), partOf(grid.ny, strip, strips)});
        }
    }
    return tiles;
}

// One thread's scratch, kept across passes: OpenMP's threads live as long
// as the program, and a pass should not pay for an allocation.
float* threadScratch(std::size_t floats) {
    thread_local std::vector<float> scratch;
    if (scratch.size() < floats + kLineFloats) {
        scratch.resize(floats + kLineFloats);
    }
    const std::uintptr_t address = reinterpret_cast<std::uintptr_t>(scratch.data());
    const std::uintptr_t lineBytes = kLineFloats * sizeof(float);
    const std::uintptr_t misalignment = address % lineBytes;
    const std::size_t skip = misalignment == 0 ? 0 : (lineBytes - misalignment) / sizeof(float);
    return scratch.data() + skip;
}

}  // namespace

void stepTemporal(const float* in, float* out, const GridSize& grid, float r, Boundary boundary,
                  int levels) {
    const TemporalPass pass{in, out, grid, r, boundary, levels, stencilStreams(grid)};
    const std::vector<TemporalTile> tiles = temporalTiles(grid, levels, omp_get_max_threads());
    const int count = static_cast<int>(tiles.size());
#pragma omp parallel
    {
#pragma omp for schedule(static) nowait
        for (int i = 0; i < count; ++i) {
            TileStream stream(pass, tiles[static_cast<std::size_t>(i)]);
            stream.run(threadScratch(stream.scratchFloats()));
        }
        fenceStreamingStores();
    }
}

}  // namespace heatlab::cpu
