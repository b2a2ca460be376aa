#include "kernels/cpu/cpu_temporal.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include <omp.h>

#include "kernels/cpu/cpu_rows.h"
#include "kernels/numerics/stencil.h"

namespace heatlab::cpu {

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

// Where level 0 of a periodic field reads extended index i from: inside the
// field the cell as it is (the ring holds its ghost already), else wrapped()
// (kernels/numerics/stencil.h).
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
// Indexed by column, a row is what ghostFromRows() of
// kernels/numerics/stencil.h reads its taps from, so a level's ring cells
// come out of ghostValue()'s own loop: the same bits as fillGhostRing().
template <typename T>
struct RowRef {
    T* base = nullptr;
    int origin = 0;
    T* at(int col) const { return base + (col - origin); }
    T& operator[](int col) const { return *at(col); }
};
using RowIn = RowRef<const float>;
using RowOut = RowRef<float>;

#if HEATLAB_X86_VERSIONS

// updateCells with streaming stores, for the last level: its rows go to
// memory and are not read again in this pass. A "default" twin falls back
// to updateCells where the CPU has no AVX2, GCC dispatching between them.
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

#else  // no x86 versions: the portable loop

void updateCellsStreaming(const float* north, const float* centre, const float* south, float* dst,
                          int count, float r) {
    updateCells(north, centre, south, dst, count, r);
}

#endif

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
            *dst.at(col) = ghostFromRows<float>(&self, ty, ghostTaps(col, nx, pass_.boundary));
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
        *dst.at(col) = ghostFromRows<float>(taps, ty, ghostTaps(col, nx, pass_.boundary));
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
#pragma omp parallel if (worthThreads(grid))
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
